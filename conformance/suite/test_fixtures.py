"""Every fixture record of the suite (:mod:`sheepshead_fixtures`), replayed through the engine.

Hand and session records are replayed once per profile (when their ``profile``/``variants``
allow it) and every expectation present is checked (:func:`conformance.replay_checks.check_record`);
perft positions (``x-perft``) have their legal-action counts checked through replays as deep as a
budget allows (:func:`conformance.replay_checks.check_perft`). Failures name the ``file:line`` of
the offending expectation or action.
"""

from __future__ import annotations

import pytest

from conformance.adapter import Capability, Unsupported
from conformance.checks import Mismatches
from conformance.plugin import FixtureCase, fixture_record, suite_marks, suite_state
from conformance.record_plan import configuration
from conformance.replay_checks import check_perft, check_record

pytestmark = suite_marks()


def test_fixture(sheepshead_fixture_case: FixtureCase, request: pytest.FixtureRequest) -> None:
    """Replay one record under one profile and check every expectation it states."""
    state = suite_state(request.config)
    adapter, info = state.engine()
    record = fixture_record(sheepshead_fixture_case)
    profile = sheepshead_fixture_case.profile
    options = configuration(record, state.spec, profile)
    needed = Capability.SESSION if record.is_session else Capability.REPLAY
    if needed not in info.capabilities:
        raise Unsupported(f"the engine lacks capability {needed.value}")
    if "x-perft" in record.data:
        findings, _ = check_perft(record, adapter, options, info.capabilities)
        unreported: list[str] = []
    else:
        findings, unreported = check_record(record, adapter, options, profile, info.capabilities)
    if findings:
        raise Mismatches(findings)
    if unreported:
        raise Unsupported(f"the engine does not report {', '.join(unreported)}")
