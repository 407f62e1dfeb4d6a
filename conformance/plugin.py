"""The pytest plugin of the Sheepshead conformance suite (entry point ``pytest11: sheepshead``).

It runs the suite's Gherkin scenarios (:mod:`conformance.suite.test_features`) and fixture records
(:mod:`conformance.suite.test_fixtures`) against an engine, under one or more profiles::

    pytest --pyargs conformance.suite --sheepshead-engine cmd:./my-engine --sheepshead-profile all

Options: ``--sheepshead-engine`` (``reference``, ``python:MODULE:ATTR`` or ``cmd:COMMAND ARGS…``;
default ``reference``), ``--sheepshead-profile`` (a profile id or ``all``; repeatable or
comma-separated; default ``standard``), ``--sheepshead-rule GLOB`` and ``--sheepshead-area AREA``
(repeatable; a case is kept when one of its rule ids matches), ``--sheepshead-features DIR`` and
``--sheepshead-fixtures DIR`` (run these files instead of the suite's own, e.g. house rules).

A project can also bind the features in its own test module::

    from pytest_bdd import scenarios
    from conformance.plugin import check_features, features_dir, suite_marks

    pytestmark = suite_marks()
    check_features(features_dir())
    scenarios(str(features_dir()))

**Guard.** Installed, the plugin is loaded into every pytest run of the environment, so it does
nothing until it is *activated*: when one of its options is given, when a module of
:mod:`conformance.suite` is collected, or when a test module calls :func:`check_features`. Only
then are the step definitions (:mod:`conformance.cases.steps`) registered, tags translated, and only
items marked ``sheepshead`` are parametrized, filtered or skipped.

**Each case** is parametrized over the selected profiles; its test id holds the profile and its
rule ids (``test_follow_suit[standard-play.follow-suit]``), and its JUnit ``<properties>`` carry
``sheepshead_case``, ``sheepshead_kind``, ``sheepshead_profile``, ``sheepshead_rules`` and
``sheepshead_location`` (``file:line``). A case ends as

- *passed*;
- *skipped*, reason ``not applicable: …``, when it does not hold under the profile (its
  ``@<axis>:<option>`` / ``@profile:<name>`` tags, or a fixture's ``profile``/``variants``);
- *skipped*, reason ``unsupported: …`` (:data:`UNSUPPORTED_PREFIX`), when the engine lacks a
  capability (``@requires:`` tags, or :class:`~conformance.adapter.Unsupported` raised at run
  time) or an option of the profile: the engine is not at fault;
- *failed* with ``sheepshead_expected``, ``sheepshead_actual`` and ``sheepshead_failed_at``
  properties when the engine's answer contradicts the rules (:class:`~conformance.cases.checks.Mismatch`);
- *failed* with the property ``sheepshead_status = error`` (plus ``sheepshead_error_kind`` and
  ``sheepshead_detail``, e.g. the engine's stderr) when the engine crashed, hung or answered out of
  protocol (:class:`~conformance.adapter.AdapterError`); the run goes on. An engine that fails its
  handshake makes every case such an error.

A step or fixture that cannot be carried out as written (:class:`~conformance.cases.checks.ScenarioError`)
fails with ``scenario error: …``: a bug of the suite, not of the engine.

Unknown tags, rule ids, options or profiles in features, and invalid fixture files, are collection
errors naming ``file:line``.
"""

from __future__ import annotations

import functools
import sys
import warnings
from collections import defaultdict
from collections.abc import Generator, Iterable
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from sheepshead_spec import Spec, SpecError, load_spec

from conformance.adapter import Adapter, AdapterError, EngineInfo, Unsupported
from conformance.cases.checks import CaseEnds, Mismatch, Mismatches, NotApplicable, ScenarioError
from conformance.cases.blame import LegalityOracle, use_legality_oracle
from conformance.cases.positions import use_hand_builder
from conformance.engines.loading import EngineSelectionError, load_engine, parse_engine
from conformance.engines.reference import forbidding_rule, legal_actions, permitting_rule
from conformance.fuzz.position_hand import hand_to_position
from conformance.judge.selection import Selection, SelectionError
from conformance.cases.featurelint import FeatureIndex, ScenarioInfo, Tag, Vocabulary, lint_features, parse_tag

