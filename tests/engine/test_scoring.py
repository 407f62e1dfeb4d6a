"""Scoring a hand with a picker: the outcome table and its boundaries, the multipliers, and
complete hands scored end to end.

Rules: scoring.win-threshold, scoring.tie-goes-to-defenders, scoring.win, scoring.loss,
scoring.schneider, scoring.schneidered, scoring.schneider-thresholds, scoring.all-tricks,
scoring.no-tricks (axis defender-sweep), scoring.zero-point-trick (axis no-tricker),
scoring.double-on-the-bump, scoring.stakes-multiply, scoring.zero-sum, alone.scoring,
points.side-totals, points.bury-counts-for-picker (axis bury-on-no-trick), points.total-120.
"""

from __future__ import annotations

import pytest

from reference_impl.hand import Phase
from reference_impl.profile import Profile
from reference_impl.scoring import OutcomeKind, classify, picker_hand_scores, picker_side_card_points

from .conftest import (
    DEAL_A,
    DEAL_A_SETUP,
    DEAL_A_TRICKS,
    DEAL_N,
    DEAL_N_SETUP,
    DEAL_N_TRICKS,
    DEAL_SCHNEIDERED,
    DEAL_SCHNEIDERED_SETUP,
    DEAL_SCHNEIDERED_TRICKS,
    DEAL_U,
    DEAL_WIN,
    DEAL_WIN_SETUP,
    DEAL_WIN_TRICKS,
    make_hand,
    profile_of,
    run,
)

K = OutcomeKind
STANDARD = Profile.named("standard")
POINTS_NO_TRICKER = STANDARD.with_options({"no-tricker": "points"})

# ------------------------------------------------------------------ classify: the table


@pytest.mark.parametrize(
    ("points", "tricks", "kind"),
    [
        (0, 1, K.SCHNEIDERED),  # a zero-point trick: scoring.zero-point-trick
        (30, 2, K.SCHNEIDERED),  # scoring.schneider-thresholds: 30 is schneidered
        (31, 2, K.LOSS),  # 31 loses plainly
        (60, 3, K.LOSS),  # scoring.tie-goes-to-defenders: 60-60 loses
        (61, 3, K.WIN),  # scoring.win-threshold
        (90, 4, K.WIN),  # 90 wins plainly (defenders 30)
        (91, 4, K.SCHNEIDER),  # 91 is schneider (defenders 29)
        (119, 5, K.SCHNEIDER),
        (120, 5, K.SCHNEIDER),  # 120 without all six tricks is still schneider (no-tricker tricks)
        (120, 6, K.ALL_TRICKS),  # scoring.all-tricks
        (0, 0, K.NO_TRICKS),  # scoring.no-tricks
    ],
)
def test_outcome_boundaries(points: int, tricks: int, kind: OutcomeKind) -> None:
    """scoring.win, scoring.loss, scoring.schneider, scoring.schneidered, scoring.all-tricks,
    scoring.no-tricks, scoring.schneider-thresholds, scoring.tie-goes-to-defenders"""
    assert classify(STANDARD, picker_side_trick_points=points, bury_points=0, picker_side_tricks=tricks) is kind


@pytest.mark.parametrize(
    ("trick_points", "bury", "kind"),
    [
        (20, 10, K.SCHNEIDERED),  # 20 + 10 = 30
        (21, 10, K.LOSS),  # 21 + 10 = 31
        (50, 10, K.LOSS),  # 50 + 10 = 60
        (51, 10, K.WIN),  # 51 + 10 = 61
        (80, 10, K.WIN),  # 80 + 10 = 90
        (81, 10, K.SCHNEIDER),  # 81 + 10 = 91
        (39, 21, K.LOSS),  # 39 + 21 = 60
        (40, 21, K.WIN),  # 40 + 21 = 61
    ],
)
def test_the_bury_counts_for_the_picker_side(trick_points: int, bury: int, kind: OutcomeKind) -> None:
    """points.bury-counts-for-picker, points.side-totals"""
    assert classify(STANDARD, picker_side_trick_points=trick_points, bury_points=bury, picker_side_tricks=3) is kind


