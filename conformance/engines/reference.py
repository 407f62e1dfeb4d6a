"""The reference engine as an in-process adapter, through the protocol messages.

Every request is encoded to its protocol message, answered by
:func:`reference_impl.server.handle_request` (the same function ``python -m reference_impl``
serves) and decoded again, so the default engine exercises exactly what a subprocess engine
sees, without a process.

>>> from conformance.adapter import CardPointsRequest
>>> adapter = ReferenceAdapter(validate=True)
>>> adapter.info().name
'sheepshead-reference'
>>> adapter.card_points(CardPointsRequest(cards=("AS", "TS", "QC")))
24
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from conformance.adapter import AdapterError, Capability, Deal, EngineInfo, HandOutcome, LegalPlaysRequest
from conformance.engines.protocol import PROTOCOL_VERSION, decode_hello, hello_message, validation_default
from conformance.engines.protocol_adapter import ProtocolAdapter
from conformance.kit.steps import Step, StepResult, StepTrick
from reference_impl.cards import CARDS, Card, parse_card
from reference_impl.errors import IllegalActionError, InvalidActionError
from reference_impl.hand import Action, Hand, Phase, parse_seat, seat_name
from reference_impl.profile import Profile, axes_read
from reference_impl import queries
from reference_impl.server import handle_request

__all__ = ["ReferenceAdapter", "ReferenceSteps"]


class ReferenceAdapter(ProtocolAdapter):
    """The reference engine, in this process.

    :param validate: check every request and reply against the protocol schemas (a self-check
        of the harness and the reference server; off by default for speed, on when
        ``$SHEEPSHEAD_PROTOCOL_VALIDATE`` is ``1``).
    """

    def __init__(self, *, validate: bool | None = None) -> None:
        super().__init__(validate=validation_default() if validate is None else validate)
        version, info = decode_hello(handle_request(hello_message()), validate=self.validate)
        if version != PROTOCOL_VERSION:  # pragma: no cover - the two sides ship together
            raise AdapterError("protocol-version", f"reference server speaks {version}, harness {PROTOCOL_VERSION}")
        self._info = info

    def info(self) -> EngineInfo:
        """The reference engine's handshake answer: every capability and every option."""
        return self._info

    def _exchange(self, request_id: int, kind: str, message: dict[str, Any]) -> Any:
        return handle_request(message)

    def consulted_axes(self) -> contextlib.AbstractContextManager[set[str]]:
        """The axes the engine reads while the block runs (an optional adapter extension, used by
        the dependence gate: an axis a run never reads cannot change it)."""
        return axes_read()


@functools.lru_cache(maxsize=4096)
def _action_text(action: Action) -> str:
    """An action's text (the same few hundred actions recur in every hand: cached)."""
    return str(action)


@functools.lru_cache(maxsize=4096)
def _parsed(text: str) -> Action:
    return Action.parse(text)


_ACCEPTED = Step.accept()

_PLAYS: list[list[tuple[str, Action]]] = [[]] + [
    [(str(Action.play(seat, card)), Action.play(seat, card)) for card in CARDS] for seat in range(1, 6)
]
"""``_PLAYS[seat][card]``: the text and the action of that seat playing that card."""

_SEAT_NAMES = ("", *(seat_name(seat) for seat in range(1, 6)))

_DEALT: dict[str, Card] = {str(card): card for card in CARDS}
"""Card codes as the fuzzer and the harness spell them (anything else is parsed)."""


@functools.lru_cache(maxsize=256)
def _profile(options: tuple[tuple[str, str], ...]) -> Profile:
    return Profile.named("standard").with_options(dict(options))


def _card(text: str) -> Card:
    card = _DEALT.get(text)
    return card if card is not None else parse_card(text)


def _seats(values: Sequence[int] | None) -> dict[str, int] | None:
    return None if values is None else {seat_name(i + 1): v for i, v in enumerate(values)}


