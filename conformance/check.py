"""The rule-dispute tool behind ``sheepshead-conformance check``: replay a record through an
engine under one or every profile, and find the variant axis behind each difference.

:func:`replay_record` sends a record's hands to an adapter (``replay`` for a hand record,
``session`` for a session record). :func:`compare_profiles` replays it under every profile and,
for each profile whose result differs from ``standard``'s, replays ``standard`` with one axis
switched at a time (then two) to name the axis responsible.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sheepshead_spec import Spec

from conformance.adapter import (
    Adapter,
    AdapterError,
    Capability,
    Deal,
    EngineInfo,
    ReplayRequest,
    ReplayResponse,
    SessionRequest,
    SessionResponse,
    Unsupported,
)
from conformance.check_expect import Finding, hand_findings, session_findings, unexpected_rejection
from conformance.check_narrate import signed
from conformance.record_plan import HandPlan, LoadedRecord, configuration, plan_hands
from conformance.replay_checks import applicability

__all__ = ["ProfileRow", "Replay", "compare_profiles", "findings", "replay_record"]


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
                parts.append((response.outcome.kind, tuple(sorted(response.outcome.scores.items())), winners))
            else:
                parts.append(("unfinished", response.applied, winners))
        if self.session is not None:
            parts.append(("session", self.session.rejected_hand, self.session.rule,
                          tuple(sorted(self.session.totals.items()))))  # fmt: skip
        return tuple(parts)

    def tricks_won(self) -> str:
        """The trick winners, hand by hand: ``S2 S2 S3 S1 S3 S3``."""
        return " | ".join(" ".join(t.winner for t in r.tricks) or "-" for r in self.hands)

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

    def scores(self) -> str:
        """The score changes (a session's totals), or ``-``."""
        if any(r.rejected is not None for r in self.hands):
            return "-"
        if self.session is not None and self.session.totals:
            return signed(self.session.totals)
        if len(self.hands) == 1 and self.hands[0].outcome is not None:
            return signed(self.hands[0].outcome.scores)
        return "-"


def _deal(deal: Deal, info: EngineInfo) -> Deal:
    """The deal as sent: without the pack order unless the engine deals packs itself."""
    if deal.deck is not None and Capability.DEAL_FROM_DECK not in info.capabilities:
        return Deal(deal.dealer, deal.hands, deal.blind)
    return deal


def replay_record(
    adapter: Adapter, info: EngineInfo, record: LoadedRecord, profile: str, options: Mapping[str, str]
) -> Replay:
    """Replay a record through an engine.

    Never raises for the engine's sake: a missing option or capability, :class:`Unsupported` and
    :class:`AdapterError` become :attr:`Replay.problem`.
    """
    plans = tuple(plan_hands(record, options))
    missing = info.supports(options)
    if missing:
        return Replay(profile, options, plans, problem=f"unsupported by the engine: {', '.join(missing)}")
    needed = Capability.SESSION if record.is_session else Capability.REPLAY
    if needed not in info.capabilities:
        return Replay(profile, options, plans, problem=f"the engine lacks capability {needed.value!r}")
    try:
        if record.is_session:
            hands = tuple((_deal(p.deal, info), p.actions) for p in plans)
            session = adapter.session(SessionRequest(options, hands))
            return Replay(profile, options, plans, tuple(session.hands), session)
        plan = plans[0]
        response = adapter.replay(ReplayRequest(options, _deal(plan.deal, info), plan.actions))
        return Replay(profile, options, plans, (response,))
    except Unsupported as error:
        return Replay(profile, options, plans, problem=f"unsupported: {error}")
    except AdapterError as error:
        detail = f"\n{error.detail}" if error.detail else ""
        return Replay(profile, options, plans, problem=f"engine error ({error.kind}): {error}{detail}")


def findings(record: LoadedRecord, replay: Replay) -> tuple[list[Finding], bool]:
    """The record's expectations compared with a replay, and whether an action the record does
    not declare illegal was rejected."""
    out: list[Finding] = []
    unexpected = False
    if replay.problem is not None:
        return out, False
    for plan, response, (_, prefix) in zip(replay.plans, replay.hands, record.bodies):
        out += hand_findings(record, plan, prefix, response, replay.options, replay.profile)
        unexpected = unexpected or unexpected_rejection(plan, response, replay.options, replay.profile)
    if replay.session is not None:
        out += session_findings(record, replay.session, replay.options, replay.profile)
    return out, unexpected


@dataclass(frozen=True)
class ProfileRow:
    """One profile in the side-by-side comparison."""

    replay: Replay
    differs: bool
    """Whether the ruling differs from ``standard``'s."""
    cause: str
    """The axis (``axis=option``) responsible, when it differs."""
    findings: list[Finding] = field(default_factory=list)
    unexpected_rejection: bool = False
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
    return "only all of " + ", ".join(f"{axis}={target[axis]}" for axis in axes) + " together"


def compare_profiles(
    adapter: Adapter, info: EngineInfo, record: LoadedRecord, spec: Spec, profiles: Sequence[str]
) -> list[ProfileRow]:
    """Replay a record under each profile and explain every difference from ``standard``.

    The record's own ``variants`` apply on top of every profile; its ``profile`` is replaced.
    The record's expectations are compared only under the profiles it applies to
    (:func:`~conformance.replay_checks.applicability`).
    """
    cache: dict[tuple[tuple[str, str], ...], Replay] = {}

    def replay_with(options: Mapping[str, str], profile: str = "standard") -> Replay:
        key = tuple(sorted(options.items()))
        if key not in cache:
            cache[key] = replay_record(adapter, info, record, profile, options)
        return cache[key]

    base_options = configuration(record, spec, "standard")
    base = replay_with(base_options)
    rows = []
    for profile in profiles:
        options = configuration(record, spec, profile)
        replay = replay_record(adapter, info, record, profile, options)
        differs = replay.signature() != base.signature()
        cause = ""
        if differs and replay.problem is None and base.problem is None:
            cause = _cause(spec, base_options, options, replay.signature(), replay_with)
        reason = applicability(record, profile, spec)
        found, unexpected = findings(record, replay) if reason is None else ([], False)
        rows.append(ProfileRow(replay, differs, cause, found, unexpected, reason))
    return rows
