"""Hand and session records (``spec/hand-records.md``) as adapter requests.

:func:`load_record` reads a record, validates it against its JSON Schema and the reader checks of
section 12, and reports every problem as ``file:line: path: message``. :func:`plan_hands` turns
it, for one configuration of variant options, into the deals and protocol action texts of
:class:`~conformance.adapter.ReplayRequest` (``S1 pass``, ``S3 bury TS 7S``, ``S3 call AH``,
``S1 play 9C``), each action with its line in the file; :func:`resolve` picks the value of a
variant table for a configuration.

>>> from sheepshead_spec import load_spec, package_dir
>>> spec = load_spec()
>>> record = load_record(package_dir() / "examples" / "ordinary-win-deck.yaml", spec)
>>> plan = plan_hands(record, configuration(record, spec))[0]
>>> plan.deal.hands["S1"], plan.deal.blind
(('AH', 'JD', '7D', '9C', '8S', '8H'), ('TS', '7S'))
>>> plan.actions[:5]
('S1 pass', 'S2 pass', 'S3 pick', 'S3 bury TS 7S', 'S3 call AH')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sheepshead_spec import Problem, Spec, load_yaml_document, package_dir, validate_document
from sheepshead_spec.problems import PathPart, format_path

from conformance.adapter import Deal

__all__ = [
    "HandPlan",
    "LoadedRecord",
    "RecordProblems",
    "SEATS",
    "configuration",
    "deal_deck",
    "left_of",
    "load_record",
    "plan_hands",
    "resolve",
]

HAND_FORMAT = "sheepshead-hand/1"
SESSION_FORMAT = "sheepshead-session/1"
SEATS = ("S1", "S2", "S3", "S4", "S5")
_SUITS = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"}
_SCHEMAS = {HAND_FORMAT: "hand-record.schema.json", SESSION_FORMAT: "session-record.schema.json"}
_END_OF_HAND = ("picker_side", "defenders", "seat_points", "seat_tricks", "outcome",
                "leaster_winner", "scores")  # fmt: skip
_NOT_GIVEN = object()


class RecordProblems(Exception):
    """A file that is not a valid record; :attr:`problems` says why, each with ``file:line``."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__(str(self.problems[0]) if self.problems else "invalid record")


@dataclass(frozen=True)
class LoadedRecord:
    """A valid hand or session record."""

    file: str
    """The file as shown to the user."""
    data: Mapping[str, Any]
    """The record as read."""
    line_of: Callable[[Sequence[PathPart]], int] = field(repr=False)
    """Line of a path in the file."""

    @property
    def is_session(self) -> bool:
        """Whether this is a session record."""
        return self.data.get("format") == SESSION_FORMAT

    @property
    def profile(self) -> str:
        """The record's profile (``standard`` when absent)."""
        return str(self.data.get("profile", "standard"))

    @property
    def variants(self) -> dict[str, str]:
        """The record's variant overrides."""
        return dict(self.data.get("variants") or {})

    @property
    def bodies(self) -> list[tuple[Mapping[str, Any], tuple[PathPart, ...]]]:
        """Each hand body with its path in the document."""
        if self.is_session:
            return [(hand, ("hands", i)) for i, hand in enumerate(self.data["hands"])]
        return [(self.data, ())]

    def where(self, path: Sequence[PathPart]) -> str:
        """``file:line`` of a path."""
        return f"{self.file}:{self.line_of(path)}"


@dataclass(frozen=True)
class HandPlan:
    """One hand of a record, ready to be sent to an engine."""

    deal: Deal
    actions: tuple[str, ...]
    """Protocol action texts in replay order (bury and call in the configuration's order)."""
    paths: tuple[tuple[PathPart, ...], ...]
    """The document path of each action."""
    lines: tuple[int, ...]
    """The line of each action."""
    expect: Mapping[str, Any]
    """The raw ``expect`` of this hand (variant tables unresolved)."""
    picker: str | None
    """The seat that picked, if any."""
    called: str | None = None
    """The called card (``None`` when alone or nobody picked)."""
    under: str | None = None
    """The under card of an under call."""
    alone: bool = False


