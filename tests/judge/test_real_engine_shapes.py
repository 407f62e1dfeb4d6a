"""Judging engines the suite will never see: fixed rules that match no named profile, planted
bugs, variant liars, practices none of the listed options describe, and engines without a game
flow. Each fake is a fixed-rule wrapper around the reference engine (or a mutant of it, carrying
one bug); expected blames come from the bug planted, not from what the harness prints."""

from __future__ import annotations

import functools
import shlex
import sys
from pathlib import Path

import pytest
from sheepshead_spec import load_spec

from conformance.adapter import Capability
from conformance.judge.verdict import Reading, coverage_of, read_behaviour
from conformance.gates.mutants import MUTANTS
from conformance.judge.results import Status
from conformance.runner import SuiteRun, run_engine
from tests.judge.fixed_rules import ODD_RULES, FixedRulesEngine

FAKE_SERVER = Path(__file__).with_name("fixed_rules_server.py")


def _judge(engine: object) -> tuple[SuiteRun, Reading]:
    run = run_engine(engine)  # type: ignore[arg-type]
    assert run.rule_set is not None
    return run, read_behaviour(run.results, run.probes, run.rule_set, load_spec())


@functools.cache
def _honest() -> tuple[SuiteRun, Reading]:
    return _judge(FixedRulesEngine())


def test_no_named_profile_matches_the_odd_rule_set() -> None:
    spec = load_spec()
    wanted = {**{axis.id: axis.default for axis in spec.axes}, **ODD_RULES}
    assert all(spec.profile_options(profile.id) != wanted for profile in spec.profiles)


def test_an_honest_fixed_rule_engine_runs_the_cases_it_can_play_and_passes_them() -> None:
    run, reading = _honest()
    allowed = {Status.PASSED, Status.UNSUPPORTED, Status.SKIPPED}
    assert not [r.message for r in run.results if r.status not in allowed]
    # a skipped case is one its options make impossible, with the case's own reason
    assert all(r.reason.startswith("not applicable under ") for r in run.results if r.status is Status.SKIPPED)
    unsupported_by_axis = {
        r.case_id for r in run.results if r.status is Status.UNSUPPORTED and r.reason.startswith("axis ")
    }
    playable = {r.case_id for r in run.results} - unsupported_by_axis
    ran = {r.case_id for r in run.results if r.status is Status.PASSED}
    assert len(ran) >= 0.9 * len(playable)
    # Every unsupported case is so because it needs an option the engine does not play.
    assert all(r.reason.startswith("axis ") for r in run.results if r.status is Status.UNSUPPORTED)
    assert not reading.deviations and not any(axis.differs for axis in reading.axes)
    # A case that depends on no axis runs exactly once.
    once = [r for r in run.results if not r.config]
    assert len({r.case_id for r in once}) == len(once) > 100


def test_cases_on_no_axis_run_once_and_coverage_names_each_reason() -> None:
    run, _ = _honest()
    coverage = coverage_of(run.results)
    assert coverage.cases == len({r.case_id for r in run.results})
    # every case speaks to every rule set: none needs an option the engine does not play; the
    # rest are the cases its options make impossible, each with its reason
    assert not coverage.unsupported and coverage.ran == coverage.allowed
    assert sum(coverage.unsupported.values()) + coverage.ran + coverage.skipped == coverage.cases
    assert all(r.reason.startswith("not applicable under ") for r in run.results if r.status is Status.SKIPPED)


@pytest.mark.parametrize(
    ("mutant", "blamed"),
    [
        ("scoring.sixty-wins", {"scoring.tie-goes-to-defenders"}),
        ("ranking.red-queens-swapped", {"ranking.trump-order"}),
    ],
)
def test_one_planted_bug_is_blamed_on_its_own_rule(mutant: str, blamed: set[str]) -> None:
    run, reading = _judge(FixedRulesEngine(MUTANTS[mutant].adapter()))
    failed = [r for r in run.results if r.status is Status.FAILED]
    assert failed
    # Perft positions count action sequences and cannot tell a ranking bug from a legality bug:
    # they blame the legality rules; every other case blames the planted bug's rule only.
    case_blames = {rule for r in failed if r.kind != "perft" for rule in r.blamed}
    assert case_blames == blamed
    assert set(reading.deviations) - {"play.follow-suit"} == blamed
    assert not reading.explained, "a bug is not a variant"


