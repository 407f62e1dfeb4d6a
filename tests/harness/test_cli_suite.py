"""The CLI on the real suite (``conformance.runner.run_engine``), on small rule selections so that
it stays quick: the reference engine passes, the README's subprocess engine is unsupported where
it cannot answer, and the matrix tells a variant from a plain mistake."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from sheepshead_spec import load_spec

from .fakes import fake_argv
from .synthetic import run_cli
from .test_cli_readme import readme_block

REPO = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((REPO / "spec" / "schema" / "report.schema.json").read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # python:tests.harness.… engines import from the checkout


def test_run_the_reference_engine(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    outcome = run_cli(["run", "--rule", "trick.*", "--profile", "all", "--format", "json", "-o", str(target)])
    assert outcome.status == 0, outcome.out
    data = json.loads(target.read_text(encoding="utf-8"))
    assert list(Draft202012Validator(SCHEMA).iter_errors(data)) == []
    assert data["engine"]["name"] == "sheepshead-reference"
    assert data["summary"]["failed"] == data["summary"]["error"] == 0
    assert data["summary"]["passed"] > 0
    assert all(any(rule.startswith("trick.") for rule in r["rules"]) for r in data["results"])
    assert len(data["profiles"]) == len(load_spec().profiles)


def test_run_the_readme_subprocess_engine(tmp_path: Path) -> None:
    engine = tmp_path / "toy_engine.py"
    engine.write_text(readme_block("toy_engine.py"), encoding="utf-8")
    outcome = run_cli(
        [
            "run",
            "-q",
            "--engine",
            f"cmd:{sys.executable} {engine}",
            "--area",
            "points",
            "--area",
            "trick",
            "--format",
            "json",
        ]
    )
    data = json.loads(outcome.out)
    assert outcome.status == 0, [r for r in data["results"] if r["status"] in ("failed", "error")]
    assert data["engine"]["name"] == "toy-engine"
    assert data["summary"]["unsupported"] > 0  # hand records need replay, which the toy lacks
    assert data["summary"]["passed"] > 0  # card points and trick winners it answers


def test_baseline_round_trip_on_a_wrong_engine(tmp_path: Path) -> None:
    engine = "python:tests.harness.plugin_engines:wrong_engine"  # aces count 12; JS over JC
    known = tmp_path / "known.yaml"
    first = run_cli(["run", "-q", "--engine", engine, "--area", "points", "--write-baseline", str(known)])
    assert first.status == 0 and "FAILED " in first.out  # failures shown, all in the baseline
    assert "entries)" in first.err
    fixed = run_cli(["run", "-q", "--area", "points", "--baseline", str(known)])  # the reference
    assert fixed.status == 1
    assert "  fixed: remove from baseline: " in fixed.out


def test_matrix_tells_a_variant_from_a_mistake(tmp_path: Path) -> None:
    page = tmp_path / "matrix.html"
    outcome = run_cli(
        [
            "matrix",
            "-q",
            "--engine",
            "reference",
            "--engine",
            "python:tests.harness.plugin_engines:wrong_engine",
            "--rule",
            "ranking.trump-order",
            "--rule",
            "points.card-values",
            "--profile",
            "standard",
            "--html",
            str(page),
        ]
    )
    assert outcome.status == 0, outcome.err
    lines = outcome.out.splitlines()

    def cells(rule: str) -> list[str]:
        row = next(line for line in lines if line.startswith(f"| `{rule}` |"))
        return [cell.strip() for cell in row.strip("|").split(" | ")]

    # the wrong engine ranks JS over JC under every profile: that is translated-article's option
    assert cells("ranking.trump-order")[2].endswith("<br>variant jack-order=spades-first")
    # aces worth 12 match no profile at all
    assert cells("points.card-values")[2].endswith("<br>**wrong under every profile**")
    assert "fail" not in cells("points.card-values")[1]  # the reference engine passes
    assert "implements variant jack-order=spades-first" in page.read_text(encoding="utf-8")


def test_an_engine_speaking_another_protocol_version_errs_every_case() -> None:
    argv = " ".join(shlex.quote(part) for part in fake_argv("wrong_version"))
    outcome = run_cli(["run", "-q", "--engine", f"cmd:{argv}", "--rule", "points.card-values", "--format", "json"])
    data = json.loads(outcome.out)
    assert outcome.status == 1
    assert data["engine"]["version"] == "unknown"  # no handshake, no identity
    statuses = {r["status"] for r in data["results"]}
    assert statuses == {"error"}, statuses
    assert all("protocol" in r["message"] for r in data["results"])
