"""Adapters with one mistake each, for ``smoke`` (``--engine python:tests.kit.smoke_engines:NAME``):
the reference adapter, wrapped, with the one mistake a first wrapping often makes."""

from __future__ import annotations

import dataclasses
from typing import Any

from conformance.adapter import (
    Capability,
    EngineInfo,
    LegalPlaysRequest,
    Rejection,
    ReplayRequest,
    ReplayResponse,
    TrickWinnerRequest,
)
from conformance.engines.reference import ReferenceAdapter, ReferenceSteps
from conformance.kit.steps import Step


class _Wrapped:
    """The reference adapter; subclasses change one thing."""

    def __init__(self) -> None:
        self.inner = ReferenceAdapter()

    def info(self) -> EngineInfo:
        return self.inner.info()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class _NoScoreCallback(_Wrapped):
    def __getattr__(self, name: str) -> Any:
        if name == "score":
            raise AttributeError("'NoScoreCallback' object has no attribute 'score'")
        return getattr(self.inner, name)


class _MislabelledCapability(_Wrapped):
    """Answers trick-winner with the card points' callback (a mislabelled capability)."""

    def trick_winner(self, request: TrickWinnerRequest) -> int:
        from conformance.adapter import CardPointsRequest

        return self.inner.card_points(CardPointsRequest(request.cards)) % len(request.cards)


class _StateChangedByRefusal(_Wrapped):
    """After a refused action, reports the hand as if the refused action had moved the turn on."""

    def replay(self, request: ReplayRequest) -> ReplayResponse:
        answer = self.inner.replay(request)
        if answer.rejected is not None:
            return dataclasses.replace(answer, turn="S5", legal=("S5 pass", "S5 pick"))
        return answer


class _OneCardBury(_Wrapped):
    """Accepts a bury of one card."""

    def replay(self, request: ReplayRequest) -> ReplayResponse:
        answer = self.inner.replay(request)
        rejected = answer.rejected
        if (
            rejected is not None
            and request.actions[rejected.index].count(" ") == 2
            and " bury " in request.actions[rejected.index]
        ):
            return dataclasses.replace(answer, rejected=None, applied=len(request.actions))
        return answer


class _FollowsNoSuit(_Wrapped):
    """Answers legal-plays with the whole hand."""

    def legal_plays(self, request: LegalPlaysRequest) -> tuple[str, ...]:
        return request.hand


class _UnknownOption(_Wrapped):
    def info(self) -> EngineInfo:
        info = self.inner.info()
        return dataclasses.replace(info, options={**info.options, "void-play": ("free", "sometimes")})


class _ApplyWithoutAnswer(ReferenceSteps):
    """A step engine whose adapter forgets to return apply's answer when the engine accepts."""

    def apply(self, action: str) -> Any:
        step = super().apply(action)
        return None if step.accepted else step


class _CallsTheTen(ReferenceSteps):
    """A step engine that calls by suit and takes the ten when asked for an ace, and says so."""

    def apply(self, action: str) -> Any:
        step = super().apply(action)
        if step.accepted and " call A" in action:
            return Step.accept(done=action.replace(" call A", " call T"))
        return step


def apply_without_answer() -> _ApplyWithoutAnswer:
    return _ApplyWithoutAnswer()


def calls_the_ten() -> _CallsTheTen:
    return _CallsTheTen()


def no_score_callback() -> _NoScoreCallback:
    return _NoScoreCallback()


def mislabelled_capability() -> _MislabelledCapability:
    return _MislabelledCapability()


def state_changed_by_refusal() -> _StateChangedByRefusal:
    return _StateChangedByRefusal()


def one_card_bury() -> _OneCardBury:
    return _OneCardBury()


def follows_no_suit() -> _FollowsNoSuit:
    return _FollowsNoSuit()


def unknown_option() -> _UnknownOption:
    return _UnknownOption()


__all__ = [
    "Capability",
    "Rejection",
    "apply_without_answer",
    "calls_the_ten",
    "follows_no_suit",
    "mislabelled_capability",
    "no_score_callback",
    "one_card_bury",
    "state_changed_by_refusal",
    "unknown_option",
]