__all__ = [
    "MARK",
    "PROPERTY",
    "UNSUPPORTED_PREFIX",
    "FixtureCase",
    "SuiteState",
    "check_features",
    "features_dir",
    "fixtures_dir",
    "suite_marks",
    "suite_state",
]

use_hand_builder(hand_to_position)  # positions on engines that only replay (conformance.cases.positions)
use_legality_oracle(LegalityOracle(permitting_rule, legal_actions, forbidding_rule))  # blame of a refused legal play (conformance.cases.blame)

MARK = "sheepshead"
"""The marker of every case of the suite (the guard: other tests are left alone)."""
UNSUPPORTED_PREFIX = "unsupported:"
"""The start of the skip reason of a case the engine cannot serve."""
NOT_APPLICABLE_PREFIX = "not applicable:"
"""The start of the skip reason of a case that does not hold under the profile."""
SUITE_DIR = Path(__file__).resolve().parent / "suite"
_EXAMPLE_TAG_WARNING = r"Unknown pytest\.mark\.[\w-]+.[\w.-]+ - "


class PROPERTY:
    """Names of the user properties (and JUnit ``<property>`` elements) of each case."""

    CASE = "sheepshead_case"
    KIND = "sheepshead_kind"
    PROFILE = "sheepshead_profile"
    RULES = "sheepshead_rules"
    """Space-separated rule ids."""
    LOCATION = "sheepshead_location"
    """``file:line`` of the scenario (its Examples row) or fixture."""
    FAILED_AT = "sheepshead_failed_at"
    """``file:line`` of the failing step, expectation or action."""
    EXPECTED = "sheepshead_expected"
    ACTUAL = "sheepshead_actual"
    MESSAGE = "sheepshead_message"
    STATUS = "sheepshead_status"
    """``error`` when the engine failed to answer."""
    ERROR_KIND = "sheepshead_error_kind"
    DETAIL = "sheepshead_detail"


def features_dir() -> Path:
    """The folder of feature files to run: ``--sheepshead-features``, else the suite's own
    (the :mod:`sheepshead_features` package)."""
    chosen = _STATES[-1].features_option if _STATES else None
    return Path(chosen) if chosen else _package_dir("sheepshead_features")


def fixtures_dir() -> Path:
    """The folder of fixture records to run: ``--sheepshead-fixtures``, else the suite's own
    (the :mod:`sheepshead_fixtures` package)."""
    chosen = _STATES[-1].fixtures_option if _STATES else None
    return Path(chosen) if chosen else _package_dir("sheepshead_fixtures")


def _package_dir(package: str) -> Path:
    return Path(str(files(package)))


def suite_marks() -> list[pytest.MarkDecorator]:
    """The ``pytestmark`` of a module binding suite cases: the guard marker, and the profile
    fixture in every test's closure so that the plugin can parametrize it."""
    return [getattr(pytest.mark, MARK), pytest.mark.usefixtures("sheepshead_profile")]


@dataclass(frozen=True)
class FixtureCase:
    """One fixture record under one profile (the parameter of ``test_fixture``)."""

    path: Path
    case_id: str
    """``fixtures/<relative path>``."""
    profile: str
    rules: tuple[str, ...]


@functools.cache
def _spec() -> Spec:
    return load_spec()


_FEATURE_INDEX = FeatureIndex()
_STATES: list[SuiteState] = []


