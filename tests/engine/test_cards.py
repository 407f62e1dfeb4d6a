"""Cards: the notation, its aliases, the 32-card pack and card points.

Rules: deck.thirty-two-cards, deck.trump-cards, deck.fail-suits, points.card-values,
points.same-in-every-suit, points.total-120 (and the card syntax of hand-records.md section 4).
"""

from __future__ import annotations

import pytest

from reference_impl.cards import (
    ALL_CARDS_MASK,
    CARD_POINTS,
    CARDS,
    Card,
    format_cards,
    format_mask,
    mask_of,
    mask_points,
    parse_card,
    parse_cards,
)
from reference_impl.errors import InvalidActionError
from reference_impl.rules import SUIT_MASKS, TRUMP, TRUMP_MASK, CLUBS, HEARTS, SPADES, is_trump

from .conftest import cards


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("QC", Card.QC),
        ("qc", Card.QC),
        ("Q♣", Card.QC),
        ("q♣", Card.QC),
        ("TD", Card.TD),
        ("10D", Card.TD),
        ("10d", Card.TD),
        ("t♦", Card.TD),
        ("10♦", Card.TD),
        ("AS", Card.AS),
        ("A♠", Card.AS),
        ("kh", Card.KH),
        ("K♥", Card.KH),
        ("9s", Card.S9),
        ("8H", Card.H8),
        ("7c", Card.C7),
        ("jd", Card.JD),
        ("10h", Card.TH),
    ],
)
def test_card_codes_and_aliases(text: str, expected: Card) -> None:
    """deck.thirty-two-cards: the codes of hand-records.md section 4, with the 10, symbol and
    lower-case aliases, all name the same card."""
    assert parse_card(text) is expected


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("QC", "QC"), ("qc", "QC"), ("Q♣", "QC"), ("10♦", "TD"), ("t♦", "TD"), ("9s", "9S"), ("7♥", "7H")],
)
def test_cards_print_in_canonical_form(text: str, canonical: str) -> None:
    """deck.thirty-two-cards: a card is written upper-case rank then suit letter, T for ten."""
    assert str(parse_card(text)) == canonical
    assert parse_card(text).code == canonical


def test_nines_eights_sevens_print_rank_first() -> None:
    """deck.thirty-two-cards: the Python member Card.C9 is the nine of clubs, written 9C."""
    assert (str(Card.C9), str(Card.S8), str(Card.H7), str(Card.D9)) == ("9C", "8S", "7H", "9D")
    assert format_cards([Card.QC, Card.D7, Card.TH]) == "QC 7D TH"


@pytest.mark.parametrize("text", ["1D", "6C", "ZZ", "A H", "", "Q", "QX", "11D", "2S", "QCC", "♣Q"])
def test_unknown_card_codes_raise_invalid_action_naming_the_input(text: str) -> None:
    """deck.thirty-two-cards: only the 32 cards have codes; the error quotes what was given."""
    with pytest.raises(InvalidActionError) as caught:
        parse_card(text)
    assert repr(text) in str(caught.value)
    assert caught.value.rule_id == "deck.thirty-two-cards"


def test_parse_cards_fails_on_the_first_bad_code() -> None:
    """deck.thirty-two-cards"""
    assert parse_cards(["QC", "10d", "7♥"]) == [Card.QC, Card.TD, Card.H7]
    with pytest.raises(InvalidActionError, match="'6S'"):
        parse_cards(["QC", "6S", "7H"])


def test_the_pack_has_thirty_two_distinct_cards() -> None:
    """deck.thirty-two-cards: ranks 7 8 9 10 J Q K A in each of the four suits."""
    assert len(CARDS) == 32
    codes = {str(card) for card in CARDS}
    assert codes == {rank + suit for rank in "789TJQKA" for suit in "CSHD"}
    assert ALL_CARDS_MASK.bit_count() == 32
    assert mask_of(CARDS) == ALL_CARDS_MASK


def test_fourteen_trumps() -> None:
    """deck.trump-cards: four queens, four jacks, and A 10 K 9 8 7 of diamonds."""
    expected = card_codes("QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D")
    assert {str(card) for card in CARDS if is_trump(card)} == expected
    assert TRUMP_MASK.bit_count() == 14
    assert set(format_mask(TRUMP_MASK).split()) == expected
    assert SUIT_MASKS[TRUMP] == TRUMP_MASK


@pytest.mark.parametrize(
    ("suit", "expected"),
    [(CLUBS, "AC TC KC 9C 8C 7C"), (SPADES, "AS TS KS 9S 8S 7S"), (HEARTS, "AH TH KH 9H 8H 7H")],
)
def test_three_fail_suits_of_six(suit: int, expected: str) -> None:
    """deck.fail-suits: A 10 K 9 8 7 of clubs, spades and hearts; no queen or jack, no diamond."""
    assert set(format_mask(SUIT_MASKS[suit]).split()) == card_codes(expected)


def test_eighteen_fail_cards() -> None:
    """deck.fail-suits"""
    fail = [card for card in CARDS if not is_trump(card)]
    assert len(fail) == 18
    assert not any(str(card)[1] == "D" for card in fail)


@pytest.mark.parametrize(
    ("rank", "points"), [("A", 11), ("T", 10), ("K", 4), ("Q", 3), ("J", 2), ("9", 0), ("8", 0), ("7", 0)]
)
def test_card_values_per_rank_in_every_suit(rank: str, points: int) -> None:
    """points.card-values, points.same-in-every-suit: the value depends on the rank only,
    trump or not (QC and AD count like any queen and ace)."""
    for suit in "CSHD":
        card = parse_card(rank + suit)
        assert card.points == points
        assert CARD_POINTS[card] == points


def test_pack_totals_120_points() -> None:
    """points.total-120: 4 * (11 + 10 + 4 + 3 + 2 + 0 + 0 + 0) = 4 * 30 = 120."""
    assert sum(CARD_POINTS) == 120
    assert mask_points(ALL_CARDS_MASK) == 120


def test_points_of_a_set_of_cards() -> None:
    """points.card-values: AH TD KS QC JD 9C = 11 + 10 + 4 + 3 + 2 + 0 = 30."""
    assert mask_points(mask_of(cards("AH TD KS QC JD 9C"))) == 30
    assert mask_points(0) == 0


def card_codes(text: str) -> set[str]:
    return set(text.split())
