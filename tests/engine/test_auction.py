"""The auction: offered from the dealer's left, one seat at a time, the first pick ends it;
what five passes lead to under each all-pass option.

Rules: auction.order, auction.pick-or-pass, auction.first-pick-ends, auction.picker-takes-blind,
all-pass.table-choice, all-pass.redeal, all-pass.doubler, leaster.every-player-for-themselves.
"""

from __future__ import annotations

import pytest

from reference_impl.hand import Phase
from reference_impl.scoring import OutcomeKind

from .conftest import DEAL_A, assert_rejected, card_set, legal_texts, make_hand, run


@pytest.mark.parametrize(("dealer", "order"), [(5, [1, 2, 3, 4, 5]), (3, [4, 5, 1, 2, 3]), (1, [2, 3, 4, 5, 1])])
def test_blind_offered_clockwise_from_dealers_left_dealer_last(dealer: int, order: list[int]) -> None:
    """auction.order"""
    hand = make_hand(DEAL_A, dealer=dealer)
    seen = []
    for _ in range(4):
        seen.append(hand.turn)
        assert legal_texts(hand) == {f"S{hand.turn} pick", f"S{hand.turn} pass"}
        run(hand, f"S{hand.turn} pass")
    seen.append(hand.turn)
    assert seen == order
    assert hand.phase is Phase.AUCTION


def test_only_the_seat_to_act_may_pick_or_pass() -> None:
    """auction.order: dealer S3, so S4 is asked first; S5 and the dealer may not jump in."""
    hand = make_hand(DEAL_A, dealer=3)
    assert hand.turn == 4
    assert_rejected(hand, "S5 pick", "auction.order")
    assert_rejected(hand, "S3 pass", "auction.order")
    assert_rejected(hand, "S1 pick", "auction.order")
    run(hand, "S4 pass")
    assert hand.turn == 5
    assert_rejected(hand, "S1 pass", "auction.order")


def test_a_seat_that_passed_cannot_pick_later() -> None:
    """auction.pick-or-pass (each seat is asked once), auction.order (it is S2's turn)."""
    hand = make_hand(DEAL_A)
    run(hand, "S1 pass")
    assert_rejected(hand, "S1 pick", {"auction.pick-or-pass", "auction.order"})


def test_first_pick_ends_the_auction_and_takes_the_blind() -> None:
    """auction.first-pick-ends, auction.picker-takes-blind: S2 picks; S3-S5 are not asked."""
    hand = make_hand(DEAL_A)
    run(hand, "S1 pass", "S2 pick")
    assert hand.picker == 2
    assert hand.phase is Phase.BURY
    assert hand.turn == 2
    assert set(hand.cards_of(2)) == card_set("AS QS JC AD 7C 7H KD 8D")  # six + the blind: eight
    assert_rejected(hand, "S3 pick", "auction.first-pick-ends")
    assert_rejected(hand, "S3 pass", "auction.first-pick-ends")
    assert_rejected(hand, "S2 pass", "auction.first-pick-ends")


def test_dealers_left_may_pick_at_once() -> None:
    """auction.first-pick-ends"""
    hand = run(make_hand(DEAL_A), "S1 pick")
    assert hand.picker == 1
    assert len(hand.cards_of(1)) == 8


def test_dealer_may_pick_after_four_passes() -> None:
    """auction.order: the dealer is asked last."""
    hand = run(make_hand(DEAL_A), "S1 pass, S2 pass, S3 pass, S4 pass")
    assert hand.turn == 5
    run(hand, "S5 pick")
    assert hand.picker == 5
    assert set(hand.cards_of(5)) == card_set("QD JS TD JD KH 8H KD 8D")


def test_under_call_then_bury_the_pick_leads_to_the_call() -> None:
    """bury.before-call (axis call-timing): under call-then-bury the picker calls first."""
    hand = run(make_hand(DEAL_A, "sheepsheadai"), "S1 pass, S2 pick")
    assert hand.phase is Phase.CALL
    assert hand.turn == 2


def test_all_pass_under_leaster_plays_a_leaster() -> None:
    """all-pass.table-choice, leaster.every-player-for-themselves: nobody takes the blind and
    the dealer's left leads the first trick."""
    hand = run(make_hand(DEAL_A, dealer=3), "S4 pass, S5 pass, S1 pass, S2 pass, S3 pass")
    assert hand.phase is Phase.PLAY
    assert hand.is_leaster
    assert hand.picker is None
    assert hand.turn == 4
    assert all(len(hand.cards_of(seat)) == 6 for seat in range(1, 6))


@pytest.mark.parametrize(
    ("profile", "kind"),
    [("doubler", OutcomeKind.DOUBLER), ("doubler-single", OutcomeKind.DOUBLER), ("redeal", OutcomeKind.REDEAL)],
)
def test_all_pass_throws_the_cards_in_without_score(profile: str, kind: OutcomeKind) -> None:
    """all-pass.doubler, all-pass.redeal: no play and no score change."""
    hand = run(make_hand(DEAL_A, profile), "S1 pass, S2 pass, S3 pass, S4 pass, S5 pass")
    assert hand.phase is Phase.SCORED
    assert hand.turn is None
    assert hand.legal_actions() == []
    assert hand.outcome is not None
    assert hand.outcome.kind is kind
    assert hand.outcome.scores == (0, 0, 0, 0, 0)


@pytest.mark.parametrize(("profile", "rule"), [("redeal", "all-pass.redeal"), ("doubler", "all-pass.doubler")])
def test_no_play_after_a_thrown_in_deal(profile: str, rule: str) -> None:
    """all-pass.redeal, all-pass.doubler: the cards are thrown in "without play", so a lead by
    the dealer's left breaks that rule (no trick was ever started, so play.clockwise-one-card,
    "a hand has six tricks", is not the rule broken)."""
    hand = run(make_hand(DEAL_A, profile), "S1 pass, S2 pass, S3 pass, S4 pass, S5 pass")
    assert_rejected(hand, "S1 play AC", rule)


@pytest.mark.parametrize("action", ["S1 pick", "S1 pass"])
def test_no_sixth_offer_of_the_blind_in_a_leaster(action: str) -> None:
    """auction.pick-or-pass: each seat is offered the blind once, so after five passes S1 may
    neither pick nor pass again. Nobody picked, so auction.first-pick-ends ("the first player
    who picks becomes the picker") is not the rule broken."""
    hand = run(make_hand(DEAL_A), "S1 pass, S2 pass, S3 pass, S4 pass, S5 pass")
    assert hand.turn == 1
    assert_rejected(hand, action, "auction.pick-or-pass")


def test_no_play_during_the_auction() -> None:
    """auction.pick-or-pass (the seat offered the blind picks or passes), play.first-lead (the
    first lead comes after the auction)."""
    hand = make_hand(DEAL_A)
    assert_rejected(hand, "S1 play AC", {"auction.pick-or-pass", "play.first-lead"})
