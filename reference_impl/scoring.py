"""Scoring: from card points and tricks to the outcome class and each seat's score change.

The scoring rules are pure functions of a described result, so they serve both the hand state
machine and direct queries ("what does a 90-point win score under profile P?"). The hand's
scoring phase, :class:`HandScoring`, turns a finished hand into its :class:`Outcome` with them.

>>> from reference_impl.profile import Profile
>>> standard = Profile.named("standard")
>>> classify(standard, picker_side_trick_points=61, bury_points=0, picker_side_tricks=3)
<OutcomeKind.WIN: 'win'>
>>> picker_hand_scores(standard, OutcomeKind.NO_TRICKS, alone=False)
(-6, -3, 3)
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple, cast

from reference_impl.cards import RANKS, cards_of, mask_points
from reference_impl.profile import Profile
from reference_impl.rules import trump_order
from reference_impl.state import SCORED, HandState

__all__ = [
    "HandScoring",
    "Outcome",
    "OutcomeKind",
    "classify",
    "leaster_scores",
    "leaster_tied",
    "picker_hand_scores",
    "picker_side_card_points",
    "schwanzer_payers",
    "schwanzer_power",
    "schwanzer_scores",
    "schwanzer_tied",
]


class OutcomeKind(str, enum.Enum):
    """How a hand ended."""

    WIN = "win"
    """The picker's side has 61-90 (``scoring.win``)."""
    SCHNEIDER = "schneider"
    """The picker's side has 91-120 without every trick (``scoring.schneider``)."""
    ALL_TRICKS = "all-tricks"
    """The picker's side took every trick (``scoring.all-tricks``)."""
    LOSS = "loss"
    """The picker's side has 31-60 (``scoring.loss``)."""
    SCHNEIDERED = "schneidered"
    """The picker's side has 0-30 with a trick (``scoring.schneidered``)."""
    NO_TRICKS = "no-tricks"
    """The defenders took every trick (``scoring.no-tricks``)."""
    LEASTER = "leaster"
    """All passed and a leaster was played (``leaster.scoring``)."""
    REDEAL = "redeal"
    """All passed and the cards were thrown in (``all-pass.redeal``)."""
    DOUBLER = "doubler"
    """All passed; the next hand counts double (``all-pass.doubler``)."""
    SCHWANZER = "schwanzer"
    """All passed; the hands were shown and the most trump power paid (``all-pass.schwanzer``)."""
    REVOKE = "revoke"
    """A revoke was claimed: the revoking side lost the hand, or (``revoke-penalty: redeal``) the
    hand is dealt again and scores nothing (``procedure.revoke-penalty``)."""

    def __str__(self) -> str:
        return self.value


# The outcomes as module constants for scoring every hand: on Python 3.11, reading a member off
# its enum class (``OutcomeKind.WIN``) costs several times reading a global.
_WIN, _SCHNEIDER, _ALL_TRICKS = OutcomeKind.WIN, OutcomeKind.SCHNEIDER, OutcomeKind.ALL_TRICKS
_LOSS, _SCHNEIDERED, _NO_TRICKS = OutcomeKind.LOSS, OutcomeKind.SCHNEIDERED, OutcomeKind.NO_TRICKS

# Per-defender unit from the picker's side's point of view (each defender scores -unit).
_UNIT = {
    OutcomeKind.WIN: 1,
    OutcomeKind.SCHNEIDER: 2,
    OutcomeKind.ALL_TRICKS: 3,
    OutcomeKind.LOSS: -1,
    OutcomeKind.SCHNEIDERED: -2,
    OutcomeKind.NO_TRICKS: -3,
}


