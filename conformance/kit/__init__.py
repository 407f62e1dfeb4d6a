"""The adapter kit: wrap an engine by translating, not by re-implementing results.

- :mod:`conformance.kit.steps`: an engine with a game flow as a :class:`StepEngine` (start, turn,
  legal actions, apply, result; optionally snapshot and restore); :class:`StepAdapter` makes it a
  full adapter, undoes refused actions, finds legal actions by trial (:mod:`conformance.kit.trial`)
  and reports the adapter's own mistakes as such.
- :mod:`conformance.kit.derived`: ``trick-winner``, ``card-points`` and ``score`` answered by
  replaying a hand built for the question, for an engine without those queries.
- :mod:`conformance.kit.translate`: card spellings, seat rotation, one-card burials, calls by
  suit, as small tested functions.

The kit knows engines only through :mod:`conformance.adapter`.
"""

from conformance.kit.steps import Step, StepAdapter, StepEngine, StepResult, StepTrick

__all__ = ["Step", "StepAdapter", "StepEngine", "StepResult", "StepTrick"]
