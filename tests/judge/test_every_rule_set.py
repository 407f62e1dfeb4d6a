"""Every case speaks to every rule set: fixed-rule stand-ins meet (nearly) the whole suite.

The stand-ins are the reference engine restricted to one option set (:class:`FixedRulesEngine`):
it plays exactly those options whatever it is asked, and declares them. Judged under its own
rule set, such an engine must run nearly every case of the suite and fail none; a query-only
stand-in (no replay, no steps) must still be judged on most cases, every hand record being asked
as queries; and a single planted bug (a legal play refused without naming a rule) must show as
one red rule, not as every play rule of the cases it touches.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence

import pytest
from sheepshead_spec import load_spec

from conformance.adapter import Capability, ScoreRequest, ScoreResponse
from conformance.gates.mutants import MUTANTS
from conformance.judge.matrix import EngineRun, build_matrix
from conformance.judge.results import CaseResult, Status
from conformance.judge.verdict import coverage_of, read_behaviour
from conformance.runner import SuiteRun, run_engine
from tests.judge.fixed_rules import ODD_RULES, FixedRulesEngine

QUERIES = frozenset(
    {
        Capability.TRICK_WINNER,
        Capability.LEGAL_PLAYS,
        Capability.CALLABLE_CARDS,
        Capability.SCORE,
        Capability.CARD_POINTS,
        Capability.RULE_IDS,
    }
)


def _rule_set(name: str) -> dict[str, str]:
    return dict(ODD_RULES) if name == "odd" else load_spec().profile_options(name)


@functools.cache
def _run(name: str, queries_only: bool = False) -> SuiteRun:
    capabilities = QUERIES if queries_only else None
    return run_engine(FixedRulesEngine(plays=_rule_set(name), capabilities=capabilities, name=f"fixed-{name}"))


@pytest.mark.parametrize("name", ["standard", "sheepsheadai", "odd"])
def test_a_fixed_rule_engine_is_judged_on_nearly_every_case_and_fails_none(name: str) -> None:
    run = _run(name)
    problems = [r.key for r in run.results if r.status in (Status.FAILED, Status.ERROR)]
    assert not problems, problems[:10]
    coverage = coverage_of(run.results)
    assert coverage.ran >= 0.95 * coverage.cases, coverage.describe()


def test_a_query_only_engine_is_judged_on_most_cases_every_hand_record_asked_as_queries() -> None:
    run = _run("standard", queries_only=True)
    problems = [f"{r.key}: {r.message}" for r in run.results if r.status in (Status.FAILED, Status.ERROR)]
    assert not problems, problems[:10]
    coverage = coverage_of(run.results)
    # Every case its capabilities allow runs; of the whole suite, what needs game flow (a replay:
    # whose turn it is, the auction, the bury, cracks) is left: about 76 % runs, some in part.
    assert coverage.ran == coverage.allowed, coverage.describe()
    assert coverage.ran >= 0.75 * coverage.cases, coverage.describe()
    assert 0 < coverage.in_part < coverage.ran, coverage.describe()
    assert "of them in part, asked as queries" in coverage.describe()
    ran_records = {r.case_id for r in run.results if r.kind == "fixture" and r.status is Status.PASSED}
    assert "fixtures/hands/ordinary-win-deck.yaml" in ran_records
    ran_perft = {r.case_id for r in run.results if r.kind == "perft" and r.status is Status.PASSED}
    assert "fixtures/perft/play-leaster-standard.yaml" in ran_perft  # counted through queries


@pytest.mark.parametrize(
    ("mutant", "rule"),
    [("play.trump-lead-not-followed", "play.follow-trump"), ("play.hold-card-thrown-early", "play.hold-card-kept")],
)
def test_a_query_only_engine_is_counted_through_queries_in_perft_positions_and_blamed_on_the_broken_rule(
    mutant: str, rule: str
) -> None:
    engine = FixedRulesEngine(MUTANTS[mutant].adapter(), plays=_rule_set("standard"), capabilities=QUERIES, name=mutant)
    failed = [r for r in run_engine(engine).results if r.kind == "perft" and r.status is Status.FAILED]
    assert failed, "a wrong legal-plays answer changes a perft count"
    assert {blamed for r in failed for blamed in r.blamed} == {rule}
    assert all("the engine offers the illegal" in r.detail or "leaves out" in r.detail for r in failed), failed[
        0
    ].detail


def test_the_summary_gives_the_coverage_against_the_ceiling_and_against_the_whole_suite() -> None:
    coverage = coverage_of(_run("standard", queries_only=True).results)
    line = coverage.describe()
    assert f"of the {coverage.allowed:,} cases its rules and capabilities allow" in line
    assert f"and of all {coverage.cases:,}" in line
    assert coverage.need_capabilities > 0 and "need capabilities it lacks" in line
    assert coverage.ran <= coverage.allowed <= coverage.cases


def test_a_legal_play_refused_without_a_rule_is_one_red_rule_in_the_matrix() -> None:
    inner = MUTANTS["play.hold-card-kept-in-last-trick"].adapter()
    capabilities = inner.info().capabilities - {Capability.RULE_IDS}  # refuses without naming a rule
    engine = FixedRulesEngine(inner, plays=_rule_set("standard"), capabilities=capabilities, name="hold-card-bug")
    run = run_engine(engine)
    assert run.rule_set is not None
    reading = read_behaviour(run.results, run.probes, run.rule_set, load_spec())
    failed = [r for r in run.results if r.status is Status.FAILED]
    assert len(failed) >= 3
    assert {rule for r in failed for rule in r.blamed} == {"play.hold-card-last-trick"}
    matrix = build_matrix(
        load_spec(),
        [
            EngineRun(
                "python:x", "hold-card-bug", "1", tuple(run.results), own_rule_set=True, explained=reading.explained
            )
        ],
        (),
    )
    red = [rule for rule in matrix.rules if matrix.cell(0, rule).verdict == "wrong"]
    assert red == ["play.hold-card-last-trick"]


_QUEEN_OF_CLUBS = "features/play/play.feature::The queen of clubs does not follow a club lead"
_PARTNER_ACE = "features/play/play.feature::The partner plays the called ace on the first lead of its suit"
_OUT_OF_TURN = "features/play/play.feature::Only the player whose turn it is may play"


def test_a_game_scenario_is_asked_as_queries_where_its_every_step_is_a_query() -> None:
    results = {r.case_id: r for r in _run("standard", queries_only=True).results}
    for case in (_QUEEN_OF_CLUBS, _PARTNER_ACE):
        assert results[case].status is Status.PASSED, (case, results[case].message)
    # whose turn it is no query shows: that scenario still needs a replay
    assert results[_OUT_OF_TURN].status is Status.UNSUPPORTED
    assert results[_OUT_OF_TURN].reason == "capability replay missing", results[_OUT_OF_TURN].message


@pytest.mark.parametrize(
    ("mutant", "case", "rule"),
    [
        ("deck.queens-follow-printed-suit", _QUEEN_OF_CLUBS, "play.follow-suit"),
        ("play.partner-need-not-play-called-card", _PARTNER_ACE, "play.partner-plays-called-card"),
    ],
)
def test_a_game_scenario_asked_as_queries_finds_a_wrong_legal_plays_answer(mutant: str, case: str, rule: str) -> None:
    engine = FixedRulesEngine(MUTANTS[mutant].adapter(), plays=_rule_set("standard"), capabilities=QUERIES, name=mutant)
    result = next(r for r in run_engine(engine).results if r.case_id == case)
    assert result.status is Status.FAILED, result.message
    assert rule in result.blamed, result.blamed


_CAPPED = "features/crack/blitz.feature::A lone picker's no-tricker, cracked, re-cracked and blitzed twice"


def test_a_whole_game_scenario_asked_as_queries_is_scored_through_the_score_query() -> None:
    """The cracks raise the stakes sent with the ``score`` query; the tricks are the engine's
    ``trick-winner`` answers. A cap the engine forgets shows in the scores."""

    def capped(results: Sequence[CaseResult]) -> CaseResult:
        return next(r for r in results if r.case_id.startswith(_CAPPED))

    plays = _rule_set("capped-cracking-64")
    right = capped(run_engine(FixedRulesEngine(plays=plays, capabilities=QUERIES, name="capped")).results)
    assert right.status is Status.PASSED, right.message
    inner = MUTANTS["crack.cap-ignored"].adapter()
    wrong = capped(run_engine(FixedRulesEngine(inner, plays=plays, capabilities=QUERIES, name="uncapped")).results)
    assert wrong.status is Status.FAILED, wrong.message
    assert wrong.blamed == ("crack.cap",), wrong.blamed


def _result(run: SuiteRun, case_id: str) -> CaseResult:
    return next(r for r in run.results if r.case_id == case_id)


def test_a_record_asked_as_queries_counts_only_for_the_rules_a_query_shows() -> None:
    """Whose turn it is, the auction and the bury no query shows: the hand record is judged in
    part, and those rules are listed as unjudged, never counted as passed."""
    result = _result(_run("standard", queries_only=True), "fixtures/hands/ordinary-win-deck.yaml")
    assert result.status is Status.PASSED, result.message
    assert {"play.winner-leads", "auction.first-pick-ends", "bury.two-cards"} <= set(result.unjudged)
    assert not set(result.unjudged) & set(result.rules)
    assert {"trick.highest-trump-wins", "play.picker-leads-called-suit", "scoring.win"} <= set(result.rules)
    # a record about whose turn it is has nothing a query shows: unsupported, as before
    turn = _result(_run("standard", queries_only=True), "fixtures/negative/loser-leads-next-trick.yaml")
    assert turn.status is Status.UNSUPPORTED and turn.reason == "capability replay missing", turn.message


_DOUBLED = "fixtures/sessions/session-doubler-then-doubled-hand.yaml"


def test_a_session_asked_as_queries_is_judged_hand_by_hand_at_the_stakes_its_doublers_give() -> None:
    """Under the doubler profile the second hand is doubled: the score query is sent stakes 2.
    Who deals, the doubler and the totals are the session's: unjudged."""
    result = _result(_run("doubler", queries_only=True), _DOUBLED)
    assert result.status is Status.PASSED, result.message
    assert {"scoring.stakes-multiply", "scoring.win"} <= set(result.rules)
    assert {"all-pass.doubler", "session.deal-rotates-left", "session.cumulative-scores"} <= set(result.unjudged)