def classify(
    profile: Profile, *, picker_side_trick_points: int, bury_points: int, picker_side_tricks: int
) -> OutcomeKind:
    """The outcome class of a hand with a picker.

    :param picker_side_trick_points: card points the picker's side took in tricks (bury excluded).
    :param bury_points: card points of the two buried cards.
    :param picker_side_tricks: tricks the picker's side took (0-6).
    """
    if profile.no_tricker == "tricks":
        if picker_side_tricks == 6:
            return _ALL_TRICKS
        if picker_side_tricks == 0:
            return _NO_TRICKS
    else:  # judged by card points: none taken in tricks, or none left to the defenders
        if picker_side_trick_points == 0:
            return _NO_TRICKS
        if picker_side_trick_points + bury_points == 120:
            return _ALL_TRICKS
    points = picker_side_trick_points + bury_points
    if points >= (90 if profile.schneider_line == "ninety" else 91):  # scoring.schneider-thresholds
        return _SCHNEIDER
    if points >= 61:
        return _WIN
    if points >= 31:
        return _LOSS
    return _SCHNEIDERED


def picker_side_card_points(
    profile: Profile, *, picker_side_trick_points: int, bury_points: int, picker_side_tricks: int
) -> int:
    """The card points credited to the picker's side (``points.side-totals``).

    The bury counts for the picker's side, except under ``bury-on-no-trick: defenders`` when
    the side took no trick, and under ``no-trick-points`` when it took no card points in tricks.
    """
    forfeit = profile.bury_on_no_trick
    if (forfeit == "defenders" and picker_side_tricks == 0) or (
        forfeit == "no-trick-points" and picker_side_trick_points == 0
    ):
        return picker_side_trick_points
    return picker_side_trick_points + bury_points


def picker_hand_scores(
    profile: Profile, kind: OutcomeKind, *, alone: bool, stakes: int = 1, raises: int = 0
) -> tuple[int, int, int]:
    """``(picker, partner, each defender)`` score changes of a hand with a picker.

    ``partner`` is 0 when the picker is alone. ``stakes`` is the doubler multiplier; double on
    the bump multiplies losses by two more, and each of the hand's ``raises`` (cracks,
    re-cracks, blitzes) by two (``scoring.stakes-multiply``, ``crack.doubles``); under
    ``stakes-cap: sixteen`` the product stops at 16, and under ``sixty-four-with-tiers`` the
    product times the tier (x2 a schneider, x3 a sweep) stops at 64, the hand then scoring as a
    plain win or loss times 64 (``crack.cap``).
    """
    unit = _UNIT[kind]
    multiplier = stakes * (2 if unit < 0 and profile.double_on_the_bump == "on" else 1) << raises
    cap = profile.stakes_cap
    if cap == "sixteen":
        if multiplier > 16:
            multiplier = 16
    elif cap == "sixty-four-with-tiers" and abs(unit) * multiplier > 64:
        unit, multiplier = (1 if unit > 0 else -1), 64
    if alone:
        picker, partner = 4 * unit, 0  # alone.scoring
    elif kind is _NO_TRICKS and profile.defender_sweep == "partner-off-hook":
        picker, partner = 3 * unit, 0
    else:
        picker, partner = 2 * unit, unit
    return picker * multiplier, partner * multiplier, -unit * multiplier


def leaster_tied(profile: Profile, seat_points: Sequence[int], seat_tricks: Sequence[int]) -> list[int]:
    """The eligible seats (0-based) sharing the fewest points: the leaster's winner when there is
    one seat, a tie for ``leaster.tie`` when there are more.

    :param seat_points: card points per seat, the blind already credited (``leaster.blind``).
    :param seat_tricks: tricks per seat (``leaster.needs-trick``).
    """
    seats = range(len(seat_points))
    eligible = [s for s in seats if seat_tricks[s] > 0 or profile.leaster_needs_trick == "no"]
    fewest = min(seat_points[s] for s in eligible)
    return [s for s in eligible if seat_points[s] == fewest]