class ReferenceSteps:
    """The reference engine as a :class:`~conformance.kit.steps.StepEngine`, in this process and
    without protocol messages: the fuzzer's oracle (a hand costs tens of microseconds)."""

    def __init__(self) -> None:
        self.hand: Hand | None = None
        self._legal: dict[str, Action] = {}
        """The last legal actions by text, until the next action: applied without verifying again."""

    def info(self) -> EngineInfo:
        base = ReferenceAdapter().info()
        return dataclasses.replace(
            base, name="reference-steps", capabilities=frozenset({Capability.RULE_IDS, Capability.DEAL_FROM_DECK})
        )

    def start(self, deal: Deal, options: Mapping[str, str]) -> None:
        profile = _profile(tuple(sorted(options.items())))
        dealer = parse_seat(deal.dealer)
        if deal.deck is not None:
            self.hand = Hand.from_deck(profile, dealer, [_card(c) for c in deal.deck])
        else:
            hands = [[_card(c) for c in deal.hands[f"S{i}"]] for i in range(1, 6)]
            self.hand = Hand.from_hands(profile, dealer, hands, [_card(c) for c in deal.blind])
        self._legal = {}

    def _hand(self) -> Hand:
        assert self.hand is not None
        return self.hand

    def turn(self) -> str | None:
        turn = self._hand().turn
        return None if turn is None else _SEAT_NAMES[turn]

    def legal_actions(self) -> list[str]:
        hand = self._hand()
        if hand.phase is Phase.PLAY:  # the hot path: the table of plays, no Action built
            plays = _PLAYS[hand.turn or 0]
            legal: dict[str, Action] = {}
            mask = hand.legal_play_mask()
            while mask:
                low = mask & -mask
                text, action = plays[low.bit_length() - 1]
                legal[text] = action
                mask ^= low
            if hand.profile.cracking != "off":  # the window's cracks and blitzes, before the first card
                legal.update((_action_text(action), action) for action in hand.window_actions())
            legal.update((_action_text(action), action) for action in hand.claim_actions())
            self._legal = legal
        else:
            self._legal = {_action_text(action): action for action in hand.legal_actions()}
        return list(self._legal)

    def apply(self, action: str) -> Step:
        legal = self._legal.get(action)
        self._legal = {}
        if legal is not None:
            self._hand().apply_legal(legal)
            return _ACCEPTED
        try:
            self._hand().apply(_parsed(action))
        except IllegalActionError as error:
            return Step.reject(error.reason, error.rule_id)
        except InvalidActionError as error:
            return Step.reject(str(error))
        return Step.accept()

    def result(self) -> StepResult:
        hand = self._hand()
        tricks = [StepTrick(seat_name(t.winner), t.points) for t in hand.tricks]
        outcome = hand.outcome
        if outcome is None:
            return StepResult(tricks, over=False)
        picker = outcome.picker is not None
        thrown_in = outcome.kind.value in ("redeal", "doubler", "schwanzer")  # not played
        return StepResult(
            tricks,
            over=True,
            outcome=HandOutcome(
                kind=outcome.kind.value,
                scores=_seats(outcome.scores) or {},
                picker=None if outcome.picker is None else seat_name(outcome.picker),
                partner=None if outcome.partner is None else seat_name(outcome.partner),
                picker_side_points=outcome.picker_side_points if picker else None,
                picker_side_tricks=outcome.picker_side_tricks if picker else None,
                defender_points=outcome.defender_points if picker else None,
                defender_tricks=outcome.defender_tricks if picker else None,
                seat_points=None if thrown_in else _seats(outcome.seat_points),
                seat_tricks=None if thrown_in else _seats(outcome.seat_tricks),
                leaster_winner=None if outcome.leaster_winner is None else seat_name(outcome.leaster_winner),
                leaster_tied=tuple(seat_name(seat) for seat in outcome.leaster_tied) or None,
            ),
        )


def _reached(deal: Deal, options: Mapping[str, str], actions: Sequence[str]) -> ReferenceSteps | None:
    """The reference engine after ``actions`` on ``deal`` under ``options`` (``None``: one of them
    is not legal, or malformed): the moment the blame oracle below reads."""
    steps = ReferenceSteps()
    try:
        steps.start(deal, options)
        if all(steps.apply(earlier).accepted for earlier in actions):
            return steps
    except (InvalidActionError, ValueError, KeyError):
        pass
    return None


