"""Hand records (``spec/hand-records.md``): load, replay and write whole hands as YAML.

>>> record = loads('''
... format: sheepshead-hand/1
... dealer: S5
... deal: {deck: [QC, QS, QH, QD, JC, JS, JH, JD, AD, TD, KD, 9D, 8D, 7D, AC, TC, KC, 9C,
...                8C, 7C, AS, TS, KS, 9S, 8S, 7S, AH, TH, KH, 9H, 8H, 7H]}
... auction: [S1 pass, S2 pass, S3 pass, S4 pass, S5 pass]
... ''', profile_override="redeal")
>>> replay(record).hand.outcome.kind
<OutcomeKind.REDEAL: 'redeal'>
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sheepshead_spec.record_actions import (
    Deal,
    deal_fields,
    plan_body,
    record_fields,
    record_text,
    result_fields,
    tie_break_fields,
)

from reference_impl.cards import Card, cards_of, parse_card
from reference_impl.errors import IllegalActionError, InvalidActionError, SheepsheadError
from reference_impl.hand import Action, Hand, Phase, parse_seat, seat_name
from reference_impl.profile import Profile
from reference_impl.session import Session

__all__ = [
    "HandRecord",
    "RecordError",
    "ReplayResult",
    "SessionRecord",
    "SessionResult",
    "dump",
    "dumps",
    "hand_to_record",
    "iter_replay",
    "load",
    "load_session",
    "loads",
    "loads_session",
    "record_from_data",
    "replay",
    "replay_session",
]

HAND_FORMAT = "sheepshead-hand/1"
SESSION_FORMAT = "sheepshead-session/1"


class RecordError(SheepsheadError):
    """A hand record that cannot be read: each problem is ``file:line: path: message``."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(self.problems) if self.problems else "invalid hand record")


@dataclass(frozen=True)
class HandRecord:
    """A hand record, read and normalised (cards parsed, actions in replay order)."""

    profile: Profile
    dealer: int
    hands: tuple[int, int, int, int, int]
    """The dealt hands as card masks (index 0 is S1)."""
    blind: int
    actions: tuple[Action, ...]
    """Auction, bury and call (in the profile's order), the cracks, then the plays."""
    deck: tuple[Card, ...] | None = None
    """The pack order, when the record gave one."""
    expect: Mapping[str, Any] = field(default_factory=dict)
    """The raw ``expect`` mapping (variant tables unresolved)."""
    id: str | None = None
    description: str | None = None
    rules: tuple[str, ...] = ()
    file: str = "<record>"
    action_lines: tuple[int, ...] = ()
    """The 1-based line of each action in :attr:`file` (0 when unknown)."""
    data: Mapping[str, Any] = field(default_factory=dict, repr=False)
    """The record as read."""
    tie_break: int | None = None
    """The seat the table's draw picked for a leaster tie (``tie_break.seat``; ``leaster.tie``)."""

    def new_hand(self, *, stakes: int = 1) -> Hand:
        """A fresh hand at the deal of this record."""
        hand = Hand(self.profile, self.dealer, self.hands, self.blind, stakes=stakes)
        hand.tie_break = self.tie_break
        return hand


@dataclass
class ReplayResult:
    """What replaying a record gave: the hand as far as it got, and the first illegal action."""

    hand: Hand
    applied: int
    """How many actions were applied."""
    error: IllegalActionError | None = None
    failed_action: Action | None = None
    failed_line: int = 0

    @property
    def complete(self) -> bool:
        return self.error is None and self.hand.phase is Phase.SCORED


def load(path: str | Path, *, profile_override: str | Profile | None = None) -> HandRecord:
    """Read and validate a hand record file.

    :param profile_override: replay under this profile instead of the record's own
        (the record's ``variants`` overrides still apply on top).
    :raises RecordError: the file is not a valid hand record (problems name file:line).
    """
    return _hand(_read(path=Path(path)), profile_override)


def loads(text: str, *, file: str = "<string>", profile_override: str | Profile | None = None) -> HandRecord:
    """Read and validate a hand record from YAML text (see :func:`load`)."""
    return _hand(_read(text=text, file=file), profile_override)


def _read(*, path: Path | None = None, text: str = "", file: str = "<string>") -> Any:
    """The record, read and checked by the format's one reader (:mod:`sheepshead_spec.records`).

    :raises RecordError: every problem, each with ``file:line``.
    """
    from sheepshead_spec import SpecError, load_spec
    from sheepshead_spec.records import RecordProblems, load_record, parse_record

    try:
        spec = load_spec()
        return load_record(path, spec) if path is not None else parse_record(text, spec, file=file)
    except RecordProblems as error:
        raise RecordError([str(p) for p in error.problems] or [str(error)]) from None
    except SpecError as error:
        raise RecordError([f"the spec does not load: {error}"]) from None


def _format(record: Any, format_id: str) -> Any:
    if record.data.get("format") != format_id:
        raise RecordError([f"{record.where(['format'])}: format: format must be {format_id!r}"])
    return record