class SuiteState:
    """The plugin's state for one pytest run: options, spec, engine."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.active = False
        self.engine_text: str = config.getoption("sheepshead_engine") or "reference"
        self.profile_args: list[str] = config.getoption("sheepshead_profile") or ["standard"]
        self.rule_globs: list[str] = list(config.getoption("sheepshead_rule") or [])
        self.areas: list[str] = list(config.getoption("sheepshead_area") or [])
        self.features_option: str | None = config.getoption("sheepshead_features")
        self.fixtures_option: str | None = config.getoption("sheepshead_fixtures")
        self._profiles: list[str] | None = None
        self._adapter: Adapter | None = None
        self._info: EngineInfo | None = None
        self._engine_error: AdapterError | None = None
        self._owns_adapter = False

    # ------------------------------------------------------------------ activation

    @property
    def explicitly_requested(self) -> bool:
        """Whether a ``--sheepshead-*`` option was given."""
        get = self.config.getoption
        names = ("engine", "profile", "rule", "area", "features", "fixtures")
        return any(get(f"sheepshead_{name}") for name in names)

    def activate(self) -> None:
        """Switch the plugin on: check the options, register the steps, accept our tag marks."""
        if self.active:
            return
        self.active = True
        self.validate()
        from conformance.cases import steps

        manager = self.config.pluginmanager
        if not manager.is_registered(steps):
            manager.register(steps, "conformance.cases.steps")
        # Examples-level tags bypass pytest_bdd_apply_tag and become marks named like "rule:x"
        # (pytest-bdd issue #774); they are read from the feature index instead, so their
        # unknown-mark warnings are noise.
        warnings.filterwarnings("ignore", _EXAMPLE_TAG_WARNING, pytest.PytestUnknownMarkWarning)
        self.config.addinivalue_line("filterwarnings", f"ignore:{_EXAMPLE_TAG_WARNING}:pytest.PytestUnknownMarkWarning")

    def validate(self) -> None:
        """Check the options; :class:`pytest.UsageError` on a bad one."""
        try:
            parse_engine(self.engine_text)
        except EngineSelectionError as error:
            raise pytest.UsageError(f"--sheepshead-engine: {error}") from None
        self.profiles  # noqa: B018 - resolves and checks the profile names
        for option, value in (("features", self.features_option), ("fixtures", self.fixtures_option)):
            if value and not Path(value).is_dir():
                raise pytest.UsageError(f"--sheepshead-{option} {value!r}: not a folder")
        self.selection  # noqa: B018 - checks the rule globs and areas

    # ------------------------------------------------------------------ spec and profiles

    @property
    def spec(self) -> Spec:
        """The spec (rules, axes, profiles)."""
        try:
            return _spec()
        except SpecError as error:
            raise pytest.UsageError(f"the spec does not load: {error}") from None

    @property
    def profiles(self) -> list[str]:
        """The profiles to run, in the spec's order, duplicates removed (default ``standard``)."""
        if self._profiles is None:
            names = [part.strip() for arg in self.profile_args for part in arg.split(",") if part.strip()]
            try:
                chosen = Selection.of(self.spec, names or ["standard"], need_rules=False)
            except SelectionError as error:
                raise pytest.UsageError(f"--sheepshead-profile: {error}") from None
            self._profiles = list(chosen.profiles or ())
        return self._profiles

    @functools.cached_property
    def selection(self) -> Selection:
        """The checked ``--sheepshead-rule`` and ``--sheepshead-area`` choices (the one check the
        command line makes too, :meth:`Selection.of`)."""
        try:
            return Selection.of(self.spec, None, self.rule_globs, self.areas, need_rules=False)
        except SelectionError as error:
            raise pytest.UsageError(f"--sheepshead-{error.option}: {error}") from None

    def options(self, profile: str) -> dict[str, str]:
        """The options of a profile."""
        return self.spec.profile_options(profile)

    # ------------------------------------------------------------------ engine

    def start_engine(self) -> None:
        """Make the adapter (once): the ``sheepshead_adapter`` of a plugin object the caller registered
        (:func:`conformance.runner.run_suite` does), else from ``--sheepshead-engine``."""
        if self._adapter is not None or self._engine_error is not None:
            return
        provided = [p for p in self.config.pluginmanager.get_plugins() if hasattr(p, "sheepshead_adapter")]
        if provided:
            self._adapter = provided[0].sheepshead_adapter
        else:
            try:
                self._adapter = load_engine(self.engine_text)
            except EngineSelectionError as error:
                raise pytest.UsageError(f"--sheepshead-engine: {error}") from None
            except AdapterError as error:
                self._engine_error = error
                return
            self._owns_adapter = True
        try:
            self._info = self._adapter.info()
        except AdapterError as error:
            self._engine_error = error

    @property
    def engine_error(self) -> AdapterError | None:
        """Why the engine could not start (every case then ends as an engine error)."""
        self.start_engine()
        return self._engine_error

    def engine(self) -> tuple[Adapter, EngineInfo]:
        """The adapter and its handshake answer.

        :raises AdapterError: if the engine could not start.
        """
        self.start_engine()
        if self._engine_error is not None:
            raise self._engine_error
        assert self._adapter is not None and self._info is not None
        return self._adapter, self._info

    def close(self) -> None:
        """Close the adapter if this plugin made it."""
        if self._owns_adapter and self._adapter is not None:
            adapter, self._adapter = self._adapter, None
            try:
                adapter.close()
            except Exception as error:  # noqa: BLE001 - closing must not hide the results
                warnings.warn(f"closing the engine failed: {error}", stacklevel=1)