def test_an_engine_playing_another_option_than_it_declares_is_read_as_playing_it() -> None:
    run, reading = _judge(FixedRulesEngine(declared={"no-tricker": "tricks"}))
    axis = reading.axis("no-tricker")
    assert axis is not None and axis.differs and axis.plays == ("points",)
    assert "declared no-tricker=tricks; plays no-tricker=points" in axis.describe()
    failed = [r for r in run.results if r.status is Status.FAILED]
    assert failed and all(reading.explained.get(r.key) == "no-tricker=points" for r in failed)
    assert not reading.deviations, "a variant is not a broken rule"
    assert [a.axis for a in reading.axes if a.differs] == ["no-tricker"]


def test_a_practice_none_of_the_listed_options_describes_leaves_every_other_rule_alone() -> None:
    run, reading = _judge(FixedRulesEngine(triple_losses=True))
    assert set(reading.deviations) == {"scoring.double-on-the-bump"}
    off_axis = [r for r in run.results if r.status is Status.FAILED and "double-on-the-bump" not in dict(r.config)]
    assert not off_axis, [r.key for r in off_axis]


def test_an_axis_declared_as_none_of_the_listed_is_unsupported_with_that_reason_and_the_rest_runs() -> None:
    note = "calls a suit before the bury, by its own rules"
    run, _ = _judge(FixedRulesEngine(declared={"call-timing": None}, unlisted={"call-timing": note}))
    reason = f"axis call-timing: the engine plays none of the listed options ({note})"
    unsupported = [r for r in run.results if r.status is Status.UNSUPPORTED]
    on_axis = [r for r in unsupported if r.reason == reason]
    assert on_axis
    honest_ids = {r.case_id for r in _honest()[0].results if r.status is Status.PASSED}
    ran = {r.case_id for r in run.results if r.status is Status.PASSED}
    # Everything the honest engine ran still runs, except the cases on call-timing.
    assert honest_ids - ran == {r.case_id for r in on_axis} & honest_ids
    assert not [r for r in run.results if r.status is Status.FAILED]


def test_an_engine_without_a_game_flow_runs_the_query_cases() -> None:
    queries = frozenset(
        {
            Capability.TRICK_WINNER,
            Capability.LEGAL_PLAYS,
            Capability.CALLABLE_CARDS,
            Capability.SCORE,
            Capability.CARD_POINTS,
        }
    )
    run, reading = _judge(FixedRulesEngine(capabilities=queries))
    passed = [r for r in run.results if r.status is Status.PASSED]
    assert len(passed) > 150
    assert not [r for r in run.results if r.status is Status.FAILED]
    reasons = coverage_of(run.results).unsupported
    assert reasons.get("capability replay missing", 0) > 50


def test_the_same_judgement_over_the_subprocess_protocol() -> None:
    command = f"cmd:{shlex.join([sys.executable, str(FAKE_SERVER), 'scoring.sixty-wins'])}"
    over_the_wire, reading = _judge(command)
    in_process, _ = _judge(FixedRulesEngine(MUTANTS["scoring.sixty-wins"].adapter()))
    assert [(r.key, r.status, r.blamed) for r in over_the_wire.results] == [
        (r.key, r.status, r.blamed) for r in in_process.results
    ]
    assert set(reading.deviations) == {"scoring.tie-goes-to-defenders"}


def test_a_legal_action_refused_under_a_rule_of_the_case_is_blamed_on_that_rule_alone() -> None:
    """An engine playing the blitz at the pick that opens it only after the call refuses the
    blitz S2 makes as S1 picks, naming crack.window: scenarios blame that rule alone, as records
    and perft positions do, not every crack rule of the case (crack.blitz, crack.doubles, …)."""
    plays = {**ODD_RULES, "cracking": "crack", "blitzing": "at-the-pick"}
    run, _ = _judge(FixedRulesEngine(MUTANTS["crack.blitz-at-the-pick-after-the-call"].adapter(), plays))
    failed = [r for r in run.results if r.status is Status.FAILED]
    assert any(r.kind == "scenario" for r in failed) and any(r.kind != "scenario" for r in failed)
    assert {rule for r in failed for rule in r.blamed} == {"crack.window"}
