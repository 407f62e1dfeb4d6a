"""The verdict on an engine: its variants read from its behaviour, its real deviations by blamed
rule, and how much of the suite could run.

**Variants read from behaviour.** For each axis, the runs of a case that differ only in that
axis's option (judged runs and probes) are compared: where the engine's answer agrees with the
expectation of some options and not others, the case *discriminates*, and each option gets a
point for agreeing or against for disagreeing. An option with agreements and no disagreement is
one the engine's answers are consistent with.

**Deviations.** A failed case is *explained by a variant* when the same case passes under another
option of one of its axes: the engine plays that option, it does not break a rule. Every other
failure is a real deviation, counted against the rules of its first divergence only.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sheepshead_spec import Spec

from conformance.judge.ruleset import RuleSet
from conformance.judge.results import CaseResult, Status

__all__ = [
    "AxisReading",
    "Coverage",
    "Reading",
    "coverage_line",
    "coverage_of",
    "percent",
    "read_behaviour",
    "reason_kind",
]


@dataclass(frozen=True)
class AxisReading:
    """What the engine declared on one axis and what its answers are consistent with."""

    axis: str
    declared: tuple[str, ...]
    note: str | None
    agree: Mapping[str, int]
    """Option -> discriminating cases whose answer agrees with that option's expectation."""
    disagree: Mapping[str, int]
    cases: int = 0
    """Cases that depend on this axis, ran under at least one of its options and passed under
    every one tried."""
    assumed: bool = False
    """The handshake leaves the axis out: judged at its default (``declared`` holds it)."""

    @property
    def plays(self) -> tuple[str, ...]:
        """Options with agreeing and no disagreeing discriminating cases."""
        return tuple(o for o in self.agree if self.agree[o] and not self.disagree.get(o))

    @property
    def evidence(self) -> int:
        """How many discriminating cases were seen (over all options)."""
        return max(
            (self.agree.get(o, 0) + self.disagree.get(o, 0) for o in set(self.agree) | set(self.disagree)), default=0
        )

    @property
    def differs(self) -> bool:
        """Whether the behaviour contradicts the declaration: a declared option is contradicted, or
        the engine declared none of the listed options but its answers fit one."""
        if not self.declared:
            return bool(self.plays)
        return any(self.disagree.get(o) for o in self.declared)

    def describe(self) -> str:
        """``declared no-tricker=tricks; plays no-tricker=points (4/4 discriminating cases)``; an axis
        the handshake leaves out reads ``not declared, judged at schneider-line=ninety-one; …``."""
        if self.assumed:
            return self._reading(f"not declared, judged at {self.axis}={'|'.join(self.declared)} (the default)")
        declared = "|".join(self.declared) if self.declared else f"none of the listed ({self.note or 'not declared'})"
        return self._reading(f"declared {self.axis}={declared}")

    def _reading(self, declared: str) -> str:
        """``<what was declared>; <what the answers say>``."""
        if not self.evidence:
            if self.cases:
                return f"{declared}; {self.cases} cases on this axis agree under every option tried"
            return f"{declared}; no case on this axis ran"
        plays = self.plays
        if plays:
            counts = ", ".join(f"{o} {self.agree[o]}/{self.agree[o] + self.disagree.get(o, 0)}" for o in plays)
            verb = "plays" if self.differs else "consistent with"
            return f"{declared}; {verb} {self.axis}={'|'.join(plays)} ({counts} discriminating cases)"
        counts = ", ".join(
            f"{o} {self.agree.get(o, 0)}/{self.agree.get(o, 0) + self.disagree.get(o, 0)}"
            for o in sorted(set(self.agree) | set(self.disagree))
        )
        return f"{declared}; plays none of the listed options consistently ({counts})"


@dataclass(frozen=True)
class Reading:
    """The engine's variants as read from its answers, and its failures sorted."""

    axes: tuple[AxisReading, ...]
    closest: tuple[tuple[str, int], ...]
    """Named profiles closest to the read rule set: (profile, axes agreeing), best first."""
    explained: Mapping[str, str]
    """Result key of a failed case -> ``axis=option`` the engine plays there instead."""
    deviations: Mapping[str, tuple[CaseResult, ...]] = field(default_factory=dict)
    """Blamed rule -> the failed cases no variant explains."""

    def axis(self, axis: str) -> AxisReading | None:
        """The reading of one axis."""
        return next((reading for reading in self.axes if reading.axis == axis), None)


