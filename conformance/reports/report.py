"""A finished run, as every report format sees it.

:class:`Report` bundles the :class:`~conformance.judge.summary.RunInfo`, the case results, the rule
statements (so failures can quote the rule) and, with ``--baseline``, the comparison with the
baseline. Its :attr:`Report.ok` decides the exit status of ``run``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from conformance.judge.baseline import BaselineComparison
from conformance.judge.verdict import Coverage, Reading, coverage_of
from conformance.judge.results import CaseResult, Status
from conformance.judge.summary import Counts, RunInfo, by_area, count, problems

__all__ = ["Report"]


@dataclass(frozen=True)
class Report:
    """Everything a report format needs."""

    info: RunInfo
    """The header: engine, profiles, versions."""
    results: tuple[CaseResult, ...]
    """Every case, as run."""
    statements: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Rule id -> normative statement, from the spec."""
    area_order: tuple[str, ...] = ()
    """The spec's areas, in presentation order."""
    baseline: BaselineComparison | None = None
    """The comparison with ``--baseline``, if one was given."""
    baseline_file: str | None = None
    """The ``--baseline`` file name."""
    hide_known: bool = True
    """Leave the baseline's known failures out of the failure list (off when the baseline was
    just written from this run, so that what it records is shown)."""
    reading: Reading | None = None
    """The engine's variants read from its behaviour (runs under its own rule set)."""
    rule_set: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Axis -> what the engine declared (``clubs-first`` or ``none of the listed (…)``)."""
    interrupted: str | None = None
    """``SIGINT``/``SIGTERM`` when the run was stopped early: the report covers the finished cases."""
    planned: int = 0
    """The judged runs planned (the report holds :attr:`results` of them)."""

    MINIMUM_COVERAGE = 0.5
    """Below this share of the selected cases run, a passing run is reported as incomplete."""

    @property
    def coverage(self) -> Coverage:
        """How many distinct cases ran, and why the others did not."""
        return coverage_of(self.results)

    def not_applicable_reasons(self) -> list[tuple[str, int]]:
        """Why cases did not apply, with how many distinct cases each reason kept out, most first."""
        ran = {r.case_id for r in self.results if r.status not in (Status.SKIPPED, Status.UNSUPPORTED)}
        by_reason: dict[str, set[str]] = {}
        for result in self.results:
            if result.status is Status.SKIPPED and result.case_id not in ran:
                by_reason.setdefault(result.reason or result.message, set()).add(result.case_id)
        return sorted(((reason, len(ids)) for reason, ids in by_reason.items()), key=lambda pair: (-pair[1], pair[0]))

    @property
    def verdict(self) -> str:
        """``PASSED``, ``FAILED``, ``INCOMPLETE`` (nothing failed, but under half the cases ran), or
        ``INTERRUPTED`` (stopped by a signal before the end)."""
        if self.interrupted is not None:
            return "INTERRUPTED"
        if not self.ok:
            return "FAILED"
        if self.results and self.coverage.share < self.MINIMUM_COVERAGE:
            return "INCOMPLETE"
        return "PASSED"

    @property
    def explained(self) -> list[CaseResult]:
        """Failed cases explained by a variant the engine plays (not by a broken rule)."""
        if self.reading is None:
            return []
        return [r for r in self.results if r.status is Status.FAILED and r.key in self.reading.explained]

    @property
    def shown_problems(self) -> list[CaseResult]:
        """The failed and erred cases a report lists: all, or those the baseline does not know."""
        if self.baseline is None or not self.hide_known:
            return self.problems
        known = {r.key for r in self.baseline.expected}
        return [r for r in self.problems if r.key not in known]

    @property
    def counts(self) -> Counts:
        """The counts over all cases."""
        return count(self.results)

    @property
    def areas(self) -> list[tuple[str, Counts]]:
        """Counts per rule area, in the spec's order."""
        return by_area(self.results, self.area_order)

    @property
    def problems(self) -> list[CaseResult]:
        """Failed and erred cases, in a stable order."""
        return problems(self.results)

    @property
    def ok(self) -> bool:
        """Whether the run passes: nothing failed, or nothing beyond the baseline changed."""
        return self.baseline.ok if self.baseline is not None else self.counts.ok

    def statement(self, rule_id: str) -> str:
        """The rule's statement, or a note that the spec has no such rule."""
        return self.statements.get(rule_id, "(no such rule in the spec)")
