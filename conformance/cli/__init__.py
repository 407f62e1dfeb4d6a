"""The ``sheepshead-conformance`` command line.

- ``run``: run the suite against an engine and report (:mod:`conformance.cli.run`);
- ``matrix``: compare engines rule by rule (:mod:`conformance.cli.matrix`);
- ``check HAND.yaml``: replay a record and narrate each ruling (:mod:`conformance.cli.check`);
- ``fuzz``: random hands against an engine and the reference (:mod:`conformance.cli.fuzz`);
- ``rules`` and ``explain RULE-ID``: browse the catalogue (:mod:`conformance.cli.catalogue`);
- ``mutants``: the mutation score of the suite (:mod:`conformance.cli.mutants`);
- ``spec check``, ``spec render``, ``spec site``: the spec's checks, its Markdown and its web
  page (:mod:`conformance.cli.spec`).

A command's module is imported only when that command runs (:mod:`conformance.cli.commands`),
so that ``explain`` starts at once whatever ``run`` or ``fuzz`` import.

Exit status: 0 on success, 1 when failures or problems were found, 2 on a usage or
configuration error (one line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import os
import signal
import sys
import threading
from collections.abc import Sequence
from typing import Any

from conformance.cli.commands import COMMANDS
from conformance.cli.support import EXIT_USAGE, Environment, UsageError
from conformance.judge.interrupt import RunInterrupted

__all__ = ["Environment", "UsageError", "main"]


def _parser(argv: Sequence[str]) -> argparse.ArgumentParser:
    """The command line's parser, with the full arguments of the command ``argv`` names (its
    module imported now) and only the summary of the others."""
    parser = argparse.ArgumentParser(
        prog="sheepshead-conformance",
        description="The Sheepshead conformance suite.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    chosen = next((word for word in argv if not word.startswith("-")), None)
    if chosen in COMMANDS:
        importlib.import_module(COMMANDS[chosen].module).add_parser(commands)
    for name, command in COMMANDS.items():
        if name not in commands.choices:
            commands.add_parser(name, help=command.summary)
    return parser


def main(argv: Sequence[str] | None = None, *, env: Environment | None = None) -> int:
    """Run the command line.

    :param argv: the arguments after the program name (default: ``sys.argv[1:]``).
    :param env: the suite runner, engine loader and streams (default: the real ones).
    :return: the exit status: 0 success, 1 failures or problems found, 2 usage error.
    :raises SystemExit: for ``--help`` and argument syntax errors (status 2), as argparse does.
    """
    if env is None:
        env = Environment()
        for stream in (sys.stdout, sys.stderr):  # an engine's or a record's lone surrogate is escaped, not a crash
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                reconfigure(errors="backslashreplace")
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = _parser(arguments)
    args = parser.parse_args(arguments)
    if getattr(args, "timeout", None) is not None:
        env = dataclasses.replace(env, timeout=args.timeout)
    previous = _on_sigterm()
    try:
        status: int = args.handler(args, env)
    except UsageError as error:
        env.err.write(f"{parser.prog}: error: {error}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        env.err.write(f"{parser.prog}: interrupted\n")
        return 130
    except RunInterrupted:
        env.err.write(f"{parser.prog}: terminated\n")
        return 143
    except BrokenPipeError:  # the reader went away (`… | head`): stop quietly, as Unix tools do
        _silence_stdout()
        return 141
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    return status


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's own flush at exit finds no broken pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _on_sigterm() -> Any:
    """Make SIGTERM (from ``timeout``, CI cancellation, a container stop) stop a run between two
    cases as SIGINT does: the engines are stopped, the report of the finished cases is written,
    and the exit status is 143. Only in the main thread (where signals are delivered)."""
    if threading.current_thread() is not threading.main_thread():
        return None

    def stop(signum: int, frame: object) -> None:
        raise RunInterrupted("SIGTERM")

    return signal.signal(signal.SIGTERM, stop)


if __name__ == "__main__":
    sys.exit(main())
