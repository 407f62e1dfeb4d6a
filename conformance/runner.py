"""Run the conformance suite against an engine and return one :class:`~conformance.judge.results.CaseResult` per run.

:func:`run_engine` runs the suite's cases (:mod:`conformance.cases`), built once, planned under
the engine's declared rule set or named profiles, in a plain loop (:mod:`conformance.judge`).
:func:`run_suite`, which ``sheepshead-conformance run`` and ``matrix`` still call, runs the same
suite through pytest and the plugin (:mod:`conformance.plugin`), as
``pytest --pyargs conformance.suite`` does.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest
from sheepshead_spec import Spec, SpecError, load_spec

from conformance.adapter import Adapter, AdapterError, EngineInfo
from conformance.cases.catalog import load_cases, suite_cases
from conformance.cases.model import Case
from conformance.cases.records import RecordCaseProblems
from conformance.cases.scenarios import ScenarioProblems
from conformance.engines.loading import load_engine
from conformance.judge.ruleset import RuleSet
from conformance.judge.run import run_cases
from conformance.judge.selection import Selection, SelectionError
from conformance.plugin import PROPERTY, SUITE_DIR, UNSUPPORTED_PREFIX
from conformance.judge.results import CaseResult, Status, areas_of

__all__ = ["Progress", "SuiteRun", "UsageError", "run_engine", "run_suite"]

Progress = Callable[[int, int, CaseResult], None]
"""``progress(done, total, result)``: called once per case as soon as it has finished."""


class UsageError(Exception):
    """The run cannot be carried out as asked: an unknown profile or area, or a suite that does not
    collect (an invalid feature or fixture; the message lists each ``file:line`` problem)."""


class _BrokenEngine:
    """Stands for an engine that failed to start: every case then reports the engine error."""

    def __init__(self, error: AdapterError) -> None:
        self.error = error

    def info(self) -> EngineInfo:
        raise self.error

    def close(self) -> None:
        """Nothing to release."""


class _EngineProvider:
    """A pytest plugin object handing the runner's adapter to :mod:`conformance.plugin`."""

    def __init__(self, adapter: Any) -> None:
        self.sheepshead_adapter = adapter


@dataclass
class _Case:
    reports: list[pytest.TestReport] = field(default_factory=list)


def _properties(report: pytest.TestReport) -> dict[str, str]:
    return {str(name): str(value) for name, value in report.user_properties}


def _skip_reason(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr or "")


def _crash_message(report: pytest.TestReport) -> str:
    crash = getattr(report.longrepr, "reprcrash", None)
    if crash is not None:
        return str(crash.message)
    text = report.longreprtext.strip()
    return text.splitlines()[-1] if text else "failed"


def case_result(reports: Sequence[pytest.TestReport]) -> CaseResult | None:
    """The result of one test item from its setup/call/teardown reports (``None``: not a suite case).

    :param reports: the item's reports, the teardown report last.
    """
    props = _properties(reports[-1])
    if PROPERTY.CASE not in props:
        return None
    rules = tuple(props.get(PROPERTY.RULES, "").split())
    failed = [r for r in reports if r.failed]
    skipped = [r for r in reports if r.skipped]
    expected = actual = detail = message = ""
    location = props.get(PROPERTY.FAILED_AT) or props.get(PROPERTY.LOCATION, "")
    if failed:
        report = failed[0]
        if props.get(PROPERTY.STATUS) == "error":
            status = Status.ERROR
            message = props.get(PROPERTY.MESSAGE) or _crash_message(report)
            detail = props.get(PROPERTY.DETAIL, "")
        else:
            status = Status.FAILED if report.when == "call" or PROPERTY.EXPECTED in props else Status.ERROR
            message = props.get(PROPERTY.MESSAGE) or _crash_message(report)
            expected = props.get(PROPERTY.EXPECTED, "")
            actual = props.get(PROPERTY.ACTUAL, "")
            if PROPERTY.EXPECTED not in props:  # not a rule finding: keep the traceback for the report
                detail = report.longreprtext
    elif skipped:
        message = _skip_reason(skipped[0])
        status = Status.UNSUPPORTED if message.startswith(UNSUPPORTED_PREFIX) else Status.SKIPPED
    else:
        status = Status.PASSED
    return CaseResult(
        case_id=props[PROPERTY.CASE],
        kind=props.get(PROPERTY.KIND, "scenario"),
        profile=props.get(PROPERTY.PROFILE, ""),
        rules=rules,
        status=status,
        location=location,
        message=message,
        expected=expected,
        actual=actual,
        detail=detail,
        duration=sum(r.duration for r in reports),
        areas=areas_of(rules),
    )


