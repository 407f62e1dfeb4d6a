"""``sheepshead-conformance matrix``: run several engines and compare them rule by rule.

Each engine runs under every profile (so that a difference can be matched to another profile's
option); the Markdown comparison goes to stdout or ``--output``, the HTML page to ``--html``.
Exit status 0 when the reports were made (differences are the content, not an error), 2 on a
usage or configuration error.
"""

from __future__ import annotations

import argparse

from conformance.cli_support import (
    EXIT_OK,
    Environment,
    check_output_path,
    engine_identity,
    select_areas,
    select_profiles,
    select_rules,
    selected_rule_ids,
    spec_or_usage_error,
    write_output,
)
from conformance.matrix import EngineRun, build_matrix, per_profile
from conformance.report_matrix import render_matrix_html, render_matrix_markdown
from conformance.report_text import Progress
from conformance.run_cli import add_selection_arguments, call_runner
from conformance.versions import protocol_version, suite_version

__all__ = ["add_parser", "matrix"]


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``matrix``."""
    parser = commands.add_parser(
        "matrix",
        help="compare engines rule by rule (Markdown and HTML)",
        description="Run several engines under every profile and compare them per rule: counts,"
        " and for each difference from the spec whether it matches another profile's option"
        " ('implements variant axis=option') or none ('wrong under every profile').",
    )
    parser.add_argument(
        "--engine",
        action="append",
        metavar="E",
        required=True,
        help="an engine (reference, python:MODULE:ATTR, 'cmd:COMMAND ARGS…'); repeat for each",
    )
    add_selection_arguments(
        parser, profile_help="profiles to report on, or all (default: all; repeatable)"
    )
    parser.add_argument("--output", "-o", metavar="FILE", help="write the Markdown to FILE")
    parser.add_argument("--html", metavar="FILE", help="also write a self-contained HTML page")
    parser.set_defaults(handler=matrix)


def matrix(args: argparse.Namespace, env: Environment) -> int:
    """Carry out ``matrix``.

    :return: the exit status.
    :raises UsageError: the command line cannot be carried out.
    """
    spec = spec_or_usage_error()
    every = [p.id for p in spec.profiles]
    selected = select_profiles(spec, args.profile, every)
    areas = select_areas(spec, args.area)
    globs = select_rules(spec, args.rule, areas)
    output = check_output_path("--output", args.output)
    page = check_output_path("--html", args.html)
    identities = [engine_identity(env, text) for text in args.engine]
    runs = []
    for text, (name, version) in zip(args.engine, identities):
        progress = None
        if not args.quiet:
            env.err.write(f"{text}: running under {len(every)} profiles\n")
            progress = Progress(env.err, live=bool(getattr(env.err, "isatty", lambda: False)()))
        results = call_runner(env, text, every, globs, areas, progress).results
        runs.append(EngineRun(text, name, version, per_profile(results)))
    labels = [run.label for run in runs]
    if len(set(labels)) < len(labels):  # two engines report the same identity: show the selection
        runs = [EngineRun(r.selection, f"{r.name} ({r.selection})", r.version, r.results) for r in runs]
    table = build_matrix(spec, runs, selected, selected_rule_ids(spec, globs, areas))
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