def configuration(record: LoadedRecord, spec: Spec, profile: str | None = None) -> dict[str, str]:
    """The options a record is played under: the profile's (the record's own unless
    ``profile`` is given), updated by the record's ``variants``."""
    options = spec.profile_options(profile or record.profile)
    options.update(record.variants)
    return options


def resolve(value: Any, options: Mapping[str, str], profile: str) -> tuple[bool, Any]:
    """Resolve a variant table (``{by: axis|profile, <option>: value, otherwise: value}``).

    >>> resolve({"by": "void-play", "free": None, "otherwise": 3}, {"void-play": "free"}, "s")
    (True, None)
    >>> resolve({"by": "profile", "tournament": 1}, {}, "standard")
    (False, None)
    >>> resolve(5, {}, "standard")
    (True, 5)

    :return: ``(applies, value)``; ``applies`` is false when the table has no value for this
        configuration (then the expectation is not checked).
    """
    if not (isinstance(value, Mapping) and "by" in value):
        return True, value
    chosen = profile if value["by"] == "profile" else options.get(str(value["by"]))
    for key in (chosen, "otherwise"):
        if key in value:
            return True, value[key]
    return False, None


def _card(text: Any) -> str:
    """The canonical code of a card of a schema-valid record (``10♦`` -> ``TD``)."""
    code = str(text).strip()
    rank, suit = code[:-1], code[-1]
    return ("T" if rank == "10" else rank.upper()) + _SUITS.get(suit, suit.upper())


def left_of(seat: str) -> str:
    """The seat to the left of ``seat`` (the next clockwise): ``S5`` -> ``S1``."""
    return SEATS[SEATS.index(seat) % 5 - 4]


def deal_deck(dealer: str, deck: Sequence[str]) -> tuple[dict[str, tuple[str, ...]], tuple[str, str]]:
    """Deal a pack 3-2-3 from the dealer's left (``deal.three-two-three``, hand-records.md §6).

    :return: the five hands and the blind.
    """
    hands: dict[str, list[str]] = {s: [] for s in SEATS}
    seat = dealer
    for packet in range(5):
        seat = left_of(seat)
        hands[seat] += [*deck[3 * packet : 3 * packet + 3], *deck[17 + 3 * packet : 20 + 3 * packet]]
    return {s: tuple(hands[s]) for s in SEATS}, (deck[15], deck[16])


def plan_hands(record: LoadedRecord, options: Mapping[str, str]) -> list[HandPlan]:
    """The hands of a record as deals and action texts, for one configuration.

    :param record: a loaded record.
    :param options: the configuration (see :func:`configuration`).
    :return: one plan per hand (one for a hand record).
    """
    plans = []
    for body, prefix in record.bodies:
        dealer = str(body["dealer"]).upper()
        deal = body["deal"]
        deck: tuple[str, ...] | None = None
        if "deck" in deal:
            deck = tuple(_card(c) for c in deal["deck"])
            hands, blind = deal_deck(dealer, deck)
        else:
            hands = {s: tuple(_card(c) for c in deal["hands"][s]) for s in SEATS}
            blind = (_card(deal["blind"][0]), _card(deal["blind"][1]))
        actions: list[tuple[str, tuple[PathPart, ...]]] = []
        picker = None
        for i, text in enumerate(body.get("auction") or []):
            seat, _, word = str(text).partition(" ")
            actions.append((f"{seat.upper()} {word.strip().lower()}", (*prefix, "auction", i)))
            if word.strip().lower() == "pick":
                picker = seat.upper()
        owner = picker or left_of(dealer)
        later: list[tuple[str, tuple[PathPart, ...]]] = []
        if "bury" in body:
            cards = " ".join(_card(c) for c in body["bury"])
            later.append((f"{owner} bury {cards}", (*prefix, "bury")))
        called = under = None
        alone = False
        if "call" in body:
            call = body["call"]
            if call == "alone":
                alone = True
                later.append((f"{owner} alone", (*prefix, "call")))
            elif isinstance(call, Mapping):
                called, under = _card(call["card"]), _card(call["under"])
                later.append((f"{owner} call {called} under {under}", (*prefix, "call")))
            else:
                called = _card(call)
                later.append((f"{owner} call {called}", (*prefix, "call")))
        if options.get("call-timing") == "call-then-bury":
            later.sort(key=lambda pair: " bury " in pair[0])
        actions += later
        for t, trick in enumerate(body.get("plays") or []):
            for j, text in enumerate(trick):
                seat, _, card = str(text).partition(" ")
                actions.append((f"{seat.upper()} play {_card(card)}", (*prefix, "plays", t, j)))
        plans.append(
            HandPlan(
                deal=Deal(dealer, hands, blind, deck),
                actions=tuple(a for a, _ in actions),
                paths=tuple(p for _, p in actions),
                lines=tuple(record.line_of(p) for _, p in actions),
                expect=body.get("expect") or {},
                picker=picker,
                called=called,
                under=under,
                alone=alone,
            )
        )
    return plans


