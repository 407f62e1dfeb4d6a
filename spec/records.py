"""Hand and session records (``spec/hand-records.md``): the one reader of the format.

:func:`load_record` and :func:`parse_record` read a record, validate it against its JSON Schema
and the reader checks of section 12 (every rule, profile, axis and option named exists; no card
dealt twice; end-of-hand expectations only on complete hands; scores that sum to zero), and
report every problem as ``file:line: path: message``. The reference engine
(:mod:`reference_impl.record`) and the conformance harness both read records through it.

>>> from sheepshead_spec import load_spec, package_dir
>>> record = load_record(package_dir() / "examples" / "ordinary-win-deck.yaml", load_spec())
>>> record.is_session, record.where(["auction", 2])
(False, 'spec/examples/ordinary-win-deck.yaml:16')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .catalogue import Spec
from .problems import PathPart, Problem, format_path
from .resources import package_dir
from .schemas import validate_document
from .yamldoc import YamlDocument, load_yaml_document, parse_yaml_document

__all__ = [
    "END_OF_HAND_KEYS",
    "EXPECTATIONS",
    "HAND_FORMAT",
    "NOT_TURN_VERBS",
    "POSITION_FORMAT",
    "RAISE_VERBS",
    "RESULT_KEYS",
    "SEATS",
    "SESSION_FORMAT",
    "ExpectationKind",
    "LoadedRecord",
    "RecordProblems",
    "action_key",
    "card_code",
    "hand_actions",
    "load_record",
    "parse_record",
]

HAND_FORMAT = "sheepshead-hand/1"
SESSION_FORMAT = "sheepshead-session/1"
POSITION_FORMAT = "sheepshead-position/1"
IRREGULARITY_FORMAT = "sheepshead-irregularity/1"
SEATS = ("S1", "S2", "S3", "S4", "S5")
_SUITS = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"}
_SCHEMAS = {
    HAND_FORMAT: "hand-record.schema.json",
    SESSION_FORMAT: "session-record.schema.json",
    POSITION_FORMAT: "position-record.schema.json",
    IRREGULARITY_FORMAT: "irregularity-record.schema.json",
}
RAISE_VERBS = ("crack", "recrack", "blitz")
"""Verbs of the window between the call and the first card: each doubles the hand (area crack)."""
NOT_TURN_VERBS = (*RAISE_VERBS, "claim")
"""Verbs any eligible seat may use whoever is to act: they are not turns and not cards of a trick
(areas crack, procedure)."""


@dataclass(frozen=True)
class ExpectationKind:
    """One key of a record's ``expect``: the one table the schema, the reader's checks, the judge
    and the writers are tied to (a test holds them together)."""

    key: str
    moment: str
    """``end``: only on a complete hand (the reader refuses it elsewhere); ``any``: wherever the
    record stops."""
    judged_as: str
    """What the judge does with it: ``actions`` (with the replay), ``results`` (the end-of-hand
    checks), ``legal`` (the legal sets asked at moments)."""
    meaning: str


EXPECTATIONS: tuple[ExpectationKind, ...] = (
    ExpectationKind("partner", "any", "results", "the partner's seat (null: alone or nobody picked)"),
    ExpectationKind("tricks", "any", "actions", "each complete trick's winner and card points"),
    ExpectationKind("picker_side", "end", "results", "the picker's side's card points and tricks"),
    ExpectationKind("defenders", "end", "results", "the defenders' card points and tricks"),
    ExpectationKind("seat_points", "end", "results", "each seat's card points (a leaster)"),
    ExpectationKind("seat_tricks", "end", "results", "each seat's tricks (a leaster)"),
    ExpectationKind("outcome", "end", "results", "how the hand ended (null: the hand goes on)"),
    ExpectationKind("leaster_winner", "end", "results", "the seat that wins a leaster (null: nobody)"),
    ExpectationKind("scores", "end", "results", "each seat's score change"),
    ExpectationKind("illegal", "any", "actions", "the action the engine must refuse, and the rule"),
    ExpectationKind("legal", "any", "legal", "the cards a seat may play at moments of the hand"),
)
"""Every key of a hand body's ``expect``, in the order a record writes them."""
END_OF_HAND_KEYS = tuple(kind.key for kind in EXPECTATIONS if kind.moment == "end")
RESULT_KEYS = tuple(kind.key for kind in EXPECTATIONS if kind.judged_as == "results")


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
    def is_position(self) -> bool:
        """Whether this is a position record (one moment of a hand, hand-records.md 14)."""
        return self.data.get("format") == POSITION_FORMAT

    @property
    def is_irregularity(self) -> bool:
        """Whether this is an irregularity record (a deal that went wrong, hand-records.md 15)."""
        return self.data.get("format") == IRREGULARITY_FORMAT

    @property
    def profile(self) -> str:
        """The record's profile (``standard`` when absent)."""
        return str(self.data.get("profile", "standard"))

    @property
    def not_applicable(self) -> tuple[tuple[dict[str, str], str], ...]:
        """The options that make the record impossible, each with the reason (``not_applicable``)."""
        items = self.data.get("not_applicable") or []
        return tuple(
            ({str(a): str(o) for a, o in item["when"].items() if not str(a).startswith("x-")}, str(item["why"]))
            for item in items
        )

    @property
    def variants(self) -> dict[str, str]:
        """The record's variant overrides."""
        return dict(self.data.get("variants") or {})

    @property
    def bodies(self) -> list[tuple[Mapping[str, Any], tuple[PathPart, ...]]]:
        """Each hand body with its path in the document (none in a position or irregularity record)."""
        if self.is_position or self.is_irregularity:
            return []
        if self.is_session:
            return [(hand, ("hands", i)) for i, hand in enumerate(self.data["hands"])]
        return [(self.data, ())]

    def where(self, path: Sequence[PathPart]) -> str:
        """``file:line`` of a path."""
        return f"{self.file}:{self.line_of(path)}"