def test_all_six_tricks_whatever_the_points_under_tricks() -> None:
    """scoring.all-tricks (no-tricker tricks): six tricks is the triple win."""
    assert classify(STANDARD, picker_side_trick_points=110, bury_points=10, picker_side_tricks=6) is K.ALL_TRICKS


def test_no_trick_keeps_the_bury_but_is_still_no_tricks() -> None:
    """scoring.no-tricks: 0 tricks with a 21-point bury is the defender sweep, not a plain loss."""
    assert classify(STANDARD, picker_side_trick_points=0, bury_points=21, picker_side_tricks=0) is K.NO_TRICKS


@pytest.mark.parametrize(
    ("trick_points", "bury", "tricks", "by_tricks", "by_points"),
    [
        # 120 without all six tricks: schneider by tricks, triple by points.
        (110, 10, 5, K.SCHNEIDER, K.ALL_TRICKS),
        (120, 0, 5, K.SCHNEIDER, K.ALL_TRICKS),
        # a zero-point trick and a 10-point bury: schneidered by tricks, no-tricks by points.
        (0, 10, 1, K.SCHNEIDERED, K.NO_TRICKS),
        (0, 0, 2, K.SCHNEIDERED, K.NO_TRICKS),
        # both agree on the clear cases
        (120, 0, 6, K.ALL_TRICKS, K.ALL_TRICKS),
        (0, 0, 0, K.NO_TRICKS, K.NO_TRICKS),
        (2, 0, 1, K.SCHNEIDERED, K.SCHNEIDERED),
        (70, 0, 4, K.WIN, K.WIN),
        (109, 0, 5, K.SCHNEIDER, K.SCHNEIDER),  # 109: the defenders took 11 points
    ],
)
def test_no_tricker_tricks_versus_points(
    trick_points: int, bury: int, tricks: int, by_tricks: OutcomeKind, by_points: OutcomeKind
) -> None:
    """scoring.zero-point-trick, scoring.all-tricks, scoring.no-tricks (axis no-tricker)"""
    described = {"picker_side_trick_points": trick_points, "bury_points": bury, "picker_side_tricks": tricks}
    assert classify(STANDARD, **described) is by_tricks
    assert classify(POINTS_NO_TRICKER, **described) is by_points
    assert classify(Profile.named("sheepsheadai"), **described) is by_points


# ------------------------------------------------------------------ picker_hand_scores


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        (K.WIN, (2, 1, -1)),  # scoring.win
        (K.SCHNEIDER, (4, 2, -2)),  # scoring.schneider
        (K.ALL_TRICKS, (6, 3, -3)),  # scoring.all-tricks
        (K.LOSS, (-2, -1, 1)),  # scoring.loss
        (K.SCHNEIDERED, (-4, -2, 2)),  # scoring.schneidered
        (K.NO_TRICKS, (-6, -3, 3)),  # scoring.no-tricks, defender-sweep shared
    ],
)
def test_scores_with_a_partner(kind: OutcomeKind, expected: tuple[int, int, int]) -> None:
    """scoring.win, scoring.schneider, scoring.all-tricks, scoring.loss, scoring.schneidered,
    scoring.no-tricks: (picker, partner, each defender) under the standard profile."""
    assert picker_hand_scores(STANDARD, kind, alone=False) == expected


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        (K.NO_TRICKS, (-9, 0, 3)),  # the partner is not penalised
        (K.SCHNEIDERED, (-4, -2, 2)),  # other tiers are unchanged
        (K.WIN, (2, 1, -1)),
    ],
)
def test_defender_sweep_partner_off_hook(kind: OutcomeKind, expected: tuple[int, int, int]) -> None:
    """scoring.no-tricks (defender-sweep partner-off-hook)"""
    assert (
        picker_hand_scores(profile_of("standard", {"defender-sweep": "partner-off-hook"}), kind, alone=False)
        == expected
    )
    assert picker_hand_scores(Profile.named("translated-article"), kind, alone=False) == expected


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        (K.WIN, (2, 1, -1)),  # wins are not doubled
        (K.SCHNEIDER, (4, 2, -2)),
        (K.ALL_TRICKS, (6, 3, -3)),
        (K.LOSS, (-4, -2, 2)),  # -2 * 2, -1 * 2, +1 * 2
        (K.SCHNEIDERED, (-8, -4, 4)),  # -4 * 2, -2 * 2, +2 * 2
        (K.NO_TRICKS, (-12, -6, 6)),  # -6 * 2, -3 * 2, +3 * 2
    ],
)
def test_double_on_the_bump_doubles_losses_only(kind: OutcomeKind, expected: tuple[int, int, int]) -> None:
    """scoring.double-on-the-bump (on, profile tournament)"""
    assert picker_hand_scores(Profile.named("tournament"), kind, alone=False) == expected


