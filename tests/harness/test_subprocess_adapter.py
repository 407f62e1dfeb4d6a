"""The subprocess adapter against misbehaving fake engines (``tests/harness/fakes``).

Each ``test_it_handles_<fault>`` checks the error kind and message the fault yields, that the
adapter recovers for the next request, and that no process is left behind. The reference engine
over the subprocess path answers exactly like the in-process reference adapter.
"""

from __future__ import annotations

import ast
import os
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conformance.adapter import (
    AdapterError,
    Capability,
    CardPointsRequest,
    ReplayRequest,
    ScoreRequest,
    TrickWinnerRequest,
    Unsupported,
)
from conformance.engines.process import live_processes
from conformance.engines.protocol import kind_of
from conformance.engines.reference import ReferenceAdapter
from conformance.engines.subprocess_adapter import SubprocessAdapter
from tests.harness.fakes import FAKES_DIR, fake_argv, fake_names
from tests.harness.samples import options, sample_requests

REPO = Path(__file__).resolve().parents[2]
STANDARD = options("standard")
TRICK = TrickWinnerRequest(STANDARD, ("AH", "TH", "7D"))
POINTS = CardPointsRequest(("AS", "TS", "QC"))
SAMPLES = sample_requests()


# --------------------------------------------------------------------------- helpers


