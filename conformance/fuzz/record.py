"""A fuzzed hand's divergence as a hand record (``spec/hand-records.md``) that ``check`` replays.

The record holds the deal, the configuration (every axis pinned), the actions up to the
divergence and what the reference says there, written by the format's one writer
(:mod:`sheepshead_spec.record_actions`): an action it refuses (``expect: illegal``), the
tricks, outcome and scores of a finished hand. Replayed by the reference, it holds; replayed by
the fuzzed engine, it shows the same divergence. A user can copy it into a fixture folder.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sheepshead_spec.record_actions import deal_fields, expect_fields, record_fields

from conformance.fuzz.driver import Divergence, HandPlay
from conformance.fuzz.expect import drawn_tie, outcome_expect, trick_expect
from conformance.fuzz.sessions import SessionPlay

__all__ = ["hand_record", "record_of", "session_record"]


def _actions_of(hand: HandPlay) -> list[str]:
    """The actions the record replays: the prefix, and the action the divergence is about."""
    divergence = hand.divergence
    assert divergence is not None
    actions = list(hand.actions[: divergence.at])
    if divergence.kind == "accepted" and divergence.rule is None:
        pass  # an action the reference cannot even read (no rule to expect): the record stops before it
    elif divergence.action is not None:
        actions.append(divergence.action)
    elif divergence.kind in ("trick", "outcome", "points", "scores", "stuck", "crash", "query"):
        actions = list(hand.actions)
    return actions


def _expect(hand: HandPlay, divergence: Divergence) -> dict[str, Any]:
    if divergence.kind == "query" and hand.expect is not None:
        return dict(hand.expect)  # what the queries were judged by
    if divergence.kind == "accepted":
        return {"illegal": {"rule": divergence.rule}} if divergence.rule else {}
    if divergence.kind not in ("trick", "outcome", "points", "scores", "stuck") or hand.reference is None:
        return {}
    reference = hand.reference
    expect: dict[str, Any] = {"tricks": trick_expect(reference.tricks)} if reference.tricks else {}
    if reference.outcome is not None:
        expect.update(outcome_expect(reference.outcome))  # what the fuzzer judged, by the record judge
    return expect_fields(expect)


def _header(kind: str, number: int, options: Mapping[str, str], divergence: Divergence, seed: str) -> dict[str, Any]:
    """The fields a hand and a session record of a divergence begin with."""
    return {
        "format": f"sheepshead-{kind}/1",
        "id": f"fuzz-{seed}-{number}",
        "description": f"Found by sheepshead-conformance fuzz (seed {seed}, from {kind} {number}): {divergence.describe()}",
        "rules": list(divergence.rules),
        "variants": dict(sorted(options.items())),
    }


def hand_record(hand: HandPlay, seed: str) -> dict[str, Any]:
    """The record of a divergent hand (``hand.divergence`` must be set)."""
    divergence = hand.divergence
    assert divergence is not None
    record: dict[str, Any] = {
        **_header("hand", hand.number, hand.options, divergence, seed),
        # A pack order when the engine was dealt one (its dealing is then part of what is checked).
        **deal_fields(hand.deal),
        **record_fields(_actions_of(hand)),
    }
    record.update(drawn_tie(hand.reference.outcome if hand.reference is not None else None, hand.options))
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
                **deal_fields(deal, as_deck=False),
                **record_fields(actions),
                **drawn_tie(replayed.outcome if replayed is not None else None, play.options),
                **({"expect": outcome_expect(replayed.outcome)} if replayed is not None and replayed.outcome else {}),
            }
        )
    record: dict[str, Any] = {**_header("session", play.number, play.options, divergence, seed), "hands": hands}
    if reference is not None and reference.rejected_hand is None and reference.totals:
        record["expect"] = {"totals": dict(sorted(reference.totals.items()))}
    return record


def record_of(play: HandPlay | SessionPlay, seed: str) -> dict[str, Any]:
    """The hand or session record of a divergent game: one ``check`` reads. An action the format
    cannot hold (a bury of four cards, the same card twice, an engine's garbled text) is not
    written: the record stops before it and its description names it, so the finding is kept."""
    record = session_record(play, seed) if isinstance(play, SessionPlay) else hand_record(play, seed)
    problems = _problems(record)
    if not problems or isinstance(play, SessionPlay):
        return record
    divergence = play.divergence
    assert divergence is not None
    kept = {key: value for key, value in record.items() if key not in ("expect", "tie_break", *_ACTION_KEYS)}
    kept.update(record_fields(list(play.actions[: divergence.at])))
    kept["description"] = (
        f"{record['description']}. The record stops before {divergence.action or 'the divergence'!r}, which a"
        f" record cannot hold ({problems[0]})"
    )
    return kept


_ACTION_KEYS = ("auction", "bury", "call", "cracks", "plays")


def _problems(record: dict[str, Any]) -> list[str]:
    """What the format's reader finds wrong with a record (``[]``: ``check`` reads it)."""
    from sheepshead_spec import load_spec
    from sheepshead_spec.record_actions import record_text
    from sheepshead_spec.records import RecordProblems, parse_record

    try:
        parse_record(record_text(record), load_spec(), file="record")
    except RecordProblems as error:
        return [str(problem).split(": ", 1)[-1] for problem in error.problems] or ["not a valid record"]
    return []
