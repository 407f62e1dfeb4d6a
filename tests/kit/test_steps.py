"""The step-driven capability: an engine wrapped by its steps is judged like one that replays."""

from __future__ import annotations

import doctest
import functools
from collections.abc import Sequence

import pytest

import conformance.kit.steps
from conformance.adapter import ReplayRequest
from conformance.judge.results import CaseResult, Status
from conformance.judge.run import SuiteRun
from conformance.kit import StepAdapter
from conformance.kit.steps import StepResult
from conformance.kit.translate import CARDS
from conformance.runner import run_engine

from .reference_steps import EXAMPLE_DEAL, ReferenceSteps, StepsOnly, reference_steps


@functools.cache
def steps_run() -> SuiteRun:
    """The whole suite against the reference engine driven by its steps, in this process (run
    once for the tests that need it, or the cases of some areas of it)."""
    return run_engine(reference_steps(), probes=False)


def of_areas(results: Sequence[CaseResult], areas: Sequence[str]) -> list[CaseResult]:
    """The results of the cases ``--area`` would select: those checking a rule of these areas."""
    return [r for r in results if any(rule.split(".", 1)[0] in areas for rule in r.rules)]


def test_docstring_examples() -> None:
    result = doctest.testmod(conformance.kit.steps)
    assert result.attempted > 0 and result.failed == 0


def test_the_reference_engine_driven_by_its_steps_passes_every_replay_case() -> None:
    run = steps_run()
    statuses = {r.status for r in run.results}
    failed = [f"{r.case_id}: {r.message}" for r in run.results if r.status in (Status.FAILED, Status.ERROR)]
    assert not failed, "\n".join(failed[:5])
    ran = [r for r in run.results if r.status is Status.PASSED]
    assert len(ran) > 350 and Status.PASSED in statuses
    # what it cannot serve is said: sessions and the direct queries
    reasons = {r.reason for r in run.results if r.status is Status.UNSUPPORTED}
    assert "capability session missing" in reasons


def test_an_action_out_of_turn_is_the_rejection_and_the_state_is_what_came_before() -> None:
    adapter = StepAdapter(ReferenceSteps())
    deal = EXAMPLE_DEAL
    reply = adapter.replay(ReplayRequest(adapter.info().options and {}, deal, ("S1 pass", "S3 pass")))
    assert reply.applied == 1 and reply.rejected is not None and reply.rejected.index == 1
    assert reply.rejected.message == "out of turn: the engine gives the turn to S2"
    assert reply.turn == "S2" and reply.legal == ("S2 pick", "S2 pass") and reply.phase == "auction"


def test_the_same_over_the_protocol_step_messages() -> None:
    """A subprocess engine declaring ``steps`` (and not ``replay``) is replayed through
    ``start``/``apply``/``result`` and judged exactly as in-process."""
    import shlex
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    engine = f"cmd:{shlex.join([sys.executable, str(root / 'tests' / 'kit' / 'step_server.py')])}"
    areas = ["auction", "bury", "call", "leaster", "session"]  # a sample: the whole suite takes 13 s this way
    over_protocol = run_engine(engine, probes=False, areas=areas)
    in_process = of_areas(steps_run().results, areas)
    assert [(r.key, r.status) for r in over_protocol.results] == [(r.key, r.status) for r in in_process]
    assert sum(r.status is Status.PASSED for r in over_protocol.results) > 60
    assert over_protocol.info is not None and "replay" in {c.value for c in over_protocol.info.capabilities}


def test_the_reference_server_answers_the_step_messages_as_it_replays() -> None:
    """The reference engine's own ``start``/``apply``/``result`` answers, driven by the harness,
    give what its ``replay`` answers give."""
    from conformance.engines.reference import ReferenceAdapter

    areas = ["auction", "bury", "call", "play"]
    by_steps = run_engine(
        StepAdapter(StepsOnly(ReferenceAdapter(validate=True)), check_turn=False), probes=False, areas=areas
    )
    by_replay = run_engine(ReferenceAdapter(), probes=False, areas=areas)
    replayed = {r.key: r.status for r in by_replay.results}
    for result in by_steps.results:
        if result.status is not Status.UNSUPPORTED:
            assert result.status is replayed[result.key] is Status.PASSED, result.key
    assert sum(r.status is Status.PASSED for r in by_steps.results) > 100


