"""Fixtures shared across test folders."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from conformance.judge.results import CaseResult
from conformance.runner import run_suite

# The spec cache (sheepshead_spec.cache) of the tests lives in a folder of their own, never in the
# user's cache; subprocesses the tests start inherit it.
os.environ["SHEEPSHEAD_CACHE"] = tempfile.mkdtemp(prefix="sheepshead-test-cache-")


@pytest.fixture(scope="session")
def reference_full_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[CaseResult], Path, list[tuple[int, int]]]:
    """The whole suite through the pytest plugin, every profile, the in-process reference engine,
    with a JUnit file and the progress calls: run once (about 25 s) for every test that needs it."""
    xml = tmp_path_factory.mktemp("junit") / "suite.xml"
    calls: list[tuple[int, int]] = []
    results = run_suite("reference", ["all"], [], [], progress=lambda done, total, _: calls.append((done, total)),
                        extra_args=["--junitxml", str(xml)])  # fmt: skip
    return results, xml, calls
