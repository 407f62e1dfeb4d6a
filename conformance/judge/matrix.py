"""The engine matrix: per rule and engine, how the engine fares and what its differences mean.

**An engine judged under its own rule set** (the default of ``run`` and ``matrix``): a failed case
counts only against the rules of its first divergence (:attr:`CaseResult.blamed`). A failure the
engine's variants read from its behaviour explain (``explained``: the same case passes under
another option of one of its axes) is a **variant** ``axis=option``; every other one is **wrong
under every reading**. One bug makes one red row.

**An engine run under named profiles** (``--profile``): each engine is run under *every* profile. For the selected profiles, a cell counts the cases of
one rule by status. For each selected profile P under which the engine fails a rule, the matrix
looks for another profile Q under which the engine passes that rule (at least one case passed,
none failed or erred): then the engine **implements a variant**, named by the axes on which Q
differs from P; otherwise it is **wrong under every profile**. Among several such Q it prefers,
in order: one under which P's failing cases themselves ran and passed; one differing from P on
an axis of the rule (then only those axes are named); the one differing on fewest axes.

>>> from conformance.judge.results import CaseResult, Status
>>> from sheepshead_spec import load_spec
>>> spec = load_spec()
>>> rule = "ranking.trump-order"
>>> results = [
...     CaseResult("jacks-clubs-first", "scenario", "standard", (rule,), Status.FAILED),
...     CaseResult("jacks-clubs-first", "scenario", "translated-article", (rule,), Status.SKIPPED),
...     CaseResult("jacks-spades-first", "scenario", "translated-article", (rule,), Status.PASSED),
... ]
>>> cell = classify(spec, results, rule, ["standard"])
>>> cell.differences[0].describe()
'implements variant jack-order=spades-first (passes as under translated-article)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from sheepshead_spec import Spec

from conformance.judge.results import CaseResult, Status
from conformance.judge.summary import Counts, count

__all__ = [
    "WRONG_OWN",
    "WRONG_PROFILES",
    "Cell",
    "Difference",
    "EngineRun",
    "Matrix",
    "build_matrix",
    "classify",
    "classify_own",
    "per_profile",
]

WRONG_OWN = "wrong under every reading"
"""A failure no option of the case's axes explains (engine judged under its own rule set)."""
WRONG_PROFILES = "wrong under every profile"
"""A failure that passes under no other named profile (engine run under named profiles)."""


@dataclass(frozen=True)
class Difference:
    """Where an engine departs from the spec's answer for one rule under one profile."""

    profile: str
    """The profile P under which the engine fails the rule (empty: under its own rule set)."""
    failing: tuple[str, ...]
    """The failing (or erred) case ids under P."""
    like: str | None = None
    """A profile Q under which the engine passes the rule (``None``: wrong under every profile)."""
    variants: tuple[tuple[str, str], ...] = ()
    """``(axis, option)`` choices of Q that differ from P."""

    @property
    def is_variant(self) -> bool:
        """Whether the difference matches another profile's option."""
        return self.like is not None

    def describe(self) -> str:
        """``implements variant axis=option (passes as under Q)`` or ``wrong under every profile``;
        under the engine's own rule set (``profile`` empty): ``plays variant axis=option`` or
        ``wrong under every reading``."""
        if not self.profile:
            if self.like is None:
                return WRONG_OWN
            return "plays variant " + ", ".join(f"{axis}={option}" for axis, option in self.variants)
        if self.like is None:
            return WRONG_PROFILES
        choice = ", ".join(f"{axis}={option}" for axis, option in self.variants)
        return f"implements variant {choice} (passes as under {self.like})"