def test_double_on_the_bump_with_partner_off_hook() -> None:
    """scoring.double-on-the-bump, scoring.no-tricks (profile sheepshead-org): -9 * 2, 0, +3 * 2."""
    assert picker_hand_scores(Profile.named("sheepshead-org"), K.NO_TRICKS, alone=False) == (-18, 0, 6)


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        # each defender scores what a defender scores with a partner; the picker -4 times that
        (K.WIN, (4, 0, -1)),
        (K.SCHNEIDER, (8, 0, -2)),
        (K.ALL_TRICKS, (12, 0, -3)),
        (K.LOSS, (-4, 0, 1)),
        (K.SCHNEIDERED, (-8, 0, 2)),
        (K.NO_TRICKS, (-12, 0, 3)),
    ],
)
def test_alone_scores_four_times_a_defender(kind: OutcomeKind, expected: tuple[int, int, int]) -> None:
    """alone.scoring"""
    assert picker_hand_scores(STANDARD, kind, alone=True) == expected


def test_alone_under_partner_off_hook_and_double_on_the_bump() -> None:
    """alone.scoring: the defenders get +3 in a sweep under either defender-sweep option, so the
    picker alone loses 4 * 3 = 12; with double on the bump a loss is +2 per defender, -8 alone."""
    off_hook = profile_of("standard", {"defender-sweep": "partner-off-hook"})
    assert picker_hand_scores(off_hook, K.NO_TRICKS, alone=True) == (-12, 0, 3)
    assert picker_hand_scores(Profile.named("tournament"), K.LOSS, alone=True) == (-8, 0, 2)
    assert picker_hand_scores(Profile.named("tournament"), K.WIN, alone=True) == (4, 0, -1)


def test_doubler_stakes_multiply() -> None:
    """scoring.stakes-multiply: a doubled hand (stakes 2) doubles every score; with double on the
    bump a loss is multiplied by 2 * 2 = 4."""
    assert picker_hand_scores(STANDARD, K.WIN, alone=False, stakes=2) == (4, 2, -2)
    assert picker_hand_scores(STANDARD, K.LOSS, alone=False, stakes=2) == (-4, -2, 2)
    assert picker_hand_scores(Profile.named("tournament"), K.SCHNEIDERED, alone=False, stakes=2) == (-16, -8, 8)
    assert picker_hand_scores(Profile.named("tournament"), K.SCHNEIDER, alone=False, stakes=2) == (8, 4, -4)
    assert picker_hand_scores(STANDARD, K.ALL_TRICKS, alone=True, stakes=2) == (24, 0, -6)


