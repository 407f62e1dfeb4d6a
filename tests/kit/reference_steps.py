"""The reference engine driven by its steps: a plumbing check of :class:`StepAdapter` only.

The example adapters of ``adapters/examples`` wrap stand-in engines with their own rules; this
one wraps the reference hand (:class:`conformance.engines.reference.ReferenceSteps`), so that the
whole suite passing through it shows that the step replay itself (turns, rejections, tricks,
outcome) loses nothing.
"""

from __future__ import annotations

from conformance.engines.reference import ReferenceSteps
from conformance.kit import StepAdapter

__all__ = ["ReferenceSteps", "reference_steps"]


def reference_steps() -> StepAdapter:
    """For ``--engine python:tests.kit.reference_steps:reference_steps``."""
    return StepAdapter(ReferenceSteps(), check_turn=False)  # the reference hand checks turns itself
