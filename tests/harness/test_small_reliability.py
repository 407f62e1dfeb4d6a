"""Small reliability items: pattern anchoring, the import path of python: engines, odd paths."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conformance.engines.loading import load_engine
from conformance.engines.protocol_schemas import problems_in
from tests.harness.synthetic import run_cli


def test_a_card_with_a_trailing_newline_is_not_a_card() -> None:
    # Python's "$" matches before a final newline; JSON Schema's does not.
    assert problems_in("card-points-request", {"id": 3, "type": "card-points", "cards": ["KH\n"]})
    assert problems_in("card-points-request", {"id": 3, "type": "card-points", "cards": ["KH"]}) == []


def test_a_python_engine_beside_the_user_is_imported_without_leaving_the_folder_on_the_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "beside_me.py").write_text(
        "from conformance.engines.reference import ReferenceAdapter\nmake = ReferenceAdapter\n", encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    before = list(sys.path)
    adapter = load_engine("python:beside_me:make")
    assert adapter.info().name == "sheepshead-reference"
    assert sys.path == before  # the working directory was on the path only for that import


@pytest.mark.parametrize("path", ["/dev/null", "/tmp"])
def test_check_says_what_is_wrong_with_a_path_that_is_no_file(path: str) -> None:
    outcome = run_cli(["check", path])
    assert outcome.status == 2 and "not a regular file" in outcome.err


def test_a_handshake_that_fails_once_is_retried(tmp_path: Path) -> None:
    """PROTOCOL.md 3.5: an engine is given up after three failed starts, not one."""
    import shlex

    from conformance.runner import run_engine

    marker = tmp_path / "started-once"
    engine = tmp_path / "flaky.py"
    engine.write_text(
        "import os, sys\n"
        f"if not os.path.exists({str(marker)!r}):\n"
        f"    open({str(marker)!r}, 'w').close()\n"
        "    sys.stdout.write('not json\\n'); sys.stdout.flush(); sys.exit(1)\n"
        "from reference_impl.__main__ import main\n"
        "sys.exit(main())\n",
        encoding="utf-8",
    )
    run = run_engine(f"cmd:{shlex.join([sys.executable, str(engine)])}", areas=["deck"], probes=False)
    assert run.info is not None and run.info.name == "sheepshead-reference"
    assert not [r for r in run.results if r.status.value == "error"]


def test_the_reply_timeout_is_set_from_the_command_line(tmp_path: Path) -> None:
    """``--timeout``: a hanging cmd: engine is reported as such after that many seconds, not 10."""
    import json
    import shlex

    from tests.harness.fakes import fake_argv

    engine = "cmd:" + shlex.join(fake_argv("hang_on", "trick-winner"))
    report = tmp_path / "report.json"
    outcome = run_cli(
        [
            "run",
            "--engine",
            engine,
            "--timeout",
            "0.3",
            "--rule",
            "trick.under-never-wins",
            "-q",
            "--format",
            "json",
            "--output",
            str(report),
        ]
    )
    assert outcome.status == 1, outcome.err
    messages = [r.get("message", "") for r in json.loads(report.read_text(encoding="utf-8"))["results"]]
    assert any("no reply within 0.3 s" in m for m in messages)


@pytest.mark.parametrize("value", ["0", "-1", "soon"])
def test_a_timeout_that_is_no_positive_number_is_a_usage_error(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    outcome = run_cli(["run", f"--timeout={value}"])
    assert outcome.status == 2 and "argument --timeout" in capsys.readouterr().err  # argparse writes to sys.stderr


def test_a_named_pipe_is_refused_wherever_a_file_is_read(tmp_path: Path) -> None:
    """Opening a pipe to read waits for a writer: a record, a baseline or a report that is one
    is refused at once, by name."""
    import os

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for argv in (["check", str(pipe)], ["run", "-q", "--baseline", str(pipe)], ["matrix", str(pipe)]):
        outcome = run_cli(argv)
        assert outcome.status == 2 and "not a regular file" in outcome.err, (argv, outcome)
