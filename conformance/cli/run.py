"""``sheepshead-conformance run``: run the suite against one engine and report.

Checks the whole command line first (profiles, areas, rule globs, the baseline, the output
folder, the engine), so that a mistake gives exit status 2 at once, with one line. Then runs
the suite with live progress (on stderr when the report goes to stdout), writes the report in
the chosen format, and exits 0 when everything selected passed, or matched the baseline, and 1
otherwise.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from conformance.cli.commands import summary
from conformance.cli.support import (
    EXIT_FAILED,
    EXIT_OK,
    Environment,
    UsageError,
    add_option_argument,
    add_timeout_argument,
    check_output_path,
    engine_identity,
    selection_of,
    spec_or_usage_error,
    write_output,
)
from conformance.judge.baseline import (
    Baseline,
    BaselineError,
    baseline_from_results,
    compare,
    read_baseline,
    write_baseline,
)
from conformance.judge.results import CaseResult
from conformance.judge.run import SuiteRun
from conformance.judge.selection import Selection
from conformance.judge.summary import RunInfo
from conformance.judge.verdict import read_behaviour
from conformance.reports.report import Report
from conformance.reports.report_json import render_json
from conformance.reports.report_junit import render_junit
from conformance.reports.report_markdown import render_markdown
from conformance.reports.report_text import ProgressLine, render_text
from conformance.versions import protocol_version, suite_version

__all__ = ["FORMATS", "add_parser", "call_runner", "run"]

FORMATS: dict[str, Callable[[Report], str]] = {
    "text": render_text,
    "json": render_json,
    "junit": render_junit,
    "markdown": render_markdown,
}
"""Report format name -> renderer."""


def add_selection_arguments(parser: argparse.ArgumentParser, *, profile_help: str) -> None:
    """The ``--profile``, ``--rule`` and ``--area`` options shared by ``run`` and ``matrix``."""
    parser.add_argument("--profile", action="append", metavar="P", help=profile_help)
    add_option_argument(parser)
    parser.add_argument(
        "--rule",
        action="append",
        metavar="GLOB",
        help="only cases checking a rule id matching GLOB, e.g. 'trick.*' (repeatable)",
    )
    parser.add_argument(
        "--area", action="append", metavar="A", help="only cases checking a rule of area A (repeatable)"
    )
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress while the suite runs")


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``run``."""
    run_parser = commands.add_parser(
        "run",
        help=summary("run"),
        description="Run the conformance suite against an engine and report per rule area, with"
        " every failure's rule, statement, case (file:line), expected and actual. Exit status: 0"
        " everything selected passed (or matched --baseline), 1 failures or errors, 2 usage"
        " or configuration error.",
    )
    run_parser.add_argument(
        "--engine",
        default="reference",
        metavar="E",
        help="reference (default, in-process), python:MODULE:ATTR, or 'cmd:COMMAND ARGS…'",
    )
    add_selection_arguments(
        run_parser,
        profile_help="check conformance to a named profile of spec/variants.yaml, or all (repeatable; default:"
        " judge the engine under its own declared rule set)",
    )
    run_parser.add_argument("--format", choices=sorted(FORMATS), default="text", help="report format (default: text)")
    run_parser.add_argument("--output", "-o", metavar="FILE", help="write the report to FILE (default: stdout)")
    run_parser.add_argument(
        "--baseline",
        metavar="FILE",
        help="known failures: fail only on new failures and on entries that now pass",
    )
    run_parser.add_argument(
        "--write-baseline",
        metavar="FILE",
        help="record this run's failures and errors as a baseline (.json: JSON, else YAML)",
    )
    add_timeout_argument(run_parser)
    run_parser.set_defaults(handler=run)


def identity_of(ran: SuiteRun, text: str, env: Environment) -> tuple[str, str]:
    """The engine's name and version: from the run's handshake, so that the engine is started once
    (asked of the engine separately only when a runner does not say)."""
    return (ran.info.name, ran.info.version) if ran.info is not None else engine_identity(env, text)


def call_runner(
    env: Environment,
    engine: str,
    selection: Selection,
    progress: Callable[[int, int, CaseResult], None] | None,
) -> SuiteRun:
    """Run the suite on a checked selection, turning the runner's engine errors into :class:`UsageError`."""
    runner = env.runner()
    try:
        outcome = (
            runner(engine, selection=selection, progress=progress)
            if env.timeout is None
            else runner(engine, selection=selection, progress=progress, timeout=env.timeout)
        )
    except Exception as error:  # noqa: BLE001 - only selection errors are re-raised as usage
        if type(error).__name__ in ("UsageError", "EngineSelectionError"):
            raise UsageError(str(error)) from None
        raise
    if isinstance(outcome, SuiteRun):
        return outcome
    return SuiteRun(list(outcome))  # a runner (a test's stand-in) that returns bare results


def _read_baseline(option: str | None) -> Baseline | None:
    if option is None:
        return None
    try:
        return read_baseline(Path(option))
    except BaselineError as error:
        raise UsageError(str(error)) from None


def run(args: argparse.Namespace, env: Environment) -> int:
    """Carry out ``run``.

    :return: the exit status.
    :raises UsageError: the command line cannot be carried out.
    """
    spec = spec_or_usage_error()
    selection = selection_of(spec, args.profile, args.rule, args.area, options=args.option)
    baseline = _read_baseline(args.baseline)
    output = check_output_path("--output", args.output)
    new_baseline = check_output_path("--write-baseline", args.write_baseline)
    stream = env.out if output is not None else env.err
    progress = None if args.quiet else ProgressLine(stream, live=bool(getattr(stream, "isatty", lambda: False)()))
    started = env.clock()
    ran = call_runner(env, args.engine, selection, progress)
    results = ran.results
    duration = max(0.0, env.clock() - started)
    name, version = identity_of(ran, args.engine, env)

    if new_baseline is not None:
        written = baseline_from_results(results, name, version)
        try:
            write_baseline(written, new_baseline)
        except BaselineError as error:
            raise UsageError(str(error)) from None
        env.err.write(f"wrote baseline {args.write_baseline} ({len(written.entries)} entries)\n")
        if baseline is None:
            baseline = written
    info = RunInfo(
        engine=args.engine,
        engine_name=name,
        engine_version=version,
        profiles=selection.profiles or (),
        suite_version=suite_version(),
        spec_version=spec.spec_version,
        protocol_version=protocol_version(),
        rule_globs=selection.rule_globs,
        areas=selection.areas,
        duration=duration,
    )
    report = Report(
        info=info,
        results=tuple(results),
        statements={r.id: r.statement for r in spec.rules},
        area_order=tuple(a.id for a in spec.areas),
        baseline=compare(baseline, results) if baseline is not None else None,
        baseline_file=args.baseline or args.write_baseline,
        hide_known=args.baseline is not None,
        reading=read_behaviour(results, ran.probes, ran.rule_set, spec)
        if ran.rule_set and not selection.profiles
        else None,
        rule_set={axis: ran.rule_set.describe(axis) for axis in ran.rule_set.options} if ran.rule_set else {},
        interrupted=ran.interrupted,
        planned=ran.planned,
    )
    text = FORMATS[args.format](report)
    if output is not None:
        write_output("--output", output, text)
        env.out.write(f"wrote {args.format} report {args.output}: {report.counts.describe()}\n")
    else:
        env.out.write(text)
    if ran.interrupted is not None:  # the report of the finished cases is written; the status says why it stopped
        return 143 if ran.interrupted == "SIGTERM" else 130
    return EXIT_OK if report.ok else EXIT_FAILED
