"""The actions of a hand: seats, the kinds of action and their text form.

Seats are numbered 1-5 clockwise; the seat "to the left" of seat ``s`` is ``s % 5 + 1``.

>>> str(Action.parse("S3 call AS under 8D")), Action.parse("S1 QC").kind
('S3 call AS under 8D', <ActionKind.PLAY: 'play'>)
>>> left_of(5)
1
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable
from typing import NamedTuple

from reference_impl.cards import Card, format_cards, parse_card
from reference_impl.errors import InvalidActionError

__all__ = ["SEATS", "Action", "ActionKind", "left_of", "parse_seat", "seat_name"]

SEATS = (1, 2, 3, 4, 5)


def seat_name(seat: int) -> str:
    """``3`` -> ``'S3'``."""
    return f"S{seat}"


def parse_seat(text: str) -> int:
    """``'S3'`` (or ``'s3'``, ``'3'``) -> ``3``.

    :raises InvalidActionError: not a seat S1-S5.
    """
    raw = text.strip().upper().removeprefix("S")
    if raw in ("1", "2", "3", "4", "5"):
        return int(raw)
    raise InvalidActionError(f"unknown seat {text!r}: expected S1-S5", rule_id="deck.five-players")


def left_of(seat: int) -> int:
    """The seat to the left (next clockwise)."""
    return seat % 5 + 1


class ActionKind(str, enum.Enum):
    """The kinds of player action."""

    PICK = "pick"
    PASS = "pass"
    BURY = "bury"
    CALL = "call"
    ALONE = "alone"
    PLAY = "play"
    CRACK = "crack"
    RECRACK = "recrack"
    BLITZ = "blitz"
    REVOKE = "revoke"
    """A play that breaks a rule of play, unnoticed by the table (``procedure.revoke-claimed``)."""
    CLAIM = "claim"
    """A claim that a revoke was made: the hand ends and is scored by ``revoke-penalty``."""

    def __str__(self) -> str:
        return self.value


class Action(NamedTuple):
    """One player action; its text form is e.g. ``S3 call AS under 8D`` (see :meth:`parse`)."""

    kind: ActionKind
    seat: int
    cards: tuple[Card, ...] = ()
    """The played card, the buried cards, or the called card."""
    under: Card | None = None
    """The under card of an under call."""

    def __str__(self) -> str:
        text = f"{seat_name(self.seat)} {self.kind.value}"
        if self.kind is ActionKind.BLITZ:
            return f"{text} {'black' if self.cards and self.cards[0] == Card.QC else 'red'}"
        if self.cards:
            text += " " + format_cards(self.cards)
        if self.under is not None:
            text += f" under {self.under}"
        return text

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse ``'S1 pick'``, ``'S1 pass'``, ``'S3 bury KH 7C'``, ``'S3 call AH'``,
        ``'S3 call AS under 8D'``, ``'S3 alone'``, ``'S1 play QC'`` (also ``'S1 QC'``),
        ``'S4 crack'``, ``'S3 recrack'``, ``'S2 blitz black'`` (``red``), ``'S3 revoke 7C'`` or
        ``'S4 claim'``.

        :raises InvalidActionError: the text is not an action.
        """
        words = text.split()
        if len(words) < 2:
            raise InvalidActionError(f"malformed action {text!r}: expected '<seat> <action>'")
        seat = parse_seat(words[0])
        verb, rest = words[1].lower(), words[2:]
        try:
            kind = ActionKind(verb)
        except ValueError:
            if len(words) == 2:  # "S1 QC": a play
                return cls(ActionKind.PLAY, seat, (parse_card(words[1]),))
            raise InvalidActionError(f"malformed action {text!r}: unknown verb {verb!r}") from None
        if kind is ActionKind.BLITZ:
            pair = BLITZ_PAIRS.get(rest[0].lower()) if len(rest) == 1 else None
            if pair is None:
                raise InvalidActionError(f"malformed action {text!r}: a blitz names its queens, black or red")
            return cls(kind, seat, pair)
        under = None
        if kind is ActionKind.CALL and len(rest) == 3 and rest[1].lower() == "under":
            under = parse_card(rest[2])
            rest = rest[:1]
        expected = {
            "pick": 0,
            "pass": 0,
            "alone": 0,
            "call": 1,
            "play": 1,
            "crack": 0,
            "recrack": 0,
            "revoke": 1,
            "claim": 0,
        }.get(kind.value)
        if (expected is not None and len(rest) != expected) or (kind is ActionKind.BURY and not rest):
            raise InvalidActionError(f"malformed action {text!r}")
        return cls(kind, seat, tuple(parse_card(word) for word in rest), under)

    @classmethod
    def pick(cls, seat: int) -> Action:
        return cls(ActionKind.PICK, seat)

    @classmethod
    def pass_blind(cls, seat: int) -> Action:
        return cls(ActionKind.PASS, seat)

    @classmethod
    def bury(cls, seat: int, cards: Iterable[Card]) -> Action:
        return cls(ActionKind.BURY, seat, tuple(cards))

    @classmethod
    def call(cls, seat: int, card: Card, under: Card | None = None) -> Action:
        return cls(ActionKind.CALL, seat, (card,), under)

    @classmethod
    def alone(cls, seat: int) -> Action:
        return cls(ActionKind.ALONE, seat)

    @classmethod
    def play(cls, seat: int, card: Card) -> Action:
        return cls(ActionKind.PLAY, seat, (card,))

    @classmethod
    def claim(cls, seat: int) -> Action:
        return cls(ActionKind.CLAIM, seat)

    @classmethod
    def crack(cls, seat: int) -> Action:
        return cls(ActionKind.CRACK, seat)

    @classmethod
    def recrack(cls, seat: int) -> Action:
        return cls(ActionKind.RECRACK, seat)

    @classmethod
    def blitz(cls, seat: int, colour: str) -> Action:
        """A blitz with the two ``black`` (QC QS) or ``red`` (QH QD) queens."""
        return cls(ActionKind.BLITZ, seat, BLITZ_PAIRS[colour])


# The kinds as module constants for the hot paths: on Python 3.11, reading a member off its enum
# class (``ActionKind.PLAY``) costs several times reading a global.
PICK, PASS, BURY, CALL, ALONE, PLAY = (
    ActionKind.PICK,
    ActionKind.PASS,
    ActionKind.BURY,
    ActionKind.CALL,
    ActionKind.ALONE,
    ActionKind.PLAY,
)
CRACK, RECRACK, BLITZ, REVOKE, CLAIM = (
    ActionKind.CRACK,
    ActionKind.RECRACK,
    ActionKind.BLITZ,
    ActionKind.REVOKE,
    ActionKind.CLAIM,
)

BLITZ_PAIRS = {"black": (Card.QC, Card.QS), "red": (Card.QH, Card.QD)}
"""A blitz's colour word and the two queens it shows (rule ``crack.blitz``)."""
WINDOW_KINDS = frozenset({ActionKind.CRACK, ActionKind.RECRACK, ActionKind.BLITZ})
"""Actions of the window between the call and the first card (area ``crack``)."""

new_action = functools.partial(tuple.__new__, Action)
"""Build an :class:`Action` from a 4-tuple without the generated ``__new__`` (hot path)."""
