"""The pytest plugin, a thin view of the case loop: run on the real suite and on fake engines.

The whole suite runs once under every profile against the reference engine through pytest
(``reference_full_run``); the fake engines of :mod:`tests.harness.plugin_engines` run the real
features with a small fixture set, so that each verdict is known: unsupported (never failed) for
a missing capability or option, failed with expected vs actual for a wrong engine, error for a
crashing one. And pytest gives the verdicts and the blame of ``run``, case by case.
"""

from __future__ import annotations

import ast
import shutil
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from sheepshead_spec import load_spec

from conformance.judge.results import CaseResult, Status
from conformance.plugin import PROPERTY
from conformance.runner import run_engine
from tests.harness.pytest_path import run_pytest

pytest_plugins = ["pytester"]

REPO = Path(__file__).resolve().parents[2]
OWN_FIXTURES = [
    "hands/ordinary-win-deck.yaml",
    "hands/revoke-trump-on-club-lead.yaml",
    "hands/schneidered-hands.yaml",
    "hands/leaster-blind-decides.yaml",
    "sessions/session-two-hands.yaml",
]
BASE = ["-p", "no:hypothesispytest", "-p", "no:cacheprovider"]


@pytest.fixture(scope="module")
def small_fixtures(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fixtures folder with a few records of known content (the suite's own may grow)."""
    folder = tmp_path_factory.mktemp("fixtures")
    for name in OWN_FIXTURES:
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / "fixtures" / name, target)
    return folder


@pytest.fixture(scope="module")
def full_run(reference_full_run: tuple[list[CaseResult], Path]) -> tuple[list[CaseResult], Path]:
    """The whole suite through pytest, every profile, reference engine, with a JUnit file."""
    return reference_full_run


def run_with(engine: str, fixtures: Path, profiles: list[str], *args: str) -> list[CaseResult]:
    return run_pytest(engine, profiles, "--sheepshead-fixtures", str(fixtures), *args)


# ---------------------------------------------------------------------------- the real suite


def test_the_suite_passes_against_the_reference_engine_under_every_profile(full_run) -> None:
    results, _ = full_run
    bad = [f"{r.key}: {r.status}: {r.message}" for r in results if r.status in (Status.FAILED, Status.ERROR)]
    assert not bad, "\n".join(bad[:20])
    assert {r.profile for r in results} == {p.id for p in load_spec().profiles}
    kinds = Counter(r.kind for r in results)
    assert kinds["scenario"] > 0 and kinds["fixture"] > 0
    assert Status.PASSED in {r.status for r in results}
    assert all(r.location for r in results)
    assert all(r.rules and r.areas for r in results if "/perft/" not in r.case_id)
    assert len({r.key for r in results}) == len(results), "a case id is not unique under a profile"


def test_not_applicable_cases_are_skipped_with_the_reason() -> None:
    results = run_pytest("reference", ["standard"])
    skipped = [r for r in results if r.status is Status.SKIPPED]
    assert skipped and all(r.message.startswith("not applicable") for r in skipped)
    assert not [r for r in results if r.status in (Status.FAILED, Status.ERROR, Status.UNSUPPORTED)]


def test_test_ids_and_junit_carry_the_case_its_profile_and_rules(full_run) -> None:
    _, xml = full_run
    seen = 0
    for case in ET.parse(xml).getroot().iter("testcase"):
        props = {p.get("name"): p.get("value") for p in case.iter("property")}
        name = case.get("name", "")
        assert name.startswith("test_case[") and props[PROPERTY.PROFILE] in name.removesuffix("]").rsplit(" @ ", 1)[
            1
        ].split(",")
        assert props[PROPERTY.CASE] in name and ":" in props[PROPERTY.LOCATION]
        assert props[PROPERTY.STATUS] in ("passed", "skipped")
        seen += 1
    assert seen > 1000


# ---------------------------------------------------------------------------- fake engines


def test_a_missing_capability_is_unsupported_not_failed(small_fixtures: Path) -> None:
    results = run_with("python:tests.harness.plugin_engines:card_points_only_engine", small_fixtures, ["standard"])
    statuses = Counter(r.status for r in results)
    assert statuses[Status.FAILED] == statuses[Status.ERROR] == 0
    unsupported = [r for r in results if r.status is Status.UNSUPPORTED]
    assert unsupported and all(
        r.reason.startswith("capability ") and r.reason.endswith(" missing") for r in unsupported
    )
    passed = {rule for r in results if r.status is Status.PASSED for rule in r.rules}
    assert "points.card-values" in passed


def test_a_missing_profile_option_is_unsupported(small_fixtures: Path) -> None:
    results = run_with(
        "python:tests.harness.plugin_engines:standard_only_engine", small_fixtures, ["standard", "translated-article"]
    )
    by_profile = {
        profile: Counter(r.status for r in results if r.profile == profile)
        for profile in ("standard", "translated-article")
    }
    assert by_profile["standard"][Status.UNSUPPORTED] == 0 and by_profile["standard"][Status.FAILED] == 0
    other = [r for r in results if r.profile == "translated-article" and r.status is not Status.SKIPPED]
    assert other and all(r.status is Status.UNSUPPORTED for r in other)
    assert "profile translated-article needs" in other[0].message


def test_a_wrong_engine_fails_with_expected_and_actual(small_fixtures: Path) -> None:
    results = run_with(
        "python:tests.harness.plugin_engines:wrong_engine", small_fixtures, ["standard", "translated-article"]
    )
    failed = [r for r in results if r.status is Status.FAILED]
    assert failed and {r.status for r in results} <= {Status.PASSED, Status.FAILED, Status.SKIPPED}
    ace = next(r for r in failed if r.case_id.endswith("::<card> counts <points> card points[AC-11]"))
    assert (ace.expected, ace.actual) == ("11", "12")
    assert ace.location == "features/points/card-points.feature:7"
    assert "Then AC is worth 11 card points" in ace.message
    jacks = [r for r in results if r.case_id.endswith("trump suit[JC-JS]")]
    expected = {("standard", Status.FAILED), ("translated-article", Status.PASSED)}  # spades-first: right
    assert {(r.profile, r.status) for r in jacks} == expected
    assert {rule for r in failed for rule in r.rules} <= {
        "points.card-values",
        "points.same-in-every-suit",
        "points.total-120",
        "ranking.trump-order",
    }


def test_an_engine_error_is_an_error_and_the_run_goes_on(small_fixtures: Path) -> None:
    results = run_with("python:tests.harness.plugin_engines:crashing_engine", small_fixtures, ["standard"])
    errors = [r for r in results if r.status is Status.ERROR]
    assert errors and not [r for r in results if r.status is Status.FAILED]
    assert all(r.detail == "Traceback: boom" and "exited with status 3" in r.message for r in errors)
    assert any(r.kind == "fixture" for r in errors) and any(r.kind == "scenario" for r in errors)
    assert Status.PASSED in {r.status for r in results}  # the direct queries still pass


def test_a_fixture_mismatch_names_the_line_of_the_expectation(tmp_path: Path) -> None:
    text = (REPO / "fixtures/hands/ordinary-win-deck.yaml").read_text(encoding="utf-8")
    wrong = text.replace("ninety-one: win,", "ninety-one: schneider,")
    assert wrong != text
    (tmp_path / "wrong.yaml").write_text(wrong, encoding="utf-8")
    results = run_with("reference", tmp_path, ["standard"], "--sheepshead-rule", "scoring.win")
    fixture = next(r for r in results if r.kind == "fixture")
    assert fixture.status is Status.FAILED
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith("  outcome:"))
    assert (fixture.location, fixture.expected, fixture.actual) == (f"fixtures/wrong.yaml:{line}", "schneider", "win")