def _hand(record: Any, profile_override: str | Profile | None) -> HandRecord:
    record = _format(record, HAND_FORMAT)
    return record_from_data(record.data, file=record.file, line_of=record.line_of, profile_override=profile_override)


def record_from_data(
    data: Mapping[str, Any],
    *,
    file: str = "<record>",
    line_of: Any = None,
    profile_override: str | Profile | None = None,
    prefix: Sequence[Any] = (),
) -> HandRecord:
    """Normalise a schema-valid hand record (or a session's hand body) into a :class:`HandRecord`.

    :param line_of: maps a path (list of keys and indexes) to a line, for messages.
    :param prefix: the path of this hand inside the document (a session's ``hands[i]``).
    :raises RecordError: a semantic problem (unknown profile, repeated card, ...).
    """

    def line(path: Sequence[Any]) -> int:
        """The line of a document path (``prefix`` included)."""
        return int(line_of(list(path))) if line_of is not None else 0

    def fail(message: str, *path: Any) -> RecordError:
        where = f"{file}:{line([*prefix, *path])}" if line_of is not None else file
        dotted = ".".join(str(p) for p in (*prefix, *path))
        return RecordError([f"{where}: {dotted}: {message}" if dotted else f"{where}: {message}"])

    try:
        if isinstance(profile_override, Profile):
            profile = profile_override
        else:
            profile = Profile.named(profile_override or data.get("profile", "standard"))
        profile = profile.with_options(data.get("variants") or {})
    except InvalidActionError as error:
        raise fail(str(error), "profile") from None
    try:
        dealer = parse_seat(str(data["dealer"]))
        deal = data["deal"]
        deck: tuple[Card, ...] | None = None
        if "deck" in deal:
            deck = tuple(parse_card(str(c)) for c in deal["deck"])
            hand = Hand.from_deck(profile, dealer, deck)
            hands, blind = hand.dealt_hands, hand.blind
        else:
            hand = Hand.from_hands(
                profile,
                dealer,
                [[parse_card(str(c)) for c in deal["hands"][seat_name(s)]] for s in range(1, 6)],
                [parse_card(str(c)) for c in deal["blind"]],
            )
            hands, blind = hand.dealt_hands, hand.blind
    except InvalidActionError as error:
        raise fail(str(error), "deal") from None

    plan = plan_body(data, tuple(prefix), {"call-timing": profile.call_timing}, line)
    try:  # the planner wrote the protocol texts; an unreadable one is a reader's miss, said with its line
        actions = [Action.parse(text) for text in plan.actions]
        tie_break = parse_seat(plan.tie_break) if plan.tie_break is not None else None
    except InvalidActionError as error:
        raise fail(str(error)) from None
    lines = list(plan.lines)

    return HandRecord(
        profile=profile,
        dealer=dealer,
        hands=(hands[0], hands[1], hands[2], hands[3], hands[4]),
        blind=blind,
        actions=tuple(actions),
        deck=deck,
        expect=data.get("expect") or {},
        id=data.get("id"),
        description=data.get("description"),
        rules=tuple(data.get("rules") or ()),
        file=file,
        action_lines=tuple(lines),
        data=data,
        tie_break=tie_break,
    )


def iter_replay(record: HandRecord, *, stakes: int = 1) -> Iterator[tuple[Hand, Action]]:
    """Yield ``(hand, action)`` after each action is applied (the hand is the live state).

    :raises IllegalActionError: at the first illegal action (the hand stays before it).
    """
    hand = record.new_hand(stakes=stakes)
    for action in record.actions:
        hand.apply(action)
        yield hand, action


def replay(record: HandRecord, *, stakes: int = 1) -> ReplayResult:
    """Replay every action; stop at the first illegal one and report it."""
    hand = record.new_hand(stakes=stakes)
    for index, action in enumerate(record.actions):
        try:
            hand.apply(action)
        except IllegalActionError as error:
            line = record.action_lines[index] if index < len(record.action_lines) else 0
            return ReplayResult(hand, index, error, action, line)
    return ReplayResult(hand, len(record.actions))


def hand_to_record(hand: Hand, *, with_expect: bool = True, deck: Sequence[Card] | None = None) -> dict[str, Any]:
    """The hand record (as plain data) of a hand, as far as it has been played.

    :param deck: write the deal as this pack order instead of five hands and the blind.
    """
    data: dict[str, Any] = {"format": HAND_FORMAT, "profile": hand.profile.name.split("+")[0]}
    base = Profile.named(data["profile"]) if data["profile"] in _profile_names() else None
    if base is None:
        data["profile"] = "standard"
        base = Profile.named("standard")
    overrides = {a: o for a, o in hand.profile.options().items() if base.option(a) != o}
    if overrides:
        data["variants"] = overrides
    hands = {seat_name(s): tuple(str(c) for c in cards_of(hand.dealt_hands[s - 1])) for s in range(1, 6)}
    blind = tuple(str(c) for c in cards_of(hand.blind))
    dealt = Deal(seat_name(hand.dealer), hands, (blind[0], blind[1]), None if deck is None else tuple(map(str, deck)))
    data.update(deal_fields(dealt))
    data.update(record_fields([str(action) for action in hand.actions]))
    outcome = hand.outcome
    if outcome is not None and outcome.leaster_tied and hand.profile.leaster_tie == "random":
        data.update(
            tie_break_fields(seat_name(outcome.leaster_winner or 0), [seat_name(s) for s in outcome.leaster_tied])
        )
    if with_expect and outcome is not None:
        data["expect"] = outcome_expectations(hand)
    return data