class _Collector:
    """A pytest plugin object turning reports into :class:`CaseResult` values."""

    def __init__(self, progress: Progress | None) -> None:
        self.progress = progress
        self.results: list[CaseResult] = []
        self.collect_errors: list[str] = []
        self.total = 0
        self._open: dict[str, _Case] = {}

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            self.collect_errors.append(report.longreprtext.strip() or f"{report.nodeid}: collection failed")

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.total = len(session.items)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        case = self._open.setdefault(report.nodeid, _Case())
        case.reports.append(report)
        if report.when != "teardown":
            return
        del self._open[report.nodeid]
        result = case_result(case.reports)
        if result is None:
            return
        self.results.append(result)
        if self.progress is not None:
            self.progress(len(self.results), self.total, result)


def _plugin_args() -> list[str]:
    """``-p`` options so that pytest-bdd and the plugin load whether or not autoloading is on and
    whether or not the package is installed with its entry point."""
    installed = {ep.name for ep in entry_points(group="pytest11")}
    autoload = not os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    args: list[str] = []
    if not autoload:
        args += ["-p", "pytest-bdd" if "pytest-bdd" in installed else "pytest_bdd.plugin"]
    if "sheepshead" in installed:
        if not autoload:
            args += ["-p", "sheepshead"]
    else:
        args += ["-p", "conformance.plugin"]
    return args


def _spec() -> Spec:
    try:
        return load_spec()
    except SpecError as error:
        raise UsageError(f"the spec does not load: {error}") from None


def _check_selection(profiles: Sequence[str] | None, rule_globs: Sequence[str], areas: Sequence[str]) -> Selection:
    try:
        return Selection.of(_spec(), profiles, rule_globs, areas, need_rules=False)
    except SelectionError as error:
        raise UsageError(str(error)) from None


@dataclass
class SuiteRun:
    """What :func:`run_engine` produced: the results, the probes, and the engine's rule set."""

    results: list[CaseResult]
    probes: list[CaseResult] = field(default_factory=list)
    rule_set: RuleSet | None = None
    info: EngineInfo | None = None
    profiles: tuple[str, ...] | None = None
    """The named profiles judged under, or ``None`` for the engine's own rule set."""
    interrupted: str | None = None
    """``SIGINT``/``SIGTERM`` when the run was stopped early (the results are the finished cases)."""
    planned: int = 0


def _cases(features: Path | None, fixtures: Path | None, spec: Spec) -> Sequence[Case]:
    if features is None and fixtures is None:
        try:
            return suite_cases()
        except (ScenarioProblems, RecordCaseProblems) as error:
            raise UsageError("the suite does not load:\n" + str(error)) from None
    try:
        return load_cases(features, fixtures, spec)
    except (ScenarioProblems, RecordCaseProblems) as error:
        raise UsageError("the cases do not load:\n" + str(error)) from None


def run_engine(
    engine: str | Adapter,
    profiles: Sequence[str] | None = None,
    rule_globs: Sequence[str] = (),
    areas: Sequence[str] = (),
    *,
    progress: Progress | None = None,
    features: Path | None = None,
    fixtures: Path | None = None,
    fail_fast: bool = False,
    probes: bool = True,
    selection: Selection | None = None,
    timeout: float | None = None,
) -> SuiteRun:
    """Run the conformance suite against one engine, in this process, case by case.

    :param engine: ``reference``, ``python:MODULE:ATTR`` or ``cmd:COMMAND ARGS…``
        (:func:`conformance.engines.loading.load_engine`), or an adapter object the caller made (used as it
        is and not closed: the caller owns it).
    :param profiles: ``None`` (or empty): judge the engine under its own declared rule set, with
        probes reading its variants from its behaviour; else profile ids, or ``["all"]``: each
        case runs once per distinct combination those profiles choose on its axes.
    :param rule_globs: keep only cases checking a rule id matching one of these patterns.
    :param areas: keep only cases checking a rule of one of these areas.
    :param timeout: seconds a ``cmd:`` engine named by text has for each reply (default 10).
    :param progress: ``progress(done, total, result)`` after each case.
    :param features: run these feature files instead of the suite's own (with ``fixtures``).
    :param fixtures: run these records instead of the suite's own.
    :param fail_fast: stop at the first failed or erring case.
    :param probes: run probes (rule-set judging only).
    :param selection: a selection already checked (:meth:`Selection.of`, as the command line
        does), given instead of ``profiles``, ``rule_globs`` and ``areas``.
    :raises conformance.engines.loading.EngineSelectionError: if ``engine`` names no usable engine.
    :raises UsageError: an unknown profile, area or rule glob, or cases that do not load.
    """
    if selection is None:
        selection = _check_selection(profiles, rule_globs, areas)
    elif profiles or rule_globs or areas:
        raise ValueError("give either a selection or profiles, rule_globs and areas")
    spec = _spec()
    chosen = list(selection.profiles) if selection.profiles else None
    owned = isinstance(engine, str)
    adapter: Any = None
    started: AdapterError | None = None
    try:
        # Before the cases are built: an engine text that names nothing is a usage error at once.
        if isinstance(engine, str):
            adapter = load_engine(engine) if timeout is None else load_engine(engine, timeout=timeout)
        else:
            adapter = engine
    except AdapterError as error:
        started = error
    try:
        cases = [case for case in _cases(features, fixtures, spec) if selection.keeps(case.rules)]
    except BaseException:
        if owned and adapter is not None:
            adapter.close()
        raise
    if started is not None:
        return SuiteRun(_broken(cases, started), profiles=tuple(chosen) if chosen else None)
    try:
        try:
            info = _handshake(adapter)
        except AdapterError as error:
            return SuiteRun(_broken(cases, error), profiles=tuple(chosen) if chosen else None)
        run = run_cases(cases, adapter, info, spec, chosen, progress=progress, probes=probes, fail_fast=fail_fast)
    finally:
        if owned:
            adapter.close()
    return SuiteRun(run.results, run.probes, RuleSet.of_engine(info, spec), info,
                    tuple(chosen) if chosen else None, run.interrupted, run.planned)  # fmt: skip


