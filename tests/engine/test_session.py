"""Sessions: the deal passing left, doublers (queue and single), who deals after a thrown-in
deal, and cumulative zero-sum totals.

Rules: session.first-dealer, session.deal-rotates-left (axis all-pass-dealer),
session.cumulative-scores, all-pass.doubler, all-pass.doubler-stacking, scoring.stakes-multiply.

A picker hand is DEAL_A moved so that the session's dealer deals it: with every seat moved k
places left, dealer S5 becomes S(5+k), and the scores (1, -2, 1, -1, 1) of S1..S5 (a loss: S2
picker -2, S4 partner -1, defenders +1) move with the seats.
"""

from __future__ import annotations

import pytest

from reference_impl.cards import mask_of
from reference_impl.errors import IllegalActionError
from reference_impl.hand import Hand
from reference_impl.profile import Profile
from reference_impl.scoring import OutcomeKind
from reference_impl.session import Session

from .conftest import (
    DEAL_A,
    DEAL_A_SETUP,
    DEAL_A_TRICKS,
    DEAL_SCHNEIDERED,
    DEAL_SCHNEIDERED_SETUP,
    DEAL_SCHNEIDERED_TRICKS,
    DEAL_WIN,
    DEAL_WIN_SETUP,
    DEAL_WIN_TRICKS,
    SEAT_NAMES,
    cards,
    check_deal,
    profile_of,
    rotate_deal,
    rotate_script,
    rotate_seat,
    run,
)

LOSS_SCORES = (1, -2, 1, -1, 1)  # DEAL_A dealt by S5: S2 picks and loses with 41


def new_hand(session: Session, deal) -> Hand:
    check_deal(deal)
    return session.new_hand(
        session.dealer, [mask_of(cards(deal[seat])) for seat in SEAT_NAMES], mask_of(cards(deal["blind"]))
    )


def shift(k: int) -> int:
    """The number of seats to move DEAL_A (dealt by S5) so that S(5+k) deals."""
    return k % 5


def play_loss(session: Session) -> Hand:
    """DEAL_A, moved to the session's dealer, played to the end."""
    k = shift(session.dealer - 5)
    hand = new_hand(session, rotate_deal(DEAL_A, k))
    run(hand, *rotate_script(DEAL_A_SETUP + DEAL_A_TRICKS, k))
    session.finish_hand(hand)
    return hand


def loss_scores(dealer: int, multiplier: int = 1) -> tuple[int, ...]:
    """LOSS_SCORES with every seat moved so that ``dealer`` deals."""
    k = shift(dealer - 5)
    moved = [0] * 5
    for seat in range(1, 6):
        moved[rotate_seat(seat, k) - 1] = LOSS_SCORES[seat - 1] * multiplier
    return tuple(moved)


def pass_out(session: Session) -> Hand:
    """DEAL_A dealt by the session's dealer, all five pass; the hand is thrown in."""
    hand = new_hand(session, DEAL_A)
    seat = session.dealer
    for _ in range(5):
        seat = seat % 5 + 1
        run(hand, f"S{seat} pass")
    session.finish_hand(hand)
    return hand


def test_loss_scores_helper_moves_with_the_seats() -> None:
    """scoring.loss (a check of this module's own arithmetic): dealt by S1, DEAL_A's picker S2
    sits at S3 (-2) and its partner S4 at S5 (-1)."""
    assert loss_scores(5) == (1, -2, 1, -1, 1)
    assert loss_scores(1) == (1, 1, -2, 1, -1)


@pytest.mark.parametrize("first", [1, 3, 5])
def test_any_seat_may_deal_first(first: int) -> None:
    """session.first-dealer"""
    session = Session(Profile.named("standard"), first_dealer=first)
    assert session.dealer == first
    assert session.next_stakes == 1
    assert session.totals == [0, 0, 0, 0, 0]


def test_deal_passes_to_the_left_after_each_hand() -> None:
    """session.deal-rotates-left: S4, S5, S1, S2 after a first deal by S3."""
    session = Session(Profile.named("standard"), first_dealer=3)
    dealers = []
    for _ in range(5):
        dealers.append(session.dealer)
        play_loss(session)
    assert dealers == [3, 4, 5, 1, 2]
    assert session.dealer == 3


