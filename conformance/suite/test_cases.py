"""The conformance suite as one pytest test: every planned run of every case is one item.

The plugin (:mod:`conformance.plugin`) plans the runs the way ``sheepshead-conformance run`` does
and parametrizes ``sheepshead_run`` with them; each item is judged by the case loop's own function.
Run it with ``pytest --pyargs conformance.suite``.
"""

from __future__ import annotations

import pytest

from conformance.plugin import Broken, judge_item
from conformance.judge.plan import Planned


def test_case(sheepshead_run: Planned | Broken, request: pytest.FixtureRequest) -> None:
    """One planned run of one case, judged against the engine under test."""
    judge_item(request, sheepshead_run)
