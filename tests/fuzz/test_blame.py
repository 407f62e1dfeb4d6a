"""A legal play the engine leaves out is blamed on the exception that makes it legal there, not on
the rule it is an exception to, and the same bug makes one class whatever trick it shows in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sheepshead_spec import load_spec

from conformance.adapter import Capability, TrickWinnerRequest
from conformance.engines.reference import ReferenceAdapter, ReferenceSteps
from conformance.fuzz.run import FuzzRun, fuzz
from conformance.gates.mutants import MUTANTS, MutantAdapter
from conformance.runner import install_reference_aids
from tests.harness.synthetic import run_cli
from tests.judge.fixed_rules import FixedRulesEngine


def _fuzz(mutant: str) -> FuzzRun:
    """60 hands of seed t against the mutant, with the blame oracle, kept as found."""
    install_reference_aids()
    return fuzz(
        MutantAdapter(MUTANTS[mutant]),
        ReferenceSteps(),
        load_spec(),
        hands=60,
        seed="t",
        query_reference=ReferenceAdapter(),
        shrink_tries=0,
    )


@pytest.mark.parametrize(
    ("mutant", "blamed"),
    [
        ("play.hold-card-kept-in-last-trick", ("play.hold-card-last-trick",)),
        ("play.partner-need-not-play-called-card", ("play.partner-keeps-called-card",)),
    ],
)
def test_a_missed_exception_is_blamed(mutant: str, blamed: tuple[str, ...]) -> None:
    run = _fuzz(mutant)
    legal = [group.divergence for group in run.groups.values() if group.divergence.kind == "legal"]
    assert [divergence.rules for divergence in legal] == [blamed]


def test_a_lead_left_out_is_one_class_in_the_first_trick_and_later() -> None:
    run = _fuzz("deck.queens-follow-printed-suit")
    lead_rules = {group.divergence.rules for group in run.groups.values() if group.divergence.kind == "legal"}
    assert ("play.lead-any-card",) in lead_rules  # the exception a leader's card is legal by
    assert not lead_rules & {("play.first-lead",), ("play.winner-leads",)}  # not the trick's number


_QUERIES = frozenset(
    {
        Capability.TRICK_WINNER,
        Capability.LEGAL_PLAYS,
        Capability.CALLABLE_CARDS,
        Capability.SCORE,
        Capability.CARD_POINTS,
        Capability.RULE_IDS,
    }
)


@pytest.mark.parametrize(
    ("mutant", "rule"),
    [("play.trump-lead-not-followed", "play.follow-trump"), ("ranking.jack-order-swapped", "ranking.trump-order")],
)
def test_a_query_only_engine_with_a_planted_bug_is_found_by_fuzz(tmp_path: Path, mutant: str, rule: str) -> None:
    """No steps, no replay: each random hand is asked as queries, and the divergence's record shows
    it again under check (the reference agrees with the record, the engine does not)."""
    plays = load_spec().profile_options("standard")

    def engine() -> FixedRulesEngine:
        return FixedRulesEngine(MUTANTS[mutant].adapter(), plays=plays, capabilities=_QUERIES, name=mutant)

    out = tmp_path / "out"
    argv = ["fuzz", "--engine", "q", "--hands", "60", "-q", "--seed", "t", "--output", str(out), "--format", "json"]
    outcome = run_cli(argv, loader=lambda text: engine())
    assert outcome.status == 1, outcome.err
    data = json.loads(outcome.out)
    found = [d for d in data["divergences"] if d["kind"] == "query"]
    assert found and any(rule in d["rules"] for d in found), data["divergences"]
    record = next(d["record"] for d in found if rule in d["rules"])
    assert run_cli(["check", record]).status == 0
    assert run_cli(["check", record, "--engine", "q"], loader=lambda text: engine()).status == 1
    honest = run_cli(
        ["fuzz", "--engine", "q", "--hands", "30", "-q", "--seed", "t"],
        loader=lambda text: FixedRulesEngine(ReferenceAdapter(), plays=plays, capabilities=_QUERIES, name="honest"),
    )
    assert honest.status == 0, honest.out


class _FirstCardWinsQuery(ReferenceAdapter):
    """Plays hands as the reference does, but its trick-winner query names the led card: a bug
    only its queries show."""

    def trick_winner(self, request: TrickWinnerRequest) -> int:
        return 0


def test_a_step_engine_is_checked_through_its_queries_as_well(tmp_path: Path) -> None:
    """One hand in QUERIES_EVERY of a step engine with queries is also asked as queries: a wrong
    trick-winner query is found, though every hand the engine plays agrees."""
    out = tmp_path / "out"
    argv = ["fuzz", "--engine", "q", "--hands", "70", "-q", "--seed", "t", "--output", str(out), "--format", "json"]
    outcome = run_cli([*argv, "--shrink", "0"], loader=lambda text: _FirstCardWinsQuery())
    assert outcome.status == 1, outcome.err
    found = [d for d in json.loads(outcome.out)["divergences"] if d["kind"] == "query"]
    assert found and all(d["class"].startswith("query-trick-winner ") for d in found), found
