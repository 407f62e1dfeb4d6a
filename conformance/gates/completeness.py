"""The option-completeness gate: every case speaks to every rule set.

A case that depends on a variant axis must carry an expectation for every option of that axis,
and for every combination of options of all the axes it depends on, or say, for the options
that make it impossible, why it does not apply (``Given under AXIS=OPTION the scenario does not
apply: …``; a record's ``not_applicable``). Otherwise an engine that plays the missing option
never meets the case, and whatever bug hides there stays hidden. A record's variant table
(``by: AXIS``) must list every option of its axis or an ``otherwise``, or the field goes
unchecked under the options it leaves out.

``python -m conformance.gates.completeness [PATH …]`` lists the gaps of the suite (or of the cases
under the given paths): one line per case, with the combinations it has no word for.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sheepshead_spec import Spec

from conformance.cases.model import Case

__all__ = ["Gap", "case_gaps", "table_gaps"]


@dataclass(frozen=True)
class Gap:
    """A case without a word for some options."""

    case_id: str
    location: str
    missing: tuple[Mapping[str, str], ...]
    """The combinations (of the case's axes) with neither an expectation nor a reason."""

    def __str__(self) -> str:
        shown = [", ".join(f"{a}={o}" for a, o in sorted(combo.items())) for combo in self.missing[:6]]
        more = f" and {len(self.missing) - 6} more" if len(self.missing) > 6 else ""
        return f"{self.location}: {self.case_id}: no expectation for {'; '.join(shown)}{more}"


def case_gaps(cases: Iterable[Case], spec: Spec) -> list[Gap]:
    """Every case lacking an expectation (or a reason) for some combination of its axes' options."""
    every = {axis.id: sorted(option.id for option in axis.options) for axis in spec.axes}
    gaps: list[Gap] = []
    for case in cases:
        axes = sorted(case.axis_options())
        missing = []
        for combo in itertools.product(*(every[axis] for axis in axes)):
            chosen = dict(zip(axes, combo, strict=True))
            if not case.covers(chosen) and case.not_applicable(chosen) is None:
                missing.append(chosen)
        if missing:
            gaps.append(Gap(case.id, case.location, tuple(_fold(missing, axes, every))))
    return gaps


def _fold(
    missing: Sequence[dict[str, str]], axes: Sequence[str], every: Mapping[str, Sequence[str]]
) -> list[dict[str, str]]:
    """The missing combinations, an axis left out where every option of it is missing alike."""
    out = [dict(combo) for combo in missing]
    for axis in axes:
        groups: dict[tuple[tuple[str, str], ...], list[dict[str, str]]] = {}
        for combo in out:
            groups.setdefault(tuple(sorted((a, o) for a, o in combo.items() if a != axis)), []).append(combo)
        folded: list[dict[str, str]] = []
        for rest, combos in groups.items():
            if axis in combos[0] and sorted(c[axis] for c in combos) == sorted(every[axis]):
                folded.append(dict(rest))
            else:
                folded.extend(combos)
        out = folded
    return out


def table_gaps(expect: Any, spec: Spec, path: str = "expect") -> list[str]:
    """The variant tables of a record's ``expect`` that leave options out without ``otherwise``."""
    every = {axis.id: [option.id for option in axis.options] for axis in spec.axes}
    found: list[str] = []
    if isinstance(expect, Mapping):
        by = expect.get("by")
        if isinstance(by, str) and by in every and "otherwise" not in expect:
            left = [option for option in every[by] if option not in expect]
            if left:
                found.append(f"{path}: table by {by} has no value for {', '.join(left)} (and no otherwise)")
        for key, value in expect.items():
            found += table_gaps(value, spec, f"{path}.{key}")
    elif isinstance(expect, list):
        for index, value in enumerate(expect):
            found += table_gaps(value, spec, f"{path}[{index}]")
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """List the gaps (of the cases whose location starts with one of the paths given)."""
    from sheepshead_spec import load_spec

    from conformance.cases.catalog import suite_cases

    paths = list(sys.argv[1:] if argv is None else argv)
    spec = load_spec()
    cases = [c for c in suite_cases() if not paths or any(c.location.startswith(p) for p in paths)]
    gaps = case_gaps(cases, spec)
    for gap in gaps:
        print(gap)
    print(f"{len(gaps)} of {len(cases)} cases lack an expectation for some options")
    return 1 if gaps else 0


if __name__ == "__main__":
    raise SystemExit(main())
