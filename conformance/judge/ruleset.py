"""The rule set an engine is judged under.

An engine declares, for each axis of ``spec/variants.yaml``, the options it plays (usually
exactly one, since most engines have fixed rules), or none of them (an empty list), with a
short note saying what it plays instead. An axis its handshake leaves out altogether (most
often one added to the spec after the engine was written) is judged at the axis's default and
never sent to it: the engine keeps being judged on the rules it has always played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sheepshead_spec import Spec

from conformance.adapter import EngineInfo

__all__ = ["RuleSet"]


@dataclass(frozen=True)
class RuleSet:
    """Options per axis (every axis of the spec present; an empty tuple: none of the listed)."""

    options: Mapping[str, tuple[str, ...]]
    unlisted: Mapping[str, str] = field(default_factory=dict)
    """Notes for the axes where none of the listed options is played."""
    defaults: Mapping[str, str] = field(default_factory=dict)
    """Each axis's default option (sent on an axis where none of the listed options is played)."""
    assumed: frozenset[str] = frozenset()
    """Axes the handshake leaves out: judged at their default, and left out of requests."""

    @classmethod
    def of_engine(cls, info: EngineInfo, spec: Spec) -> RuleSet:
        """The rule set an engine declares in its handshake (unknown options are ignored)."""
        options: dict[str, tuple[str, ...]] = {}
        assumed = set()
        for axis in spec.axes:
            if not info.names(axis.id):
                options[axis.id] = (axis.default,)
                assumed.add(axis.id)
                continue
            known = [option.id for option in axis.options]
            options[axis.id] = tuple(o for o in known if o in info.options.get(axis.id, ()))
        unlisted = {axis: note for axis, note in info.unlisted.items() if not options.get(axis)}
        for axis_id, chosen in options.items():
            if not chosen and axis_id not in unlisted:
                unlisted[axis_id] = "not declared"
        return cls(options, unlisted, {axis.id: axis.default for axis in spec.axes}, frozenset(assumed))

    def plays(self, axis: str) -> tuple[str, ...]:
        """The options played on ``axis`` (empty: none of the listed)."""
        return self.options.get(axis, ())

    def default(self, axis: str) -> str:
        """The option sent on ``axis`` when a case does not depend on it: the axis default if played,
        else the first option played, else the axis default."""
        played = self.plays(axis)
        default = self.defaults.get(axis, "")
        if default in played or not played:
            return default
        return played[0]

    def request(self, chosen: Mapping[str, str]) -> dict[str, str]:
        """The options of a request: ``chosen`` where played, the default elsewhere, for every
        axis but those the handshake leaves out."""
        return {
            axis: chosen[axis] if chosen.get(axis) in self.plays(axis) else self.default(axis)
            for axis in self.options
            if axis not in self.assumed
        }

    def describe(self, axis: str) -> str:
        """``clubs-first``, ``clubs-first|spades-first`` or ``none of the listed (note)``."""
        played = self.plays(axis)
        if axis in self.assumed:
            return f"{played[0]} (not declared: the default assumed)"
        if played:
            return "|".join(played)
        return f"none of the listed ({self.unlisted.get(axis, 'not declared')})"