def suite_state(config: pytest.Config) -> SuiteState:
    """The plugin's state for a run."""
    return config.stash[_STATE_KEY]


_STATE_KEY = pytest.StashKey[SuiteState]()
_STEP_KEY = pytest.StashKey[tuple[str, str]]()
"""The running scenario step: (``file:line``, ``Keyword text``)."""


def check_features(path: str | Path) -> None:
    """Lint the feature files under ``path`` before a test module binds them with ``scenarios()``.

    Call it at import time of the binding module; it activates the plugin and raises a collection
    error listing every problem (``file:line: message``) of :func:`~conformance.cases.featurelint.lint_features`.

    :param path: a ``.feature`` file or a folder of them.
    :raises pytest.Collector.CollectError: if any feature has a problem.
    """
    if _STATES:
        _STATES[-1].activate()
    folder = Path(path).resolve()
    feature_files = [folder] if folder.is_file() else sorted(folder.rglob("*.feature"))
    root = features_dir().resolve()
    index, problems = lint_features(
        feature_files, Vocabulary.from_spec(_spec()), root=root if folder.is_relative_to(root) else folder
    )
    _FEATURE_INDEX.scenarios.update(index.scenarios)
    if problems:
        raise pytest.Collector.CollectError("feature problems:\n" + "\n".join(problems))


# ---------------------------------------------------------------------------- hooks


def pytest_addoption(parser: pytest.Parser) -> None:
    """The ``--sheepshead-*`` options."""
    group = parser.getgroup("sheepshead", "Sheepshead conformance suite")
    group.addoption("--sheepshead-engine", metavar="ENGINE", default=None,
                    help="the engine: reference (default), python:MODULE:ATTR or 'cmd:COMMAND ARGS…'")  # fmt: skip
    group.addoption("--sheepshead-profile", metavar="NAME|all", action="append", default=None,
                    help="profile(s) to run under; repeatable or comma-separated; default standard")  # fmt: skip
    group.addoption("--sheepshead-rule", metavar="GLOB", action="append", default=[],
                    help="run only cases checking a rule id matching GLOB (e.g. 'play.*'); repeatable")  # fmt: skip
    group.addoption("--sheepshead-area", metavar="AREA", action="append", default=[],
                    help="run only cases checking a rule of this area (e.g. scoring); repeatable")  # fmt: skip
    group.addoption("--sheepshead-features", metavar="DIR", default=None,
                    help="run the .feature files of DIR instead of the suite's own")  # fmt: skip
    group.addoption("--sheepshead-fixtures", metavar="DIR", default=None,
                    help="run the fixture records (*.yaml) of DIR instead of the suite's own")  # fmt: skip


def pytest_configure(config: pytest.Config) -> None:
    """Register the markers; activate at once when a ``--sheepshead-*`` option was given."""
    for line in (
        f"{MARK}: a case of the Sheepshead conformance suite",
        "sheepshead_rule(rule_id): the case checks this rule (tag @rule:<id>)",
        "sheepshead_option(axis, option): the case holds under this option (tag @<axis>:<option>)",
        "sheepshead_profile(name): the case holds under this profile only (tag @profile:<name>)",
        "sheepshead_requires(capability): the case needs this engine capability (tag @requires:<cap>)",
    ):
        config.addinivalue_line("markers", line)
    # The suite modules bind their cases when imported; a module left over from an earlier
    # in-process run (conformance.runner) would carry the earlier run's features.
    for name in ("conformance.suite.test_features", "conformance.suite.test_fixtures"):
        sys.modules.pop(name, None)
    state = SuiteState(config)
    config.stash[_STATE_KEY] = state
    _STATES.append(state)
    if state.explicitly_requested:
        state.activate()


