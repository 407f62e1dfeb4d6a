"""The reference engine driven by its steps: a plumbing check of :class:`StepAdapter` only.

The example adapters of ``adapters/examples`` wrap stand-in engines with their own rules; this
one wraps the reference hand (:class:`conformance.engines.reference.ReferenceSteps`), so that the
whole suite passing through it shows that the step replay itself (turns, rejections, tricks,
outcome) loses nothing.
"""

from __future__ import annotations

import dataclasses

from conformance.adapter import Capability, EngineInfo
from conformance.engines.protocol_adapter import ProtocolSteps
from conformance.engines.reference import ReferenceSteps
from conformance.kit import StepAdapter
from conformance.kit.steps import _QUERIES

__all__ = ["ReferenceSteps", "StepsOnly", "reference_steps"]


class StepsOnly(ProtocolSteps):
    """A protocol engine's ``start``/``apply``/``result`` answers as a step engine, its handshake
    without the query capabilities: those are answered by the protocol adapter, not by these steps
    (a :class:`StepAdapter` reports a capability declared without its callback as the adapter's
    mistake; the harness's own ``ProtocolAdapter`` only replays through the steps)."""

    def info(self) -> EngineInfo:
        base = super().info()
        queries: set[Capability] = set(_QUERIES)
        return dataclasses.replace(base, capabilities=base.capabilities - queries)


def reference_steps() -> StepAdapter:
    """For ``--engine python:tests.kit.reference_steps:reference_steps``."""
    return StepAdapter(ReferenceSteps(), check_turn=False)  # the reference hand checks turns itself
