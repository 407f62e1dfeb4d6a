"""The ``sheepshead-conformance`` command line.

- ``run``: run the suite against an engine and report (:mod:`conformance.cli.run`);
- ``matrix``: compare engines rule by rule (:mod:`conformance.cli.matrix`);
- ``check HAND.yaml``: replay a record and narrate each ruling (:mod:`conformance.cli.check`);
- ``fuzz``: random hands against an engine and the reference (:mod:`conformance.cli.fuzz`);
- ``rules`` and ``explain RULE-ID``: browse the catalogue (:mod:`conformance.cli.catalogue`);
- ``mutants``: the mutation score of the suite (:mod:`conformance.cli.mutants`);
- ``spec check`` validates the spec data and prints every problem as
  ``file:line: path: message``; ``spec render`` writes ``spec/SPEC.md``.

Exit status: 0 on success, 1 when failures or problems were found, 2 on a usage or
configuration error (one line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import dataclasses
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sheepshead_spec import (
    CheckReport,
    Problem,
    SeedsLocation,
    SpecError,
    check_spec,
    checkout_root,
    find_checkout,
    load_spec,
    package_dir,
    render_spec_markdown,
)
from sheepshead_spec.validation import check_rendered
from sheepshead_spec.yamldoc import display_path

from conformance.cli import catalogue as catalogue_command
from conformance.cli import check as check_command
from conformance.cli import fuzz as fuzz_command
from conformance.cli import matrix as matrix_command
from conformance.cli import mutants as mutants_command
from conformance.cli import site as site_command
from conformance.cli import run as run_command
from conformance.cli.support import EXIT_USAGE, Environment, UsageError
from conformance.judge.run import RunInterrupted

__all__ = ["Environment", "UsageError", "main"]

EXIT_OK, EXIT_PROBLEMS = 0, 1


def _spec_dir(option: str | None) -> Path:
    """The spec folder to use: ``--spec-dir``, else the checkout around the working directory,
    else the installed package data."""
    if option is not None:
        folder = Path(option)
        if not (folder / "rules.yaml").is_file():
            raise UsageError(f"--spec-dir {option}: no rules.yaml in that folder")
        return folder
    checkout = find_checkout(Path.cwd())
    return checkout / "spec" if checkout is not None else package_dir()


def _seeds(option: str | None) -> SeedsLocation | None:
    if option is None:
        return None
    folder = Path(option)
    return SeedsLocation(folder if folder.is_dir() else None, f"--seeds {option}", explicit=True)


def _print_problems(problems: Sequence[Problem]) -> None:
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} found", file=sys.stderr)


def _summary(report: CheckReport) -> str:
    spec = report.spec
    assert spec is not None  # no problems means both documents loaded
    parts = [
        f"spec OK: {len(spec.rules)} rules, {len(spec.axes)} axes, "
        f"{len(spec.profiles)} profiles, {len(spec.texts)} texts"
    ]
    if report.seeds.path is not None:
        parts.append(f"{report.quotes_checked} quotes checked")
    if report.rendered_checked:
        parts.append("SPEC.md up to date")
    return "; ".join(parts)


def _check(args: argparse.Namespace, env: Environment) -> int:
    folder = _spec_dir(args.spec_dir)
    report = check_spec(folder, seeds=_seeds(args.seeds))
    if report.seeds.path is None and not report.seeds.explicit:
        print(f"note: seed quotes not checked: {report.seeds.origin}", file=sys.stderr)
    if report.problems:
        _print_problems(report.problems)
        return EXIT_PROBLEMS
    print(_summary(report))
    return EXIT_OK


def _render(args: argparse.Namespace, env: Environment) -> int:
    folder = _spec_dir(args.spec_dir)
    if args.output == "-" and args.check:
        raise UsageError("--check needs a file to compare, not --output -")
    if args.output == "-":
        target = None
    elif args.output is not None:
        target = Path(args.output)
    elif checkout_root(folder) is not None:
        target = folder / "SPEC.md"
    else:
        raise UsageError(f"{folder} is not the spec/ folder of a checkout; give --output PATH")
    try:
        spec = load_spec(folder)
    except SpecError as error:
        _print_problems(error.problems)
        return EXIT_PROBLEMS
    if target is None:
        sys.stdout.write(render_spec_markdown(spec))
        return EXIT_OK
    if args.check:
        problems = check_rendered(spec, target)
        if problems:
            _print_problems(problems)
            return EXIT_PROBLEMS
        print(f"{display_path(target)} is up to date")
        return EXIT_OK
    text = render_spec_markdown(spec)
    try:
        with target.open("w", encoding="utf-8", newline="\n") as out:
            out.write(text)
    except OSError as error:
        print(f"{display_path(target)}: cannot write: {error.strerror or error}", file=sys.stderr)
        return EXIT_PROBLEMS
    print(f"wrote {display_path(target)}")
    return EXIT_OK


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sheepshead-conformance",
        description="The Sheepshead conformance suite.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    run_command.add_parser(commands)
    matrix_command.add_parser(commands)
    check_command.add_parser(commands)
    fuzz_command.add_parser(commands)
    catalogue_command.add_parsers(commands)
    mutants_command.add_parser(commands)
    spec = commands.add_parser("spec", help="check or render the rules spec")
    spec_commands = spec.add_subparsers(dest="spec_command", metavar="SUBCOMMAND", required=True)
    spec_dir_help = (
        "folder holding rules.yaml and variants.yaml (default: spec/ of the checkout around the"
        " working directory, else the installed data)"
    )

    check = spec_commands.add_parser(
        "check",
        help="validate the spec data and print every problem",
        description="Validate rules.yaml and variants.yaml (schemas, cross-references, profiles,"
        " seed quotes) and, in a checkout, that SPEC.md is up to date.",
    )
    check.add_argument("--spec-dir", metavar="DIR", help=spec_dir_help)
    check.add_argument(
        "--seeds",
        metavar="DIR",
        help="folder of seed texts (default: $SHEEPSHEAD_SEEDS, else <checkout>/../shared/seeds)",
    )
    check.set_defaults(handler=_check)

    render = spec_commands.add_parser(
        "render",
        help="write SPEC.md from the spec data",
        description="Render rules.yaml and variants.yaml as Markdown.",
    )
    render.add_argument("--spec-dir", metavar="DIR", help=spec_dir_help)
    render.add_argument(
        "--output",
        "-o",
        metavar="PATH",
        help="where to write (default: spec/SPEC.md; - for stdout)",
    )
    render.add_argument(
        "--check", action="store_true", help="do not write; fail if the file is out of date"
    )
    render.set_defaults(handler=_render)
    site_command.add_parser(spec_commands)
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
    parser = _parser()
    args = parser.parse_args(argv)
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
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    return status


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
