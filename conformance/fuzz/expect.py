"""The reference's answer to a fuzzed hand as a record's ``expect``, and the engine's answer judged
against it by the record judge (:func:`conformance.cases.records.judge_hand_end`).

The fuzzer has no outcome judge of its own: what it compares at the end of a hand is what
``check`` compares when it replays the record the fuzzer writes, with the same blame and the same
acceptance of another draw of a tied leaster (``leaster-tie: random``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from sheepshead_spec.record_actions import (
    HandPlan,
    deal_fields,
    plan_body,
    record_fields,
    result_fields,
    tie_break_fields,
)

from conformance.adapter import Deal, HandOutcome, ReplayResponse
from conformance.cases.model import Check, Verdict
from conformance.cases.records import SpecFacts, judge_hand_end

__all__ = ["divergent_check", "drawn_tie", "facts", "outcome_expect", "played_plan", "trick_expect"]


def trick_expect(tricks: Sequence[Any]) -> list[dict[str, Any]]:
    """Each trick's winner and points (tricks with ``winner`` and ``points``)."""
    return [{"winner": trick.winner, "points": trick.points} for trick in tricks]


def outcome_expect(outcome: HandOutcome) -> dict[str, Any]:
    """The end-of-hand expectations of a finished hand, from the reference's outcome, written by
    the format's one writer (:func:`~sheepshead_spec.record_actions.result_fields`)."""

    def pair(points: int | None, tricks: int | None) -> tuple[int, int] | None:
        return None if points is None or tricks is None else (points, tricks)

    return result_fields(
        outcome.kind,
        outcome.scores,
        picker=outcome.picker,
        partner=outcome.partner,
        picker_side=pair(outcome.picker_side_points, outcome.picker_side_tricks),
        defenders=pair(outcome.defender_points, outcome.defender_tricks),
        seat_points=outcome.seat_points,
        seat_tricks=outcome.seat_tricks,
        leaster_winner=outcome.leaster_winner,
    )


def drawn_tie(outcome: HandOutcome | None, options: Mapping[str, str]) -> dict[str, Any]:
    """The reference's draw for a leaster tie under ``leaster-tie: random``, as a record states it."""
    if outcome is None or options.get("leaster-tie") != "random":
        return {}
    return tie_break_fields(outcome.leaster_winner, outcome.leaster_tied or ())


def played_plan(
    deal: Deal,
    actions: Sequence[str],
    options: Mapping[str, str],
    outcome: HandOutcome | None,
    expect: Mapping[str, Any] | None = None,
) -> HandPlan:
    """The plan of a played hand: the same plan ``check`` makes of the record the fuzzer writes.
    Its ``expect`` is ``expect`` when given, else the reference's ``outcome``."""
    body: dict[str, Any] = {**deal_fields(deal, as_deck=False), **record_fields(actions)}
    body.update(drawn_tie(outcome, options))
    if expect is not None:
        body["expect"] = dict(expect)
    elif outcome is not None:
        body["expect"] = outcome_expect(outcome)
    return plan_body(body, (), options)


@cache
def facts() -> SpecFacts:
    """The spec's facts the record judge reads, loaded once."""
    from sheepshead_spec import load_spec

    return SpecFacts.of(load_spec())


def divergent_check(
    deal: Deal,
    actions: Sequence[str],
    options: Mapping[str, str],
    want: HandOutcome,
    got: HandOutcome,
) -> Check | None:
    """The first end-of-hand check the engine's outcome fails, by the record judge; ``None`` when
    it agrees. A value the engine does not report is never a divergence."""
    plan = played_plan(deal, actions, options, want)
    response = ReplayResponse(applied=len(actions), phase="scored", outcome=got)
    for check in judge_hand_end(plan, response, options, facts()):
        if check.verdict is Verdict.DIFFERS:
            return check
    return None