def card_code(text: Any) -> str:
    """The canonical code of a card of a schema-valid record (``10♦`` -> ``TD``)."""
    code = str(text).strip()
    rank, suit = code[:-1], code[-1]
    return ("T" if rank == "10" else rank.upper()) + _SUITS.get(suit, suit.upper())


_WORDS = frozenset(
    {
        "pass",
        "pick",
        "crack",
        "recrack",
        "claim",
        "black",
        "red",
        "alone",
        "under",
        "bury",
        "call",
        "play",
        "revoke",
        "blitz",
    }
)
"""The words of an action that are not cards."""


def action_key(text: Any) -> str:
    """An action as written in a record, in one spelling: ``s1 10♠`` -> ``S1 TS``, ``S3  Pass`` ->
    ``S3 pass``, ``S3 call ah under 8d`` -> ``S3 call AH under 8D`` (for ``illegal.at``)."""
    words = str(text).split()
    if not words:
        return ""
    rest = [word.lower() if word.lower() in _WORDS else card_code(word) for word in words[1:]]
    return " ".join([words[0].upper(), *rest])


def hand_actions(body: Mapping[str, Any]) -> list[str]:
    """Every action of a hand body as written (auction, bury, call, cracks, plays), by
    :func:`action_key`; the bury and the call as the picker's ``S3 bury TS 7S``, ``S3 call AH``
    (``S3 call AH under 8D``, ``S3 alone``)."""
    texts = [str(text) for text in body.get("auction") or ()]
    picker = next((text.split()[0] for text in texts if text.split()[1:2] == ["pick"]), "S?")
    if "bury" in body:
        texts.append(f"{picker} bury " + " ".join(str(card) for card in body["bury"] or ()))
    call = body.get("call")
    if call is not None:
        if call == "alone":
            texts.append(f"{picker} alone")
        elif isinstance(call, Mapping):
            texts.append(f"{picker} call {call.get('card')} under {call.get('under')}")
        else:
            texts.append(f"{picker} call {call}")
    texts += [str(text) for text in body.get("cracks") or ()]
    texts += [str(text) for trick in body.get("plays") or () for text in trick]
    return [action_key(text) for text in texts]


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

    def table(
        self, value: Any, path: tuple[PathPart, ...], outer: tuple[Any, ...] = ()
    ) -> list[tuple[Any, tuple[PathPart, ...]]]:
        """The plain values of a field (each value of a variant table, nested tables included),
        checking the table."""
        if not (isinstance(value, Mapping) and "by" in value):
            return [(value, path)]
        by = value["by"]
        if by != "profile" and by not in {a.id for a in self.spec.axes}:
            self.add((*path, "by"), f"no axis {by!r} in variants.yaml (nor the word 'profile')")
        if by in outer:
            self.add((*path, "by"), f"a table by {by} inside a table by {by}: nest tables by different axes")
        out = []
        for key, item in value.items():
            if key == "by" or str(key).startswith("x-"):
                continue
            if key != "otherwise" and by == "profile":
                self.profile(key, (*path, key))
            elif key != "otherwise":
                self.option(by, key, (*path, key))
            out += self.table(item, (*path, key), (*outer, by))
        return out

    def not_applicable(self, items: Any) -> None:
        for index, item in enumerate(items or []):
            for axis, option in (item.get("when") or {}).items():
                if not str(axis).startswith("x-"):
                    self.option(axis, option, ("not_applicable", index, "when", axis))

    def zero_sum(self, value: Any, path: tuple[PathPart, ...]) -> None:
        for scores, where in self.table(value, path):
            if isinstance(scores, Mapping):
                values = {k: v for k, v in scores.items() if k in SEATS}
                # 1.0 passes the schema's "integer" (JSON Schema counts it a whole number); name it
                # here rather than leave it out of the sum and report a misleading total
                odd = [k for k, v in values.items() if isinstance(v, bool) or not isinstance(v, int)]
                for seat in odd:
                    self.add((*where, seat), f"a score is a whole number such as 1 or -2, not {values[seat]!r}")
                total = sum(v for k, v in values.items() if k not in odd)
                if total != 0 and not odd:
                    self.add(where, f"scores must sum to zero, not {total}")

    def illegal(self, value: Any, path: tuple[PathPart, ...], body: Mapping[str, Any] | None = None) -> None:
        for item, where in self.table(value, path):
            if isinstance(item, Mapping) and "rule" in item:
                self.rule(item["rule"], (*where, "rule"))
            if isinstance(item, Mapping) and "at" in item and body is not None:
                found = hand_actions(body).count(action_key(item["at"]))
                if found != 1:
                    self.add((*where, "at"), f"at {item['at']!r} names {found} actions of the hand, not one")
            if isinstance(item, Mapping) and isinstance(item.get("also"), list):
                for index, rule in enumerate(item["also"]):
                    self.rule(rule, (*where, "also", index))

    def hand(self, body: Mapping[str, Any], prefix: tuple[PathPart, ...]) -> None:
        deal = body.get("deal") or {}
        if "deck" in deal:
            cards = [(card_code(c), (*prefix, "deal", "deck", i)) for i, c in enumerate(deal["deck"])]
        else:
            cards = [
                (card_code(c), (*prefix, "deal", "hands", s, i))
                for s in SEATS
                for i, c in enumerate(deal.get("hands", {}).get(s, []))
            ]
            cards += [(card_code(c), (*prefix, "deal", "blind", i)) for i, c in enumerate(deal.get("blind", []))]
        seen: dict[str, tuple[PathPart, ...]] = {}
        for code, path in cards:
            if code in seen:
                self.add(path, f"card {code} is dealt twice (also at {format_path(seen[code])})")
            seen.setdefault(code, path)
        expect = body.get("expect") or {}
        plays = body.get("plays") or []
        verbs = [[(str(p).split() + ["", ""])[1].lower() for p in trick] for trick in plays]
        # a crack or a claim stands in a trick where it was made; it is not one of its five cards
        complete_tricks = sum(1 for trick in verbs if sum(v not in NOT_TURN_VERBS for v in trick) == 5)
        auction = [str(a).lower() for a in body.get("auction") or []]
        ended_without_play = not plays and len(auction) == 5 and not any("pick" in a for a in auction)
        claimed = any("claim" in trick for trick in verbs)  # a claimed revoke ends the hand
        complete = complete_tricks == 6 or ended_without_play or claimed
        for key in END_OF_HAND_KEYS:
            if key in expect and not complete:
                self.add((*prefix, "expect", key), f"{key!r} needs a complete hand (six tricks)")
        for value, where in self.table(expect.get("tricks"), (*prefix, "expect", "tricks")):
            if isinstance(value, list) and len(value) > complete_tricks:
                self.add(where, f"{len(value)} trick expectations but {complete_tricks} complete tricks")
        if "scores" in expect:
            self.zero_sum(expect["scores"], (*prefix, "expect", "scores"))
        if "illegal" in expect:
            self.illegal(expect["illegal"], (*prefix, "expect", "illegal"), body)
        card_plays = sum(v not in NOT_TURN_VERBS for trick in verbs for v in trick)
        for index, moment in enumerate(expect.get("legal") or ()):
            where = (*prefix, "expect", "legal", index)
            if isinstance(moment, Mapping):
                if isinstance(moment.get("after"), int) and moment["after"] > card_plays:
                    self.add((*where, "after"), f"after {moment['after']} plays, but the record has {card_plays}")
                self.table(moment.get("cards"), (*where, "cards"))
        for key in expect:
            if key not in ("scores", "illegal", "tricks", "legal") and not str(key).startswith("x-"):
                self.table(expect[key], (*prefix, "expect", key))
        draw = body.get("tie_break")
        if isinstance(draw, Mapping) and draw.get("seat") not in (draw.get("among") or ()):
            self.add(
                (*prefix, "tie_break", "seat"),
                f"the draw {draw.get('seat')} is not one of the tied seats {draw.get('among')}",
            )

    def position(self, position: Mapping[str, Any], expect: Mapping[str, Any]) -> None:
        """A position's own consistency: cards once each, the trick's seats clockwise and the seat
        to play next, the hand's size, and expectations that fit the moment."""
        where: tuple[PathPart, ...] = ("position",)
        seen: dict[str, tuple[PathPart, ...]] = {}
        for key in ("hand", "buried", "trick"):
            for index, text in enumerate(position.get(key) or ()):
                code = card_code(str(text).split()[-1])
                path: tuple[PathPart, ...] = (*where, key, index)
                if code in seen:
                    self.add(path, f"card {code} appears twice (also at {format_path(seen[code])})")
                seen.setdefault(code, path)
        trick = [str(text).split()[0].upper() for text in position.get("trick") or ()]
        for index in range(1, len(trick)):
            if trick[index] != SEATS[SEATS.index(trick[index - 1]) % 5 - 4]:
                self.add(
                    (*where, "trick", index), f"{trick[index]} plays after {trick[index - 1]}: the seats go clockwise"
                )
        to_act = position.get("to_act")
        complete = len(trick) == 5
        if complete and to_act is not None:
            self.add((*where, "to_act"), "the trick is complete: nobody is to play in it")
        if not complete and to_act is None:
            self.add(where, "to_act is needed unless the trick is complete (five cards)")
        if not complete and "hand" not in position:
            self.add(where, "hand is needed: the cards of the seat to play")
        if to_act is not None and trick and to_act != SEATS[SEATS.index(trick[-1]) % 5 - 4]:
            self.add((*where, "to_act"), f"{to_act} is not next after {trick[-1]}")
        if to_act is not None and to_act in trick:
            self.add((*where, "to_act"), f"{to_act} has played to this trick already")
        earlier = int(position.get("earlier_tricks") or 0)
        hand = position.get("hand") or ()
        if hand and len(hand) != 6 - earlier:
            self.add(
                (*where, "hand"),
                f"{len(hand)} cards after {earlier} earlier trick{'s' if earlier != 1 else ''};"
                f" the seat holds {6 - earlier}",
            )
        if "under" in position and "called" not in position:
            self.add((*where, "under"), "an under card needs the called card")
        self.roles(position, hand)
        if not complete and "trick" in expect:
            self.add(("expect", "trick"), "a trick expectation needs a complete trick (five cards)")
        if complete:
            for key in ("legal", "illegal"):
                if key in expect:
                    self.add(("expect", key), f"{key} needs a seat to play: the trick is complete")
        held = {card_code(card) for card in hand}
        for plays, path in self.table(expect.get("illegal") or [], ("expect", "illegal")):
            for index, item in enumerate(plays or ()):
                if card_code(item["play"]) not in held:
                    self.add((*path, index, "play"), f"{item['play']} is not in the hand of {to_act}")
                self.rule(item.get("rule"), (*path, index, "rule"))
        for value, path in self.table(expect.get("legal"), ("expect", "legal")):
            for index, card in enumerate(value or ()):
                if card_code(card) not in held:
                    self.add((*path, index), f"{card} is not in the hand of {to_act}")
        if "trick" in expect and isinstance(expect["trick"], Mapping):
            self.table(expect["trick"].get("winner"), ("expect", "trick", "winner"))

    def roles(self, position: Mapping[str, Any], hand: Sequence[Any]) -> None:
        """A position's picker, partner, call and bury must be able to be: a leaster has none of
        them, the partner is not the picker, a fail ace or ten is called (never a trump), the under
        card is not the called card, two cards are buried, the picker does not hold the card it called."""
        where: tuple[PathPart, ...] = ("position",)
        picker, partner = position.get("picker", "unknown"), position.get("partner", "unknown")
        called = card_code(position["called"]) if position.get("called") else None
        if picker is None:
            for key in ("called", "under", "buried"):
                if position.get(key):
                    self.add((*where, key), f"a leaster (picker: null) has no {key} card: nobody picked")
            if partner not in (None, "unknown"):
                self.add((*where, "partner"), "a leaster (picker: null) has no partner: nobody picked")
        if partner not in (None, "unknown") and partner == picker:
            self.add((*where, "partner"), f"the partner cannot be the picker {picker}")
        if called is not None and (called[0] not in "AT" or called[1] == "D"):
            self.add(
                (*where, "called"),
                f"{called} cannot be called: the call is a fail ace, or a fail ten (call.partner-or-alone)",
            )
        if called is not None and position.get("under") and card_code(position["under"]) == called:
            self.add((*where, "under"), f"the under card cannot be the called card {called}")
        buried = position.get("buried") or ()
        if buried and len(buried) != 2:
            self.add((*where, "buried"), f"{len(buried)} cards buried; the picker buries two (bury.two-cards)")
        if called is not None and picker is not None and position.get("to_act") == picker:
            if called in {card_code(card) for card in hand}:
                self.add(
                    (*where, "called"), f"the picker {picker} holds {called}, which it cannot call (call.not-own-card)"
                )

    def irregularity(self, data: Mapping[str, Any]) -> None:
        """An irregular deal must be irregular, and say what its kind needs: the counts of a wrong
        count (32 cards, not six each and two), who turned a card over, the seat whose deal it was
        and when the deal out of turn was noticed."""
        where: tuple[PathPart, ...] = ("irregularity",)
        what = data.get("irregularity") or {}
        kind = str(what.get("kind"))
        needs = {"wrong-count": ("counts",), "card-exposed": ("exposed_by",), "out-of-turn": ("due", "noticed")}
        for key in needs.get(kind, ()):
            if key not in what:
                self.add(where, f"a {kind} irregularity needs {key}")
        counts = what.get("counts")
        if kind == "wrong-count" and isinstance(counts, Mapping):
            total = sum(int(value) for value in counts.values())
            if total != 32:
                self.add((*where, "counts"), f"the counts add up to {total} cards; the pack has 32")
            elif all(counts.get(seat) == 6 for seat in SEATS) and counts.get("blind") == 2:
                self.add(
                    (*where, "counts"),
                    "six cards each and two in the blind is a regular deal: write it as a hand record",
                )
        if kind == "out-of-turn" and what.get("due") == data.get("dealer"):
            self.add((*where, "due"), f"{data.get('dealer')} dealt in turn: no deal out of turn")
        expect = data.get("expect") or {}
        for key in ("misdeal", "deals_next"):
            if key in expect:
                self.table(expect[key], ("expect", key))
        if "rule" in expect:
            self.rule(expect["rule"], ("expect", "rule"))

    def record(self) -> None:
        data = self.doc.data
        for i, rule_id in enumerate(data.get("rules") or []):
            self.rule(rule_id, ("rules", i))
        if "profile" in data:
            self.profile(data["profile"], ("profile",))
        for axis, option in (data.get("variants") or {}).items():
            if not str(axis).startswith("x-"):
                self.option(axis, option, ("variants", axis))
        self.not_applicable(data.get("not_applicable"))
        if data.get("format") == POSITION_FORMAT:
            self.position(data.get("position") or {}, data.get("expect") or {})
        if data.get("format") == IRREGULARITY_FORMAT:
            self.irregularity(data)
        elif data.get("format") == SESSION_FORMAT:
            for i, body in enumerate(data["hands"]):
                self.hand(body, ("hands", i))
                if "legal" in (body.get("expect") or {}):
                    self.add(
                        ("hands", i, "expect", "legal"),
                        "legal sets are checked in hand records, not in a session's hands",
                    )
            expect = data.get("expect") or {}
            if "totals" in expect:
                self.zero_sum(expect["totals"], ("expect", "totals"))
            if "illegal" in expect:
                self.illegal(expect["illegal"], ("expect", "illegal"))
                for item, where in self.table(expect["illegal"], ("expect", "illegal")):
                    if (
                        isinstance(item, Mapping)
                        and isinstance(item.get("hand"), int)
                        and item["hand"] > len(data["hands"])
                    ):
                        self.add((*where, "hand"), f"hand {item['hand']}: the session has {len(data['hands'])} hands")
        else:
            self.hand(data, ())


