"""Direct queries on described positions, for rules questions that need no whole hand.

They answer from the same code as :class:`~reference_impl.hand.Hand` (the card tables, the
legal-play mask, the call options, the scoring functions), so a query and a replayed hand can
never disagree.

>>> from reference_impl.profile import Profile
>>> from reference_impl.cards import parse_cards
>>> standard = Profile.named("standard")
>>> trick_winner(standard, parse_cards(["AH", "TH", "7D"]))
2
>>> [str(c) for c in legal_plays(standard, parse_cards(["AC", "QC", "7H"]), parse_cards(["9C"]),
...                              trick_number=1, role="defender")]
['AC']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from reference_impl.cards import CARDS, Card, cards_of, mask_of, mask_points
from reference_impl.errors import InvalidActionError
from reference_impl.hand import Hand, Phase
from reference_impl.profile import Profile
from reference_impl.rules import card_tables, rank_after_first_lead
from reference_impl.scoring import OutcomeKind, classify, picker_hand_scores, picker_side_card_points

__all__ = ["ScoreResult", "callable_cards", "card_points", "legal_plays", "play_violations", "score", "trick_winner"]

ROLES = ("picker", "partner", "defender", "leaster")


class ScoreResult(NamedTuple):
    """The outcome class of a described result and the score changes by role."""

    kind: OutcomeKind
    picker: int
    partner: int
    defender: int
    picker_side_points: int


def trick_winner(
    profile: Profile,
    cards: Sequence[int],
    called: int | None = None,
    under: int | None = None,
    called_suit_led: bool = False,
) -> int:
    """Index (in play order) of the card that wins a trick of 1-5 cards, the first one led.

    :param called_suit_led: whether the called suit was led in an earlier trick (a called ten
        under ``until-led`` ranks as any ten in a later trick of its suit).
    :raises InvalidActionError: no cards, more than five, or a card repeated.
    """
    if not 1 <= len(cards) <= 5 or len(set(cards)) != len(cards):
        raise InvalidActionError("a trick holds one to five different cards", rule_id="play.clockwise-one-card")
    rank: str = profile.called_ten_rank
    if called_suit_led:
        rank = rank_after_first_lead(rank)
    tables = card_tables(profile.jack_order, rank, called, under)
    power = tables.power[tables.suit_of[cards[0]]]  # trick.highest-trump-wins, …-of-led-suit-wins
    return max(range(len(cards)), key=lambda i: power[cards[i]])


def legal_plays(
    profile: Profile,
    hand: Iterable[int],
    trick: Sequence[int],
    trick_number: int,
    role: str,
    called: int | None = None,
    under: int | None = None,
    called_suit_led: bool = False,
) -> list[Card]:
    """The cards a seat holding ``hand`` may play to ``trick`` (cards so far, the led one first).

    :param trick_number: 1-6.
    :param role: ``picker``, ``partner`` (holds ``called``), ``defender`` or ``leaster``.
    :param called_suit_led: whether the called suit was led in an earlier trick.
    :raises InvalidActionError: an inconsistent description.
    """
    return list(
        cards_of(_position(profile, hand, trick, trick_number, role, called, under, called_suit_led).legal_play_mask())
    )


def play_violations(
    profile: Profile,
    hand: Iterable[int],
    trick: Sequence[int],
    trick_number: int,
    role: str,
    card: int,
    called: int | None = None,
    under: int | None = None,
    called_suit_led: bool = False,
) -> list[str]:
    """The rules that playing ``card`` from ``hand`` breaks in the position of :func:`legal_plays`,
    the one an engine names first first (``[]``: a legal play; ``play.card-in-hand`` for a card
    not held).

    :raises InvalidActionError: an inconsistent description.
    """
    position = _position(profile, hand, trick, trick_number, role, called, under, called_suit_led)
    held = position._hands[0]
    if not held >> card & 1:
        return ["play.card-in-hand"]
    if position.legal_play_mask() >> card & 1:
        return []
    return [rule for rule, _ in position._play_violations(card, held)]


def _position(
    profile: Profile,
    hand: Iterable[int],
    trick: Sequence[int],
    trick_number: int,
    role: str,
    called: int | None,
    under: int | None,
    called_suit_led: bool,
) -> Hand:
    """A hand in the play phase with seat 1 to play (the other seats' cards unknown and empty),
    just enough for the rules of play to read the moment."""
    cards = list(hand)
    if role not in ROLES:
        raise InvalidActionError(f"unknown role {role!r}; expected one of {ROLES}")
    if not 1 <= trick_number <= 6 or not 0 <= len(trick) <= 4 or not cards:
        raise InvalidActionError("a position needs a trick number 1-6, at most four cards played, a non-empty hand")
    if set(cards) & set(trick):
        raise InvalidActionError("a card cannot be both in the hand and in the trick")
    if role == "partner" and called not in cards and not called_suit_led:
        raise InvalidActionError("the partner holds the called card until its suit has been led")
    position = Hand.__new__(Hand)
    position.profile = profile
    position.phase = Phase.PLAY
    position._turn = 1
    position._hands = [mask_of(cards), 0, 0, 0, 0]
    position._trick_cards = list(trick)
    position._tricks = [(2, (), 2, 0)] * (trick_number - 1)  # only their number matters here
    leaster = role == "leaster" or called is None
    position.called = None if leaster else CARDS[called]  # type: ignore[index]
    position.under = None if leaster or under is None else CARDS[under]
    position.picker = 1 if role == "picker" else 2
    position.partner = 1 if role == "partner" else 3
    position._set_tables(position.called, position.under)
    position._called_suit = -1 if position.called is None else position.called >> 3
    position._called_led_in = -1
    if position._called_suit >= 0:
        if called_suit_led:
            position._called_led_in = 0
        elif trick and position._suit_of[trick[0]] == position._called_suit:
            position._called_led_in = trick_number - 1  # this trick is the suit's first lead
    return position


def callable_cards(profile: Profile, hand: Iterable[int], buried: Iterable[int] = ()) -> tuple[list[Card], list[Card]]:
    """The cards a picker holding ``hand`` (after burying ``buried``) may call, and the aces
    callable with an under card (non-empty only when nothing else is callable and the profile
    allows the under). Going alone is always open.
    """
    position = Hand.__new__(Hand)
    position.profile = profile
    position.phase = Phase.CALL  # the picker (seat 1 here) to call
    position._turn = 1
    position._hands = [mask_of(hand), 0, 0, 0, 0]
    position.buried = mask_of(buried)
    return position.call_options()


def score(
    profile: Profile,
    picker_side_trick_points: int,
    bury_points: int,
    picker_side_tricks: int,
    alone: bool = False,
    stakes: int = 1,
    raises: int = 0,
) -> ScoreResult:
    """Classify and score a described result of a hand with a picker (``raises``: its cracks,
    re-cracks and blitzes).

    :raises InvalidActionError: points or tricks out of range.
    """
    if not (
        0 <= bury_points <= 22 and 0 <= picker_side_trick_points <= 120 - bury_points and 0 <= picker_side_tricks <= 6
    ):
        raise InvalidActionError("points or tricks out of range (bury 0-22, tricks 0-6, total at most 120)")
    counts = {
        "picker_side_trick_points": picker_side_trick_points,
        "bury_points": bury_points,
        "picker_side_tricks": picker_side_tricks,
    }
    kind = classify(profile, **counts)
    picker, partner, defender = picker_hand_scores(profile, kind, alone=alone, stakes=stakes, raises=raises)
    return ScoreResult(kind, picker, partner, defender, picker_side_card_points(profile, **counts))


def card_points(cards: Iterable[int]) -> int:
    """The card points of some cards (``points.card-values``)."""
    return mask_points(mask_of(cards))
