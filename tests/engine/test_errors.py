"""Rejected actions: each names the specific rule it breaks and leaves the hand unchanged;
malformed input is an InvalidActionError.

One position per rule id (the rules named in each case's id), built from the shared deals.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from reference_impl.errors import IllegalActionError, InvalidActionError, SheepsheadError
from reference_impl.hand import Action, Hand
from reference_impl.profile import Profile

from .conftest import DEAL_A, DEAL_A_SETUP, DEAL_A_TRICKS, DEAL_U, assert_rejected, make_hand, run

# DEAL_A after the setup: S2 picked, buried 7C 8D and called AH (S4 holds it).
#   S1: AC TC 8C 9S QH 9D   S2: AS QS JC AD 7H KD   S3: KC 9C QC TS KS 7D
#   S4: AH TH 9H JH 8S 7S   S5: QD JS TD JD KH 8H


# DEAL_H: S2 picks, buries KD 7C and calls AH, keeping two hearts (8H 7H); hearts are led in
# trick 2 (S4 plays AH, S1 wins with QH), then S1 leads TC: S2 is void in clubs.
DEAL_H = {
    "S1": "AC TC 8C 9S QH 9D",
    "S2": "AS QS JC AD 7H 8H",
    "S3": "KC 9C QC TS KS 7D",
    "S4": "AH TH 9H JH 8S 7S",
    "S5": "QD JS TD JD KH 8D",
    "blind": "KD 7C",
}
DEAL_H_PLAY = [
    "S1 pass, S2 pick, S2 bury KD 7C, S2 call AH",
    "S1 AC, S2 QS, S3 9C, S4 JH, S5 8D",
    "S2 8H, S3 7D, S4 AH, S5 KH, S1 QH",
    "S1 TC",
]


# DEAL_T: S3 picks 8S 7S and holds all three fail aces (fixtures/negative/call-ten-of-suit-not-held.yaml).
DEAL_T = {
    "S1": "TH KH QS 9C 8C 9S",
    "S2": "QH JC AD TC KS 8H",
    "S3": "AC AS AH 7H QC JD",
    "S4": "QD JS TD KC 7C 9H",
    "S5": "JH KD 9D 8D 7D TS",
    "blind": "8S 7S",
}
TEN_FIRST = {"call-timing": "call-then-bury", "ten-call-hold": "the-ace"}


def deal_a(*steps: str, options=None) -> Callable[[], Hand]:
    return lambda: run(make_hand(DEAL_A, options=options), *steps)


def playing(*steps: str, options=None) -> Callable[[], Hand]:
    return deal_a(*DEAL_A_SETUP, *steps, options=options)


CASES = [
    # (rule id, position, illegal action)
    ("auction.order", deal_a(), "S2 pick"),
    ("auction.order", deal_a("S1 pass"), "S5 pass"),
    ("auction.first-pick-ends", deal_a("S1 pass, S2 pick"), "S3 pick"),
    ("bury.two-cards", deal_a("S1 pass, S2 pick"), "S2 bury 7C"),
    ("bury.two-cards", deal_a("S1 pass, S2 pick"), "S2 bury 7C 8D KD"),
    ("bury.cards-from-hand", deal_a("S1 pass, S2 pick"), "S2 bury 7C AC"),
    ("bury.cards-from-hand", deal_a("S1 pass, S2 pick"), "S2 bury 8D 8D"),
    ("bury.before-call", deal_a("S1 pass, S2 pick"), "S2 call AH"),
    ("call.not-own-card", deal_a("S1 pass, S2 pick, S2 bury 7C 8D"), "S2 call AS"),
    ("call.ace-of-held-fail-suit", deal_a("S1 pass, S2 pick, S2 bury 7C 8D"), "S2 call AC"),
    ("call.ace-of-held-fail-suit", deal_a("S1 pass, S2 pick, S2 bury 7C 8D"), "S2 call AD"),
    ("call.ten-when-all-aces", deal_a("S1 pass, S2 pick, S2 bury 7C 8D"), "S2 call TH"),
    ("call.no-callable-suit", deal_a("S1 pass, S2 pick, S2 bury 7C 8D"), "S2 call AC under 7H"),
    ("call.under-card", lambda: run(make_hand(DEAL_U), "S1 pick, S1 bury AC 7S"), "S1 call AH under JD"),
    ("call.partner-or-alone", deal_a("S1 pass, S2 pick, S2 bury 7C 8D"), "S2 play AS"),
    ("alone.declare", playing("S1 AC"), "S2 alone"),
    ("play.first-lead", playing(), "S2 play AS"),
    ("play.clockwise-one-card", playing("S1 AC"), "S3 play KC"),
    ("play.card-in-hand", playing(), "S1 play KH"),
    ("play.card-in-hand", playing("S1 AC"), "S2 play 7C"),  # buried by S2
    ("play.card-in-hand", deal_a("S1 pass, S2 pass, S3 pass, S4 pass, S5 pass"), "S1 play KD"),  # the leaster blind
    ("play.winner-leads", playing(DEAL_A_TRICKS[0]), "S1 play TC"),
    ("play.follow-suit", playing("S1 AC, S2 KD"), "S3 play QC"),
    ("play.follow-suit", playing("S1 AC, S2 KD"), "S3 play TS"),
    ("play.follow-trump", playing("S1 QH"), "S2 play AS"),
    ("play.follow-trump", playing("S1 QH"), "S2 play 7H"),
    ("play.hold-card-kept", playing("S1 AC"), "S2 play 7H"),
    ("play.partner-keeps-called-card", playing("S1 AC, S2 KD, S3 9C"), "S4 play AH"),
    ("play.partner-plays-called-card", playing(DEAL_A_TRICKS[0], "S2 7H, S3 7D"), "S4 play TH"),
    ("play.partner-leads-called-card", playing("S1 AC, S2 KD, S3 9C, S4 JH, S5 8H"), "S4 play TH"),
    (
        "play.picker-leads-called-suit",
        playing(DEAL_A_TRICKS[0], options={"called-suit-lead": "after-first-lead"}),
        "S2 play 7H",
    ),
    (
        "play.void-in-led-suit",
        playing("S1 AC, S2 KD, S3 9C, S4 JH", options={"void-play": "must-trump"}),
        "S5 play KH",
    ),
    ("play.clockwise-one-card", playing(*DEAL_A_TRICKS), "S5 play QD"),  # the hand is over
    # Hearts, the called suit, were led in trick 2: the picker's duty to keep 7H has ended, so a
    # 7H on a club lead breaks must-trump only (it used to be named play.hold-card-kept).
    (
        "play.void-in-led-suit",
        lambda: run(make_hand(DEAL_H, options={"void-play": "must-trump"}), *DEAL_H_PLAY),
        "S2 play 7H",
    ),
    # S3 calls TH before the bury; under ten-call-hold the-ace AH is the hold card, 7H or not.
    (
        "play.ace-kept-for-called-ten",
        lambda: run(make_hand(DEAL_T, options=TEN_FIRST), "S1 pass, S2 pass, S3 pick, S3 call TH"),
        "S3 bury AH 8S",
    ),
]


@pytest.mark.parametrize(("rule_id", "build", "action"), CASES, ids=[f"{rule}:{action}" for rule, _, action in CASES])
def test_rejected_action_names_its_rule_and_changes_nothing(rule_id: str, build, action: str) -> None:
    """The rule id given in each case (see CASES); every rejection leaves hand.position()
    unchanged and names that rule."""
    hand = build()
    error = assert_rejected(hand, action, rule_id)
    assert error.action == action
    assert rule_id in str(error)


def test_hand_still_plays_after_rejections() -> None:
    """A string of refused actions does not disturb the hand: the legal play then goes through.
    (play.follow-suit, play.clockwise-one-card, play.card-in-hand)"""
    hand = playing("S1 AC, S2 KD")()
    before = hand.position()
    for text in ("S3 play QC", "S4 play TH", "S3 play AH", "S3 play TS"):
        with pytest.raises(IllegalActionError):
            hand.apply(Action.parse(text))
    assert hand.position() == before
    run(hand, "S3 9C")
    assert hand.turn == 4


def test_errors_are_value_errors_with_a_rule_id() -> None:
    """No game rule: the engine's error contract (reference_impl/errors.py).
    IllegalActionError and InvalidActionError share SheepsheadError (a ValueError)."""
    assert issubclass(IllegalActionError, SheepsheadError)
    assert issubclass(InvalidActionError, SheepsheadError)
    assert issubclass(SheepsheadError, ValueError)


@pytest.mark.parametrize(
    "text",
    [
        "S6 pass",
        "S0 pick",
        "S1",
        "S1 jump",
        "S1 play",
        "S1 play QC QS",
        "S1 pick QC",
        "S1 call",
        "S1 bury",
        "S1 play 6C",
        "X1 pass",
    ],
)
def test_malformed_actions_are_invalid(text: str) -> None:
    """deck.five-players (no seat S6), deck.thirty-two-cards (no card 6C), and the action syntax
    of hand-records.md: malformed input is an InvalidActionError, not an IllegalActionError."""
    with pytest.raises(InvalidActionError):
        Action.parse(text)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("S1 pick", Action.pick(1)),
        ("s2 pass", Action.pass_blind(2)),
        ("S3 play QC", Action.play(3, Action.parse("S3 QC").cards[0])),
        ("S3 bury KH 7C", Action.parse("S3 bury kh 7♣")),
        ("S3 call AS under 8D", Action.parse("S3 call A♠ under 8d")),
        ("S3 alone", Action.alone(3)),
    ],
)
def test_action_text_round_trips(text: str, action: Action) -> None:
    """The action text forms (hand-records.md sections 5.4-5.7) parse and print canonically."""
    assert Action.parse(text) == action
    assert str(Action.parse(text)).lower() == text.lower()


def test_unknown_profile_and_options_are_invalid() -> None:
    """all-pass.table-choice and every other axis: only the profiles, axes and options of
    variants.yaml exist."""
    with pytest.raises(InvalidActionError):
        Profile.named("no-such-profile")
    with pytest.raises(InvalidActionError):
        Profile.named("standard").with_options({"void-play": "sometimes"})
    with pytest.raises(InvalidActionError):
        Profile.named("standard").with_options({"no-such-axis": "on"})
