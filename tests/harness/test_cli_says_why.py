"""Output that says why (the dispute desk): a capped score says what it would have been, a revoke
names the rule it broke, ``--profile all`` names only the axes that cause a difference, card
points are never signed, and a position under an engine with one option per axis says that
nothing could be switched. Expected lines come from the records' hand-worked comments."""

from __future__ import annotations

from .test_cli_narration_why import _in_repo, _lines  # noqa: F401 - the autouse fixture and the helper

CAPPED = "fixtures/hands/crack/lone-no-tricker-cracked-blitzed-capped.yaml"
REVOKE = "fixtures/hands/procedure/picker-revokes-in-trick-2-claimed-in-trick-5.yaml"
ZERO_POINT_TRICK = "fixtures/hands/scoring/no-tricker-zero-point-trick.yaml"
POSITION = "fixtures/positions/void-defender-holding-one-trump.yaml"
CRACKING = ("--option", "cracking=crack", "--option", "blitzing=queens", "--option", "stakes-cap=sixteen")


def test_a_capped_score_says_what_it_would_have_been() -> None:
    # four doublings (crack, re-crack, two blitzes) x16, double on the bump x2 = x32, capped at x16:
    # the lone picker's no-tricker, 4 x -3 = -12 a unit, is scored -192 (record comment)
    lines = _lines(CAPPED, *CRACKING, "--option", "double-on-the-bump=on")
    assert (
        "Scores (x16 from 4 cracks and blitzes, x2 for the picker's side's loss (double-on-the-bump: on) = x32,"
        " capped at x16 (stakes-cap: sixteen)): S1 -192, S2 +48, S3 +48, S4 +48, S5 +48"
        " (alone.scoring, scoring.zero-sum, crack.doubles, scoring.double-on-the-bump, crack.cap)"
    ) in lines
    uncapped = _lines(CAPPED, *CRACKING)  # x16 exactly: the cap does not bite, and is not named
    assert any(line.startswith("Scores (x16 from 4 cracks and blitzes): S1 -192,") for line in uncapped), uncapped


def test_a_revoke_names_the_rule_it_broke() -> None:
    # S2 leads QC in trick 2; S3 holds trumps (JC, 9D) and plays 7H: a trump lead not followed
    lines = _lines(REVOKE)
    assert (
        "S3's 7H is a revoke: it breaks play.follow-trump, and the table does not notice (procedure.revoke-claimed)"
    ) in lines
    assert "play.follow-trump: Follow a trump lead with trump" in lines  # and it is cited


def test_across_profiles_only_the_axes_that_cause_the_difference_are_named() -> None:
    # sheepsheadai: the zero-point trick makes a no-tricker only with no-tricker=points and the
    # bury forfeited (bury-on-no-trick=no-trick-points); double on the bump doubles its -6 to -12
    row = next(line for line in _lines(ZERO_POINT_TRICK, "--profile", "all") if line.startswith("sheepsheadai "))
    assert row.endswith(
        "agrees  only no-tricker=points, double-on-the-bump=on, bury-on-no-trick=no-trick-points together"
    ), row


def test_card_points_are_never_signed() -> None:
    lines = _lines(CAPPED)  # refused at the first crack: the results are listed as not reached
    assert "unchecked picker side: points 0, tricks 0 (the hand stops at the illegal action)" in lines
    assert "unchecked scores: S1 -192, S2 +48, S3 +48, S4 +48, S5 +48 (the hand stops at the illegal action)" in lines


def test_an_engine_with_one_option_per_axis_is_told_that_nothing_could_be_switched() -> None:
    fixed = _lines(POSITION, "--engine", "python:tests.judge.fixed_rules:honest")
    assert any(
        line.startswith("The engine ") and "plays one option on every axis, so no variant could be switched" in line
        for line in fixed
    ), fixed
    assert not any(line.startswith("No variant axis changes") for line in fixed)
