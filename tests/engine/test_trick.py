"""Winning a trick: the highest trump, else the highest card of the led suit; a called ten under
`wins-suit`, and under `until-led` on its suit's first lead; an under card never wins.

Rules: trick.highest-trump-wins, trick.highest-of-led-suit-wins, trick.called-ten-rank,
trick.under-never-wins, ranking.trump-order, ranking.fail-king-below-ten,
ranking.fail-suits-equal, ranking.trump-beats-fail, deck.trump-is-one-suit,
points.trick-to-winner, play.winner-leads.

Most positions are leasters (all five pass), which play by the ordinary rules with no called card.
"""

from __future__ import annotations

import pytest

from reference_impl.cards import parse_cards
from reference_impl.profile import Profile
from reference_impl.queries import trick_winner

from .conftest import DEAL_U, DEAL_W, make_hand, run

PASS_OUT = "S1 pass, S2 pass, S3 pass, S4 pass, S5 pass"

# DEAL_L (dealer S5): one jack to each of S1-S4, and S5 holds QD QH AD among others.
DEAL_L = {
    "S1": "JC 7D AC 7C 8S 9H",
    "S2": "JS 8D TC KS 8H 7H",
    "S3": "JH 9D KC AS 7S TH",
    "S4": "JD TD 9C TS AH KH",
    "S5": "QD KD 8C 9S QH AD",
    "blind": "QC QS",
}

# DEAL_T (dealer S5): S1 holds five hearts (the sixth, AH, is in the blind), so on a heart lead
# nobody else can follow.
DEAL_T = {
    "S1": "7H 8H 9H KH TH 7C",
    "S2": "AC 8C 9C JS 9D 8D",
    "S3": "AS 8S 9S JH KD TD",
    "S4": "TC KC QH JD 7S KS",
    "S5": "TS QC QS JC AD 7D",
    "blind": "AH QD",
}


def first_trick(deal, plays: str, profile: str = "standard"):
    hand = run(make_hand(deal, profile), PASS_OUT, plays)
    assert len(hand.tricks) == 1
    return hand.tricks[0], hand


@pytest.mark.parametrize(("profile", "winner"), [("standard", 1), ("translated-article", 2)])
def test_highest_trump_wins_by_jack_order(profile: str, winner: int) -> None:
    """trick.highest-trump-wins, ranking.trump-order (jack-order): JC beats JS under
    clubs-first (standard), JS beats JC under spades-first (translated-article).
    Points: 2 + 2 + 2 + 2 + 11 = 19."""
    trick, hand = first_trick(DEAL_L, "S1 JC, S2 JS, S3 JH, S4 JD, S5 AD", profile)
    assert trick.winner == winner
    assert trick.points == 19
    assert hand.turn == winner  # play.winner-leads


@pytest.mark.parametrize("profile", ["standard", "translated-article"])
def test_a_queen_beats_every_jack(profile: str) -> None:
    """trick.highest-trump-wins: QH (S5) over JC, JS, JH, JD. 2 + 2 + 2 + 2 + 3 = 11."""
    trick, _ = first_trick(DEAL_L, "S1 JC, S2 JS, S3 JH, S4 JD, S5 QH", profile)
    assert trick.winner == 5
    assert trick.points == 11


def test_ten_of_diamonds_beats_king_of_diamonds() -> None:
    """trick.highest-trump-wins, ranking.trump-order: AD TD KD 9D 8D 7D, so TD (S4) wins.
    0 + 0 + 0 + 10 + 4 = 14."""
    trick, _ = first_trick(DEAL_L, "S1 7D, S2 8D, S3 9D, S4 TD, S5 KD")
    assert trick.winner == 4
    assert trick.points == 14


def test_highest_card_of_led_suit_wins_ten_over_king() -> None:
    """trick.highest-of-led-suit-wins, ranking.fail-king-below-ten: TC (S2) beats KC.
    0 + 10 + 4 + 0 + 0 = 14."""
    trick, hand = first_trick(DEAL_L, "S1 7C, S2 TC, S3 KC, S4 9C, S5 8C")
    assert trick.winner == 2
    assert trick.points == 14
    assert hand.turn == 2


