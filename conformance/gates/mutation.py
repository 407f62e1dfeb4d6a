"""The mutation gate: run the suite against every mutant engine and report which survive.

A mutant is *detected* ("killed") when at least one case fails or errors against it; a mutant
that passes everything *survives*, which means the suite cannot tell that mistake from the
rules. ``sheepshead-conformance mutants`` prints the mutation score per rule area and exits 1
when any mutant survives, so that users who add house-rule scenarios can measure them too.
"""

from __future__ import annotations

import dataclasses
import fnmatch
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from typing import TYPE_CHECKING, Any

from conformance.adapter import Adapter, CardPointsRequest, EngineInfo
from conformance.gates.mutants import MUTANTS, Mutant
from conformance.judge.results import CaseResult, Status

__all__ = [
    "MutantResult",
    "OptionLiar",
    "OptionResult",
    "format_mutation_report",
    "format_option_report",
    "run_mutants",
    "run_option_discrimination",
]

if TYPE_CHECKING:
    from conformance.cases.model import Case
    from conformance.judge.plan import Planned

Runner = Callable[..., list[CaseResult]]


def case_loop(*, fail_fast: bool, first: Callable[[Adapter, Case], bool] | None = None) -> Runner:
    """A runner over the case loop (the plan and judge of :func:`conformance.runner.run_engine`),
    without probes; ``fail_fast`` stops at the first failing case (all a gate needs to know).

    The runner plans the suite once per rule set and profiles, for every engine it runs (a gate
    runs the same plan against many engines that declare the same rule set). With ``fail_fast``,
    the runs of the cases ``first(engine, case)`` picks go first: where the gate expects that
    engine's mistake to show, so that its first failure comes sooner. The verdict (some case fails)
    is the same in any order; only which failing case is found first may change.
    """
    plans: dict[tuple[Any, ...], tuple[Planned, ...]] = {}

    def run(engine: Adapter, profiles: Sequence[str] | None) -> list[CaseResult]:
        from sheepshead_spec import load_spec

        from conformance.judge.run import plan_all, run_planned
        from conformance.judge.selection import Selection
        from conformance.runner import handshake, install_reference_aids, select_cases

        spec = load_spec()
        selection = Selection.of(spec, profiles, (), (), need_rules=False)
        chosen = list(selection.profiles) if selection.profiles else None
        aids = install_reference_aids()
        info = handshake(engine)
        key = (
            tuple(chosen or ()),
            tuple(sorted(c.value for c in info.capabilities)),
            tuple(sorted((axis, tuple(options)) for axis, options in info.options.items())),
        )
        planned = plans.get(key)
        if planned is None:
            cases = select_cases(None, None, spec, selection)
            planned = plans[key] = tuple(plan_all(cases, info, spec, chosen, probes=False)[1])
        ordered = planned
        if fail_fast and first is not None:
            ordered = tuple(sorted(planned, key=lambda item: not first(engine, item.case)))
        results: list[CaseResult] = []
        for item in ordered:
            result = run_planned(item, engine, info, aids)
            if result.probe:
                continue
            results.append(result)
            if fail_fast and result.status in (Status.FAILED, Status.ERROR):
                break
        return results

    return run


@dataclass(frozen=True)
class MutantResult:
    """How the suite fared against one mutant."""

    mutant: Mutant
    cases: int
    killed_by: tuple[CaseResult, ...]
    """The cases that failed or errored against the mutant (empty: it survived)."""

    @property
    def detected(self) -> bool:
        return bool(self.killed_by)


def run_mutants(
    profiles: Sequence[str] = ("all",),
    mutant_globs: Sequence[str] = (),
    *,
    runner: Runner | None = None,
    progress: Callable[[int, int, MutantResult], None] | None = None,
    fail_fast: bool = False,
) -> list[MutantResult]:
    """Run the whole suite against each selected mutant (in-process; each mutant's mistake is
    patched in only while it answers a request).

    :param profiles: the profiles to run every case under (default: all of them).
    :param mutant_globs: keep only mutants whose id matches one of these patterns.
    :param runner: ``runner(engine, profiles)`` returning results (for tests); default the case
        loop (:func:`case_loop`).
    :param fail_fast: stop each mutant's run at its first failing case.
    """
    if runner is None:
        runner = case_loop(fail_fast=fail_fast, first=_in_the_mutants_area)
    selected = [
        m for m in MUTANTS.values() if not mutant_globs or any(fnmatch.fnmatchcase(m.id, g) for g in mutant_globs)
    ]
    results = []
    for index, mutant in enumerate(selected, start=1):
        cases = runner(mutant.adapter(), list(profiles))
        killers = tuple(c for c in cases if c.status in (Status.FAILED, Status.ERROR))
        result = MutantResult(mutant, len(cases), killers)
        results.append(result)
        if progress is not None:
            progress(index, len(selected), result)
    return results


