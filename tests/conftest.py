"""Fixtures shared across test folders."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from conformance.judge.results import CaseResult

# The spec cache (sheepshead_spec.cache) of the tests lives in a folder of their own, never in the
# user's cache; subprocesses the tests start inherit it.
os.environ["SHEEPSHEAD_CACHE"] = tempfile.mkdtemp(prefix="sheepshead-test-cache-")


@pytest.fixture(scope="session")
def reference_full_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[CaseResult], Path]:
    """The whole suite through pytest and the plugin, every profile, the in-process reference
    engine, with a JUnit file: run once for every test that needs it."""
    from tests.harness.pytest_path import run_pytest

    xml = tmp_path_factory.mktemp("junit") / "suite.xml"
    return run_pytest("reference", ["all"], "--junitxml", str(xml)), xml


@pytest.fixture(scope="session")
def reference_run_all() -> list[CaseResult]:
    """The whole suite through the direct runner (``run_engine``), every profile, the in-process
    reference engine: run once for every test that compares another path with it."""
    from conformance.runner import run_engine

    return run_engine("reference", ["all"]).results
