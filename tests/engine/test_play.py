"""Play of the cards: who leads, following suit, void play, and the duties around the called card.

Rules: play.first-lead, play.clockwise-one-card, play.card-in-hand, play.winner-leads,
play.lead-any-card, play.follow-suit, play.follow-trump, play.void-in-led-suit (axis void-play),
deck.trump-is-one-suit, play.hold-card-kept, play.hold-card-on-first-lead,
play.hold-card-last-trick, play.picker-leads-called-suit (axis called-suit-lead),
play.partner-keeps-called-card, play.partner-plays-called-card, play.partner-leads-called-card,
play.partner-revealed, call.under-card (the under card follows as the called suit).
"""

from __future__ import annotations

import pytest

from reference_impl.cards import Card
from reference_impl.errors import IllegalActionError
from reference_impl.hand import Action, ActionKind, Phase

from .conftest import (
    DEAL_A,
    DEAL_A_SETUP,
    DEAL_A_TRICKS,
    DEAL_U,
    assert_rejected,
    legal_plays,
    make_hand,
    run,
)

# DEAL_A after S2's bury (7C 8D) and call (AH; S4 is the partner):
#   S1: AC TC 8C 9S QH 9D     S2 (picker): AS QS JC AD 7H KD     S3: KC 9C QC TS KS 7D
#   S4 (partner): AH TH 9H JH 8S 7S     S5: QD JS TD JD KH 8H


def deal_a(profile: str = "standard", *, options=None, dealer: int = 5):
    return run(make_hand(DEAL_A, profile, options=options, dealer=dealer), *DEAL_A_SETUP)


# ------------------------------------------------------------------ leads and turns


def test_dealers_left_leads_the_first_trick() -> None:
    """play.first-lead, play.lead-any-card: S1 (a defender) leads, and may lead any card."""
    hand = deal_a()
    assert hand.phase is Phase.PLAY
    assert hand.turn == 1
    assert legal_plays(hand) == {"AC", "TC", "8C", "9S", "QH", "9D"}
    assert_rejected(hand, "S2 play KD", "play.first-lead")
    assert_rejected(hand, "S5 play QD", "play.first-lead")


def test_first_lead_does_not_depend_on_the_picker() -> None:
    """play.first-lead: dealer S3, S2 picks; S4 (the dealer's left) leads."""
    hand = make_hand(DEAL_A, dealer=3)
    run(hand, "S4 pass, S5 pass, S1 pass, S2 pick", "S2 bury 7C 8D", "S2 call AH")
    assert hand.turn == 4
    assert_rejected(hand, "S2 play AS", "play.first-lead")


def test_players_follow_clockwise_one_card_each() -> None:
    """play.clockwise-one-card: after S1 leads, S2 plays, not S3."""
    hand = run(deal_a(), "S1 AC")
    assert hand.turn == 2
    assert_rejected(hand, "S3 play KC", "play.clockwise-one-card")
    run(hand, "S2 KD")
    assert hand.turn == 3


def test_a_play_is_one_card() -> None:
    """play.clockwise-one-card: an action playing AC and TC together is refused."""
    hand = deal_a()
    before = hand.position()
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(Action(ActionKind.PLAY, 1, (Card.AC, Card.TC)))
    assert caught.value.rule_id == "play.clockwise-one-card"
    assert hand.position() == before


def test_only_cards_in_hand_can_be_played() -> None:
    """play.card-in-hand: KH is S5's; AC, once played, has left S1's hand."""
    hand = deal_a()
    assert_rejected(hand, "S1 play KH", "play.card-in-hand")
    run(hand, DEAL_A_TRICKS[0], "S2 AS, S3 KS, S4 7S, S5 KH")
    assert hand.turn == 1
    assert_rejected(hand, "S1 play AC", "play.card-in-hand")


