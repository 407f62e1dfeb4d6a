"""The four report formats of ``run``, made from synthetic results (no engine, no pytest run)."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from sheepshead_spec import load_spec

from conformance.judge.baseline import Baseline, BaselineEntry, compare
from conformance.reports.report import Report
from conformance.reports.report_json import render_json
from conformance.reports.report_junit import render_junit
from conformance.reports.report_markdown import render_markdown
from conformance.reports.report_text import ProgressLine, render_text
from conformance.judge.results import Status
from conformance.judge.summary import RunInfo

from .synthetic import FOLLOW, TRUMP, WIN, case, standard_results

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "spec" / "schema" / "report.schema.json"
SPEC = load_spec()


def _report(results: Any = None, **extra: Any) -> Report:
    info = RunInfo(
        engine="cmd:./demo --fast",
        engine_name="demo",
        engine_version="1.2",
        profiles=("standard",),
        suite_version="0.1.0",
        spec_version=SPEC.spec_version,
        protocol_version="1",
        duration=2.5,
    )
    return Report(
        info=info,
        results=tuple(standard_results() if results is None else results),
        statements={r.id: r.statement for r in SPEC.rules},
        area_order=tuple(a.id for a in SPEC.areas),
        **extra,
    )


def _validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


# ------------------------------------------------------------------ text


def test_text_report_header_table_and_verdict() -> None:
    lines = render_text(_report()).splitlines()
    assert lines[:4] == [
        "Sheepshead conformance report",
        "engine:    demo 1.2 (cmd:./demo --fast)",
        "profiles:  standard",
        f"versions:  suite 0.1.0, spec {SPEC.spec_version}, protocol 1",
    ]
    table = lines[5 : lines.index("all cases       2       1            1        1       1") + 1]
    # areas in the spec's order, each case once, under its area folder (the win fixture lives in
    # fixtures/hands/scoring/ and also checks points: it counts under scoring only)
    assert [row.split()[0] for row in table] == [
        "area",
        "ranking",
        "play",
        "trick",
        "scoring",
        "leaster",
        "all",
    ]
    assert sum(int(row.split()[1]) for row in table[1:-1]) == 2  # passed: the two passing cases
    assert table[2].split() == ["play", "0", "1", "0", "0", "1"]
    assert lines[-1] == "result: FAILED: 2 passed, 1 failed, 1 unsupported, 1 skipped, 1 error in 2.5 s"


def test_text_report_shows_each_failure_with_rule_statement_location_and_stderr() -> None:
    text = render_text(_report())
    block = text.split(f"FAILED {FOLLOW} @ standard\n", 1)[1].split("\n\n", 1)[0]
    statement = " ".join(SPEC.rule("play.follow-suit").statement.split())
    assert " ".join(block.split("case:")[0].split()) == f"rule play.follow-suit: {statement}"
    assert "  case:     features/play/follow-suit.feature:12" in block
    assert "  expected: AC\n  actual:   AC QC" in block
    assert "    | engine stderr:\n    | warning: | pipes | and <xml> & \\x01 control" in block
    assert "ERROR fixtures/hands/play/revoke.yaml @ standard" in text
    assert "    | Traceback (most recent call last):" in text
    assert "2 problems:" in text


def test_text_report_of_a_clean_run_passes() -> None:
    report = _report([case(TRUMP, ["trick.highest-trump-wins"], Status.PASSED)])
    text = render_text(report)
    assert "problem" not in text
    assert text.endswith("result: PASSED: 1 passed in 2.5 s\n")


def test_text_report_with_no_cases() -> None:
    assert "no cases were selected" in render_text(_report([]))


def test_text_report_hides_baseline_failures_and_lists_new_and_fixed() -> None:
    baseline = Baseline(
        "demo",
        "1.2",
        (
            BaselineEntry(FOLLOW, "standard", "failed"),
            BaselineEntry(TRUMP, "standard", "failed"),
        ),
    )
    results = standard_results()
    report = _report(results, baseline=compare(baseline, results), baseline_file="known.yaml")
    text = render_text(report)
    assert f"FAILED {FOLLOW}" not in text  # expected by the baseline
    assert "ERROR fixtures/hands/play/revoke.yaml @ standard" in text
    assert "baseline known.yaml: 1 new, 1 fixed, 1 as expected" in text
    assert "  new: fixtures/hands/play/revoke.yaml @ standard (error)" in text
    assert f"  fixed: remove from baseline: {TRUMP} @ standard" in text
    assert text.rstrip().splitlines()[-1].startswith("result: FAILED")


# ------------------------------------------------------------------ JSON


def test_report_schema_is_strict_and_described() -> None:
    from tests.spec.test_schemas import _loose_objects

    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert _loose_objects(schema, "#") == []


def test_json_report_is_valid_and_complete() -> None:
    data = json.loads(render_json(_report()))
    assert sorted(e.message for e in _validator().iter_errors(data)) == []
    assert data["engine"] == {"selection": "cmd:./demo --fast", "name": "demo", "version": "1.2"}
    assert (data["suite_version"], data["spec_version"], data["protocol_version"]) == (
        "0.1.0",
        SPEC.spec_version,
        "1",
    )
    assert data["profiles"] == ["standard"]
    assert data["ok"] is False
    assert data["summary"] == {
        "total": 6,
        "passed": 2,
        "failed": 1,
        "unsupported": 1,
        "skipped": 1,
        "error": 1,
    }
    assert [r["id"] for r in data["results"]] == sorted(r["id"] for r in data["results"])
    failed = next(r for r in data["results"] if r["status"] == "failed")
    assert failed["key"] == f"{FOLLOW} @ standard"
    assert (failed["expected"], failed["actual"]) == ("AC", "AC QC")
    assert failed["location"] == "features/play/follow-suit.feature:12"
    assert {"area": "play", "total": 2, "passed": 0, "failed": 1, "unsupported": 0, "skipped": 0, "error": 1} in data[
        "areas"
    ]
    assert sum(area["total"] for area in data["areas"]) == data["summary"]["total"]
    assert "baseline" not in data


def test_json_report_with_baseline_is_valid() -> None:
    results = standard_results()
    baseline = Baseline("demo", "1.2", (BaselineEntry(FOLLOW, "standard", "failed"),))
    data = json.loads(render_json(_report(results, baseline=compare(baseline, results), baseline_file="b.yaml")))
    assert list(_validator().iter_errors(data)) == []
    assert data["baseline"] == {
        "file": "b.yaml",
        "new": ["fixtures/hands/play/revoke.yaml @ standard"],
        "fixed": [],
        "expected": [f"{FOLLOW} @ standard"],
        "not_run": [],
    }
    assert data["ok"] is False


def test_schema_rejects_a_report_with_an_unknown_status() -> None:
    data = json.loads(render_json(_report()))
    data["results"][0]["status"] = "xpass"
    assert [e.message for e in _validator().iter_errors(data)] == [
        "'xpass' is not one of ['passed', 'failed', 'unsupported', 'skipped', 'error']"
    ]


# ------------------------------------------------------------------ JUnit


def test_junit_report_carries_rules_profile_and_status() -> None:
    root = ET.fromstring(render_junit(_report()).encode("utf-8"))
    (suite,) = root.findall("testsuite")
    assert suite.get("name") == "sheepshead-conformance[standard]"
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors"), suite.get("skipped")) == (
        "6",
        "1",
        "1",
        "2",
    )
    suite_props = {p.get("name"): p.get("value") for p in suite.findall("properties/property")}
    assert suite_props["engine.name"] == "demo" and suite_props["profile"] == "standard"
    cases = {f"{c.get('classname')}::{c.get('name')}": c for c in suite.findall("testcase")}
    failed = cases[f"{FOLLOW}[standard]"]
    props = [(p.get("name"), p.get("value")) for p in failed.findall("properties/property")]
    assert props == [("rule", "play.follow-suit"), ("profile", "standard"), ("status", "failed")]
    failure = failed.find("failure")
    assert failure is not None and failure.get("message") == "legal plays of S2: expected AC, got AC QC"
    assert "expected: AC\nactual: AC QC" in (failure.text or "")
    assert (failed.findtext("system-err") or "").endswith("and <xml> & \ufffd control")
    assert (failed.get("file"), failed.get("line")) == ("features/play/follow-suit.feature", "12")
    win = cases[f"{WIN}::{WIN}[standard]"]  # a fixture id has no "::": its file is its name
    assert [p.get("value") for p in win.findall("properties/property") if p.get("name") == "rule"] == [
        "scoring.win",
        "points.side-totals",
    ]
    statuses = {name: [e.tag for e in c if e.tag != "properties"] for name, c in cases.items()}
    assert sorted(statuses.values()) == sorted(
        [["failure", "system-err"], ["error", "system-err"], ["skipped"], ["skipped"], [], []]
    )


def test_junit_report_has_one_suite_per_profile() -> None:
    results = [case(TRUMP, ["trick.highest-trump-wins"], Status.PASSED, profile=p) for p in ("standard", "tournament")]
    report = _report(results)
    report = Report(
        info=RunInfo(**{**report.info.__dict__, "profiles": ("standard", "tournament")}),
        results=report.results,
    )
    root = ET.fromstring(render_junit(report))
    assert [s.get("name") for s in root.findall("testsuite")] == [
        "sheepshead-conformance[standard]",
        "sheepshead-conformance[tournament]",
    ]


# ------------------------------------------------------------------ Markdown


def test_markdown_report_is_a_ci_summary() -> None:
    lines = render_markdown(_report()).splitlines()
    assert lines[0] == "## Sheepshead conformance: demo 1.2 FAILED"
    assert "| Area | Passed | Failed | Unsupported | Skipped | Error |" in lines
    assert "| **All cases** | 2 | 1 | 1 | 1 | 1 |" in lines
    assert "| play | 0 | 1 | 0 | 0 | 1 |" in lines
    assert (
        f"| failed | {FOLLOW} @ standard | `play.follow-suit` | features/play/follow-suit.feature:12"
        " | legal plays of S2: expected AC, got AC QC |"
    ) in lines


def test_markdown_escapes_pipes_and_newlines() -> None:
    results = [
        case("features/points/p.feature::<card> counts", ["points.card-values"], Status.FAILED, message="a | b\nc")
    ]
    text = render_markdown(_report(results))
    assert "| a \\| b c |" in text
    assert "| features/points/p.feature::&lt;card&gt; counts @ standard |" in text


# ------------------------------------------------------------------ progress


def test_progress_writes_one_character_per_case_off_a_terminal() -> None:
    stream = io.StringIO()
    progress = ProgressLine(stream, live=False)
    results = standard_results() * 10  # 60 cases
    for done, result in enumerate(results, start=1):
        progress(done, len(results), result)
    lines = stream.getvalue().splitlines()
    assert lines == ["..FEus" * 8 + "..  [50/60]", "FEus" + "..FEus" + "  [60/60]"]
    assert progress.problems == 20


def test_progress_rewrites_one_line_on_a_terminal() -> None:
    stream = io.StringIO()
    progress = ProgressLine(stream, live=True)
    results = standard_results()
    for done, result in enumerate(results, start=1):
        progress(done, len(results), result)
    text = stream.getvalue()
    assert text.count("\r") == 6 and text.endswith("\n")
    assert "[6/6] 2 failing" in text


@pytest.mark.parametrize("status", list(Status))
def test_every_status_renders_in_every_format(status: Status) -> None:
    report = _report([case(TRUMP, ["trick.highest-trump-wins"], status, message="m")])
    for render in (render_text, render_json, render_junit, render_markdown):
        assert render(report).endswith("\n")
    assert list(_validator().iter_errors(json.loads(render_json(report)))) == []


def test_a_case_outside_an_area_folder_counts_under_its_first_rules_area() -> None:
    results = [
        case("fixtures/negative/auction-second-pick.yaml", ["auction.first-pick-ends"], Status.PASSED),
        case("fixtures/sessions/doubler.yaml", ["all-pass.doubler", "scoring.stakes-multiply"], Status.PASSED),
        case("features/trick/trump.feature::x", ["ranking.trump-order", "trick.highest-trump-wins"], Status.PASSED),
    ]
    assert [(area, c.total) for area, c in _report(results).areas] == [
        ("auction", 1),
        ("trick", 1),
        ("all-pass", 1),
    ]
