"""Hand records (spec/hand-records.md): replaying the spec's examples, a negative record, and
writing a hand back out.

The expected results are the hand computations of test_scoring.py (DEAL_WIN, DEAL_SCHNEIDERED).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from reference_impl.hand import Phase
from reference_impl.record import RecordError, dumps, load, loads, replay
from reference_impl.scoring import OutcomeKind

from .conftest import DEAL_A, DEAL_A_SETUP, DEAL_A_TRICKS, make_hand, run

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"


def test_ordinary_win_deck_example() -> None:
    """deal.three-two-three, scoring.win: 55 + 25 + 10 = 90 for S3 and S1 (see test_scoring)."""
    result = replay(load(EXAMPLES / "ordinary-win-deck.yaml"))
    assert result.error is None
    hand = result.hand
    assert hand.phase is Phase.SCORED
    assert hand.outcome.kind is OutcomeKind.WIN
    assert hand.outcome.picker_side_points == 90
    assert hand.outcome.scores == (1, -1, 2, -1, -1)


def test_schneidered_hands_example() -> None:
    """scoring.schneidered: the hand of DEAL_SCHNEIDERED with every seat one place further left
    (dealer S2, picker S4, partner S1): 16 + 4 = 20. Scores (S1..S5): partner -2, defenders +2,
    picker -4."""
    result = replay(load(EXAMPLES / "schneidered-hands.yaml"))
    assert result.error is None
    outcome = result.hand.outcome
    assert outcome.kind is OutcomeKind.SCHNEIDERED
    assert (outcome.picker, outcome.partner) == (4, 1)
    assert outcome.picker_side_points == 20
    assert outcome.scores == (-2, 2, 2, -4, 2)


def test_negative_record_reports_the_rule() -> None:
    """play.follow-suit, deck.trump-is-one-suit: S2 holds AC but plays QC on a club lead."""
    result = replay(load(EXAMPLES / "revoke-trump-on-club-lead.yaml"))
    assert result.error is not None
    assert result.error.rule_id == "play.follow-suit"
    assert str(result.failed_action) == "S2 play QC"
    assert len(result.hand.current_trick) == 1  # S1's 9C; the refused QC is not in the trick


@pytest.mark.parametrize("profile", ["standard", "sheepsheadai"])
def test_written_hand_replays_to_the_same_position(profile: str) -> None:
    """bury.before-call (hand-records.md section 7): the bury and the call replay in the profile's order
    (call-then-bury under sheepsheadai)."""
    hand = make_hand(DEAL_A, profile)
    setup = DEAL_A_SETUP if profile == "standard" else ["S1 pass", "S2 pick", "S2 call AH", "S2 bury 7C 8D"]
    run(hand, *setup, *DEAL_A_TRICKS)
    again = replay(loads(dumps(hand)))
    assert again.error is None
    assert again.hand.position() == hand.position()
    assert again.hand.outcome == hand.outcome


def test_repeated_card_in_a_record_is_an_error() -> None:
    """deck.thirty-two-cards (hand-records.md section 5.3): 10D and TD are the same card."""
    text = """
format: sheepshead-hand/1
dealer: S5
deal:
  hands:
    S1: [AC, TC, 8C, 9S, QH, 10D]
    S2: [AS, QS, JC, AD, 7C, 7H]
    S3: [KC, 9C, QC, TS, KS, 7D]
    S4: [AH, TH, 9H, JH, 8S, 7S]
    S5: [QD, JS, TD, JD, KH, 8H]
  blind: [KD, 8D]
auction: [S1 pass]
"""
    with pytest.raises(RecordError):
        loads(text)
