"""Burying: exactly two cards, from the picker's eight, before the call (or after it under
call-then-bury, when the last card of the called suit must stay in hand).

Rules: bury.two-cards, bury.cards-from-hand, bury.any-two-cards, bury.before-call,
play.hold-card-kept (its bury part), points.bury-counts-for-picker.
"""

from __future__ import annotations

from reference_impl.cards import mask_of
from reference_impl.hand import Phase

from .conftest import DEAL_A, assert_rejected, card_set, cards, legal_texts, make_hand, run

# DEAL_A: S2 picks KD 8D and holds AS QS JC AD 7C 7H KD 8D.


def picked(profile: str = "standard"):
    return run(make_hand(DEAL_A, profile), "S1 pass, S2 pick")


def test_any_two_of_the_eight_cards_may_be_buried() -> None:
    """bury.two-cards, bury.any-two-cards: C(8, 2) = 28 different burials."""
    hand = picked()
    burials = hand.legal_actions()
    assert len(burials) == 28
    assert {frozenset(action.cards) for action in burials} == {
        frozenset((a, b))
        for i, a in enumerate(cards("AS QS JC AD 7C 7H KD 8D"))
        for b in cards("AS QS JC AD 7C 7H KD 8D")[i + 1 :]
    }


def test_bury_removes_two_cards_and_moves_to_the_call() -> None:
    """bury.two-cards, bury.before-call"""
    hand = run(picked(), "S2 bury 7C 8D")
    assert hand.buried == mask_of(cards("7C 8D"))
    assert set(hand.cards_of(2)) == card_set("AS QS JC AD 7H KD")
    assert hand.phase is Phase.CALL
    assert hand.turn == 2


def test_the_blind_cards_themselves_may_be_buried() -> None:
    """bury.cards-from-hand: the picker's cards include the two blind cards."""
    hand = run(picked(), "S2 bury KD 8D")
    assert set(hand.cards_of(2)) == card_set("AS QS JC AD 7C 7H")


def test_trumps_and_point_cards_may_be_buried() -> None:
    """bury.any-two-cards: AS (11) and QS (a trump) go down together."""
    hand = run(picked(), "S2 bury AS QS")
    assert hand.buried == mask_of(cards("AS QS"))


def test_one_card_is_not_a_bury() -> None:
    """bury.two-cards"""
    assert_rejected(picked(), "S2 bury 7C", "bury.two-cards")


def test_three_cards_are_not_a_bury() -> None:
    """bury.two-cards"""
    assert_rejected(picked(), "S2 bury 7C 8D KD", "bury.two-cards")


def test_a_card_the_picker_does_not_hold_cannot_be_buried() -> None:
    """bury.cards-from-hand: AC is S1's."""
    assert_rejected(picked(), "S2 bury 7C AC", "bury.cards-from-hand")


def test_the_same_card_cannot_be_buried_twice() -> None:
    """bury.cards-from-hand: the two buried cards must be different."""
    assert_rejected(picked(), "S2 bury 7C 7C", "bury.cards-from-hand")


def test_only_the_picker_buries() -> None:
    """bury.two-cards: S3 did not pick."""
    hand = picked()
    error = assert_rejected(hand, "S3 bury KC 9C", {"bury.two-cards", "auction.first-pick-ends"})
    assert error.seat == 3


def test_no_call_before_the_bury() -> None:
    """bury.before-call (call-timing bury-then-call)"""
    hand = picked()
    assert_rejected(hand, "S2 call AH", "bury.before-call")
    assert_rejected(hand, "S2 alone", "bury.before-call")


def test_call_then_bury_calls_first() -> None:
    """bury.before-call (call-timing call-then-bury): the bury comes after the call."""
    hand = picked("sheepsheadai")
    assert hand.phase is Phase.CALL
    assert_rejected(hand, "S2 bury 7C 8D", "bury.before-call")
    run(hand, "S2 call AH")
    assert hand.phase is Phase.BURY
    run(hand, "S2 bury 7C 8D")
    assert hand.phase is Phase.PLAY
    assert hand.turn == 1  # play.first-lead


def test_call_then_bury_keeps_the_last_card_of_the_called_suit() -> None:
    """bury.any-two-cards, play.hold-card-kept: S2 calls AH holding one heart, 7H, among its
    eight cards; 7H cannot be buried, so 28 - 7 = 21 burials remain (the pairs without 7H)."""
    hand = run(picked("sheepsheadai"), "S2 call AH")
    burials = hand.legal_actions()
    assert len(burials) == 21
    assert not any("7H" in str(action) for action in burials)
    assert_rejected(hand, "S2 bury 7H 8D", "play.hold-card-kept")
    assert_rejected(hand, "S2 bury KD 7H", "play.hold-card-kept")


def test_call_then_bury_with_two_cards_of_the_called_suit() -> None:
    """bury.any-two-cards, play.hold-card-kept: holding two clubs (8C 7C) and calling AC, the
    picker may bury one club but not both."""
    deal = dict(DEAL_A)
    # Swap S2's AS for S1's 8C: S2 holds 8C 7C (two clubs) and calls AC.
    deal["S1"] = "AC TC AS 9S QH 9D"
    deal["S2"] = "8C QS JC AD 7C 7H"
    hand = run(make_hand(deal, "sheepsheadai"), "S1 pass, S2 pick, S2 call AC")
    assert len(hand.legal_actions()) == 27  # 28 pairs less {8C, 7C}
    assert_rejected(hand, "S2 bury 8C 7C", "play.hold-card-kept")
    run(hand, "S2 bury 8C KD")
    assert set(hand.cards_of(2)) == card_set("QS JC AD 7C 7H 8D")


def test_alone_under_call_then_bury_frees_the_bury() -> None:
    """bury.any-two-cards: alone there is no called suit, so all 28 burials are legal."""
    hand = run(picked("sheepsheadai"), "S2 alone")
    assert hand.phase is Phase.BURY
    assert len(hand.legal_actions()) == 28
    assert "S2 bury 7H KD" in legal_texts(hand)
