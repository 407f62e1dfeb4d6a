"""Helpers for the engine's unit tests: readable deals, action scripts and rejection checks.

Every deal in these tests is written out card by card; :func:`make_hand` checks that the five
hands hold six cards each, the blind two, and together they are the 32 cards of the
pack exactly once, so a typing mistake in a test deal fails loudly instead of testing nothing.

The shared deals (``DEAL_A`` ...) are described where they are defined. Expected values in the
tests are worked out by hand from ``spec/SPEC.md``, never read off the engine.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytest

from reference_impl.cards import CARDS, Card, parse_cards
from reference_impl.errors import IllegalActionError
from reference_impl.hand import Action, Hand
from reference_impl.profile import Profile

SEAT_NAMES = ("S1", "S2", "S3", "S4", "S5")


def cards(text: str) -> list[Card]:
    """``"QC 7D"`` -> ``[Card.QC, Card.D7]``."""
    return parse_cards(text.split())


def card_set(text: str) -> set[Card]:
    return set(cards(text))


def profile_of(profile: str | Profile = "standard", options: Mapping[str, str] | None = None) -> Profile:
    """A named profile (or a given one), with optional ``{axis: option}`` overrides."""
    resolved = Profile.named(profile) if isinstance(profile, str) else profile
    return resolved.with_options(options) if options else resolved


def check_deal(deal: Mapping[str, str]) -> None:
    """Assert that a deal ``{"S1": "...", ..., "S5": "...", "blind": "..."}`` is the whole pack."""
    assert set(deal) == {*SEAT_NAMES, "blind"}, f"a deal names S1-S5 and the blind, not {sorted(deal)}"
    listed: list[Card] = []
    for seat in SEAT_NAMES:
        hand = cards(deal[seat])
        assert len(hand) == 6, f"{seat} is dealt {len(hand)} cards in the test deal"
        listed += hand
    blind = cards(deal["blind"])
    assert len(blind) == 2, "the blind of the test deal is not two cards"
    listed += blind
    repeated = sorted({str(c) for c in listed if listed.count(c) > 1})
    missing = sorted(str(c) for c in set(CARDS) - set(listed))
    assert len(listed) == 32 and not repeated and not missing, (
        f"the test deal is not the 32-card pack: repeated {repeated}, missing {missing}"
    )


def make_hand(
    deal: Mapping[str, str],
    profile: str | Profile = "standard",
    *,
    dealer: int = 5,
    options: Mapping[str, str] | None = None,
    stakes: int = 1,
) -> Hand:
    """A fresh hand from a readable, checked deal."""
    check_deal(deal)
    return Hand.from_hands(
        profile_of(profile, options),
        dealer=dealer,
        hands=[cards(deal[seat]) for seat in SEAT_NAMES],
        blind=cards(deal["blind"]),
        stakes=stakes,
    )


def run(hand: Hand, *steps: str) -> Hand:
    """Apply actions in order. A step may hold several actions separated by commas, so that a
    whole trick reads as one line: ``run(hand, "S1 AC, S2 KD, S3 9C, S4 9H, S5 8H")``."""
    for step in steps:
        for text in step.split(","):
            if text.strip():
                hand.apply(Action.parse(text.strip()))
    return hand


def assert_rejected(hand: Hand, text: str, rule_id: str | set[str]) -> IllegalActionError:
    """The action is refused, names the rule, and the hand is left exactly as it was."""
    action = Action.parse(text)
    before = hand.position()
    actions_before = list(hand.actions)
    assert not hand.is_legal(action), f"{text!r} should be illegal here"
    assert action not in hand.legal_actions()
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(action)
    error = caught.value
    assert hand.position() == before, "a refused action changed the hand"
    assert hand.actions == actions_before
    assert error.seat == action.seat
    expected = {rule_id} if isinstance(rule_id, str) else rule_id
    assert error.rule_id in expected, f"{text!r} was refused under {error.rule_id}, expected {expected}"
    return error


def legal_plays(hand: Hand) -> set[str]:
    """The cards the seat to act may play, as codes."""
    return {str(action.cards[0]) for action in hand.legal_actions()}


def legal_texts(hand: Hand) -> set[str]:
    return {str(action) for action in hand.legal_actions()}


def rotate_seat(seat: int, k: int) -> int:
    """The seat ``k`` places to the left of ``seat``."""
    return (seat - 1 + k) % 5 + 1


def rotate_deal(deal: Mapping[str, str], k: int) -> dict[str, str]:
    """The same deal with every seat moved ``k`` places to the left (S1 -> S(1+k))."""
    moved = {f"S{rotate_seat(int(seat[1]), k)}": deal[seat] for seat in SEAT_NAMES}
    moved["blind"] = deal["blind"]
    return moved


def rotate_script(steps: list[str], k: int) -> list[str]:
    return [re.sub(r"\bS([1-5])\b", lambda m: f"S{rotate_seat(int(m.group(1)), k)}", step) for step in steps]


# --------------------------------------------------------------------------------------------
# DEAL_A (dealer S5, so S1 bids and leads first). S2 picks KD 8D, buries 7C 8D and calls AH:
# S2 keeps 7H as its only heart (the hold card); S4 holds AH with TH 9H and is the partner.
#   S2 after the bury: AS QS JC AD 7H KD
DEAL_A = {
    "S1": "AC TC 8C 9S QH 9D",
    "S2": "AS QS JC AD 7C 7H",
    "S3": "KC 9C QC TS KS 7D",
    "S4": "AH TH 9H JH 8S 7S",
    "S5": "QD JS TD JD KH 8H",
    "blind": "KD 8D",
}
DEAL_A_SETUP = ["S1 pass", "S2 pick", "S2 bury 7C 8D", "S2 call AH"]
# A complete, legal play of DEAL_A in which hearts are never led, so that the picker's hold
# card (7H) and the partner's AH both fall in the last trick.
DEAL_A_TRICKS = [
    "S1 AC, S2 KD, S3 9C, S4 9H, S5 8H",  # S2 wins with KD, the only trump: 11+4 = 15
    "S2 AS, S3 KS, S4 7S, S5 KH, S1 9S",  # S2 wins with AS: 11+4+0+4+0 = 19
    "S2 QS, S3 7D, S4 JH, S5 JD, S1 9D",  # S2 wins with QS: 3+0+2+2+0 = 7
    "S2 JC, S3 QC, S4 TH, S5 TD, S1 QH",  # S3 wins with QC: 2+3+10+10+3 = 28
    "S3 TS, S4 8S, S5 JS, S1 8C, S2 AD",  # S5 wins with JS: 10+0+2+0+11 = 23
    "S5 QD, S1 TC, S2 7H, S3 KC, S4 AH",  # S5 wins with QD: 3+10+0+4+11 = 28
]


# DEAL_N (dealer S5). S1 picks KH 9H, buries them (4 points) and calls AC; S2 holds AC and is
# the partner. The defenders S3, S4, S5 hold every high trump and take all six tricks.
DEAL_N = {
    "S1": "7C 8C 9C 7S 8S 9S",
    "S2": "AC 7D 8D 9D 8H 7H",
    "S3": "QC QS QH QD AH TH",
    "S4": "JC JS JH JD AS TS",
    "S5": "AD TD KD KC TC KS",
    "blind": "KH 9H",
}
DEAL_N_SETUP = ["S1 pick", "S1 bury KH 9H", "S1 call AC"]
DEAL_N_TRICKS = [
    "S1 7C, S2 AC, S3 QD, S4 JD, S5 TC",  # S3 (QD): 0+11+3+2+10 = 26
    "S3 QC, S4 JC, S5 AD, S1 7S, S2 7D",  # S3: 3+2+11+0+0 = 16
    "S3 QS, S4 JS, S5 TD, S1 8S, S2 8D",  # S3: 3+2+10+0+0 = 15
    "S3 QH, S4 JH, S5 KD, S1 9S, S2 9D",  # S3: 3+2+4+0+0 = 9
    "S3 AH, S4 TS, S5 KS, S1 8C, S2 8H",  # S3 (AH): 11+10+4+0+0 = 25
    "S3 TH, S4 AS, S5 KC, S1 9C, S2 7H",  # S3 (TH): 10+11+4+0+0 = 25
]


# DEAL_U (dealer S5). S1 picks AC 7S; after burying them S1 holds six trumps and no fail card,
# so no ace or ten can be called: the under call (AS or AH) or alone.
DEAL_U = {
    "S1": "QC QS QH QD JC JS",
    "S2": "AH 7H TC KC 9C 8C",
    "S3": "TH 7C AS TS KS 7D",
    "S4": "KH 9H 9S 8S JH JD",
    "S5": "8H AD TD KD 9D 8D",
    "blind": "AC 7S",
}


# DEAL_W (dealer S5). S1 picks 7C 7S and holds all three fail aces: it may call a ten.
DEAL_W = {
    "S1": "AC AS AH 7H QC QS",
    "S2": "TH 9C 8C 9S 8S QH",
    "S3": "KH TC KC TS KS QD",
    "S4": "9H JC JS JH JD AD",
    "S5": "8H TD KD 9D 8D 7D",
    "blind": "7C 7S",
}


# DEAL_LS (dealer S5): a leaster. Trick winners S2, S3, S5, S3, S3, S4; S1 takes no trick.
# Card points from tricks: S1 0, S2 2, S3 12+37+30 = 79, S4 2, S5 33 (116); the blind KS 7S is 4.
DEAL_LS = {
    "S1": "7D 8H JC JS AC TC",
    "S2": "JD 9H QD AD AH TH",
    "S3": "8D 8C QC 9S QS QH",
    "S4": "9D KD TD JH 8S KH",
    "S5": "7H 9C AS TS 7C KC",
    "blind": "KS 7S",
}
DEAL_LS_AUCTION = ["S1 pass, S2 pass, S3 pass, S4 pass, S5 pass"]
DEAL_LS_TRICKS = [
    "S1 7D, S2 JD, S3 8D, S4 9D, S5 7H",  # S2 (JD): 0+2+0+0+0 = 2
    "S2 QD, S3 QC, S4 KD, S5 7C, S1 JC",  # S3 (QC): 3+3+4+0+2 = 12
    "S3 9S, S4 8S, S5 AS, S1 AC, S2 AH",  # S5 (AS): 0+0+11+11+11 = 33
    "S5 TS, S1 TC, S2 TH, S3 QS, S4 KH",  # S3 (QS): 10+10+10+3+4 = 37
    "S3 QH, S4 TD, S5 KC, S1 JS, S2 AD",  # S3 (QH): 3+10+4+2+11 = 30
    "S3 8C, S4 JH, S5 9C, S1 8H, S2 9H",  # S4 (JH): 0+2+0+0+0 = 2
]


# DEAL_WIN: the hand of spec/examples/ordinary-win-deck.yaml (dealer S5). S3 picks TS 7S,
# buries them (10 points) and calls AH (S1's). Trick winners S2, S2, S3, S1, S3, S3.
DEAL_WIN = {
    "S1": "AH JD 7D 9C 8S 8H",
    "S2": "QC QD TD AC KS 9H",
    "S3": "QS JC AD 9D 7H KC",
    "S4": "QH JS KD TC AS TH",
    "S5": "JH 8D 8C 7C 9S KH",
    "blind": "TS 7S",
}
DEAL_WIN_SETUP = ["S1 pass", "S2 pass", "S3 pick", "S3 bury TS 7S", "S3 call AH"]
DEAL_WIN_TRICKS = [
    "S1 9C, S2 AC, S3 KC, S4 TC, S5 7C",  # S2 (AC): 0+11+4+10+0 = 25
    "S2 QC, S3 9D, S4 JS, S5 8D, S1 7D",  # S2 (QC): 3+0+2+0+0 = 5
    "S2 KS, S3 JC, S4 AS, S5 9S, S1 8S",  # S3 (JC): 4+2+11+0+0 = 17
    "S3 7H, S4 TH, S5 KH, S1 AH, S2 9H",  # S1 (AH): 0+10+4+11+0 = 25
    "S1 JD, S2 QD, S3 QS, S4 QH, S5 JH",  # S3 (QS): 2+3+3+3+2 = 13
    "S3 AD, S4 KD, S5 8C, S1 8H, S2 TD",  # S3 (AD): 11+4+0+0+10 = 25
]

# DEAL_SCHNEIDERED: the second hand of spec/examples/session-two-hands.yaml (dealer S1). S3
# picks KH 7H, buries KH 7C (4 points) and calls AS (S5's). Trick winners S2, S4, S1, S1, S3, S2.
DEAL_SCHNEIDERED = {
    "S1": "QC QS TD AC TC TH",
    "S2": "QH JC KD KC TS AH",
    "S3": "QD JH AD 8D 9S 7C",
    "S4": "JS JD 9D 9C KS 8S",
    "S5": "AS 7D 8C 9H 8H 7S",
    "blind": "KH 7H",
}
DEAL_SCHNEIDERED_SETUP = ["S2 pass", "S3 pick", "S3 bury KH 7C", "S3 call AS"]
DEAL_SCHNEIDERED_TRICKS = [
    "S2 AH, S3 7H, S4 9C, S5 8H, S1 TH",  # S2 (AH): 11+0+0+0+10 = 21
    "S2 KC, S3 8D, S4 JD, S5 8C, S1 TC",  # S4 (JD): 4+0+2+0+10 = 16
    "S4 KS, S5 AS, S1 QS, S2 TS, S3 9S",  # S1 (QS): 4+11+3+10+0 = 28
    "S1 QC, S2 KD, S3 JH, S4 9D, S5 7D",  # S1 (QC): 3+4+2+0+0 = 9
    "S1 AC, S2 JC, S3 QD, S4 8S, S5 9H",  # S3 (QD): 11+2+3+0+0 = 16
    "S3 AD, S4 JS, S5 7S, S1 TD, S2 QH",  # S2 (QH): 11+2+0+10+3 = 26
]
