"""A child engine process: no shell, its own process group, read line by line, always reaped.

:class:`EngineProcess` starts a command in a new session (so its whole process group can be
signalled, and a Ctrl-C in the terminal reaches the harness only), reads its standard output
as lines in a background thread (so that a reply can be awaited with a timeout), keeps the last
64 KiB of its standard error in another thread, and ends it with :meth:`stop` (polite) or
:meth:`kill` (at once), which both signal the whole group and reap the child. Every running
engine is also recorded in a module registry that kills what is left when the interpreter
exits, so no engine outlives the harness.
"""

from __future__ import annotations

import atexit
import os
import queue
import signal
import subprocess
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Final

__all__ = ["EngineProcess", "ReplyTooLong", "live_processes"]

MAX_LINE: Final = 16 * 1024 * 1024
"""The longest line accepted from an engine's standard output, in bytes."""
STDERR_LIMIT: Final = 64 * 1024
"""How much of an engine's standard error is kept (the most recent bytes)."""

_EOF: Final = object()
_TOO_LONG: Final = object()
_CHUNK = 65536


class ReplyTooLong(Exception):
    """The engine wrote a line longer than :data:`MAX_LINE`."""


class EngineProcess:
    """One running engine.

    :param argv: the command and its arguments; run directly, never through a shell.
    :raises OSError: the command cannot be started (not found, not executable).
    """

    def __init__(
        self,
        argv: Sequence[str],
        *,
        cwd: str | Path | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.argv = list(argv)
        self._popen = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=None if env is None else dict(env),
            start_new_session=True,  # its own process group: killable as a whole, deaf to Ctrl-C
            close_fds=True,
        )
        _register(self)
        self._lines: queue.Queue[bytes | object] = queue.Queue()
        self._ended = False
        self._stderr = bytearray()
        self._stderr_lock = threading.Lock()
        assert self._popen.stdout is not None and self._popen.stderr is not None
        self._threads = [
            threading.Thread(
                target=self._read_stdout, args=(self._popen.stdout,), daemon=True, name=f"engine-{self.pid}-stdout"
            ),
            threading.Thread(
                target=self._read_stderr, args=(self._popen.stderr,), daemon=True, name=f"engine-{self.pid}-stderr"
            ),
        ]
        for thread in self._threads:
            thread.start()

    # ------------------------------------------------------------------ state

    @property
    def pid(self) -> int:
        """The engine's process id (also its process group id)."""
        return self._popen.pid

    @property
    def returncode(self) -> int | None:
        """The exit status once the engine has exited and been reaped, else None."""
        return self._popen.poll()

    @property
    def alive(self) -> bool:
        """Whether the engine is still running."""
        return self._popen.poll() is None

    def stderr_text(self) -> str:
        """The engine's standard error so far (its last :data:`STDERR_LIMIT` bytes), decoded."""
        with self._stderr_lock:
            data = bytes(self._stderr)
        return data.decode("utf-8", errors="replace")

    # ------------------------------------------------------------------ talking

    def send(self, line: bytes) -> None:
        """Write one line (which must end with a newline) to the engine's standard input.

        :raises OSError: the engine no longer reads (e.g. :class:`BrokenPipeError`).
        """
        stdin = self._popen.stdin
        if stdin is None or stdin.closed:
            raise BrokenPipeError("the engine's standard input is closed")
        stdin.write(line)
        stdin.flush()

    def receive(self, timeout: float) -> bytes:
        """The next line of the engine's standard output, without its newline.

        :raises TimeoutError: no complete line within ``timeout`` seconds.
        :raises EOFError: the engine closed its standard output (it exited or crashed).
        :raises ReplyTooLong: the line is longer than :data:`MAX_LINE`.
        """
        if self._ended:
            raise EOFError("the engine's standard output is closed")
        try:
            item = self._lines.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            raise TimeoutError(f"no line within {timeout:g} s") from None
        if item is _EOF:
            self._ended = True
            raise EOFError("the engine's standard output is closed")
        if item is _TOO_LONG:
            raise ReplyTooLong(f"a line longer than {MAX_LINE} bytes")
        assert isinstance(item, bytes)
        return item

    def wait(self, timeout: float) -> int | None:
        """Wait up to ``timeout`` seconds for the engine to exit; its status, or None."""
        try:
            return self._popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    # ------------------------------------------------------------------ ending

    def stop(self, *, grace: float = 1.0) -> None:
        """End the engine politely: close its input and wait ``grace`` seconds; then SIGTERM the
        process group and wait ``grace`` seconds more (at least 0.1); then SIGKILL it. The child
        is reaped. Safe to call more than once."""
        self._close_stdin()
        if self.wait(grace) is None:
            self._signal_group(signal.SIGTERM)
            if self.wait(max(grace, 0.1)) is None:
                self._signal_group(signal.SIGKILL)
        self._finish()

    def kill(self) -> None:
        """End the engine at once: SIGKILL its process group and reap it."""
        self._signal_group(signal.SIGKILL)
        self._close_stdin()
        self._finish()

    def _finish(self) -> None:
        self._popen.wait()
        self._signal_group(signal.SIGKILL)  # anything the engine started and left behind
        _unregister(self)
        for thread in self._threads:
            thread.join(timeout=1.0)

    def _close_stdin(self) -> None:
        stdin = self._popen.stdin
        if stdin is not None and not stdin.closed:
            try:
                stdin.close()
            except OSError:
                pass

    def _signal_group(self, signum: signal.Signals) -> None:
        try:
            os.killpg(self._popen.pid, signum)
        except (ProcessLookupError, PermissionError):
            pass  # the group is gone already

    # ------------------------------------------------------------------ reader threads

    def _read_stdout(self, stream: IO[bytes]) -> None:
        fd = stream.fileno()
        buffer = bytearray()
        discarding = False  # inside a line that was too long
        try:
            while chunk := os.read(fd, _CHUNK):
                buffer += chunk
                while (newline := buffer.find(b"\n")) >= 0:
                    line = bytes(buffer[:newline])
                    del buffer[: newline + 1]
                    if discarding:
                        discarding = False
                    else:
                        self._lines.put(line)
                if len(buffer) > MAX_LINE:
                    if not discarding:
                        self._lines.put(_TOO_LONG)
                        discarding = True
                    buffer.clear()
        except OSError:
            pass
        finally:
            if buffer.strip() and not discarding:
                self._lines.put(bytes(buffer))  # a last line without its newline
            self._lines.put(_EOF)
            stream.close()

    def _read_stderr(self, stream: IO[bytes]) -> None:
        fd = stream.fileno()
        try:
            while chunk := os.read(fd, _CHUNK):
                with self._stderr_lock:
                    self._stderr += chunk
                    if len(self._stderr) > STDERR_LIMIT:
                        del self._stderr[: len(self._stderr) - STDERR_LIMIT]
        except OSError:
            pass
        finally:
            stream.close()


# --------------------------------------------------------------------------- the registry

_LIVE: set[EngineProcess] = set()
_LIVE_LOCK = threading.Lock()


def _register(process: EngineProcess) -> None:
    with _LIVE_LOCK:
        _LIVE.add(process)


def _unregister(process: EngineProcess) -> None:
    with _LIVE_LOCK:
        _LIVE.discard(process)


def live_processes() -> list[EngineProcess]:
    """The engines started and not yet stopped or killed."""
    with _LIVE_LOCK:
        return list(_LIVE)


@atexit.register
def _kill_all() -> None:
    """At interpreter exit, kill every engine still running (and its process group)."""
    for process in live_processes():
        process.kill()
