"""A static lint of feature files against the step vocabulary (:mod:`conformance.cases.steps`).

A step that two definitions match would be carried out by whichever the matcher tried first; this
lint renders every scenario (each ``Examples:`` row) and matches each step against every
definition of :mod:`conformance.cases.steps` (:mod:`conformance.cases.vocabulary`), without
running anything:

- **undefined**: no definition matches the step;
- **ambiguous**: more than one does;
- **unused** (:func:`unused_steps`): a definition no step uses.

It reads the features with pytest-bdd's feature model (the official Gherkin parser; the
dependency is pinned below 10).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from pytest_bdd.feature import get_features

from conformance.cases.vocabulary import StepDefinition, definitions_of

__all__ = ["StepUse", "lint_steps", "step_definitions", "unused_steps"]


@dataclass(frozen=True)
class StepUse:
    """One rendered step of a feature and the definitions matching it."""

    file: str
    line: int
    type: str
    text: str
    matches: tuple[str, ...]
    """The patterns of the matching definitions."""


def step_definitions() -> list[StepDefinition]:
    """The step definitions of :mod:`conformance.cases.steps` (imported here if need be)."""
    import conformance.cases.steps  # noqa: F401 - registers the definitions

    return definitions_of("conformance.cases.steps")


def _pattern(context: StepDefinition) -> str:
    return f"{context.type or '*'}: {context.parser.name}"


def step_uses(paths: Iterable[Path]) -> list[StepUse]:
    """Every rendered step of the features under ``paths`` with the definitions matching it."""
    definitions = step_definitions()
    uses: list[StepUse] = []
    for feature in get_features([str(path) for path in paths]):
        for template in feature.scenarios.values():
            contexts = [context for examples in template.examples for context in examples.as_contexts()] or [{}]
            seen: set[tuple[int, str]] = set()
            for context in contexts:
                for step in template.render(context).steps:
                    key = (step.line_number, step.name)
                    if key in seen:
                        continue
                    seen.add(key)
                    matches = tuple(
                        _pattern(d)
                        for d in definitions
                        if d.type in (None, step.type) and d.parser.is_matching(step.name)
                    )
                    uses.append(StepUse(feature.filename, step.line_number, step.type, step.name, matches))
    return uses


def lint_steps(paths: Iterable[Path]) -> list[str]:
    """Undefined and ambiguous steps of the features under ``paths``, as ``file:line: message``."""
    problems = []
    for use in step_uses(paths):
        if not use.matches:
            problems.append(f"{use.file}:{use.line}: undefined {use.type} step {use.text!r}")
        elif len(use.matches) > 1:
            problems.append(f"{use.file}:{use.line}: ambiguous {use.type} step {use.text!r} <- {list(use.matches)}")
    return problems


def unused_steps(paths: Iterable[Path]) -> list[str]:
    """The patterns of the definitions that no step of the features under ``paths`` uses."""
    used = {match for use in step_uses(paths) for match in use.matches}
    return sorted(_pattern(d) for d in step_definitions() if _pattern(d) not in used)
