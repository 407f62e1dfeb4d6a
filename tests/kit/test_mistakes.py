"""The kit catches the adapter's own mistakes: each is an adapter error (``AdapterError`` of kind
``adapter-error``) naming the callback, never the engine breaking a rule; ``raise Unsupported``
in a callback is *unsupported*.

The stand-ins are the reference hand driven by its steps with one mistake each, as a first
wrapping makes it: a one-card bury let through, an ``apply`` without ``return``, an engine calling
by suit that makes another call than the one asked, a capability declared without its callback,
``snapshot`` without ``restore``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import pytest

from conformance.adapter import (
    AdapterError,
    Capability,
    EngineInfo,
    LegalPlaysRequest,
    ReplayRequest,
    ScoreRequest,
    TrickWinnerRequest,
    Unsupported,
)
from conformance.judge.results import Status
from conformance.kit import Step, StepAdapter
from conformance.kit.steps import as_step
from conformance.kit.translate import Malformed, bury_cards
from conformance.runner import run_engine

from .reference_steps import ReferenceSteps
from .test_state import DEAL, PlaysOnly

BURY_THEN_CALL = {"call-timing": "bury-then-call"}
PICKED = ("S1 pass", "S2 pick")


def _replay(engine: object, actions: tuple[str, ...], options: Mapping[str, str] = BURY_THEN_CALL):  # type: ignore[no-untyped-def]
    adapter = StepAdapter(engine, check_turn=False)  # type: ignore[arg-type]
    return adapter.replay(ReplayRequest(dict(options), DEAL, actions))


def _adapter_error(engine: object, actions: tuple[str, ...]) -> str:
    with pytest.raises(AdapterError) as raised:
        _replay(engine, actions)
    assert raised.value.kind == "adapter-error"
    return str(raised.value)


class BuriesOneCardAtATime(ReferenceSteps):
    """Buries a card per action and lets a one-card bury through: it keeps the first card aside and
    accepts (a real engine waits for the second card)."""

    def apply(self, action: str) -> Step:
        words = action.split()
        if words[1] == "bury" and len(words) == 3:
            return Step.accept()
        return super().apply(action)


def test_a_one_card_bury_let_through_is_the_adapters_mistake_naming_apply() -> None:
    message = _adapter_error(BuriesOneCardAtATime(), (*PICKED, "S2 bury TS"))
    assert message.startswith("apply accepted 'S2 bury TS', a bury of 1 card(s)") and "bury.two-cards" in message


def test_a_bury_of_the_same_card_twice_let_through_too() -> None:
    class TakesAnyBury(ReferenceSteps):
        def apply(self, action: str) -> Step:
            return Step.accept() if " bury " in action else super().apply(action)

    assert "a bury of 2 card(s)" in _adapter_error(TakesAnyBury(), (*PICKED, "S2 bury TS TS"))


def test_a_one_card_bury_the_translation_refuses_is_a_refusal_under_its_rule() -> None:
    """The adapter that uses ``bury_cards`` refuses it: the engine's refusal, judged by the rules."""

    class ThroughTheTranslation(ReferenceSteps):
        def apply(self, action: str) -> Step:
            if " bury " in action:
                bury_cards(action)  # raises Malformed for one card
            return super().apply(action)

    reply = _replay(ThroughTheTranslation(), (*PICKED, "S2 bury TS"))
    assert reply.rejected is not None and reply.rejected.rule == "bury.two-cards" and reply.applied == 2
    assert reply.turn == "S2" and reply.legal is not None and len(reply.legal) == 28  # the hand as it was
    with pytest.raises(Malformed):
        bury_cards("S2 bury TS TS")


def test_the_negative_one_card_bury_records_are_adapter_errors_not_the_engines_rule_broken() -> None:
    """fixtures/negative/bury-one-card.yaml: with the mistake, an error naming apply; the records of
    other rules are judged as usual."""
    results = run_engine(StepAdapter(BuriesOneCardAtATime(), check_turn=False), probes=False, areas=["bury"]).results
    one_card = [r for r in results if r.case_id.endswith("bury-one-card.yaml")]
    assert one_card and all(r.status is Status.ERROR and "apply accepted" in r.message for r in one_card)
    assert all(r.status is not Status.FAILED for r in results)
    assert sum(r.status is Status.PASSED for r in results) > 20


class ForgetsToReturn(ReferenceSteps):
    """An ``apply`` without ``return`` (its answer is ``None``)."""

    def apply(self, action: str) -> None:  # type: ignore[override]
        super().apply(action)


def test_an_apply_that_answers_nothing_is_the_adapters_mistake() -> None:
    """Before: ``None`` counted as accepted, so a forgotten ``return`` accepted every illegal action."""
    message = _adapter_error(ForgetsToReturn(), ("S1 pass",))
    assert message.startswith("apply returned None")
    with pytest.raises(AdapterError, match="apply returned None"):
        as_step(None)
    assert as_step(True).accepted and not as_step(False).accepted


def test_an_apply_that_answers_nothing_errs_every_case_it_reaches() -> None:
    """Never an illegal action accepted, blamed on the engine's rule: an error in every case that
    applies an action (a case asking only the start of a hand still passes)."""
    results = run_engine(StepAdapter(ForgetsToReturn(), check_turn=False), probes=False, areas=["auction"]).results
    errors = [r for r in results if r.status is Status.ERROR]
    assert len(errors) > 0.8 * len(results) and not [r for r in results if r.status is Status.FAILED]
    assert all(r.reason == "engine error (adapter-error)" and "apply returned None" in r.message for r in errors)