@pytest.mark.parametrize("profile", ["standard", "tournament", "sheepshead-org", "translated-article"])
@pytest.mark.parametrize("kind", [K.WIN, K.SCHNEIDER, K.ALL_TRICKS, K.LOSS, K.SCHNEIDERED, K.NO_TRICKS])
@pytest.mark.parametrize("stakes", [1, 2])
def test_every_result_is_zero_sum(profile: str, kind: OutcomeKind, stakes: int) -> None:
    """scoring.zero-sum: picker + partner + 3 defenders, or picker alone + 4 defenders."""
    picker, partner, defender = picker_hand_scores(Profile.named(profile), kind, alone=False, stakes=stakes)
    assert picker + partner + 3 * defender == 0
    picker, partner, defender = picker_hand_scores(Profile.named(profile), kind, alone=True, stakes=stakes)
    assert partner == 0
    assert picker + 4 * defender == 0


def test_bury_on_no_trick() -> None:
    """points.side-totals, points.bury-counts-for-picker (axis bury-on-no-trick)"""
    described = {"picker_side_trick_points": 0, "bury_points": 14, "picker_side_tricks": 0}
    assert picker_side_card_points(STANDARD, **described) == 14
    assert picker_side_card_points(Profile.named("wikipedia"), **described) == 0
    # with a trick the bury counts under both options: 30 + 14 = 44
    took_one = {"picker_side_trick_points": 30, "bury_points": 14, "picker_side_tricks": 1}
    assert picker_side_card_points(Profile.named("wikipedia"), **took_one) == 44


# ------------------------------------------------------------------ complete hands


def play(deal, setup, tricks, profile="standard", *, dealer=5, options=None, stakes=1):
    hand = run(make_hand(deal, profile, dealer=dealer, options=options, stakes=stakes), *setup, *tricks)
    assert hand.phase is Phase.SCORED
    assert hand.outcome is not None
    return hand.outcome


def test_complete_hand_win_with_90() -> None:
    """scoring.win, scoring.schneider-thresholds, points.side-totals, call.partner-is-holder:
    S3 (picker) takes 17 + 13 + 25 = 55, S1 (partner) 25, the bury 10: 55 + 25 + 10 = 90, a
    plain win (not schneider). The defenders: 25 + 5 = 30."""
    outcome = play(DEAL_WIN, DEAL_WIN_SETUP, DEAL_WIN_TRICKS)
    assert outcome.kind is K.WIN
    assert (outcome.picker, outcome.partner, outcome.alone) == (3, 1, False)
    assert (outcome.picker_side_points, outcome.defender_points) == (90, 30)
    assert (outcome.picker_side_tricks, outcome.defender_tricks) == (4, 2)
    assert outcome.seat_points == (25, 30, 65, 0, 0)  # S3: 55 + the 10-point bury
    assert outcome.seat_tricks == (1, 2, 3, 0, 0)
    assert outcome.scores == (1, -1, 2, -1, -1)


def test_complete_win_is_not_doubled_on_the_bump() -> None:
    """scoring.double-on-the-bump: wins are not doubled."""
    assert play(DEAL_WIN, DEAL_WIN_SETUP, DEAL_WIN_TRICKS, "tournament").scores == (1, -1, 2, -1, -1)


def test_complete_hand_loss_with_41() -> None:
    """scoring.loss, points.trick-to-winner: S2 (picker) takes 15 + 19 + 7 = 41 and S4 (partner)
    nothing; the bury 7C 8D is worth 0. Defenders: S3 28, S5 23 + 28 = 51, 79 in all."""
    outcome = play(DEAL_A, DEAL_A_SETUP, DEAL_A_TRICKS)
    assert outcome.kind is K.LOSS
    assert (outcome.picker, outcome.partner) == (2, 4)
    assert (outcome.picker_side_points, outcome.defender_points) == (41, 79)
    assert (outcome.picker_side_tricks, outcome.defender_tricks) == (3, 3)
    assert outcome.seat_points == (0, 41, 28, 0, 51)
    assert outcome.seat_tricks == (0, 3, 1, 0, 2)
    assert outcome.scores == (1, -2, 1, -1, 1)