def pytest_unconfigure(config: pytest.Config) -> None:
    """Close the engine the plugin started."""
    state = config.stash.get(_STATE_KEY, None)
    if state is not None:
        state.close()
        if state in _STATES:
            _STATES.remove(state)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> None:
    """Activate when a module of :mod:`conformance.suite` is collected."""
    if file_path.suffix == ".py" and file_path.resolve().parent == SUITE_DIR:
        suite_state(parent.config).activate()


@pytest.hookimpl(tryfirst=True)
def pytest_bdd_apply_tag(tag: str, function: Any) -> bool | None:
    """Translate our tags into markers with arguments (``@rule:x`` -> ``sheepshead_rule("x")``)."""
    if not _STATES or not _STATES[-1].active:
        return None
    parsed = parse_tag(tag, (axis.id for axis in _spec().axes))
    if parsed is None or parsed.kind == "other":
        return None
    if parsed.kind == "option":
        mark = pytest.mark.sheepshead_option(parsed.name, parsed.value)
    else:
        mark = getattr(pytest.mark, f"sheepshead_{parsed.kind}")(parsed.name)
    mark(function)
    return True


@pytest.hookimpl(trylast=True)
def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrize suite cases over the profiles (fixtures: over records × profiles)."""
    if metafunc.definition.get_closest_marker(MARK) is None:
        return
    state = suite_state(metafunc.config)
    state.activate()
    if "sheepshead_fixture_case" in metafunc.fixturenames:
        cases = _fixture_cases(state)
        metafunc.parametrize(
            "sheepshead_fixture_case",
            cases,
            ids=[f"{c.case_id.removeprefix('fixtures/')}-{c.profile}-{'+'.join(c.rules)}" for c in cases],
        )
        return
    if "sheepshead_profile" in metafunc.fixturenames:
        rules = sorted({mark.args[0] for mark in metafunc.definition.iter_markers("sheepshead_rule")})
        profiles = state.profiles
        metafunc.parametrize("sheepshead_profile", profiles, ids=[f"{p}-{'+'.join(rules)}" for p in profiles])


def _fixture_cases(state: SuiteState) -> list[FixtureCase]:
    from conformance.cases.records import record_case
    from conformance.cases.record_plan import RecordProblems, load_record

    root = fixtures_dir()
    problems: list[str] = []
    cases: list[FixtureCase] = []
    for path in sorted(root.rglob("*.yaml")):
        case_id = f"fixtures/{path.relative_to(root).as_posix()}"
        try:
            record = load_record(path, state.spec, file=case_id)
            case = record_case(record, state.spec, case_id)
        except RecordProblems as error:
            problems += [str(problem) for problem in error.problems] or [f"{case_id}: {error}"]
            continue
        except ValueError as error:
            problems.append(str(error))
            continue
        _RECORDS[case_id] = (record, case)
        cases += [FixtureCase(path, case_id, profile, case.rules) for profile in state.profiles]
    if problems:
        raise pytest.Collector.CollectError("fixture problems:\n" + "\n".join(problems))
    return cases


_RECORDS: dict[str, tuple[Any, Any]] = {}
"""Loaded fixture records and their cases (:mod:`conformance.cases.records`) by case id (filled at collection)."""


def fixture_record(case: FixtureCase) -> Any:
    """The loaded record of a fixture case."""
    return _RECORDS[case.case_id][0]


def fixture_case(case: FixtureCase) -> Any:
    """The suite's case of a fixture record: the one judge ``run`` and ``check`` use."""
    return _RECORDS[case.case_id][1]


