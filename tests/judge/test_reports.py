"""What an engine author reads: the text and JSON reports of ``run`` and the matrix, for fakes
whose one deviation is known (planted), so that the expected lines come from the bug, not from
the harness's output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conformance.reports.report_read import ReportReadError, read_report
from tests.harness.synthetic import run_cli

ENGINE = "python:tests.judge.fixed_rules:"


def test_the_text_report_names_the_one_broken_rule_and_the_rule_set() -> None:
    outcome = run_cli(["run", "-q", "--engine", ENGINE + "sixty_wins"])
    assert outcome.status == 1
    text = outcome.out
    deviations = text.split("deviations, by the rule", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    assert [line.split(":")[0].strip() for line in deviations] == ["scoring.tie-goes-to-defenders"]
    assert "declared no-tricker=points; consistent with no-tricker=points" in text
    assert "coverage: ran " in text
    assert "cases its rules and capabilities allow (100 %)" in text
    assert "  not applicable: " in text and "    not applicable under " in text
    # Each failure quotes only the blamed rule, not every rule its case lists.
    failures = [block for block in text.split("\n\n") if block.startswith("FAILED ")]
    assert failures and all(
        block.splitlines()[1].startswith("  rule scoring.tie-goes-to-defenders:") for block in failures
    )


def test_a_variant_liar_is_shown_as_playing_the_other_option() -> None:
    outcome = run_cli(["run", "-q", "--engine", ENGINE + "no_tricker_liar"])
    assert "≠ declared no-tricker=tricks; plays no-tricker=points" in outcome.out
    assert "explained by a variant: the engine plays no-tricker=points here" in outcome.out
    assert "deviations, by the rule" not in outcome.out


def test_a_run_that_ran_under_half_the_cases_is_not_a_bare_pass() -> None:
    outcome = run_cli(["run", "-q", "--engine", ENGINE + "card_points_only"])
    assert outcome.status == 0
    last = outcome.out.strip().splitlines()[-1]
    assert last.startswith("result: INCOMPLETE: nothing failed, but only ")
    assert "  unsupported, capability replay missing: " in outcome.out


def test_the_json_report_carries_blame_coverage_and_the_reading() -> None:
    outcome = run_cli(["run", "-q", "--engine", ENGINE + "sixty_wins", "--format", "json"])
    data = json.loads(outcome.out)
    assert data["verdict"] == "FAILED" and data["profiles"] == []
    failed = [r for r in data["results"] if r["status"] == "failed"]
    assert failed and {rule for r in failed if r["kind"] != "perft" for rule in r["blamed"]} == {
        "scoring.tie-goes-to-defenders"
    }
    assert list(data["reading"]["deviations"]) == ["scoring.tie-goes-to-defenders"]
    coverage = data["coverage"]
    assert coverage["ran"] + sum(coverage["unsupported"].values()) + coverage["skipped"] == coverage["cases"]
    assert coverage["allowed"] == coverage["ran"]
    assert data["rule_set"]["call-timing"] == "call-then-bury"


def test_the_matrix_shows_one_red_row_for_one_bug() -> None:
    outcome = run_cli(
        ["matrix", "-q", "--engine", "python:tests.judge.fixed_rules:mutant_sixty_wins", "--profile", "standard"]
    )
    assert outcome.status == 0, outcome.err
    red = [line for line in outcome.out.splitlines() if line.startswith("| `") and "wrong" in line]
    assert [line.split("`")[1] for line in red] == ["scoring.tie-goes-to-defenders"]


def _saved(tmp_path: Path, factory: str) -> Path:
    path = tmp_path / f"{factory}.json"
    outcome = run_cli(["run", "-q", "--engine", ENGINE + factory, "--format", "json", "--output", str(path)])
    assert path.is_file(), outcome.err
    return path


def test_a_saved_report_reads_back_as_it_was_written(tmp_path: Path) -> None:
    path = _saved(tmp_path, "sixty_wins")
    data = json.loads(path.read_text(encoding="utf-8"))
    saved = read_report(path)
    assert saved.name == data["engine"]["name"] and saved.profiles == ()
    assert [r.key for r in saved.results] == [r["key"] for r in data["results"]]
    assert [(r.status.value, list(r.blamed)) for r in saved.results] == [
        (r["status"], r["blamed"]) for r in data["results"]
    ]
    assert dict(saved.rule_set) == data["rule_set"] and saved.verdict == "FAILED"
    assert dict(saved.explained) == data["reading"]["explained"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "bad.json:1: not JSON: "),
        ("[]", "bad.json: not a sheepshead-report/1 report (format: 'list')"),
        ('{"format": "sheepshead-report/1"}', "bad.json: not a valid report: (the document): 'engine' is a required"),
        ("[" * 100000 + "]" * 100000, "bad.json: not a"),
    ],
)
def test_a_report_that_cannot_be_read_is_a_usage_error(tmp_path: Path, text: str, message: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(ReportReadError) as caught:
        read_report(bad)
    assert str(caught.value).replace(str(tmp_path) + "/", "").startswith(message)
    outcome = run_cli(["matrix", str(bad)])
    assert outcome.status == 2 and "Traceback" not in outcome.err and len(outcome.err.splitlines()) == 1


def test_the_matrix_from_saved_reports_runs_nothing_and_leads_with_each_engines_rule_set(tmp_path: Path) -> None:
    honest = _saved(tmp_path, "honest")
    buggy = _saved(tmp_path, "sixty_wins")
    liar = _saved(tmp_path, "no_tricker_liar")
    page = tmp_path / "matrix.html"
    outcome = run_cli(
        ["matrix", str(honest), str(buggy), str(liar), "--html", str(page)],
        loader=lambda text: pytest.fail("a saved report must not start an engine"),
    )
    assert outcome.status == 0, outcome.err
    out = outcome.out
    # The engine sections come before the rules table.
    assert out.index("## fixed-rules") < out.index("## Counts") < out.index("## Rules")
    # the sixty-wins bug: one red row, on its own rule, with expected and actual
    red = [line for line in out.splitlines() if line.startswith("| `") and "wrong" in line]
    assert [line.split("`")[1] for line in red] == ["scoring.tie-goes-to-defenders"]
    assert "- `scoring.tie-goes-to-defenders`: " in out
    assert "expected loss, got win" in out
    # the liar plays no-tricker=points and declares tricks: a variant, not a deviation
    assert "Behaviour: declared no-tricker=tricks; plays no-tricker=points" in out
    assert "variant no-tricker=points" in out
    assert "Declared rule set: " in out and "call-timing=call-then-bury" in out
    html = page.read_text(encoding="utf-8")
    assert html.index('<section class="engine">') < html.index("<h2>Rules</h2>")
    assert '<td class="wrong"><code>scoring.tie-goes-to-defenders</code></td>' in html


def test_a_schneider_at_ninety_is_read_as_the_listed_reading_not_a_bug() -> None:
    """90 card points scored as a schneider is the ``ninety`` reading of axis schneider-line: an
    engine declaring the standard line but playing it contradicts its declaration, and breaks no rule."""
    outcome = run_cli(["run", "-q", "--engine", ENGINE + "schneider_at_ninety"])
    assert outcome.status == 1
    assert "≠ declared schneider-line=ninety-one; plays schneider-line=ninety" in outcome.out
    assert "deviations, by the rule" not in outcome.out
    assert "explained by a variant: the engine plays schneider-line=ninety here" in outcome.out