def test_the_trick_winner_leads_next() -> None:
    """play.winner-leads: S2 wins the first trick with KD and leads the second."""
    hand = run(deal_a(), DEAL_A_TRICKS[0])
    assert hand.tricks[0].winner == 2
    assert hand.turn == 2
    assert_rejected(hand, "S1 play TC", "play.winner-leads")
    assert_rejected(hand, "S3 play KC", "play.winner-leads")


def test_six_tricks_end_the_hand() -> None:
    """play.clockwise-one-card: a hand has six tricks; nothing can be played after them."""
    hand = run(deal_a(), *DEAL_A_TRICKS)
    assert len(hand.tricks) == 6
    assert hand.phase is Phase.SCORED
    assert hand.turn is None
    assert hand.legal_actions() == []
    assert all(hand.cards_of(seat) == [] for seat in range(1, 6))


# ------------------------------------------------------------------ following


def test_follow_the_led_fail_suit() -> None:
    """play.follow-suit, deck.trump-is-one-suit: on a club lead S3 (KC 9C QC TS KS 7D) must
    play KC or 9C; QC is a trump, not a club."""
    hand = run(deal_a(), "S1 AC, S2 KD")
    assert legal_plays(hand) == {"KC", "9C"}
    assert_rejected(hand, "S3 play QC", "play.follow-suit")
    assert_rejected(hand, "S3 play TS", "play.follow-suit")
    assert_rejected(hand, "S3 play 7D", "play.follow-suit")


def test_a_jack_does_not_make_a_player_hold_the_suit() -> None:
    """deck.trump-is-one-suit, play.void-in-led-suit: S2 holds JC but no club, so on a club lead
    it is void and may play any card except its hold card (7H)."""
    hand = run(deal_a(), "S1 AC")
    assert legal_plays(hand) == {"AS", "QS", "JC", "AD", "KD"}


def test_follow_a_trump_lead_with_trump() -> None:
    """play.follow-trump: S1 leads QH, a trump. Every player holding a trump must play one."""
    hand = run(deal_a(), "S1 QH")
    assert legal_plays(hand) == {"QS", "JC", "AD", "KD"}  # S2: not AS, not 7H
    assert_rejected(hand, "S2 play AS", "play.follow-trump")
    run(hand, "S2 KD")
    assert legal_plays(hand) == {"QC", "7D"}  # S3: QC is a trump here
    assert_rejected(hand, "S3 play KC", "play.follow-trump")
    run(hand, "S3 7D")
    assert legal_plays(hand) == {"JH"}  # S4's only trump
    run(hand, "S4 JH")
    assert legal_plays(hand) == {"QD", "JS", "TD", "JD"}


def test_void_play_free_allows_any_card() -> None:
    """play.void-in-led-suit (void-play free): S4 and S5 hold no club."""
    hand = run(deal_a(), "S1 AC, S2 KD, S3 9C")
    # S4 may throw anything but the called ace (play.partner-keeps-called-card).
    assert legal_plays(hand) == {"TH", "9H", "JH", "8S", "7S"}
    run(hand, "S4 7S")
    assert legal_plays(hand) == {"QD", "JS", "TD", "JD", "KH", "8H"}


def test_void_play_must_trump() -> None:
    """play.void-in-led-suit (void-play must-trump): a player void in the led fail suit who
    holds a trump must play one."""
    hand = run(deal_a(options={"void-play": "must-trump"}), "S1 AC")
    assert legal_plays(hand) == {"QS", "JC", "AD", "KD"}  # S2: AS is a spade, not a trump
    run(hand, "S2 KD, S3 9C")
    assert legal_plays(hand) == {"JH"}  # S4
    run(hand, "S4 JH")
    assert legal_plays(hand) == {"QD", "JS", "TD", "JD"}  # S5
    assert_rejected(hand, "S5 play KH", "play.void-in-led-suit")
    assert_rejected(hand, "S5 play 8H", "play.void-in-led-suit")


