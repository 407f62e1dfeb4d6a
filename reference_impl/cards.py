"""Cards, the card notation, card points and card sets.

A card is a :class:`Card` (an :class:`enum.IntEnum` of the 32 cards) whose integer value is
``suit * 8 + rank``, so card sets are plain ``int`` bitmasks (:data:`CardMask`) and per-card
tables are 32-element tuples. What is trump and how cards rank depend on the profile and live
in :mod:`reference_impl.rules`; this module knows only the pack itself.

>>> parse_card("10d"), parse_card("Q♣"), str(Card.TD)
(<Card.TD: 25>, <Card.QC: 3>, 'TD')
>>> format_mask(mask_of([Card.QC, Card.AH]))
'QC AH'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator

from reference_impl.errors import InvalidActionError

__all__ = [
    "RANKS",
    "SUITS",
    "Card",
    "CardMask",
    "ALL_CARDS_MASK",
    "CARDS",
    "CARD_POINTS",
    "card_tuple",
    "cards_of",
    "format_cards",
    "format_mask",
    "mask_of",
    "mask_points",
    "parse_card",
    "parse_cards",
]

CardMask = int
"""A set of cards as a bitmask: bit ``card`` is set when the card is in the set."""

SUITS = "CSHD"
"""Suit letters in index order: clubs, spades, hearts, diamonds."""

RANKS = "ATKQJ987"
"""Rank letters in index order (T is the ten)."""


class Card(enum.IntEnum):
    """One of the 32 cards; the value is ``suit_index * 8 + rank_index``."""

    AC = 0
    TC = 1
    KC = 2
    QC = 3
    JC = 4
    C9 = 5  # placeholder names, replaced below
    C8 = 6
    C7 = 7
    AS = 8
    TS = 9
    KS = 10
    QS = 11
    JS = 12
    S9 = 13
    S8 = 14
    S7 = 15
    AH = 16
    TH = 17
    KH = 18
    QH = 19
    JH = 20
    H9 = 21
    H8 = 22
    H7 = 23
    AD = 24
    TD = 25
    KD = 26
    QD = 27
    JD = 28
    D9 = 29
    D8 = 30
    D7 = 31

    @property
    def code(self) -> str:
        """The canonical two-character code, e.g. ``'QC'``, ``'TD'``, ``'7H'``."""
        return _CODES[self]

    @property
    def suit_letter(self) -> str:
        """The printed suit letter (``C``, ``S``, ``H`` or ``D``)."""
        return SUITS[self >> 3]

    @property
    def rank_letter(self) -> str:
        """The rank letter (``A T K Q J 9 8 7``)."""
        return RANKS[self & 7]

    @property
    def points(self) -> int:
        """Card points (rule ``points.card-values``)."""
        return CARD_POINTS[self]

    def __str__(self) -> str:
        return _CODES[self]

    def __format__(self, spec: str) -> str:
        return format(_CODES[self], spec)


# Enum member names cannot start with a digit, so the nines, eights and sevens are named
# suit first in Python (Card.C9 is the nine of clubs); every text form is rank first ('9C').
_CODES: tuple[str, ...] = tuple(RANKS[i & 7] + SUITS[i >> 3] for i in range(32))
_RANK_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}

CARD_POINTS: tuple[int, ...] = tuple(_RANK_POINTS[code[0]] for code in _CODES)
"""Card points per card index (rule ``points.card-values``); they total 120."""

ALL_CARDS_MASK: CardMask = (1 << 32) - 1
"""The whole pack."""

CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(32))
"""All 32 cards in index order (``CARDS[i]`` is ``Card(i)``, but faster)."""
_BY_CODE: dict[str, Card] = {code: CARDS[i] for i, code in enumerate(_CODES)}
_RANK_ALIASES = {"10": "T"}
_SUIT_ALIASES = {"♣": "C", "♠": "S", "♥": "H", "♦": "D", "♧": "C", "♤": "S", "♡": "H", "♢": "D"}


def parse_card(text: str) -> Card:
    """Parse a card code; aliases ``10`` for ``T``, suit symbols and lower case are accepted.

    :raises InvalidActionError: the text is not a card code (rule ``deck.thirty-two-cards``).
    """
    raw = text.strip()
    if len(raw) >= 2:
        rank, suit = raw[:-1].upper(), raw[-1].upper()
        rank = _RANK_ALIASES.get(rank, rank)
        suit = _SUIT_ALIASES.get(suit, suit)
        card = _BY_CODE.get(rank + suit)
        if card is not None:
            return card
    raise InvalidActionError(
        f"unknown card code {text!r}: expected a rank (A T K Q J 9 8 7, or 10) "
        f"followed by a suit (C S H D, or a suit symbol)",
        rule_id="deck.thirty-two-cards",
    )


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse several card codes (see :func:`parse_card`)."""
    return [parse_card(text) for text in texts]


def mask_of(cards: Iterable[int]) -> CardMask:
    """The bitmask of the given cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


_CARDS_BY_BYTE: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(CARDS[8 * byte + bit] for bit in range(8) if value >> bit & 1) for value in range(256))
    for byte in range(4)
)
"""``_CARDS_BY_BYTE[i][v]``: the cards of bits ``8i..8i+7`` when that byte of a mask is ``v``."""


def cards_of(mask: CardMask) -> Iterator[Card]:
    """The cards of a bitmask, in index order."""
    if 0 <= mask <= ALL_CARDS_MASK:
        return iter(card_tuple(mask))
    return _cards_of_bits(mask)


def card_tuple(mask: CardMask) -> tuple[Card, ...]:
    """The cards of a set of cards (a mask of bits 0-31), in index order: four table reads."""
    low, second, third, high = _CARDS_BY_BYTE
    return low[mask & 255] + second[mask >> 8 & 255] + third[mask >> 16 & 255] + high[mask >> 24]


def _cards_of_bits(mask: CardMask) -> Iterator[Card]:
    """:func:`cards_of` bit by bit, for a mask that is no set of cards (it fails as it always did)."""
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


def mask_points(mask: CardMask) -> int:
    """The card points of a set of cards."""
    total = 0
    while mask:
        low = mask & -mask
        total += CARD_POINTS[low.bit_length() - 1]
        mask ^= low
    return total


def format_cards(cards: Iterable[int]) -> str:
    """Space-separated canonical codes, in the given order."""
    return " ".join(_CODES[card] for card in cards)


def format_mask(mask: CardMask) -> str:
    """Space-separated canonical codes of a card set, in index order."""
    return format_cards(cards_of(mask))