def test_complete_loss_doubled_on_the_bump() -> None:
    """scoring.double-on-the-bump: (1, -2, 1, -1, 1) * 2."""
    assert play(DEAL_A, DEAL_A_SETUP, DEAL_A_TRICKS, "tournament").scores == (2, -4, 2, -2, 2)


def test_complete_loss_at_doubler_stakes() -> None:
    """scoring.stakes-multiply: stakes 2, and 2 * 2 = 4 with double on the bump."""
    assert play(DEAL_A, DEAL_A_SETUP, DEAL_A_TRICKS, stakes=2).scores == (2, -4, 2, -2, 2)
    assert play(DEAL_A, DEAL_A_SETUP, DEAL_A_TRICKS, "tournament", stakes=2).scores == (4, -8, 4, -4, 4)


def test_complete_hand_schneidered_with_20() -> None:
    """scoring.schneidered: S3 (picker) takes one trick of 16, S5 (partner) none, the bury
    KH 7C is 4: 16 + 4 = 20 <= 30. Defenders: 21 + 16 + 28 + 9 + 26 = 100."""
    outcome = play(DEAL_SCHNEIDERED, DEAL_SCHNEIDERED_SETUP, DEAL_SCHNEIDERED_TRICKS, dealer=1)
    assert outcome.kind is K.SCHNEIDERED
    assert (outcome.picker, outcome.partner) == (3, 5)
    assert (outcome.picker_side_points, outcome.defender_points) == (20, 100)
    assert (outcome.picker_side_tricks, outcome.defender_tricks) == (1, 5)
    assert outcome.seat_points == (37, 47, 20, 16, 0)  # S1 28+9, S2 21+26, S3 16+4, S4 16
    assert outcome.scores == (2, 2, -4, 2, -2)


def test_complete_schneidered_doubled_on_the_bump() -> None:
    """scoring.double-on-the-bump"""
    outcome = play(DEAL_SCHNEIDERED, DEAL_SCHNEIDERED_SETUP, DEAL_SCHNEIDERED_TRICKS, "tournament", dealer=1)
    assert outcome.scores == (4, 4, -8, 4, -4)


@pytest.mark.parametrize(
    ("profile", "options", "scores"),
    [
        ("standard", None, (-6, -3, 3, 3, 3)),  # shared
        ("standard", {"defender-sweep": "partner-off-hook"}, (-9, 0, 3, 3, 3)),
        ("sheepshead-org", None, (-18, 0, 6, 6, 6)),  # partner off the hook, doubled on the bump
        ("wikipedia", None, (-12, -6, 6, 6, 6)),  # shared, doubled on the bump
        ("standard", {"no-tricker": "points"}, (-6, -3, 3, 3, 3)),  # no card points in tricks either
    ],
)
def test_complete_hand_defenders_take_every_trick(profile: str, options, scores) -> None:
    """scoring.no-tricks (axis defender-sweep), scoring.double-on-the-bump: S3 takes all six
    tricks (26 + 16 + 15 + 9 + 25 + 25 = 116)."""
    outcome = play(DEAL_N, DEAL_N_SETUP, DEAL_N_TRICKS, profile, options=options)
    assert outcome.kind is K.NO_TRICKS
    assert (outcome.picker, outcome.partner) == (1, 2)
    assert (outcome.picker_side_tricks, outcome.defender_tricks) == (0, 6)
    assert outcome.scores == scores
    assert outcome.seat_tricks == (0, 0, 6, 0, 0)


@pytest.mark.parametrize(("profile", "picker_points"), [("standard", 4), ("wikipedia", 0)])
def test_complete_hand_bury_on_no_trick(profile: str, picker_points: int) -> None:
    """points.bury-counts-for-picker (axis bury-on-no-trick): the 4-point bury (KH 9H) stays
    with the picker's side (standard) or goes to the defenders (wikipedia): 116 + 4 = 120."""
    outcome = play(DEAL_N, DEAL_N_SETUP, DEAL_N_TRICKS, profile)
    assert outcome.picker_side_points == picker_points
    assert outcome.defender_points == 120 - picker_points


