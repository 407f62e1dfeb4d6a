"""An axis the handshake leaves out (one added to the spec after the engine was written) is
judged at its default and never sent to the engine; an empty list still means none of the
listed options (PROTOCOL.md 4.2)."""

from __future__ import annotations

import dataclasses
from typing import Any

from sheepshead_spec import load_spec

from conformance.adapter import EngineInfo
from conformance.engines.reference import ReferenceAdapter
from conformance.judge.results import Status
from conformance.judge.ruleset import RuleSet
from conformance.runner import run_engine

SPEC = load_spec()
LEFT_OUT = "leaster-tie"


class WrittenBeforeTheAxis(ReferenceAdapter):
    """The reference engine, its handshake without one axis, refusing any request naming it."""

    def __init__(self, info_change: dict[str, Any] | None = None) -> None:
        super().__init__()
        base = super().info()
        options = {axis: values for axis, values in base.options.items() if axis != LEFT_OUT}
        self._mine = dataclasses.replace(base, options={**options, **(info_change or {})})
        self.sent: list[dict[str, str]] = []

    def info(self) -> EngineInfo:
        return self._mine

    def _exchange(self, request_id: int, kind: str, message: dict[str, Any]) -> Any:
        if "options" in message:
            self.sent.append(dict(message["options"]))
            if LEFT_OUT in message["options"]:
                return {"id": request_id, "error": {"code": "invalid-request", "message": f"unknown axis {LEFT_OUT}"}}
        return super()._exchange(request_id, kind, message)


def test_an_axis_left_out_is_judged_at_its_default_and_never_sent() -> None:
    engine = WrittenBeforeTheAxis()
    rules = RuleSet.of_engine(engine.info(), SPEC)
    assert rules.plays(LEFT_OUT) == ("no-exchange",) and rules.describe(LEFT_OUT).startswith(
        "no-exchange (not declared"
    )
    ran = run_engine(engine, areas=["leaster"])
    statuses = {result.status for result in ran.results}
    assert Status.PASSED in statuses and not statuses & {Status.FAILED, Status.ERROR}, statuses
    tie_cases = [r for r in ran.results if "leaster-tie" in str(r.case_id) or "tie" in str(r.case_id)]
    assert any(r.status is Status.PASSED for r in tie_cases)  # the default's cases run
    assert engine.sent and all(LEFT_OUT not in options for options in engine.sent)


def test_an_empty_list_still_means_none_of_the_listed() -> None:
    rules = RuleSet.of_engine(WrittenBeforeTheAxis({LEFT_OUT: ()}).info(), SPEC)
    assert rules.plays(LEFT_OUT) == () and LEFT_OUT not in rules.assumed


def test_the_reading_says_the_axis_was_not_declared() -> None:
    from conformance.judge.verdict import read_behaviour

    engine = WrittenBeforeTheAxis()
    ran = run_engine(engine, areas=["leaster"])
    reading = read_behaviour(ran.results, ran.probes, RuleSet.of_engine(engine.info(), SPEC), SPEC)
    described = reading.axis(LEFT_OUT).describe()  # type: ignore[union-attr]
    assert described.startswith("not declared, judged at leaster-tie=no-exchange (the default); "), described


class KnowsNoCracking(ReferenceAdapter):
    """An engine written before the cracking axes: its handshake leaves them out, and it cannot
    read a crack, a re-crack or a blitz (refused with no rule, or with ``named``)."""

    def __init__(self, named: str | None = None) -> None:
        super().__init__()
        self.named = named

    def info(self) -> EngineInfo:
        base = super().info()
        new = ("cracking", "blitzing", "stakes-cap")
        return dataclasses.replace(base, options={a: o for a, o in base.options.items() if a not in new})

    def _exchange(self, request_id: int, kind: str, message: dict[str, Any]) -> Any:
        actions = message.get("actions") or []
        unknown = [i for i, action in enumerate(actions) if action.split()[1] in ("crack", "recrack", "blitz")]
        if kind != "replay" or not unknown:
            return super()._exchange(request_id, kind, message)
        reply = super()._exchange(request_id, kind, {**message, "actions": actions[: unknown[0]]})
        rejected = {"index": unknown[0], "rule": self.named, "message": f"unknown action {actions[unknown[0]]!r}"}
        return {**reply, "rejected": rejected}


def test_a_rule_of_an_axis_left_out_need_not_be_named() -> None:
    """crack.table-choice is a rule of the cracking axis: an engine that never heard of cracking
    refuses a crack without naming it, and passes; naming another rule is still a failure."""
    ran = run_engine(KnowsNoCracking(), areas=["crack"])
    statuses = {result.status for result in ran.results}
    assert Status.PASSED in statuses and Status.FAILED not in statuses, statuses
    wrong = run_engine(KnowsNoCracking(named="play.first-lead"), areas=["crack"])
    failed = [r for r in wrong.results if r.status is Status.FAILED]
    assert failed and all("crack.table-choice" in r.blamed for r in failed), [(r.case_id, r.blamed) for r in failed]
