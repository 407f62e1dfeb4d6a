"""The pytest plugin of the Sheepshead conformance suite (entry point ``pytest11: sheepshead``).

A thin view of the case loop that ``sheepshead-conformance run`` uses (:mod:`conformance.judge.run`):
the same cases, planned the same way, each planned run one pytest item, judged by the same
function, so that pytest and ``run`` give the same verdicts and the same blame, case by case::

    pytest --pyargs conformance.suite --sheepshead-engine cmd:./my-engine --sheepshead-profile all

Options: ``--sheepshead-engine`` (``reference``, ``python:MODULE:ATTR`` or ``cmd:COMMAND ARGS…``;
default ``reference``); ``--sheepshead-profile`` (a profile id or ``all``; repeatable or
comma-separated; default: the engine's own declared rule set, as ``run``); ``--sheepshead-rule
GLOB`` and ``--sheepshead-area AREA`` (repeatable; a case is kept when one of its rule ids
matches); ``--sheepshead-features DIR`` and ``--sheepshead-fixtures DIR`` (run these files instead
of the suite's own, e.g. house rules).

**Guard.** Installed, the plugin is loaded into every pytest run of the environment; it does
nothing until a test asks for the ``sheepshead_run`` argument (the suite's one test,
:mod:`conformance.suite.test_cases`), so other projects are left alone.

**Each item** is one planned run (:class:`~conformance.judge.plan.Planned`): its id is the case id
and the profile (or the options judged under), and its JUnit ``<properties>`` carry the result's
fields (:class:`PROPERTY`), written for readers and never parsed back. A run ends as its
:class:`~conformance.judge.results.CaseResult` says: passed; skipped (``not applicable: …``, or
``unsupported: …`` when the engine lacks a capability or an option: the engine is not at fault);
failed with the first divergence (``file:line``, expected, actual, the rules blamed); failed as an
engine error (crash, hang, protocol) or a suite error. The result itself is kept on the item
(:data:`RESULT`), where a caller's plugin object can read it.

Bad options are usage errors; features and fixtures that do not load are a collection error
listing each ``file:line`` problem.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path

import pytest
from sheepshead_spec import Spec, SpecError, load_spec

from conformance.adapter import Adapter, AdapterError, EngineInfo
from conformance.cases.catalog import features_root, fixtures_root
from conformance.cases.model import NO_AIDS, Case
from conformance.engines.loading import EngineSelectionError, load_engine, parse_engine
from conformance.judge.plan import Planned
from conformance.judge.results import CaseResult, Status
from conformance.judge.run import engine_failure, plan_all, run_planned
from conformance.judge.selection import Selection, SelectionError
from conformance.runner import UsageError, handshake, install_reference_aids, select_cases

__all__ = ["PROPERTY", "RESULT", "UNSUPPORTED_PREFIX", "Broken", "SuiteSession", "judge_item"]

UNSUPPORTED_PREFIX = "unsupported:"
"""The start of the skip reason of a run the engine cannot serve."""
RESULT = pytest.StashKey[CaseResult]()
"""Where each item keeps its result (``item.stash[RESULT]``)."""


class PROPERTY:
    """Names of the JUnit ``<property>`` elements of each item."""

    CASE = "sheepshead_case"
    KIND = "sheepshead_kind"
    PROFILE = "sheepshead_profile"
    CONFIG = "sheepshead_config"
    RULES = "sheepshead_rules"
    LOCATION = "sheepshead_location"
    STATUS = "sheepshead_status"
    EXPECTED = "sheepshead_expected"
    ACTUAL = "sheepshead_actual"
    BLAMED = "sheepshead_blamed"
    DETAIL = "sheepshead_detail"


@dataclass(frozen=True)
class Broken:
    """A case that cannot be planned: the engine failed to start or to answer its handshake."""

    case: Case
    error: AdapterError


class SuiteSession:
    """One pytest run's options, engine, cases and plan (built when the suite is collected)."""

    def __init__(self, config: pytest.Config) -> None:
        option = config.getoption
        self.config = config
        self.engine_text: str = option("sheepshead_engine") or "reference"
        names = [part.strip() for arg in option("sheepshead_profile") or () for part in arg.split(",") if part.strip()]
        self.features = self._folder("features", option("sheepshead_features"))
        self.fixtures = self._folder("fixtures", option("sheepshead_fixtures"))
        try:
            self.spec: Spec = load_spec()
        except SpecError as error:
            raise pytest.UsageError(f"the spec does not load: {error}") from None
        try:
            parse_engine(self.engine_text)
            globs, areas = option("sheepshead_rule") or (), option("sheepshead_area") or ()
            self.selection = Selection.of(self.spec, names or None, globs, areas, need_rules=False)
        except EngineSelectionError as error:
            raise pytest.UsageError(f"--sheepshead-engine: {error}") from None
        except SelectionError as error:
            raise pytest.UsageError(f"--sheepshead-{error.option}: {error}") from None
        self.adapter: Adapter | None = None
        self.info: EngineInfo | None = None
        self.aids = NO_AIDS
        self._owned = False

    @staticmethod
    def _folder(name: str, value: str | None) -> Path:
        if value and not Path(value).is_dir():
            raise pytest.UsageError(f"--sheepshead-{name} {value!r}: not a folder")
        return Path(value) if value else (features_root() if name == "features" else fixtures_root())

    def plan(self) -> list[Planned | Broken]:
        """Every planned run of the selected cases under the selection (``run``'s plan, without probes).

        :raises pytest.Collector.CollectError: features or fixtures that do not load.
        """
        try:
            cases = select_cases(self.features, self.fixtures, self.spec, self.selection)
        except UsageError as error:
            raise pytest.Collector.CollectError(str(error)) from None
        self.aids = install_reference_aids()
        provided = [
            p.sheepshead_adapter for p in self.config.pluginmanager.get_plugins() if hasattr(p, "sheepshead_adapter")
        ]
        try:
            if provided:
                self.adapter = provided[0]
            else:
                self.adapter, self._owned = load_engine(self.engine_text), True
            self.info = handshake(self.adapter)
        except EngineSelectionError as error:
            raise pytest.Collector.CollectError(f"--sheepshead-engine: {error}") from None
        except AdapterError as error:
            return [Broken(case, error) for case in cases]
        profiles = list(self.selection.profiles) if self.selection.profiles else None
        return list(plan_all(cases, self.info, self.spec, profiles, probes=False)[1])

    def judge(self, run: Planned | Broken) -> CaseResult:
        """The result of one planned run, by the case loop's own function."""
        if isinstance(run, Broken):
            return engine_failure([run.case], run.error)[0]
        assert self.adapter is not None and self.info is not None
        return run_planned(run, self.adapter, self.info, self.aids)

    def close(self) -> None:
        """Close the engine if the plugin started it."""
        if self._owned and self.adapter is not None:
            adapter, self.adapter = self.adapter, None
            try:
                adapter.close()
            except Exception as error:  # noqa: BLE001 - closing must not hide the results
                warnings.warn(f"closing the engine failed: {error}", stacklevel=1)