def _read(reading: AxisReading) -> tuple[str, ...]:
    """The options an axis counts for when naming the closest profiles: what the answers show
    when they single one out; where they fit several, those of them the engine declared (none:
    the axis tells the profiles apart no better than a guess, and counts for none of them)."""
    plays = reading.plays
    if len(plays) <= 1:
        return plays or reading.declared
    return tuple(option for option in reading.declared if option in plays)


def _config_without(result: CaseResult, axis: str) -> tuple[tuple[str, str], ...]:
    return tuple(pair for pair in result.config if pair[0] != axis)


def read_behaviour(results: Sequence[CaseResult], probes: Sequence[CaseResult], rules: RuleSet, spec: Spec) -> Reading:
    """Read the engine's variants from its judged runs and probes, and sort its failures."""
    runs = [r for r in (*results, *probes) if r.status in (Status.PASSED, Status.FAILED)]
    groups: dict[tuple[str, str, tuple[tuple[str, str], ...]], dict[str, bool]] = defaultdict(dict)
    for run in runs:
        for axis_id, option in run.config:
            group = groups[(axis_id, run.case_id, _config_without(run, axis_id))]
            group[option] = group.get(option, True) and run.status is Status.PASSED
    readings = []
    for axis in spec.axes:
        agree: dict[str, int] = {o.id: 0 for o in axis.options}
        disagree: dict[str, int] = {o.id: 0 for o in axis.options}
        for (group_axis, _, _), outcome in groups.items():
            if group_axis != axis.id or len(set(outcome.values())) < 2:
                continue
            for option, passed in outcome.items():
                (agree if passed else disagree)[option] += 1
        # Cases on this axis whose every run passed (a failing case agrees with no option)
        cases = len(
            {
                case
                for (group_axis, case, _), outcome in groups.items()
                if group_axis == axis.id and all(outcome.values())
            }
        )
        readings.append(
            AxisReading(
                axis.id,
                rules.plays(axis.id),
                rules.unlisted.get(axis.id),
                agree,
                disagree,
                cases,
                axis.id in rules.assumed,
            )
        )
    explained: dict[str, str] = {}
    deviations: dict[str, list[CaseResult]] = defaultdict(list)
    by_axis = {reading.axis: reading for reading in readings}
    for result in results:
        if result.status is not Status.FAILED:
            continue
        reason = next(
            (
                f"{axis}={option}"
                for axis, _ in result.config
                for option, passed in groups.get((axis, result.case_id, _config_without(result, axis)), {}).items()
                if passed
            ),
            None,
        )
        if reason is None:
            # The case has no expectation for the option the engine plays, but other cases show it
            # plays another option of one of this case's axes, which this expectation does not hold for.
            reason = next(
                (
                    f"{axis}={'|'.join(by_axis[axis].plays)}"
                    for axis, option in result.config
                    if by_axis[axis].plays and option not in by_axis[axis].plays and by_axis[axis].disagree.get(option)
                ),
                None,
            )
        if reason is not None:
            explained[result.key] = reason
            continue
        for rule in result.blamed or result.rules[:1]:
            deviations[rule].append(result)
    read = {reading.axis: _read(reading) for reading in readings}
    closest = sorted(
        (
            (profile.id, sum(spec.profile_options(profile.id)[axis] in options for axis, options in read.items()))
            for profile in spec.profiles
        ),
        key=lambda pair: -pair[1],
    )
    return Reading(
        tuple(readings),
        tuple(closest[:3]),
        explained,
        {rule: tuple(found) for rule, found in sorted(deviations.items())},
    )


