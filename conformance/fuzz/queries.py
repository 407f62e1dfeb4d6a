"""Fuzzing through queries: a random hand, played on the reference, asked of the engine as the
queries a hand record is asked as (:func:`conformance.cases.record_queries.judge_by_queries`).

For an engine with queries and no steps (a rules library): at every play the ``legal-plays``
query of the seat to act, compared with the reference's whole legal set; at every call the
``callable-cards`` query; at every complete trick ``trick-winner`` and ``card-points``; at the end
of a hand with a picker the ``score`` query. The hand's expectations are the reference's, written
as a record states them, and judged by the record judge, so the record the fuzzer writes for a
divergence shows it again under ``check``.
"""

from __future__ import annotations

from typing import Any

from sheepshead_spec.record_actions import expect_fields

from conformance.adapter import Adapter, EngineInfo
from conformance.cases.model import Verdict
from conformance.cases.records import judge_queries
from conformance.fuzz.classes import check_difference
from conformance.fuzz.driver import Divergence, PreparedHand
from conformance.fuzz.expect import facts, outcome_expect, played_plan, trick_expect

__all__ = ["judge_by_queries_of", "query_capable", "query_expect"]


def query_expect(prepared: PreparedHand) -> dict[str, Any]:
    """The reference's expectations of a prepared hand, as a record states them: each complete
    trick, the legal set at every play, and the end of a finished hand."""
    hand = prepared.hand
    assert hand.reference is not None
    legal: list[dict[str, Any]] = []
    plays = 0
    for decision in prepared.decisions:
        if decision.action.split()[1] != "play":
            continue
        cards = sorted(a.split()[2] for a in decision.legal if a.split()[1] == "play")
        legal.append({"after": plays, "seat": decision.turn, "cards": cards})
        plays += 1
    expect: dict[str, Any] = {}
    if hand.reference.tricks:
        expect["tricks"] = trick_expect(hand.reference.tricks)
    if hand.reference.outcome is not None:
        expect.update(outcome_expect(hand.reference.outcome))
    if legal:
        expect["legal"] = legal
    return expect_fields(expect)


def judge_by_queries_of(prepared: PreparedHand, engine: Adapter, info: EngineInfo) -> None:
    """Ask the engine the hand's queries and set the hand's first divergence, if any.

    :raises Unsupported: the hand needs what no query the engine has expresses.
    """
    hand = prepared.hand
    actions = [decision.action for decision in prepared.decisions]
    hand.actions = list(actions)
    hand.expect = query_expect(prepared)
    outcome = hand.reference.outcome if hand.reference is not None else None
    plan = played_plan(hand.deal, actions, hand.options, outcome, hand.expect)
    checks = judge_queries(plan, engine, info, prepared.sent, hand.options, facts())
    for check in checks:
        if check.verdict is Verdict.DIFFERS:
            hand.divergence = Divergence(
                "query",
                len(actions),
                f"{check.label}: {check.expected}",
                check.actual,
                check.rules,
                about=f"query-{check_difference(check.label, check.expected)}",
            )
            return


def query_capable(info: EngineInfo) -> bool:
    """Whether the engine answers any query a hand is asked as."""
    from conformance.cases.record_queries import QUERY_CAPABILITIES

    return bool(info.capabilities & QUERY_CAPABILITIES)