def test_rule_and_area_selection(small_fixtures: Path) -> None:
    results = run_with("reference", small_fixtures, ["standard"], "--sheepshead-rule", "trick.*")
    assert results and all(any(rule.startswith("trick.") for rule in r.rules) for r in results)
    results = run_with("reference", small_fixtures, ["standard"], "--sheepshead-area", "leaster")
    assert results and all("leaster" in r.areas for r in results)


# ---------------------------------------------------------------------------- pytester: collection


FEATURE = """\
Feature: Jacks
  @rule:ranking.trump-order
  Scenario Outline: <higher> beats <lower>
    Then <higher> beats <lower>

    Examples:
      | higher | lower |
      | QC     | QS    |

    @jack-order:spades-first
    Examples:
      | higher | lower |
      | JS     | JC    |
"""


def test_examples_tags_select_rows_per_profile(pytester: pytest.Pytester, tmp_path: Path) -> None:
    (tmp_path / "jacks.feature").write_text(FEATURE)
    (tmp_path / "no-fixtures").mkdir()
    result = pytester.inline_run(
        "--pyargs",
        "conformance.suite",
        *BASE,
        "--sheepshead-features",
        str(tmp_path),
        "--sheepshead-fixtures",
        str(tmp_path / "no-fixtures"),
        "--sheepshead-profile",
        "standard,translated-article",
    )
    # One item per planned run, as `run` plans them: the row without an axis once for both
    # profiles, the spades-first row only under the profile that plays it.
    result.assertoutcome(passed=2)
    names = {r.nodeid.split("::", 1)[-1] for r in result.getreports("pytest_runtest_logreport") if r.when == "call"}
    assert names == {
        "test_case[features/jacks.feature::<higher> beats <lower>[QC-QS] @ standard,translated-article]",
        "test_case[features/jacks.feature::<higher> beats <lower>[JS-JC] @ translated-article]",
    }


