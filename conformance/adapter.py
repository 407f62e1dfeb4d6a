"""The adapter interface: what an engine must answer so that every rule can be checked.

An engine is wrapped by an object satisfying :class:`Adapter`. The harness knows engines only
through this interface; the reference engine, Python engines (``python:MODULE:ATTR``) and
subprocess engines speaking the JSON-lines protocol (``cmd:COMMAND ARGS…``) all look alike.

Two families of requests, so both shapes of real engine can be wrapped:

- **Replay** (capability ``replay``): a deal plus the actions so far; the engine applies them in
  order and answers which were accepted, the first rejection (and the rule it names, with
  capability ``rule-ids``), the legal actions now, the tricks, and the outcome once scored.
- **Direct queries**, for rules libraries without a game flow: ``trick-winner``,
  ``legal-plays``, ``callable-cards``, ``score``, ``card-points``; and ``session`` for
  multi-hand replays (rotation, doublers, totals).

Every request carries the variant options it is asked under (one option per axis of
``spec/variants.yaml``). An adapter declares in :class:`EngineInfo` the capabilities and the
options it supports; the runner reports a test it cannot serve as *unsupported*, never failed.

All values are plain data in the vocabulary of ``spec/hand-records.md``: seats ``S1``…``S5``,
canonical card codes (``QC``, ``TD``, ``7H``), action texts (``S1 pass``, ``S3 bury KH 7C``,
``S3 call AH``, ``S3 call AS under 8D``, ``S3 alone``, ``S1 play QC``), so that the same
requests and responses travel unchanged over the subprocess protocol.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from sheepshead_spec.record_actions import Deal
from sheepshead_spec.records import NOT_TURN_VERBS, RAISE_VERBS

__all__ = [
    "NOT_TURN_VERBS",
    "RAISE_VERBS",
    "Adapter",
    "AdapterError",
    "CallableCardsRequest",
    "CallableCardsResponse",
    "Capability",
    "CardPointsRequest",
    "Deal",
    "EngineInfo",
    "HandOutcome",
    "LegalPlaysRequest",
    "Rejection",
    "ReplayRequest",
    "ReplayResponse",
    "ScoreRequest",
    "ScoreResponse",
    "SessionRequest",
    "SessionResponse",
    "TrickRecord",
    "TrickWinnerRequest",
    "Unsupported",
    "action_key",
    "canonical_action",
]

Options = Mapping[str, str]
"""Variant options: ``{axis-id: option-id}`` for every axis of ``spec/variants.yaml``."""


class Capability(str, enum.Enum):
    """A named group of requests an engine may answer."""

    REPLAY = "replay"
    """Replay a deal and actions: acceptance, legal actions, tricks, outcome."""
    DEAL_FROM_DECK = "deal-from-deck"
    """Replay requests may give a 32-card pack order instead of dealt hands; the engine deals it."""
    PROCEDURE = "procedure"
    """Table procedure (area ``procedure``): a revoke (``S3 revoke 7C``, a play the rules forbid)
    is accepted as unnoticed and, once claimed (``S4 claim``), ends the hand with its penalty."""
    RULE_IDS = "rule-ids"
    """Rejections name the rule ID of ``spec/rules.yaml`` that the action breaks."""
    SESSION = "session"
    """Replay several hands in sequence: stakes, dealer rotation, cumulative totals."""
    TRICK_WINNER = "trick-winner"
    """Which card of a (partial) trick wins it."""
    LEGAL_PLAYS = "legal-plays"
    """The legal cards in a described position."""
    CALLABLE_CARDS = "callable-cards"
    """The cards a picker may call, given the hand and the bury."""
    SCORE = "score"
    """The outcome class and score changes of a described result."""
    CARD_POINTS = "card-points"
    """The card points of a set of cards."""
    STEPS = "steps"
    """Play a hand step by step over the protocol (``start``, ``apply``, ``result`` messages): the
    harness replays records itself (:mod:`conformance.kit.steps`) and offers ``replay`` for it."""

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class EngineInfo:
    """What an engine says about itself (the handshake)."""

    name: str
    version: str
    capabilities: frozenset[Capability]
    options: Mapping[str, tuple[str, ...]]
    """The options the engine plays, per axis: usually exactly one, since most engines have fixed
    rules. An empty tuple, or an axis missing here, means the engine plays none of the listed
    options on that axis (say what it plays instead in :attr:`unlisted`)."""
    homepage: str | None = None
    unlisted: Mapping[str, str] = field(default_factory=dict)
    """``{axis-id: what the engine plays instead}`` for axes where it plays none of the listed
    options, e.g. ``{"all-pass": "plays a schwanzer when all pass"}``."""

    def names(self, axis: str) -> bool:
        """Whether the handshake names ``axis`` (in :attr:`options` or :attr:`unlisted`); an axis
        it leaves out is played at its default and never sent (PROTOCOL.md 5.1)."""
        return axis in self.options or axis in self.unlisted

    def supports(self, options: Options, defaults: Options | None = None) -> list[str]:
        """The ``axis=option`` choices of ``options`` this engine does not support (empty: all).

        :param defaults: each axis's default: on an axis the handshake leaves out, only the
            default is supported (without ``defaults``, such an axis is not checked).
        """
        unsupported = []
        for axis, option in sorted(options.items()):
            if not self.names(axis):
                if defaults is not None and option != defaults.get(axis, option):
                    unsupported.append(f"{axis}={option}")
            elif option not in self.options.get(axis, ()):
                unsupported.append(f"{axis}={option}")
        return unsupported

    def sent(self, options: Options) -> dict[str, str]:
        """``options`` as the engine is sent them: without the axes its handshake leaves out."""
        return {axis: option for axis, option in options.items() if self.names(axis)}


@dataclass(frozen=True)
class ReplayRequest:
    """Apply ``actions`` in order to a fresh hand; stop at the first rejected action."""

    options: Options
    deal: Deal
    actions: tuple[str, ...]
    stakes: int = 1
    """Doubler multiplier the hand is played for."""
    tie_break: str | None = None
    """Under ``leaster-tie: random``, the seat a table's draw picked should the leaster end in a
    tie (a record's ``tie_break``). An engine that draws for itself may ignore it."""


@dataclass(frozen=True)
class Rejection:
    """The first action the engine refused."""

    index: int
    """Index into the request's actions."""
    rule: str | None = None
    """The rule ID it breaks (engines with capability ``rule-ids``)."""
    message: str = ""


@dataclass(frozen=True)
class TrickRecord:
    """A finished trick."""

    leader: str
    cards: tuple[str, ...]
    winner: str | None
    """The seat that took the trick (``None``: the engine does not say; then it is not checked)."""
    points: int | None
    """The trick's card points (``None``: the engine does not say)."""


@dataclass(frozen=True)
class HandOutcome:
    """The result of a finished hand (any field an engine cannot say may be ``None``)."""

    kind: str
    """``win``, ``schneider``, ``all-tricks``, ``loss``, ``schneidered``, ``no-tricks``,
    ``leaster``, ``redeal`` or ``doubler``."""
    scores: Mapping[str, int]
    """Score change per seat."""
    picker: str | None = None
    partner: str | None = None
    picker_side_points: int | None = None
    picker_side_tricks: int | None = None
    defender_points: int | None = None
    defender_tricks: int | None = None
    seat_points: Mapping[str, int] | None = None
    seat_tricks: Mapping[str, int] | None = None
    leaster_winner: str | None = None
    """In a leaster, the seat that won it; ``None`` for no single winner (a tie), or when the
    engine cannot say: scores that make a winner (:meth:`names_no_leaster_winner`) tell the two apart."""
    leaster_tied: tuple[str, ...] | None = None
    """In a leaster, the seats that tied for the fewest points (``None``: no tie, or the engine
    does not say). The reference says; the fuzzer uses it to accept another engine's draw."""

    def names_no_leaster_winner(self) -> bool:
        """Whether a ``None`` :attr:`leaster_winner` means "nobody won": the scores (when given)
        give no single seat the best gain (a tie without exchange scores nothing, a split tie
        gives two seats the same gain); when one seat gains most, the engine just did not say."""
        if self.leaster_winner is not None or self.scores is None:
            return False
        best = max(self.scores.values(), default=0)
        return best <= 0 or sum(1 for value in self.scores.values() if value == best) != 1

    def leaster_winner_seen(self) -> str | None:
        """The leaster's winner as the engine says it, or, when it does not, the one seat whose
        scores gain most (``None``: no single winner)."""
        if self.leaster_winner is not None or not self.scores or self.names_no_leaster_winner():
            return self.leaster_winner
        best = max(self.scores.values())
        return next(seat for seat, value in self.scores.items() if value == best)


@dataclass(frozen=True)
class ReplayResponse:
    """What happened when the actions were applied."""

    applied: int
    """How many actions were accepted (all of them unless ``rejected``)."""
    rejected: Rejection | None = None
    turn: str | None = None
    """The seat to act after the accepted actions (None once the hand is over)."""
    phase: str | None = None
    """``auction``, ``bury``, ``call``, ``play`` or ``scored``."""
    legal: tuple[str, ...] | None = None
    """Every legal action now, as action texts (None once the hand is over)."""
    tricks: tuple[TrickRecord, ...] = ()
    outcome: HandOutcome | None = None
    partner: str | None = None
    """Before the end, the partner once the called card has fallen (``None``: not yet, or the
    engine does not say): a record that stops early has its ``partner`` checked with it."""


@dataclass(frozen=True)
class SessionRequest:
    """Replay hands in order under one set of options (``session`` capability)."""

    options: Options
    hands: tuple[tuple[Deal, tuple[str, ...]], ...]
    """Each hand's deal (its dealer included) and actions."""
    tie_breaks: tuple[str | None, ...] = ()
    """Each hand's draw for a leaster tie, as :attr:`ReplayRequest.tie_break` (empty: none)."""


@dataclass(frozen=True)
class SessionResponse:
    """Per-hand results and the running totals."""

    hands: tuple[ReplayResponse, ...]
    totals: Mapping[str, int]
    rejected_hand: int | None = None
    """Index of a hand refused as a whole (e.g. dealt by the wrong seat)."""
    rule: str | None = None


@dataclass(frozen=True)
class TrickWinnerRequest:
    """Which card wins a trick of 1-5 cards in play order (the first led)."""

    options: Options
    cards: tuple[str, ...]
    called: str | None = None
    """The called card, when the trick rule depends on it (a called ten under ``wins-suit`` or
    ``until-led``)."""
    under: str | None = None
    """The under card, which never wins and counts as the called suit."""
    called_suit_led: bool = False
    """Whether the called suit was led in an earlier trick (a called ten under ``until-led`` ranks
    as any ten in a later trick of its suit). Sent to an engine only when true."""


@dataclass(frozen=True)
class LegalPlaysRequest:
    """The legal cards of the seat to play in a described position."""

    options: Options
    hand: tuple[str, ...]
    trick: tuple[str, ...]
    """Cards already played to this trick, the led card first (empty: the seat leads)."""
    trick_number: int
    """1-6."""
    role: str
    """``picker``, ``partner``, ``defender`` or ``leaster`` (nobody picked)."""
    called: str | None = None
    under: str | None = None
    called_suit_led: bool = False
    """Whether the called suit was led in an earlier trick."""


@dataclass(frozen=True)
class CallableCardsRequest:
    """The calls open to a picker holding ``hand`` who buried ``buried`` (empty under call-then-bury)."""

    options: Options
    hand: tuple[str, ...]
    buried: tuple[str, ...] = ()


@dataclass(frozen=True)
class CallableCardsResponse:
    """``calls``: callable cards; ``under``: aces callable with an under card; alone is always open."""

    calls: tuple[str, ...]
    under: tuple[str, ...] = ()


@dataclass(frozen=True)
class ScoreRequest:
    """Score a described result of a hand with a picker."""

    options: Options
    picker_side_trick_points: int
    """Card points the picker's side took in tricks (the bury not included)."""
    bury_points: int
    picker_side_tricks: int
    alone: bool = False
    stakes: int = 1


@dataclass(frozen=True)
class ScoreResponse:
    """The outcome class and the score changes by role."""

    kind: str
    picker: int
    partner: int
    """0 when alone."""
    defender: int
    """Each defender's change."""
    picker_side_points: int | None = None
    """Card points credited to the picker's side (bury per ``bury-on-no-trick``)."""


@dataclass(frozen=True)
class CardPointsRequest:
    """The card points of some cards."""

    cards: tuple[str, ...]


def action_key(text: str) -> tuple[str, ...]:
    """A comparison key for an action text: a bury's cards in any order compare equal.

    >>> action_key("S3 bury KH 7C") == action_key("S3 bury 7C KH")
    True
    """
    words = text.split()
    if len(words) > 2 and words[1] == "bury":
        return (*words[:2], *sorted(words[2:]))
    return tuple(words)


def canonical_action(text: str) -> str:
    """An action text in one spelling: single spaces, a bury's cards sorted.

    >>> canonical_action("S3  bury KH 7C")
    'S3 bury 7C KH'
    """
    if "bury" not in text and "  " not in text and text == text.strip():
        return text  # the common case, on the fuzzer's hot path
    return " ".join(action_key(text))


class Unsupported(Exception):
    """Raised by an adapter for a request it cannot serve; reported as *unsupported*."""


class AdapterError(Exception):
    """The engine failed to answer (crashed, timed out, answered out of protocol).

    :attr:`kind` is a stable kebab-case code (``crash``, ``timeout``, ``bad-reply``,
    ``engine-error``, ``protocol-version``) and :attr:`detail` carries e.g. captured stderr.
    """

    def __init__(self, kind: str, message: str, *, detail: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.detail = detail


@runtime_checkable
class Adapter(Protocol):
    """An engine as the harness sees it. Methods of capabilities not declared in :meth:`info`
    are never called; any may raise :class:`Unsupported` or :class:`AdapterError`."""

    def info(self) -> EngineInfo: ...

    def replay(self, request: ReplayRequest) -> ReplayResponse: ...

    def session(self, request: SessionRequest) -> SessionResponse: ...

    def trick_winner(self, request: TrickWinnerRequest) -> int:
        """Index (0-based, in play order) of the winning card."""
        ...

    def legal_plays(self, request: LegalPlaysRequest) -> tuple[str, ...]: ...

    def callable_cards(self, request: CallableCardsRequest) -> CallableCardsResponse: ...

    def score(self, request: ScoreRequest) -> ScoreResponse: ...

    def card_points(self, request: CardPointsRequest) -> int: ...

    def close(self) -> None:
        """Release the engine (end a subprocess); called once at the end of a run."""
        ...
