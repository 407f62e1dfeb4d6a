"""A legal play the engine leaves out is blamed on the exception that makes it legal there, not on
the rule it is an exception to, and the same bug makes one class whatever trick it shows in."""

from __future__ import annotations

import pytest
from sheepshead_spec import load_spec

from conformance.engines.reference import ReferenceAdapter, ReferenceSteps
from conformance.fuzz.run import fuzz
from conformance.gates.mutants import MUTANTS, MutantAdapter
from conformance.runner import install_reference_aids


@pytest.mark.parametrize(
    ("mutant", "blamed"),
    [
        ("play.hold-card-kept-in-last-trick", ("play.hold-card-last-trick",)),
        ("play.partner-need-not-play-called-card", ("play.partner-keeps-called-card",)),
    ],
)
def test_a_missed_exception_is_blamed(mutant: str, blamed: tuple[str, ...]) -> None:
    install_reference_aids()
    run = fuzz(
        MutantAdapter(MUTANTS[mutant]),
        ReferenceSteps(),
        load_spec(),
        hands=60,
        seed="t",
        query_reference=ReferenceAdapter(),
        shrink_tries=0,
    )
    legal = [group.divergence for group in run.groups.values() if group.divergence.kind == "legal"]
    assert [divergence.rules for divergence in legal] == [blamed]


def test_a_lead_left_out_is_one_class_in_the_first_trick_and_later() -> None:
    install_reference_aids()
    run = fuzz(
        MutantAdapter(MUTANTS["deck.queens-follow-printed-suit"]),
        ReferenceSteps(),
        load_spec(),
        hands=60,
        seed="t",
        query_reference=ReferenceAdapter(),
        shrink_tries=0,
    )
    lead_rules = {group.divergence.rules for group in run.groups.values() if group.divergence.kind == "legal"}
    assert ("play.lead-any-card",) in lead_rules  # the exception a leader's card is legal by
    assert not lead_rules & {("play.first-lead",), ("play.winner-leads",)}  # not the trick's number
