"""Dealing: the 3-2-3 deal from a pack order, explicit hands, and malformed deals.

Rules: deal.three-two-three, deal.dealing-order-given, deal.six-cards-and-blind,
deck.thirty-two-cards, auction.order and play.first-lead (who acts first after the deal).
"""

from __future__ import annotations

import pytest

from reference_impl.cards import mask_of
from reference_impl.errors import InvalidActionError
from reference_impl.hand import Hand, Phase
from reference_impl.profile import Profile

from .conftest import DEAL_A, card_set, cards, make_hand

# A pack order, positions 1-32:
#  1 QC  2 QS  3 QH  4 QD  5 JC  6 JS  7 JH  8 JD  9 AD 10 TD 11 KD 12 9D 13 8D 14 7D 15 AC
# 16 TC 17 KC
# 18 9C 19 8C 20 7C 21 AS 22 TS 23 KS 24 9S 25 8S 26 7S 27 AH 28 TH 29 KH 30 9H 31 8H 32 7H
PACK = cards("QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D AC TC KC 9C 8C 7C AS TS KS 9S 8S 7S AH TH KH 9H 8H 7H")

# deal.three-two-three: cards 1-3 and 18-20 to L1 (the dealer's left), 4-6 and 21-23 to L2,
# 7-9 and 24-26 to L3, 10-12 and 27-29 to L4, 13-15 and 30-32 to the dealer, 16-17 the blind.
PACKETS = {
    "L1": "QC QS QH 9C 8C 7C",
    "L2": "QD JC JS AS TS KS",
    "L3": "JH JD AD 9S 8S 7S",
    "L4": "TD KD 9D AH TH KH",
    "dealer": "8D 7D AC 9H 8H 7H",
}


@pytest.mark.parametrize(
    ("dealer", "seats"),
    [
        # dealer: (L1, L2, L3, L4) from the table of hand-records.md section 6
        (5, (1, 2, 3, 4)),
        (1, (2, 3, 4, 5)),
        (3, (4, 5, 1, 2)),
        (4, (5, 1, 2, 3)),
        (2, (3, 4, 5, 1)),
    ],
)
def test_three_two_three_deal_from_the_dealers_left(dealer: int, seats: tuple[int, int, int, int]) -> None:
    """deal.three-two-three, deal.dealing-order-given"""
    hand = Hand.from_deck(Profile.named("standard"), dealer=dealer, deck=PACK)
    expected = dict(zip(seats, (PACKETS["L1"], PACKETS["L2"], PACKETS["L3"], PACKETS["L4"])))
    expected[dealer] = PACKETS["dealer"]
    for seat, text in expected.items():
        assert set(hand.cards_of(seat)) == card_set(text), f"S{seat} (dealer S{dealer})"
    assert hand.blind == mask_of(cards("TC KC"))


def test_example_deck_of_the_hand_record_format() -> None:
    """deal.three-two-three: the deck of spec/examples/ordinary-win-deck.yaml, dealer S5."""
    deck = cards(
        "AH JD 7D  QC QD TD  QS JC AD  QH JS KD  JH 8D 8C  TS 7S 9C 8S 8H  AC KS 9H  9D 7H KC  TC AS TH  7C 9S KH"
    )
    hand = Hand.from_deck(Profile.named("standard"), dealer=5, deck=deck)
    assert set(hand.cards_of(1)) == card_set("AH JD 7D 9C 8S 8H")  # cards 1-3, 18-20
    assert set(hand.cards_of(2)) == card_set("QC QD TD AC KS 9H")  # 4-6, 21-23
    assert set(hand.cards_of(3)) == card_set("QS JC AD 9D 7H KC")  # 7-9, 24-26
    assert set(hand.cards_of(4)) == card_set("QH JS KD TC AS TH")  # 10-12, 27-29
    assert set(hand.cards_of(5)) == card_set("JH 8D 8C 7C 9S KH")  # 13-15, 30-32
    assert hand.blind == mask_of(cards("TS 7S"))  # 16-17


def test_the_deck_is_dealt_exactly_as_given() -> None:
    """deal.dealing-order-given: no reshuffle; the same pack and dealer give the same deal."""
    first = Hand.from_deck(Profile.named("standard"), dealer=2, deck=PACK)
    second = Hand.from_deck(Profile.named("standard"), dealer=2, deck=list(PACK))
    assert first.position() == second.position()


@pytest.mark.parametrize("dealer", [1, 2, 3, 4, 5])
def test_dealers_left_acts_first(dealer: int) -> None:
    """auction.order: after the deal the dealer's left is offered the blind first."""
    hand = Hand.from_deck(Profile.named("standard"), dealer=dealer, deck=PACK)
    assert hand.phase is Phase.AUCTION
    assert hand.turn == dealer % 5 + 1


def test_from_hands_gives_each_seat_its_cards() -> None:
    """deal.six-cards-and-blind"""
    hand = make_hand(DEAL_A)
    for seat in range(1, 6):
        assert set(hand.cards_of(seat)) == card_set(DEAL_A[f"S{seat}"])
        assert len(hand.cards_of(seat)) == 6
    assert hand.blind == mask_of(cards("KD 8D"))


