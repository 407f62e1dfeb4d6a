"""``fuzz --jobs N`` and ``--shard K/N``: a game depends on the seed and its number alone, so the
findings of a run are the same however it is split, and ``fuzz report`` merges the shards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conformance.adapter import Adapter
from conformance.gates.mutants import MUTANTS, MutantAdapter
from tests.harness.synthetic import run_cli

REPO = Path(__file__).resolve().parents[2]
ENGINE = "python:tests.fuzz.test_jobs:jack_mutant"


def jack_mutant() -> Adapter:
    """The engine the workers load (by its name: they are other processes)."""
    return MutantAdapter(MUTANTS["ranking.jack-order-swapped"])


def two_bugs() -> Adapter:
    """An engine with several classes: two mutants planted, found in hands and in sessions."""
    from tests.fuzz.test_classes import _both

    return _both("play.void-must-trump", "deck.queens-follow-printed-suit")


def _found(data: dict[str, object]) -> list[tuple[object, ...]]:
    keys = ("class", "kind", "rules", "first_hand", "count", "expected", "actual", "size")
    return [tuple(str(item[key]) for key in keys) for item in data["divergences"]]  # type: ignore[attr-defined]


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # the workers import the engine from the working directory


def test_two_workers_find_what_one_finds(tmp_path: Path) -> None:
    common = ["fuzz", "--engine", ENGINE, "--hands", "30", "--seed", "t", "--shrink", "40", "-q", "--format", "json"]
    one = run_cli([*common, "--output", str(tmp_path / "one")])
    two = run_cli([*common, "--jobs", "2", "--output", str(tmp_path / "two")])
    assert one.status == two.status == 1, one.err + two.err
    data_one, data_two = json.loads(one.out), json.loads(two.out)
    assert data_one["hands"] == data_two["hands"] == 30
    assert _found(data_two) == _found(data_one)
    assert all(Path(str(item["record"])).is_file() for item in data_two["divergences"])


def test_the_findings_of_a_seed_are_the_same_whatever_the_jobs(tmp_path: Path) -> None:
    """The same classes, counts, examples and records (byte for byte) with 1 and 3 workers."""
    common = ["fuzz", "--engine", "python:tests.fuzz.test_jobs:two_bugs", "--hands", "40", "--seed", "t", "-q"]
    common += ["--shrink", "20", "--format", "json"]
    runs = [json.loads(run_cli([*common, "--jobs", jobs, "--output", str(tmp_path / jobs)]).out) for jobs in "13"]
    assert len(runs[0]["divergences"]) > 2 and _found(runs[0]) == _found(runs[1])
    for one, three in zip(runs[0]["divergences"], runs[1]["divergences"]):
        assert Path(one["record"]).read_text(encoding="utf-8") == Path(three["record"]).read_text(encoding="utf-8")


def test_shards_merged_by_fuzz_report_are_the_whole_run(tmp_path: Path) -> None:
    common = ["fuzz", "--engine", ENGINE, "--hands", "30", "--seed", "t", "--shrink", "0", "-q", "--format", "json"]
    whole = json.loads(run_cli([*common, "--output", str(tmp_path / "whole")]).out)
    for part in (1, 2, 3):
        shard = run_cli([*common, "--shard", f"{part}/3", "--output", str(tmp_path / f"part{part}")])
        assert shard.status in (0, 1), shard.err
    merged = run_cli(["fuzz", "report", *(str(tmp_path / f"part{part}") for part in (1, 2, 3)), "--format", "json"])
    data = json.loads(merged.out)
    assert data["hands"] == whole["hands"] == 30
    assert _found(data) == _found(whole)
    # fuzz merge: the same summary, and one set of records, each one check reads
    out = tmp_path / "merged"
    parts = [str(tmp_path / f"part{part}") for part in (1, 2, 3)]
    gathered = run_cli(["fuzz", "merge", *parts, "--output", str(out), "--format", "json"])
    merged_data = json.loads(gathered.out)
    assert _found(merged_data) == _found(whole)
    records = [item["record"] for item in merged_data["divergences"] if item["record"]]
    assert records and all(Path(record).parent == out for record in records)
    assert sorted(path.name for path in out.glob("*.yaml")) == sorted(Path(record).name for record in records)
    assert run_cli(["fuzz", "merge", *parts]).status == 2  # no --output: a usage error


def test_shard_and_jobs_are_checked() -> None:
    assert run_cli(["fuzz", "--engine", "reference", "--shard", "4/3"]).status == 2
    assert run_cli(["fuzz", "--engine", "reference", "--jobs", "0"]).status == 2
    both = run_cli(["fuzz", "--engine", "reference", "--jobs", "2", "--shard", "1/2"])
    assert both.status == 2 and "not both" in both.err