def test_unknown_tags_are_collection_errors_naming_file_and_line(pytester: pytest.Pytester, tmp_path: Path) -> None:
    (tmp_path / "bad.feature").write_text(
        "Feature: x\n  @rule:nope @colour:red @jack-order:diamonds-first\n  Scenario: y\n"
        "    Then AC is worth 11 card points\n  Scenario: y\n    Then AC is worth 11 card points\n"
    )
    result = pytester.inline_run("--pyargs", "conformance.suite", *BASE, "--sheepshead-features", str(tmp_path))
    assert result.ret == pytest.ExitCode.INTERRUPTED
    text = "\n".join(r.longreprtext for r in result.getreports("pytest_collectreport") if r.failed)
    for expected in (
        "features/bad.feature:2: unknown rule id 'nope' in tag @rule:nope",
        "features/bad.feature:2: unknown tag @colour:red",
        "features/bad.feature:2: axis 'jack-order' has no option 'diamonds-first'",
        "features/bad.feature:5: scenario 'y' has no @rule:<rule-id> tag",
        "features/bad.feature:5: duplicate scenario name 'y' (also line 3)",
    ):
        assert expected in text


def test_invalid_fixtures_are_collection_errors_naming_file_and_line(pytester: pytest.Pytester, tmp_path: Path) -> None:
    text = (REPO / "fixtures/hands/revoke-trump-on-club-lead.yaml").read_text(encoding="utf-8")
    (tmp_path / "bad.yaml").write_text(text.replace("play.follow-suit}", "play.nope}"), encoding="utf-8")
    result = pytester.inline_run("--pyargs", "conformance.suite", *BASE, "--sheepshead-fixtures", str(tmp_path))
    report = "\n".join(r.longreprtext for r in result.getreports("pytest_collectreport") if r.failed)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.strip().startswith("illegal:"))
    assert f"fixtures/bad.yaml:{line}" in report and "play.nope" in report


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--sheepshead-profile", "nope"], "--sheepshead-profile: unknown profile 'nope'"),
        (["--sheepshead-engine", "bogus"], "--sheepshead-engine: engine 'bogus': unknown engine"),
        (["--sheepshead-area", "nowhere"], "--sheepshead-area: unknown area 'nowhere'"),
    ],
)
def test_bad_options_are_usage_errors(pytester: pytest.Pytester, option: list[str], message: str) -> None:
    result = pytester.runpytest_subprocess(*BASE, *option)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert message in result.stderr.str()
    assert "Traceback" not in result.stderr.str()


