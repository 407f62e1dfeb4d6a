"""Calling a partner: which calls are legal in hand-built positions, who becomes the partner,
tens, the under call, and going alone.

Rules: call.partner-or-alone, call.ace-of-held-fail-suit, call.not-own-card,
call.ten-when-all-aces, call.no-callable-suit, call.under-card, call.partner-is-holder,
alone.declare, alone.teams.
"""

from __future__ import annotations

from reference_impl.cards import Card
from reference_impl.hand import Phase

from .conftest import DEAL_U, DEAL_W, assert_rejected, legal_texts, make_hand, run

# DEAL_C (dealer S5): S1 picks JD 7D, so its eight cards are QC QS 7C 8C KH AS JD 7D.
# S2 holds AC, S3 holds AH.
DEAL_C = {
    "S1": "QC QS 7C 8C KH AS",
    "S2": "AC TC QH QD JC 9S",
    "S3": "AH TH JS JH 8S 7S",
    "S4": "KC 9C AD TD TS KS",
    "S5": "9H 8H 7H KD 9D 8D",
    "blind": "JD 7D",
}


def after_bury(deal, bury: str, profile: str = "standard"):
    return run(make_hand(deal, profile), "S1 pick", f"S1 bury {bury}")


# ------------------------------------------------------------------ aces


def test_calls_with_clubs_and_a_heart_in_hand() -> None:
    """call.ace-of-held-fail-suit, call.not-own-card: after burying JD 7D, S1 holds
    QC QS 7C 8C KH AS: AC (7C, 8C held) and AH (KH held) may be called; AS is S1's own."""
    hand = after_bury(DEAL_C, "JD 7D")
    assert hand.phase is Phase.CALL
    assert legal_texts(hand) == {"S1 call AC", "S1 call AH", "S1 alone"}


def test_call_makes_the_holder_the_partner() -> None:
    """call.partner-is-holder: AC is S2's, AH is S3's; play then starts at the dealer's left."""
    hand = run(after_bury(DEAL_C, "JD 7D"), "S1 call AC")
    assert hand.called is Card.AC and hand.partner == 2
    assert hand.phase is Phase.PLAY and hand.turn == 1
    hand = run(after_bury(DEAL_C, "JD 7D"), "S1 call AH")
    assert hand.called is Card.AH and hand.partner == 3


def test_own_ace_in_hand_cannot_be_called() -> None:
    """call.not-own-card: S1 holds AS."""
    assert_rejected(after_bury(DEAL_C, "JD 7D"), "S1 call AS", "call.not-own-card")


def test_buried_ace_cannot_be_called() -> None:
    """call.not-own-card: S1 buries AS (with JD); AS is still S1's own card."""
    hand = after_bury(DEAL_C, "AS JD")
    assert legal_texts(hand) == {"S1 call AC", "S1 call AH", "S1 alone"}
    assert_rejected(hand, "S1 call AS", "call.not-own-card")


def test_ace_of_diamonds_is_trump_and_cannot_be_called() -> None:
    """call.ace-of-held-fail-suit: AD is a trump, not a fail ace (AD is S4's, so it is not
    refused as S1's own card)."""
    assert_rejected(after_bury(DEAL_C, "JD 7D"), "S1 call AD", "call.ace-of-held-fail-suit")


def test_only_aces_and_tens_are_called() -> None:
    """call.partner-or-alone: the picker calls an ace, a ten or the under call; a king is none."""
    assert_rejected(after_bury(DEAL_C, "JD 7D"), "S1 call KC", "call.partner-or-alone")


def test_ace_of_a_suit_without_a_card_in_hand_cannot_be_called() -> None:
    """call.ace-of-held-fail-suit: burying KH (S1's only heart) leaves no heart in hand."""
    hand = after_bury(DEAL_C, "KH 7D")
    assert legal_texts(hand) == {"S1 call AC", "S1 alone"}
    assert_rejected(hand, "S1 call AH", "call.ace-of-held-fail-suit")


def test_void_in_clubs_after_the_bury() -> None:
    """call.ace-of-held-fail-suit: burying 7C 8C leaves S1 QC QS KH AS JD 7D: only AH.
    (QC is a trump and does not make S1 hold a club.)"""
    hand = after_bury(DEAL_C, "7C 8C")
    assert legal_texts(hand) == {"S1 call AH", "S1 alone"}
    assert_rejected(hand, "S1 call AC", "call.ace-of-held-fail-suit")


def test_ten_cannot_be_called_without_all_three_aces() -> None:
    """call.ten-when-all-aces: S1 holds only AS."""
    hand = after_bury(DEAL_C, "JD 7D")
    assert_rejected(hand, "S1 call TC", "call.ten-when-all-aces")
    assert_rejected(hand, "S1 call TH", "call.ten-when-all-aces")


def test_under_call_is_refused_while_an_ace_is_callable() -> None:
    """call.no-callable-suit: S1 can call AC or AH, so no under call."""
    assert_rejected(after_bury(DEAL_C, "JD 7D"), "S1 call AS under 7C", "call.no-callable-suit")


