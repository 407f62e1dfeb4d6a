"""Ranking: the trump order (both jack orders), the fail order, trump over fail, effective suits.

Rules: ranking.trump-order (axis jack-order), ranking.trump-beats-fail, ranking.fail-order,
ranking.fail-king-below-ten, ranking.fail-suits-equal, deck.trump-is-one-suit.
"""

from __future__ import annotations

import itertools

import pytest

from reference_impl.cards import CARDS, parse_card
from reference_impl.rules import CLUBS, EFFECTIVE_SUIT, HEARTS, SPADES, TRUMP, strength_table, trump_order

# ranking.trump-order, highest first, typed from the rule statement.
TRUMPS_CLUBS_FIRST = "QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D".split()
TRUMPS_SPADES_FIRST = "QC QS QH QD JS JC JH JD AD TD KD 9D 8D 7D".split()
# ranking.fail-order + ranking.fail-king-below-ten, highest first.
FAIL_RANKS = "A T K 9 8 7".split()


@pytest.mark.parametrize(
    ("jack_order", "expected"),
    [("clubs-first", TRUMPS_CLUBS_FIRST), ("spades-first", TRUMPS_SPADES_FIRST)],
)
def test_trump_order_list(jack_order: str, expected: list[str]) -> None:
    """ranking.trump-order: QC QS QH QD, the jacks per jack-order, AD TD KD 9D 8D 7D."""
    assert [str(card) for card in trump_order(jack_order)] == expected


@pytest.mark.parametrize(
    ("jack_order", "order"),
    [("clubs-first", TRUMPS_CLUBS_FIRST), ("spades-first", TRUMPS_SPADES_FIRST)],
)
def test_trump_order_pairwise(jack_order: str, order: list[str]) -> None:
    """ranking.trump-order: every trump outranks every trump listed after it (91 pairs)."""
    strength = strength_table(jack_order)
    pairs = list(itertools.combinations(order, 2))
    assert len(pairs) == 91  # 14 * 13 / 2
    for higher, lower in pairs:
        assert strength[parse_card(higher)] > strength[parse_card(lower)], f"{higher} should beat {lower}"


def test_black_jacks_swap_with_the_jack_order() -> None:
    """ranking.trump-order (jack-order): JC > JS under clubs-first, JS > JC under spades-first;
    JH and JD stay third and fourth, and no other trump moves."""
    clubs_first, spades_first = strength_table("clubs-first"), strength_table("spades-first")
    jc, js = parse_card("JC"), parse_card("JS")
    assert clubs_first[jc] > clubs_first[js]
    assert spades_first[js] > spades_first[jc]
    for code in ("QD", "JH", "JD", "AD"):
        card = parse_card(code)
        assert clubs_first[card] == spades_first[card]
    for table in (clubs_first, spades_first):
        assert table[parse_card("QD")] > max(table[jc], table[js]) > min(table[jc], table[js]) > table[parse_card("JH")]


@pytest.mark.parametrize("suit", "CSH")
@pytest.mark.parametrize("jack_order", ["clubs-first", "spades-first"])
def test_fail_order_a_t_k_9_8_7(suit: str, jack_order: str) -> None:
    """ranking.fail-order, ranking.fail-king-below-ten: A > 10 > K > 9 > 8 > 7 in each fail suit."""
    strength = strength_table(jack_order)
    for higher, lower in itertools.combinations(FAIL_RANKS, 2):
        assert strength[parse_card(higher + suit)] > strength[parse_card(lower + suit)], (
            f"{higher}{suit} > {lower}{suit}"
        )


@pytest.mark.parametrize("jack_order", ["clubs-first", "spades-first"])
def test_every_trump_beats_every_fail_card(jack_order: str) -> None:
    """ranking.trump-beats-fail: even 7D beats the ace of a fail suit."""
    strength = strength_table(jack_order)
    trumps = [card for card in CARDS if EFFECTIVE_SUIT[card] == TRUMP]
    fails = [card for card in CARDS if EFFECTIVE_SUIT[card] != TRUMP]
    assert len(trumps) == 14 and len(fails) == 18
    assert min(strength[c] for c in trumps) > max(strength[c] for c in fails)
    assert strength[parse_card("7D")] > strength[parse_card("AC")]


def test_fail_suits_rank_alike() -> None:
    """ranking.fail-suits-equal: the same rank has the same strength in each fail suit, so no
    suit outranks another (which card wins then depends only on the led suit)."""
    strength = strength_table("clubs-first")
    for rank in FAIL_RANKS:
        assert strength[parse_card(rank + "C")] == strength[parse_card(rank + "S")] == strength[parse_card(rank + "H")]


@pytest.mark.parametrize("code", ["QC", "JC", "QS", "JS", "QH", "JH", "QD", "JD", "AD", "7D"])
def test_queens_jacks_and_diamonds_belong_to_the_trump_suit(code: str) -> None:
    """deck.trump-is-one-suit: the queen of clubs is trump, not a club (likewise every queen,
    jack and diamond)."""
    assert EFFECTIVE_SUIT[parse_card(code)] == TRUMP


@pytest.mark.parametrize(
    ("code", "suit"), [("AC", CLUBS), ("7C", CLUBS), ("TS", SPADES), ("KH", HEARTS), ("9H", HEARTS)]
)
def test_fail_cards_keep_their_printed_suit(code: str, suit: int) -> None:
    """deck.fail-suits"""
    assert EFFECTIVE_SUIT[parse_card(code)] == suit
