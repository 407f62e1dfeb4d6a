"""What every subcommand of ``sheepshead-conformance`` shares: exit codes, usage errors,
the spec, the selection checks, and an :class:`Environment` that tests replace.

The environment supplies the suite runner (``run_engine``), the engine loader (``load_engine``)
and the output streams, so the commands can be tested with a fake runner and fake engines.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TextIO

from sheepshead_spec import Spec, SpecError, load_spec

from conformance.adapter import Adapter, AdapterError
from conformance.judge.results import Progress
from conformance.judge.selection import Selection, SelectionError, parse_options

__all__ = [
    "EXIT_FAILED",
    "EXIT_OK",
    "EXIT_UNSUPPORTED",
    "EXIT_USAGE",
    "Environment",
    "RunEngine",
    "UsageError",
    "check_output_path",
    "engine_identity",
    "selection_of",
    "spec_or_usage_error",
    "write_output",
]

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_UNSUPPORTED = 0, 1, 2, 3


class RunEngine(Protocol):
    """The signature of :func:`conformance.runner.run_engine`."""

    def __call__(
        self,
        engine: str,
        *,
        selection: Selection,
        progress: Progress | None = None,
        timeout: float | None = None,
    ) -> Any: ...

    """A list of results, or a :class:`conformance.runner.SuiteRun` (results, probes, rule set)."""


class UsageError(Exception):
    """The command line cannot be carried out as given (exit status 2, one line, no traceback)."""


def _default_run_engine() -> RunEngine:
    try:
        from conformance.runner import run_engine
    except ImportError as error:
        raise UsageError(f"the suite runner is not available: {error}") from None
    return run_engine


def _default_load_engine() -> Callable[..., Adapter]:
    from conformance.engines.loading import load_engine

    return load_engine


@dataclass
class Environment:
    """The outside world of the command line (replaced in tests)."""

    run_engine: RunEngine | None = None
    """The suite runner; default :func:`conformance.runner.run_engine`."""
    load_engine: Callable[..., Adapter] | None = None
    """The engine loader; default :func:`conformance.engines.loading.load_engine`."""
    stdout: TextIO | None = None
    """Default: ``sys.stdout`` at the time of use."""
    stderr: TextIO | None = None
    """Default: ``sys.stderr`` at the time of use."""
    clock: Callable[[], float] = field(default=time.monotonic)
    """Seconds, for the run's duration."""
    timeout: float | None = None
    """``--timeout``: seconds a ``cmd:`` engine has for each reply (default: the adapter's 10 s)."""

    @property
    def out(self) -> TextIO:
        """Where reports go."""
        return self.stdout if self.stdout is not None else sys.stdout

    @property
    def err(self) -> TextIO:
        """Where progress and notes go."""
        return self.stderr if self.stderr is not None else sys.stderr

    def runner(self) -> RunEngine:
        """The suite runner."""
        return self.run_engine if self.run_engine is not None else _default_run_engine()

    def engine(self, text: str) -> Adapter:
        """Load an engine (a ``python:`` module beside the user imports as with ``python -m``:
        :func:`~conformance.engines.loading.load_engine` adds the working directory).

        :raises UsageError: the engine text names no usable engine.
        :raises AdapterError: the engine started but failed its handshake.
        """
        loader = self.load_engine if self.load_engine is not None else _default_load_engine()
        try:
            return loader(text) if self.timeout is None else loader(text, timeout=self.timeout)
        except AdapterError:
            raise
        except Exception as error:  # noqa: BLE001 - any selection problem is a usage error
            raise UsageError(str(error) or f"engine {text!r} cannot be loaded") from None


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 86400:
        raise argparse.ArgumentTypeError(f"{text!r}: give a number of seconds above 0 (at most 86400)")
    return value


def add_timeout_argument(parser: argparse.ArgumentParser) -> None:
    """``--timeout S``: how long a ``cmd:`` engine may take over each reply (PROTOCOL.md 3.5)."""
    parser.add_argument(
        "--timeout",
        type=_seconds,
        metavar="S",
        help="seconds a cmd: engine has for each reply before it is reported as hanging (default 10)",
    )


@functools.lru_cache(maxsize=1)
def _installed_spec() -> Spec:
    return load_spec()


def spec_or_usage_error() -> Spec:
    """The installed spec (loaded and checked once per process).

    :raises UsageError: it does not load (a broken installation).
    """
    try:
        return _installed_spec()
    except SpecError as error:
        raise UsageError(f"the spec does not load: {error}") from None


def selection_of(
    spec: Spec,
    profiles: Sequence[str] | None,
    rule_globs: Sequence[str] | None,
    areas: Sequence[str] | None,
    *,
    need_rules: bool = True,
    options: Sequence[str] | None = None,
) -> Selection:
    """The checked selection of ``--profile``, ``--option``, ``--rule`` and ``--area`` (checked
    once, here; the runner is given the result and does not check it again).

    :param options: ``AXIS=OPTION`` texts, set on top of every profile.
    :raises UsageError: a profile, option, area or glob names nothing, or nothing is left.
    """
    try:
        chosen = parse_options(options or (), spec)
        return Selection.of(spec, profiles, rule_globs, areas, need_rules=need_rules, options=chosen)
    except SelectionError as error:
        raise UsageError(str(error)) from None


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    """``--option AXIS=OPTION`` (repeatable): options on top of the profile(s)."""
    parser.add_argument(
        "--option",
        action="append",
        metavar="AXIS=OPTION",
        help="set one axis on top of the profile(s), e.g. void-play=must-trump (repeatable;"
        " with no --profile, on top of standard)",
    )


def engine_identity(env: Environment, text: str) -> tuple[str, str]:
    """The engine's name and version from its handshake, checking the engine text first.

    An engine that starts but fails its handshake is not a usage error: the run goes on and
    reports it per case; its identity is then ``unknown``.

    :raises UsageError: the engine text names no usable engine.
    """
    try:
        adapter = env.engine(text)
    except AdapterError:
        return text, "unknown"
    try:
        info = adapter.info()
        return info.name, info.version
    except AdapterError:
        return text, "unknown"
    finally:
        try:
            adapter.close()
        except AdapterError:
            pass


def check_output_path(option: str, path: str | None) -> Path | None:
    """Check, before a long run, that an output file can be created.

    :raises UsageError: its folder does not exist, or it is a folder.
    """
    if path is None or path == "-":
        return None
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"{option} {path}: is a folder")
    if not target.parent.is_dir():
        raise UsageError(f"{option} {path}: folder {target.parent} does not exist")
    return target


def write_output(option: str, target: Path, text: str) -> None:
    """Write a report file.

    :raises UsageError: it cannot be written.
    """
    try:
        # An engine's strings may hold anything (a lone surrogate): escaped, never a crash mid-write.
        with target.open("w", encoding="utf-8", errors="backslashreplace", newline="\n") as out:
            out.write(text)
    except OSError as error:
        raise UsageError(f"{option} {target}: cannot write: {error.strerror or error}") from None
