"""``check`` names the variant axis and option behind each ruling that depends on one: the jack
order in a trump trick, the leaster blind and who may win a leaster, a tie, schneider against
all-tricks, the bury of a side without trick points, double on the bump. The expected lines are
worked out from the records' own hand-worked comments, not copied from the tool."""

from __future__ import annotations

from pathlib import Path

import pytest

from .synthetic import run_cli

REPO = Path(__file__).resolve().parents[2]
JACKS = "fixtures/hands/variants/jack-order-decides-last-trick-and-result.yaml"
LEASTER = "fixtures/hands/leaster-blind-decides.yaml"
OPEN = ("--option", "leaster-needs-trick=no")  # the record speaks to both eligibility options
SCHNEIDER = "fixtures/hands/scoring/schneider-120-without-all-tricks.yaml"
ZERO_POINT_TRICK = "fixtures/hands/scoring/no-tricker-zero-point-trick.yaml"


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)


def _lines(*argv: str) -> list[str]:
    outcome = run_cli(["check", *argv])
    assert outcome.err == "", outcome.err
    return [line.strip() for line in outcome.out.splitlines()]


@pytest.mark.parametrize(
    ("order", "winner", "line"),
    [
        ("clubs-first", "S2", "S2 wins with JC, the highest trump: JC above JS (jack-order: clubs-first)"),
        ("spades-first", "S3", "S3 wins with JS, the highest trump: JS above JC (jack-order: spades-first)"),
    ],
)
def test_the_jack_order_that_decided_a_trump_trick(order: str, winner: str, line: str) -> None:
    # the last trick: S1 TH, S2 JC, S3 JS, S4 TD, S5 7S, no queen: the black jacks decide it
    lines = _lines(JACKS, "--option", f"jack-order={order}")
    assert f"{line} (trick.highest-trump-wins, ranking.trump-order)" in lines
    assert f"24 points to {winner} (points.trick-to-winner)" in lines


def test_the_leaster_blind_the_players_without_a_trick_and_the_tie_by_their_axes() -> None:
    # the record's comment: in tricks S1 0 and S5 0 (no trick), S2 37, S3 40, S4 33; the blind
    # TS 7S is 10 points; trick 1 goes to S2, trick 6 to S4; no trick needed
    standard = _lines(LEASTER, *OPEN)
    assert (
        "The blind (TS 7S, 10 points) goes to S4, who took the last trick (leaster-blind: last-trick) (leaster.blind)"
        in standard
    )
    assert (
        "S1 and S5 took no trick, and may win all the same (leaster-needs-trick: no) (leaster.needs-trick)" in standard
    )
    assert "S1, S5 tie with 0 points: nobody scores (leaster-tie: no-exchange) (leaster.tie)" in standard
    assert "Outcome: leaster, with no single winner (leaster.fewest-points-wins)" in standard
    drawn = _lines(LEASTER, "--profile", "sheepsheadai", *OPEN)  # blind to the first trick, ties by a draw (S5)
    assert (
        "The blind (TS 7S, 10 points) goes to S2, who took the first trick (leaster-blind: first-trick) (leaster.blind)"
        in drawn
    )
    assert "S1, S5 tie with 0 points: a draw gives the leaster to S5 (leaster-tie: random) (leaster.tie)" in drawn
    split = _lines(LEASTER, "--option", "leaster-tie=split", "--option", "leaster-blind=nobody", *OPEN)
    assert "The blind (TS 7S, 10 points) counts for nobody (leaster-blind: nobody) (leaster.blind)" in split
    assert (
        "S1, S5 tie with 0 points: each of them collects 1 from each player outside the tie (leaster-tie: split)"
        " (leaster.tie)"
    ) in split


def test_a_trickless_player_is_named_as_not_eligible() -> None:
    lines = _lines(LEASTER)  # a trick needed (the standard option)
    assert "S1 and S5 took no trick and cannot win (leaster-needs-trick: yes) (leaster.needs-trick)" in lines
    assert (
        "Outcome: leaster, won by S2 with the fewest points (leaster.fewest-points-wins)" in lines
    )  # S2 37 < S3 40 < S4 43


