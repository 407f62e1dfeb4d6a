"""``sheepshead-conformance run`` with a fake runner: formats, exit codes, baselines, usage errors."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator
from sheepshead_spec import load_spec

from conformance.judge.results import CaseResult, Status

from .synthetic import (
    FOLLOW,
    TRUMP,
    FakeRunner,
    case,
    fake_loader,
    passing_results,
    run_cli,
    standard_results,
    with_profile,
)

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "spec" / "schema" / "report.schema.json").read_text(encoding="utf-8")
)
PROFILES = [p.id for p in load_spec().profiles]
LOADER = fake_loader({"reference": "demo", "cmd:./other": "other"})


def _runner(results: list[CaseResult] | None = None) -> FakeRunner:
    return FakeRunner({"reference": standard_results() if results is None else results})


def _one_line_error(err: str, fragment: str) -> None:
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("sheepshead-conformance: error: ")
    assert fragment in lines[0], lines[0]


def test_all_passing_exits_0_with_progress_on_stderr() -> None:
    outcome = run_cli(["run"], _runner(passing_results()), LOADER)
    assert outcome.status == 0
    assert outcome.err == "..  [2/2]\n"
    assert outcome.out.startswith("Sheepshead conformance report\nengine:    demo 9.9 (reference)\n")
    assert outcome.out.endswith("result: PASSED: 2 passed in 1.0 s\n")


def test_failures_and_errors_exit_1() -> None:
    outcome = run_cli(["run"], _runner(), LOADER)
    assert outcome.status == 1
    assert f"FAILED {FOLLOW} @ standard" in outcome.out
    assert "result: FAILED" in outcome.out


def test_an_error_alone_exits_1() -> None:
    results = [case(TRUMP, ["trick.highest-trump-wins"], Status.ERROR, message="timeout")]
    assert run_cli(["run", "--quiet"], _runner(results), LOADER).status == 1


def test_unsupported_and_skipped_do_not_fail() -> None:
    results = [
        case(TRUMP, ["trick.highest-trump-wins"], Status.UNSUPPORTED),
        case(FOLLOW, ["play.follow-suit"], Status.SKIPPED),
    ]
    outcome = run_cli(["run", "-q"], _runner(results), LOADER)
    assert (outcome.status, outcome.err) == (0, "")


def test_selection_is_passed_to_the_runner() -> None:
    runner = _runner()
    run_cli(
        ["run", "-q", "--profile", "all", "--rule", "play.*", "--rule", "trick.*", "--area", "play"], runner, LOADER
    )
    assert runner.calls == [("reference", PROFILES, ["play.*", "trick.*"], ["play"])]
    runner = _runner()
    run_cli(["run", "-q"], runner, LOADER)  # no --profile: the engine's own declared rule set
    assert runner.calls == [("reference", [], [], [])]
    run_cli(["run", "-q", "--profile", "tournament", "--profile", "standard"], runner, LOADER)
    assert runner.calls[-1][1] == ["tournament", "standard"]


def test_options_go_on_top_of_each_profile() -> None:
    runner = _runner()
    run_cli(
        [
            "run",
            "-q",
            "--profile",
            "tournament",
            "--profile",
            "standard",
            "--option",
            "void-play=must-trump",
            "--option",
            "jack-order=spades-first",
        ],
        runner,
        LOADER,
    )
    assert runner.calls[-1][1] == [
        "tournament+void-play=must-trump+jack-order=spades-first",
        "standard+void-play=must-trump+jack-order=spades-first",
    ]
    run_cli(["run", "-q", "--option", "void-play=must-trump"], runner, LOADER)  # no --profile: on top of standard
    assert runner.calls[-1][1] == ["standard+void-play=must-trump"]
    outcome = run_cli(["run", "-q", "--option", "void-play=mst-trump"], runner, LOADER)
    assert outcome.status == 2 and "axis void-play has no option 'mst-trump'" in outcome.err


def test_a_derived_profile_runs_the_suite_under_its_options() -> None:
    """The real runner: under standard+void-play=must-trump the void-play cases are judged under
    must-trump, and none is left out for want of an expectation (every case has one per option)."""
    from conformance.runner import run_engine
    from conformance.judge.results import Status

    ran = run_engine("reference", ["standard+void-play=must-trump"], areas=["play"])
    assert {r.profile for r in ran.results} == {"standard+void-play=must-trump"}
    statuses = {r.status for r in ran.results}
    assert Status.PASSED in statuses and Status.FAILED not in statuses
    assert any(("void-play", "must-trump") in r.config for r in ran.results if r.status is Status.PASSED)
    assert not any("needs void-play" in r.message for r in ran.results if r.status is Status.SKIPPED)


def test_json_to_a_file_is_valid_and_progress_goes_to_stdout(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    outcome = run_cli(["run", "--format", "json", "--output", str(target)], _runner(), LOADER)
    assert outcome.status == 1
    assert outcome.out.splitlines() == [
        "..FEus  [6/6]",
        f"wrote json report {target}: 2 passed, 1 failed, 1 unsupported, 1 skipped, 1 error",
    ]
    data = json.loads(target.read_text(encoding="utf-8"))
    assert list(Draft202012Validator(SCHEMA).iter_errors(data)) == []
    assert data["engine"]["name"] == "demo" and data["ok"] is False


@pytest.mark.parametrize("fmt", ["text", "json", "junit", "markdown"])
def test_every_format_on_stdout(fmt: str) -> None:
    outcome = run_cli(["run", "-q", "--format", fmt], _runner(), LOADER)
    assert outcome.status == 1 and outcome.err == ""
    if fmt == "json":
        assert list(Draft202012Validator(SCHEMA).iter_errors(json.loads(outcome.out))) == []
    elif fmt == "junit":
        assert ET.fromstring(outcome.out.encode("utf-8")).tag == "testsuites"
    elif fmt == "markdown":
        assert outcome.out.startswith("## Sheepshead conformance: demo 9.9 FAILED")


# ------------------------------------------------------------------ baselines


def test_write_baseline_then_run_against_it(tmp_path: Path) -> None:
    known = tmp_path / "known.yaml"
    first = run_cli(["run", "-q", "--write-baseline", str(known)], _runner(), LOADER)
    assert first.status == 0  # the failures are now the baseline
    assert first.err == f"wrote baseline {known} (2 entries)\n"
    assert f"FAILED {FOLLOW} @ standard" in first.out  # what the new baseline records is shown
    assert [e["case"] for e in yaml.safe_load(known.read_text())["entries"]] == [
        FOLLOW,
        "fixtures/hands/play/revoke.yaml",
    ]
    again = run_cli(["run", "-q", "--baseline", str(known)], _runner(), LOADER)
    assert again.status == 0
    assert f"baseline {known}: 0 new, 0 fixed, 2 as expected" in again.out
    assert "result: PASSED" in again.out


def test_baseline_fails_on_a_new_failure(tmp_path: Path) -> None:
    known = tmp_path / "known.yaml"
    run_cli(["run", "-q", "--write-baseline", str(known)], _runner(), LOADER)
    worse = standard_results() + [
        case(TRUMP, ["trick.highest-trump-wins"], Status.FAILED, profile="standard", message="S3 won, not S4")
    ]
    worse = [r for r in worse if not (r.case_id == TRUMP and r.status is Status.PASSED)]
    outcome = run_cli(["run", "-q", "--baseline", str(known)], _runner(worse), LOADER)
    assert outcome.status == 1
    assert f"  new: {TRUMP} @ standard (failed)" in outcome.out
    assert f"FAILED {TRUMP} @ standard" in outcome.out
    assert f"FAILED {FOLLOW} @ standard" not in outcome.out  # known


def test_baseline_fails_on_an_entry_that_now_passes(tmp_path: Path) -> None:
    known = tmp_path / "known.json"
    run_cli(["run", "-q", "--write-baseline", str(known)], _runner(), LOADER)
    better = [case(r.case_id, r.rules, Status.PASSED) if r.case_id == FOLLOW else r for r in standard_results()]
    outcome = run_cli(["run", "-q", "--baseline", str(known)], _runner(better), LOADER)
    assert outcome.status == 1
    assert f"  fixed: remove from baseline: {FOLLOW} @ standard" in outcome.out
    data = json.loads(run_cli(["run", "-q", "--baseline", str(known), "--format", "json"], _runner(better), LOADER).out)
    assert data["baseline"]["fixed"] == [f"{FOLLOW} @ standard"] and data["ok"] is False


def test_baseline_keys_include_the_profile(tmp_path: Path) -> None:
    known = tmp_path / "known.yaml"
    results = standard_results() + with_profile(standard_results(), "tournament")
    run_cli(
        ["run", "-q", "--profile", "standard", "--write-baseline", str(known)],
        FakeRunner({"reference": results}),
        LOADER,
    )
    outcome = run_cli(
        ["run", "-q", "--profile", "all", "--baseline", str(known)], FakeRunner({"reference": results}), LOADER
    )
    assert outcome.status == 1
    assert f"  new: {FOLLOW} @ tournament (failed)" in outcome.out


# ------------------------------------------------------------------ usage errors: exit 2, one line


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["run", "--profile", "standrad"], "unknown profile 'standrad'; did you mean standard?"),
        (["run", "--rule", "trick.nothing-*"], "--rule 'trick.nothing-*' matches no rule id"),
        (["run", "--rule", "tricks.*"], "--rule 'tricks.*' matches no rule id; did you mean trick.*?"),
        (["run", "--area", "tricks"], "unknown area 'tricks'; did you mean trick"),
        (["run", "--rule", "trick.*", "--area", "deal"], "no rule matches --rule trick.* within --area deal"),
        (["run", "--baseline", "/no/such/baseline.yaml"], "cannot read baseline /no/such/baseline.yaml"),
        (["run", "--output", "/no/such/folder/report.txt"], "--output /no/such/folder/report.txt: folder"),
        (["run", "--write-baseline", "/no/such/folder/b.yaml"], "--write-baseline /no/such/folder/b.yaml"),
    ],
)
def test_usage_errors_exit_2_with_one_line(argv: list[str], fragment: str) -> None:
    runner = _runner()
    outcome = run_cli(argv, runner, LOADER)
    assert outcome.status == 2
    _one_line_error(outcome.err, fragment)
    assert outcome.out == "" and runner.calls == []  # nothing ran


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["run", "--engine", "nonsense"], "engine 'nonsense': unknown engine"),
        (["run", "--engine", "python:no_such_module_xyz:make"], "cannot import module 'no_such_module_xyz'"),
        (["run", "--engine", "cmd:"], "no command after 'cmd:'"),
    ],
)
def test_an_engine_that_names_nothing_is_a_usage_error(argv: list[str], fragment: str) -> None:
    """The real runner loads the engine (once) before any case is built or run."""
    outcome = run_cli(argv)
    assert outcome.status == 2
    _one_line_error(outcome.err, fragment)
    assert outcome.out == ""


def test_a_broken_baseline_file_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: nope\n", encoding="utf-8")
    outcome = run_cli(["run", "--baseline", str(bad)], _runner(), LOADER)
    assert outcome.status == 2
    _one_line_error(outcome.err, "not a baseline")


def test_a_runner_usage_error_exits_2() -> None:
    class UsageError(Exception):
        pass

    runner = _runner()
    runner.raises = UsageError("--sheepshead-profile: nope")
    outcome = run_cli(["run", "-q"], runner, LOADER)
    assert outcome.status == 2
    _one_line_error(outcome.err, "--sheepshead-profile: nope")


def test_unknown_format_is_an_argparse_error() -> None:
    outcome = run_cli(["run", "--format", "html"], _runner(), LOADER)
    assert outcome.status == 2


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    outcome = run_cli(["--help"])
    out = capsys.readouterr().out
    assert outcome.status == 0
    for command in ("run", "matrix", "check", "rules", "explain", "spec"):
        assert f"    {command}" in out
