"""The picker's call and bury: the partner's card (or alone) and the two buried cards.

Their order is the profile's ``call-timing``; under ``call-then-bury`` the bury must keep a
card of the called suit (``play.hold-card-kept``).
"""

from __future__ import annotations

from reference_impl.actions import SEATS, Action, ActionKind, new_action
from reference_impl.cards import Card, CardMask, cards_of, mask_of
from reference_impl.rules import FAIL_SUITS, SUIT_MASKS, SUIT_NAMES
from reference_impl.state import BURYING, CALLING, HandState
from reference_impl.tricks import ace_kept

__all__ = ["CallAndBury"]

_BIT = tuple(1 << card for card in range(32))
_FAIL_ACES = ((Card.AC, 0), (Card.AS, 1), (Card.AH, 2))
"""The fail aces with their suit indexes."""
_FAIL_TENS = ((Card.TC, 0), (Card.TS, 1), (Card.TH, 2))
_AC, _AS, _AH = Card.AC, Card.AS, Card.AH  # bound once: an enum member read off its class is slow
_BIT_AC, _BIT_AS, _BIT_AH = _BIT[_AC], _BIT[_AS], _BIT[_AH]
_FAIL_ACES_MASK = _BIT_AC | _BIT_AS | _BIT_AH
_SUIT_BELOW_ACE = tuple(SUIT_MASKS[suit] & ~_BIT[ace] for ace, suit in _FAIL_ACES)
"""Per fail suit, its cards other than the ace."""
_ACE, _TEN = 0, 1  # rank indexes (cards.RANKS)


