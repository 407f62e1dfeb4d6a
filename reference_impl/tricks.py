"""The play: six tricks, the legal plays, revokes and their claims, each trick's winner.

The legal-play mask is the hot path of simulation: following suit, the void-play axis and the
duties around the called card, all as bit operations on the hand's card tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from reference_impl.actions import SEATS, Action, ActionKind, left_of, seat_name
from reference_impl.cards import CARD_POINTS, CARDS, Card, CardMask, format_mask
from reference_impl.rules import SUIT_NAMES, TRUMP
from reference_impl.state import PLAYING, HandState

__all__ = ["Trick", "TrickPlay", "ace_kept"]


class Trick(NamedTuple):
    """A finished trick."""

    leader: int
    cards: tuple[Card, ...]
    """The five cards in play order, the leader's first."""
    winner: int
    points: int

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats in play order."""
        return tuple((self.leader + i - 1) % 5 + 1 for i in range(5))


def ace_kept(ace: int) -> tuple[str, str]:
    """The rule and reason of a play or bury that gives up the ace kept for a called ten."""
    return "play.ace-kept-for-called-ten", f"the picker keeps {Card(ace)} for the called ten"


class TrickPlay(HandState):
    """Playing the tricks: views of the play, legal plays and their checks, revokes, claims."""

    __slots__ = ()

    @property
    def current_trick(self) -> list[tuple[int, Card]]:
        """``(seat, card)`` pairs played to the unfinished trick."""
        leader = self._leader
        return [((leader + i - 1) % 5 + 1, CARDS[c]) for i, c in enumerate(self._trick_cards)]

    @property
    def led_suit(self) -> int | None:
        """The suit led to the unfinished trick (``TRUMP`` for a trump lead), or ``None``."""
        return self._suit_of[self._trick_cards[0]] if self._trick_cards else None

    @property
    def tricks(self) -> list[Trick]:
        """Finished tricks, in order."""
        return [
            Trick(leader, tuple(CARDS[c] for c in cards), winner, points)
            for leader, cards, winner, points in self._tricks
        ]

    @property
    def trick_index(self) -> int:
        """Index (0-5) of the trick being played."""
        return len(self._tricks)

    @property
    def called_suit_led(self) -> bool:
        """Whether the called suit has been led (in this trick or an earlier one)."""
        return self._called_led_in >= 0

    @property
    def called_suit_led_in(self) -> int | None:
        """Index (0-5) of the trick in which the called suit was first led, if it has been."""
        return None if self._called_led_in < 0 else self._called_led_in

    def legal_play_mask(self) -> CardMask:
        """The cards the seat to act may play now, as a bitmask (play phase only).

        This is the hot path of simulation: following suit (``play.follow-suit``,
        ``play.follow-trump``), the void-play axis, and the duties around the called card.
        """
        seat = self._turn
        hand = self._hands[seat - 1]
        trick = self._trick_cards
        called_suit = self._called_suit
        if trick:
            lead_suit = self._suit_of[trick[0]]
            follow = hand & self._suit_masks[lead_suit]
            if follow:
                if lead_suit == called_suit and self._called_led_in == len(self._tricks):  # its first lead
                    if seat == self.partner:
                        return 1 << self.called  # type: ignore[operator]  # play.partner-plays-called-card
                    ace = self._ace_hold  # -1 unless a ten was called under ten-call-hold the-ace
                    if ace >= 0 and seat == self.picker and follow >> ace & 1:
                        return 1 << ace  # play.ace-kept-for-called-ten: the ace answers the first lead
                return follow
            legal = hand  # void in the led suit: play.void-in-led-suit
            if self.profile.void_play == "must-trump" and lead_suit != TRUMP:
                trumps = hand & self._suit_masks[TRUMP]
                if trumps:
                    legal = trumps
            if called_suit >= 0 and self._called_led_in < 0 and len(self._tricks) < 5:
                if seat == self.picker:
                    hold = hand & self._suit_masks[called_suit]
                    ace = self._ace_hold
                    if ace >= 0 and hold >> ace & 1:
                        hold = 1 << ace  # play.ace-kept-for-called-ten: the ace is the hold card
                    if hold & (hold - 1) == 0:  # the last card of the called suit: play.hold-card-kept
                        legal &= ~hold
                elif seat == self.partner:
                    legal &= ~(1 << self.called)  # type: ignore[operator]  # play.partner-keeps-called-card
            return legal
        if called_suit >= 0 and self._called_led_in < 0:  # leading before the called suit's first lead
            called_mask = self._suit_masks[called_suit]
            if seat == self.partner:  # play.partner-leads-called-card
                return hand & ~(called_mask & ~(1 << self.called))  # type: ignore[operator]
            if seat == self.picker and self.profile.called_suit_lead == "after-first-lead":
                rest = hand & ~called_mask  # play.picker-leads-called-suit
                if rest:
                    return rest
                # holding only the called suit, the picker leads it; after a ten call under
                # ten-call-hold the-ace, with the ace (play.ace-kept-for-called-ten, below)
            ace = self._ace_hold
            if (
                ace >= 0 and seat == self.picker and hand >> ace & 1
            ):  # play.ace-kept-for-called-ten: a lead of the suit is the ace
                return hand & ~(called_mask & ~(1 << ace))
        return hand

    def permitting_rule(self, action: Action) -> str | None:
        """The rule that makes a legal play legal at this moment: the exception that allows it
        where a duty would forbid it (the hold card thrown off in the last trick:
        ``play.hold-card-last-trick``), else the general rule (``play.follow-suit``,
        ``play.void-in-led-suit``, ``play.lead-any-card``). It is what an engine refusing the
        play gets wrong. ``None`` for an action that is not a legal play."""
        if action.kind is not ActionKind.PLAY or not action.cards or not self.is_legal(action):
            return None
        card = action.cards[0]
        seat = self._turn
        hand = self._hands[seat - 1]
        called_suit = self._called_suit
        before_called_lead = called_suit >= 0 and self._called_led_in < 0
        last_trick = len(self._tricks) == 5
        trick = self._trick_cards
        if trick:
            lead_suit = self._suit_of[trick[0]]
            if hand & self._suit_masks[lead_suit]:
                if seat == self.partner and lead_suit == called_suit and self._called_led_in == len(self._tricks):
                    return "play.partner-plays-called-card"
                if lead_suit == called_suit and seat == self.picker and self._called_led_in == len(self._tricks):
                    return "play.ace-kept-for-called-ten" if self._ace_hold >= 0 else "play.hold-card-on-first-lead"
                return "play.follow-trump" if lead_suit == TRUMP else "play.follow-suit"
            if before_called_lead and last_trick:
                if seat == self.picker and self._suit_of[card] == called_suit:
                    return "play.hold-card-last-trick"
                if seat == self.partner and card == self.called:
                    return "play.partner-keeps-called-card"
            if called_suit >= 0 and not before_called_lead:  # a duty that ended with the first lead
                if seat == self.picker and self._suit_of[card] == called_suit:
                    return "play.hold-card-on-first-lead"
                if seat == self.partner and card == self.called:
                    return "play.partner-keeps-called-card"
            return "play.void-in-led-suit"
        if called_suit >= 0 and self._suit_of[card] == called_suit:
            if seat == self.partner:  # before the first lead: the called card itself; after: any
                return "play.partner-leads-called-card"
            if seat == self.picker and self.profile.called_suit_lead == "after-first-lead":
                return "play.picker-leads-called-suit"
            if seat == self.picker and self._ace_hold >= 0 and before_called_lead:
                return "play.ace-kept-for-called-ten"
        return "play.lead-any-card"

    def play_random(self, random: Callable[[], float]) -> int:
        """Play a uniformly random legal card for the seat to act (play phase); return it.

        The fast path of random playouts: no :class:`Action` is built or recorded.
        """
        mask = self.legal_play_mask()
        count = mask.bit_count()
        if count == 1:  # a forced card (some 40 % of random plays): the draw is made all the same
            random()
            card = mask.bit_length() - 1
        else:
            skip = int(random() * count)
            if skip == count - 1:  # the highest card: no walk up the bits
                card = mask.bit_length() - 1
            else:
                while skip:
                    mask &= mask - 1
                    skip -= 1
                card = (mask & -mask).bit_length() - 1
        self.push_play_unchecked(card)
        return card

    def _verify_revoke(self, action: Action) -> None:
        """A revoke is a held card the rules of play forbid, in a hand with a picker."""
        card = action.cards[0] if len(action.cards) == 1 else None
        if card is None:
            raise self._illegal(action, "play.clockwise-one-card", "a revoke is exactly one card")
        if not self._hands[action.seat - 1] >> card & 1:
            raise self._illegal(action, "play.card-in-hand", f"{seat_name(action.seat)} does not hold {card}")
        if self._leaster:
            raise self._illegal(action, "procedure.revoke-claimed", "the spec gives no revoke penalty in a leaster")
        if self.legal_play_mask() >> card & 1:
            raise self._illegal(action, "procedure.revoke-claimed", f"{card} is a legal play, not a revoke")

    def _verify_play(self, action: Action) -> None:
        if len(action.cards) != 1:
            raise self._illegal(action, "play.clockwise-one-card", "a play is exactly one card")
        card = action.cards[0]
        seat = self._turn
        hand = self._hands[seat - 1]
        if not hand >> card & 1:
            raise self._illegal(action, "play.card-in-hand", f"{seat_name(seat)} does not hold {card}")
        legal = self.legal_play_mask()
        if legal >> card & 1:
            return
        (rule_id, why), *others = self._play_violations(card, hand)
        raise self._illegal(action, rule_id, why, also=tuple(rule for rule, _ in others))

    def _play_violations(self, card: int, hand: CardMask) -> list[tuple[str, str]]:
        """Every rule a non-legal play breaks (the card is in hand), the one named first first:
        following suit, then the duties around the called card, then must-trump (SPEC.md,
        "When a play breaks several rules")."""
        seat = self._turn
        called_mask = self._suit_masks[self._called_suit] if self._called_suit >= 0 else 0
        ace = self._ace_hold
        ace_rule = ace_kept(ace) if ace >= 0 else ("", "")  # used only when ace >= 0
        if not self._trick_cards:
            if seat == self.partner:
                return [
                    ("play.partner-leads-called-card", f"the partner must lead {self.called} to lead the called suit")
                ]
            if self.profile.called_suit_lead == "after-first-lead":
                early = (
                    "play.picker-leads-called-suit",
                    "the picker may not lead the called suit before it has been led",
                )
                return [early, *([ace_rule] if ace >= 0 and card != ace else [])]
            return [ace_rule]
        lead_suit = self._suit_of[self._trick_cards[0]]
        follow = hand & self._suit_masks[lead_suit]
        first_called_lead = lead_suit == self._called_suit and self._called_led_in == len(self._tricks)
        broken: list[tuple[str, str]] = []
        if follow:
            if self._suit_of[card] != lead_suit:
                if lead_suit == TRUMP:
                    broken.append(("play.follow-trump", "trump was led and the player holds a trump"))
                else:
                    broken.append(
                        (
                            "play.follow-suit",
                            f"{SUIT_NAMES[lead_suit]} were led and the player holds {format_mask(follow)}",
                        )
                    )
                if first_called_lead and seat == self.picker:
                    broken.append(
                        ("play.hold-card-on-first-lead", "the picker must follow the called suit's first lead")
                    )
            if first_called_lead and seat == self.picker and ace >= 0 and card != ace:
                broken.append(ace_rule)
            if first_called_lead and seat == self.partner and card != self.called:
                broken.append(
                    (
                        "play.partner-plays-called-card",
                        f"the partner must play {self.called} on the first lead of its suit",
                    )
                )
            return broken
        # The duties around the called card hold only until its suit is first led, and never in
        # the last trick (the same conditions as legal_play_mask): after that, only must-trump.
        duty = self._called_suit >= 0 and self._called_led_in < 0 and len(self._tricks) < 5
        hold = hand & called_mask
        if duty and seat == self.picker and ace >= 0 and card == ace:
            broken.append(ace_rule)
        elif duty and seat == self.picker and hold >> card & 1 and hold & (hold - 1) == 0:
            broken.append(("play.hold-card-kept", f"{Card(card)} is the picker's last card of the called suit"))
        if duty and seat == self.partner and card == self.called:
            broken.append(
                ("play.partner-keeps-called-card", f"the partner must keep {self.called} until its suit is led")
            )
        trumps = hand & self._suit_masks[TRUMP]
        if self.profile.void_play == "must-trump" and lead_suit != TRUMP and trumps and not trumps >> card & 1:
            broken.append(
                ("play.void-in-led-suit", "a player void in the led suit who holds a trump must play one (must-trump)")
            )
        return broken or [
            ("play.void-in-led-suit", "a player void in the led suit who holds a trump must play one (must-trump)")
        ]

    def claim_actions(self) -> list[Action]:
        """The claims of a revoke that stands: any seat may make one (``procedure.revoke-claimed``)."""
        return [] if self.revoke is None else [Action.claim(seat) for seat in SEATS]

    def _start_play(self) -> None:
        self.phase = PLAYING
        self._turn = self.first_leader()

    def push_play_unchecked(self, card: int) -> None:
        """Play ``card`` for the seat to act without any check, for fast simulation.

        .. warning:: The caller must take ``card`` from :meth:`legal_play_mask`; an illegal
           card corrupts the hand. The action is not recorded in :attr:`actions`.
        """
        seat = self._turn
        self._hands[seat - 1] ^= 1 << card
        trick = self._trick_cards
        if not trick:
            self._leader = seat
            if self._called_led_in < 0:
                if self._suit_of[card] == self._called_suit:
                    self._called_led_in = len(self._tricks)  # the called suit's first lead
            elif self._suit_of[card] == self._called_suit:  # a later lead of it (rare: a hook is cheap here)
                self.later_called_lead()
        if card == self.called:
            self.partner_revealed_in = len(self._tricks)
        trick.append(card)
        if len(trick) < 5:
            self._turn = seat % 5 + 1
            return
        # The trick is complete: its winner holds the card of greatest power in the led suit's table.
        c0, c1, c2, c3, c4 = trick
        power = self._power[self._suit_of[c0]]
        best, top = 0, power[c0]
        if power[c1] > top:
            best, top = 1, power[c1]
        if power[c2] > top:
            best, top = 2, power[c2]
        if power[c3] > top:
            best, top = 3, power[c3]
        if power[c4] > top:
            best = 4
        points = CARD_POINTS  # read at each trick, not bound at import: a mutant engine patches it
        won = points[c0] + points[c1] + points[c2] + points[c3] + points[c4]
        leader = self._leader
        winner = (leader + best - 1) % 5 + 1
        tricks = self._tricks
        tricks.append((leader, trick, winner, won))
        self._won_points[winner - 1] += won
        self._won_tricks[winner - 1] += 1
        self._trick_cards = []
        self._turn = self.next_leader(winner, leader)
        if len(tricks) == 6:
            self._score()

    def later_called_lead(self) -> None:
        """A lead of the called suit after its first lead: from this trick on a called ten ranks
        as the called-ten-rank option ranks it there, under ``until-led`` as any ten, below its
        ace (rule ``trick.called-ten-rank``; the same tables under the other options)."""
        self._power = self._power_later

    def first_leader(self) -> int:
        """The seat leading the first trick: the dealer's left (rule ``play.first-lead``)."""
        return left_of(self.dealer)

    def next_leader(self, winner: int, leader: int) -> int:
        """The seat leading the next trick: the last trick's winner (rule ``play.winner-leads``)."""
        return winner
