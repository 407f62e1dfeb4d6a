"""``sheepshead-conformance mutants``: the suite's mutation score per rule area."""

from __future__ import annotations

import argparse

from conformance.cli.commands import summary
from conformance.cli.support import EXIT_FAILED, EXIT_OK, Environment, UsageError
from conformance.gates.mutants import MUTANTS
from conformance.gates.mutation import (
    MutantResult,
    format_mutation_report,
    format_option_report,
    run_mutants,
    run_option_discrimination,
)

__all__ = ["add_parser", "mutants"]


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``mutants``."""
    parser = commands.add_parser(
        "mutants",
        help=summary("mutants"),
        description="Run the whole suite against each mutant engine (the reference engine with one"
        " implementer's mistake) and print the share detected per rule area. Exit 1 if any mutant"
        " survives (passes every case). With --options, also check that the suite tells every"
        " option of every variant axis from the others.",
    )
    parser.add_argument("--mutant", action="append", metavar="GLOB", help="only mutants whose id matches")
    parser.add_argument("--profile", action="append", metavar="P", help="profiles to run (default: all)")
    parser.add_argument("--options", action="store_true", help="also run the option-discrimination check")
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.set_defaults(handler=mutants)


def mutants(args: argparse.Namespace, env: Environment) -> int:
    """Carry out ``mutants``."""
    if args.list:
        for mutant in MUTANTS.values():
            env.out.write(f"{mutant.id}: {mutant.description}\n")
        return EXIT_OK

    def progress(done: int, total: int, result: MutantResult) -> None:
        env.err.write(f"\r[{done}/{total}] mutants run")
        env.err.flush()

    results = run_mutants(args.profile or ["all"], args.mutant or (), progress=progress)
    env.err.write("\n")
    if not results:
        raise UsageError(f"--mutant {args.mutant} matches no mutant; see `mutants --list`")
    env.out.write(format_mutation_report(results))
    survived = any(not r.detected for r in results)
    if args.options:
        options = run_option_discrimination()
        env.out.write("\n" + format_option_report(options))
        survived = survived or any(not r.detected for r in options)
    return EXIT_FAILED if survived else EXIT_OK
