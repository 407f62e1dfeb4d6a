"""SIGTERM (``timeout``, CI cancellation, a container stop) stops a run cleanly: the engine is
stopped, the report of the cases finished so far is written and marked interrupted, exit 143.

The engine here is the reference server that sends SIGTERM to the harness itself at its 40th
request and then keeps answering, so the test needs no sleep and no timing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ENGINE = """
import json, os, signal, sys
from reference_impl.server import handle_request
open(sys.argv[1], "w").write(str(os.getpid()))
count = 0
for line in sys.stdin:
    message = json.loads(line)
    if message.get("type") == "shutdown":
        break
    count += 1
    if count == 40:
        os.kill(os.getppid(), signal.SIGTERM)
    sys.stdout.write(json.dumps(handle_request(message)) + "\\n")
    sys.stdout.flush()
"""


def test_sigterm_writes_the_partial_report_stops_the_engine_and_exits_143(tmp_path: Path) -> None:
    engine = tmp_path / "engine.py"
    engine.write_text(ENGINE, encoding="utf-8")
    pid_file, report = tmp_path / "engine.pid", tmp_path / "report.json"
    harness = "import sys; from conformance.cli import main; sys.exit(main())"
    done = subprocess.run(
        [sys.executable, "-c", harness, "run", "-q", "--engine", f"cmd:{sys.executable} {engine} {pid_file}",
         "--format", "json", "--output", str(report)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 143, done.stderr
    assert "Traceback" not in done.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["verdict"] == "INTERRUPTED" and data["interrupted"] == "SIGTERM"
    assert 0 < len(data["results"]) < 200  # the cases finished before the signal
    pid = int(pid_file.read_text())
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        pass  # the engine is gone
    else:  # pragma: no cover - a left-over engine
        os.kill(pid, 9)
        raise AssertionError(f"the engine (pid {pid}) is still running after the harness exited")
