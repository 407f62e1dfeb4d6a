"""One hand of five-handed called-ace Sheepshead as an explicit state machine.

Phases: ``auction`` -> ``bury`` -> ``call`` -> ``play`` -> ``scored`` (``call`` before
``bury`` under the ``call-then-bury`` option; after five passes, ``play`` as a leaster or
straight to ``scored`` for a redeal or doubler). At any moment a :class:`Hand` answers whose
turn it is (:attr:`Hand.turn`), the legal actions (:meth:`Hand.legal_actions`) and applies one
action (:meth:`Hand.apply`). Under the cracking axis, the window between the call and the first
card also accepts cracks, re-cracks and blitzes from any eligible seat; they are not turns, so
the seat to act stays the first leader. A rejected action raises :class:`IllegalActionError` naming the
rule it breaks and leaves the hand exactly as it was: every check runs before the first change.

Seats are numbered 1-5 clockwise; the seat "to the left" of seat ``s`` is ``s % 5 + 1``.

:class:`Hand` composes one mixin per phase over the shared :class:`~reference_impl.state.HandState`:
:mod:`~reference_impl.auction`, :mod:`~reference_impl.calling` (call and bury),
:mod:`~reference_impl.cracks` (the crack window), :mod:`~reference_impl.tricks` (play, revoke,
claim) and :mod:`~reference_impl.scoring`. This module deals, lists and draws the legal actions,
and verifies and applies one, dispatching to the phase it belongs to.

>>> from reference_impl.profile import Profile
>>> from reference_impl.cards import parse_cards
>>> deck = parse_cards("QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D AC TC KC 9C 8C 7C "
...                    "AS TS KS 9S 8S 7S AH TH KH 9H 8H 7H".split())
>>> hand = Hand.from_deck(Profile.named("standard"), dealer=5, deck=deck)
>>> hand.phase, hand.turn
(<Phase.AUCTION: 'auction'>, 1)
>>> [str(action) for action in hand.legal_actions()]
['S1 pick', 'S1 pass']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from reference_impl.actions import (
    ALONE,
    BURY,
    CALL,
    CLAIM,
    PASS,
    PICK,
    PLAY,
    REVOKE,
    SEATS,
    WINDOW_KINDS,
    Action,
    ActionKind,
    left_of,
    new_action,
    parse_seat,
    seat_name,
)
from reference_impl.auction import AuctionPhase
from reference_impl.calling import CallAndBury
from reference_impl.cards import card_tuple, cards_of, mask_of
from reference_impl.cracks import CrackWindow
from reference_impl.errors import InvalidActionError
from reference_impl.profile import Profile
from reference_impl.scoring import HandScoring, Outcome, OutcomeKind
from reference_impl.state import AUCTION, BURYING, CALLING, PLAYING, SCORED, HandState, Phase, check_dealer
from reference_impl.tricks import Trick, TrickPlay

__all__ = ["SEATS", "Action", "ActionKind", "Hand", "Outcome", "Phase", "Trick", "left_of", "parse_seat", "seat_name"]

_BIT = tuple(1 << card for card in range(32))
_PACK = frozenset(range(32))


class Hand(AuctionPhase, CallAndBury, CrackWindow, TrickPlay, HandScoring):
    """One hand, composed of its phases. Build it with :meth:`from_deck` or :meth:`from_hands`."""

    __slots__ = ()

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_deck(cls, profile: Profile, dealer: int, deck: Sequence[int], *, stakes: int = 1) -> Hand:
        """Deal a 32-card pack, top card first, 3-2-3 from the dealer's left (``deal.three-two-three``).

        :raises InvalidActionError: the pack is not the 32 cards once each.
        """
        if len(deck) != 32 or set(deck) != _PACK:
            raise InvalidActionError(
                f"a pack must hold each of the 32 cards once (got {len(deck)} cards, "
                f"{len(set(deck) & _PACK)} different)",
                rule_id="deck.thirty-two-cards",
            )
        # The packets unrolled (the dealer's left first, the dealer last): the hot path of a playout.
        b = _BIT
        (c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15) = deck[:16]
        (c16, c17, c18, c19, c20, c21, c22, c23, c24, c25, c26, c27, c28, c29, c30, c31) = deck[16:]
        hands = [0] * 5
        hands[dealer % 5] = b[c0] | b[c1] | b[c2] | b[c17] | b[c18] | b[c19]
        hands[(dealer + 1) % 5] = b[c3] | b[c4] | b[c5] | b[c20] | b[c21] | b[c22]
        hands[(dealer + 2) % 5] = b[c6] | b[c7] | b[c8] | b[c23] | b[c24] | b[c25]
        hands[(dealer + 3) % 5] = b[c9] | b[c10] | b[c11] | b[c26] | b[c27] | b[c28]
        hands[(dealer + 4) % 5] = b[c12] | b[c13] | b[c14] | b[c29] | b[c30] | b[c31]
        check_dealer(dealer)  # the hands of a whole pack need no check of their own
        hand = cls.__new__(cls)
        hand._start(profile, dealer, hands, b[c15] | b[c16], stakes)
        return hand

    @classmethod
    def from_hands(
        cls,
        profile: Profile,
        dealer: int,
        hands: Sequence[Iterable[int]],
        blind: Iterable[int],
        *,
        stakes: int = 1,
    ) -> Hand:
        """Start from five explicit hands (index 0 is S1) and the blind."""
        masks = []
        for seat, cards in zip(SEATS, hands):
            listed = list(cards)
            if len(listed) != mask_of(listed).bit_count():
                raise InvalidActionError(f"{seat_name(seat)}'s hand repeats a card", rule_id="deck.thirty-two-cards")
            masks.append(mask_of(listed))
        return cls(profile, dealer, masks, mask_of(blind), stakes=stakes)

    def copy(self) -> Hand:
        """An independent copy (the profile and tables are shared; they are immutable)."""
        other = object.__new__(Hand)
        for name in HandState.__slots__:
            setattr(other, name, getattr(self, name))
        other.actions = list(self.actions)
        other._tricks = list(self._tricks)
        other._hands = list(self._hands)
        other._trick_cards = list(self._trick_cards)
        other._won_points = list(self._won_points)
        other._won_tricks = list(self._won_tricks)
        other.raises = list(self.raises)
        return other

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act (empty once scored)."""
        seat = self._turn
        phase = self.phase
        if phase is AUCTION:
            return [new_action((PICK, seat, (), None)), new_action((PASS, seat, (), None))]
        if phase is BURYING:
            return self._legal_burials() + self._blitzes_at_the_pick()
        if phase is CALLING:
            return [*self._legal_calls(), Action.alone(seat), *self._blitzes_at_the_pick()]
        if phase is PLAYING:
            plays = [Action.play(seat, card) for card in cards_of(self.legal_play_mask())]
            if self.profile.cracking != "off" and self.window_open():
                plays += self.window_actions()
            return plays + self.claim_actions()
        return []

    def _blitzes_at_the_pick(self) -> list[Action]:
        """Under blitzing ``at-the-pick``, the blitzes open during the bury and the call."""
        return self.window_actions() if self.profile.blitzing == "at-the-pick" else []

    # ------------------------------------------------------------------ random choices (simulation)

    def random_action(self, random: Callable[[], float]) -> Action:
        """A uniformly random legal action, drawn without listing every action.

        :param random: a source of floats in [0, 1), e.g. ``random.Random(seed).random``.
        :raises IllegalActionError: the hand is over.
        """
        phase = self.phase
        seat = self._turn
        if phase is AUCTION:
            drawn = new_action((PICK if random() < 0.5 else PASS, seat, (), None))
        elif phase is PLAYING:  # plays are not vouched for: push_play_unchecked also changes the hand
            legal = list(cards_of(self.legal_play_mask()))
            window = self.window_actions() if self.profile.cracking != "off" else []
            index = int(random() * (len(legal) + len(window)))
            if index >= len(legal):
                return window[index - len(legal)]
            return new_action((PLAY, seat, (legal[index],), None))
        elif self.profile.blitzing == "at-the-pick" and phase is not AUCTION and self.window_actions():
            actions = self.legal_actions()  # a blitz at the pick is open: draw among everything listed
            return actions[int(random() * len(actions))]
        elif phase is BURYING and not self._bury_must_keep():
            cards = card_tuple(self._hands[seat - 1])  # every pair is legal: draw one
            first = int(random() * len(cards))
            second = int(random() * (len(cards) - 1))
            second += second >= first
            pair = (cards[first], cards[second]) if first < second else (cards[second], cards[first])
            drawn = new_action((BURY, seat, pair, None))
        elif phase is CALLING:  # pick among the calls, the under calls and alone by index
            callable_cards, under_aces = self.call_options()
            under_cards = list(cards_of(self._hands[seat - 1])) if under_aces else []
            index = int(random() * (len(callable_cards) + len(under_aces) * len(under_cards) + 1))
            if index < len(callable_cards):
                drawn = new_action((CALL, seat, (callable_cards[index],), None))
            elif index - len(callable_cards) < len(under_aces) * len(under_cards):
                ace, under = divmod(index - len(callable_cards), len(under_cards))
                drawn = new_action((CALL, seat, (under_aces[ace],), under_cards[under]))
            else:
                drawn = new_action((ALONE, seat, (), None))
        else:
            actions = self.legal_actions()
            if not actions:
                raise self._illegal(new_action((PLAY, seat, (), None)), "play.clockwise-one-card", "the hand is over")
            return actions[int(random() * len(actions))]
        # Drawn from the same rules verify() applies, in this very position: apply() need not
        # verify it again. Any change to the hand (apply_legal) withdraws the voucher.
        self._drawn = drawn
        return drawn

    # ------------------------------------------------------------------ verification

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` (with the rule ID) unless the action is legal now."""
        phase = self.phase
        kind = action.kind
        if kind in WINDOW_KINDS:
            self._verify_window(action)
            return
        if kind is CLAIM and phase is not SCORED:  # not a turn: any seat claims
            if self.revoke is None:
                raise self._illegal(action, "procedure.revoke-claimed", "no revoke has been made")
            return
        if phase is SCORED:
            thrown_in = {
                OutcomeKind.REDEAL: "all-pass.redeal",
                OutcomeKind.DOUBLER: "all-pass.doubler",
                OutcomeKind.SCHWANZER: "all-pass.schwanzer",
            }
            rule = thrown_in.get(self.outcome.kind, "play.clockwise-one-card") if self.outcome else ""
            if kind is CLAIM:
                rule = "procedure.revoke-claimed"  # a revoke is claimed before the last trick is complete
            raise self._illegal(action, rule, "the hand is over")
        expected = _PHASE_KINDS[phase]
        if kind is REVOKE and phase is PLAYING:
            if action.seat != self._turn:
                raise self._illegal(action, self._turn_rule(action.seat), f"it is {seat_name(self._turn)}'s turn")
            self._verify_revoke(action)
            return
        if kind not in expected:
            if self._leaster and kind in (PICK, PASS):
                rule = "auction.pick-or-pass"  # nobody picked: every seat has had its one offer
            else:
                rule = _WRONG_PHASE_RULES.get((phase, kind), _PHASE_RULES[phase])
            raise self._illegal(action, rule, f"a {kind.value} is not possible in the {phase.value} phase")
        if action.seat != self._turn:
            raise self._illegal(action, self._turn_rule(action.seat), f"it is {seat_name(self._turn)}'s turn")
        if phase is BURYING:
            self.verify_bury(action)
        elif phase is CALLING:
            if kind is CALL:
                self._verify_call(action)
        elif phase is PLAYING:
            self._verify_play(action)

    def _turn_rule(self, seat: int) -> str:
        if self.phase is AUCTION:
            passed = (seat - self.dealer - 1) % 5 < self._passes  # seats offered the blind so far
            return "auction.pick-or-pass" if passed else "auction.order"
        if self.phase is BURYING:
            return "bury.two-cards"
        if self.phase is CALLING:
            return "call.partner-or-alone"
        if self._trick_cards:
            return "play.clockwise-one-card"
        return "play.first-lead" if not self._tricks else "play.winner-leads"

    # ------------------------------------------------------------------ applying actions

    def apply(self, action: Action) -> Action:
        """Verify, then apply the action; return it (it is also appended to :attr:`actions`).

        :raises IllegalActionError: the action breaks a rule; the hand is unchanged.
        """
        if action is not self._drawn:
            self.verify(action)
        return self.apply_legal(action)

    def apply_legal(self, action: Action) -> Action:
        """Apply an action taken from :meth:`legal_actions` in this very position, without
        verifying it again (a simulation's fast path; anything else goes through :meth:`apply`)."""
        self._drawn = None
        kind = action.kind
        if kind is PLAY:
            self.push_play_unchecked(action.cards[0])
        elif kind is PICK:
            self._pick()
        elif kind is PASS:
            self._pass()
        elif kind is BURY:
            self._bury(mask_of(action.cards))
        elif kind in WINDOW_KINDS:
            self._raise(action)
        elif kind is REVOKE:
            card = action.cards[0]
            if self.revoke is None:  # only the first revoke of a hand counts
                self.revoke = action
            self.actions.append(action)
            self.push_play_unchecked(card)
            return action
        elif kind is CLAIM:
            self.actions.append(action)
            self._score_revoke()
            return action
        else:
            self._set_call(action.cards[0] if kind is CALL else None, action.under)
        self.actions.append(action)
        return action


_PHASE_KINDS = {
    AUCTION: (PICK, PASS),
    BURYING: (BURY,),
    CALLING: (CALL, ALONE),
    PLAYING: (PLAY,),
}
_PHASE_RULES = {
    AUCTION: "auction.pick-or-pass",
    BURYING: "bury.two-cards",
    CALLING: "call.partner-or-alone",
    PLAYING: "play.clockwise-one-card",
}
_WRONG_PHASE_RULES = {
    (PLAYING, ALONE): "alone.declare",
    (PLAYING, CALL): "call.partner-or-alone",
    (PLAYING, PICK): "auction.first-pick-ends",
    (PLAYING, PASS): "auction.first-pick-ends",
    (BURYING, PICK): "auction.first-pick-ends",
    (BURYING, PASS): "auction.first-pick-ends",
    (CALLING, PICK): "auction.first-pick-ends",
    (CALLING, PASS): "auction.first-pick-ends",
    (BURYING, CALL): "bury.before-call",
    (BURYING, ALONE): "bury.before-call",
    (CALLING, BURY): "bury.before-call",
}