def outcome_expectations(hand: Hand) -> dict[str, Any]:
    """The ``expect`` mapping describing a finished hand (written by the format's one writer,
    :func:`sheepshead_spec.record_actions.result_fields`)."""
    outcome = hand.outcome
    assert outcome is not None
    seats = [seat_name(s) for s in range(1, 6)]
    picker = None if outcome.picker is None else seat_name(outcome.picker)
    return result_fields(
        outcome.kind.value,
        dict(zip(seats, outcome.scores)),
        picker=picker,
        partner=None if outcome.partner is None else seat_name(outcome.partner),
        picker_side=None if picker is None else (outcome.picker_side_points, outcome.picker_side_tricks),
        defenders=None if picker is None else (outcome.defender_points, outcome.defender_tricks),
        seat_points=dict(zip(seats, outcome.seat_points)) if hand.is_leaster else None,
        seat_tricks=dict(zip(seats, outcome.seat_tricks)) if hand.is_leaster else None,
        leaster_winner=None if outcome.leaster_winner is None else seat_name(outcome.leaster_winner),
        tricks=[(seat_name(t.winner), t.points) for t in hand.tricks],
    )


def _profile_names() -> list[str]:
    from reference_impl.profile import profile_names

    return profile_names()


def dumps(hand: Hand, **options: Any) -> str:
    """The hand record of a hand as YAML text (see :func:`hand_to_record`)."""
    return record_text(hand_to_record(hand, **options))


def dump(hand: Hand, path: str | Path, **options: Any) -> None:
    """Write the hand record of a hand to a file."""
    Path(path).write_text(dumps(hand, **options), encoding="utf-8")


@dataclass(frozen=True)
class SessionRecord:
    """A session record: several hands played in order under one profile."""

    profile: Profile
    hands: tuple[HandRecord, ...]
    expect: Mapping[str, Any] = field(default_factory=dict)
    id: str | None = None
    description: str | None = None
    rules: tuple[str, ...] = ()
    file: str = "<record>"
    hand_lines: tuple[int, ...] = ()
    """The 1-based line of each hand in :attr:`file`."""


@dataclass
class SessionResult:
    """What replaying a session gave: each hand's replay, the totals, and the first illegality."""

    session: Session
    results: list[ReplayResult]
    error: IllegalActionError | None = None
    failed_hand: int | None = None
    """Index of the hand in which the first illegal action (or dealer) occurred."""
    failed_line: int = 0


def load_session(path: str | Path, *, profile_override: str | Profile | None = None) -> SessionRecord:
    """Read and validate a session record file (``sheepshead-session/1``).

    :raises RecordError: the file is not a valid session record.
    """
    return _session(_read(path=Path(path)), profile_override)


def loads_session(text: str, *, file: str = "<string>", profile_override: str | Profile | None = None) -> SessionRecord:
    """Read and validate a session record from YAML text."""
    return _session(_read(text=text, file=file), profile_override)


def _session(doc: Any, profile_override: str | Profile | None) -> SessionRecord:
    doc = _format(doc, SESSION_FORMAT)
    data = doc.data
    base = {key: data[key] for key in ("profile", "variants") if key in data}
    hands = tuple(
        record_from_data(
            {**hand, **base}, file=doc.file, line_of=doc.line_of, profile_override=profile_override, prefix=("hands", i)
        )
        for i, hand in enumerate(data["hands"])
    )
    return SessionRecord(
        profile=hands[0].profile,
        hands=hands,
        expect=data.get("expect") or {},
        id=data.get("id"),
        description=data.get("description"),
        rules=tuple(data.get("rules") or ()),
        file=doc.file,
        hand_lines=tuple(doc.line_of(["hands", i]) for i in range(len(hands))),
    )


def replay_session(record: SessionRecord) -> SessionResult:
    """Replay the hands in order: each at the stakes the session sets, each dealer checked."""
    session = Session(record.profile, first_dealer=record.hands[0].dealer)
    result = SessionResult(session, [])
    for index, hand_record in enumerate(record.hands):
        try:
            session.verify_dealer(hand_record.dealer)
        except IllegalActionError as error:
            result.error, result.failed_hand, result.failed_line = error, index, record.hand_lines[index]
            return result
        replayed = replay(hand_record, stakes=session.next_stakes)
        result.results.append(replayed)
        if replayed.error is not None:
            result.error, result.failed_hand, result.failed_line = replayed.error, index, replayed.failed_line
            return result
        if replayed.hand.phase is Phase.SCORED:
            session.finish_hand(replayed.hand)
    return result