def test_must_trump_without_a_trump_plays_any_card() -> None:
    """play.void-in-led-suit (must-trump), leaster.every-player-for-themselves: DEAL_U dealt by
    S2 and passed out. S3 leads AS; S5 (void in spades) must trump; S2 (void in spades, no trump)
    may play anything."""
    hand = make_hand(DEAL_U, dealer=2, options={"void-play": "must-trump"})
    run(hand, "S3 pass, S4 pass, S5 pass, S1 pass, S2 pass")
    run(hand, "S3 AS, S4 9S")
    assert legal_plays(hand) == {"AD", "TD", "KD", "9D", "8D"}  # S5: not 8H
    run(hand, "S5 8D")
    assert legal_plays(hand) == {"QC", "QS", "QH", "QD", "JC", "JS"}  # S1: all trumps
    run(hand, "S1 JS")
    assert legal_plays(hand) == {"AH", "7H", "TC", "KC", "9C", "8C"}  # S2: free


# ------------------------------------------------------------------ the hold card


def test_picker_keeps_the_hold_card() -> None:
    """play.hold-card-kept: void in clubs, S2 may not throw 7H, its only heart."""
    hand = run(deal_a(), "S1 AC")
    assert "7H" not in legal_plays(hand)
    assert_rejected(hand, "S2 play 7H", "play.hold-card-kept")


def test_hold_card_kept_until_the_fifth_trick() -> None:
    """play.hold-card-kept: in the fifth trick S2 holds AD 7H and is void in spades: AD only."""
    hand = run(deal_a(), *DEAL_A_TRICKS[:4], "S3 TS, S4 8S, S5 JS, S1 8C")
    assert hand.turn == 2
    assert legal_plays(hand) == {"AD"}
    assert_rejected(hand, "S2 play 7H", "play.hold-card-kept")


def test_hold_card_played_in_the_last_trick() -> None:
    """play.hold-card-last-trick: hearts were never led; in the last trick S2 plays 7H on QD."""
    hand = run(deal_a(), *DEAL_A_TRICKS[:5], "S5 QD, S1 TC")
    assert not hand.called_suit_led
    assert legal_plays(hand) == {"7H"}
    run(hand, "S2 7H")


def test_picker_with_two_cards_of_the_called_suit_may_throw_one() -> None:
    """play.hold-card-kept: S2 holds 8H and 7H; it may throw one, then must keep the other."""
    deal = dict(DEAL_A)
    deal["S2"] = "AS QS JC AD 8H 7H"
    deal["S5"] = "QD JS TD JD KH 7C"
    hand = run(make_hand(deal), "S1 pass, S2 pick, S2 bury KD 8D, S2 call AH", "S1 AC")
    assert legal_plays(hand) == {"AS", "QS", "JC", "AD", "8H", "7H"}
    run(hand, "S2 8H, S3 9C, S4 7S, S5 7C")  # AC wins: clubs, no trump
    assert hand.tricks[0].winner == 1
    run(hand, "S1 TC")
    assert legal_plays(hand) == {"AS", "QS", "JC", "AD"}
    assert_rejected(hand, "S2 play 7H", "play.hold-card-kept")


def test_picker_follows_the_first_lead_of_the_called_suit() -> None:
    """play.hold-card-on-first-lead, play.partner-leads-called-card: S4 wins the first trick
    and leads AH; S2 must follow with 7H."""
    hand = run(deal_a(), "S1 AC, S2 KD, S3 9C, S4 JH, S5 8H")
    assert hand.tricks[0].winner == 4  # JH beats KD
    run(hand, "S4 AH, S5 KH, S1 9S")
    assert legal_plays(hand) == {"7H"}


# ------------------------------------------------------------------ the partner's duties


def test_partner_may_not_throw_off_the_called_ace() -> None:
    """play.partner-keeps-called-card: S4 is void in clubs but keeps AH."""
    hand = run(deal_a(), "S1 AC, S2 KD, S3 9C")
    assert "AH" not in legal_plays(hand)
    assert_rejected(hand, "S4 play AH", "play.partner-keeps-called-card")