@dataclass(frozen=True)
class Cell:
    """One engine and one rule, over the selected profiles."""

    counts: Counts
    differences: tuple[Difference, ...] = ()

    @property
    def verdict(self) -> str:
        """``none`` (no case), ``pass``, ``unsupported``, ``error``, ``variant`` or ``wrong``."""
        c = self.counts
        if c.total == 0 or c.total == c[Status.SKIPPED]:
            return "none"
        if any(not d.is_variant for d in self.differences):
            return "wrong"
        if self.differences:
            return "variant"
        if c[Status.ERROR]:
            return "error"
        if c[Status.PASSED] == 0 and c[Status.UNSUPPORTED]:
            return "unsupported"
        return "pass"


@dataclass(frozen=True)
class EngineRun:
    """One engine's results: under its own rule set, or under every named profile."""

    selection: str
    name: str
    version: str
    results: tuple[CaseResult, ...]
    own_rule_set: bool = False
    """Judged under the rule set the engine declares (else: under every named profile)."""
    rule_set: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Axis -> what the engine declared."""
    axes: tuple[str, ...] = ()
    """Per axis, what was declared and what the answers are consistent with (one line each)."""
    differing_axes: tuple[str, ...] = ()
    """The lines of :attr:`axes` where the behaviour contradicts the declaration."""
    closest: tuple[tuple[str, int], ...] = ()
    """Named profiles closest to the rule set read from behaviour: (profile, axes agreeing)."""
    explained: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Result key of a failed case -> the ``axis=option`` the engine plays there instead."""
    verdict: str = ""
    source: str = ""
    """Where the results come from: ``ran`` or the saved report's file name."""

    @property
    def label(self) -> str:
        """``name version``."""
        return f"{self.name} {self.version}".strip()

    def deviations(self) -> dict[str, list[CaseResult]]:
        """Blamed rule -> the failed and erring cases no variant explains, in the spec's case order."""
        out: dict[str, list[CaseResult]] = {}
        for result in self.results:
            if result.status not in (Status.FAILED, Status.ERROR) or result.key in self.explained:
                continue
            for rule in result.blamed or result.rules[:1]:
                out.setdefault(rule, []).append(result)
        return out


@dataclass(frozen=True)
class Matrix:
    """Rules × engines."""

    engines: tuple[EngineRun, ...]
    profiles: tuple[str, ...]
    """The selected profiles the counts are over."""
    rules: tuple[str, ...]
    """Rules with at least one case, in the spec's order."""
    cells: Mapping[tuple[int, str], Cell]
    """``(engine index, rule id)`` -> cell."""
    uncovered: tuple[str, ...]
    """Rules of the selection with no case in any engine's run."""

    def cell(self, engine: int, rule: str) -> Cell:
        """The cell of an engine and a rule."""
        return self.cells.get((engine, rule), Cell(Counts()))


def per_profile(results: Sequence[CaseResult]) -> tuple[CaseResult, ...]:
    """One result per profile: a case run once for several profiles (it does not depend on the
    axes where they differ) stands for each of them."""
    return tuple(replace(r, profile=p) for r in results for p in (r.profiles or (r.profile,)))


def _checks(result: CaseResult, rule: str) -> bool:
    """Whether ``result`` counts for ``rule``: a failed case only for the rules of its first
    divergence, so that one bug makes one red row."""
    if result.status is Status.FAILED and result.blamed:
        return rule in result.blamed
    return rule in result.rules


def _passes(results: Sequence[CaseResult]) -> bool:
    statuses = {r.status for r in results}
    return Status.PASSED in statuses and not statuses & {Status.FAILED, Status.ERROR}


