"""A record's actions, both ways: the format's one planner and its one writer.

Records are read by the format's one reader, :mod:`sheepshead_spec.records` (:func:`load_record`,
re-exported here, validates a record and reports every problem as ``file:line: path: message``).
:func:`plan_hands` turns a record, for one configuration of variant options, into deals and
protocol action texts in replay order (``S1 pass``, ``S3 bury TS 7S``, ``S3 call AH``,
``S1 play 9C``), each action with its line in the file; the reference engine replays those texts
and the harness sends them to an engine. :func:`record_fields` is the inverse: protocol action
texts as a record's ``auction``, ``bury``, ``call``, ``cracks`` and ``plays``; :func:`deal_fields`
writes the deal, :func:`result_fields` a finished hand's results and :func:`tie_break_fields` a
tied leaster's draw, :func:`expect_fields` puts expectations in the order of
:data:`~sheepshead_spec.records.EXPECTATIONS` and :func:`record_text` writes the YAML. The reference engine, the fuzzer and ``check`` write records
through them. :func:`resolve` picks the value of a variant table for a configuration.

>>> from sheepshead_spec import load_spec, package_dir
>>> spec = load_spec()
>>> record = load_record(package_dir() / "examples" / "ordinary-win-deck.yaml", spec)
>>> plan = plan_hands(record, configuration(record, spec))[0]
>>> plan.deal.hands["S1"], plan.deal.blind
(('AH', 'JD', '7D', '9C', '8S', '8H'), ('TS', '7S'))
>>> plan.actions[:5]
('S1 pass', 'S2 pass', 'S3 pick', 'S3 bury TS 7S', 'S3 call AH')
>>> record_fields(plan.actions)["call"], record_fields(plan.actions)["plays"][0]
('AH', ['S1 9C', 'S2 AC', 'S3 KC', 'S4 TC', 'S5 7C'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from .catalogue import Spec
from .problems import PathPart
from .records import (
    EXPECTATIONS,
    NOT_TURN_VERBS,
    SEATS,
    LoadedRecord,
    RecordProblems,
    action_key,
    load_record,
    parse_record,
)
from .records import card_code as _card

__all__ = [
    "SEATS",
    "Deal",
    "HandPlan",
    "LoadedRecord",
    "RecordProblems",
    "configuration",
    "deal_deck",
    "deal_fields",
    "expect_fields",
    "left_of",
    "load_record",
    "parse_record",
    "plan_body",
    "plan_hands",
    "record_fields",
    "record_text",
    "resolve",
    "result_fields",
    "tie_break_fields",
]


@dataclass(frozen=True)
class Deal:
    """The deal of a hand: the dealer, and the pack order or the five hands and the blind."""

    dealer: str
    hands: Mapping[str, tuple[str, ...]]
    """``{"S1": (six cards), …, "S5": (…)}``; always present (the harness deals a pack 3-2-3)."""
    blind: tuple[str, str]
    deck: tuple[str, ...] | None = None
    """The pack order, top first, when the test is about dealing (capability ``deal-from-deck``)."""


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
    raises: int = 0
    """The cracks, re-cracks and blitzes of the hand (each doubles its scores)."""
    tie_break: str | None = None
    """The seat a draw picked for a leaster tie (the body's ``tie_break.seat``)."""
    written: tuple[str, ...] = ()
    """Each action as the record writes it (:func:`~sheepshead_spec.records.action_key`; the bury
    and the call as the picker's ``S3 bury TS 7S``, ``S3 call AH``), to find an ``illegal.at``."""
    tied: tuple[str, ...] = ()
    """The seats of that tie (``tie_break.among``): under ``leaster-tie: random`` an engine that
    draws for itself may give the win to any of them."""

    @property
    def procedure(self) -> bool:
        """Whether the hand has a revoke or a claim (capability ``procedure``)."""
        return any(action.split()[1] in ("revoke", "claim") for action in self.actions)


def _written(body: Mapping[str, Any], path: Sequence[PathPart], action: str) -> str:
    if path[0] in ("bury", "call"):
        return action_key(action)  # the picker's bury or call, as ``S3 bury TS 7S``
    value: Any = body
    for part in path:
        value = value[part]
    return action_key(value)


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
    >>> resolve({"by": "void-play", "free": {"by": "jack-order", "clubs-first": 1, "spades-first": 2}},
    ...         {"void-play": "free", "jack-order": "spades-first"}, "s")
    (True, 2)

    :return: ``(applies, value)``; ``applies`` is false when the table has no value for this
        configuration (then the expectation is not checked).
    """
    if not (isinstance(value, Mapping) and "by" in value):
        return True, value
    chosen = profile if value["by"] == "profile" else options.get(str(value["by"]))
    for key in (chosen, "otherwise"):
        if key in value:
            return resolve(value[key], options, profile)  # a nested table by another axis
    return False, None


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
    return [plan_body(body, prefix, options, record.line_of) for body, prefix in record.bodies]


def _no_line(path: Sequence[PathPart]) -> int:
    return 0


def plan_body(
    body: Mapping[str, Any],
    prefix: tuple[PathPart, ...] = (),
    options: Mapping[str, str] | None = None,
    line_of: Any = _no_line,
) -> HandPlan:
    """One hand body (a hand record, or a session's ``hands[i]``) of a schema-valid record as a
    deal and action texts in replay order: the auction, the bury and the call in the order of
    ``call-timing``, the cracks of the window, then the plays.

    :param prefix: the body's path in its document (``("hands", 1)``).
    :param line_of: maps a document path to its line (for messages).
    """
    options = options or {}
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
    at_the_pick = 0  # blitzes written in the auction: made at the pick, before the bury
    for i, text in enumerate(body.get("auction") or []):
        seat, _, word = str(text).partition(" ")
        word = " ".join(word.lower().split())
        actions.append((f"{seat.upper()} {word}", (*prefix, "auction", i)))
        if word == "pick":
            picker = seat.upper()
        at_the_pick += word.startswith("blitz")
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
    for i, text in enumerate(body.get("cracks") or []):  # the window before the first card
        actions.append((" ".join(str(text).split()), (*prefix, "cracks", i)))
    for t, trick in enumerate(body.get("plays") or []):
        for j, text in enumerate(trick):
            seat, _, card = str(text).partition(" ")
            words = card.split()
            if words[0] in NOT_TURN_VERBS:  # a crack or a claim, where it was made
                played = " ".join(str(text).split())
            elif words[0] == "revoke":
                played = f"{seat.upper()} revoke {_card(words[1])}"
            else:
                played = f"{seat.upper()} play {_card(card)}"
            actions.append((played, (*prefix, "plays", t, j)))
    return HandPlan(
        deal=Deal(dealer, hands, blind, deck),
        actions=tuple(a for a, _ in actions),
        paths=tuple(p for _, p in actions),
        lines=tuple(int(line_of(p)) for _, p in actions),
        expect=body.get("expect") or {},
        picker=picker,
        called=called,
        under=under,
        alone=alone,
        raises=len(body.get("cracks") or ()) + at_the_pick,
        tie_break=str(body["tie_break"]["seat"]) if "tie_break" in body else None,
        written=tuple(_written(body, path[len(prefix) :], action) for action, path in actions),
        tied=tuple(str(seat) for seat in body["tie_break"]["among"]) if "tie_break" in body else (),
    )


# ------------------------------------------------------------------ the writer


def record_fields(actions: Sequence[str]) -> dict[str, Any]:
    """Protocol action texts in replay order as a record's ``auction``, ``bury``, ``call``,
    ``cracks`` and ``plays`` (the inverse of :func:`plan_body`): a crack, re-crack, blitz or claim
    after the first card stands in the trick where it was made (after a complete trick, in a list
    of its own); a revoke is written ``S1 revoke 7C`` where it was played. A blitz made at the
    pick, before the bury (blitzing ``at-the-pick``), is written in the auction after the pick;
    one made after the bury in ``cracks`` (a replay makes it after the call too: the same hand).

    >>> record_fields(["S1 pass", "S2 pick", "S2 call AH", "S2 bury 7S 8S", "S4 crack", "S3 play QC"])
    {'auction': ['S1 pass', 'S2 pick'], 'call': 'AH', 'bury': ['7S', '8S'], 'cracks': ['S4 crack'], \
'plays': [['S3 QC']]}
    """
    buried = next((i for i, action in enumerate(actions) if action.split()[1] == "bury"), len(actions))
    fields: dict[str, Any] = {
        "auction": [
            a
            for i, a in enumerate(actions)
            if a.split()[1] in ("pick", "pass") or (i < buried and a.split()[1] == "blitz")
        ]
    }
    for action in actions:
        words = action.split()
        if words[1] == "bury":
            fields["bury"] = words[2:]
        elif words[1] == "alone":
            fields["call"] = "alone"
        elif words[1] == "call":
            fields["call"] = {"card": words[2], "under": words[4]} if "under" in words else words[2]
    cracks: list[str] = []
    tricks: list[list[str]] = []
    played = 0
    for i, action in enumerate(actions):
        verb = action.split()[1]
        if verb == "blitz" and i < buried:
            continue  # written in the auction
        if verb in NOT_TURN_VERBS:
            if tricks and played % 5 == 0:
                tricks.append([])
            (tricks[-1] if tricks else cracks).append(action)
        elif verb in ("play", "revoke"):
            if played % 5 == 0:
                tricks.append([])
            tricks[-1].append(action.replace(" play ", " "))
            played += 1
    if not fields["auction"]:
        del fields["auction"]
    if cracks:
        fields["cracks"] = cracks
    if tricks:
        fields["plays"] = tricks
    return fields


def deal_fields(deal: Deal, *, as_deck: bool = True) -> dict[str, Any]:
    """A record's ``dealer`` and ``deal``: the pack order when there is one (and ``as_deck``), else
    the five hands and the blind."""
    if as_deck and deal.deck is not None:
        return {"dealer": deal.dealer, "deal": {"deck": list(deal.deck)}}
    hands = {seat: list(deal.hands[seat]) for seat in SEATS}
    return {"dealer": deal.dealer, "deal": {"hands": hands, "blind": list(deal.blind)}}


def expect_fields(values: Mapping[str, Any]) -> dict[str, Any]:
    """An ``expect`` mapping in the order of :data:`~sheepshead_spec.records.EXPECTATIONS`.

    :raises ValueError: a key the format does not have (a writer's mistake).
    """
    unknown = sorted(set(values) - {kind.key for kind in EXPECTATIONS})
    if unknown:
        raise ValueError(f"not expectation keys of the record format: {', '.join(unknown)}")
    return {kind.key: values[kind.key] for kind in EXPECTATIONS if kind.key in values}


def result_fields(
    kind: str,
    scores: Mapping[str, int],
    *,
    picker: str | None = None,
    partner: str | None = None,
    picker_side: tuple[int, int] | None = None,
    defenders: tuple[int, int] | None = None,
    seat_points: Mapping[str, int] | None = None,
    seat_tricks: Mapping[str, int] | None = None,
    leaster_winner: str | None = None,
    tricks: Sequence[tuple[str, int]] = (),
) -> dict[str, Any]:
    """The end-of-hand ``expect`` of a finished hand, in the format's order: what the reference
    engine writes of a hand and the fuzzer of the reference's answer (the one writer of results).

    :param picker: the picker, if any: then the partner (``None``: nobody, alone) is written.
    :param picker_side: the picker's side's card points and tricks; ``defenders`` the same.
    :param leaster_winner: written when ``kind`` is ``leaster`` (``None``: nobody won it).
    :param tricks: each trick's winner and card points, in order.

    >>> result_fields("win", {"S2": -1, "S1": 2}, picker="S1", partner=None, picker_side=(61, 3))
    {'partner': None, 'picker_side': {'points': 61, 'tricks': 3}, 'outcome': 'win', 'scores': {'S1': 2, 'S2': -1}}
    """
    values: dict[str, Any] = {"outcome": kind, "scores": dict(sorted(scores.items()))}
    if tricks:
        values["tricks"] = [{"winner": winner, "points": points} for winner, points in tricks]
    if picker is not None:
        values["partner"] = partner
    if picker_side is not None:
        values["picker_side"] = {"points": picker_side[0], "tricks": picker_side[1]}
    if defenders is not None:
        values["defenders"] = {"points": defenders[0], "tricks": defenders[1]}
    if seat_points is not None:
        values["seat_points"] = dict(sorted(seat_points.items()))
    if seat_tricks is not None:
        values["seat_tricks"] = dict(sorted(seat_tricks.items()))
    if kind == "leaster":
        values["leaster_winner"] = leaster_winner
    return expect_fields(values)


def tie_break_fields(seat: str | None, among: Sequence[str]) -> dict[str, Any]:
    """A record's ``tie_break``: the seat the table's draw gave a tied leaster to, among the tied
    seats (hand-records.md 5.9); nothing when there was no tie."""
    return {"tie_break": {"seat": seat, "among": list(among)}} if seat is not None and among else {}


class _RecordDumper(yaml.SafeDumper):
    """Writes lists of scalars (cards, a trick) on one line, as the spec's examples do."""


def _flow_lists(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(not isinstance(item, (list, dict)) for item in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_RecordDumper.add_representer(list, _flow_lists)


def record_text(record: Mapping[str, Any]) -> str:
    """A record as YAML, lists of cards and actions on one line each."""
    return yaml.dump(dict(record), Dumper=_RecordDumper, sort_keys=False, allow_unicode=True, width=120)
