"""Leasters: the blind, who is eligible, ties, and the +4/-1 scoring.

Rules: leaster.every-player-for-themselves, leaster.fewest-points-wins, leaster.blind,
leaster.needs-trick, leaster.tie, leaster.scoring, scoring.zero-sum.

The complete leaster DEAL_LS (see conftest): trick winners S2 (2 points), S3 (12), S5 (33),
S3 (37), S3 (30), S4 (2). From tricks: S1 0 (no trick), S2 2, S3 79, S4 2, S5 33. The blind
KS 7S is worth 4 + 0 = 4.
"""

from __future__ import annotations

import pytest

from reference_impl.hand import Phase
from reference_impl.profile import Profile
from reference_impl.scoring import OutcomeKind, leaster_scores

from .conftest import DEAL_LS, DEAL_LS_AUCTION, DEAL_LS_TRICKS, legal_plays, make_hand, profile_of, run


def leaster(profile: str = "standard", options=None):
    hand = run(make_hand(DEAL_LS, profile, options=options), *DEAL_LS_AUCTION, *DEAL_LS_TRICKS)
    assert hand.phase is Phase.SCORED
    assert hand.outcome is not None
    assert hand.outcome.kind is OutcomeKind.LEASTER
    return hand.outcome


def test_leaster_tricks() -> None:
    """leaster.every-player-for-themselves: ordinary trick play, first lead by the dealer's left."""
    hand = run(make_hand(DEAL_LS), *DEAL_LS_AUCTION)
    assert hand.turn == 1
    assert hand.picker is None and hand.called is None
    run(hand, *DEAL_LS_TRICKS)
    assert [t.winner for t in hand.tricks] == [2, 3, 5, 3, 3, 4]
    assert [t.points for t in hand.tricks] == [2, 12, 33, 37, 30, 2]


def test_leaster_follows_suit_without_called_card_duties() -> None:
    """leaster.every-player-for-themselves: S1 leads 7D; S2 must follow trump; S5 holds no trump
    and may play anything."""
    hand = run(make_hand(DEAL_LS), *DEAL_LS_AUCTION, "S1 7D")
    assert legal_plays(hand) == {"JD", "QD", "AD"}
    run(hand, "S2 JD, S3 8D, S4 9D")
    assert legal_plays(hand) == {"7H", "9C", "AS", "TS", "7C", "KC"}


def test_blind_to_the_last_trick_winner() -> None:
    """leaster.blind (last-trick), leaster.fewest-points-wins, leaster.scoring: S4 takes the last
    trick: 2 + 4 = 6. Eligible (a trick each): S2 2, S3 79, S4 6, S5 33; S2 wins."""
    outcome = leaster()
    assert outcome.seat_points == (0, 2, 79, 6, 33)
    assert outcome.seat_tricks == (0, 1, 3, 1, 1)
    assert outcome.leaster_winner == 2
    assert outcome.scores == (-1, 4, -1, -1, -1)


def test_blind_to_the_first_trick_winner() -> None:
    """leaster.blind (first-trick): S2 takes the first trick: 2 + 4 = 6, and S4 (2) wins."""
    outcome = leaster(options={"leaster-blind": "first-trick"})
    assert outcome.seat_points == (0, 6, 79, 2, 33)
    assert outcome.leaster_winner == 4
    assert outcome.scores == (-1, -1, -1, 4, -1)


def test_blind_to_first_trick_in_the_sheepsheadai_profile() -> None:
    """leaster.blind (first-trick, profile sheepsheadai)"""
    assert leaster("sheepsheadai").leaster_winner == 4


def test_blind_to_nobody_ties_without_exchange() -> None:
    """leaster.blind (nobody), leaster.tie (no-exchange): S2 and S4 both have 2; nobody scores."""
    outcome = leaster(options={"leaster-blind": "nobody"})
    assert outcome.seat_points == (0, 2, 79, 2, 33)
    assert outcome.leaster_winner is None
    assert outcome.scores == (0, 0, 0, 0, 0)


