"""Card-level rules: trump membership, effective suits, rankings (per jack order).

Everything here is a precomputed table indexed by card (see :mod:`reference_impl.cards`).
The effective suit of a card is :data:`TRUMP` for the fourteen trumps and its printed suit
(``0`` clubs, ``1`` spades, ``2`` hearts) for fail cards (rules ``deck.trump-cards``,
``deck.fail-suits``, ``deck.trump-is-one-suit``).

>>> EFFECTIVE_SUIT[Card.QC] == TRUMP, EFFECTIVE_SUIT[Card.AC]
(True, 0)
>>> [str(card) for card in trump_order("clubs-first")[:6]]
['QC', 'QS', 'QH', 'QD', 'JC', 'JS']
"""

from __future__ import annotations

import functools

from typing import NamedTuple

from reference_impl.cards import Card, CardMask, mask_of

__all__ = [
    "CLUBS",
    "EFFECTIVE_SUIT",
    "FAIL_ORDER",
    "FAIL_SUITS",
    "HEARTS",
    "SPADES",
    "SUIT_MASKS",
    "SUIT_NAMES",
    "TRUMP",
    "TRUMP_MASK",
    "CardTables",
    "card_tables",
    "is_trump",
    "power_tables",
    "rank_after_first_lead",
    "strength_table",
    "trump_order",
]

CLUBS, SPADES, HEARTS = 0, 1, 2
TRUMP = 4
"""Effective suit index of the trump suit (diamonds, index 3, is never an effective suit)."""
FAIL_SUITS = (CLUBS, SPADES, HEARTS)
SUIT_NAMES = {CLUBS: "clubs", SPADES: "spades", HEARTS: "hearts", TRUMP: "trump"}

_QUEEN, _JACK = 3, 4  # rank indexes in the card value (see cards.RANKS)


def is_trump(card: int) -> bool:
    """Whether the card is one of the fourteen trumps (rule ``deck.trump-cards``)."""
    return card >> 3 == 3 or (card & 7) in (_QUEEN, _JACK)


EFFECTIVE_SUIT: tuple[int, ...] = tuple(TRUMP if is_trump(c) else c >> 3 for c in range(32))
"""The suit a card follows and wins in: :data:`TRUMP` or its printed fail suit."""

TRUMP_MASK: CardMask = mask_of(c for c in range(32) if EFFECTIVE_SUIT[c] == TRUMP)
"""The fourteen trumps."""

SUIT_MASKS: tuple[CardMask, ...] = tuple(
    mask_of(c for c in range(32) if EFFECTIVE_SUIT[c] == suit) for suit in range(5)
)
"""Cards of each effective suit, indexed by suit (index 3, diamonds, is empty)."""

FAIL_ORDER = "AT K987"
"""Fail cards rank A > 10 > K > 9 > 8 > 7 (``ranking.fail-order``, ``ranking.fail-king-below-ten``)."""

_FAIL_STRENGTH = {"A": 6, "T": 5, "K": 4, "9": 3, "8": 2, "7": 1}


@functools.cache
def trump_order(jack_order: str) -> tuple[Card, ...]:
    """The trumps from highest to lowest (rule ``ranking.trump-order``, axis ``jack-order``)."""
    jacks = [Card.JC, Card.JS] if jack_order == "clubs-first" else [Card.JS, Card.JC]
    return (
        Card.QC,
        Card.QS,
        Card.QH,
        Card.QD,
        *jacks,
        Card.JH,
        Card.JD,
        Card.AD,
        Card.TD,
        Card.KD,
        Card.D9,
        Card.D8,
        Card.D7,
    )


@functools.cache
def strength_table(jack_order: str) -> tuple[int, ...]:
    """Per card, its strength within its effective suit: higher beats lower.

    Trumps get 101..114 and fail cards 1..6, so a single comparison also ranks any trump above
    any fail card (``ranking.trump-beats-fail``).
    """
    strength = [0] * 32
    order = trump_order(jack_order)
    for position, card in enumerate(order):
        strength[card] = 100 + len(order) - position
    for index in range(32):
        if not is_trump(index):
            strength[index] = _FAIL_STRENGTH[Card(index).rank_letter]
    return tuple(strength)


@functools.cache
def power_tables(strength: tuple[int, ...], suit_of: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per led suit, each card's power to win the trick: its strength when it is trump or of the
    led suit, else -9 (it cannot win). Indexed ``[led_suit][card]``; the winner of a trick is
    its card of greatest power (``trick.highest-trump-wins``, ``trick.highest-of-led-suit-wins``).
    """
    return tuple(tuple(strength[c] if suit_of[c] in (lead, TRUMP) else -9 for c in range(32)) for lead in range(5))


class CardTables(NamedTuple):
    """The per-hand card tables: effective suit, cards per suit, strength, power to win."""

    suit_of: tuple[int, ...]
    suit_masks: tuple[CardMask, ...]
    strength: tuple[int, ...]
    power: tuple[tuple[int, ...], ...]


@functools.cache
def card_tables(
    jack_order: str, called_ten_rank: str, called: int | None = None, under: int | None = None
) -> CardTables:
    """The card tables of a hand, after the call when there is one.

    An under card follows as the called suit and never wins (``call.under-card``,
    ``trick.under-never-wins``); a called ten under ``wins-suit`` or ``until-led`` beats its suit's
    ace (``trick.called-ten-rank``; for a trick led in the called suit after its first lead, pass
    :func:`rank_after_first_lead` of the option). Cached: a handful of variants exist.
    """
    suit_of = list(EFFECTIVE_SUIT)
    masks = list(SUIT_MASKS)
    strength = list(strength_table(jack_order))
    if called is not None and under is not None:
        called_suit = called >> 3
        suit_of[under] = called_suit
        masks[EFFECTIVE_SUIT[under]] &= ~(1 << under)
        masks[called_suit] |= 1 << under
        strength[under] = -1
    elif called is not None and called & 7 == 1 and called_ten_rank in ("wins-suit", "until-led"):
        strength[called] = 50  # above the ace (6), below every trump (101+)
    suits, table = tuple(suit_of), tuple(strength)
    return CardTables(suits, tuple(masks), table, power_tables(table, suits))


def rank_after_first_lead(called_ten_rank: str) -> str:
    """The called ten's rank (a called-ten-rank option) in a trick led in the called suit after
    the suit's first lead: under ``until-led`` it ranks as any ten there, ``normal``; the other
    options rank it in every trick alike (``trick.called-ten-rank``).

    >>> rank_after_first_lead("until-led"), rank_after_first_lead("wins-suit")
    ('normal', 'wins-suit')
    """
    return "normal" if called_ten_rank == "until-led" else called_ten_rank
