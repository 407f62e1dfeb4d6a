"""A schwanzer and its ties: who pays under each schwanzer-tie option, and the jack order deciding
the highest trump of tied players.

Rules: all-pass.schwanzer, all-pass.schwanzer-tie (axes schwanzer-tie, jack-order).
"""

from __future__ import annotations

import pytest

from reference_impl.cards import mask_of, parse_cards
from reference_impl.profile import Profile
from reference_impl.scoring import schwanzer_payers, schwanzer_power, schwanzer_scores

SCHWANZER = Profile.named("schwanzer")

# S1 and S2 tie at 5 with the black jacks their best trumps (the black queens in the blind):
# the fixture schwanzer-tie-black-jacks-jack-order.yaml's deal.
BLACK_JACKS = ["JC JH 9D AC 7S 8H", "JS JD 8D TC 9S 7H", "QH KC 9C AS TS AH", "QD 7D 8C KS TH KH", "AD TD KD 7C 8S 9H"]


def _hands(texts: list[str]) -> list[int]:
    return [mask_of(parse_cards(text.split())) for text in texts]


def test_power_counts_queens_jacks_and_other_diamonds() -> None:
    assert [schwanzer_power(parse_cards(text.split())) for text in BLACK_JACKS] == [5, 5, 3, 4, 3]


@pytest.mark.parametrize(
    ("tie", "jacks", "payers", "scores"),
    [
        ("nobody", "clubs-first", [], (0, 0, 0, 0, 0)),
        ("highest-trump-pays", "clubs-first", [0], (-4, 1, 1, 1, 1)),  # JC above JS
        ("highest-trump-pays", "spades-first", [1], (1, -4, 1, 1, 1)),  # JS above JC
        ("all-tied-pay", "clubs-first", [0, 1], (-3, -3, 2, 2, 2)),
        ("all-tied-pay", "spades-first", [0, 1], (-3, -3, 2, 2, 2)),
    ],
)
def test_a_tie_between_the_black_jacks(tie: str, jacks: str, payers: list[int], scores: tuple[int, ...]) -> None:
    profile = SCHWANZER.with_options({"schwanzer-tie": tie, "jack-order": jacks})
    hands = _hands(BLACK_JACKS)
    powers = [schwanzer_power(parse_cards(text.split())) for text in BLACK_JACKS]
    assert schwanzer_payers(profile, powers, hands) == payers
    assert schwanzer_scores(payers) == scores


@pytest.mark.parametrize(("k", "payer", "other"), [(1, -4, 1), (2, -3, 2), (3, -2, 3), (4, -1, 4), (5, 0, 0)])
def test_every_tied_player_pays_one_to_every_other_player(k: int, payer: int, other: int) -> None:
    scores = schwanzer_scores(list(range(k)), stakes=2)
    assert scores == tuple(2 * (payer if seat < k else other) for seat in range(5))
    assert sum(scores) == 0


def test_a_single_most_powerful_hand_pays_whatever_the_tie_rule() -> None:
    powers = [4, 7, 6, 6, 3]  # S2 alone has the most
    for tie in ("nobody", "highest-trump-pays", "all-tied-pay"):
        profile = SCHWANZER.with_options({"schwanzer-tie": tie})
        assert schwanzer_payers(profile, powers, [0] * 5) == [1]
