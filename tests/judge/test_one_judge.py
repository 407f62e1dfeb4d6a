"""``run`` and ``check`` are one judge: on every hand and session fixture, for engines that answer
wrongly in different ways, both give the same verdict and blame the same rules.

Each engine is wrapped so that it declares and plays exactly the configuration ``check`` replays
the record under (the ``standard`` profile with the record's ``variants`` on top): ``run`` then
judges the fixture's case under that one configuration, as ``check`` does.
"""

from __future__ import annotations

import dataclasses
import re
from functools import cache
from pathlib import Path

import pytest
from sheepshead_spec import load_spec
from sheepshead_spec.record_actions import configuration, load_record

from conformance.adapter import (
    Adapter,
    AdapterError,
    Rejection,
    ReplayRequest,
    ReplayResponse,
    SessionRequest,
    SessionResponse,
)
from conformance.cases.catalog import suite_cases
from conformance.cases.model import Case
from conformance.engines.reference import ReferenceAdapter
from conformance.gates.mutants import MUTANTS, MutantAdapter
from conformance.judge.results import Status
from conformance.judge.run import run_cases

from ..harness.synthetic import run_cli
from .fixed_rules import FixedRulesEngine

REPO = Path(__file__).resolve().parents[2]


class _NoSeatPoints(ReferenceAdapter):
    """Leaves per-seat points and tricks out of every outcome (``seat_points: null``)."""

    def replay(self, request: ReplayRequest) -> ReplayResponse:
        return _without_seats(super().replay(request))

    def session(self, request: SessionRequest) -> SessionResponse:
        reply = super().session(request)
        return dataclasses.replace(reply, hands=[_without_seats(hand) for hand in reply.hands])


def _without_seats(response: ReplayResponse) -> ReplayResponse:
    if response.outcome is None:
        return response
    return dataclasses.replace(
        response, outcome=dataclasses.replace(response.outcome, seat_points=None, seat_tricks=None)
    )


class _NamesNoRule(ReferenceAdapter):
    """Rejects what it should, but names another rule for every rejection."""

    def replay(self, request: ReplayRequest) -> ReplayResponse:
        response = super().replay(request)
        if response.rejected is None:
            return response
        return dataclasses.replace(response, rejected=Rejection(response.rejected.index, "play.follow-suit", "no"))


class _SessionCrash(ReferenceAdapter):
    """Crashes on every session request."""

    def session(self, request: SessionRequest) -> SessionResponse:
        raise AdapterError("crash", "the engine exited with status 139")


WRONG_ENGINES = {
    "jack order swapped": lambda: MutantAdapter(MUTANTS["ranking.jack-order-swapped"]),
    "must trump when void": lambda: MutantAdapter(MUTANTS["play.void-must-trump"]),
    "schneider at 90": lambda: MutantAdapter(MUTANTS["scoring.schneider-at-ninety"]),
    "bury to the defenders": lambda: MutantAdapter(MUTANTS["points.bury-to-defenders"]),
    "own ace callable": lambda: MutantAdapter(MUTANTS["call.own-ace-accepted"]),
    "dealer does not rotate": lambda: MutantAdapter(MUTANTS["session.deal-does-not-rotate"]),
    "no seat points": _NoSeatPoints,
    "wrong rule ids": _NamesNoRule,
    "session crash": _SessionCrash,
}


@cache
def _fixture_cases() -> dict[str, Case]:
    return {case.id: case for case in suite_cases() if case.kind == "fixture"}


@cache
def _standard_options(case_id: str) -> dict[str, str]:
    """A fixture's options under the standard profile (read once for every wrong engine)."""
    spec = load_spec()
    return configuration(load_record(REPO / case_id, spec), spec, "standard")


def _check_verdict(path: Path, engine: Adapter) -> tuple[Status, tuple[str, ...]]:
    """``check``'s verdict on a record, from its exit status and verdict line."""
    outcome = run_cli(["check", str(path), "--engine", "wrapped"], loader=lambda text: engine)
    assert "Traceback" not in outcome.err
    blamed: tuple[str, ...] = ()
    match = re.search(r"^Verdict: FAILED: .* blamed on (.+?)(?:; \d+ later .*)?\.$", outcome.out, re.MULTILINE)
    if match:
        blamed = tuple(match.group(1).split(", "))
    status = {0: Status.PASSED, 1: Status.FAILED, 3: Status.UNSUPPORTED}.get(outcome.status)
    if outcome.status == 1 and "The engine gave no ruling: engine error" in outcome.out:
        status = Status.ERROR
    if outcome.status == 3 and "Verdict: NOT APPLICABLE: " in outcome.out:
        status = Status.SKIPPED
    assert status is not None, f"check exited {outcome.status}: {outcome.err}"
    return status, blamed


@pytest.mark.parametrize("engine_name", sorted(WRONG_ENGINES))
def test_run_and_check_give_the_same_verdict_on_every_fixture(engine_name: str) -> None:
    spec = load_spec()
    statuses: set[Status] = set()
    for case_id, case in _fixture_cases().items():
        path = REPO / case_id
        options = _standard_options(case_id)
        engine = FixedRulesEngine(WRONG_ENGINES[engine_name](), options, name=engine_name)
        info = engine.info()
        (result,) = run_cases([case], engine, info, spec, probes=False).results
        # the engine plays `options` whatever it is asked; run reads the expectations for them
        assert all(options[axis] == option for axis, option in result.config), case_id
        status, blamed = _check_verdict(path, engine)
        assert (status, blamed) == (result.status, result.blamed), case_id
        statuses.add(status)
    # each wrong engine is caught somewhere, and passes elsewhere (the engines are wrong, not broken)
    assert Status.PASSED in statuses and statuses & {Status.FAILED, Status.ERROR, Status.UNSUPPORTED}


def test_an_unreported_value_is_unsupported_under_both() -> None:
    """The engine answer ``seat_points: null`` on a record that expects seat points is not a
    pass and not a failure: *unsupported* under ``run`` and exit 3 under ``check``."""
    spec = load_spec()
    case_id = "fixtures/hands/leaster-blind-decides.yaml"
    options = configuration(load_record(REPO / case_id, spec), spec, "standard")
    engine = FixedRulesEngine(_NoSeatPoints(), options, name="no seat points")
    (result,) = run_cases([_fixture_cases()[case_id]], engine, engine.info(), spec, probes=False).results
    assert result.status is Status.UNSUPPORTED
    assert result.reason == "engine does not report: seat points, seat tricks"
    outcome = run_cli(["check", str(REPO / case_id), "--engine", "wrapped"], loader=lambda text: engine)
    assert outcome.status == 3
    assert "  unchecked seat points: " in outcome.out
    assert "Verdict: UNSUPPORTED: the engine does not report seat points, seat tricks;" in outcome.out