def test_trick_winner_queries_are_answered_by_replaying_a_leaster() -> None:
    """An engine that only plays hands gets the trick-winner scenarios too: each trick is played
    as the first trick of a leaster. A mutant ranking the jacks wrongly is caught by them, and
    blamed on the ranking rule."""
    from conformance.gates.mutants import MUTANTS, MutantAdapter

    results = of_areas(steps_run().results, ["ranking", "trick"])
    passed = [r for r in results if r.status is Status.PASSED and r.kind == "scenario"]
    assert len(passed) > 150 and not [r for r in results if r.status is Status.FAILED]
    wrong = StepAdapter(StepsOnly(MutantAdapter(MUTANTS["ranking.jack-order-swapped"])), check_turn=False)
    failed = [r for r in run_engine(wrong, probes=False, areas=["ranking"]).results if r.status is Status.FAILED]
    assert failed and {rule for r in failed for rule in r.blamed} <= {
        "ranking.trump-order",
        "ranking.trump-beats-fail",
        "trick.highest-trump-wins",
    }


def test_score_queries_are_answered_by_a_hand_played_to_the_result() -> None:
    """An engine without a score query gets the score scenarios too (a hand is played to each
    described result): none is left unsupported for want of the capability, none fails."""
    results = steps_run().results
    assert not [r for r in results if r.reason == "capability score missing"]
    scored = [r for r in results if r.kind == "scenario" and r.status is Status.PASSED and "score" in r.case_id.lower()]
    by_replay = [r for r in results if r.reason.startswith("engine: score by replay")]
    assert len(scored) > 20 and len(by_replay) < 40, (len(scored), len(by_replay))


def test_a_trick_of_an_engine_without_a_leaster_is_played_in_a_lone_pickers_hand() -> None:
    """Under a schwanzer (no leaster to play the trick in), trick-winner and card-points by replay
    play the trick as the first of a hand the dealer's left picks and plays alone: the jacks of a
    trump trick, and a fail trick's points."""
    from conformance.adapter import CardPointsRequest, TrickWinnerRequest
    from conformance.engines.reference import ReferenceAdapter
    from conformance.kit.derived import card_points_by_replay, trick_winner_by_replay

    engine = StepAdapter(StepsOnly(ReferenceAdapter()), check_turn=False)
    for timing in ("bury-then-call", "call-then-bury"):
        options = {"all-pass": "schwanzer", "call-timing": timing}
        trick = TrickWinnerRequest(options, ("JD", "JC", "7D", "JS", "AC"))
        assert trick_winner_by_replay(trick, options, engine.replay) == 1  # JC: trick.highest-trump-wins
        assert card_points_by_replay(("AC", "TC", "KC"), options, engine.replay) == 25  # points.card-values
    assert engine.card_points(CardPointsRequest(("QC", "AH"))) == 14


@pytest.mark.parametrize("void_play", ["free", "must-trump"])
def test_card_points_by_replay_count_any_cards(void_play: str) -> None:
    """A lone trump (no trick of fail followers can be dealt under it: a low trump or a fail card
    worth nothing leads instead), a whole suit and the whole pack (five cards a hand, summed),
    counted by an engine that only replays hands, as points.card-values gives them (worked by
    hand: the ace 11, the ten 10, the king 4, the queen 3, the jack 2, the rest 0)."""
    from conformance.engines.reference import ReferenceAdapter
    from conformance.kit.derived import card_points_by_replay

    engine = StepAdapter(StepsOnly(ReferenceAdapter()), check_turn=False)
    for all_pass in ("leaster", "schwanzer"):
        options = {"all-pass": all_pass, "void-play": void_play}
        for card, points in (("7D", 0), ("JC", 2), ("AD", 11), ("QH", 3), ("9C", 0)):
            assert card_points_by_replay((card,), options, engine.replay) == points, card
        clubs = ("AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C")  # 11 + 10 + 4 + 3 + 2
        assert card_points_by_replay(clubs, options, engine.replay) == 30
        assert card_points_by_replay(CARDS, options, engine.replay) == 120