def test_the_plugin_leaves_other_projects_alone(pytester: pytest.Pytester) -> None:
    feature = "Feature: other\n  @rule:mine\n  Scenario: plain\n    Given the actions S1 pass\n"
    pytester.makefile(".feature", other=feature)
    pytester.makepyfile(
        test_other="""
        from pytest_bdd import given, parsers, scenarios
        from pytest_bdd.compat import get_fixture_names

        scenarios("other.feature")

        @given(parsers.parse("the actions {text}"))
        def _(request, text):
            names = list(get_fixture_names(fixturemanager=request._fixturemanager))
            assert not [n for n in names if "sheepshead" in n], names
            assert request.node.get_closest_marker("rule:mine") is not None
            assert not request.node.user_properties
        """
    )
    result = pytester.inline_run(*BASE)
    result.assertoutcome(passed=1)
    (report,) = [r for r in result.getreports("pytest_runtest_logreport") if r.when == "call"]
    assert report.nodeid.endswith("::test_plain")


# ---------------------------------------------------------------------------- one front end


def test_the_plugin_is_a_thin_view_without_an_import_circle() -> None:
    """The plugin stays small, and only the suite's test module imports it: the case loop, the
    runner and the command line know nothing of it, so no import circle can form."""
    plugin = REPO / "conformance" / "plugin.py"
    assert len(plugin.read_text(encoding="utf-8").splitlines()) <= 250
    importers = []
    for path in sorted((REPO / "conformance").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
        names |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        if "conformance.plugin" in names:
            importers.append(path.relative_to(REPO).as_posix())
    assert importers == ["conformance/suite/test_cases.py"]
    runner = ast.parse((REPO / "conformance" / "runner.py").read_text(encoding="utf-8"))
    assert not [
        node
        for node in ast.walk(runner)
        if isinstance(node, ast.Import) and any(alias.name == "pytest" for alias in node.names)
    ]


def _verdicts(results: list[CaseResult]) -> list[tuple[str, Status, tuple[str, ...], str]]:
    return sorted((r.key, r.status, r.blamed, r.location) for r in results)


@pytest.mark.parametrize(
    ("engine", "area"),
    [("void_must_trump", "play"), ("first_trump_wins", "trick"), ("schneider_at_ninety", "")],
)
def test_pytest_and_run_give_the_same_verdicts_and_blame_case_by_case(engine: str, area: str) -> None:
    """A wrong engine named as a user names theirs (``pytest --sheepshead-engine python:…`` and
    ``run``'s engine text), judged under its own rule set: the same items, verdicts, blame and
    locations through pytest as through ``run``'s loop (the whole suite for one engine; one rule
    area each for the others, to stay quick)."""
    text = f"python:tests.harness.wrong_engines:{engine}"
    through_run = run_engine(text, areas=[area] if area else []).results
    through_pytest = run_pytest(text, (), *(("--sheepshead-area", area) if area else ()))
    assert any(r.status is Status.FAILED for r in through_run)
    assert len(through_pytest) == len(through_run)
    assert _verdicts(through_pytest) == _verdicts(through_run)


def test_pytest_and_run_agree_on_the_reference_under_every_profile(full_run, reference_run_all) -> None:
    results, _ = full_run
    assert _verdicts(results) == _verdicts(reference_run_all)
