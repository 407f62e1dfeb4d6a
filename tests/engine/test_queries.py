"""Direct queries agree with the hand state machine (they share its tables and code paths).

Rules: every rule the queries answer for — play.follow-suit, play.follow-trump,
play.void-in-led-suit, play.hold-card-kept, play.partner-keeps-called-card,
play.partner-plays-called-card, play.partner-leads-called-card, play.picker-leads-called-suit,
trick.highest-trump-wins, trick.highest-of-led-suit-wins, trick.called-ten-rank,
trick.under-never-wins, call.ace-of-held-fail-suit, call.ten-when-all-aces, call.under-card,
scoring.* and points.card-values; a play's violations are the rules the hand names for it.
"""

from __future__ import annotations

import random

import pytest

from reference_impl import Hand, Phase, Profile, parse_cards, profile_names
from reference_impl.actions import Action, ActionKind
from reference_impl.cards import Card
from reference_impl.errors import IllegalActionError, InvalidActionError
from reference_impl.queries import callable_cards, card_points, legal_plays, play_violations, score, trick_winner


def _role(hand: Hand, seat: int) -> str:
    if hand.is_leaster or hand.called is None:
        return "leaster" if hand.is_leaster else ("picker" if seat == hand.picker else "defender")
    if seat == hand.picker:
        return "picker"
    return "partner" if seat == hand.partner else "defender"


@pytest.mark.parametrize("profile_name", profile_names())
def test_queries_agree_with_played_hands(profile_name: str) -> None:
    profile = Profile.named(profile_name)
    rng = random.Random(profile_name)
    for _ in range(150):
        deck = list(range(32))
        rng.shuffle(deck)
        hand = Hand.from_deck(profile, rng.randint(1, 5), deck)
        while hand.phase is not Phase.SCORED:
            if hand.phase is Phase.CALL:
                calls, under = callable_cards(profile, hand.cards_of(hand.turn), list(_cards(hand.buried)))
                listed = [a for a in hand.legal_actions() if a.kind.value == "call"]
                assert sorted((a.cards[0], a.under) for a in listed) == sorted(
                    [(c, None) for c in calls] + [(a, u) for a in under for u in hand.cards_of(hand.turn)]
                )
            if hand.phase is Phase.PLAY:
                seat = hand.turn
                trick = [card for _, card in hand.current_trick]
                first_led = hand.called_suit_led_in
                called_led_before = first_led is not None and first_led < hand.trick_index
                expected = sorted(
                    legal_plays(
                        profile,
                        hand.cards_of(seat),
                        trick,
                        hand.trick_index + 1,
                        _role(hand, seat),
                        called=hand.called,
                        under=hand.under,
                        called_suit_led=called_led_before,
                    )
                )
                assert expected == sorted(a.cards[0] for a in hand.legal_actions() if a.kind.value == "play")
                for card in set(hand.cards_of(seat)) - set(expected):  # the rule the hand names, first
                    try:
                        hand.verify(Action(ActionKind.PLAY, seat, (Card(card),)))
                    except IllegalActionError as error:
                        named = list(error.rule_ids)
                    args = (hand.cards_of(seat), trick, hand.trick_index + 1, _role(hand, seat), card)
                    found = play_violations(
                        profile, *args, called=hand.called, under=hand.under, called_suit_led=called_led_before
                    )
                    assert found == named, (card, found, named)
                before = len(hand.tricks)
                hand.apply(hand.random_action(rng.random))
                if len(hand.tricks) > before:
                    done = hand.tricks[-1]
                    index = trick_winner(
                        profile, done.cards, called=hand.called, under=hand.under, called_suit_led=called_led_before
                    )
                    assert done.seats[index] == done.winner
                continue
            hand.apply(hand.random_action(rng.random))
        outcome = hand.outcome
        assert outcome is not None
        if outcome.picker is not None:
            side = {outcome.picker} | ({outcome.partner} if outcome.partner else set())
            trick_points = sum(t.points for t in hand.tricks if t.winner in side)
            result = score(
                profile,
                trick_points,
                card_points(_cards(hand.buried)),
                outcome.picker_side_tricks,
                alone=hand.alone,
                raises=outcome.raises,
            )
            assert result.kind == outcome.kind
            assert result.picker == outcome.scores[outcome.picker - 1]
            assert result.picker_side_points == outcome.picker_side_points


def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def test_card_points_of_the_pack_is_120() -> None:
    """points.total-120"""
    assert card_points(range(32)) == 120


def test_bad_descriptions_are_invalid_not_crashes() -> None:
    standard = Profile.named("standard")
    with pytest.raises(InvalidActionError):
        trick_winner(standard, [])
    with pytest.raises(InvalidActionError):
        legal_plays(standard, parse_cards(["AC"]), parse_cards(["AC"]), 1, "defender")
    with pytest.raises(InvalidActionError):
        legal_plays(standard, parse_cards(["AC"]), [], 1, "dealer")
    with pytest.raises(InvalidActionError):
        score(standard, 130, 0, 3)


def test_random_action_is_always_legal() -> None:
    rng = random.Random(7)
    for name in profile_names():
        profile = Profile.named(name)
        for _ in range(40):
            deck = list(range(32))
            rng.shuffle(deck)
            hand = Hand.from_deck(profile, 5, deck)
            while hand.phase is not Phase.SCORED:
                action = hand.random_action(rng.random)
                assert action in hand.legal_actions()
                hand.verify(action)  # apply() does not verify a drawn action again: verify must accept it
                hand.apply(action)
