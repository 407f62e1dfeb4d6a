"""The whole conformance suite passes against the reference engine under every profile, both
in-process and through the subprocess protocol (``python -m reference_impl``), case for case."""

from __future__ import annotations

import shlex
import sys
from collections import Counter

import pytest

from conformance.judge.results import CaseResult, Status
from conformance.runner import run_engine


def _problems(results: list[CaseResult]) -> str:
    bad = [r for r in results if r.status in (Status.FAILED, Status.ERROR, Status.UNSUPPORTED)]
    return "\n".join(f"{r.status} {r.key}: {r.message} {r.detail}" for r in bad[:20])


@pytest.fixture(scope="module")
def in_process(reference_full_run: tuple[list[CaseResult], object, object]) -> list[CaseResult]:
    return reference_full_run[0]


def test_every_case_passes_in_process(in_process: list[CaseResult]) -> None:
    counts = Counter(r.status for r in in_process)
    assert counts[Status.PASSED] > 1000
    assert set(counts) <= {Status.PASSED, Status.SKIPPED}, _problems(in_process)
    # A skipped case is one that does not apply under that profile, never an unsupported one.
    assert all(r.message.startswith("not applicable") for r in in_process if r.status is Status.SKIPPED)


def test_every_case_passes_through_the_subprocess_protocol(reference_run_all: list[CaseResult]) -> None:
    """Case for case, the same results over the wire as in-process, by the direct runner (the
    pytest plugin's own run of a subprocess engine is tested in tests/harness/test_plugin.py)."""
    command = f"cmd:{shlex.join([sys.executable, '-m', 'reference_impl'])}"
    over_the_wire = run_engine(command, ["all"]).results
    in_process = reference_run_all
    assert set(r.status for r in over_the_wire) <= {Status.PASSED, Status.SKIPPED}, _problems(list(over_the_wire))
    assert len(over_the_wire) > 700
    assert [(r.key, r.status) for r in over_the_wire] == [(r.key, r.status) for r in in_process]