_SESSION = pytest.StashKey[SuiteSession]()


def _session(config: pytest.Config) -> SuiteSession:
    if _SESSION not in config.stash:
        config.stash[_SESSION] = SuiteSession(config)
    return config.stash[_SESSION]


def _item_id(run: Planned | Broken) -> str:
    if isinstance(run, Broken):
        return run.case.id
    label = ",".join(run.profiles) if run.profiles else ",".join(f"{a}={o}" for a, o in run.config) or "any"
    return f"{run.case.id} @ {label}"


# ---------------------------------------------------------------------------- hooks


_OPTIONS = {  # name: (metavar, repeatable, help)
    "engine": ("ENGINE", False, "the engine: reference (default), python:MODULE:ATTR or 'cmd:COMMAND ARGS…'"),
    "profile": ("NAME|all", True, "profile(s) to run under, or comma-separated; default: the engine's own rule set"),
    "rule": ("GLOB", True, "run only cases checking a rule id matching GLOB (e.g. 'play.*')"),
    "area": ("AREA", True, "run only cases checking a rule of this area (e.g. scoring)"),
    "features": ("DIR", False, "run the .feature files of DIR instead of the suite's own"),
    "fixtures": ("DIR", False, "run the fixture records (*.yaml) of DIR instead of the suite's own"),
}


def pytest_addoption(parser: pytest.Parser) -> None:
    """The ``--sheepshead-*`` options."""
    group = parser.getgroup("sheepshead", "Sheepshead conformance suite")
    for name, (metavar, repeatable, text) in _OPTIONS.items():
        more = {"action": "append", "help": f"{text}; repeatable"} if repeatable else {"help": text}
        group.addoption(f"--sheepshead-{name}", metavar=metavar, default=None, **more)


def pytest_configure(config: pytest.Config) -> None:
    """Check the options at once when one is given (a usage error before any collection)."""
    if any(config.getoption(f"sheepshead_{name}") for name in _OPTIONS):
        _session(config)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Close the engine the plugin started."""
    session = config.stash.get(_SESSION, None)
    if session is not None:
        session.close()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """One item per planned run, for the test that asks for ``sheepshead_run``."""
    if "sheepshead_run" in metafunc.fixturenames:
        runs = _session(metafunc.config).plan()
        metafunc.parametrize("sheepshead_run", runs, ids=[_item_id(run) for run in runs])


def judge_item(request: pytest.FixtureRequest, run: Planned | Broken) -> None:
    """Judge one planned run and end the item as its result says (the suite's one test calls it)."""
    result = _session(request.config).judge(run)
    item = request.node
    item.stash[RESULT] = result
    properties = {
        PROPERTY.CASE: result.case_id,
        PROPERTY.KIND: result.kind,
        PROPERTY.PROFILE: result.profile,
        PROPERTY.CONFIG: result.config_text,
        PROPERTY.RULES: " ".join(result.rules),
        PROPERTY.LOCATION: result.location,
        PROPERTY.STATUS: result.status.value,
        PROPERTY.EXPECTED: result.expected,
        PROPERTY.ACTUAL: result.actual,
        PROPERTY.BLAMED: " ".join(result.blamed),
        PROPERTY.DETAIL: result.detail,
    }
    item.user_properties += [(name, value) for name, value in properties.items() if value]
    if result.status is Status.PASSED:
        return
    if result.status is Status.UNSUPPORTED:
        pytest.skip(f"{UNSUPPORTED_PREFIX} {result.message}")
    if result.status is Status.SKIPPED:
        pytest.skip(result.message)
    lines = [f"{result.location}: {result.message}"]
    if result.blamed:
        lines.append(f"blamed: {', '.join(result.blamed)}")
    lines += [f"then: {line}" for line in result.consequences]
    if result.detail:
        lines.append(result.detail)
    pytest.fail("\n".join(lines), pytrace=False)