def permitting_rule(deal: Deal, options: Mapping[str, str], actions: Sequence[str], action: str) -> str | None:
    """The rule that makes ``action`` legal after ``actions`` on ``deal`` under ``options``, as the
    reference engine reads the moment (:meth:`reference_impl.hand.Hand.permitting_rule`): what an
    engine refusing that legal play gets wrong. ``None``: not a legal play there, or the
    earlier actions are not all legal."""
    steps = _reached(deal, options, actions)
    try:
        return None if steps is None else steps._hand().permitting_rule(_parsed(action))
    except (InvalidActionError, ValueError, KeyError):
        return None


def permitting_rule_steps(deal: Deal, options: Mapping[str, str], actions: Sequence[str]) -> set[str]:
    """The rule that made each play of ``actions`` legal at its moment, as the reference plays the
    hand through (the fuzzer's rules-reached table); the replay stops at an action it refuses."""
    steps = ReferenceSteps()
    found: set[str] = set()
    steps.start(deal, options)
    for action in actions:
        if " play " in action:
            try:
                rule = steps._hand().permitting_rule(_parsed(action))
            except (InvalidActionError, ValueError, KeyError):
                rule = None
            if rule:
                found.add(rule)
        if not steps.apply(action).accepted:
            break
    return found


def legal_actions(deal: Deal, options: Mapping[str, str], actions: Sequence[str]) -> tuple[str, ...] | None:
    """Every legal action after ``actions`` on ``deal`` under ``options``, as the reference engine
    lists them (``None``: an earlier action is not legal)."""
    steps = _reached(deal, options, actions)
    return None if steps is None else tuple(steps.legal_actions())


def forbidding_rule(deal: Deal, options: Mapping[str, str], actions: Sequence[str], action: str) -> str | None:
    """The rule ``action`` breaks after ``actions`` on ``deal`` under ``options`` (the first the
    reference engine names), or ``None`` when it is legal there or an earlier action is not."""
    steps = _reached(deal, options, actions)
    try:
        if steps is not None:
            steps._hand().verify(_parsed(action))
    except IllegalActionError as error:
        return error.rule_id
    except (InvalidActionError, ValueError, KeyError):
        pass
    return None


def play_violations(request: LegalPlaysRequest, card: str) -> tuple[str, ...]:
    """The rules that playing ``card`` breaks in the described position of ``request``, as the
    reference engine reads them (the first is the one it names; ``()``: a legal play or a
    description it cannot read). For explanations only (``ask``), never as an expectation."""
    try:
        return tuple(
            queries.play_violations(
                _profile(tuple(sorted(request.options.items()))),
                [_card(c) for c in request.hand],
                [_card(c) for c in request.trick],
                request.trick_number,
                request.role,
                _card(card),
                None if request.called is None else _card(request.called),
                None if request.under is None else _card(request.under),
                request.called_suit_led,
            )
        )
    except (InvalidActionError, ValueError, KeyError):
        return ()


class IrregularDealRuling(NamedTuple):
    """The reference engine's ruling on an irregular deal."""

    misdeal: bool
    """Whether the cards are thrown in (nothing is scored)."""
    deals_next: str
    """The seat that deals next: again after a misdeal, else the next hand."""
    rule_id: str
    why: str


def rule_on_irregular_deal(
    kind: str, dealer: str, *, exposed_by: str | None = None, due: str | None = None, noticed: str | None = None
) -> IrregularDealRuling:
    """The reference engine's ruling on an irregular deal (seats ``S1``-``S5``); for ``check`` of
    an irregularity record, since the protocol has no request for one.

    :raises ValueError: the reference cannot rule on it (an unknown kind, a missing field).
    """
    from reference_impl.irregularities import rule_on_irregular_deal as rule

    try:
        ruling = rule(
            kind,
            dealer=parse_seat(dealer),
            exposed_by=exposed_by,
            due=None if due is None else parse_seat(due),
            noticed=noticed,
        )
    except InvalidActionError as error:
        raise ValueError(str(error)) from None
    return IrregularDealRuling(ruling.misdeal, seat_name(ruling.deals_next), ruling.rule_id, ruling.why)
