"""Run the suite through pytest and its plugin in this process, and collect each item's result.

What ``pytest --pyargs conformance.suite --sheepshead-… …`` does, with the results read from the
items themselves (:data:`conformance.plugin.RESULT`), never parsed back from a report.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from pathlib import Path

import pytest

from conformance.adapter import Adapter
from conformance.judge.results import CaseResult
from conformance.plugin import RESULT

SUITE = Path(__file__).resolve().parents[2] / "conformance" / "suite"


class _Collect:
    """A plugin object: the engine to use (an adapter object, optional) and the results."""

    def __init__(self, adapter: Adapter | None) -> None:
        if adapter is not None:
            self.sheepshead_adapter = adapter
        self.results: list[CaseResult] = []

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_teardown(self, item: pytest.Item) -> Generator[None, None, None]:
        yield
        result = item.stash.get(RESULT, None)
        if result is not None:
            self.results.append(result)


def run_pytest(engine: str | Adapter, profiles: Sequence[str] = (), *args: str) -> list[CaseResult]:
    """The results of every item of the suite run through pytest against ``engine`` (an engine
    text or an adapter object), under ``profiles`` (none: the engine's own rule set).

    :raises AssertionError: pytest did not run the suite (a usage or collection error).
    """
    collect = _Collect(engine if not isinstance(engine, str) else None)
    argv = [
        str(SUITE / "test_cases.py"),
        "-c",
        str(SUITE / "pytest.ini"),
        "--rootdir",
        str(SUITE),
        "-p",
        "no:cacheprovider",
        "-p",
        "no:hypothesispytest",
        "-p",
        "no:terminal",
        *args,
    ]
    if isinstance(engine, str):
        argv += ["--sheepshead-engine", engine]
    if profiles:
        argv += ["--sheepshead-profile", ",".join(profiles)]
    code = pytest.main(argv, plugins=[collect])
    assert code in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED), f"pytest exited with {code!r}"
    return collect.results
