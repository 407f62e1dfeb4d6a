"""Baselines: written sorted and date-free, read back, compared (new failures, fixed entries)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from conformance.judge.baseline import (
    BASELINE_FORMAT,
    Baseline,
    BaselineEntry,
    BaselineError,
    baseline_from_results,
    compare,
    dumps_baseline,
    read_baseline,
    write_baseline,
)
from conformance.judge.results import Status

from .synthetic import FOLLOW, JACKS_CLUBS, LEASTER, TRUMP, case, standard_results


def test_baseline_records_failures_and_errors_sorted() -> None:
    baseline = baseline_from_results(reversed(standard_results()), "demo", "1.2")
    assert [(e.key, e.status, e.rules) for e in baseline.entries] == [
        (f"{FOLLOW} @ standard", "failed", ("play.follow-suit",)),
        ("fixtures/hands/play/revoke.yaml @ standard", "error", ("play.follow-suit",)),
    ]


def test_baseline_text_is_sorted_headed_and_free_of_dates(tmp_path: Path) -> None:
    baseline = baseline_from_results(standard_results(), "demo", "1.2")
    path = tmp_path / "known.yaml"
    write_baseline(baseline, path)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Known failures of demo 1.2 (sheepshead-conformance baseline).\n")
    data = yaml.safe_load(text)
    assert data["format"] == BASELINE_FORMAT
    assert data["engine"] == {"name": "demo", "version": "1.2"}
    assert [e["case"] for e in data["entries"]] == [FOLLOW, "fixtures/hands/play/revoke.yaml"]
    assert not any(ch.isdigit() for ch in text.replace("1.2", "").replace("baseline/1", ""))
    # the same failures in another order give the same bytes
    write_baseline(baseline_from_results(list(reversed(standard_results())), "demo", "1.2"), path)
    assert path.read_text(encoding="utf-8") == text
    assert read_baseline(path) == baseline


def test_baseline_as_json(tmp_path: Path) -> None:
    baseline = baseline_from_results(standard_results(), "demo", "1.2")
    path = tmp_path / "known.json"
    write_baseline(baseline, path)
    assert json.loads(path.read_text(encoding="utf-8"))["entries"][0]["profile"] == "standard"
    assert read_baseline(path) == baseline
    assert dumps_baseline(baseline, as_json=True) == path.read_text(encoding="utf-8")


def test_compare_finds_new_failures_fixed_entries_and_expected_ones() -> None:
    baseline = Baseline(
        "demo",
        "1.2",
        (
            BaselineEntry(FOLLOW, "standard", "failed"),  # still failing: expected
            BaselineEntry(TRUMP, "standard", "failed"),  # passes now: fixed
            BaselineEntry(LEASTER, "standard", "error"),  # unsupported now: not run
            BaselineEntry(JACKS_CLUBS, "tournament", "failed"),  # not in this run: ignored
        ),
    )
    verdict = compare(baseline, standard_results())
    assert [r.key for r in verdict.new] == ["fixtures/hands/play/revoke.yaml @ standard"]
    assert [e.key for e in verdict.fixed] == [f"{TRUMP} @ standard"]
    assert [r.key for r in verdict.expected] == [f"{FOLLOW} @ standard"]
    assert [(e.key, s) for e, s in verdict.not_run] == [(f"{LEASTER} @ standard", Status.UNSUPPORTED)]
    assert not verdict.ok


def test_compare_is_ok_when_failures_match() -> None:
    results = standard_results()
    assert compare(baseline_from_results(results, "demo", "1"), results).ok


def test_a_failure_that_turns_into_an_error_is_still_expected() -> None:
    baseline = Baseline("demo", "1", (BaselineEntry(FOLLOW, "standard", "failed"),))
    verdict = compare(baseline, [case(FOLLOW, ["play.follow-suit"], Status.ERROR)])
    assert verdict.ok and len(verdict.expected) == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "entries: [",
            "bad.yaml:1: invalid YAML: while parsing a flow node; expected the node content, but found"
            " '<stream end>' (column 11)",
        ),
        (
            "format: !!int x\n",
            "bad.yaml:1: format: 'x' is not a valid int: invalid literal for int() with base 10: 'x'",
        ),
        ("format: something-else\n", "bad.yaml: not a baseline (format: sheepshead-baseline/1 missing)"),
        (f"format: {BASELINE_FORMAT}\nentries: {{}}\n", "bad.yaml: 'engine' must be a mapping and 'entries' a list"),
        (f"format: {BASELINE_FORMAT}\nentries: [7]\n", "bad.yaml: entries[0] is not a mapping"),
        (
            f"format: {BASELINE_FORMAT}\nentries: [{{case: a, profile: standard}}]\n",
            "bad.yaml: entries[0] needs a text 'status'",
        ),
        (
            f"format: {BASELINE_FORMAT}\nentries: [{{case: a, profile: standard, status: passed}}]\n",
            "bad.yaml: entries[0].status must be 'failed' or 'error', not 'passed'",
        ),
    ],
)
def test_bad_baselines_are_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, message: str) -> None:
    monkeypatch.chdir(tmp_path)
    Path("bad.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(BaselineError) as caught:
        read_baseline(Path("bad.yaml"))
    assert str(caught.value) == message


def test_an_alias_bomb_baseline_is_refused_at_once(tmp_path: Path) -> None:
    bomb = "".join(
        f"{n}: &{n} [{', '.join([f'*{p}'] * 9) if p else ', '.join(['x'] * 9)}]\n"
        for p, n in zip([None, *"abcdefgh"], "abcdefghi")
    )
    path = tmp_path / "bomb.yaml"
    path.write_text(bomb, encoding="utf-8")
    with pytest.raises(BaselineError) as caught:
        read_baseline(path)
    assert "the document expands to more than 100000 values" in str(caught.value)


def test_a_missing_baseline_is_named(tmp_path: Path) -> None:
    with pytest.raises(BaselineError, match=r"cannot read baseline .*nope.yaml: No such file"):
        read_baseline(tmp_path / "nope.yaml")
