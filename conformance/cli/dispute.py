"""The rule-dispute tool behind ``sheepshead-conformance check``: replay a record through an
engine under one or every profile, and find the variant axis behind each difference.

:func:`replay_record` runs the record as the suite's own case (``replay`` for a hand record,
``session`` for a session record), so ``check`` and ``run`` judge it with the same code. :func:`compare_profiles` replays it under every profile and,
for each profile whose result differs from ``standard``'s, replays ``standard`` with one axis
switched at a time (then two) to name the axis responsible.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sheepshead_spec import Spec, load_spec
from sheepshead_spec.record_actions import (
    HandPlan,
    LoadedRecord,
    configuration,
    plan_hands,
)

from conformance.adapter import Adapter, EngineInfo, HandOutcome, ReplayResponse, SessionResponse
from conformance.cases.model import Case, CaseRun, Config
from conformance.cases.narrate import signed
from conformance.cases.records import not_applicable
from conformance.judge.results import Status
from conformance.judge.ruleset import RuleSet
from conformance.judge.run import status_of

__all__ = ["ProfileRow", "Replay", "compare_profiles", "replay_record"]


@dataclass(frozen=True)
class Replay:
    """A record replayed by an engine under one configuration."""

    profile: str
    options: Mapping[str, str]
    plans: tuple[HandPlan, ...]
    hands: tuple[ReplayResponse, ...] = ()
    """The engine's answer for each hand it replayed."""
    session: SessionResponse | None = None
    problem: str | None = None
    """Why there is no answer: the engine lacks an option or capability, or failed."""
    run: CaseRun | None = None
    """The judged run: every check of the record's expectations, in the order the hand happened."""

    @property
    def status(self) -> Status:
        """The verdict, by the same rules as ``run`` (:func:`~conformance.judge.run.status_of`)."""
        if self.run is None:
            return Status.UNSUPPORTED
        return status_of(self.run)

    def signature(self) -> tuple[Any, ...]:
        """What two replays must share to count as the same ruling."""
        if self.problem is not None:
            return ("problem", self.problem)
        parts: list[Any] = []
        for response in self.hands:
            winners = tuple(t.winner for t in response.tricks)
            if response.rejected is not None:
                parts.append(("illegal", response.rejected.index, response.rejected.rule, winners))
            elif response.outcome is not None:
                parts.append(
                    (
                        response.outcome.kind,
                        tuple(sorted(response.outcome.scores.items())),
                        winners,
                        _points_of(response.outcome),
                    )
                )
            else:
                parts.append(("unfinished", response.applied, winners))
        if self.session is not None:
            parts.append(
                ("session", self.session.rejected_hand, self.session.rule, tuple(sorted(self.session.totals.items())))
            )
        return tuple(parts)

    def tricks_won(self) -> str:
        """The trick winners, hand by hand: ``S2 S2 S3 S1 S3 S3``."""
        return " | ".join(" ".join(t.winner or "?" for t in r.tricks) or "-" for r in self.hands)

    def outcome(self) -> str:
        """The outcome of each hand, or where it stopped."""
        if self.problem is not None:
            return self.problem
        words = []
        for plan, response in zip(self.plans, self.hands):
            if response.rejected is not None:
                rule = response.rejected.rule or "no rule named"
                words.append(f"illegal: {plan.actions[response.rejected.index]} ({rule})")
            elif response.outcome is not None:
                words.append(response.outcome.kind)
            else:
                words.append("unfinished")
        if self.session is not None and self.session.rejected_hand is not None:
            words.append(f"hand {self.session.rejected_hand + 1} refused ({self.session.rule})")
        return "; ".join(words)

    def card_points(self) -> str:
        """The card points each side was credited, hand by hand: ``picker 90, defenders 30``, or a
        leaster's seat points (``-`` for a hand not scored)."""
        return " | ".join(_points_text(r.outcome) if r.outcome is not None else "-" for r in self.hands) or "-"

    def scores(self) -> str:
        """The score changes (a session's totals), or ``-``."""
        if any(r.rejected is not None for r in self.hands):
            return "-"
        if self.session is not None and self.session.totals:
            return signed(self.session.totals)
        if len(self.hands) == 1 and self.hands[0].outcome is not None:
            return signed(self.hands[0].outcome.scores)
        return "-"


def _points_of(outcome: HandOutcome) -> tuple[Any, ...]:
    seats = tuple(sorted((outcome.seat_points or {}).items())) if outcome.picker is None else ()
    return (outcome.picker_side_points, outcome.defender_points, seats)


def _points_text(outcome: HandOutcome) -> str:
    if outcome.picker is not None and outcome.picker_side_points is not None:
        return f"picker {outcome.picker_side_points}, defenders {outcome.defender_points}"
    if outcome.kind == "leaster" and outcome.seat_points:
        return " ".join(f"{seat} {value}" for seat, value in sorted(outcome.seat_points.items()))
    return "-"