def test_call_then_bury_judges_the_call_on_all_eight_cards() -> None:
    """call.ace-of-held-fail-suit (call-timing call-then-bury): S1 calls holding
    QC QS 7C 8C KH AS JD 7D, before any bury."""
    hand = run(make_hand(DEAL_C, "sheepsheadai"), "S1 pick")
    assert hand.phase is Phase.CALL
    assert legal_texts(hand) == {"S1 call AC", "S1 call AH", "S1 alone"}


# ------------------------------------------------------------------ tens


def test_holding_all_three_aces_the_picker_calls_a_ten() -> None:
    """call.ten-when-all-aces: S1 holds AC AS AH 7H QC QS after burying 7C 7S; each ace
    is its own suit's card in hand, so TC, TS and TH may be called."""
    hand = after_bury(DEAL_W, "7C 7S")
    assert legal_texts(hand) == {"S1 call TC", "S1 call TS", "S1 call TH", "S1 alone"}
    run(hand, "S1 call TH")
    assert hand.partner == 2  # S2 holds TH (call.partner-is-holder)


def test_holding_all_three_aces_no_ace_can_be_called() -> None:
    """call.not-own-card"""
    hand = after_bury(DEAL_W, "7C 7S")
    assert_rejected(hand, "S1 call AH", "call.not-own-card")


def test_all_three_aces_count_the_bury() -> None:
    """call.ten-when-all-aces: S1 buries AS 7S, keeping AC AH 7H QC QS 7C. The aces still
    count (AS is buried), so tens may be called, but only of suits with a card in hand:
    TC and TH, not TS (no spade left in hand)."""
    hand = after_bury(DEAL_W, "AS 7S")
    assert legal_texts(hand) == {"S1 call TC", "S1 call TH", "S1 alone"}
    assert_rejected(hand, "S1 call TS", "call.ten-when-all-aces")
    run(hand, "S1 call TC")
    assert hand.partner == 3  # S3 holds TC


# ------------------------------------------------------------------ under


def test_under_calls_when_nothing_is_callable() -> None:
    """call.no-callable-suit, call.under-card: after burying AC 7S, S1 holds six trumps. No ace
    (no fail card in hand) and no ten (AH and AS are not S1's) can be called. The under call may
    name AS or AH (void suits, aces not S1's), with any of the six cards: 2 * 6 = 12, plus
    alone. AC is buried, so it is not an under ace."""
    hand = after_bury(DEAL_U, "AC 7S")
    under = {f"S1 call {ace} under {card}" for ace in ("AS", "AH") for card in "QC QS QH QD JC JS".split()}
    assert legal_texts(hand) == under | {"S1 alone"}


def test_under_call_sets_partner_and_under_card() -> None:
    """call.under-card, call.partner-is-holder: S3 holds AS."""
    hand = run(after_bury(DEAL_U, "AC 7S"), "S1 call AS under QD")
    assert hand.called is Card.AS
    assert hand.under is Card.QD
    assert hand.partner == 3


def test_under_card_must_be_in_the_pickers_hand() -> None:
    """call.under-card: JD is S4's, AC is buried."""
    hand = after_bury(DEAL_U, "AC 7S")
    assert_rejected(hand, "S1 call AH under JD", "call.under-card")
    assert_rejected(hand, "S1 call AH under AC", "call.under-card")


def test_under_call_names_an_ace() -> None:
    """call.under-card: the under call is for the ace of a void suit, not a ten."""
    assert_rejected(after_bury(DEAL_U, "AC 7S"), "S1 call TH under QD", "call.under-card")


def test_plain_call_of_a_void_suits_ace_is_refused() -> None:
    """call.ace-of-held-fail-suit: without a heart in hand, AH can only be called under."""
    assert_rejected(after_bury(DEAL_U, "AC 7S"), "S1 call AH", "call.ace-of-held-fail-suit")


def test_no_callable_suit_alone_option_forces_alone() -> None:
    """call.no-callable-suit (option alone, profile open-leaster): the picker must go alone."""
    hand = after_bury(DEAL_U, "AC 7S", "open-leaster")
    assert legal_texts(hand) == {"S1 alone"}
    assert_rejected(hand, "S1 call AH under QD", "call.no-callable-suit")


# ------------------------------------------------------------------ alone


def test_alone_is_always_possible() -> None:
    """alone.declare, alone.teams: with a callable ace the picker may still go alone; then there
    is no partner and no called card."""
    hand = run(after_bury(DEAL_C, "JD 7D"), "S1 alone")
    assert hand.alone
    assert hand.partner is None and hand.called is None
    assert hand.phase is Phase.PLAY and hand.turn == 1


def test_alone_cannot_be_declared_after_the_first_lead() -> None:
    """alone.declare: the declaration comes before the first card is led."""
    hand = run(after_bury(DEAL_C, "JD 7D"), "S1 call AC", "S1 QC")
    assert_rejected(hand, "S1 alone", {"alone.declare"})


def test_no_play_before_the_call() -> None:
    """call.partner-or-alone: the picker calls or goes alone before the first lead."""
    hand = after_bury(DEAL_C, "JD 7D")
    assert_rejected(hand, "S1 play QC", "call.partner-or-alone")


def test_only_the_picker_calls() -> None:
    """call.partner-or-alone"""
    hand = after_bury(DEAL_C, "JD 7D")
    assert_rejected(hand, "S2 call AH", "call.partner-or-alone")
    assert_rejected(hand, "S2 alone", "call.partner-or-alone")
