"""The dependence gate: a case's expected result must not change on an axis it does not list.

For every case, every combination of the options it has expectations for, and two bases (every
other axis at its default, and every other axis at another option), each axis the case does not
list is flipped to each of its other options; the reference engine must still pass the case. A
case that fails after a flip depends on that axis without saying so: under an engine playing that
option it would be judged against the wrong expectation.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass

from sheepshead_spec import Spec

from conformance.adapter import Adapter, EngineInfo
from conformance.cases.model import Case, Config, Verdict

__all__ = ["HiddenDependence", "hidden_dependence"]


@dataclass(frozen=True)
class HiddenDependence:
    """A case whose reference answer changes on an axis it does not list."""

    case: str
    location: str
    axis: str
    option: str
    base: tuple[tuple[str, str], ...]
    message: str

    def __str__(self) -> str:
        base = ", ".join(f"{a}={o}" for a, o in self.base)
        return (
            f"{self.location}: {self.case} depends on axis {self.axis} (fails under {self.axis}={self.option}, "
            f"from {base}): {self.message}; list the axis (a tag @{self.axis}:<option>, or 'variants' / a "
            "variant table in a record)"
        )


def _passes(case: Case, adapter: Adapter, info: EngineInfo, options: dict[str, str]) -> tuple[bool, str]:
    return _run(case, adapter, info, options)[:2]


def _run(
    case: Case,
    adapter: Adapter,
    info: EngineInfo,
    options: dict[str, str],
    consulted: Callable[[], AbstractContextManager[set[str]]] | None = None,
) -> tuple[bool, str, set[str] | None]:
    """Whether the reference passes the case under ``options``, why not, and (when the adapter
    can tell, ``consulted``) the axes the engine read on the way."""
    if consulted is not None:
        with consulted() as read:
            ok, message, _ = _run(case, adapter, info, options)
        return ok, message, set(read)
    outcome = case.run(adapter, info, Config(options, options))
    if outcome.error is not None or outcome.suite_error is not None or outcome.unsupported is not None:
        return False, str(outcome.error or outcome.suite_error or outcome.unsupported), None
    divergence = outcome.divergence
    if divergence is not None and divergence.verdict is Verdict.DIFFERS:
        return False, f"{divergence.label}: expected {divergence.expected}, got {divergence.actual}", None
    return True, "", None


def _bases(case: Case, spec: Spec) -> Iterable[dict[str, str]]:
    axes = sorted(case.depends)
    defaults = {axis.id: axis.default for axis in spec.axes}
    others = {axis.id: next(o.id for o in axis.options if o.id != axis.default) for axis in spec.axes}
    for combo in itertools.product(*(sorted(case.depends[axis]) for axis in axes)):
        chosen = dict(zip(axes, combo, strict=True))
        yield {**defaults, **chosen}
        yield {**others, **chosen}


def hidden_dependence(
    cases: Sequence[Case], adapter: Adapter, info: EngineInfo, spec: Spec, *, first_only: bool = False
) -> list[HiddenDependence]:
    """Every (case, axis) where the reference's answer changes on an axis the case does not list.

    :param first_only: stop at the first finding (a gate that only needs to fail).

    An adapter with a ``consulted_axes()`` context manager (the reference) says which axes a run
    read; an axis the base run never read cannot change it, so only the axes it read are flipped.
    """
    consulted = getattr(adapter, "consulted_axes", None)
    found: list[HiddenDependence] = []
    for case in cases:
        if not case.requires <= {c.value for c in info.capabilities}:
            continue
        reported: set[str] = set()
        for base in _bases(case, spec):
            ok, message, read = _run(case, adapter, info, base, consulted)
            if not ok:
                if not reported:  # the default base passed: some axes at other options break the case
                    unlisted = sorted(a for a in base if a not in case.depends)
                    found.append(
                        HiddenDependence(
                            case.id,
                            case.location,
                            " / ".join(unlisted),
                            "any other option",
                            tuple(sorted((a, o) for a, o in base.items() if a in case.depends)),
                            message,
                        )
                    )
                    if first_only:
                        return found
                continue
            for axis in spec.axes:
                if axis.id in case.depends or axis.id in reported or (read is not None and axis.id not in read):
                    continue
                for option in axis.options:
                    if option.id == base[axis.id]:
                        continue
                    ok, message = _passes(case, adapter, info, {**base, axis.id: option.id})
                    if not ok:
                        reported.add(axis.id)
                        shown = tuple(sorted((a, o) for a, o in base.items() if a in case.depends))
                        found.append(HiddenDependence(case.id, case.location, axis.id, option.id, shown, message))
                        if first_only:
                            return found
                        break
    return found
