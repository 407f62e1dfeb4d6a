"""What an engine author reads: the text and JSON reports of ``run`` and the matrix, for fakes
whose one deviation is known (planted), so that the expected lines come from the bug, not from
the harness's output."""

from __future__ import annotations

import json

from tests.harness.synthetic import run_cli

ENGINE = "python:tests.judge.fixed_rules:"


def test_the_text_report_names_the_one_broken_rule_and_the_rule_set() -> None:
    outcome = run_cli(["run", "-q", "--engine", ENGINE + "schneider_at_ninety"])
    assert outcome.status == 1
    text = outcome.out
    deviations = text.split("deviations, by the rule", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    assert [line.split(":")[0].strip() for line in deviations] == ["scoring.schneider-thresholds"]
    assert "declared no-tricker=points; consistent with no-tricker=points" in text
    assert "coverage: ran " in text
    assert "  unsupported, axis call-timing: the engine plays call-then-bury, the case needs bury-then-call: " in text
    # Each failure quotes only the blamed rule, not every rule its case lists.
    failures = [block for block in text.split("\n\n") if block.startswith("FAILED ")]
    assert failures and all(block.splitlines()[1].startswith("  rule scoring.schneider-thresholds:")
                            for block in failures)  # fmt: skip


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
    outcome = run_cli(["run", "-q", "--engine", ENGINE + "schneider_at_ninety", "--format", "json"])
    data = json.loads(outcome.out)
    assert data["verdict"] == "FAILED" and data["profiles"] == []
    failed = [r for r in data["results"] if r["status"] == "failed"]
    assert failed and {rule for r in failed if r["kind"] != "perft" for rule in r["blamed"]} == \
        {"scoring.schneider-thresholds"}  # fmt: skip
    assert list(data["reading"]["deviations"]) == ["scoring.schneider-thresholds"]
    assert data["coverage"]["ran"] + sum(data["coverage"]["unsupported"].values()) == data["coverage"]["cases"]
    assert data["rule_set"]["call-timing"] == "call-then-bury"


def test_the_matrix_shows_one_red_row_for_one_bug() -> None:
    outcome = run_cli(["matrix", "-q", "--engine", "python:tests.judge.fixed_rules:mutant_schneider_at_ninety",
                       "--profile", "standard"])  # fmt: skip
    assert outcome.status == 0, outcome.err
    red = [line for line in outcome.out.splitlines() if line.startswith("| `") and "wrong" in line]
    assert [line.split("`")[1] for line in red] == ["scoring.schneider-thresholds"]
