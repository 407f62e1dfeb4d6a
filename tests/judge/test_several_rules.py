"""An action that breaks several rules (SPEC.md, "When an action breaks several rules"): the
reference names every one, the first by the spec's order, and the judge accepts an engine naming
any of them, never one the action does not break."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from conformance.adapter import ReplayRequest, ReplayResponse
from conformance.engines.reference import ReferenceAdapter
from reference_impl.errors import IllegalActionError
from reference_impl.hand import Action
from tests.engine.conftest import DEAL_A, DEAL_A_SETUP, make_hand, run
from tests.harness.synthetic import run_cli

RECORD = Path(__file__).resolve().parents[2] / "fixtures" / "negative" / "hold-card-queen-on-first-called-lead.yaml"


class NamesAnotherRule(ReferenceAdapter):
    """The reference engine, naming ``rule`` for every play it refuses."""

    def __init__(self, rule: str) -> None:
        super().__init__()
        self.rule = rule

    def replay(self, request: ReplayRequest) -> ReplayResponse:
        reply = super().replay(request)
        if reply.rejected is None:
            return reply
        return dataclasses.replace(reply, rejected=dataclasses.replace(reply.rejected, rule=self.rule))


def test_the_reference_names_every_rule_a_play_breaks_following_suit_first() -> None:
    hand = run(make_hand(DEAL_A), *DEAL_A_SETUP, "S1 9D, S2 KD, S3 7D, S4 JH, S5 QD", "S5 8H, S1 QH")
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(Action.parse("S2 play QS"))
    assert caught.value.rule_ids == ("play.follow-suit", "play.hold-card-on-first-lead")
    assert caught.value.rule_id == "play.follow-suit"


@pytest.mark.parametrize(
    ("named", "status"),
    [
        ("play.follow-suit", 0),
        ("play.hold-card-on-first-lead", 0),
        ("play.card-in-hand", 1),
    ],
)
def test_the_judge_accepts_any_rule_the_action_breaks(named: str, status: int) -> None:
    outcome = run_cli(["check", str(RECORD), "--engine", "named"], loader=lambda text: NamesAnotherRule(named))
    assert outcome.status == status, outcome.out
    if status:
        assert "rule broken by 'S2 play QS': record play.follow-suit or play.hold-card-on-first-lead" in outcome.out


def test_a_legal_play_refused_under_a_rule_of_the_case_is_blamed_on_that_rule_only() -> None:
    """An engine that makes every void player trump refuses S1's throw-off 8S in trick 1 of a
    whole hand legal under void-play free, naming play.void-in-led-suit: the record checks eight
    play rules, and only the one the engine misapplied is blamed."""
    from sheepshead_spec import load_spec

    from conformance.cases.catalog import suite_cases
    from conformance.gates.mutants import MUTANTS
    from conformance.judge.results import Status
    from conformance.judge.run import run_cases

    spec = load_spec()
    case_id = "fixtures/hands/variants/void-throw-off-whole-hand-free-stops-under-must-trump.yaml"
    (case,) = [c for c in suite_cases() if c.id == case_id]
    assert len([r for r in case.rules if r.startswith("play.")]) > 1
    engine = MUTANTS["play.void-must-trump"].adapter()
    results = [
        r
        for r in run_cases([case], engine, engine.info(), spec, probes=False).results
        if dict(r.config).get("void-play") == "free"
    ]
    assert results and {(r.status, r.blamed) for r in results} == {(Status.FAILED, ("play.void-in-led-suit",))}
