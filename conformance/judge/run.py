"""Run cases against an engine in a plain loop and turn each run into a result.

:func:`run_cases` plans every case (:mod:`conformance.judge.plan`), runs the planned
configurations in order, and returns the judged results and the probes. A failed result carries
the rules of its first divergence (:attr:`~conformance.judge.results.CaseResult.blamed`) and its later
differences as consequences; an engine error stops only the case it happened in.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from sheepshead_spec import Spec

from conformance.adapter import Adapter, AdapterError, EngineInfo
from conformance.cases.following import shown_by_queries
from conformance.cases.model import NO_AIDS, Aids, Case, CaseRun, Check, Verdict, judged_rules
from conformance.judge.interrupt import RunInterrupted
from conformance.judge.plan import Planned, plan_case, plan_profiles
from conformance.judge.results import CaseResult, Progress, Status, areas_of
from conformance.judge.ruleset import RuleSet

__all__ = [
    "RunInterrupted",
    "SuiteRun",
    "engine_failure",
    "plan_all",
    "result_of",
    "run_cases",
    "run_planned",
    "status_of",
    "unreported_labels",
]

_NEEDS = re.compile(r"\(capability ([a-z-]+)\)$")
"""The capability a harness-side unsupported message names (a refusal only a replay shows)."""


@dataclass
class SuiteRun:
    """Everything one run produced: the one result type of ``run``, ``matrix``, the runner and the
    case loop (the pytest plugin keeps each item's :class:`CaseResult` instead)."""

    results: list[CaseResult] = field(default_factory=list)
    """Judged, unsupported, skipped and erring cases (what the summary counts)."""
    probes: list[CaseResult] = field(default_factory=list)
    """Probe runs (only for reading the engine's variants)."""
    rule_set: RuleSet | None = None
    """The engine's declared rule set (``None``: the engine did not start)."""
    info: EngineInfo | None = None
    """The engine's handshake answer (``None``: the engine did not start)."""
    profiles: tuple[str, ...] | None = None
    """The named profiles judged under, or ``None`` for the engine's own rule set."""
    interrupted: str | None = None
    """``SIGINT`` or ``SIGTERM`` when the run was stopped before its end (the results are those
    of the cases finished by then)."""
    planned: int = 0
    """How many judged runs were planned (of which :attr:`results` finished)."""
    seconds: float = 0.0


def _line(check: Check) -> str:
    return f"{check.location}: {check.label}: expected {check.expected}, got {check.actual}"


def result_of(planned: Planned, outcome: CaseRun | None, duration: float = 0.0) -> CaseResult:
    """The result of one planned run (``outcome`` ``None``: it did not run)."""
    case = planned.case
    base = CaseResult(
        case.id,
        case.kind,
        planned.profiles[0] if planned.profiles else "",
        case.rules,
        Status.PASSED,
        case.location,
        areas=areas_of(case.rules),
        config=planned.config,
        profiles=planned.profiles,
        probe=planned.status == "probe",
        duration=duration,
    )
    if outcome is None:
        status = Status.UNSUPPORTED if planned.status == "unsupported" else Status.SKIPPED
        return replace(base, status=status, message=planned.reason, reason=planned.reason)
    base = replace(base, checks=len(outcome.checks))
    status = status_of(outcome)  # the one order of precedence; below, only the details of each
    asked_as_queries = outcome.unasked or outcome.queried
    if asked_as_queries and outcome.unsupported is None and not outcome.unreported and status is not Status.ERROR:
        judged = judged_rules(case.rules, outcome.checks, shown_by_queries)  # what a query shows: judged in part
        if status is not Status.FAILED and not judged and case.rules:
            return _not_asked(base, outcome)
        unjudged = tuple(rule for rule in case.rules if rule not in judged)
        base = replace(base, rules=judged or case.rules, areas=areas_of(judged or case.rules), unjudged=unjudged)
    divergence = outcome.divergence
    if status is Status.FAILED and divergence is not None:
        return replace(
            base,
            status=Status.FAILED,
            location=divergence.location,
            message=f"{divergence.label}: expected {divergence.expected}, got {divergence.actual}",
            expected=divergence.expected,
            actual=divergence.actual,
            detail=divergence.note,
            blamed=divergence.rules,
            consequences=tuple(_line(c) for c in outcome.consequences),
        )
    if status is Status.ERROR:
        error = outcome.error
        if error is not None:
            return replace(
                base,
                status=status,
                location=outcome.error_location or case.location,
                message=f"engine error ({error.kind}): {error}",
                detail=error.detail,
                reason=f"engine error ({error.kind})",
            )
        return replace(base, status=status, message=f"suite error: {outcome.suite_error}", reason="suite error")
    if status is Status.UNSUPPORTED:
        if outcome.unsupported is not None:
            lacking = outcome.unsupported.removeprefix("the engine lacks ")
            needed = _NEEDS.search(outcome.unsupported)  # "… judged only through a replay (capability replay)"
            if lacking != outcome.unsupported:
                reason = f"{lacking} missing"
            elif needed:
                reason = f"capability {needed.group(1)} missing"
            else:
                reason = f"engine: {lacking}"
            return replace(base, status=status, message=outcome.unsupported, reason=reason)
        # Agreement on what the engine reports is not agreement with the case: never PASSED.
        labels = unreported_labels(outcome)
        return replace(
            base,
            status=status,
            message=f"the engine does not report {labels}",
            reason=f"engine does not report: {labels}",
        )
    return base


def _not_asked(base: CaseResult, outcome: CaseRun) -> CaseResult:
    """A run asked as queries that judged none of the case's rules: unsupported, as a replay is
    what it needs."""
    if outcome.unasked:
        first = outcome.unasked[0]
        message = f"no query asks what this case checks ({first.label}: {first.actual or 'it needs a replay'})"
    else:
        message = "no query's answer shows the rules this case checks (whose turn it is, the auction, …)"
    return replace(base, status=Status.UNSUPPORTED, message=message, reason="capability replay missing")


def unreported_labels(outcome: CaseRun) -> str:
    """What the engine left out, deduplicated: ``seat points, scores``."""
    seen: dict[str, None] = {}
    for check in outcome.unreported:
        seen.setdefault(check.label.split(": ")[-1], None)
    return ", ".join(seen)


def status_of(outcome: CaseRun) -> Status:
    """How one run of a case ends, by the same rules as :func:`result_of` (``check`` uses it)."""
    if outcome.divergence is not None:
        return Status.FAILED
    if outcome.error is not None or outcome.suite_error is not None:
        return Status.ERROR
    if outcome.unsupported is not None or outcome.unreported:
        return Status.UNSUPPORTED
    if outcome.unasked and not any(check.verdict is Verdict.AGREES for check in outcome.checks):
        return Status.UNSUPPORTED  # asked as queries, and no query asks anything the case checks
    return Status.PASSED


def plan_all(
    cases: Sequence[Case], info: EngineInfo, spec: Spec, profiles: Sequence[str] | None, *, probes: bool = True
) -> tuple[RuleSet, list[Planned]]:
    """Every planned run: under the engine's rule set (``profiles`` ``None``) or named profiles."""
    rules = RuleSet.of_engine(info, spec)
    planned: list[Planned] = []
    for case in cases:
        if profiles is None:
            planned += plan_case(case, rules, info, probes=probes)
        else:
            planned += plan_profiles(case, profiles, rules, info, spec)
    return rules, planned


def run_planned(item: Planned, adapter: Adapter, info: EngineInfo, aids: Aids = NO_AIDS) -> CaseResult:
    """Run one planned run (or say why it does not run): the one judge of ``run``, ``matrix`` and
    the pytest plugin (``aids``: the front end's help, :class:`~conformance.cases.model.Aids`)."""
    if item.run is None:
        return result_of(item, None)
    begun = time.perf_counter()
    outcome = item.case.run(adapter, info, item.run, aids)
    return result_of(item, outcome, time.perf_counter() - begun)


def engine_failure(cases: Sequence[Case], error: AdapterError) -> list[CaseResult]:
    """Every case as an engine error: the engine did not start or failed its handshake."""
    return [
        CaseResult(
            case.id,
            case.kind,
            "",
            case.rules,
            Status.ERROR,
            case.location,
            f"engine error ({error.kind}): {error}",
            detail=error.detail,
            areas=areas_of(case.rules),
            reason=f"engine error ({error.kind})",
        )
        for case in cases
    ]


def run_cases(
    cases: Sequence[Case],
    adapter: Adapter,
    info: EngineInfo,
    spec: Spec,
    profiles: Sequence[str] | None = None,
    *,
    progress: Progress | None = None,
    probes: bool = True,
    fail_fast: bool = False,
    aids: Aids = NO_AIDS,
) -> SuiteRun:
    """Run ``cases`` against an engine.

    :param aids: the front end's help (a hand built to reach a position, :class:`~conformance.cases.model.Aids`).

    :param profiles: ``None``: judge under the engine's own declared rule set (with probes that read
        its variants); else the named profiles.
    :param progress: called as each judged case finishes (``done``, ``total``, result).
    :param fail_fast: stop at the first failed or erring judged case.
    """
    started = time.perf_counter()
    rule_set, planned = plan_all(cases, info, spec, profiles, probes=probes)
    out = SuiteRun(rule_set=rule_set, info=info, profiles=tuple(profiles) if profiles else None)
    total = sum(1 for p in planned if p.status != "probe")
    out.planned = total
    try:
        for item in planned:
            result = run_planned(item, adapter, info, aids)
            if result.probe:
                out.probes.append(result)
                continue
            out.results.append(result)
            if progress is not None:
                progress(len(out.results), total, result)
            if fail_fast and result.status in (Status.FAILED, Status.ERROR):
                break
    except KeyboardInterrupt:
        out.interrupted = "SIGINT"
    except RunInterrupted as stop:
        out.interrupted = str(stop.args[0]) if stop.args else "SIGTERM"
    out.seconds = time.perf_counter() - started
    return out