def leaster_scores(
    profile: Profile,
    seat_points: Sequence[int],
    seat_tricks: Sequence[int],
    *,
    stakes: int = 1,
    draw: Sequence[int] = (),
) -> tuple[int | None, tuple[int, ...]]:
    """The leaster winner (a 0-based seat index, or None on a tie without exchange) and scores.

    :param seat_points: card points per seat, the blind already credited (``leaster.blind``).
    :param seat_tricks: tricks per seat.
    :param draw: under ``leaster-tie: random``, the seats in the order a draw prefers them; the
        first tied one wins (with no tied seat listed, the first tied seat in seat order).
    """
    seats = range(len(seat_points))
    winners = leaster_tied(profile, seat_points, seat_tricks)
    if len(winners) > 1 and profile.leaster_tie == "random":
        winners = [next((s for s in draw if s in winners), winners[0])]
    if len(winners) == 1:
        (winner,) = winners
        return winner, tuple((4 if s == winner else -1) * stakes for s in seats)
    if profile.leaster_tie == "no-exchange":
        return None, tuple(0 for _ in seats)
    losers = len(seat_points) - len(winners)
    return None, tuple((losers if s in winners else -len(winners)) * stakes for s in seats)


_DIAMONDS = 3  # the suit index of diamonds (cards.SUITS)


def schwanzer_power(cards: Iterable[int]) -> int:
    """A hand's trump power in a schwanzer (``all-pass.schwanzer``): 3 per queen, 2 per jack, 1
    per other diamond; fail cards count nothing."""
    power = 0
    for card in cards:
        rank, suit = RANKS[card & 7], card >> 3
        power += 3 if rank == "Q" else 2 if rank == "J" else 1 if suit == _DIAMONDS else 0
    return power


def schwanzer_tied(powers: Sequence[int]) -> list[int]:
    """The seats (0-based) with the most trump power: the one who pays, or a tie for
    ``all-pass.schwanzer-tie``."""
    most = max(powers)
    return [seat for seat, power in enumerate(powers) if power == most]


def schwanzer_payers(profile: Profile, powers: Sequence[int], hands: Sequence[int]) -> list[int]:
    """The seats (0-based) that pay in a schwanzer (``all-pass.schwanzer``,
    ``all-pass.schwanzer-tie``): the one with the most trump power; on a tie, nobody
    (``schwanzer-tie: nobody``), the tied seat holding the highest trump by the profile's jack
    order (``highest-trump-pays``), or every tied seat (``all-tied-pay``).

    :param hands: the card mask each seat was dealt, S1 first.
    """
    tied = schwanzer_tied(powers)
    if len(tied) == 1:
        return tied
    rule = profile.schwanzer_tie
    if rule == "nobody":
        return []
    if rule == "all-tied-pay":
        return tied
    for card in trump_order(profile.jack_order):  # the most power is at least 1: a tied seat holds a trump
        for seat in tied:
            if hands[seat] >> card & 1:
                return [seat]
    raise AssertionError("no tied seat holds a trump")  # pragma: no cover - the most power is a trump's


def schwanzer_scores(payers: Sequence[int], stakes: int = 1) -> tuple[int, int, int, int, int]:
    """Score changes of a schwanzer: each of the k paying seats pays ``stakes`` to every other
    seat, the payments between payers cancelling: each payer -(5 - k), each other seat +k (one
    payer: -4 and +1 each; none: nobody scores)."""
    k = len(payers)
    scores = [(-(5 - k) if seat in payers else k) * stakes for seat in range(5)] if k else [0] * 5
    return (scores[0], scores[1], scores[2], scores[3], scores[4])


# ---------------------------------------------------------------- the hand's scoring phase


class Outcome(NamedTuple):
    """The result of a finished hand."""

    kind: OutcomeKind
    scores: tuple[int, int, int, int, int]
    """Score change per seat S1..S5 (zero-sum)."""
    picker: int | None = None
    partner: int | None = None
    alone: bool = False
    picker_side_points: int = 0
    """Card points credited to the picker's side (bury per ``bury-on-no-trick``)."""
    defender_points: int = 0
    picker_side_tricks: int = 0
    defender_tricks: int = 0
    seat_points: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    """Card points per seat: tricks won, the bury to the picker, the leaster blind to its taker."""
    seat_tricks: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    leaster_winner: int | None = None
    stakes: int = 1
    """The doubler multiplier the hand was played for."""
    raises: int = 0
    """Cracks, re-cracks and blitzes made before the first card: each doubles the scores."""
    revoker: int | None = None
    """The seat whose claimed revoke ended the hand (outcome ``revoke``)."""
    leaster_tied: tuple[int, ...] = ()
    """The seats that tied for the fewest points in a leaster (``leaster.tie``); empty otherwise."""