def test_partner_may_throw_the_called_ace_in_the_last_trick() -> None:
    """play.partner-keeps-called-card (except in the last trick), play.partner-revealed."""
    hand = run(deal_a(), *DEAL_A_TRICKS[:5], "S5 QD, S1 TC, S2 7H, S3 KC")
    assert legal_plays(hand) == {"AH"}
    assert hand.partner_revealed_in is None
    run(hand, "S4 AH")
    assert hand.partner_revealed_in == 5


def test_partner_must_play_called_ace_on_first_lead() -> None:
    """play.partner-plays-called-card: S2 leads 7H (hearts' first lead); S4 holds AH and TH
    (9H went in the first trick) and must play AH."""
    hand = run(deal_a(), DEAL_A_TRICKS[0], "S2 7H, S3 7D")
    assert legal_plays(hand) == {"AH"}
    assert_rejected(hand, "S4 play TH", "play.partner-plays-called-card")
    run(hand, "S4 AH")
    assert hand.called_suit_led
    assert hand.partner_revealed_in == 1


def test_partner_leading_the_called_suit_leads_the_ace() -> None:
    """play.partner-leads-called-card: S4 wins the first trick with JH; it may lead AH or a
    spade, but not TH or 9H."""
    hand = run(deal_a(), "S1 AC, S2 KD, S3 9C, S4 JH, S5 8H")
    assert hand.turn == 4
    assert legal_plays(hand) == {"AH", "8S", "7S"}
    assert_rejected(hand, "S4 play TH", "play.partner-leads-called-card")
    assert_rejected(hand, "S4 play 9H", "play.partner-leads-called-card")


def test_picker_may_lead_the_called_suit_any_time() -> None:
    """play.picker-leads-called-suit (called-suit-lead any-time): after winning the first trick
    S2 may lead its hold card."""
    hand = run(deal_a(), DEAL_A_TRICKS[0])
    assert legal_plays(hand) == {"AS", "QS", "JC", "AD", "7H"}


def test_picker_may_not_lead_the_called_suit_before_it_is_led() -> None:
    """play.picker-leads-called-suit (called-suit-lead after-first-lead)"""
    hand = run(deal_a(options={"called-suit-lead": "after-first-lead"}), DEAL_A_TRICKS[0])
    assert legal_plays(hand) == {"AS", "QS", "JC", "AD"}
    assert_rejected(hand, "S2 play 7H", "play.picker-leads-called-suit")


# DEAL_P (dealer S5): S1 picks JC JS, buries them and calls AH holding 7H 8H. S1 leads its four
# queens, winning each trick, and is left with 7H 8H only.
DEAL_P = {
    "S1": "QC QS QH QD 7H 8H",
    "S2": "AH TH AC TC KC 9C",
    "S3": "JH JD AD TD KH 9H",
    "S4": "KD 9D 8D 7D 8C 7C",
    "S5": "AS TS KS 9S 8S 7S",
    "blind": "JC JS",
}


def test_after_first_lead_picker_holding_only_the_called_suit_may_lead_it() -> None:
    """play.picker-leads-called-suit (after-first-lead): the exception when the picker holds no
    other card."""
    hand = make_hand(DEAL_P, options={"called-suit-lead": "after-first-lead"})
    run(hand, "S1 pick, S1 bury JC JS, S1 call AH")
    assert legal_plays(hand) == {"QC", "QS", "QH", "QD"}
    assert_rejected(hand, "S1 play 7H", "play.picker-leads-called-suit")
    run(
        hand,
        "S1 QC, S2 9C, S3 JH, S4 KD, S5 7S",
        "S1 QS, S2 KC, S3 JD, S4 9D, S5 8S",
        "S1 QH, S2 TC, S3 AD, S4 8D, S5 9S",
        "S1 QD, S2 AC, S3 TD, S4 7D, S5 KS",
    )
    assert hand.turn == 1
    assert legal_plays(hand) == {"7H", "8H"}
    run(hand, "S1 8H")
    assert legal_plays(hand) == {"AH"}  # S2, the partner, on the first heart lead