# DEAL_Y (dealer S5): S1 picks AC JS, buries them (11 + 2 = 13) and goes alone. S1 wins five
# trump tricks; in the last, S1's 7S loses to S3's 9S in a trick worth nothing.
DEAL_Y = {
    "S1": "QC QS QH QD JC 7S",
    "S2": "8S JH JD AD TD KD",
    "S3": "9S 9D TC KC 9C 7C",
    "S4": "8C 8D AS TS KS AH",
    "S5": "9H 7D TH KH 8H 7H",
    "blind": "AC JS",
}
DEAL_Y_SETUP = ["S1 pick", "S1 bury AC JS", "S1 alone"]
DEAL_Y_TRICKS = [
    "S1 QC, S2 KD, S3 9D, S4 8D, S5 7D",  # 3+4+0+0+0 = 7
    "S1 QS, S2 TD, S3 7C, S4 KS, S5 7H",  # 3+10+0+4+0 = 17
    "S1 QH, S2 AD, S3 9C, S4 TS, S5 8H",  # 3+11+0+10+0 = 24
    "S1 QD, S2 JD, S3 KC, S4 AS, S5 KH",  # 3+2+4+11+4 = 24
    "S1 JC, S2 JH, S3 TC, S4 AH, S5 TH",  # 2+2+10+11+10 = 35
    "S1 7S, S2 8S, S3 9S, S4 8C, S5 9H",  # S3 wins: 0
]


@pytest.mark.parametrize(
    ("options", "kind", "scores"),
    [
        (None, K.SCHNEIDER, (8, -2, -2, -2, -2)),  # alone schneider: 4 * 2
        ({"no-tricker": "points"}, K.ALL_TRICKS, (12, -3, -3, -3, -3)),  # alone triple: 4 * 3
    ],
)
def test_complete_alone_hand_with_120_but_not_every_trick(options, kind, scores) -> None:
    """scoring.zero-point-trick, scoring.schneider, scoring.all-tricks (axis no-tricker),
    alone.scoring: S1 has 7 + 17 + 24 + 24 + 35 = 107 in five tricks, plus 13 buried = 120;
    the defenders took one trick worth 0."""
    outcome = play(DEAL_Y, DEAL_Y_SETUP, DEAL_Y_TRICKS, options=options)
    assert outcome.kind is kind
    assert (outcome.picker, outcome.partner, outcome.alone) == (1, None, True)
    assert (outcome.picker_side_points, outcome.defender_points) == (120, 0)
    assert (outcome.picker_side_tricks, outcome.defender_tricks) == (5, 1)
    assert outcome.seat_tricks == (5, 0, 1, 0, 0)
    assert outcome.scores == scores


def test_complete_alone_hand_taking_every_trick() -> None:
    """scoring.all-tricks, alone.scoring, alone.teams: DEAL_U, S1 buries AC 7S (11) and goes
    alone with six trumps, leading them from the top: 5 + 5 + 15 + 33 + 24 + 27 = 109 in tricks,
    120 with the bury. S1 +4 * 3 = +12, each defender -3."""
    tricks = [
        "S1 QC, S2 8C, S3 7D, S4 JD, S5 8D",  # 3+0+0+2+0 = 5
        "S1 QS, S2 9C, S3 7C, S4 JH, S5 9D",  # 3+0+0+2+0 = 5
        "S1 QH, S2 KC, S3 KS, S4 9S, S5 KD",  # 3+4+4+0+4 = 15
        "S1 QD, S2 TC, S3 TS, S4 8S, S5 TD",  # 3+10+10+0+10 = 33
        "S1 JC, S2 7H, S3 AS, S4 9H, S5 AD",  # 2+0+11+0+11 = 24
        "S1 JS, S2 AH, S3 TH, S4 KH, S5 8H",  # 2+11+10+4+0 = 27
    ]
    outcome = play(DEAL_U, ["S1 pick", "S1 bury AC 7S", "S1 alone"], tricks)
    assert outcome.kind is K.ALL_TRICKS
    assert outcome.picker_side_points == 120
    assert outcome.seat_points == (120, 0, 0, 0, 0)
    assert outcome.scores == (12, -3, -3, -3, -3)
    # wins are not doubled on the bump
    assert play(DEAL_U, ["S1 pick", "S1 bury AC 7S", "S1 alone"], tricks, "tournament").scores == (12, -3, -3, -3, -3)


