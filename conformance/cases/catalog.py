"""The suite's cases, built once per process: every scenario row and every fixture record."""

from __future__ import annotations

import functools
from importlib.resources import files
from pathlib import Path

from sheepshead_spec import Spec, load_spec

from conformance.cases.model import Case
from conformance.cases.records import record_cases
from conformance.cases.scenarios import scenario_cases

__all__ = ["features_root", "fixtures_root", "load_cases", "suite_cases"]


def features_root() -> Path:
    """The suite's own features (package :mod:`sheepshead_features`)."""
    return Path(str(files("sheepshead_features")))


def fixtures_root() -> Path:
    """The suite's own fixtures (package :mod:`sheepshead_fixtures`)."""
    return Path(str(files("sheepshead_fixtures")))


def load_cases(features: Path | None, fixtures: Path | None, spec: Spec) -> list[Case]:
    """The cases of a features folder and a fixtures folder (either may be ``None``).

    :raises conformance.cases.scenarios.ScenarioProblems: invalid features.
    :raises conformance.cases.records.RecordCaseProblems: invalid records.
    """
    cases: list[Case] = []
    if features is not None:
        cases += scenario_cases(features, spec)
    if fixtures is not None:
        cases += record_cases(fixtures, spec)
    return cases


@functools.cache
def suite_cases() -> tuple[Case, ...]:
    """The suite's own cases (cached: cases are immutable and engine-independent)."""
    return tuple(load_cases(features_root(), fixtures_root(), load_spec()))
