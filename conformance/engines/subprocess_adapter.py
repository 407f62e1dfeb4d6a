"""An engine in another process, speaking the JSON-lines protocol (``spec/PROTOCOL.md``).

:class:`SubprocessAdapter` starts the engine on first use, shakes hands, then sends one request
at a time and waits for its reply. Whatever the engine does, the run goes on:

- no reply within the timeout: the engine is killed, the request fails with
  :class:`AdapterError` ``timeout``, and the next request starts a fresh engine;
- the engine exits (or closes its output) before replying: ``crash``, with its captured
  standard error; the next request starts a fresh engine;
- a reply that is not JSON, not an object, carries the wrong id or breaks its schema:
  ``bad-reply`` naming the request id and the problem (the engine is restarted when the reply
  stream may be out of step);
- a handshake in another protocol version: ``protocol-version`` naming both versions, for this
  and every later request (the engine is not restarted);
- an engine that fails its handshake three times in a row is given up on in the same way.

Every error carries the engine's standard error (its last 64 KiB are kept) in ``detail``.
:meth:`SubprocessAdapter.close` sends ``shutdown``, then terminates and finally kills the
engine's process group; a Ctrl-C while waiting kills it too, and engines still running when the
interpreter exits are killed (:mod:`conformance.engines.process`), so none is left behind.
"""

from __future__ import annotations

import errno
import json
import os
import shlex
import shutil
import weakref
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from conformance.adapter import AdapterError, EngineInfo
from conformance.engines.process import EngineProcess, ReplyTooLong
from conformance.engines.protocol import (
    PROTOCOL_VERSION,
    ProtocolError,
    Request,
    decode_hello,
    hello_message,
    shutdown_message,
    validation_default,
)
from conformance.engines.protocol_adapter import ProtocolAdapter

__all__ = ["SubprocessAdapter"]

_EXIT_WAIT = 10.0
"""Seconds to wait for the exit status of an engine that closed its pipes: it is exiting, and the
wait ends as soon as it has, however slow the machine (the status is only for the message)."""

STDERR_DETAIL_CHARS: Final = 8000
"""How much of the engine's standard error an error's ``detail`` carries (the end of it)."""


def _encode(message: Mapping[str, Any]) -> bytes:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def _check_program(program: str, *, cwd: str | Path | None, env: Mapping[str, str] | None) -> None:
    """Fail early, as the operating system would, when ``program`` cannot be run.

    :raises FileNotFoundError: no such file, or no such program on ``$PATH``.
    :raises PermissionError: the file is not executable.
    """
    if os.sep in program or (os.altsep and os.altsep in program):
        path = Path(cwd or ".") / program
        if not path.is_file():
            raise FileNotFoundError(errno.ENOENT, "no such file", program)
        if not os.access(path, os.X_OK):
            raise PermissionError(errno.EACCES, "not executable", program)
    elif shutil.which(program, path=(env if env is not None else os.environ).get("PATH")) is None:
        raise FileNotFoundError(errno.ENOENT, "no such program on PATH", program)


def _kill_slot(slot: list[EngineProcess | None]) -> None:
    """Finalizer of a garbage-collected adapter: kill the engine it left running."""
    process, slot[0] = slot[0], None
    if process is not None:
        process.kill()