@pytest.mark.parametrize(
    ("deal", "setup", "tricks", "dealer"),
    [
        (DEAL_A, DEAL_A_SETUP, DEAL_A_TRICKS, 5),
        (DEAL_N, DEAL_N_SETUP, DEAL_N_TRICKS, 5),
        (DEAL_WIN, DEAL_WIN_SETUP, DEAL_WIN_TRICKS, 5),
        (DEAL_SCHNEIDERED, DEAL_SCHNEIDERED_SETUP, DEAL_SCHNEIDERED_TRICKS, 1),
        (DEAL_Y, DEAL_Y_SETUP, DEAL_Y_TRICKS, 5),
    ],
)
@pytest.mark.parametrize("profile", ["standard", "tournament", "sheepshead-org"])
def test_complete_hands_are_zero_sum_and_count_120(deal, setup, tricks, dealer, profile) -> None:
    """scoring.zero-sum, points.total-120, points.side-totals"""
    outcome = play(deal, setup, tricks, profile, dealer=dealer)
    assert sum(outcome.scores) == 0
    assert outcome.picker_side_points + outcome.defender_points == 120
    assert sum(outcome.seat_points) == 120
    assert outcome.picker_side_tricks + outcome.defender_tricks == 6
    assert sum(outcome.seat_tricks) == 6


# ---------------------------------------------------------------- the cap with the tiers counted


@pytest.mark.parametrize(
    ("kind", "raises", "alone", "expected"),
    [
        # 16 x the tier: the cap of 64 bites only above it (crack.cap)
        (K.WIN, 4, False, (32, 16, -16)),  # 16 x 1: uncapped
        (K.SCHNEIDER, 4, False, (64, 32, -32)),  # 16 x 2 = 32: uncapped
        (K.ALL_TRICKS, 4, False, (96, 48, -48)),  # 16 x 3 = 48: uncapped
        (K.NO_TRICKS, 4, True, (-256, 0, 64)),  # 32 (bump) x 3 = 96 > 64: 64 x (-4 / +1)
        (K.SCHNEIDERED, 4, False, (-128, -64, 64)),  # 32 x 2 = 64: at the cap, uncapped
        (K.LOSS, 4, False, (-64, -32, 32)),  # 32 x 1
    ],
)
def test_sixty_four_with_tiers_caps_the_tier_times_the_doublings(
    kind: OutcomeKind, raises: int, alone: bool, expected: tuple[int, int, int]
) -> None:
    profile = STANDARD.with_options({"stakes-cap": "sixty-four-with-tiers", "double-on-the-bump": "on"})
    assert picker_hand_scores(profile, kind, alone=alone, raises=raises) == expected


def test_sixty_four_with_tiers_keeps_the_partner_off_hook_shape() -> None:
    options = {"stakes-cap": "sixty-four-with-tiers", "double-on-the-bump": "on", "defender-sweep": "partner-off-hook"}
    # 32 x 3 = 96 > 64: a no-tricker's -3/0/+1 shape, times 64
    assert picker_hand_scores(STANDARD.with_options(options), K.NO_TRICKS, alone=False, raises=4) == (-192, 0, 64)
