"""Run cases against an engine in a plain loop and turn each run into a result.

:func:`run_cases` plans every case (:mod:`conformance.judge.plan`), runs the planned
configurations in order, and returns the judged results and the probes. A failed result carries
the rules of its first divergence (:attr:`~conformance.results.CaseResult.blamed`) and its later
differences as consequences; an engine error stops only the case it happened in.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from sheepshead_spec import Spec

from conformance.adapter import Adapter, EngineInfo
from conformance.cases.model import Case, CaseRun, Check, Verdict
from conformance.judge.plan import Planned, plan_case, plan_profiles
from conformance.judge.ruleset import RuleSet
from conformance.results import CaseResult, Status, areas_of

__all__ = ["RunResults", "result_of", "run_cases"]

Progress = Callable[[int, int, CaseResult], None]


@dataclass
class RunResults:
    """Everything one run produced."""

    results: list[CaseResult] = field(default_factory=list)
    """Judged, unsupported, skipped and erring cases (what the summary counts)."""
    probes: list[CaseResult] = field(default_factory=list)
    """Probe runs (only for reading the engine's variants)."""
    seconds: float = 0.0


def _line(check: Check) -> str:
    return f"{check.location}: {check.label}: expected {check.expected}, got {check.actual}"


def result_of(planned: Planned, outcome: CaseRun | None, duration: float = 0.0) -> CaseResult:
    """The result of one planned run (``outcome`` ``None``: it did not run)."""
    case = planned.case
    base = dict(case_id=case.id, kind=case.kind, profile=planned.profiles[0] if planned.profiles else "",
                rules=case.rules, location=case.location, areas=areas_of(case.rules), config=planned.config,
                profiles=planned.profiles, probe=planned.status == "probe", duration=duration)  # fmt: skip
    if outcome is None:
        status = Status.UNSUPPORTED if planned.status == "unsupported" else Status.SKIPPED
        return CaseResult(status=status, message=planned.reason, reason=planned.reason, **base)  # type: ignore[arg-type]
    checks = len(outcome.checks)
    divergence = outcome.divergence
    consequences = tuple(_line(check) for check in outcome.consequences)
    if divergence is not None:
        return CaseResult(status=Status.FAILED, message=f"{divergence.label}: expected {divergence.expected}, "
                          f"got {divergence.actual}", expected=divergence.expected, actual=divergence.actual,
                          detail=divergence.note, blamed=divergence.rules, consequences=consequences,
                          checks=checks, **{**base, "location": divergence.location})  # type: ignore[arg-type]  # fmt: skip
    if outcome.error is not None:
        error = outcome.error
        return CaseResult(status=Status.ERROR, message=f"engine error ({error.kind}): {error}", detail=error.detail,
                          checks=checks, reason=f"engine error ({error.kind})",
                          **{**base, "location": outcome.error_location or case.location})  # type: ignore[arg-type]  # fmt: skip
    if outcome.suite_error is not None:
        return CaseResult(status=Status.ERROR, message=f"suite error: {outcome.suite_error}", checks=checks,
                          reason="suite error", **base)  # type: ignore[arg-type]
    if outcome.unsupported is not None:
        reason = outcome.unsupported.removeprefix("the engine lacks ")
        reason = f"{reason} missing" if reason != outcome.unsupported else f"engine: {reason}"
        return CaseResult(status=Status.UNSUPPORTED, message=outcome.unsupported, reason=reason, checks=checks,
                          **base)  # type: ignore[arg-type]
    return CaseResult(status=Status.PASSED, checks=checks, **base)  # type: ignore[arg-type]


def plan_all(cases: Sequence[Case], info: EngineInfo, spec: Spec, profiles: Sequence[str] | None,
             *, probes: bool = True) -> tuple[RuleSet, list[Planned]]:  # fmt: skip
    """Every planned run: under the engine's rule set (``profiles`` ``None``) or named profiles."""
    rules = RuleSet.of_engine(info, spec)
    planned: list[Planned] = []
    for case in cases:
        if profiles is None:
            planned += plan_case(case, rules, info, probes=probes)
        else:
            planned += plan_profiles(case, profiles, rules, info, spec)
    return rules, planned


def run_cases(cases: Sequence[Case], adapter: Adapter, info: EngineInfo, spec: Spec,
              profiles: Sequence[str] | None = None, *, progress: Progress | None = None,
              probes: bool = True, fail_fast: bool = False) -> RunResults:  # fmt: skip
    """Run ``cases`` against an engine.

    :param profiles: ``None``: judge under the engine's own declared rule set (with probes that read
        its variants); else the named profiles.
    :param progress: called as each judged case finishes (``done``, ``total``, result).
    :param fail_fast: stop at the first failed or erring judged case.
    """
    started = time.perf_counter()
    _, planned = plan_all(cases, info, spec, profiles, probes=probes)
    out = RunResults()
    total = sum(1 for p in planned if p.status != "probe")
    for item in planned:
        if item.run is None:
            result = result_of(item, None)
        else:
            begun = time.perf_counter()
            outcome = item.case.run(adapter, info, item.run)
            result = result_of(item, outcome, time.perf_counter() - begun)
        if result.probe:
            out.probes.append(result)
            continue
        out.results.append(result)
        if progress is not None:
            progress(len(out.results), total, result)
        if fail_fast and result.status in (Status.FAILED, Status.ERROR):
            break
    out.seconds = time.perf_counter() - started
    return out


def verdict_of(outcome: CaseRun) -> Verdict | None:
    """The verdict of a run's first differing check (``None`` when none differs)."""
    divergence = outcome.divergence
    return divergence.verdict if divergence is not None else None
