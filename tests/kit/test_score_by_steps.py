"""``score`` answered through steps for an engine with no score query: a hand is played to the
described result and the engine's own score of it is the answer (:func:`conformance.kit.derived.score_by_replay`).

Expected values are the rules' (``spec/rules.yaml``, scoring): a win +2/+1/-1, a loss -2/-1/+1
(doubled on the bump), schneidered -4/-2/+2, no tricks -6/-3/+3 (defender-sweep ``shared``), alone
the picker's share four defenders' worth.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from conformance.adapter import ReplayRequest, ScoreRequest, ScoreResponse, Unsupported
from conformance.kit import StepAdapter, StepResult
from conformance.kit.derived import _design

from .reference_steps import ReferenceSteps

PLAIN = {"double-on-the-bump": "off", "defender-sweep": "shared", "schneider-line": "ninety-one"}


def _score(request: ScoreRequest) -> ScoreResponse:
    return StepAdapter(ReferenceSteps(), check_turn=False).score(request)


@pytest.mark.parametrize(
    ("points", "buried", "tricks", "alone", "options", "expected"),
    [
        (51, 10, 4, False, {}, ("win", 2, 1, -1)),  # 61: scoring.win
        (50, 10, 4, False, {}, ("loss", -2, -1, 1)),  # 60: scoring.loss, the tie to the defenders
        (50, 10, 3, False, {"double-on-the-bump": "on"}, ("loss", -4, -2, 2)),  # scoring.double-on-the-bump
        (51, 10, 3, True, {}, ("win", 4, 0, -1)),  # alone: the picker takes the partner's share too
        (81, 10, 5, False, {}, ("schneider", 4, 2, -2)),  # 91: scoring.schneider
        (110, 10, 6, False, {}, ("all-tricks", 6, 3, -3)),  # every trick: scoring.all-tricks
        (20, 10, 1, False, {}, ("schneidered", -4, -2, 2)),  # 30: scoring.schneidered
        (21, 10, 1, False, {}, ("loss", -2, -1, 1)),  # 31: scoring.loss
        (0, 10, 0, False, {"no-tricker": "tricks"}, ("no-tricks", -6, -3, 3)),  # the called ace trumped
        (0, 10, 1, False, {"no-tricker": "points"}, ("no-tricks", -6, -3, 3)),  # a trick of no points
        (0, 10, 1, False, {"no-tricker": "tricks"}, ("schneidered", -4, -2, 2)),
        (5, 10, 0, False, {}, None),  # points without a trick: no such hand
    ],
)
def test_a_score_query_is_answered_by_a_hand_played_to_that_result(
    points: int, buried: int, tricks: int, alone: bool, options: dict[str, str], expected: tuple[object, ...] | None
) -> None:
    request = ScoreRequest({**PLAIN, **options}, points, buried, tricks, alone)
    if expected is None:
        with pytest.raises(Unsupported, match="no hand found"):
            _score(request)
        return
    answer = _score(request)
    assert (answer.kind, answer.picker, answer.partner, answer.defender) == expected


@pytest.mark.parametrize(
    "options",
    [
        {"call-timing": "call-then-bury"},
        {"called-suit-lead": "after-first-lead"},
        {"void-play": "must-trump"},
        {"cracking": "crack", "blitzing": "queens"},
    ],
)
def test_the_designed_hands_are_legal_and_taken_as_designed(options: dict[str, str]) -> None:
    """Every designed hand the reference accepts whole, its tricks taken by the designed seats, and
    the picker's side taking the described tricks and points (seeded, over many requests)."""
    rng = random.Random("designs")
    adapter = StepAdapter(ReferenceSteps(), check_turn=False)
    checked = 0
    for tricks in range(7):
        for points in sorted({rng.randrange(121) for _ in range(8)}):
            for alone in (False, True):
                request = ScoreRequest({**PLAIN, **options}, points, 10, tricks, alone)
                design = next((d for d in (_design(request, rng) for _ in range(500)) if d is not None), None)
                if design is None:
                    continue
                replies = [  # the options put the bury or the call first: the one that goes further
                    adapter.replay(
                        ReplayRequest(request.options, design.deal, (f"{design.picker} pick", *order, *design.plays))
                    )
                    for order in ((design.bury, design.call), (design.call, design.bury))
                ]
                reply = max(replies, key=lambda answer: answer.applied)
                if reply.rejected is not None and "picker-leads-called-suit" in str(reply.rejected.rule):
                    continue  # that option refuses the picker leading its hold card: another design is tried
                assert reply.rejected is None, (request, design, reply.rejected)
                side = {design.picker, design.partner}
                won = [trick for trick in reply.tricks if trick.winner in side]
                assert [trick.winner for trick in reply.tricks] == list(design.winners)
                assert len(won) == tricks
                assert sum(_card_points(trick.cards) for trick in won) == points
                checked += 1
    assert checked > 20


def _card_points(cards: tuple[str, ...]) -> int:
    return sum({"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}.get(card[0], 0) for card in cards)


def test_what_a_replayed_hand_cannot_say_is_unsupported() -> None:
    with pytest.raises(Unsupported, match="stakes 1"):
        _score(ScoreRequest(PLAIN, 51, 10, 4, stakes=2))

    class WrongWinners(ReferenceSteps):
        """Reports every trick as taken by S5."""

        def result(self) -> StepResult:
            told = super().result()
            tricks = [dataclasses.replace(trick, winner="S5") for trick in told.tricks]
            return dataclasses.replace(told, tricks=tricks)

    with pytest.raises(Unsupported, match="not taken as designed"):
        StepAdapter(WrongWinners(), check_turn=False).score(ScoreRequest(PLAIN, 51, 10, 4))


def test_an_engine_with_its_own_score_query_is_asked_it() -> None:
    class Scores(ReferenceSteps):
        def score(self, request: ScoreRequest) -> ScoreResponse:
            return ScoreResponse("win", 2, 1, -1)

    assert StepAdapter(Scores()).score(ScoreRequest(PLAIN, 0, 0, 0)) == ScoreResponse("win", 2, 1, -1)