def raise_for(run: Any) -> None:
    """Turn one judged run of a case (:class:`~conformance.cases.model.CaseRun`) into the plugin's
    outcome: nothing for a pass, else :class:`Mismatches` headed by the first divergence (its
    rules blamed), :class:`~conformance.adapter.AdapterError`, :class:`ScenarioError` or
    :class:`Unsupported`, exactly as ``run`` judges it."""
    from conformance.judge.run import unreported_labels

    divergence = run.divergence
    if divergence is not None:
        items = [Mismatch(c.label, c.expected, c.actual, c.location, c.note, rules=c.rules)
                 for c in (divergence, *run.consequences)]  # fmt: skip
        raise Mismatches(items)
    if run.error is not None:
        raise run.error
    if run.suite_error is not None:
        raise ScenarioError(run.suite_error)
    if run.unsupported is not None:
        raise Unsupported(run.unsupported)
    if run.unreported:
        raise Unsupported(f"the engine does not report {unreported_labels(run)}")


# ---------------------------------------------------------------------------- collection


@dataclass(frozen=True)
class _CaseInfo:
    case_id: str
    kind: str
    profile: str
    rules: tuple[str, ...]
    location: str
    scenario_tags: tuple[Tag, ...]
    row_tags: tuple[Tag, ...]


def _relative(path: str | Path, config: pytest.Config) -> str:
    resolved = Path(path).resolve()
    for root, prefix in ((features_dir().resolve(), "features"), (fixtures_dir().resolve(), "fixtures"),
                         (_package_dir("sheepshead_features").resolve(), "features"),
                         (_package_dir("sheepshead_fixtures").resolve(), "fixtures")):  # fmt: skip
        if resolved.is_relative_to(root):
            return f"{prefix}/{resolved.relative_to(root).as_posix()}"
    try:
        return resolved.relative_to(config.rootpath).as_posix()
    except ValueError:
        return str(resolved)


def _scenario_of(item: pytest.Item) -> Any:
    from pytest_bdd.scenario import scenario_wrapper_template_registry

    function = getattr(item, "obj", None)
    return scenario_wrapper_template_registry.get(function) if function is not None else None


def _case_info(item: pytest.Item, state: SuiteState) -> _CaseInfo | None:
    callspec = getattr(item, "callspec", None)
    params: dict[str, Any] = callspec.params if callspec is not None else {}
    axes = [axis.id for axis in state.spec.axes]
    if "sheepshead_fixture_case" in params:
        case: FixtureCase = params["sheepshead_fixture_case"]
        record = fixture_record(case)
        kind = "fixture"
        return _CaseInfo(case.case_id, kind, case.profile, case.rules, record.where([]), (), ())
    template = _scenario_of(item)
    if template is None or "sheepshead_profile" not in params:
        return None
    info: ScenarioInfo | None = _FEATURE_INDEX.get(template.feature.filename, template.name)
    file = _relative(template.feature.filename, item.config)
    example = params.get("_pytest_bdd_example") or {}
    row, row_id = _example_row(item, example) if example else (None, "")
    case_id = f"{file}::{template.name}" + (f"[{row_id}]" if example else "")
    if info is not None:
        tags = tuple(t for t in (parse_tag(tag, axes) for tag in info.tags) if t is not None)
        row_tags: tuple[Tag, ...] = ()
        line = info.line
        if row is not None and row < len(info.row_lines):
            line = info.row_lines[row]
            row_tags = tuple(t for t in (parse_tag(tag, axes) for tag in info.row_tags[row]) if t is not None)
    else:  # bound without check_features(): read the marks
        tags = tuple(_tags_from_marks(item))
        row_tags = tuple(t for t in (parse_tag(m.name, axes) for m in item.own_markers) if t and t.kind != "other")
        line = template.line_number
    rules = tuple(sorted({t.name for t in (*tags, *row_tags) if t.kind == "rule"}))
    return _CaseInfo(case_id, "scenario", params["sheepshead_profile"], rules, f"{file}:{line}", tags, row_tags)


