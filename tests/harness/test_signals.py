"""SIGTERM (``timeout``, CI cancellation, a container stop) and SIGINT (Ctrl-C) stop a run
cleanly: the engine is stopped, the report of the cases finished so far is written, valid
against its schema and marked interrupted, and the exit status is 143 or 130.

The engine here is the reference server that sends the signal to the harness itself at its
40th request and then keeps answering, or hangs, so the test needs no sleep and no timing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

ENGINE = """
import json, os, signal, sys, time
from reference_impl.server import handle_request
open(sys.argv[1], "w").write(str(os.getpid()))
count = 0
for line in sys.stdin:
    message = json.loads(line)
    if message.get("type") == "shutdown":
        break
    count += 1
    if count == 40:
        os.kill(os.getppid(), getattr(signal, sys.argv[2]))
        if sys.argv[3] == "hangs":
            time.sleep(600)
    sys.stdout.write(json.dumps(handle_request(message)) + "\\n")
    sys.stdout.flush()
"""
SCHEMA = Path(__file__).resolve().parents[2] / "spec" / "schema" / "report.schema.json"


@pytest.mark.parametrize(("signal_name", "status"), [("SIGTERM", 143), ("SIGINT", 130)])
@pytest.mark.parametrize("engine_then", ["answers", "hangs"])
def test_a_signal_writes_the_partial_report_stops_the_engine_and_exits(
    tmp_path: Path, signal_name: str, status: int, engine_then: str
) -> None:
    engine = tmp_path / "engine.py"
    engine.write_text(ENGINE, encoding="utf-8")
    pid_file, report = tmp_path / "engine.pid", tmp_path / "report.json"
    harness = "import sys; from conformance.cli import main; sys.exit(main())"
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            harness,
            "run",
            "-q",
            "--engine",
            f"cmd:{sys.executable} {engine} {pid_file} {signal_name} {engine_then}",
            "--format",
            "json",
            "--output",
            str(report),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == status, done.stderr
    assert "Traceback" not in done.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    assert list(Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8"))).iter_errors(data)) == []
    assert data["verdict"] == "INTERRUPTED" and data["interrupted"] == signal_name
    assert 0 < len(data["results"]) < 200  # the cases finished before the signal
    pid = int(pid_file.read_text())
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        pass  # the engine is gone
    else:  # pragma: no cover - a left-over engine
        os.kill(pid, 9)
        raise AssertionError(f"the engine (pid {pid}) is still running after the harness exited")
