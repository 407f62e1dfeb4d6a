"""A fuzzed hand's divergence as a hand record (``spec/hand-records.md``) that ``check`` replays.

The record holds the deal, the configuration (every axis pinned), the actions up to the
divergence and what the reference says there: an action it refuses (``expect: illegal``), the
tricks, outcome and scores of a finished hand. Replayed by the reference, it holds; replayed by
the fuzzed engine, it shows the same divergence. A user can copy it into a fixture folder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import yaml

from conformance.adapter import NOT_TURN_VERBS, Deal, HandOutcome
from conformance.fuzz.driver import Divergence, HandPlay
from conformance.fuzz.sessions import SessionPlay

__all__ = ["hand_record", "record_of", "record_text", "session_record"]


def _actions_of(hand: HandPlay) -> list[str]:
    """The actions the record replays: the prefix, and the action the divergence is about."""
    divergence = hand.divergence
    assert divergence is not None
    actions = list(hand.actions[: divergence.at])
    if divergence.kind == "accepted" and divergence.rule is None:
        pass  # an action the reference cannot even read (no rule to expect): the record stops before it
    elif divergence.action is not None:
        actions.append(divergence.action)
    elif divergence.kind in ("trick", "outcome", "points", "scores", "stuck", "crash"):
        actions = list(hand.actions)
    return actions


def _fields(actions: Sequence[str]) -> dict[str, Any]:
    fields: dict[str, Any] = {"auction": [a for a in actions if a.split()[1] in ("pick", "pass")]}
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
    for action in actions:
        verb = action.split()[1]
        if verb in NOT_TURN_VERBS:  # in the window; after the first card (or a claim), where it was made
            if tricks and played % 5 == 0:
                tricks.append([])  # after a complete trick: a list of its own
            (tricks[-1] if tricks else cracks).append(action)
        elif verb == "play":
            if played % 5 == 0:
                tricks.append([])
            tricks[-1].append(action.replace(" play ", " "))
            played += 1
    if cracks:
        fields["cracks"] = cracks
    if tricks:
        fields["plays"] = tricks
    return fields


def _expect(hand: HandPlay, divergence: Divergence) -> dict[str, Any]:
    if divergence.kind == "accepted":
        return {"illegal": {"rule": divergence.rule}} if divergence.rule else {}
    if divergence.kind not in ("trick", "outcome", "points", "scores", "stuck") or hand.reference is None:
        return {}
    reference = hand.reference
    expect: dict[str, Any] = {}
    if reference.tricks:
        expect["tricks"] = [{"winner": t.winner, "points": t.points} for t in reference.tricks]
    outcome = reference.outcome
    if outcome is not None:
        if outcome.picker_side_points is not None and outcome.picker_side_tricks is not None:
            expect["picker_side"] = {"points": outcome.picker_side_points, "tricks": outcome.picker_side_tricks}
        if outcome.seat_points is not None:
            expect["seat_points"] = dict(sorted(outcome.seat_points.items()))
        expect["outcome"] = outcome.kind
        if outcome.leaster_winner is not None:
            expect["leaster_winner"] = outcome.leaster_winner
        expect["scores"] = dict(sorted(outcome.scores.items()))
    return expect


def _tie_break(outcome: HandOutcome | None, options: Mapping[str, str]) -> dict[str, Any]:
    """The reference's draw for a leaster tie under ``leaster-tie: random``, as a record states it."""
    if outcome is None or not outcome.leaster_tied or outcome.leaster_winner is None:
        return {}
    if options.get("leaster-tie") != "random":
        return {}
    return {"tie_break": {"seat": outcome.leaster_winner, "among": list(outcome.leaster_tied)}}


def _header(kind: str, number: int, options: Mapping[str, str], divergence: Divergence, seed: str) -> dict[str, Any]:
    """The fields a hand and a session record of a divergence begin with."""
    return {
        "format": f"sheepshead-{kind}/1",
        "id": f"fuzz-{seed}-{number}",
        "description": f"Found by sheepshead-conformance fuzz (seed {seed}, from {kind} {number}): {divergence.describe()}",
        "rules": list(divergence.rules),
        "variants": dict(sorted(options.items())),
    }


def _hands_and_blind(deal: Deal) -> dict[str, Any]:
    return {"hands": {seat: list(cards) for seat, cards in sorted(deal.hands.items())}, "blind": list(deal.blind)}


def hand_record(hand: HandPlay, seed: str) -> dict[str, Any]:
    """The record of a divergent hand (``hand.divergence`` must be set)."""
    divergence = hand.divergence
    assert divergence is not None
    record: dict[str, Any] = {
        **_header("hand", hand.number, hand.options, divergence, seed),
        "dealer": hand.deal.dealer,
        # A pack order when the engine was dealt one (its dealing is then part of what is checked).
        "deal": {"deck": list(hand.deal.deck)} if hand.deal.deck is not None else _hands_and_blind(hand.deal),
        **_fields(_actions_of(hand)),
    }
    record.update(_tie_break(hand.reference.outcome if hand.reference is not None else None, hand.options))
    expect = _expect(hand, divergence)
    if expect:
        record["expect"] = expect
    return record


def session_record(play: SessionPlay, seed: str) -> dict[str, Any]:
    """The record of a divergent session: every hand, and the reference's totals (or the hand it
    refuses)."""
    divergence = play.divergence
    assert divergence is not None
    hands = []
    reference = play.reference
    for index, (deal, actions) in enumerate(play.hands):
        replayed = reference.hands[index] if reference is not None and index < len(reference.hands) else None
        hands.append(
            {
                "dealer": deal.dealer,
                "deal": _hands_and_blind(deal),
                **_fields(actions),
                **_tie_break(replayed.outcome if replayed is not None else None, play.options),
            }
        )
    record: dict[str, Any] = {**_header("session", play.number, play.options, divergence, seed), "hands": hands}
    if reference is not None and reference.rejected_hand is None and reference.totals:
        record["expect"] = {"totals": dict(sorted(reference.totals.items()))}
    return record


def record_of(play: HandPlay | SessionPlay, seed: str) -> dict[str, Any]:
    """The hand or session record of a divergent game."""
    return session_record(play, seed) if isinstance(play, SessionPlay) else hand_record(play, seed)


class _Dumper(yaml.SafeDumper):
    pass


def _flow_lists(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(not isinstance(item, (list, dict)) for item in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(list, _flow_lists)


def record_text(record: dict[str, Any]) -> str:
    """The record as YAML, lists of cards and actions on one line each."""
    return yaml.dump(record, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=120)