class _StakesIgnored(FixedRulesEngine):
    """A rules library whose score query forgets the stakes it is sent (a doubled hand)."""

    def score(self, request: ScoreRequest) -> ScoreResponse:
        return super().score(dataclasses.replace(request, stakes=1))


def test_a_session_asked_as_queries_finds_a_score_that_forgets_the_stakes() -> None:
    engine = _StakesIgnored(plays=_rule_set("doubler"), capabilities=QUERIES, name="stakes-ignored")
    result = _result(run_engine(engine), _DOUBLED)
    assert result.status is Status.FAILED, result.message
    assert result.blamed == ("scoring.stakes-multiply",), (result.blamed, result.message)
    assert result.message.startswith("hand 2: scores of the hand"), result.message  # named by its hand


def test_a_perft_call_position_is_counted_through_the_callable_cards_query() -> None:
    """After the bury, the picker's calls and alone are the callable-cards answer; a library that
    lets the picker call an ace it holds counts more calls, blamed on call.not-own-card."""
    position = "fixtures/perft/call-ten-wikipedia.yaml"
    assert _result(_run("standard", queries_only=True), position).status is Status.PASSED
    inner = MUTANTS["call.own-ace-accepted"].adapter()
    engine = FixedRulesEngine(inner, plays=_rule_set("standard"), capabilities=QUERIES, name="own-ace")
    result = _result(run_engine(engine), position)
    assert result.status is Status.FAILED, result.message
    assert result.blamed == ("call.not-own-card",), result.blamed


def test_a_session_hand_scored_without_its_doubler_is_blamed_on_the_doubler() -> None:
    """The record judge knows what the session's doublers make each hand worth: a doubled hand
    scored single is all-pass.doubler's breach, in run as in fuzz."""
    engine = FixedRulesEngine(MUTANTS["session.doubler-ignored"].adapter(), plays=_rule_set("doubler"), name="x")
    result = _result(run_engine(engine), _DOUBLED)
    assert result.status is Status.FAILED, result.message
    assert result.blamed == ("all-pass.doubler",), (result.blamed, result.message)