def test_deal_passes_left_after_a_leaster() -> None:
    """session.deal-rotates-left: a leaster is a played hand; the deal moves on."""
    session = Session(Profile.named("standard"), first_dealer=5)
    hand = new_hand(session, DEAL_A)
    run(hand, "S1 pass, S2 pass, S3 pass, S4 pass, S5 pass")
    while hand.turn is not None:  # play the leaster out; its result does not matter here
        hand.apply(hand.legal_actions()[0])
    session.finish_hand(hand)
    assert hand.outcome.kind is OutcomeKind.LEASTER
    assert session.dealer == 1


def test_wrong_dealer_is_refused() -> None:
    """session.deal-rotates-left: after S5's hand it is S1's deal, not S2's."""
    session = Session(Profile.named("standard"), first_dealer=5)
    play_loss(session)
    with pytest.raises(IllegalActionError) as caught:
        session.new_hand(2, [mask_of(cards(DEAL_A[seat])) for seat in SEAT_NAMES], mask_of(cards(DEAL_A["blind"])))
    assert caught.value.rule_id == "session.deal-rotates-left"


def test_cumulative_totals_of_the_example_session() -> None:
    """session.cumulative-scores: spec/examples/session-two-hands.yaml. Hand 1 (S5 deals) is a
    win: (1, -1, 2, -1, -1); hand 2 (S1 deals) a schneidered: (2, 2, -4, 2, -2). Totals:
    S1 1 + 2 = 3, S2 -1 + 2 = 1, S3 2 - 4 = -2, S4 -1 + 2 = 1, S5 -1 - 2 = -3."""
    session = Session(Profile.named("standard"), first_dealer=5)
    first = run(new_hand(session, DEAL_WIN), *DEAL_WIN_SETUP, *DEAL_WIN_TRICKS)
    session.finish_hand(first)
    assert session.dealer == 1
    second = run(new_hand(session, DEAL_SCHNEIDERED), *DEAL_SCHNEIDERED_SETUP, *DEAL_SCHNEIDERED_TRICKS)
    session.finish_hand(second)
    assert session.totals == [3, 1, -2, 1, -3]
    assert sum(session.totals) == 0
    assert len(session.hands) == 2


def test_totals_stay_zero_sum_over_many_hands() -> None:
    """session.cumulative-scores: five losses dealt round the table."""
    session = Session(Profile.named("standard"), first_dealer=2)
    expected = [0] * 5
    for _ in range(5):
        dealer = session.dealer
        play_loss(session)
        expected = [a + b for a, b in zip(expected, loss_scores(dealer))]
        assert sum(session.totals) == 0
    assert session.totals == expected


# ------------------------------------------------------------------ doublers


def test_doubler_doubles_the_next_hand() -> None:
    """all-pass.doubler, scoring.stakes-multiply: S5's deal is passed out; S1 deals the next
    hand at double stakes, then stakes return to 1."""
    session = Session(Profile.named("doubler"), first_dealer=5)
    thrown = pass_out(session)
    assert thrown.outcome.kind is OutcomeKind.DOUBLER
    assert thrown.outcome.scores == (0, 0, 0, 0, 0)
    assert session.dealer == 1  # all-pass-dealer passes-left
    assert session.next_stakes == 2
    doubled = play_loss(session)
    assert doubled.stakes == 2
    assert doubled.outcome.scores == loss_scores(1, 2)
    assert session.next_stakes == 1
    assert session.totals == list(loss_scores(1, 2))


def test_doubler_on_a_double_on_the_bump_table() -> None:
    """scoring.stakes-multiply: a doubled loss with double on the bump is 2 * 2 = 4 times."""
    session = Session(profile_of("doubler", {"double-on-the-bump": "on"}), first_dealer=5)
    pass_out(session)
    assert play_loss(session).outcome.scores == loss_scores(1, 4)