def replay_record(
    adapter: Adapter, info: EngineInfo, record: LoadedRecord, case: Case, profile: str, options: Mapping[str, str]
) -> Replay:
    """Replay a record through an engine and judge it with the suite's one judge (the record's
    case, :func:`conformance.cases.records.record_case`), under ``options`` as both what the engine
    plays and what the expectations are read for.

    Never raises for the engine's sake: a missing option or capability, :class:`Unsupported` and
    :class:`AdapterError` become :attr:`Replay.problem`.
    """
    plans = tuple(plan_hands(record, options))
    rules = RuleSet.of_engine(info, load_spec())
    depends = case.axis_options()
    # Only the axes the record depends on must be played as given; on every other axis the engine
    # plays what it plays (any option gives the same expected result there).
    missing = [
        f"{axis}={option}"
        for axis, option in sorted(options.items())
        if axis in depends and option not in rules.plays(axis)
    ]
    if missing:
        return Replay(profile, options, plans, problem=f"unsupported by the engine: {', '.join(missing)}")
    reason = case.not_applicable({axis: options[axis] for axis in depends if axis in options})
    if reason is not None:
        return Replay(profile, options, plans, problem=reason)
    request = rules.request(options)
    expect = {**options, **{axis: option for axis, option in request.items() if axis not in depends}}
    run = case.run(adapter, info, Config(info.sent(request), expect))
    if run.unsupported is not None:
        problem = (
            run.unsupported if run.unsupported.startswith("the engine lacks") else f"unsupported: {run.unsupported}"
        )
        return Replay(profile, options, plans, problem=problem, run=run)
    if run.error is not None:
        detail = f"\n{run.error.detail}" if run.error.detail else ""
        return Replay(profile, options, plans, problem=f"engine error ({run.error.kind}): {run.error}{detail}", run=run)
    if isinstance(run.reply, SessionResponse):
        return Replay(profile, options, plans, tuple(run.reply.hands), run.reply, run=run)
    if isinstance(run.reply, ReplayResponse):
        return Replay(profile, options, plans, (run.reply,), run=run)
    if run.checks:  # an engine that cannot replay: the record was asked as queries, nothing to narrate
        return Replay(profile, options, plans, run=run)
    return Replay(profile, options, plans, problem="the engine gave no answer", run=run)


@dataclass(frozen=True)
class ProfileRow:
    """One profile in the side-by-side comparison."""

    replay: Replay
    differs: bool
    """Whether the ruling differs from ``standard``'s."""
    cause: str
    """The axis (``axis=option``) responsible, when it differs."""
    not_applicable: str | None = None
    """Why the record's expectations are not meant for this profile (``None``: they are)."""


def _cause(
    spec: Spec,
    base: Mapping[str, str],
    target: Mapping[str, str],
    goal: tuple[Any, ...],
    replay_with: Any,
) -> str:
    """The axis choices of ``target`` that turn ``base``'s ruling into ``goal``: single axes
    first, then pairs, else all the differing axes together."""
    axes = [a.id for a in spec.axes if target.get(a.id) != base.get(a.id)]

    def choice(names: Sequence[str]) -> str:
        return " with ".join(f"{axis}={target[axis]}" for axis in names)

    for size in (1, 2):
        found = [
            combo
            for combo in itertools.combinations(axes, size)
            if replay_with({**base, **{axis: target[axis] for axis in combo}}).signature() == goal
        ]
        if found:
            return " or ".join(choice(combo) for combo in found)
    # No one or two axes do it: drop, one by one, each axis the ruling does not need, so that
    # only the axes that cause the difference are named.
    needed = list(axes)
    for axis in axes:
        rest = [other for other in needed if other != axis]
        if replay_with({**base, **{other: target[other] for other in rest}}).signature() == goal:
            needed = rest
    return "only " + ", ".join(f"{axis}={target[axis]}" for axis in needed) + " together"


def compare_profiles(
    adapter: Adapter, info: EngineInfo, record: LoadedRecord, case: Case, spec: Spec, profiles: Sequence[str]
) -> list[ProfileRow]:
    """Replay a record under each profile and explain every difference from ``standard`` (the
    first profile: ``standard`` with ``--option`` settings on top, when there are some).

    The record's own ``variants`` apply on top of every profile; its ``profile`` is replaced.
    The record's expectations are compared only under the profiles it applies to
    (:func:`~conformance.cases.records.not_applicable`).
    """
    cache: dict[tuple[tuple[str, str], ...], Replay] = {}

    first = profiles[0] if profiles else "standard"

    def replay_with(options: Mapping[str, str], profile: str = first) -> Replay:
        key = tuple(sorted(options.items()))
        if key not in cache:
            cache[key] = replay_record(adapter, info, record, case, profile, options)
        return cache[key]

    base_options = configuration(record, spec, first)
    base = replay_with(base_options)
    rows = []
    for profile in profiles:
        options = configuration(record, spec, profile)
        replay = replay_record(adapter, info, record, case, profile, options)
        differs = replay.signature() != base.signature()
        cause = ""
        if differs and replay.problem is None and base.problem is None:
            cause = _cause(spec, base_options, options, replay.signature(), replay_with)
        rows.append(ProfileRow(replay, differs, cause, not_applicable(record, options, spec)))
    return rows
