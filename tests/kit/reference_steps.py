"""The reference engine driven by its steps: a plumbing check of :class:`StepAdapter` only.

The example adapters of ``adapters/examples`` wrap stand-in engines with their own rules; this
one wraps the reference hand (:class:`conformance.engines.reference.ReferenceSteps`), so that the
whole suite passing through it shows that the step replay itself (turns, rejections, tricks,
outcome) loses nothing.
"""

from __future__ import annotations

import dataclasses

from conformance.adapter import Capability, Deal, EngineInfo
from conformance.engines.protocol_adapter import ProtocolSteps
from conformance.engines.reference import ReferenceSteps
from conformance.kit import StepAdapter
from conformance.kit.steps import _QUERIES

__all__ = ["EXAMPLE_DEAL", "ReferenceSteps", "StepsOnly", "reference_steps"]

EXAMPLE_DEAL = Deal(
    "S5",
    {
        "S1": ("AH", "JD", "7D", "9C", "8S", "8H"),
        "S2": ("QC", "QD", "TD", "AC", "KS", "9H"),
        "S3": ("QS", "JC", "AD", "9D", "7H", "KC"),
        "S4": ("QH", "JS", "KD", "TC", "AS", "TH"),
        "S5": ("JH", "8D", "8C", "7C", "9S", "KH"),
    },
    ("TS", "7S"),
)
"""The deal of spec/examples/ordinary-win-deck.yaml (S5 deals), the kit tests' common deal."""


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