def test_120_points_without_every_trick_is_a_schneider_by_tricks_and_all_tricks_by_points() -> None:
    # the picker's side takes all 120 card points in 5 tricks
    by_tricks = _lines(SCHNEIDER)
    assert (
        "Outcome: schneider: the picker's side took 91 points or more (schneider-line: ninety-one), all 120 but"
        " 5 tricks: only every trick scores as all-tricks (no-tricker: tricks) (scoring.schneider)"
    ) in by_tricks
    by_points = _lines(SCHNEIDER, "--option", "no-tricker=points")
    assert (
        "Outcome: all-tricks: the defenders took no card points: the picker's side has all 120"
        " (no-tricker: points) (scoring.all-tricks)"
    ) in by_points


def test_the_bury_of_a_side_without_trick_points_and_double_on_the_bump() -> None:
    # S1 picks, buries 14 points, and S1-S3 take one trick of no card points; double on the bump
    # on: a loss costs double
    lines = _lines(ZERO_POINT_TRICK, "--option", "double-on-the-bump=on")
    assert (
        "The bury's 14 points count for the picker's side, which took no card points in tricks"
        " (bury-on-no-trick: picker) (points.bury-counts-for-picker)"
    ) in lines
    assert "Outcome: schneidered: the picker's side took 30 points or fewer (scoring.schneidered)" in lines
    assert any(line.startswith("Scores (x2 for the picker's side's loss (double-on-the-bump: on)): ") for line in lines)
    forfeited = _lines(ZERO_POINT_TRICK, "--option", "bury-on-no-trick=no-trick-points")
    assert (
        "The bury's 14 points go to the defenders: the picker's side took no card points in tricks"
        " (bury-on-no-trick: no-trick-points) (points.bury-counts-for-picker)"
    ) in forfeited
    by_points = _lines(ZERO_POINT_TRICK, "--option", "no-tricker=points")
    assert (
        "Outcome: no-tricks: the picker's side took no card points in tricks, though it took 1 trick"
        " (no-tricker: points) (scoring.no-tricks)"
    ) in by_points


SCHWANZER_TIE = "fixtures/hands/all-pass/schwanzer-tie-black-jacks-jack-order.yaml"


@pytest.mark.parametrize(
    ("options", "line"),
    [
        ((), "S1, S2 tie with 5: nobody pays (schwanzer-tie: nobody) (all-pass.schwanzer-tie)"),
        (
            ("--option", "schwanzer-tie=highest-trump-pays"),
            "S1, S2 tie with 5: S1 holds the highest trump of them, JC (jack-order: clubs-first), and pays 1 to"
            " each other player (schwanzer-tie: highest-trump-pays) (all-pass.schwanzer-tie)",
        ),
        (
            ("--option", "schwanzer-tie=highest-trump-pays", "--option", "jack-order=spades-first"),
            "S1, S2 tie with 5: S2 holds the highest trump of them, JS (jack-order: spades-first), and pays 1 to"
            " each other player (schwanzer-tie: highest-trump-pays) (all-pass.schwanzer-tie)",
        ),
        (
            ("--option", "schwanzer-tie=all-tied-pay"),
            "S1, S2 tie with 5: each of them pays 1 to every other player: -3 each, +2 to each other player"
            " (schwanzer-tie: all-tied-pay) (all-pass.schwanzer-tie)",
        ),
    ],
)
def test_the_schwanzer_tie_rule_that_decided_who_pays(options: tuple[str, ...], line: str) -> None:
    # S1 JC JH 9D = 5 and S2 JS JD 8D = 5 tie (the record's hand-worked comment)
    lines = _lines(SCHWANZER_TIE, "--option", "all-pass=schwanzer", *options)
    assert (
        "Trump power (3 a queen, 2 a jack, 1 another diamond): S1 5, S2 5, S3 3, S4 4, S5 3 (all-pass.schwanzer)"
        in lines
    )
    assert line in lines, lines