def test_off_suit_fail_cards_never_win() -> None:
    """trick.highest-of-led-suit-wins, ranking.fail-suits-equal: on S1's 7H the others throw
    AC, AS, TC, TS, all higher ranks of other suits; the 7H wins. 0 + 11 + 11 + 10 + 10 = 42."""
    trick, hand = first_trick(DEAL_T, "S1 7H, S2 AC, S3 AS, S4 TC, S5 TS")
    assert trick.winner == 1
    assert trick.points == 42
    assert hand.turn == 1


def test_lowest_trump_beats_the_led_suit() -> None:
    """ranking.trump-beats-fail, trick.highest-trump-wins: 7D (S5) takes the heart trick.
    0 + 11 + 11 + 10 + 0 = 32."""
    trick, _ = first_trick(DEAL_T, "S1 7H, S2 AC, S3 AS, S4 TC, S5 7D")
    assert trick.winner == 5
    assert trick.points == 32


def test_queen_of_clubs_trumps_a_club_lead() -> None:
    """deck.trump-is-one-suit: S5, void in clubs, plays QC as a trump and wins over KC.
    0 + 0 + 0 + 4 + 3 = 7."""
    trick, _ = first_trick(DEAL_T, "S1 7C, S2 8C, S3 8S, S4 KC, S5 QC")
    assert trick.winner == 5
    assert trick.points == 7


def test_trick_points_go_to_the_winner() -> None:
    """points.trick-to-winner: after the heart trick S1 has won 42 points and one trick."""
    _, hand = first_trick(DEAL_T, "S1 7H, S2 AC, S3 AS, S4 TC, S5 TS")
    assert hand.tricks[0].leader == 1
    assert [str(card) for card in hand.tricks[0].cards] == ["7H", "AC", "AS", "TC", "TS"]
    assert hand.tricks[0].seats == (1, 2, 3, 4, 5)


# ------------------------------------------------------------------ called ten


def called_ten_trick(profile: str, options=None):
    """DEAL_W: S1 holds AC AS AH after burying 7C 7S and calls TH (S2's). S1 leads AH, the first
    heart lead; S2 must play TH. Points 11 + 10 + 4 + 0 + 0 = 25."""
    hand = make_hand(DEAL_W, profile, options=options)
    run(hand, "S1 pick, S1 bury 7C 7S, S1 call TH", "S1 AH, S2 TH, S3 KH, S4 9H, S5 8H")
    return hand.tricks[0]


def test_called_ten_ranks_normally() -> None:
    """trick.called-ten-rank (normal): the called ten is below its suit's ace."""
    trick = called_ten_trick("standard")
    assert trick.winner == 1
    assert trick.points == 25


@pytest.mark.parametrize(
    ("profile", "options"),
    [
        ("wikipedia", None),
        ("standard", {"called-ten-rank": "wins-suit"}),
        ("standard", {"called-ten-rank": "until-led"}),
    ],
)
def test_called_ten_wins_its_suit(profile: str, options) -> None:
    """trick.called-ten-rank (wins-suit; until-led on the suit's first lead, which this trick is):
    TH beats every other heart, the ace included."""
    trick = called_ten_trick(profile, options)
    assert trick.winner == 2
    assert trick.points == 25


# DEAL_R (dealer S5), the hand of fixtures/hands/procedure/partner-revokes-keeping-the-called-ten-
# which-meets-its-ace-later.yaml: S2 picks AC AS, buries them and calls TH (S4's). Trick 1 leads
# hearts for the first time; S4 keeps TH back with a revoke (7H); S2's queens win tricks 2-5; in
# trick 6, a later heart lead, S2's AH and S4's TH meet with no trump.
DEAL_R = {
    "S1": "9H JC JD TC KC 9C",
    "S2": "AH KH QC QS QH QD",
    "S3": "8H 8C TS KS 9S 8S",
    "S4": "TH 7H JS JH AD TD",
    "S5": "7D 8D 9D KD 7C 7S",
    "blind": "AC AS",
}
REVOKED_TRICKS = (
    "S1 9H, S2 KH, S3 8H, S4 revoke 7H, S5 7D",
    "S5 8D, S1 JC, S2 QC, S3 8C, S4 JS",
    "S2 QS, S3 TS, S4 JH, S5 9D, S1 JD",
    "S2 QH, S3 KS, S4 AD, S5 KD, S1 TC",
    "S2 QD, S3 9S, S4 TD, S5 7C, S1 KC",
    "S2 AH, S3 8S, S4 TH, S5 7S, S1 9C",
)


