"""``sheepshead-conformance spec``: ``spec check`` validates the spec data and prints every
problem as ``file:line: path: message``; ``spec render`` writes ``spec/SPEC.md``; ``spec site``
writes the spec as one web page (:mod:`conformance.cli.site`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

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

from conformance.cli import site
from conformance.cli.commands import summary
from conformance.cli.support import EXIT_FAILED as EXIT_PROBLEMS
from conformance.cli.support import EXIT_OK, Environment, UsageError

__all__ = ["add_parser"]


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


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``spec`` and its subcommands ``check``, ``render`` and ``site``."""
    spec = commands.add_parser("spec", help=summary("spec"))
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
    render.add_argument("--check", action="store_true", help="do not write; fail if the file is out of date")
    render.set_defaults(handler=_render)
    site.add_parser(spec_commands)
