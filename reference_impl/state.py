"""The state of one hand, shared by its phases (:mod:`reference_impl.hand` composes them).

:class:`HandState` holds every field of a hand and the views that belong to no one phase (the
seat to act, the cards held, the hand's card tables). Each phase is a mixin over it, in its own
module: :mod:`~reference_impl.auction`, :mod:`~reference_impl.calling` (the call and the bury),
:mod:`~reference_impl.cracks` (the window for cracks and blitzes), :mod:`~reference_impl.tricks`
(play, revokes and claims) and :mod:`~reference_impl.scoring`. A phase ends by handing over to
the next through the methods declared here, so no phase imports another.

The rule hooks of the phases (``first_bidder``, ``next_leader``, ``bury_points``, ...) each decide
exactly one rule at one moment. They are public so that a mutant engine
(conformance/gates/mutants.py) can replace one rule by replacing one hook, without reaching into
the hand's private state.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING

from reference_impl.actions import SEATS, Action, seat_name
from reference_impl.cards import CARDS, Card, CardMask, cards_of, format_cards, format_mask
from reference_impl.errors import IllegalActionError, InvalidActionError
from reference_impl.profile import Profile
from reference_impl.rules import card_tables, rank_after_first_lead

if TYPE_CHECKING:
    from reference_impl.scoring import Outcome

__all__ = ["HandState", "Phase"]

_TEN = 1  # rank index (cards.RANKS)


class Phase(str, enum.Enum):
    """The phase a hand is in."""

    AUCTION = "auction"
    BURY = "bury"
    CALL = "call"
    PLAY = "play"
    SCORED = "scored"

    def __str__(self) -> str:
        return self.value


def check_dealer(dealer: int) -> None:
    """:raises InvalidActionError: the dealer is not a seat."""
    if dealer not in SEATS:
        raise InvalidActionError(f"dealer must be a seat 1-5, not {dealer!r}")


def check_deal(dealer: int, hands: Sequence[CardMask], blind: CardMask) -> None:
    """:raises InvalidActionError: not a seat dealing six cards each and two to the blind, all
    different (rules ``deal.six-cards-and-blind``, ``deck.thirty-two-cards``)."""
    check_dealer(dealer)
    if len(hands) != 5:
        raise InvalidActionError("a deal needs five hands", rule_id="deck.five-players")
    for seat, mask in zip(SEATS, hands):
        if mask.bit_count() != 6:
            raise InvalidActionError(
                f"{seat_name(seat)} is dealt {mask.bit_count()} cards, not 6",
                rule_id="deal.six-cards-and-blind",
            )
    if blind.bit_count() != 2:
        raise InvalidActionError(f"the blind has {blind.bit_count()} cards, not 2", rule_id="deal.six-cards-and-blind")
    union = blind
    for mask in hands:
        union |= mask
    if union.bit_count() != 32:
        raise InvalidActionError(
            "the deal repeats a card: five hands and the blind must hold all 32 cards once",
            rule_id="deck.thirty-two-cards",
        )


# The phases as module constants for the hot paths (see actions.PLAY): a hand is in its auction,
# burying, calling, playing or scored.
AUCTION, BURYING, CALLING, PLAYING, SCORED = Phase.AUCTION, Phase.BURY, Phase.CALL, Phase.PLAY, Phase.SCORED


class HandState:
    """The fields of one hand and the views every phase reads."""

    __slots__ = (
        "profile",
        "dealer",
        "stakes",
        "dealt_hands",
        "blind",
        "actions",
        "outcome",
        "phase",
        "picker",
        "partner",
        "alone",
        "called",
        "under",
        "buried",
        "partner_revealed_in",
        "_hands",
        "_turn",
        "_passes",
        "_leaster",
        "_power",
        "_power_later",
        "_suit_of",
        "_suit_masks",
        "_called_suit",
        "_called_led_in",
        "_tricks",
        "_leader",
        "_trick_cards",
        "_won_points",
        "_won_tricks",
        "_ace_hold",
        "raises",
        "cracker",
        "recracker",
        "blitzes",
        "revoke",
        "tie_break",
        "_drawn",
    )

    def __init__(
        self,
        profile: Profile,
        dealer: int,
        hands: Sequence[CardMask],
        blind: CardMask,
        *,
        stakes: int = 1,
    ) -> None:
        """Start a hand from five dealt hands (index 0 is seat S1) and the blind.

        :raises InvalidActionError: the deal is not six cards each and two in the blind, all
            different (rules ``deal.six-cards-and-blind``, ``deck.thirty-two-cards``).
        """
        check_deal(dealer, hands, blind)
        self._start(profile, dealer, hands, blind, stakes)

    def _start(self, profile: Profile, dealer: int, hands: Sequence[CardMask], blind: CardMask, stakes: int) -> None:
        """Set every field to the start of the auction, from a deal already checked."""
        self.profile = profile
        """The variant profile; the only source of variant behaviour."""
        self.dealer = dealer
        self.stakes = stakes
        """Doubler multiplier for this hand (1 normally; set by a session)."""
        self.dealt_hands: tuple[CardMask, ...] = tuple(hands)
        self.blind: CardMask = blind
        self.actions: list[Action] = []
        """Every action applied so far, in order."""
        # leader, cards, winner, points; a trick's list of cards is never changed once it is complete
        self._tricks: list[tuple[int, Sequence[int], int, int]] = []
        self.outcome: Outcome | None = None
        """Set when the hand is scored."""

        self._hands = list(hands)
        self.phase = AUCTION
        """The current phase (read-only for callers)."""
        self._turn = self.first_bidder()
        self._passes = 0
        self.picker: int | None = None
        self.partner: int | None = None
        """The partner's seat, once a card is called (known to the engine, secret in play)."""
        self.alone = False
        self.called: Card | None = None
        self.under: Card | None = None
        self.buried: CardMask = 0
        self.partner_revealed_in: int | None = None
        """Index of the trick in which the called card fell (0-5), once it has."""
        self._leaster = False
        # Per-hand card tables: the under card and a called ten change them (see _set_call).
        self._set_tables(None, None)
        self._called_suit = -1
        self._called_led_in = -1  # trick index of the called suit's first lead
        self._leader = self._turn
        self._trick_cards: list[int] = []
        self._won_points = [0] * 5
        self._won_tricks = [0] * 5
        self.raises: list[Action] = []
        """The cracks, re-cracks and blitzes made so far, in order (area ``crack``)."""
        self.cracker: int | None = None
        self.recracker: int | None = None
        self.blitzes: CardMask = 0
        """The queens shown in blitzes so far."""
        self.revoke: Action | None = None
        """The hand's first revoke, until it is claimed or the hand ends (area ``procedure``)."""
        self.tie_break: int | None = None
        """The seat a table's draw picked, for a leaster tie under ``leaster-tie: random`` (a
        record's ``tie_break``); set it before the last card. Unset, or not a tied seat, the first
        tied seat clockwise from the dealer's left wins, so a replay is repeatable."""
        self._drawn: Action | None = None
        """The action :meth:`~reference_impl.hand.Hand.random_action` drew in this very position,
        before the play: legal by construction, so ``apply`` does not verify it again."""

    # ------------------------------------------------------------------ views

    @property
    def turn(self) -> int | None:
        """The seat to act, or None once the hand is scored."""
        return None if self.phase is Phase.SCORED else self._turn

    @property
    def is_leaster(self) -> bool:
        return self._leaster

    def hand_of(self, seat: int) -> CardMask:
        """The cards the seat holds now (the picker's include the blind until the bury)."""
        return self._hands[seat - 1]

    def cards_of(self, seat: int) -> list[Card]:
        return list(cards_of(self._hands[seat - 1]))

    def suit_of(self, card: int) -> int:
        """The suit ``card`` follows in this hand (``TRUMP`` for every trump), under this hand's
        card tables (rules ``deck.trump-cards``, ``deck.fail-suits``)."""
        return self._suit_of[card]

    def suit_mask(self, suit: int) -> CardMask:
        """Every card of ``suit`` (``TRUMP``: every trump) in this hand's card tables."""
        return self._suit_masks[suit]

    def position(self) -> str:
        """A canonical one-line text of the whole state (equal texts = equal states)."""
        parts = [
            f"profile={self.profile.name}",
            f"dealer={seat_name(self.dealer)}",
            f"stakes={self.stakes}",
            f"phase={self.phase.value}",
            f"turn={seat_name(self._turn)}",
            f"passes={self._passes}",
        ]
        parts += [f"{seat_name(s)}=[{format_mask(self._hands[s - 1])}]" for s in SEATS]
        parts.append(f"blind=[{format_mask(self.blind)}]")
        if self.picker is not None:
            parts.append(f"picker={seat_name(self.picker)} bury=[{format_mask(self.buried)}]")
        if self.alone:
            parts.append("alone")
        if self.called is not None:
            parts.append(f"called={self.called}" + (f" under={self.under}" if self.under is not None else ""))
        if self.raises:
            parts.append("raises=" + ",".join(str(action) for action in self.raises))
        parts.append("tricks=" + "/".join(format_cards(cards) for _, cards, _, _ in self._tricks))
        leader = self._leader
        played = [f"{seat_name((leader + i - 1) % 5 + 1)}:{CARDS[c]}" for i, c in enumerate(self._trick_cards)]
        parts.append("trick=" + " ".join(played))
        parts.append(f"actions={len(self.actions)}")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"<Hand {self.position()}>"

    # ------------------------------------------------------------------ tables, refusals, hand-overs

    def _set_tables(self, called: int | None, under: int | None) -> None:
        profile = self.profile
        rank = profile.called_ten_rank
        self._suit_of, self._suit_masks, _, self._power = card_tables(profile.jack_order, rank, called, under)
        # The power to win a trick led in the called suit after its first lead: under until-led the
        # called ten ranks as any ten there (trick.called-ten-rank); the play switches to it at such
        # a lead (later_called_lead). The same tables under every other option.
        if rank == "until-led":
            self._power_later = card_tables(profile.jack_order, rank_after_first_lead(rank), called, under).power
        else:
            self._power_later = self._power
        # Under ten-call-hold the-ace, after a ten call, the ace of its suit is the picker's hold
        # card (play.ace-kept-for-called-ten); -1 otherwise. Kept here: legal_play_mask reads it.
        the_ace = profile.ten_call_hold == "the-ace" and called is not None and under is None
        self._ace_hold = called & ~7 if the_ace and called is not None and called & 7 == _TEN else -1

    def _illegal(self, action: Action, rule_id: str, why: str, also: tuple[str, ...] = ()) -> IllegalActionError:
        return IllegalActionError(
            f"illegal action {str(action)!r}: {why} (rule {rule_id}{''.join(f'; also {r}' for r in also)})",
            rule_id=rule_id,
            seat=action.seat,
            action=str(action),
            position=self.position,
            also=also,
        )

    def is_legal(self, action: Action) -> bool:
        """Whether :meth:`apply` would accept the action."""
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    def first_bidder(self) -> int:
        """The seat first offered the blind (:mod:`reference_impl.auction`)."""
        raise NotImplementedError

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` unless the action is legal now (see :class:`~reference_impl.hand.Hand`)."""
        raise NotImplementedError

    def _start_play(self) -> None:
        """Hand over to the play: the first trick's lead (:mod:`reference_impl.tricks`)."""
        raise NotImplementedError

    def _score(self) -> None:
        """Score a hand whose six tricks are played (:mod:`reference_impl.scoring`)."""
        raise NotImplementedError

    def _score_revoke(self) -> None:
        """Score a hand ended by a claimed revoke (:mod:`reference_impl.scoring`)."""
        raise NotImplementedError

    def _score_all_passed(self, option: str) -> None:
        """End a hand that all five passed and that is not played (:mod:`reference_impl.scoring`)."""
        raise NotImplementedError