class HandScoring(HandState):
    """The end of a hand: its outcome from the tricks, a claimed revoke or five passes."""

    __slots__ = ()

    def revoke_penalty(self) -> str:
        """How a claimed revoke is scored: the profile's ``revoke-penalty`` option."""
        return self.profile.revoke_penalty

    def picker_side_revoked(self) -> bool:
        """Whether the claimed revoke was the picker's or the partner's, so that the picker's side
        loses the hand (rule ``procedure.revoke-penalty``); else the defenders lose it."""
        assert self.revoke is not None
        return self.revoke.seat in (self.picker, self.partner)

    def schwanzer_payers(self, powers: Sequence[int]) -> list[int]:
        """The seats (0-based) that pay in a schwanzer, given each seat's trump power (rules
        ``all-pass.schwanzer``, ``all-pass.schwanzer-tie``)."""
        return schwanzer_payers(self.profile, powers, self.dealt_hands)

    def bury_points(self) -> int:
        """The card points of the bury, counted in scoring (rule ``points.bury-counts-for-picker``)."""
        return mask_points(self.buried)

    def blind_taker(self) -> int | None:
        """The seat whose points the blind joins in a leaster, or ``None`` (rule ``leaster.blind``:
        the winner of the first or the last trick, or nobody)."""
        rule = self.profile.leaster_blind
        if rule == "nobody":
            return None
        return self._tricks[-1 if rule == "last-trick" else 0][2]

    def _score(self) -> None:
        """The six tricks are played: a leaster's winner, or the picker's side's result."""
        self.phase = SCORED
        won_points, won_tricks = self._won_points, self._won_tricks
        if self._leaster:
            seat_points = list(won_points)
            blind_taker = self.blind_taker()
            if blind_taker is not None:
                seat_points[blind_taker - 1] += mask_points(self.blind)
            left = self.dealer % 5  # 0-based index of the dealer's left
            draw = [(left + offset) % 5 for offset in range(5)]
            if self.tie_break is not None:
                draw.insert(0, self.tie_break - 1)
            winner, scores = leaster_scores(self.profile, seat_points, won_tricks, stakes=self.stakes, draw=draw)
            tied = leaster_tied(self.profile, seat_points, won_tricks)
            self.outcome = Outcome(
                kind=OutcomeKind.LEASTER,
                scores=_five(scores),
                seat_points=_five(seat_points),
                seat_tricks=_five(won_tricks),
                leaster_winner=None if winner is None else winner + 1,
                stakes=self.stakes,
                leaster_tied=tuple(seat + 1 for seat in tied) if len(tied) > 1 else (),
            )
            return
        picker = self.picker
        assert picker is not None
        partner = self.partner
        profile = self.profile
        trick_points = won_points[picker - 1] + (0 if partner is None else won_points[partner - 1])
        tricks = won_tricks[picker - 1] + (0 if partner is None else won_tricks[partner - 1])
        bury_points = self.bury_points()
        kind = classify(
            profile, picker_side_trick_points=trick_points, bury_points=bury_points, picker_side_tricks=tricks
        )
        side_points = picker_side_card_points(
            profile, picker_side_trick_points=trick_points, bury_points=bury_points, picker_side_tricks=tricks
        )
        raises = len(self.raises)
        picker_score, partner_score, defender_score = picker_hand_scores(
            profile, kind, alone=self.alone, stakes=self.stakes, raises=raises
        )
        changes = [defender_score] * 5
        changes[picker - 1] = picker_score
        if partner is not None:
            changes[partner - 1] = partner_score
        points_by_seat = list(won_points)
        points_by_seat[picker - 1] += side_points - trick_points  # the bury, when it counts for the picker
        self.outcome = _new_outcome(  # every field, in order: the one outcome of every hand played out
            (
                kind,
                _five(changes),  # scores
                picker,
                partner,
                self.alone,
                side_points,  # picker_side_points
                120 - side_points,  # defender_points
                tricks,  # picker_side_tricks
                6 - tricks,  # defender_tricks
                _five(points_by_seat),  # seat_points
                _five(won_tricks),  # seat_tricks
                None,  # leaster_winner
                self.stakes,
                raises,
                None,  # revoker
                (),  # leaster_tied
            )
        )

    def _score_revoke(self) -> None:
        """A claimed revoke ends the hand: the revoking side loses it (``procedure.revoke-penalty``)."""
        revoke = self.revoke
        picker = self.picker
        assert revoke is not None and picker is not None
        self.phase = SCORED
        partner = self.partner
        side = (picker,) if partner is None else (picker, partner)
        schneider = self.revoke_penalty() == "schneider"
        if self.picker_side_revoked():
            kind = OutcomeKind.SCHNEIDERED if schneider else OutcomeKind.LOSS
        else:
            kind = OutcomeKind.SCHNEIDER if schneider else OutcomeKind.WIN
        picker_score, partner_score, defender_score = picker_hand_scores(
            self.profile, kind, alone=self.alone, stakes=self.stakes, raises=len(self.raises)
        )
        changes = [defender_score] * 5
        changes[picker - 1] = picker_score
        if partner is not None:
            changes[partner - 1] = partner_score
        if self.revoke_penalty() == "redeal":  # the hand is compromised and dealt again: no score
            changes = [0] * 5
        won_points, won_tricks = self._won_points, self._won_tricks
        side_points = sum(won_points[s - 1] for s in side) + self.bury_points()
        side_tricks = sum(won_tricks[s - 1] for s in side)
        points_by_seat = list(won_points)
        points_by_seat[picker - 1] += self.bury_points()
        self.outcome = Outcome(
            kind=OutcomeKind.REVOKE,
            scores=_five(changes),
            picker=picker,
            partner=partner,
            alone=self.alone,
            picker_side_points=side_points,
            defender_points=sum(won_points) - side_points + self.bury_points(),
            picker_side_tricks=side_tricks,
            defender_tricks=len(self._tricks) - side_tricks,
            seat_points=_five(points_by_seat),
            seat_tricks=_five(won_tricks),
            stakes=self.stakes,
            raises=len(self.raises),
            revoker=revoke.seat,
        )

    def _score_all_passed(self, option: str) -> None:
        """A redeal, a doubler or a schwanzer: the hand ends unplayed (``all-pass.*``)."""
        if option == "schwanzer":  # the hands are shown, not played: all-pass.schwanzer
            powers = [schwanzer_power(cards_of(dealt)) for dealt in self.dealt_hands]
            self.outcome = Outcome(
                kind=OutcomeKind.SCHWANZER,
                scores=schwanzer_scores(self.schwanzer_payers(powers), self.stakes),
                stakes=self.stakes,
            )
            self.phase = SCORED
            return
        kind = OutcomeKind.REDEAL if option == "redeal" else OutcomeKind.DOUBLER
        self.outcome = Outcome(kind=kind, scores=(0, 0, 0, 0, 0), stakes=self.stakes)
        self.phase = SCORED


_new_outcome = cast("Callable[[tuple[object, ...]], Outcome]", functools.partial(tuple.__new__, Outcome))
"""Build an :class:`Outcome` from all its fields in order, without the keyword binding of its
``__new__`` (a third of the time of scoring a hand)."""

_five = cast("Callable[[Sequence[int]], tuple[int, int, int, int, int]]", tuple)
"""``tuple``, typed for the five values per seat it is given (a call of C, not of Python)."""