def test_doubler_queue() -> None:
    """all-pass.doubler-stacking (queue): two passed-out deals double the next two hands."""
    session = Session(Profile.named("doubler"), first_dealer=5)
    pass_out(session)
    pass_out(session)
    assert session.dealer == 2
    stakes = []
    for _ in range(3):
        stakes.append(session.next_stakes)
        play_loss(session)
    assert stakes == [2, 2, 1]
    # S2, S3 at double stakes, S4 single
    expected = [sum(x) for x in zip(loss_scores(2, 2), loss_scores(3, 2), loss_scores(4, 1))]
    assert session.totals == expected


def test_doubler_single() -> None:
    """all-pass.doubler-stacking (single): two passed-out deals double only the next hand."""
    session = Session(Profile.named("doubler-single"), first_dealer=5)
    pass_out(session)
    pass_out(session)
    stakes = []
    for _ in range(2):
        stakes.append(session.next_stakes)
        play_loss(session)
    assert stakes == [2, 1]


def test_a_passed_out_doubled_deal_adds_to_the_queue() -> None:
    """all-pass.doubler-stacking (queue): the doubled hand after one doubler is passed out too;
    that is a second consecutive all-pass deal, so two hands with a picker are doubled."""
    session = Session(Profile.named("doubler"), first_dealer=5)
    pass_out(session)
    assert session.next_stakes == 2
    pass_out(session)
    assert [session.next_stakes, play_loss(session).stakes] == [2, 2]
    assert [session.next_stakes, play_loss(session).stakes] == [2, 2]
    assert session.next_stakes == 1


# ------------------------------------------------------------------ who deals after a throw-in


@pytest.mark.parametrize(
    ("profile", "options", "next_dealer"),
    [
        ("redeal", None, 3),  # same-dealer
        ("redeal", {"all-pass-dealer": "passes-left"}, 4),
        ("doubler", None, 4),  # passes-left
        ("doubler", {"all-pass-dealer": "same-dealer"}, 3),
    ],
)
def test_dealer_after_a_thrown_in_deal(profile: str, options, next_dealer: int) -> None:
    """session.deal-rotates-left (axis all-pass-dealer), all-pass.redeal"""
    session = Session(profile_of(profile, options), first_dealer=3)
    hand = pass_out(session)
    assert hand.outcome.scores == (0, 0, 0, 0, 0)
    assert session.dealer == next_dealer
    assert session.totals == [0, 0, 0, 0, 0]


def test_same_dealer_deals_again_then_the_deal_moves_on() -> None:
    """session.deal-rotates-left (same-dealer): S3 redeals after a pass-out, then passes the deal
    to S4 after a played hand."""
    session = Session(Profile.named("redeal"), first_dealer=3)
    pass_out(session)
    assert session.dealer == 3
    play_loss(session)
    assert session.dealer == 4
    assert session.totals == list(loss_scores(3))


def test_redeal_does_not_double() -> None:
    """all-pass.redeal: nothing is scored and the next hand is at normal stakes."""
    session = Session(Profile.named("redeal"), first_dealer=5)
    pass_out(session)
    assert session.next_stakes == 1


# ------------------------------------------------------------------ a revoke dealt again

REVOKE_DEAL = DEAL_WIN  # the deal of features/procedure/procedure.feature (S5 deals)


def test_a_revoke_dealt_again_keeps_the_dealer_and_the_doubled_stakes() -> None:
    """procedure.revoke-penalty (redeal): S2 trumps a club lead holding AC, and S4 claims it. The
    hand is compromised: nobody scores, S5 deals again, and the doubler still doubles that deal."""
    session = Session(profile_of("doubler", {"revoke-penalty": "redeal"}), first_dealer=4)
    pass_out(session)  # S4's deal passed out: S5 deals next, at double stakes
    assert (session.dealer, session.next_stakes) == (5, 2)
    hand = new_hand(session, REVOKE_DEAL)
    run(hand, *DEAL_WIN_SETUP)
    run(hand, "S1 9C", "S2 revoke QC", "S3 KC", "S4 TC", "S5 7C", "S2 KS", "S4 claim")
    session.finish_hand(hand)
    assert hand.outcome is not None and hand.outcome.kind is OutcomeKind.REVOKE
    assert hand.outcome.scores == (0, 0, 0, 0, 0)
    assert (session.dealer, session.next_stakes) == (5, 2)
    assert session.totals == [0, 0, 0, 0, 0]
