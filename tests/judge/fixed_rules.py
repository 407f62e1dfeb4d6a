"""Fake third-party engines with fixed rules, in the shapes of real ones (notes/engine-shapes.md).

A real engine plays one option per axis whatever it is asked, often on a combination no named
profile has, and declares (honestly or not) what it plays. :class:`FixedRulesEngine` wraps an
adapter (the reference engine, or a mutant of it carrying one planted bug) so that it

- plays exactly the options ``plays`` on every request, whatever the request's options say;
- declares ``declared`` (by default what it plays; ``None`` on an axis: none of the listed);
- optionally misbehaves on one axis in a way none of the listed options describes
  (``triple_losses``: every lost hand's changes tripled instead of doubled on the bump);
- optionally offers only some capabilities (``capabilities``: e.g. queries only, no game flow).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from sheepshead_spec import load_spec

from conformance.adapter import (
    Adapter,
    CallableCardsRequest,
    CallableCardsResponse,
    Capability,
    CardPointsRequest,
    EngineInfo,
    HandOutcome,
    LegalPlaysRequest,
    ReplayRequest,
    ReplayResponse,
    ScoreRequest,
    ScoreResponse,
    SessionRequest,
    SessionResponse,
    TrickWinnerRequest,
    Unsupported,
)
from conformance.engines.reference import ReferenceAdapter

__all__ = ["ODD_RULES", "FixedRulesEngine"]

ODD_RULES = {
    "no-tricker": "points",
    "double-on-the-bump": "on",
    "leaster-blind": "first-trick",
    "call-timing": "call-then-bury",
}
"""A fixed combination that matches no named profile (the rest at the defaults)."""

_LOSSES = ("loss", "schneidered", "no-tricks")


def options_of(chosen: Mapping[str, str]) -> dict[str, str]:
    """The defaults of every axis, updated by ``chosen``."""
    spec = load_spec()
    return {**{axis.id: axis.default for axis in spec.axes}, **chosen}


class FixedRulesEngine:
    """An engine with fixed rules around ``inner`` (see the module docstring)."""

    def __init__(
        self,
        inner: Adapter | None = None,
        plays: Mapping[str, str] = ODD_RULES,
        *,
        declared: Mapping[str, str | None] | None = None,
        unlisted: Mapping[str, str] | None = None,
        triple_losses: bool = False,
        capabilities: frozenset[Capability] | None = None,
        name: str = "fixed-rules",
    ) -> None:
        self.inner = inner if inner is not None else ReferenceAdapter()
        self.plays = options_of(plays)
        chosen = {**self.plays, **(declared or {})}
        self.declared = {axis: (option,) if option else () for axis, option in chosen.items()}
        self.unlisted = dict(unlisted or {})
        self.triple_losses = triple_losses
        base = self.inner.info()
        self.capabilities = capabilities if capabilities is not None else base.capabilities
        self.name = name

    def info(self) -> EngineInfo:
        return EngineInfo(self.name, "1.0", frozenset(self.capabilities), self.declared, unlisted=self.unlisted)

    def _need(self, capability: Capability) -> None:
        if capability not in self.capabilities:
            raise Unsupported(f"no {capability.value} here")

    def _fixed(self, request: Any) -> Any:
        return dataclasses.replace(request, options=dict(self.plays))

    def _outcome(self, outcome: HandOutcome | None) -> HandOutcome | None:
        if outcome is None or not self.triple_losses or outcome.kind not in _LOSSES:
            return outcome
        # The engine's own reading of "double on the bump": a lost hand costs three times.
        factor = 3 if self.plays["double-on-the-bump"] == "off" else 1.5
        return dataclasses.replace(
            outcome, scores={seat: int(value * factor) for seat, value in outcome.scores.items()}
        )

    def _reply(self, reply: ReplayResponse) -> ReplayResponse:
        return dataclasses.replace(reply, outcome=self._outcome(reply.outcome))

    def replay(self, request: ReplayRequest) -> ReplayResponse:
        self._need(Capability.REPLAY)
        return self._reply(self.inner.replay(self._fixed(request)))

    def session(self, request: SessionRequest) -> SessionResponse:
        self._need(Capability.SESSION)
        reply = self.inner.session(self._fixed(request))
        hands = tuple(self._reply(hand) for hand in reply.hands)
        totals = {
            seat: sum((h.outcome.scores.get(seat, 0) if h.outcome else 0) for h in hands) for seat in reply.totals
        }
        return dataclasses.replace(reply, hands=hands, totals=totals if self.triple_losses else reply.totals)

    def trick_winner(self, request: TrickWinnerRequest) -> int:
        self._need(Capability.TRICK_WINNER)
        return self.inner.trick_winner(self._fixed(request))

    def legal_plays(self, request: LegalPlaysRequest) -> tuple[str, ...]:
        self._need(Capability.LEGAL_PLAYS)
        return self.inner.legal_plays(self._fixed(request))

    def callable_cards(self, request: CallableCardsRequest) -> CallableCardsResponse:
        self._need(Capability.CALLABLE_CARDS)
        return self.inner.callable_cards(self._fixed(request))

    def score(self, request: ScoreRequest) -> ScoreResponse:
        self._need(Capability.SCORE)
        reply = self.inner.score(self._fixed(request))
        if self.triple_losses and reply.kind in _LOSSES:
            factor = 3 if self.plays["double-on-the-bump"] == "off" else 1.5
            reply = dataclasses.replace(
                reply,
                picker=int(reply.picker * factor),
                partner=int(reply.partner * factor),
                defender=int(reply.defender * factor),
            )
        return reply

    def card_points(self, request: CardPointsRequest) -> int:
        self._need(Capability.CARD_POINTS)
        return self.inner.card_points(request)

    def close(self) -> None:
        self.inner.close()


# Factories for ``--engine python:tests.judge.fixed_rules:NAME``.


def honest() -> FixedRulesEngine:
    """Plays and declares :data:`ODD_RULES`."""
    return FixedRulesEngine()


def schneider_at_ninety() -> FixedRulesEngine:
    """:data:`ODD_RULES`, declaring the standard schneider line, scoring 90 card points as a
    schneider: the ``ninety`` reading of axis schneider-line, undeclared."""
    from conformance.gates.mutants import MUTANTS

    return FixedRulesEngine(MUTANTS["scoring.schneider-at-ninety"].adapter(), name="schneider-at-ninety")


def sixty_wins() -> FixedRulesEngine:
    """:data:`ODD_RULES`, with one planted bug that no option explains: 60 card points win."""
    from conformance.gates.mutants import MUTANTS

    return FixedRulesEngine(MUTANTS["scoring.sixty-wins"].adapter(), name="sixty-wins")


def no_tricker_liar() -> FixedRulesEngine:
    """Declares no-tricker=tricks but plays points."""
    return FixedRulesEngine(declared={"no-tricker": "tricks"}, name="no-tricker-liar")


def card_points_only() -> FixedRulesEngine:
    """Answers card points and nothing else (a small rules library)."""
    return FixedRulesEngine(capabilities=frozenset({Capability.CARD_POINTS}), name="card-points-only")


def queries_only() -> FixedRulesEngine:
    """No game flow: only the direct queries."""
    return FixedRulesEngine(
        capabilities=frozenset(
            {
                Capability.TRICK_WINNER,
                Capability.LEGAL_PLAYS,
                Capability.CALLABLE_CARDS,
                Capability.SCORE,
                Capability.CARD_POINTS,
            }
        ),
        name="queries-only",
    )


def mutant_sixty_wins() -> Adapter:
    """The reference engine (every option declared) with 60 card points scoring as a win."""
    from conformance.gates.mutants import MUTANTS

    return MUTANTS["scoring.sixty-wins"].adapter()