def test_from_hands_and_from_deck_agree() -> None:
    """deal.three-two-three: a deck and the hands it deals describe the same hand."""
    from_deck = Hand.from_deck(Profile.named("standard"), dealer=5, deck=PACK)
    from_hands = Hand.from_hands(
        Profile.named("standard"),
        dealer=5,
        hands=[cards(PACKETS[k]) for k in ("L1", "L2", "L3", "L4", "dealer")],
        blind=cards("TC KC"),
    )
    assert from_deck.position() == from_hands.position()


def test_deck_of_31_cards_is_rejected() -> None:
    """deck.thirty-two-cards"""
    with pytest.raises(InvalidActionError):
        Hand.from_deck(Profile.named("standard"), dealer=5, deck=PACK[:31])


def test_deck_of_33_cards_is_rejected() -> None:
    """deck.thirty-two-cards"""
    with pytest.raises(InvalidActionError):
        Hand.from_deck(Profile.named("standard"), dealer=5, deck=[*PACK, PACK[0]])


def test_deck_with_a_repeated_card_is_rejected() -> None:
    """deck.thirty-two-cards: 32 entries, but QC twice and 7H missing."""
    deck = [*PACK[:31], PACK[0]]
    with pytest.raises(InvalidActionError) as caught:
        Hand.from_deck(Profile.named("standard"), dealer=5, deck=deck)
    assert caught.value.rule_id == "deck.thirty-two-cards"


def test_hand_of_five_cards_is_rejected() -> None:
    """deal.six-cards-and-blind: S1 gets five cards (9D goes nowhere)."""
    hands = [cards(DEAL_A[f"S{seat}"]) for seat in range(1, 6)]
    hands[0] = cards("AC TC 8C 9S QH")
    with pytest.raises(InvalidActionError) as caught:
        Hand.from_hands(Profile.named("standard"), dealer=5, hands=hands, blind=cards("KD 8D"))
    assert caught.value.rule_id == "deal.six-cards-and-blind"


def test_hand_of_seven_cards_is_rejected() -> None:
    """deal.six-cards-and-blind: S1 holds a seventh card, the blind only one."""
    hands = [cards(DEAL_A[f"S{seat}"]) for seat in range(1, 6)]
    hands[0] = cards("AC TC 8C 9S QH 9D KD")
    with pytest.raises(InvalidActionError) as caught:
        Hand.from_hands(Profile.named("standard"), dealer=5, hands=hands, blind=cards("8D"))
    assert caught.value.rule_id == "deal.six-cards-and-blind"


def test_blind_of_three_cards_is_rejected() -> None:
    """deal.six-cards-and-blind"""
    hands = [cards(DEAL_A[f"S{seat}"]) for seat in range(1, 6)]
    with pytest.raises(InvalidActionError):
        Hand.from_hands(Profile.named("standard"), dealer=5, hands=hands, blind=cards("KD 8D AC"))


def test_card_repeated_across_two_hands_is_rejected() -> None:
    """deck.thirty-two-cards: S2 holds S1's AC instead of its own 7C."""
    hands = [cards(DEAL_A[f"S{seat}"]) for seat in range(1, 6)]
    hands[1] = cards("AS QS JC AD AC 7H")
    with pytest.raises(InvalidActionError) as caught:
        Hand.from_hands(Profile.named("standard"), dealer=5, hands=hands, blind=cards("KD 8D"))
    assert caught.value.rule_id == "deck.thirty-two-cards"


def test_card_repeated_inside_a_hand_is_rejected() -> None:
    """deck.thirty-two-cards: S1 lists AC twice."""
    hands = [cards(DEAL_A[f"S{seat}"]) for seat in range(1, 6)]
    hands[0] = cards("AC AC TC 8C 9S QH")
    with pytest.raises(InvalidActionError):
        Hand.from_hands(Profile.named("standard"), dealer=5, hands=hands, blind=cards("KD 8D"))


def test_blind_card_also_in_a_hand_is_rejected() -> None:
    """deck.thirty-two-cards"""
    hands = [cards(DEAL_A[f"S{seat}"]) for seat in range(1, 6)]
    with pytest.raises(InvalidActionError):
        Hand.from_hands(Profile.named("standard"), dealer=5, hands=hands, blind=cards("KD AC"))


def test_four_hands_are_rejected() -> None:
    """deck.five-players"""
    hands = [cards(DEAL_A[f"S{seat}"]) for seat in range(1, 5)]
    with pytest.raises(InvalidActionError):
        Hand.from_hands(Profile.named("standard"), dealer=5, hands=hands, blind=cards("KD 8D"))


@pytest.mark.parametrize("dealer", [0, 6])
def test_dealer_must_be_a_seat(dealer: int) -> None:
    """deck.five-players"""
    with pytest.raises(InvalidActionError):
        Hand.from_deck(Profile.named("standard"), dealer=dealer, deck=PACK)