def _in_the_mutants_area(engine: Adapter, case: Case) -> bool:
    """Whether the case checks a rule of the area of the engine's mistake (a mutant's)."""
    mutant = getattr(engine, "mutant", None)
    return isinstance(mutant, Mutant) and any(rule.split(".", 1)[0] == mutant.area for rule in case.rules)


def format_mutation_report(results: Sequence[MutantResult]) -> str:
    """The mutation score per rule area, then each mutant with a case that detects it."""
    lines = ["mutation score per rule area:"]
    areas: dict[str, list[MutantResult]] = {}
    for result in results:
        areas.setdefault(result.mutant.area, []).append(result)
    for area, group in areas.items():
        killed = sum(r.detected for r in group)
        lines.append(f"  {area:<10} {killed}/{len(group)} detected")
    total = sum(r.detected for r in results)
    lines.append(f"  {'all':<10} {total}/{len(results)} detected")
    lines.append("")
    for result in results:
        if result.detected:
            first = result.killed_by[0]
            lines.append(f"detected  {result.mutant.id}: {len(result.killed_by)} case(s), e.g. {first.key}")
        else:
            lines.append(f"SURVIVED  {result.mutant.id}: {result.mutant.description} (no case of {result.cases} fails)")
    return "\n".join(lines) + "\n"


class OptionLiar:
    """An engine that claims one option of an axis but implements another: every request asked
    under ``axis=claimed`` is answered under ``axis=actual``. The suite should notice."""

    def __init__(self, base: Adapter, axis: str, claimed: str, actual: str) -> None:
        self.base, self.axis, self.claimed, self.actual = base, axis, claimed, actual

    def info(self) -> EngineInfo:
        return self.base.info()

    def _swap(self, request: Any) -> Any:
        options = getattr(request, "options", None)
        if options is not None and options.get(self.axis) == self.claimed:
            return dataclasses.replace(request, options={**options, self.axis: self.actual})
        return request

    def replay(self, request: Any) -> Any:
        return self.base.replay(self._swap(request))

    def session(self, request: Any) -> Any:
        return self.base.session(self._swap(request))

    def trick_winner(self, request: Any) -> int:
        return self.base.trick_winner(self._swap(request))

    def legal_plays(self, request: Any) -> tuple[str, ...]:
        return self.base.legal_plays(self._swap(request))

    def callable_cards(self, request: Any) -> Any:
        return self.base.callable_cards(self._swap(request))

    def score(self, request: Any) -> Any:
        return self.base.score(self._swap(request))

    def card_points(self, request: CardPointsRequest) -> int:
        return self.base.card_points(request)

    def close(self) -> None:
        self.base.close()


@dataclass(frozen=True)
class OptionResult:
    """Whether the suite tells ``axis=claimed`` from an engine implementing ``axis=actual``."""

    axis: str
    claimed: str
    actual: str
    killed_by: tuple[CaseResult, ...]

    @property
    def detected(self) -> bool:
        return bool(self.killed_by)


def run_option_discrimination(*, runner: Runner | None = None, fail_fast: bool = False) -> list[OptionResult]:
    """For every axis and every ordered pair of its options, run the suite against the reference
    engine lying about that axis (:class:`OptionLiar`); each pair should be detected. The liar
    declares every option, so each case runs under every option it has an expectation for."""
    from sheepshead_spec import load_spec

    from conformance.engines.reference import ReferenceAdapter

    if runner is None:
        runner = case_loop(fail_fast=fail_fast, first=_on_the_liars_axis)
    results = []
    for axis in load_spec().axes:
        for claimed in axis.options:
            for actual in axis.options:
                if actual.id == claimed.id:
                    continue
                liar = OptionLiar(ReferenceAdapter(), axis.id, claimed.id, actual.id)
                cases = runner(liar, None)
                killers = tuple(c for c in cases if c.status in (Status.FAILED, Status.ERROR))
                results.append(OptionResult(axis.id, claimed.id, actual.id, killers))
    return results


def _on_the_liars_axis(engine: Adapter, case: Case) -> bool:
    """Whether the case depends on the axis the engine lies about (an :class:`OptionLiar`)."""
    return isinstance(engine, OptionLiar) and engine.axis in case.depends


def format_option_report(results: Sequence[OptionResult]) -> str:
    """One line per claimed/actual option pair: detected (by which case) or not."""
    lines = []
    for result in results:
        what = f"{result.axis}: claims {result.claimed}, plays {result.actual}"
        if result.detected:
            first = result.killed_by[0]
            lines.append(f"detected     {what} ({first.key})")
        else:
            lines.append(f"UNDETECTED   {what}")
    found = sum(r.detected for r in results)
    lines.append(f"{found}/{len(results)} option pairs told apart")
    return "\n".join(lines) + "\n"
