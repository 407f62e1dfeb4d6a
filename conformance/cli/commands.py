"""The commands of ``sheepshead-conformance``: each command's one-line summary and the module
that carries it out.

The command line imports a command's module only when that command runs, so that a quick command
(``explain``, ``rules``) does not pay for the imports of a long one (``run`` and ``matrix`` need
the pytest plugin's cases, ``fuzz`` the fuzzer, ``spec site`` a Markdown renderer). This table is
light by design: it imports nothing.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["COMMANDS", "Command", "summary"]


class Command(NamedTuple):
    """One command: the module that registers and carries it out, and its summary."""

    module: str
    summary: str


COMMANDS: dict[str, Command] = {
    "run": Command("conformance.cli.run", "run the suite against an engine and report"),
    "matrix": Command(
        "conformance.cli.matrix", "compare engines rule by rule (Markdown and HTML), from runs or saved reports"
    ),
    "check": Command("conformance.cli.check", "replay a hand record and narrate each ruling with its rule id"),
    "ask": Command("conformance.cli.ask", "rule on a question written in one line, under every axis that matters"),
    "fuzz": Command(
        "conformance.cli.fuzz", "play random hands against an engine and the reference, and report where they part"
    ),
    "smoke": Command("conformance.cli.smoke", "check a new adapter in seconds, with advice for each failure"),
    "rules": Command("conformance.cli.catalogue", "list the rules of the catalogue"),
    "explain": Command("conformance.cli.catalogue", "show one rule in full, and what tests it"),
    "mutants": Command("conformance.cli.mutants", "run the suite against mutant engines and print the mutation score"),
    "spec": Command("conformance.cli.spec", "check, render or publish the rules spec"),
}
"""Every command, in the order ``--help`` lists them."""


def summary(name: str) -> str:
    """The one-line summary of a command (its ``help`` in the command list)."""
    return COMMANDS[name].summary