class CallAndBury(HandState):
    """The call and the bury: their legal choices, their checks and applying them."""

    __slots__ = ()

    @property
    def called_suit(self) -> int | None:
        """The suit of the called card (0 clubs, 1 spades, 2 hearts), once a card is called."""
        return self._called_suit if self._called_suit >= 0 else None

    def _legal_burials(self) -> list[Action]:
        seat = self._turn
        cards = list(cards_of(self._hands[seat - 1]))
        keep = self._bury_must_keep()
        bury, new = ActionKind.BURY, new_action
        return [
            new((bury, seat, (a, b), None))
            for i, a in enumerate(cards)
            for b in cards[i + 1 :]
            if not keep or (keep & ~(_BIT[a] | _BIT[b]))
        ]

    def _bury_must_keep(self) -> CardMask:
        """Under call-then-bury, the cards of which at least one must stay in hand."""
        if self._called_suit < 0:
            return 0
        if self.under is not None:
            return 1 << self.under
        ace = self._ace_hold
        if ace >= 0:
            return 1 << ace
        ace = self._ten_ace_in_hand()
        if ace >= 0:  # the ace it was called by stays in hand: it holds the suit too
            return 1 << ace
        return self._hands[self._turn - 1] & self._suit_masks[self._called_suit]

    def _ten_ace_in_hand(self) -> int:
        """Under ``ten-call-ace: in-hand``, after a ten call, the ace of the ten's suit, which must
        stay in the picker's hand (``call.ten-when-all-aces``); -1 otherwise."""
        called = self.called
        if called is None or self.under is not None or called & 7 != _TEN or self.profile.ten_call_ace != "in-hand":
            return -1
        return int(called) & ~7

    def _own_cards(self) -> CardMask:
        """The picker's eight cards: hand plus bury."""
        return self._hands[self._turn - 1] | self.buried

    def call_options(self) -> tuple[list[Card], list[Card]]:
        """The cards the picker may call, and the under-call aces (when no card is callable): rules
        ``call.ace-of-held-fail-suit``, ``call.ten-when-all-aces``, ``call.under-card``."""
        hand = self._hands[self._turn - 1]
        own = self._own_cards()
        if own & _FAIL_ACES_MASK == _FAIL_ACES_MASK:  # call.ten-when-all-aces
            # the ten's own ace not buried (it is also the hold card under ten-call-hold the-ace)
            in_hand = self.profile.ten_call_ace == "in-hand" or self.profile.ten_call_hold == "the-ace"
            callable_cards = [
                ten
                for (ten, suit), (ace, _) in zip(_FAIL_TENS, _FAIL_ACES)
                if hand & SUIT_MASKS[suit] and not own & _BIT[ten] and (not in_hand or hand & _BIT[ace])
            ]
        else:  # call.ace-of-held-fail-suit: a non-ace card of the suit in hand, the ace not held
            callable_cards = []  # the three suits unrolled: this runs once in every hand with a picker
            if not own & _BIT_AC and hand & _SUIT_BELOW_ACE[0]:
                callable_cards.append(_AC)
            if not own & _BIT_AS and hand & _SUIT_BELOW_ACE[1]:
                callable_cards.append(_AS)
            if not own & _BIT_AH and hand & _SUIT_BELOW_ACE[2]:
                callable_cards.append(_AH)
        if callable_cards or self.profile.no_callable_suit != "under":
            return callable_cards, []
        # call.under-card: aces of suits the picker is void in and does not hold
        return [], [ace for ace, suit in _FAIL_ACES if not own & _BIT[ace] and not hand & SUIT_MASKS[suit]]

    def _legal_calls(self) -> list[Action]:
        seat = self._turn
        callable_cards, under_aces = self.call_options()
        calls = [Action.call(seat, card) for card in callable_cards]
        for ace in under_aces:
            calls += [Action.call(seat, ace, under) for under in cards_of(self._hands[seat - 1])]
        return calls

    def verify_bury(self, action: Action) -> None:
        """Check a bury (rules ``bury.two-cards``, ``bury.cards-from-hand``, ``play.hold-card-kept``).

        :raises IllegalActionError: it breaks one of them.
        """
        cards = action.cards
        if len(cards) != 2:
            raise self._illegal(action, "bury.two-cards", f"the picker buries exactly two cards, not {len(cards)}")
        hand = self._hands[self._turn - 1]
        if cards[0] == cards[1]:
            raise self._illegal(action, "bury.cards-from-hand", "the two buried cards must differ")
        for card in cards:
            if not hand >> card & 1:
                raise self._illegal(action, "bury.cards-from-hand", f"{card} is not in the picker's hand")
        keep = self._bury_must_keep()
        if keep and not keep & ~mask_of(cards):
            left = hand & ~mask_of(cards) & self._suit_masks[self._called_suit]
            ace = self._ten_ace_in_hand()
            if self._ace_hold < 0 and ace >= 0:
                if not left:  # the suit's last card goes too: the rule of every option comes first
                    raise self._illegal(
                        action,
                        "play.hold-card-kept",
                        "the bury would leave no card of the called suit",
                        also=("call.ten-when-all-aces",),
                    )
                raise self._illegal(
                    action,
                    "call.ten-when-all-aces",
                    f"a ten is called by its ace in hand: {Card(ace)} may not be buried (ten-call-ace in-hand)",
                )
            if self._ace_hold < 0:
                raise self._illegal(action, "play.hold-card-kept", "the bury would leave no card of the called suit")
            ace_rule = ace_kept(self._ace_hold)
            if left:
                raise self._illegal(action, *ace_rule)
            raise self._illegal(
                action, "play.hold-card-kept", "the bury would leave no card of the called suit", also=(ace_rule[0],)
            )

    def _verify_call(self, action: Action) -> None:
        card = action.cards[0]
        own = self._own_cards()
        hand = self._hands[self._turn - 1]
        callable_cards, under_aces = self.call_options()
        if action.under is None:
            if card in callable_cards:
                return
            rank, suit = card & 7, card >> 3
            if rank not in (_ACE, _TEN):
                raise self._illegal(action, "call.partner-or-alone", f"{card} is neither an ace nor a ten")
            if suit not in FAIL_SUITS:
                rule = "call.ace-of-held-fail-suit" if rank == _ACE else "call.ten-when-all-aces"
                raise self._illegal(action, rule, f"{card} is a trump, not a card of a fail suit")
            if own >> card & 1:
                raise self._illegal(action, "call.not-own-card", f"the picker holds or buried {card}")
            if rank == _TEN:
                raise self._illegal(
                    action,
                    "call.ten-when-all-aces",
                    "a ten may be called only when holding all three fail aces, with a card of its suit",
                )
            if all(own >> (s * 8 + _ACE) & 1 for s in FAIL_SUITS):
                raise self._illegal(
                    action, "call.ten-when-all-aces", "holding all three fail aces, the picker calls a ten"
                )
            raise self._illegal(
                action, "call.ace-of-held-fail-suit", f"the picker holds no {SUIT_NAMES[suit]} other than the ace"
            )
        if self.profile.no_callable_suit != "under" or callable_cards:
            raise self._illegal(
                action,
                "call.no-callable-suit",
                "an under call is allowed only to a picker with no legal call, under the `under` option",
            )
        if card not in under_aces:
            raise self._illegal(
                action, "call.under-card", f"{card} is not an ace of a suit the picker is void in and does not hold"
            )
        if not hand >> action.under & 1:
            raise self._illegal(action, "call.under-card", f"the under card {action.under} is not in the picker's hand")

    def _bury(self, cards: CardMask) -> None:
        self.buried = cards
        self._hands[self._turn - 1] &= ~cards
        if self.profile.call_timing == "bury-then-call":
            self.phase = CALLING
        else:
            self._start_play()

    def _set_call(self, card: Card | None, under: Card | None) -> None:
        if card is None:
            self.alone = True
        else:
            self.called = card
            self.under = under
            bit = _BIT[card]
            self.partner = next(seat for seat in SEATS if self._hands[seat - 1] & bit)
            self._called_suit = card >> 3
            self._set_tables(card, under)
        if self.profile.call_timing == "bury-then-call":
            self._start_play()
        else:
            self.phase = BURYING
