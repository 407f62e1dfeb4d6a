"""Every fixture record of the suite (:mod:`sheepshead_fixtures`), replayed through the engine.

Each record is run as the suite's own case (:func:`conformance.cases.records.record_case`), the
judge ``run`` and ``check`` use: hand and session records are replayed once per profile (their
``variants`` on top) and every expectation present is checked in the order the hand happened;
perft positions (``x-perft``) have their legal-action counts checked through replays as deep as a
budget allows. A failure is headed by the first divergence, at the ``file:line`` of the offending
expectation or action.
"""

from __future__ import annotations

import pytest

from conformance.cases.model import Config
from conformance.plugin import FixtureCase, fixture_case, fixture_record, raise_for, suite_marks, suite_state
from conformance.cases.record_plan import configuration

pytestmark = suite_marks()


def test_fixture(sheepshead_fixture_case: FixtureCase, request: pytest.FixtureRequest) -> None:
    """Replay one record under one profile and check every expectation it states."""
    state = suite_state(request.config)
    adapter, info = state.engine()
    options = configuration(fixture_record(sheepshead_fixture_case), state.spec, sheepshead_fixture_case.profile)
    raise_for(fixture_case(sheepshead_fixture_case).run(adapter, info, Config(options, options)))