@pytest.mark.parametrize(("rank", "winner"), [("normal", 2), ("wins-suit", 4), ("until-led", 2)])
def test_called_ten_on_a_later_lead_of_its_suit(rank: str, winner: int) -> None:
    """trick.called-ten-rank: on a heart lead after hearts' first lead, the called TH beats AH
    only under wins-suit; under until-led it ranks as any ten there, as under normal.
    11 + 0 + 10 + 0 + 0 = 21. The trick-winner query, told the suit was led, agrees; told it was
    not, it gives the ten its first-lead rank."""
    hand = make_hand(DEAL_R, options={"called-ten-rank": rank})
    run(hand, "S1 pass, S2 pick, S2 bury AC AS, S2 call TH", *REVOKED_TRICKS)
    first, last = hand.tricks[0], hand.tricks[-1]
    assert (first.winner, first.points) == (5, 4)  # S5's 7D, the only trump of hearts' first lead
    assert hand.called_suit_led_in == 0
    assert (last.winner, last.points) == (winner, 21)
    profile = Profile.named("standard").with_options({"called-ten-rank": rank})
    cards, called = parse_cards(["AH", "8S", "TH", "7S", "9C"]), parse_cards(["TH"])[0]
    assert last.seats[trick_winner(profile, cards, called, called_suit_led=True)] == winner
    assert last.seats[trick_winner(profile, cards, called)] == (2 if rank == "normal" else 4)


def test_a_card_of_the_called_suit_thrown_off_is_no_lead_of_it() -> None:
    """trick.called-ten-rank (until-led), fixtures/hands/play/called-ten-meets-ace.yaml: S4 (the
    picker) throws 9H on a trump lead in trick 3; hearts are first led in trick 6, where the
    called TH still beats AH: S5 wins 10 + 4 + 0 + 0 + 11 = 25."""
    deal = {
        "S1": "KD 8D 8C TS 9S KH",
        "S2": "QS QH JC JS KC 7H",
        "S3": "9D 7D 9C 7C KS 7S",
        "S4": "JD AC AS AH 9H 8H",
        "S5": "QC QD JH TD TC TH",
        "blind": "AD 8S",
    }
    hand = make_hand(deal, options={"called-ten-rank": "until-led"})
    run(
        hand,
        "S1 pass, S2 pass, S3 pass, S4 pick, S4 bury AS 8H, S4 call TH",
        "S1 KD, S2 JS, S3 9D, S4 JD, S5 JH",
        "S2 QH, S3 7D, S4 AD, S5 TD, S1 8D",
        "S2 QS, S3 7S, S4 9H, S5 QD, S1 TS",
    )
    assert not hand.called_suit_led  # 9H fell on a trump lead
    run(
        hand,
        "S2 KC, S3 7C, S4 AC, S5 TC, S1 8C",
        "S4 8S, S5 QC, S1 9S, S2 JC, S3 KS",
        "S5 TH, S1 KH, S2 7H, S3 9C, S4 AH",
    )
    assert (hand.tricks[-1].winner, hand.tricks[-1].points) == (5, 25)
    assert hand.called_suit_led_in == 5


# ------------------------------------------------------------------ under card


def test_under_card_led_never_wins() -> None:
    """trick.under-never-wins, call.under-card: S1 calls AH under QD and leads QD. As a heart
    it ranks below every heart: AH (S2) wins, and QD's 3 points go to S2.
    3 + 11 + 10 + 4 + 0 = 28."""
    hand = make_hand(DEAL_U)
    run(hand, "S1 pick, S1 bury AC 7S, S1 call AH under QD", "S1 QD, S2 AH, S3 TH, S4 KH, S5 8H")
    trick = hand.tricks[0]
    assert trick.winner == 2
    assert trick.points == 28
    assert hand.called_suit_led


def test_under_card_followed_never_wins() -> None:
    """trick.under-never-wins: dealer S1, so S2 leads AH; S1 follows with the under card QD
    (a queen, normally a high trump) and does not win. 11 + 10 + 0 + 0 + 3 = 24."""
    hand = make_hand(DEAL_U, dealer=1)
    run(hand, "S2 pass, S3 pass, S4 pass, S5 pass, S1 pick, S1 bury AC 7S, S1 call AH under QD")
    run(hand, "S2 AH, S3 TH, S4 9H, S5 8H, S1 QD")
    trick = hand.tricks[0]
    assert trick.winner == 2
    assert trick.points == 24