def test_tie_split() -> None:
    """leaster.tie (split): the tied S2 and S4 each collect 1 from each of the three others:
    +3 each; S1, S3, S5 pay 1 to each of the two: -2 each. 3 + 3 - 2 - 2 - 2 = 0."""
    outcome = leaster(options={"leaster-blind": "nobody", "leaster-tie": "split"})
    assert outcome.leaster_winner is None
    assert outcome.scores == (-2, 3, -2, 3, -2)


def test_player_without_a_trick_wins_when_no_trick_is_needed() -> None:
    """leaster.needs-trick (no): S1 took no trick and has 0 points, fewer than anyone."""
    outcome = leaster(options={"leaster-needs-trick": "no"})
    assert outcome.leaster_winner == 1
    assert outcome.scores == (4, -1, -1, -1, -1)


def test_open_leaster_profile() -> None:
    """leaster.blind (nobody), leaster.needs-trick (no), leaster.tie (split) together: S1 alone
    has 0 points, so there is no tie."""
    outcome = leaster("open-leaster")
    assert outcome.seat_points == (0, 2, 79, 2, 33)
    assert outcome.leaster_winner == 1
    assert outcome.scores == (4, -1, -1, -1, -1)


@pytest.mark.parametrize(
    "options",
    [
        None,
        {"leaster-blind": "first-trick"},
        {"leaster-blind": "nobody"},
        {"leaster-blind": "nobody", "leaster-tie": "split"},
        {"leaster-needs-trick": "no"},
    ],
)
def test_leaster_is_zero_sum(options) -> None:
    """scoring.zero-sum"""
    assert sum(leaster(options=options).scores) == 0


# ------------------------------------------------------------------ leaster_scores directly

STANDARD = Profile.named("standard")


def test_fewest_points_among_players_with_a_trick() -> None:
    """leaster.needs-trick (yes): S1 has 0 points but no trick; S4 (5 points) wins.
    Points 0 + 40 + 30 + 5 + 45 = 120."""
    winner, scores = leaster_scores(STANDARD, (0, 40, 30, 5, 45), (0, 2, 1, 1, 2))
    assert winner == 3  # 0-based: S4
    assert scores == (-1, -1, -1, 4, -1)


def test_no_trick_needed_makes_a_trickless_player_win() -> None:
    """leaster.needs-trick (no)"""
    winner, scores = leaster_scores(
        profile_of("standard", {"leaster-needs-trick": "no"}), (0, 40, 30, 5, 45), (0, 2, 1, 1, 2)
    )
    assert winner == 0
    assert scores == (4, -1, -1, -1, -1)


def test_two_trickless_players_tie_when_no_trick_is_needed() -> None:
    """leaster.needs-trick (no), leaster.tie: S1 and S2 both took nothing (0 points)."""
    points, tricks = (0, 0, 60, 25, 35), (0, 0, 3, 1, 2)
    no_trick = profile_of("standard", {"leaster-needs-trick": "no"})
    assert leaster_scores(no_trick, points, tricks) == (None, (0, 0, 0, 0, 0))
    split = no_trick.with_options({"leaster-tie": "split"})
    # S1, S2 +3 each (1 from each of S3, S4, S5); S3, S4, S5 -2 each (1 to each of S1, S2)
    assert leaster_scores(split, points, tricks) == (None, (3, 3, -2, -2, -2))


def test_three_way_tie_split() -> None:
    """leaster.tie (split): S2, S3, S4 tie on 10: +2 each; S1 and S5 pay 3 each: -3.
    3 * 2 - 2 * 3 = 0."""
    split = profile_of("standard", {"leaster-tie": "split"})
    winner, scores = leaster_scores(split, (50, 10, 10, 10, 40), (2, 1, 1, 1, 1))
    assert winner is None
    assert scores == (-3, 2, 2, 2, -3)