HANDSHAKE_ATTEMPTS = 3
"""Start attempts before an engine is given up (spec/PROTOCOL.md, section 3.5)."""


def _handshake(adapter: Adapter) -> EngineInfo:
    """The engine's handshake, tried up to :data:`HANDSHAKE_ATTEMPTS` times: a slow or flaky
    start is retried; another protocol version is not.

    :raises AdapterError: the last failure.
    """
    for attempt in range(1, HANDSHAKE_ATTEMPTS + 1):
        try:
            return adapter.info()
        except AdapterError as error:
            if error.kind == "protocol-version" or attempt == HANDSHAKE_ATTEMPTS:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def _broken(cases: Sequence[Case], error: AdapterError) -> list[CaseResult]:
    """Every case as an engine error: the engine did not start or failed its handshake."""
    return [
        CaseResult(case.id, case.kind, "", case.rules, Status.ERROR, case.location,
                   f"engine error ({error.kind}): {error}", detail=error.detail, areas=areas_of(case.rules),
                   reason=f"engine error ({error.kind})")  # fmt: skip
        for case in cases
    ]


def run_suite(
    engine: str | Adapter,
    profiles: list[str],
    rule_globs: Sequence[str] = (),
    areas: Sequence[str] = (),
    *,
    progress: Progress | None = None,
    extra_args: Sequence[str] = (),
    quiet: bool = True,
) -> list[CaseResult]:
    """Run the suite through pytest and its plugin (what ``pytest --pyargs conformance.suite`` does),
    returning one result per case and profile (``sheepshead-conformance run`` still uses it; the
    case loop of :func:`run_engine` is to replace it).

    :raises UsageError: an unknown profile or area, or a suite that does not collect.
    """
    _check_selection(profiles, rule_globs, areas)
    owned = isinstance(engine, str)
    adapter: Any
    if isinstance(engine, str):
        try:
            adapter = load_engine(engine)
        except AdapterError as error:
            adapter = _BrokenEngine(error)
    else:
        adapter = engine
    collector = _Collector(progress)
    args = [
        str(SUITE_DIR / "test_features.py"),
        str(SUITE_DIR / "test_fixtures.py"),
        "-c",
        str(SUITE_DIR / "pytest.ini"),
        "--rootdir",
        str(SUITE_DIR),
        "-p",
        "no:cacheprovider",
        "-p",
        "no:hypothesispytest",
        *(["-p", "no:terminal"] if quiet else ["-q"]),
        *_plugin_args(),
        "--sheepshead-profile",
        ",".join(profiles) or "standard",
    ]
    for pattern in rule_globs:
        args += ["--sheepshead-rule", pattern]
    for area in areas:
        args += ["--sheepshead-area", area]
    args += list(extra_args)
    started = time.monotonic()
    try:
        code = pytest.main(args, plugins=[collector, _EngineProvider(adapter)])
    finally:
        if owned:
            adapter.close()
    if collector.collect_errors:
        raise UsageError("the suite does not collect:\n" + "\n".join(collector.collect_errors))
    if code == pytest.ExitCode.INTERRUPTED:
        raise KeyboardInterrupt
    if code == pytest.ExitCode.USAGE_ERROR:
        raise UsageError(f"pytest refused the arguments {args!r}")
    if code == pytest.ExitCode.INTERNAL_ERROR:
        raise RuntimeError(f"pytest failed internally after {time.monotonic() - started:.1f} s; run with quiet=False")
    return collector.results


def suite_paths() -> tuple[Path, Path]:
    """The two suite modules (for callers that want to run them their own way)."""
    return SUITE_DIR / "test_features.py", SUITE_DIR / "test_fixtures.py"