def _example_row(item: pytest.Item, example: dict[str, str]) -> tuple[int | None, str]:
    """The position of an outline's example among all its Examples rows (file order), and its id:
    the row's values joined by ``-``, with ``_<n>`` added when several rows hold the same values."""
    own_id = "-".join(example.values())
    for mark in item.iter_markers("parametrize"):
        if mark.args and mark.args[0] == "_pytest_bdd_example":
            rows = [parameter.values[0] for parameter in mark.args[1] if parameter.values]
            for index, row in enumerate(rows):
                if row is example:
                    same = [i for i, other in enumerate(rows) if list(other.values()) == list(example.values())]
                    return index, own_id + (f"_{same.index(index)}" if len(same) > 1 else "")
    return None, own_id


def _tags_from_marks(item: pytest.Item) -> Iterable[Tag]:
    for mark in item.iter_markers():
        if mark.name == "sheepshead_option":
            yield Tag("option", mark.args[0], mark.args[1])
        elif mark.name in ("sheepshead_rule", "sheepshead_profile", "sheepshead_requires"):
            yield Tag(mark.name.removeprefix("sheepshead_"), mark.args[0])


def _not_applicable(case: _CaseInfo, options: dict[str, str]) -> str | None:
    for level in (case.scenario_tags, case.row_tags):
        profiles = {t.name for t in level if t.kind == "profile"}
        if profiles and case.profile not in profiles:
            return f"{NOT_APPLICABLE_PREFIX} only under profile {', '.join(sorted(profiles))}"
        wanted: dict[str, set[str]] = defaultdict(set)
        for tag in level:
            if tag.kind == "option":
                wanted[tag.name].add(tag.value)
        for axis, choices in sorted(wanted.items()):
            if options.get(axis) not in choices:
                return (
                    f"{NOT_APPLICABLE_PREFIX} needs {axis}={'|'.join(sorted(choices))}; "
                    f"{case.profile} has {axis}={options.get(axis)}"
                )
    return None


def _unsupported(case: _CaseInfo, options: dict[str, str], info: EngineInfo) -> str | None:
    capabilities = {capability.value for capability in info.capabilities}
    missing = sorted({t.name for t in (*case.scenario_tags, *case.row_tags) if t.kind == "requires"} - capabilities)
    if missing:
        return f"{UNSUPPORTED_PREFIX} the engine lacks capability {', '.join(missing)}"
    lacking = info.supports(options, {axis.id: axis.default for axis in _spec().axes})  # the spec read once
    if lacking:
        return f"{UNSUPPORTED_PREFIX} the engine does not support {', '.join(lacking)} (profile {case.profile})"
    return None


_CASE_KEY = pytest.StashKey[_CaseInfo]()


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Name, filter and judge the applicability of every suite case."""
    state = config.stash.get(_STATE_KEY, None)
    if state is None or not state.active:
        return
    kept: list[pytest.Item] = []
    deselected: list[pytest.Item] = []
    ours: list[tuple[pytest.Item, _CaseInfo]] = []
    for item in items:
        case = _case_info(item, state) if item.get_closest_marker(MARK) is not None else None
        if case is None:
            kept.append(item)
            continue
        if not state.selection.keeps(case.rules):
            deselected.append(item)
            continue
        kept.append(item)
        ours.append((item, case))
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept
    if not ours:
        return
    collect_only = config.getoption("collectonly")
    info = None
    if not collect_only and state.engine_error is None:
        _, info = state.engine()
    for item, case in ours:
        item.stash[_CASE_KEY] = case
        item.user_properties += [
            (PROPERTY.CASE, case.case_id),
            (PROPERTY.KIND, case.kind),
            (PROPERTY.PROFILE, case.profile),
            (PROPERTY.RULES, " ".join(case.rules)),
            (PROPERTY.LOCATION, case.location),
        ]
        options = state.options(case.profile)
        if case.kind == "fixture":
            from conformance.cases.records import not_applicable
            from conformance.cases.record_plan import configuration

            parameter = getattr(item, "callspec").params["sheepshead_fixture_case"]  # noqa: B009
            record = fixture_record(parameter)
            options = configuration(record, state.spec, case.profile)
            reason = not_applicable(record, options, state.spec)
        else:
            reason = _not_applicable(case, options)
        if reason is None and info is not None:
            reason = _unsupported(case, options, info)
        if reason is not None:
            item.add_marker(pytest.mark.skip(reason=reason))


# ---------------------------------------------------------------------------- running


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Fail every case as an engine error when the engine could not start."""
    if _CASE_KEY not in item.stash:
        return
    error = suite_state(item.config).engine_error
    if error is not None:
        raise _engine_failure(item, error)