def test_leaster_at_doubler_stakes() -> None:
    """leaster.scoring: +4 and -1 times the multiplier."""
    winner, scores = leaster_scores(STANDARD, (0, 40, 30, 5, 45), (0, 2, 1, 1, 2), stakes=2)
    assert winner == 3
    assert scores == (-2, -2, -2, 8, -2)


def test_random_tie_goes_to_the_first_tied_seat_of_the_draw() -> None:
    """leaster.tie (random): S2, S3, S4 tie on 10; the draw order decides, the winner scores +4
    and every other seat -1, the other tied seats too."""
    drawn = profile_of("standard", {"leaster-tie": "random"})
    points, tricks = (50, 10, 10, 10, 40), (2, 1, 1, 1, 1)
    assert leaster_scores(drawn, points, tricks, draw=(4, 2)) == (2, (-1, -1, 4, -1, -1))
    assert leaster_scores(drawn, points, tricks, draw=(0, 3)) == (3, (-1, -1, -1, 4, -1))  # S1 is not tied
    assert leaster_scores(drawn, points, tricks) == (1, (-1, 4, -1, -1, -1))  # no draw: seat order
    assert leaster_scores(drawn, (50, 10, 20, 30, 10), tricks, stakes=2, draw=(4,)) == (4, (-2, -2, -2, -2, 8))


def test_without_a_tie_the_tie_break_is_not_used() -> None:
    """leaster.tie (random), leaster.needs-trick (no): in DEAL_LS S1 (no trick, 0 points) then
    has the fewest alone; with no tie the tie_break is not used."""
    options = {"leaster-tie": "random", "leaster-needs-trick": "no", "leaster-blind": "nobody"}
    hand = run(make_hand(DEAL_LS, "standard", options=options), *DEAL_LS_AUCTION)
    hand.tie_break = 4
    run(hand, *DEAL_LS_TRICKS)
    assert hand.outcome is not None
    assert hand.outcome.leaster_winner == 1 and hand.outcome.leaster_tied == ()


def test_random_tie_in_a_hand_is_won_by_the_tie_break_seat() -> None:
    """leaster.tie (random), leaster.blind (last-trick): S2 takes 2 points and S4 2 + the blind's
    4 = 6; with the blind to nobody S2 and S4 tie on 2 (S1 took no trick and is not eligible).
    The tie_break S4 wins; without it the first tied seat from the dealer's left wins."""
    options = {"leaster-tie": "random", "leaster-blind": "nobody"}
    drawn = run(make_hand(DEAL_LS, "standard", options=options), *DEAL_LS_AUCTION)
    drawn.tie_break = 4
    run(drawn, *DEAL_LS_TRICKS)
    assert drawn.outcome is not None and drawn.outcome.leaster_tied == (2, 4)
    assert drawn.outcome.leaster_winner == 4 and drawn.outcome.scores == (-1, -1, -1, 4, -1)
    undrawn = run(make_hand(DEAL_LS, "standard", options=options), *DEAL_LS_AUCTION, *DEAL_LS_TRICKS)
    assert undrawn.outcome is not None
    dealer_left = undrawn.dealer % 5 + 1
    order = [(dealer_left - 1 + i) % 5 + 1 for i in range(5)]
    assert undrawn.outcome.leaster_winner == next(seat for seat in order if seat in (2, 4))


def test_a_hand_record_of_a_random_tie_states_the_draw() -> None:
    """hand-records.md 5.9: a written record of a random tie carries tie_break, and replays alike."""
    from reference_impl.record import hand_to_record, record_from_data, replay

    options = {"leaster-tie": "random", "leaster-blind": "nobody"}
    hand = run(make_hand(DEAL_LS, "standard", options=options), *DEAL_LS_AUCTION)
    hand.tie_break = 4
    run(hand, *DEAL_LS_TRICKS)
    data = hand_to_record(hand)
    assert data["tie_break"] == {"seat": "S4", "among": ["S2", "S4"]}
    replayed = replay(record_from_data(data))
    assert replayed.complete and replayed.hand.outcome == hand.outcome
