"""What every report shows about a run: who ran, under which profiles, and the counts.

Reports (:mod:`conformance.reports.report_text`, ``report_json``, ``report_junit``,
``report_markdown``) are made from a :class:`RunInfo` and a list of
:class:`~conformance.judge.results.CaseResult`:

>>> from conformance.judge.results import CaseResult, Status
>>> results = [
...     CaseResult("a", "scenario", "standard", ("play.follow-suit",), Status.PASSED),
...     CaseResult("b", "fixture", "standard", ("trick.highest-trump-wins",), Status.FAILED),
... ]
>>> counts = count(results)
>>> counts.total, counts[Status.FAILED], counts.ok
(2, 1, False)
>>> [(area, c[Status.PASSED]) for area, c in by_area(results, ("play", "trick"))]
[('play', 1), ('trick', 0)]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from conformance.judge.results import CaseResult, Status, areas_of

__all__ = [
    "STATUS_ORDER",
    "Counts",
    "RunInfo",
    "by_area",
    "count",
    "primary_area",
    "problems",
    "result_areas",
    "sorted_results",
]

STATUS_ORDER: tuple[Status, ...] = (
    Status.PASSED,
    Status.FAILED,
    Status.UNSUPPORTED,
    Status.SKIPPED,
    Status.ERROR,
)
"""The order statuses appear in tables and summaries."""

PROBLEM_STATUSES = frozenset({Status.FAILED, Status.ERROR})
"""Statuses that make a run fail (unless a baseline expects them)."""


@dataclass(frozen=True)
class RunInfo:
    """Who was run, under what, and against which versions (the header of every report)."""

    engine: str
    """The engine selection as given (``reference``, ``python:M:A``, ``cmd:…``)."""
    engine_name: str
    """The name the engine gives in its handshake."""
    engine_version: str
    """The version the engine gives in its handshake."""
    profiles: tuple[str, ...]
    """The profiles the suite ran under, in order."""
    suite_version: str
    """Version of the conformance suite (the ``sheepshead-conformance`` package)."""
    spec_version: str
    """Version of the rules spec (``spec_version`` of ``rules.yaml``)."""
    protocol_version: str
    """Version of the adapter / subprocess protocol."""
    rule_globs: tuple[str, ...] = ()
    """``--rule`` patterns of the selection (empty: every rule)."""
    areas: tuple[str, ...] = ()
    """``--area`` choices of the selection (empty: every area)."""
    duration: float = 0.0
    """Wall-clock seconds the run took."""

    @property
    def engine_label(self) -> str:
        """``name version`` as one label."""
        return f"{self.engine_name} {self.engine_version}".strip()


@dataclass(frozen=True)
class Counts(Mapping[Status, int]):
    """How many cases ended in each :class:`Status`."""

    by_status: Mapping[Status, int] = field(default_factory=dict)
    """Status -> number of cases (missing: zero)."""

    def __getitem__(self, status: Status) -> int:
        return self.by_status.get(status, 0)

    def __iter__(self) -> Iterator[Status]:
        return iter(STATUS_ORDER)

    def __len__(self) -> int:
        return len(STATUS_ORDER)

    @property
    def total(self) -> int:
        """All cases counted."""
        return sum(self.by_status.values())

    @property
    def ok(self) -> bool:
        """No case failed or erred."""
        return not any(self[s] for s in PROBLEM_STATUSES)

    def describe(self) -> str:
        """``3 passed, 1 failed`` (statuses with a zero count left out; ``no cases`` if empty)."""
        parts = [f"{self[s]} {s.value}" for s in STATUS_ORDER if self[s]]
        return ", ".join(parts) if parts else "no cases"


def count(results: Iterable[CaseResult]) -> Counts:
    """Count the results by status.

    :param results: the cases.
    :return: the counts.
    """
    values: dict[Status, int] = {}
    for result in results:
        values[result.status] = values.get(result.status, 0) + 1
    return Counts(values)


def result_areas(result: CaseResult) -> tuple[str, ...]:
    """The rule areas a case checks (its own :attr:`~CaseResult.areas`, else from its rules)."""
    return result.areas or areas_of(result.rules) or ("(no rule)",)


def primary_area(result: CaseResult, known: Sequence[str] = ()) -> str:
    """The one area a case is counted under: the area folder it lives in (``features/play/…``,
    ``fixtures/hands/scoring/…``), else the area of its first rule.

    >>> from conformance.judge.results import CaseResult, Status
    >>> primary_area(CaseResult("fixtures/hands/scoring/win.yaml", "fixture", "standard",
    ...                         ("deck.trump-cards", "scoring.win"), Status.PASSED), ["deck", "scoring"])
    'scoring'
    """
    folders = result.case_id.split("::", 1)[0].split("/")[:-1]
    for folder in folders:
        if folder in known:
            return folder
    return result_areas(result)[0]


def by_area(results: Sequence[CaseResult], order: Sequence[str] = ()) -> list[tuple[str, Counts]]:
    """Counts per rule area; each case counts once, under its :func:`primary_area`.

    :param results: the cases.
    :param order: the areas in presentation order (the spec's); other areas follow sorted.
    :return: ``(area, counts)`` for each area with a case, in that order.
    """
    grouped: dict[str, list[CaseResult]] = {}
    for result in results:
        grouped.setdefault(primary_area(result, order), []).append(result)
    rank = {area: index for index, area in enumerate(order)}
    areas = sorted(grouped, key=lambda a: (rank.get(a, len(rank)), a))
    return [(area, count(grouped[area])) for area in areas]


def _sort_key(result: CaseResult) -> tuple[str, str, str]:
    return (result.case_id, result.profile, result.status.value)


def sorted_results(results: Iterable[CaseResult]) -> list[CaseResult]:
    """The results in a stable order: by case id, then profile."""
    return sorted(results, key=_sort_key)


def problems(results: Iterable[CaseResult]) -> list[CaseResult]:
    """The failed and erred cases, in a stable order."""
    return sorted_results(r for r in results if r.status in PROBLEM_STATUSES)
