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


@pytest.mark.parametrize(("named", "status"), [
    ("play.follow-suit", 0), ("play.hold-card-on-first-lead", 0), ("play.card-in-hand", 1),
])  # fmt: skip
def test_the_judge_accepts_any_rule_the_action_breaks(named: str, status: int) -> None:
    outcome = run_cli(["check", str(RECORD), "--engine", "named"], loader=lambda text: NamesAnotherRule(named))
    assert outcome.status == status, outcome.out
    if status:
        assert "rule broken by 'S2 play QS': record play.follow-suit or play.hold-card-on-first-lead" in outcome.out