def _zombie(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


def assert_gone(pid: int, *, reaped: bool = True, within: float = 3.0) -> None:
    """Fail unless process ``pid`` is gone within ``within`` seconds.

    :param reaped: the process must be reaped too (``os.kill(pid, 0)`` raises
        ProcessLookupError); otherwise a zombie waiting for a foreign parent counts as gone.
    """
    deadline = time.monotonic() + within
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        if not reaped and _zombie(pid):
            return
        if time.monotonic() > deadline:
            pytest.fail(f"process {pid} is still there")
        time.sleep(0.02)


@pytest.fixture
def make_adapter() -> Iterator[Any]:
    """Build subprocess adapters (validation on) and check each leaves nothing behind."""
    made: list[SubprocessAdapter] = []
    before = set(live_processes())

    def make(argv: list[str], **settings: Any) -> SubprocessAdapter:
        settings.setdefault("timeout", 5.0)
        adapter = SubprocessAdapter(argv, validate=True, **settings)
        made.append(adapter)
        return adapter

    yield make
    for adapter in made:
        pid = adapter.pid
        adapter.close()
        assert adapter.pid is None
        if pid is not None:
            assert_gone(pid)
    assert set(live_processes()) <= before


def _fails(call: Any, *args: Any) -> AdapterError:
    with pytest.raises(AdapterError) as caught:
        call(*args)
    return caught.value


# --------------------------------------------------------------------------- the reference over a pipe


@pytest.fixture(scope="module")
def reference_pair() -> Iterator[tuple[SubprocessAdapter, ReferenceAdapter]]:
    remote = SubprocessAdapter([sys.executable, "-m", "reference_impl"], validate=True)
    yield remote, ReferenceAdapter(validate=True)
    pid = remote.pid
    remote.close()
    if pid is not None:
        assert_gone(pid)


@pytest.mark.parametrize(("name", "request_"), SAMPLES, ids=[name for name, _ in SAMPLES])
def test_the_subprocess_path_answers_exactly_like_the_in_process_reference(
    reference_pair: tuple[SubprocessAdapter, ReferenceAdapter], name: str, request_: Any
) -> None:
    remote, local = reference_pair
    method = kind_of(request_).replace("-", "_")
    assert getattr(remote, method)(request_) == getattr(local, method)(request_)


def test_the_handshakes_agree(reference_pair: tuple[SubprocessAdapter, ReferenceAdapter]) -> None:
    remote, local = reference_pair
    assert remote.info() == local.info()
    assert remote.starts == 1  # one process served every request


# --------------------------------------------------------------------------- faults


def test_it_handles_a_crash(make_adapter: Any) -> None:
    """A crash on one request: error ``crash`` naming the request and the exit status; the next
    request runs on a fresh engine, and the crashing kind keeps failing the same way."""
    adapter = make_adapter(fake_argv("crash_on", "trick-winner"))
    assert adapter.card_points(POINTS) == 24
    first_pid = adapter.pid
    error = _fails(adapter.trick_winner, TRICK)
    assert error.kind == "crash"
    assert (
        str(error) == "request 2 (trick-winner): the engine closed its pipes before replying; it exited with status 3"
    )
    assert first_pid is not None and adapter.pid is None
    assert_gone(first_pid)
    assert adapter.card_points(POINTS) == 24
    assert _fails(adapter.trick_winner, TRICK).kind == "crash"
    assert adapter.starts == 2


def test_it_handles_a_hang(make_adapter: Any) -> None:
    """No reply within the timeout: error ``timeout``, the engine killed, a fresh one next."""
    adapter = make_adapter(fake_argv("hang_on", "trick-winner"), timeout=0.5)
    adapter.info()
    pid = adapter.pid
    started = time.monotonic()
    error = _fails(adapter.trick_winner, TRICK)
    assert time.monotonic() - started < 2.0
    assert error.kind == "timeout"
    assert str(error) == "request 1 (trick-winner): no reply within 0.5 s; the engine was killed"
    assert pid is not None
    assert_gone(pid)
    assert adapter.card_points(POINTS) == 24
    assert adapter.starts == 2


def test_it_handles_garbage(make_adapter: Any) -> None:
    """A line that is not JSON: error ``bad-reply`` quoting it; the engine is restarted."""
    adapter = make_adapter(fake_argv("garbage", "trick-winner"))
    error = _fails(adapter.trick_winner, TRICK)
    assert error.kind == "bad-reply"
    assert str(error).startswith("request 1: the trick-winner reply is not JSON (Expecting value")
    assert "b'Traceback? no: this is not JSON'" in str(error)
    assert adapter.pid is None
    assert adapter.card_points(POINTS) == 24
    assert adapter.starts == 2


def test_it_handles_a_reply_with_the_wrong_id(make_adapter: Any) -> None:
    """A reply carrying another id: ``bad-reply`` naming both ids; the engine is restarted."""
    adapter = make_adapter(fake_argv("wrong_id", "trick-winner"))
    error = _fails(adapter.trick_winner, TRICK)
    assert (error.kind, str(error)) == (
        "bad-reply",
        "request 1: the trick-winner reply carries id 1001, expected an object with id 1",
    )
    assert adapter.card_points(POINTS) == 24


def test_it_handles_a_reply_that_breaks_its_schema(make_adapter: Any) -> None:
    """A schema-invalid reply: ``bad-reply`` naming the fields; the same engine goes on."""
    adapter = make_adapter(fake_argv("invalid_reply", "trick-winner"))
    adapter.info()
    pid = adapter.pid
    error = _fails(adapter.trick_winner, TRICK)
    assert error.kind == "bad-reply"
    assert (
        str(error) == "request 1: invalid trick-winner reply: 'winner' is a required property; unexpected field 'winer'"
    )
    assert adapter.card_points(POINTS) == 24
    assert adapter.pid == pid and adapter.starts == 1


def test_it_handles_a_wrong_protocol_version(make_adapter: Any) -> None:
    """A handshake in version 2: ``protocol-version`` naming both versions, for every request,
    without restarting the engine."""
    adapter = make_adapter(fake_argv("wrong_version"))
    error = _fails(adapter.info)
    assert error.kind == "protocol-version"
    assert re.fullmatch(
        r"engine .*wrong_version\.py \(future-engine \S+\) speaks protocol version 2; this harness speaks version 1",
        str(error),
    )
    assert adapter.pid is None
    again = _fails(adapter.card_points, POINTS)
    assert again is error and adapter.starts == 1


def test_it_handles_an_engine_with_some_capabilities(make_adapter: Any) -> None:
    """An engine declaring two capabilities and the standard options: other requests are
    unsupported (not sent), declared ones are answered, other profiles are not supported."""
    adapter = make_adapter(fake_argv("some_capabilities"))
    info = adapter.info()
    assert info.name == "partial-engine"
    assert info.capabilities == {Capability.TRICK_WINNER, Capability.CARD_POINTS}
    assert info.supports(STANDARD) == []
    assert info.supports(options("tournament")) == ["double-on-the-bump=on"]
    with pytest.raises(Unsupported, match="does not declare capability 'replay'"):
        adapter.replay(dict(SAMPLES)["replay-rejected"])
    with pytest.raises(Unsupported, match="does not support this trick-winner request: standard options only"):
        adapter.trick_winner(TrickWinnerRequest(options("tournament"), ("AH", "TH")))
    assert adapter.trick_winner(TRICK) == 2
    assert adapter.starts == 1


def test_it_handles_an_engine_that_is_wrong_on_purpose(make_adapter: Any) -> None:
    """Wrong answers in protocol are answers, not errors: the harness reports them as failures."""
    adapter = make_adapter(fake_argv("wrong_on_purpose"))
    reference = ReferenceAdapter()
    score = ScoreRequest(STANDARD, 80, 10, 4)
    assert adapter.trick_winner(TRICK) != reference.trick_winner(TRICK)
    assert adapter.score(score).picker == reference.score(score).picker + 1
    assert adapter.card_points(POINTS) == reference.card_points(POINTS)


def test_it_handles_stderr_before_a_crash(make_adapter: Any) -> None:
    """What the engine wrote to stderr is in the crash message (last line) and detail (all)."""
    adapter = make_adapter(fake_argv("stderr_then_crash", "trick-winner"))
    error = _fails(adapter.trick_winner, TRICK)
    assert error.kind == "crash"
    assert str(error).endswith(
        "exited with status 1; its last stderr line: 'ValueError: cannot handle trick-winner request 1'"
    )
    assert error.detail.startswith("engine stderr:\nTraceback (most recent call last):\n")
    assert adapter.stderr().endswith("ValueError: cannot handle trick-winner request 1\n")
    assert adapter.card_points(POINTS) == 24


def test_it_handles_an_error_reply(make_adapter: Any) -> None:
    """An error reply other than ``unsupported``: ``engine-error`` with the engine's code and
    message; the same engine goes on."""
    adapter = make_adapter(fake_argv("error_reply", "trick-winner"))
    error = _fails(adapter.trick_winner, TRICK)
    assert (error.kind, str(error)) == (
        "engine-error",
        "request 1 (trick-winner): the engine answered error 'internal': the engine lost its deck",
    )
    assert adapter.card_points(POINTS) == 24 and adapter.starts == 1


def test_it_handles_a_grandchild_left_running(make_adapter: Any) -> None:
    """A hung engine's own child process is killed with it (the whole process group)."""
    adapter = make_adapter(fake_argv("hang_with_child", "trick-winner"), timeout=0.5)
    error = _fails(adapter.trick_winner, TRICK)
    assert error.kind == "timeout"
    found = re.search(r"grandchild pid (\d+)", error.detail)
    assert found is not None, error.detail
    assert_gone(int(found.group(1)), reaped=False)


def test_it_handles_an_engine_that_ignores_shutdown(make_adapter: Any) -> None:
    """close() escalates: shutdown, then SIGTERM (ignored here), then SIGKILL."""
    adapter = make_adapter(fake_argv("ignores_shutdown"), shutdown_grace=0.2)
    assert adapter.card_points(POINTS) == 24
    pid = adapter.pid
    started = time.monotonic()
    adapter.close()
    assert time.monotonic() - started < 3.0
    assert pid is not None
    assert_gone(pid)


def test_it_handles_chatter_on_stdout(make_adapter: Any) -> None:
    """Log lines on stdout break the handshake; after three failed starts the engine is given up."""
    adapter = make_adapter(fake_argv("noisy_stdout"))
    for _ in range(2):
        error = _fails(adapter.info)
        assert (error.kind, str(error)) == (
            "bad-reply",
            "request 0: the hello reply is not JSON (Expecting value: line 1 column 1 (char 0)): b'engine: thinking...'",
        )
    final = _fails(adapter.card_points, POINTS)
    assert final.kind == "bad-reply" and str(final).endswith("given up after 3 failed start(s))")
    assert _fails(adapter.info) is final
    assert adapter.starts == 3


@pytest.mark.parametrize(
    "program", [str(FAKES_DIR / "no-such-engine"), "no-such-engine-on-path", str(FAKES_DIR / "_serve.py")]
)
def test_it_refuses_a_program_that_cannot_run(program: str) -> None:
    """A missing or non-executable program is an OSError at once (a usage error for the CLI)."""
    with pytest.raises(OSError) as caught:
        SubprocessAdapter([program])
    assert caught.value.filename == program


def test_it_handles_a_command_that_vanishes(make_adapter: Any, tmp_path: Path) -> None:
    """A command that cannot be started after all: ``crash`` saying so, once and for all."""
    engine = tmp_path / "engine"
    engine.write_text("#!/bin/sh\nexit 0\n")
    engine.chmod(0o755)
    adapter = make_adapter([str(engine)])
    engine.unlink()
    error = _fails(adapter.info)
    assert error.kind == "crash" and str(error).startswith(f"cannot start engine {engine}: ")
    assert "No such file or directory" in str(error)
    assert _fails(adapter.card_points, POINTS) is error and adapter.starts == 0


def test_it_handles_ctrl_c_while_waiting(make_adapter: Any) -> None:
    """A KeyboardInterrupt during a request propagates, and the engine is gone at once."""
    adapter = make_adapter(fake_argv("hang_on", "trick-winner"), timeout=30.0)
    adapter.info()
    pid = adapter.pid
    main = threading.main_thread().ident
    assert main is not None
    timer = threading.Timer(0.3, signal.pthread_kill, (main, signal.SIGINT))  # a real Ctrl-C
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            adapter.trick_winner(TRICK)
    finally:
        timer.cancel()
    assert adapter.pid is None and pid is not None
    assert_gone(pid)
    assert adapter.card_points(POINTS) == 24  # and the adapter still works


_HARNESS = """
import os, signal, sys
sys.path.insert(0, {repo!r})
from conformance.adapter import TrickWinnerRequest
from conformance.engines.subprocess_adapter import SubprocessAdapter
from tests.harness.samples import options
adapter = SubprocessAdapter({argv!r}, timeout=30.0)
adapter.info()
print(adapter.pid, flush=True)
if {request!r}:
    adapter.trick_winner(TrickWinnerRequest(options("standard"), ("AH", "TH")))
"""


@pytest.mark.parametrize("interrupted", [False, True], ids=["exit-without-close", "sigint-mid-request"])
def test_it_leaves_no_engine_behind_when_the_harness_ends(interrupted: bool) -> None:
    """A harness that exits without close(), or is interrupted by SIGINT while waiting for a
    reply, still takes its engine with it."""
    script = _HARNESS.format(repo=str(REPO), argv=fake_argv("hang_on", "trick-winner"), request=interrupted)
    harness = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        assert harness.stdout is not None
        engine_pid = int(harness.stdout.readline())
        if interrupted:
            time.sleep(0.2)
            harness.send_signal(signal.SIGINT)
        harness.wait(timeout=10)
    finally:
        if harness.poll() is None:
            harness.kill()
            harness.wait()
    assert harness.returncode == (-signal.SIGINT if interrupted else 0)  # Python re-raises SIGINT
    if interrupted:
        assert harness.stderr is not None and b"KeyboardInterrupt" in harness.stderr.read()
    assert_gone(engine_pid, reaped=False)


def test_close_is_idempotent_and_a_later_request_restarts(make_adapter: Any) -> None:
    adapter = make_adapter([sys.executable, "-m", "reference_impl"])
    adapter.close()  # never started: nothing to do
    assert adapter.card_points(POINTS) == 24
    pid = adapter.pid
    adapter.close()
    adapter.close()
    assert pid is not None
    assert_gone(pid)
    assert adapter.card_points(POINTS) == 24 and adapter.starts == 2


def test_a_replay_request_travels_whole(make_adapter: Any) -> None:
    adapter = make_adapter([sys.executable, "-m", "reference_impl"])
    request = dict(SAMPLES)["replay-rejected"]
    assert isinstance(request, ReplayRequest)
    response = adapter.replay(request)
    assert response.rejected is not None and response.rejected.rule == "play.follow-suit"
    assert response.legal == ("S2 play AC",)


@pytest.mark.parametrize("name", fake_names())
def test_every_fake_has_a_one_line_docstring_naming_its_fault(name: str) -> None:
    docstring = ast.get_docstring(ast.parse((FAKES_DIR / f"{name}.py").read_text()))
    assert docstring is not None and "\n" not in docstring
    assert docstring.startswith(("Fault: ", "Limitation: "))