# ------------------------------------------------------------------ reader checks (section 12)


class _Checker:
    def __init__(self, doc: Any, spec: Spec) -> None:
        self.doc = doc
        self.spec = spec
        self.problems: list[Problem] = []

    def add(self, path: Sequence[PathPart], message: str) -> None:
        self.problems.append(Problem(self.doc.file, self.doc.line(path), format_path(path), message))

    def rule(self, rule_id: Any, path: Sequence[PathPart]) -> None:
        known = {r.id for r in self.spec.rules}
        if rule_id not in known:
            self.add(path, f"no rule {rule_id!r} in rules.yaml")

    def profile(self, profile_id: Any, path: Sequence[PathPart]) -> None:
        if profile_id not in {p.id for p in self.spec.profiles}:
            self.add(path, f"no profile {profile_id!r} in variants.yaml")

    def option(self, axis_id: Any, option_id: Any, path: Sequence[PathPart]) -> None:
        axes = {a.id: a for a in self.spec.axes}
        if axis_id not in axes:
            self.add(path, f"no axis {axis_id!r} in variants.yaml")
        elif option_id not in {o.id for o in axes[axis_id].options}:
            self.add(path, f"axis {axis_id!r} has no option {option_id!r}")

    def table(self, value: Any, path: tuple[PathPart, ...]) -> list[tuple[Any, tuple[PathPart, ...]]]:
        """The plain values of a field (each value of a variant table), checking the table."""
        if not (isinstance(value, Mapping) and "by" in value):
            return [(value, path)]
        by = value["by"]
        if by != "profile" and by not in {a.id for a in self.spec.axes}:
            self.add((*path, "by"), f"no axis {by!r} in variants.yaml (nor the word 'profile')")
        out = []
        for key, item in value.items():
            if key == "by" or str(key).startswith("x-"):
                continue
            if key != "otherwise" and by == "profile":
                self.profile(key, (*path, key))
            elif key != "otherwise":
                self.option(by, key, (*path, key))
            out.append((item, (*path, key)))
        return out

    def zero_sum(self, value: Any, path: tuple[PathPart, ...]) -> None:
        for scores, where in self.table(value, path):
            if isinstance(scores, Mapping):
                total = sum(v for k, v in scores.items() if k in SEATS and isinstance(v, int))
                if total != 0:
                    self.add(where, f"scores must sum to zero, not {total}")

    def illegal(self, value: Any, path: tuple[PathPart, ...]) -> None:
        for item, where in self.table(value, path):
            if isinstance(item, Mapping) and "rule" in item:
                self.rule(item["rule"], (*where, "rule"))

    def hand(self, body: Mapping[str, Any], prefix: tuple[PathPart, ...]) -> None:
        deal = body.get("deal") or {}
        if "deck" in deal:
            cards = [(_card(c), (*prefix, "deal", "deck", i)) for i, c in enumerate(deal["deck"])]
        else:
            cards = [
                (_card(c), (*prefix, "deal", "hands", s, i))
                for s in SEATS
                for i, c in enumerate(deal.get("hands", {}).get(s, []))
            ]
            cards += [(_card(c), (*prefix, "deal", "blind", i)) for i, c in enumerate(deal.get("blind", []))]
        seen: dict[str, tuple[PathPart, ...]] = {}
        for code, path in cards:
            if code in seen:
                self.add(path, f"card {code} is dealt twice (also at {format_path(seen[code])})")
            seen.setdefault(code, path)
        expect = body.get("expect") or {}
        plays = body.get("plays") or []
        complete_tricks = sum(1 for trick in plays if len(trick) == 5)
        auction = [str(a).lower() for a in body.get("auction") or []]
        ended_without_play = not plays and len(auction) == 5 and not any("pick" in a for a in auction)
        complete = complete_tricks == 6 or ended_without_play
        for key in _END_OF_HAND:
            if key in expect and not complete:
                self.add((*prefix, "expect", key), f"{key!r} needs a complete hand (six tricks)")
        for value, where in self.table(expect.get("tricks"), (*prefix, "expect", "tricks")):
            if isinstance(value, list) and len(value) > complete_tricks:
                self.add(where, f"{len(value)} trick expectations but {complete_tricks} complete tricks")
        if "scores" in expect:
            self.zero_sum(expect["scores"], (*prefix, "expect", "scores"))
        if "illegal" in expect:
            self.illegal(expect["illegal"], (*prefix, "expect", "illegal"))
        for key in expect:
            if key not in ("scores", "illegal", "tricks") and not str(key).startswith("x-"):
                self.table(expect[key], (*prefix, "expect", key))

    def record(self) -> None:
        data = self.doc.data
        for i, rule_id in enumerate(data.get("rules") or []):
            self.rule(rule_id, ("rules", i))
        if "profile" in data:
            self.profile(data["profile"], ("profile",))
        for axis, option in (data.get("variants") or {}).items():
            if not str(axis).startswith("x-"):
                self.option(axis, option, ("variants", axis))
        if data.get("format") == SESSION_FORMAT:
            for i, body in enumerate(data["hands"]):
                self.hand(body, ("hands", i))
            expect = data.get("expect") or {}
            if "totals" in expect:
                self.zero_sum(expect["totals"], ("expect", "totals"))
            if "illegal" in expect:
                self.illegal(expect["illegal"], ("expect", "illegal"))
        else:
            self.hand(data, ())


def load_record(path: Path, spec: Spec, *, file: str | None = None) -> LoadedRecord:
    """Read and check a hand or session record.

    :param path: the YAML file.
    :param spec: the catalogue (rule, profile, axis and option ids are checked against it).
    :param file: the name to show in problems (default: relative to the working directory).
    :raises RecordProblems: the file cannot be read or is not a valid record.
    """
    doc, problems = load_yaml_document(path, file)
    if doc is None or problems:
        raise RecordProblems(problems)
    data = doc.data
    if not isinstance(data, Mapping) or data.get("format") not in _SCHEMAS:
        formats = " or ".join(repr(f) for f in _SCHEMAS)
        raise RecordProblems([doc.problem(["format"], f"format must be {formats}")])
    schema_problems = validate_document(doc, package_dir() / "schema" / _SCHEMAS[data["format"]])
    if schema_problems:
        raise RecordProblems(schema_problems)
    checker = _Checker(doc, spec)
    checker.record()
    if checker.problems:
        raise RecordProblems(sorted(checker.problems, key=lambda p: (p.line or 0, p.path)))
    return LoadedRecord(doc.file, data, doc.line)