def load_record(path: Path, spec: Spec, *, file: str | None = None) -> LoadedRecord:
    """Read and check a hand, session or position record.

    :param path: the YAML file.
    :param spec: the catalogue (rule, profile, axis and option ids are checked against it).
    :param file: the name to show in problems (default: relative to the working directory).
    :raises RecordProblems: the file cannot be read or is not a valid record.
    """
    doc, problems = load_yaml_document(path, file)
    return _checked(doc, problems, spec)


def parse_record(text: str, spec: Spec, *, file: str = "<string>") -> LoadedRecord:
    """Read and check a hand, session or position record given as YAML text (see :func:`load_record`)."""
    doc, problems = parse_yaml_document(text, file)
    return _checked(doc, problems, spec)


def _checked(doc: YamlDocument | None, problems: Sequence[Problem], spec: Spec) -> LoadedRecord:
    if doc is None or problems:
        raise RecordProblems(problems)
    data = doc.data
    if not isinstance(data, Mapping) or not isinstance(data.get("format"), str) or data["format"] not in _SCHEMAS:
        names = [repr(f) for f in _SCHEMAS]
        formats = f"{', '.join(names[:-1])} or {names[-1]}"
        raise RecordProblems([doc.problem(["format"], f"format must be {formats}")])
    schema_problems = validate_document(doc, package_dir() / "schema" / _SCHEMAS[data["format"]])
    if schema_problems:
        raise RecordProblems(schema_problems)
    checker = _Checker(doc, spec)
    checker.record()
    if checker.problems:
        raise RecordProblems(sorted(checker.problems, key=lambda p: (p.line or 0, p.path)))
    return LoadedRecord(doc.file, data, doc.line)