@dataclass(frozen=True)
class Coverage:
    """How much of the suite ran, and why the rest did not."""

    cases: int
    """Distinct cases selected."""
    ran: int
    """Distinct cases that ran at least once (passed, failed or erred)."""
    unsupported: Mapping[str, int]
    """Reason -> distinct cases that could not run for it."""
    skipped: int
    in_part: int = 0
    """Of the cases that ran, those judged only in part: asked as queries, whatever no query shows
    (whose turn it is, the auction, a session's totals) left out, and its rules not counted."""

    @property
    def share(self) -> float:
        """The share of the selected cases that ran."""
        return self.ran / self.cases if self.cases else 1.0

    @property
    def need_options(self) -> int:
        """Cases that need an option the engine does not play (its rules rule them out)."""
        return sum(n for reason, n in self.unsupported.items() if reason_kind(reason) == "options")

    @property
    def need_capabilities(self) -> int:
        """Cases that need a capability the engine lacks."""
        return sum(n for reason, n in self.unsupported.items() if reason_kind(reason) == "capabilities")

    @property
    def allowed(self) -> int:
        """The ceiling: the cases the engine's rules and capabilities allow (neither needing an
        option it does not play or a capability it lacks, nor not applicable under its rules)."""
        return self.cases - self.need_options - self.need_capabilities - self.skipped

    def describe(self) -> str:
        """``ran 432 of the 470 cases its rules and capabilities allow (92 %), 432 of all 634 (68 %);
        164 need options it does not play``, then the reasons."""
        text = coverage_line(self.cases, self.ran, self.unsupported, self.skipped, self.in_part)
        if self.unsupported:
            groups = "; ".join(
                f"{reason}: {count:,} cases"
                for reason, count in sorted(self.unsupported.items(), key=lambda pair: (-pair[1], pair[0]))
            )
            text += f"; unsupported: {groups}"
        return text


def reason_kind(reason: str) -> str:
    """What keeps a case from running: ``options`` (an axis whose needed option the engine does not
    play), ``capabilities`` (one it lacks), or ``engine`` (it did not answer or report a value)."""
    if reason.startswith("axis "):
        return "options"
    if reason.startswith("capability ") or "lacks capability" in reason or "(capability " in reason:
        return "capabilities"
    return "engine"


def percent(part: int, whole: int) -> str:
    """A share as a whole percent, rounded down (so 99.6 % of a suite never shows as 100 %)."""
    return f"{100 * part // whole if whole else 100} %"


def coverage_line(cases: int, ran: int, unsupported: Mapping[str, int], skipped: int, in_part: int = 0) -> str:
    """The coverage against the ceiling and against the whole suite, in one line, e.g. ``ran 432
    of the 470 cases its rules and capabilities allow (91 %) and of all 634 (68 %); 164 need
    options it does not play``; with ``in_part``, how many of those that ran were judged only in
    part (asked as queries)."""
    options = sum(n for reason, n in unsupported.items() if reason_kind(reason) == "options")
    capabilities = sum(n for reason, n in unsupported.items() if reason_kind(reason) == "capabilities")
    allowed = cases - options - capabilities - skipped
    text = (
        f"ran {ran:,} of the {allowed:,} cases its rules and capabilities allow ({percent(ran, allowed)})"
        f" and of all {cases:,} ({percent(ran, cases)})"
    )
    if in_part:
        text += f", {in_part:,} of them in part, asked as queries (what no query shows left out)"
    left = [f"{options:,} need options it does not play"] if options else []
    left += [f"{capabilities:,} need capabilities it lacks"] if capabilities else []
    left += [f"{skipped:,} not applicable under its rules"] if skipped else []
    return text + ("; " + ", ".join(left) if left else "")


def coverage_of(results: Sequence[CaseResult]) -> Coverage:
    """Coverage by distinct case id."""
    ran: set[str] = set()
    whole: set[str] = set()  # ran at least once with nothing left unjudged
    unsupported: dict[str, str] = {}
    skipped: set[str] = set()
    every: set[str] = set()
    for result in results:
        every.add(result.case_id)
        if result.status in (Status.PASSED, Status.FAILED, Status.ERROR):
            ran.add(result.case_id)
            if not result.unjudged:
                whole.add(result.case_id)
        elif result.status is Status.UNSUPPORTED:
            unsupported.setdefault(result.case_id, result.reason or result.message)
        else:
            skipped.add(result.case_id)
    counts: dict[str, int] = defaultdict(int)
    for case_id, reason in unsupported.items():
        if case_id not in ran:
            counts[reason] += 1
    return Coverage(len(every), len(ran), dict(counts), len(skipped - ran - set(unsupported)), len(ran - whole))