def _set_property(item: pytest.Item, name: str, value: str) -> None:
    item.user_properties[:] = [(key, old) for key, old in item.user_properties if key != name]
    item.user_properties.append((name, value))


def _engine_failure(item: pytest.Item, error: AdapterError) -> BaseException:
    _set_property(item, PROPERTY.STATUS, "error")
    _set_property(item, PROPERTY.ERROR_KIND, error.kind)
    _set_property(item, PROPERTY.MESSAGE, str(error))
    if error.detail:
        _set_property(item, PROPERTY.DETAIL, error.detail)
    step = item.stash.get(_STEP_KEY, None)
    if step:
        _set_property(item, PROPERTY.FAILED_AT, step[0])
    text = f"engine error ({error.kind}): {error}"
    return pytest.fail.Exception(f"{step[0]}: {step[1]}\n{text}" if step else text, pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    """Turn what a case raises into its report: unsupported, failed with expected/actual, engine error."""
    if _CASE_KEY not in item.stash:
        return (yield)
    try:
        return (yield)
    except CaseEnds as end:  # the action the options forbid: its answer is the case's last check
        if end.agrees:
            return None
        outcome: BaseException = _mismatch_failure(item, Mismatch(f"legality of {end.action!r}", end.expected, end.actual))
    except NotApplicable as error:
        outcome = pytest.skip.Exception(f"{NOT_APPLICABLE_PREFIX} {str(error).removeprefix('not applicable ')}")
    except Unsupported as error:
        outcome = pytest.skip.Exception(f"{UNSUPPORTED_PREFIX} {error}")
    except AdapterError as error:
        outcome = _engine_failure(item, error)
    except (Mismatch, Mismatches) as error:
        outcome = _mismatch_failure(item, error)
    except ScenarioError as error:
        step = item.stash.get(_STEP_KEY, None)
        where = step[0] if step else item.stash[_CASE_KEY].location
        _set_property(item, PROPERTY.FAILED_AT, where)
        text = f"{where}: {step[1] if step else ''}\nscenario error: {error}"
        _set_property(item, PROPERTY.MESSAGE, text)
        outcome = pytest.fail.Exception(text, pytrace=False)
    raise outcome  # outside the except blocks: no "during handling" chain in the report


def _mismatch_failure(item: pytest.Item, error: Mismatch | Mismatches) -> BaseException:
    first = error.first if isinstance(error, Mismatches) else error
    step = item.stash.get(_STEP_KEY, None)
    where = first.location or (step[0] if step else item.stash[_CASE_KEY].location)
    _set_property(item, PROPERTY.FAILED_AT, where)
    _set_property(item, PROPERTY.EXPECTED, first.expected_text)
    _set_property(item, PROPERTY.ACTUAL, first.actual_text)
    if isinstance(error, Mismatches):
        text = "\n".join(str(m) for m in error.items)
    elif step and not first.location:
        text = f"{where}: {step[1]}\n{error}"
    else:
        text = str(error)
    _set_property(item, PROPERTY.MESSAGE, text)
    return pytest.fail.Exception(text, pytrace=False)


def pytest_bdd_before_step(
    request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any, step_func: Any
) -> None:
    """Remember the running step, so that a failure names its ``file:line``."""
    item = request.node
    if _CASE_KEY in item.stash:
        where = f"{_relative(feature.filename, item.config)}:{step.line_number}"
        item.stash[_STEP_KEY] = (where, f"{step.keyword} {step.name}".strip())


def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    """An empty scenario would pass silently; fail it."""
    if _CASE_KEY in request.node.stash and not scenario.steps:
        pytest.fail(f"{_relative(feature.filename, request.config)}:{scenario.line_number}: scenario has no steps",
                    pytrace=False)  # fmt: skip