class CallsBySuit(ReferenceSteps):
    """An engine calling a suit (``callAce(seat, suit)``): it picks the card itself, and its adapter
    forgot to check it. Asked for a ten, it calls the suit's ace when the picker lacks it; it says
    what it did (:attr:`Step.done`)."""

    def apply(self, action: str) -> Step:
        words = action.split()
        if words[1] != "call":
            return super().apply(action)
        made = f"{words[0]} call A{words[2][1]}"
        step = super().apply(made)
        return dataclasses.replace(step, done=made) if step.accepted else step


def test_an_action_other_than_the_one_asked_is_the_adapters_mistake() -> None:
    """S2 holds AC, not AH: the engine asked ``call TH`` calls AH (the ace of the suit)."""
    message = _adapter_error(CallsBySuit(), (*PICKED, "S2 bury 7S TS", "S2 call TH"))
    assert message == (
        "apply was asked 'S2 call TH' and the engine made 'S2 call AH': refuse an action the engine will"
        " not make as asked (an engine calling by suit chooses the ace or the ten itself)"
    )
    reply = _replay(CallsBySuit(), (*PICKED, "S2 bury 7S TS", "S2 call AH"))  # the same action: no mistake
    assert reply.rejected is None and reply.phase == "play"


def test_an_action_other_than_the_one_asked_is_caught_in_a_trial_too() -> None:
    """Legal by trial tries ``call TH``…: the engine calling AH instead is named, not listed as legal."""

    class CallsBySuitListingOnlyPlays(CallsBySuit, PlaysOnly):
        pass

    assert "and the engine made 'S2 call A" in _adapter_error(CallsBySuitListingOnlyPlays(), (*PICKED, "S2 bury 7S TS"))


class DeclaresScore(ReferenceSteps):
    """Declares ``score`` and ``trick-winner`` and has neither callback."""

    def info(self) -> EngineInfo:
        base = super().info()
        return dataclasses.replace(base, capabilities=base.capabilities | {Capability.SCORE, Capability.TRICK_WINNER})


def test_a_capability_declared_without_its_callback_is_the_adapters_mistake() -> None:
    adapter = StepAdapter(DeclaresScore())
    with pytest.raises(AdapterError) as raised:
        adapter.score(ScoreRequest({}, 61, 0, 3))
    assert raised.value.kind == "adapter-error"
    assert str(raised.value) == (
        "info() declares capability score but the step engine has no score(request) callback: add it, or"
        " leave score out of info()"
    )
    with pytest.raises(AdapterError, match="declares capability trick-winner but the step engine has no trick_winner"):
        adapter.trick_winner(TrickWinnerRequest({"all-pass": "leaster"}, ("7C", "8C")))
    undeclared = StepAdapter(ReferenceSteps())  # not declared: unsupported, or derived by replay
    with pytest.raises(Unsupported, match="does not answer legal-plays"):
        undeclared.legal_plays(LegalPlaysRequest({}, ("7C",), (), 6, "defender"))
    assert undeclared.trick_winner(TrickWinnerRequest({"all-pass": "leaster"}, ("7C", "AC"))) == 1


def test_a_snapshot_without_restore_is_the_adapters_mistake() -> None:
    class SnapshotOnly(ReferenceSteps):
        def snapshot(self) -> object:
            return self._hand().copy()

    assert "has snapshot() but no restore(state)" in _adapter_error(SnapshotOnly(), ("S1 pass",))


class CannotCallUnder(ReferenceSteps):
    """Cannot express an under call: its ``apply`` says so with ``raise Unsupported``."""

    def apply(self, action: str) -> Step:
        if " under " in action:
            raise Unsupported("this engine has no under call")
        return super().apply(action)


def test_raise_unsupported_in_apply_is_unsupported() -> None:
    from .test_state import UNDER_DEAL

    request = ReplayRequest(
        {**BURY_THEN_CALL, "no-callable-suit": "under"},
        UNDER_DEAL,
        (*PICKED, "S2 bury 9H 8D", "S2 call AH under 7D"),
    )
    with pytest.raises(Unsupported, match="this engine has no under call"):
        StepAdapter(CannotCallUnder(), check_turn=False).replay(request)

    class ListingOnlyPlays(CannotCallUnder, PlaysOnly):
        pass

    # found by trial, a candidate the engine cannot express leaves the moment unlisted (not "illegal")
    reply = StepAdapter(ListingOnlyPlays(), check_turn=False).replay(
        dataclasses.replace(request, actions=request.actions[:-1])
    )
    assert reply.rejected is None and reply.legal is None


def test_raise_unsupported_in_a_query_callback_is_unsupported() -> None:
    class NoScoreForAlone(ReferenceSteps):
        def info(self) -> EngineInfo:
            base = super().info()
            return dataclasses.replace(base, capabilities=base.capabilities | {Capability.SCORE})

        def score(self, request: ScoreRequest) -> object:
            raise Unsupported("no score for an alone hand here")

    with pytest.raises(Unsupported, match="no score for an alone hand here"):
        StepAdapter(NoScoreForAlone()).score(ScoreRequest({}, 61, 0, 3, alone=True))


def test_raise_unsupported_in_a_callback_is_reported_unsupported_by_the_suite() -> None:
    results = run_engine(StepAdapter(CannotCallUnder(), check_turn=False), probes=False, areas=["call"]).results
    unsupported = [r for r in results if r.status is Status.UNSUPPORTED and "this engine has no under call" in r.reason]
    assert unsupported and not [r for r in results if r.status is Status.ERROR]
