"""Run the conformance suite against an engine and return one :class:`~conformance.judge.results.CaseResult` per run.

:func:`run_engine` runs the suite's cases (:mod:`conformance.cases`), built once, planned under
the engine's declared rule set or named profiles, in a plain loop (:mod:`conformance.judge.run`).
``sheepshead-conformance run`` and ``matrix`` call it; the pytest plugin (:mod:`conformance.plugin`)
is a view of the same plan and judge, built from :func:`select_cases` and :func:`handshake`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sheepshead_spec import Spec, SpecError, load_spec

from conformance.adapter import Adapter, AdapterError, EngineInfo
from conformance.cases.catalog import load_cases, suite_cases
from conformance.cases.model import Aids, Case
from conformance.cases.records import RecordCaseProblems
from conformance.cases.scenarios import ScenarioProblems
from conformance.engines.loading import load_engine
from conformance.judge.results import Progress
from conformance.judge.run import SuiteRun, engine_failure, run_cases
from conformance.judge.selection import Selection, SelectionError

__all__ = ["Progress", "SuiteRun", "UsageError", "handshake", "install_reference_aids", "run_engine", "select_cases"]


class UsageError(Exception):
    """The run cannot be carried out as asked: an unknown profile or area, or a suite that does not
    collect (an invalid feature or fixture; the message lists each ``file:line`` problem)."""


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


def install_reference_aids() -> Aids:
    """The reference engine's help for a run (never as an expectation): installs the blame oracle
    that traces a divergence to its rule (:func:`conformance.cases.blame.use_legality_oracle`),
    and returns the aids the front end passes to the run explicitly: the hand builder that reaches
    a position on an engine that only replays
    (:func:`conformance.fuzz.position_hand.hand_to_position`). Every front end calls it before a run."""
    from conformance.cases.blame import LegalityOracle, use_legality_oracle
    from conformance.engines.reference import forbidding_rule, legal_actions, permitting_rule
    from conformance.fuzz.position_hand import hand_to_position

    use_legality_oracle(LegalityOracle(permitting_rule, legal_actions, forbidding_rule))
    return Aids(reach=hand_to_position)


def select_cases(features: Path | None, fixtures: Path | None, spec: Spec, selection: Selection) -> list[Case]:
    """The cases of the suite (or of these folders) that the selection keeps.

    :raises UsageError: cases that do not load (the message lists each ``file:line`` problem).
    """
    return [case for case in _cases(features, fixtures, spec) if selection.keeps(case.rules)]


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
        cases = select_cases(features, fixtures, spec, selection)
    except BaseException:
        if owned and adapter is not None:
            adapter.close()
        raise
    if started is not None:
        return SuiteRun(engine_failure(cases, started), profiles=tuple(chosen) if chosen else None)
    aids = install_reference_aids()
    try:
        try:
            info = handshake(adapter)
        except AdapterError as error:
            return SuiteRun(engine_failure(cases, error), profiles=tuple(chosen) if chosen else None)
        return run_cases(
            cases, adapter, info, spec, chosen, progress=progress, probes=probes, fail_fast=fail_fast, aids=aids
        )
    finally:
        if owned:
            adapter.close()


HANDSHAKE_ATTEMPTS = 3
"""Start attempts before an engine is given up (spec/PROTOCOL.md, section 3.5)."""


def handshake(adapter: Adapter) -> EngineInfo:
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