class SubprocessAdapter(ProtocolAdapter):
    """An engine run as ``argv`` (no shell), answering protocol requests on stdin/stdout.

    One request is in flight at a time; an adapter is not meant to be shared between threads.

    :param argv: the command and its arguments (``cmd:`` engines are split with
        :func:`shlex.split`).
    :param timeout: seconds to wait for each reply.
    :param startup_timeout: seconds to wait for the handshake reply of a fresh engine
        (default: ``timeout``, but at least 10).
    :param shutdown_grace: seconds :meth:`close` waits for the engine to exit after
        ``shutdown`` before sending SIGTERM, and again before SIGKILL.
    :param validate: also check every request against its schema (replies are always checked);
        default from ``$SHEEPSHEAD_PROTOCOL_VALIDATE``.
    :param cwd: the engine's working directory (default: ours).
    :param env: the engine's environment (default: ours).
    :param max_failed_starts: consecutive failed handshakes after which the engine is given up.
    :raises OSError: the program cannot be run (no such file or program, not executable); the
        engine itself is started at the first request or :meth:`info`.
    """

    def __init__(
        self,
        argv: Sequence[str],
        timeout: float = 10.0,
        *,
        startup_timeout: float | None = None,
        shutdown_grace: float = 1.0,
        validate: bool | None = None,
        cwd: str | Path | None = None,
        env: Mapping[str, str] | None = None,
        max_failed_starts: int = 3,
    ) -> None:
        super().__init__(validate=validation_default() if validate is None else validate)
        if not argv:
            raise ValueError("SubprocessAdapter needs a command to run")
        self.argv = [os.fspath(arg) for arg in argv]
        _check_program(self.argv[0], cwd=cwd, env=env)
        self.timeout = timeout
        self.startup_timeout = max(timeout, 10.0) if startup_timeout is None else startup_timeout
        self.shutdown_grace = shutdown_grace
        self.cwd = cwd
        self.env = env
        self.max_failed_starts = max_failed_starts
        self.starts = 0
        """How many engine processes were started (1 + the restarts)."""
        self._process: EngineProcess | None = None
        self._last_stderr = ""
        self._info: EngineInfo | None = None
        self._fatal: AdapterError | None = None
        self._failed_starts = 0
        self._slot: list[EngineProcess | None] = [None]
        self._finalizer = weakref.finalize(self, _kill_slot, self._slot)

    def __repr__(self) -> str:
        return f"SubprocessAdapter({shlex.join(self.argv)!r}, timeout={self.timeout:g})"

    # ------------------------------------------------------------------ public

    @property
    def pid(self) -> int | None:
        """The running engine's process id, or None when no engine runs."""
        return None if self._process is None else self._process.pid

    @property
    def _validate_replies(self) -> bool:
        return True  # a third-party engine's replies are always checked

    def info(self) -> EngineInfo:
        """The engine's handshake answer (starting the engine if needed).

        :raises AdapterError: the engine cannot be started or fails its handshake.
        """
        self._ensure_started()
        assert self._info is not None
        return self._info

    def stderr(self) -> str:
        """What the running (or the last) engine wrote to standard error, its last 64 KiB."""
        return self._process.stderr_text() if self._process is not None else self._last_stderr

    def close(self) -> None:
        """Send ``shutdown``, give the engine ``shutdown_grace`` seconds to exit, then terminate
        and kill its process group. Safe to call more than once; a later request restarts it."""
        process = self._process
        if process is None:
            return
        try:
            if process.alive:
                process.send(_encode(shutdown_message(next(self._request_ids))))
        except OSError:
            pass
        finally:
            self._drop(process, grace=self.shutdown_grace)

    # ------------------------------------------------------------------ the protocol

    def _ask(self, request: Request) -> Any:
        try:
            return super()._ask(request)
        except AdapterError as error:
            if not error.detail:
                error.detail = self._stderr_detail()
            raise

    def _exchange(self, request_id: int, kind: str, message: dict[str, Any]) -> Any:
        self._ensure_started()
        assert self._process is not None
        return self._roundtrip(self._process, request_id, kind, message, self.timeout)

    def _exchange_ahead(self, messages: Sequence[tuple[int, str, dict[str, Any]]]) -> Iterator[Any]:
        """Write every message at once, now; the replies are read one by one as the returned
        iterator is (each with the reply timeout). The first failure ends them, the engine then
        dropped as for one request.

        :raises AdapterError: the engine cannot be started.
        """
        self._ensure_started()
        process = self._process
        assert process is not None
        try:
            process.send(b"".join(_encode(message) for _, _, message in messages))
        except OSError:
            pass  # it died: the first read says how
        return self._replies_ahead(process, messages)

    def _replies_ahead(
        self, process: EngineProcess, messages: Sequence[tuple[int, str, dict[str, Any]]]
    ) -> Iterator[Any]:
        for request_id, kind, _ in messages:
            try:
                yield self._roundtrip(process, request_id, kind, None, self.timeout)
            except AdapterError as error:
                yield error
                return

    def _ensure_started(self) -> None:
        if self._fatal is not None:
            raise self._fatal
        if self._process is not None:
            if self._process.alive:
                return
            self._drop(self._process)  # it died between requests
        self._start()

    def _start(self) -> None:
        command = shlex.join(self.argv)
        try:
            process = EngineProcess(self.argv, cwd=self.cwd, env=self.env)
        except OSError as error:
            self._fatal = AdapterError("crash", f"cannot start engine {command}: {error}")
            raise self._fatal from None
        self.starts += 1
        self._process, self._slot[0] = process, process
        try:
            reply = self._roundtrip(process, 0, "hello", hello_message(), self.startup_timeout)
            version, info = decode_hello(reply, validate=True)
        except AdapterError as error:
            error.detail = error.detail or self._stderr_detail()
            self._drop(process)
            self._failed_starts += 1
            if error.kind == "protocol-version" or self._failed_starts >= self.max_failed_starts:
                self._fatal = AdapterError(
                    error.kind,
                    f"{error} (engine {command} given up after {self._failed_starts} failed start(s))",
                    detail=error.detail,
                )
                raise self._fatal from None
            raise
        except BaseException:
            self._drop(process, grace=0.0)
            raise
        if version != PROTOCOL_VERSION:
            detail = self._stderr_detail()
            self.close()  # end the connection politely: shutdown, then terminate
            self._fatal = AdapterError(
                "protocol-version",
                f"engine {command} ({info.name} {info.version}) speaks protocol version {version}; "
                f"this harness speaks version {PROTOCOL_VERSION}",
                detail=detail,
            )
            raise self._fatal
        self._failed_starts = 0
        self._info = self.with_replay_by_steps(info)

    def _roundtrip(
        self, process: EngineProcess, request_id: int, kind: str, message: Mapping[str, Any] | None, timeout: float
    ) -> Any:
        """Send one message (``None``: it was sent ahead) and read the reply line; protocol
        faults become :class:`AdapterError`."""
        what = f"request {request_id} ({kind})"
        try:
            try:
                if message is not None:
                    process.send(_encode(message))
                raw = process.receive(timeout)
            except TimeoutError:  # before OSError, of which it is a subclass
                self._drop(process, kill=True)
                raise AdapterError(
                    "timeout", f"{what}: no reply within {timeout:g} s; the engine was killed{self._last_words()}"
                ) from None
            except (OSError, EOFError):
                status = process.wait(_EXIT_WAIT)
                self._drop(process)
                exited = "is still running" if status is None else f"exited with status {status}"
                raise AdapterError(
                    "crash", f"{what}: the engine closed its pipes before replying; it {exited}{self._last_words()}"
                ) from None
            except ReplyTooLong as error:
                self._drop(process, kill=True)
                raise ProtocolError(request_id, f"the {kind} reply is {error}") from None
            try:
                reply = json.loads(raw)
            except RecursionError:
                self._drop(process, kill=True)
                raise ProtocolError(
                    request_id, f"the {kind} reply is nested too deeply to be a protocol message"
                ) from None
            except ValueError as error:
                self._drop(process, kill=True)
                raise ProtocolError(request_id, f"the {kind} reply is not JSON ({error}): {raw[:200]!r}") from None
            if not isinstance(reply, dict) or reply.get("id") != request_id:
                self._drop(process, kill=True)  # the reply stream is out of step: start afresh
                got = f"id {reply.get('id')!r}" if isinstance(reply, dict) else f"a JSON {type(reply).__name__}"
                raise ProtocolError(
                    request_id, f"the {kind} reply carries {got}, expected an object with id {request_id}"
                )
            return reply
        except AdapterError as error:
            error.detail = error.detail or self._stderr_detail()
            raise
        except BaseException:  # KeyboardInterrupt and the like: leave nothing running
            self._drop(process, grace=0.0)
            raise

    # ------------------------------------------------------------------ process bookkeeping

    def _drop(self, process: EngineProcess, *, grace: float = 0.0, kill: bool = False) -> None:
        """Forget ``process`` and make sure it is gone (its stderr is kept for reports)."""
        if self._process is process:
            self._process = None
        if self._slot[0] is process:
            self._slot[0] = None
        if kill:
            process.kill()
        else:
            process.stop(grace=grace)
        self._last_stderr = process.stderr_text()

    def _stderr_detail(self) -> str:
        text = self.stderr()
        if not text:
            return ""
        tail = text[-STDERR_DETAIL_CHARS:]
        return (
            f"engine stderr (last {len(tail)} characters):\n{tail}"
            if len(text) > len(tail)
            else f"engine stderr:\n{tail}"
        )

    def _last_words(self) -> str:
        lines = [line for line in self.stderr().splitlines() if line.strip()]
        return f"; its last stderr line: {lines[-1].strip()[:300]!r}" if lines else ""