# ------------------------------------------------------------------ the under card


def under_hand(dealer: int):
    """DEAL_U: S1 picks AC 7S, buries them and calls AH under QD (S2 holds AH)."""
    hand = make_hand(DEAL_U, dealer=dealer)
    seat = dealer % 5 + 1
    while hand.turn != 1:
        run(hand, f"S{seat} pass")
        seat = seat % 5 + 1
    return run(hand, "S1 pick, S1 bury AC 7S, S1 call AH under QD")


def test_under_card_follows_as_the_called_suit() -> None:
    """call.under-card, play.hold-card-on-first-lead: S2 leads AH; S1 holds no heart but must
    play its under card QD."""
    hand = under_hand(dealer=1)
    assert hand.turn == 2
    assert legal_plays(hand) == {"AH", "TC", "KC", "9C", "8C"}  # not 7H (partner-leads-called-card)
    run(hand, "S2 AH, S3 TH, S4 9H, S5 8H")
    assert legal_plays(hand) == {"QD"}


def test_under_card_is_the_hold_card() -> None:
    """call.under-card, play.hold-card-kept: void in clubs, S1 may not throw QD."""
    hand = run(under_hand(dealer=1), "S2 TC, S3 7C, S4 JH, S5 AD")
    assert legal_plays(hand) == {"QC", "QS", "QH", "JC", "JS"}
    assert_rejected(hand, "S1 play QD", "play.hold-card-kept")


def test_under_card_no_longer_follows_trump() -> None:
    """call.under-card, play.follow-trump: QD counts as a heart, so on a trump lead S1 must play
    one of its real trumps."""
    hand = under_hand(dealer=2)
    assert hand.turn == 3
    run(hand, "S3 7D, S4 JD, S5 8D")
    assert legal_plays(hand) == {"QC", "QS", "QH", "JC", "JS"}
    assert_rejected(hand, "S1 play QD", "play.follow-trump")


# DEAL_UC (dealer S1, so S2 leads): S1 picks JC JS and buries them, keeping QC QS QH AC 8C 7C.
# AC is S1's own and S1 holds no spade or heart, so nothing is callable; S1 calls AH under 7C.
DEAL_UC = {
    "S1": "QC QS QH AC 8C 7C",
    "S2": "AH 7H TC KC 9C QD",
    "S3": "TH KH 9H JH JD AD",
    "S4": "AS TS KS 8H TD KD",
    "S5": "9S 8S 7S 9D 8D 7D",
    "blind": "JC JS",
}


def under_club_hand():
    hand = make_hand(DEAL_UC, dealer=1)
    return run(hand, "S2 pass, S3 pass, S4 pass, S5 pass, S1 pick, S1 bury JC JS, S1 call AH under 7C")


def test_under_card_is_no_longer_a_card_of_its_printed_suit() -> None:
    """call.under-card, play.follow-suit: the under 7C counts as a heart, so on a club lead S1
    must follow with AC or 8C, not 7C."""
    hand = run(under_club_hand(), "S2 TC, S3 JH, S4 TD, S5 9S")
    assert legal_plays(hand) == {"AC", "8C"}
    assert_rejected(hand, "S1 play 7C", "play.follow-suit")


def test_fail_under_card_follows_the_called_suit() -> None:
    """call.under-card, play.hold-card-on-first-lead: on S2's AH, S1 must play the under 7C."""
    hand = run(under_club_hand(), "S2 AH, S3 9H, S4 8H, S5 9S")
    assert legal_plays(hand) == {"7C"}
    run(hand, "S1 7C")
    assert hand.tricks[0].winner == 2