def classify(spec: Spec, results: Sequence[CaseResult], rule: str, selected: Sequence[str]) -> Cell:
    """The cell of one engine and one rule.

    :param spec: the catalogue (profiles and the rule's axes).
    :param results: the engine's results under every profile.
    :param rule: the rule id.
    :param selected: the profiles to count and to classify.
    :return: counts over ``selected`` and one :class:`Difference` per profile with failures.
    """
    mine = [r for r in results if _checks(r, rule)]
    by_profile: dict[str, list[CaseResult]] = {}
    for result in mine:
        by_profile.setdefault(result.profile, []).append(result)
    rule_axes = set(spec.rule(rule).axes) if rule in {r.id for r in spec.rules} else set()
    order = [p.id for p in spec.profiles]
    options = {p: spec.profile_options(p) for p in order}
    differences = []
    for profile in selected:
        failing = tuple(sorted({r.case_id for r in by_profile.get(profile, []) if r.status is Status.FAILED}))
        if not failing:
            continue
        ranked = []
        for other in order:
            if other == profile or not _passes(by_profile.get(other, [])):
                continue
            passed = {r.case_id for r in by_profile[other] if r.status is Status.PASSED}
            evidence = 0 if passed.issuperset(failing) else 1
            differ = [a for a in options[other] if options[other][a] != options[profile].get(a)]
            relevant = [a for a in differ if a in rule_axes]
            shown = relevant or differ
            rank = (evidence, 0 if relevant else 1, len(differ), order.index(other))
            ranked.append((rank, other, shown))
        if ranked:
            _, like, axes = min(ranked)
            variants = tuple((a, options[like][a]) for a in axes)
            differences.append(Difference(profile, failing, like, variants))
        else:
            differences.append(Difference(profile, failing))
    counted = [r for r in mine if r.profile in selected]
    return Cell(count(counted), tuple(differences))


def classify_own(results: Sequence[CaseResult], rule: str, explained: Mapping[str, str]) -> Cell:
    """The cell of one engine judged under its own rule set, for one rule: failures blamed on the
    rule that a variant explains are ``plays variant …``; the rest are wrong under every reading."""
    mine = [r for r in results if _checks(r, rule)]
    wrong = sorted({r.case_id for r in mine if r.status is Status.FAILED and r.key not in explained})
    variants: dict[str, list[str]] = {}
    for result in mine:
        if result.status is Status.FAILED and result.key in explained:
            variants.setdefault(explained[result.key], []).append(result.case_id)
    differences = [Difference("", tuple(wrong))] if wrong else []
    for reason, cases in sorted(variants.items()):
        axis, _, option = reason.partition("=")
        differences.append(Difference("", tuple(sorted(set(cases))), "its own behaviour", ((axis, option),)))
    return Cell(count(mine), tuple(differences))


def build_matrix(
    spec: Spec,
    engines: Sequence[EngineRun],
    selected: Sequence[str],
    rule_ids: Sequence[str] | None = None,
) -> Matrix:
    """Classify every rule for every engine.

    :param spec: the catalogue.
    :param engines: each engine's results, under its own rule set or under every profile.
    :param selected: the profiles to report on (for engines run under named profiles).
    :param rule_ids: the rules of the selection (default: every rule): only these get a row, and
        those without a case are listed as uncovered.
    """
    cells: dict[tuple[int, str], Cell] = {}
    seen: set[str] = set()
    wanted = list(rule_ids) if rule_ids is not None else [r.id for r in spec.rules]
    for index, engine in enumerate(engines):
        rules = {rule for r in engine.results for rule in r.rules}
        if rule_ids is not None:  # a case selected for one rule may check others too: leave those out
            rules &= set(rule_ids)
        seen |= rules
        for rule in rules:
            if engine.own_rule_set:
                cells[(index, rule)] = classify_own(engine.results, rule, engine.explained)
            else:
                cells[(index, rule)] = classify(spec, engine.results, rule, selected)
    ordered = [r.id for r in spec.rules if r.id in seen]
    ordered += sorted(seen - set(ordered))
    covered = [
        rule
        for rule in ordered
        if any(cells[(i, rule)].verdict != "none" for i in range(len(engines)) if (i, rule) in cells)
    ]
    uncovered = tuple(rule for rule in wanted if rule not in covered)
    return Matrix(tuple(engines), tuple(selected), tuple(covered), cells, uncovered)
