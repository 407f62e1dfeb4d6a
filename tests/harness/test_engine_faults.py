"""Engines and records that used to end a run with exit 0 or a traceback (issue 11, items 3
and 5): each is now a usage error, a protocol error, or a failed check, with its message."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.harness.synthetic import run_cli

ROOT = Path(__file__).resolve().parents[2]
RECORD = str(ROOT / "fixtures" / "hands" / "ordinary-win-deck.yaml")


@pytest.mark.parametrize("command", [["run", "-q", "--rule", "trick.under-never-wins"], ["check", RECORD]])
@pytest.mark.parametrize(
    ("module", "engine", "said"),
    [
        (None, "python:sys:exit", "the factory called sys.exit(None) instead of returning an adapter"),
        ("import sys\nsys.exit(0)\n", "python:exits_on_import:make", "importing 'exits_on_import' called sys.exit(0)"),
    ],
)
def test_a_python_engine_that_exits_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str], module: str | None, engine: str, said: str
) -> None:
    if module is not None:
        (tmp_path / "exits_on_import.py").write_text(module, encoding="utf-8")
        monkeypatch.chdir(tmp_path)
    outcome = run_cli([*command, "--engine", engine])
    assert outcome.status == 2 and said in outcome.err, outcome


def test_a_program_that_cannot_be_executed_is_a_usage_error(tmp_path: Path) -> None:
    program = tmp_path / "engine.sh"
    program.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    program.chmod(0o644)
    outcome = run_cli(["run", "-q", "--engine", f"cmd:{program}"])
    assert outcome.status == 2 and "not executable" in outcome.err, outcome


def test_a_handshake_nested_200000_levels_deep_is_a_protocol_error(tmp_path: Path) -> None:
    deep = '{"id":0,"protocol":' + "[" * 200_000 + "]" * 200_000 + "}"
    engine = tmp_path / "deep.py"
    engine.write_text(
        f"import sys\nsys.stdin.readline()\nsys.stdout.write({deep!r} + '\\n')\nsys.stdout.flush()\n"
        "for line in sys.stdin:\n    pass\n",
        encoding="utf-8",
    )
    command = f"cmd:{sys.executable} {engine}"
    report = tmp_path / "report.json"
    ran = run_cli(
        [
            "run",
            "-q",
            "--engine",
            command,
            "--rule",
            "trick.under-never-wins",
            "--format",
            "json",
            "--output",
            str(report),
        ]
    )
    assert ran.status == 1 and "Traceback" not in ran.err
    results = json.loads(report.read_text(encoding="utf-8"))["results"]
    assert results and {r["status"] for r in results} == {"error"}  # errors, never failures
    assert "nested too deeply" in results[0]["message"]
    checked = run_cli(["check", RECORD, "--engine", command])
    assert checked.status == 2 and "nested too deeply to be a protocol message" in checked.err


def test_a_session_hand_dealt_by_the_wrong_seat_is_a_failed_check(tmp_path: Path) -> None:
    text = (ROOT / "fixtures" / "sessions" / "session-five-hands-deal-rotates-left.yaml").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong-dealer.yaml"
    wrong.write_text(text.replace("  - dealer: S5", "  - dealer: S1", 1), encoding="utf-8")  # hand 2: S5 deals
    outcome = run_cli(["check", str(wrong)])
    assert outcome.status == 1, outcome.out
    assert "session.deal-rotates-left" in outcome.out and "agrees with all" not in outcome.out
