"""How a step definition is declared: a plain function, its keyword and its pattern.

The step vocabulary (:mod:`conformance.cases.steps`) is a list of plain functions, each
registered here with ``@given(...)``, ``@when(...)`` or ``@then(...)``. The case loop
(:mod:`conformance.cases.scenarios`) matches each rendered Gherkin step against them once and
calls the function with the scenario's table and the step's typed fields; the lint
(:mod:`conformance.cases.steplint`) checks that every step matches exactly one. Nothing here
knows pytest: a pattern is a ``parse`` expression (``{seat:Seat} deals:``) with the suite's
typed fields, or an exact text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

import parse  # type: ignore[import-untyped]  # no stubs; its API here: compile, parse, Result.named

__all__ = ["StepDefinition", "StepPattern", "definitions_of", "given", "then", "when"]

_F = TypeVar("_F", bound=Callable[..., None])


class StepPattern:
    """A step text pattern: a ``parse`` expression with typed fields (``extra_types``), or, given
    without fields, an exact text."""

    def __init__(self, name: str, extra_types: Mapping[str, Callable[[str], object]] | None = None) -> None:
        self.name = name
        self._parser = parse.compile(name, extra_types=dict(extra_types or {}))

    def is_matching(self, text: str) -> bool:
        """Whether the whole of ``text`` matches the pattern."""
        try:
            return self._parser.parse(text) is not None
        except ValueError:  # a typed field's converter refused the text
            return False

    def parse_arguments(self, text: str) -> dict[str, Any]:
        """The typed fields of a matching ``text``, by name."""
        found = self._parser.parse(text)
        return dict(found.named) if isinstance(found, parse.Result) else {}


@dataclass(frozen=True)
class StepDefinition:
    """One step definition: the keyword it answers (``given``, ``when``, ``then``), its pattern and
    the plain function carrying it out."""

    type: str
    parser: StepPattern
    step_func: Callable[..., None]
    converters: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)


_REGISTERED: list[StepDefinition] = []


def _register(kind: str, pattern: str | StepPattern) -> Callable[[_F], _F]:
    parser = pattern if isinstance(pattern, StepPattern) else StepPattern(pattern)

    def register(function: _F) -> _F:
        _REGISTERED.append(StepDefinition(kind, parser, function))
        return function

    return register


def given(pattern: str | StepPattern) -> Callable[[_F], _F]:
    """Register a ``Given`` step definition (the function is returned unchanged)."""
    return _register("given", pattern)


def when(pattern: str | StepPattern) -> Callable[[_F], _F]:
    """Register a ``When`` step definition."""
    return _register("when", pattern)


def then(pattern: str | StepPattern) -> Callable[[_F], _F]:
    """Register a ``Then`` step definition."""
    return _register("then", pattern)


def definitions_of(module: str) -> list[StepDefinition]:
    """The step definitions registered by the functions of ``module``, in the order declared."""
    return [d for d in _REGISTERED if getattr(d.step_func, "__module__", "") == module]
