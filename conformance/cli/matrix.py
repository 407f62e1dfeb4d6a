"""``sheepshead-conformance matrix``: compare engines rule by rule, from runs or saved reports.

Each engine given by ``--engine`` is run, by default under its own declared rule set (as ``run``
judges it: blame on the first divergence, variants read from behaviour); with ``--profile`` it is
run under every named profile, so that a difference can be matched to another profile's option.
Saved JSON reports of ``run`` (``REPORT.json`` arguments) are read back instead of running their
engines again. The Markdown comparison goes to stdout or ``--output``, the HTML page to ``--html``.
Exit status 0 when the reports were made (differences are the content, not an error), 2 on a
usage or configuration error (including a report that cannot be read).
"""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

from sheepshead_spec import Spec

from conformance.cli.commands import summary
from conformance.cli.run import add_selection_arguments, call_runner, identity_of
from conformance.cli.support import (
    EXIT_OK,
    Environment,
    UsageError,
    add_timeout_argument,
    check_output_path,
    selection_of,
    spec_or_usage_error,
    write_output,
)
from conformance.judge.matrix import EngineRun, build_matrix, per_profile
from conformance.judge.run import SuiteRun
from conformance.judge.verdict import read_behaviour
from conformance.reports.report_matrix import render_matrix_html, render_matrix_markdown
from conformance.reports.report_read import ReportReadError, SavedReport, read_report
from conformance.reports.report_text import ProgressLine
from conformance.versions import protocol_version, suite_version

__all__ = ["add_parser", "matrix"]


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``matrix``."""
    parser = commands.add_parser(
        "matrix",
        help=summary("matrix"),
        description="Compare engines per rule: each engine's rule set, its deviations by blamed rule,"
        " then counts and, for each difference from the spec, whether a variant explains it."
        " Engines are run under their own declared rule set (with --profile: under every"
        " profile); saved JSON reports of 'run' are read back without running anything.",
    )
    parser.add_argument(
        "reports", nargs="*", metavar="REPORT.json", help="a JSON report written by 'run --format json'"
    )
    parser.add_argument(
        "--engine",
        action="append",
        default=[],
        metavar="E",
        help="an engine to run (reference, python:MODULE:ATTR, 'cmd:COMMAND ARGS…'); repeat for each",
    )
    add_selection_arguments(
        parser,
        profile_help="run the engines under every profile and report on these (all: every profile;"
        " default: each engine's own rule set)",
    )
    parser.add_argument("--output", "-o", metavar="FILE", help="write the Markdown to FILE")
    parser.add_argument("--html", metavar="FILE", help="also write a self-contained HTML page")
    add_timeout_argument(parser)
    parser.set_defaults(handler=matrix)


def _from_report(saved: SavedReport) -> EngineRun:
    own = not saved.profiles
    results = saved.results if own else per_profile(saved.results)
    return EngineRun(
        saved.selection,
        saved.name,
        saved.version,
        tuple(results),
        own,
        saved.rule_set,
        saved.axes,
        saved.differing_axes,
        saved.closest,
        saved.explained,
        saved.verdict,
        saved.file,
    )


def _from_run(text: str, ran: SuiteRun, spec: Spec, own: bool, env: Environment) -> EngineRun:
    name, version = identity_of(ran, text, env)
    if not own:
        return EngineRun(text, name, version, per_profile(ran.results))
    if ran.rule_set is None:  # a runner that returns bare results (no rule set to read against)
        return EngineRun(text, name, version, tuple(ran.results), True)
    reading = read_behaviour(ran.results, ran.probes, ran.rule_set, spec)
    rule_set = {axis: ran.rule_set.describe(axis) for axis in ran.rule_set.options}
    return EngineRun(
        text,
        name,
        version,
        tuple(ran.results),
        True,
        rule_set,
        tuple(a.describe() for a in reading.axes),
        tuple(a.describe() for a in reading.axes if a.differs),
        reading.closest,
        reading.explained,
        "",
        "",
    )


def matrix(args: argparse.Namespace, env: Environment) -> int:
    """Carry out ``matrix``.

    :return: the exit status.
    :raises UsageError: the command line cannot be carried out.
    """
    spec = spec_or_usage_error()
    if not args.engine and not args.reports:
        raise UsageError("matrix needs a saved REPORT.json or an --engine to run")
    # every named profile, each with the --option settings on top
    every = list(selection_of(spec, ["all"], None, None, need_rules=False, options=args.option).profiles or ())
    own = not args.profile and not args.option
    selection = selection_of(spec, args.profile, args.rule, args.area, options=args.option)
    selected = list(selection.profiles or every)
    output = check_output_path("--output", args.output)
    page = check_output_path("--html", args.html)
    runs = []
    for file in args.reports:
        try:
            runs.append(_from_report(read_report(Path(file))))
        except ReportReadError as error:
            raise UsageError(str(error)) from None
    for text in args.engine:
        progress = None
        if not args.quiet:
            env.err.write(
                f"{text}: running under its own rule set\n" if own else f"{text}: running under {len(every)} profiles\n"
            )
            progress = ProgressLine(env.err, live=bool(getattr(env.err, "isatty", lambda: False)()))
        ran = call_runner(env, text, dataclasses.replace(selection, profiles=None if own else tuple(every)), progress)
        runs.append(_from_run(text, ran, spec, own, env))
    labels = [run.label for run in runs]
    if len(set(labels)) < len(labels):  # two engines report the same identity: show the selection
        runs = [dataclasses.replace(r, name=f"{r.name} ({r.source or r.selection})") for r in runs]
    table = build_matrix(spec, runs, selected, selection.rule_ids(spec))
    versions = {"suite": suite_version(), "spec": spec.spec_version, "protocol": protocol_version()}
    markdown = render_matrix_markdown(table, **versions)
    if output is not None:
        write_output("--output", output, markdown)
        env.err.write(f"wrote {args.output}\n")
    else:
        env.out.write(markdown)
    if page is not None:
        write_output("--html", page, render_matrix_html(table, **versions))
        env.err.write(f"wrote {args.html}\n")
    return EXIT_OK