@pytest.mark.parametrize("void_play", ["free", "must-trump"])
def test_a_trump_led_with_fail_cards_played_to_it_is_asked_as_a_hands_third_trick(void_play: str) -> None:
    """No first trick can hold a trump led and four fail cards (the fourteen trumps must be
    somewhere), so the trick is played third, after two tricks of trumps: the lowest trump beats
    the fail ace (ranking.trump-beats-fail), and the highest trump wins among trumps."""
    from conformance.adapter import TrickWinnerRequest
    from conformance.engines.reference import ReferenceAdapter
    from conformance.kit.derived import trick_winner_by_replay

    engine = StepAdapter(StepsOnly(ReferenceAdapter()), check_turn=False)
    for all_pass in ("leaster", "schwanzer"):
        options = {"all-pass": all_pass, "void-play": void_play}
        for cards, winner in ((("7D", "AC"), 0), (("9D", "KS", "AS"), 0), (("8D", "AH", "JD"), 2), (("QD", "TC"), 0)):
            assert trick_winner_by_replay(TrickWinnerRequest(options, cards), options, engine.replay) == winner, cards


def test_a_trick_with_a_called_card_is_played_in_a_built_hand() -> None:
    """An engine that only replays hands cannot answer a trick with a called card from a leaster's
    first trick: the trick (completed with fail cards that never win) is played in a whole hand
    built to reach it, and the engine's winner of it is its answer. The reference driven by its
    steps passes those cases; an engine ranking the ten below the king (ranking.fail-king-below-ten)
    fails them, blamed on trick.called-ten-rank."""
    from conformance.gates.mutants import MUTANTS, MutantAdapter

    from .reference_steps import StepsOnly

    wanted = "features/trick/trick.feature::With <called> called, the trick <trick> is won by <winner>"
    honest = run_engine(reference_steps(), ["wikipedia"], probes=False, areas=["trick"]).results
    cases = [r for r in honest if r.case_id.startswith(wanted)]
    assert len(cases) == 3 and all(r.status is Status.PASSED for r in cases), [r.message for r in cases]
    wrong = StepAdapter(StepsOnly(MutantAdapter(MUTANTS["ranking.ten-below-king"])), check_turn=False)
    results = run_engine(wrong, ["wikipedia"], probes=False, areas=["trick"]).results
    assert [r.status for r in results if r.case_id.startswith(wanted)] == [Status.FAILED] * 3


def test_side_totals_an_engine_does_not_report_are_unsupported_never_failed() -> None:
    """'Then the picker's side has 90 card points and 4 tricks' of an engine that reports its
    tricks' points but not the sides' totals: the check cannot be made, which is no wrong answer."""
    import dataclasses

    from conformance.engines.reference import ReferenceSteps as Steps

    class NoSideTotals(Steps):
        def result(self) -> StepResult:
            answer = super().result()
            if answer.outcome is None:
                return answer
            outcome = dataclasses.replace(
                answer.outcome,
                picker_side_points=None,
                picker_side_tricks=None,
                defender_points=None,
                defender_tricks=None,
            )
            return dataclasses.replace(answer, outcome=outcome)

    results = run_engine(StepAdapter(NoSideTotals()), probes=False, areas=["scoring"]).results
    side_rules = {"points.side-totals", "points.bury-counts-for-picker"}
    wrongly = [(r.case_id, r.message) for r in results if r.status is Status.FAILED and side_rules & set(r.blamed)]
    assert not wrongly, wrongly
    assert any("does not report the picker's side card points" in r.message for r in results)
