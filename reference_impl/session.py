"""A session: hands in sequence, the deal rotating, doublers carried over, cumulative scores.

>>> from reference_impl.profile import Profile
>>> session = Session(Profile.named("doubler"), first_dealer=5)
>>> session.dealer, session.next_stakes
(5, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from reference_impl.errors import IllegalActionError
from reference_impl.hand import Hand, Phase, left_of, seat_name
from reference_impl.profile import Profile
from reference_impl.scoring import OutcomeKind

__all__ = ["Session"]


class Session:
    """Cumulative, zero-sum scores over hands (rules ``session.*``, ``all-pass.doubler-stacking``)."""

    def __init__(self, profile: Profile, first_dealer: int) -> None:
        """Start a session; any seat may deal first (``session.first-dealer``)."""
        self.profile = profile
        self.dealer = first_dealer
        """The seat that deals the next hand."""
        self.totals = [0, 0, 0, 0, 0]
        """Running score per seat S1..S5."""
        self.hands: list[Hand] = []
        """Every finished hand, in order."""
        self._doubled_hands = 0  # hands still to be played at double stakes

    @property
    def next_stakes(self) -> int:
        """The doubler multiplier the next hand is played for."""
        return 2 if self._doubled_hands else 1

    def verify_dealer(self, dealer: int) -> None:
        """Raise unless ``dealer`` is the seat due to deal (``session.deal-rotates-left``)."""
        if dealer != self.dealer:
            raise IllegalActionError(
                f"{seat_name(dealer)} deals, but the deal is {seat_name(self.dealer)}'s "
                f"(rule session.deal-rotates-left)",
                rule_id="session.deal-rotates-left",
                seat=dealer,
                action=f"{seat_name(dealer)} deal",
            )

    def new_hand(self, dealer: int, hands: Sequence[int], blind: int) -> Hand:
        """A hand dealt by ``dealer`` at this session's stakes.

        :raises IllegalActionError: ``dealer`` is not the seat due to deal.
        """
        self.verify_dealer(dealer)
        return Hand(self.profile, dealer, hands, blind, stakes=self.next_stakes)

    def finish_hand(self, hand: Hand) -> None:
        """Add a scored hand to the totals and move the deal on."""
        outcome = hand.outcome
        if hand.phase is not Phase.SCORED or outcome is None:
            raise ValueError("only a scored hand can be added to a session")
        for i, change in enumerate(outcome.scores):
            self.totals[i] += change
        self.hands.append(hand)
        kind = outcome.kind
        if kind is OutcomeKind.DOUBLER:
            if self.profile.doubler_stacking == "queue":
                self._doubled_hands += 1
            else:
                self._doubled_hands = 1
        elif kind is not OutcomeKind.REDEAL and hand.stakes > 1 and not self._dealt_again(hand):
            self._doubled_hands -= 1
        thrown_in = kind in (OutcomeKind.DOUBLER, OutcomeKind.REDEAL)
        if self._dealt_again(hand):
            return  # the same dealer deals the compromised hand again (procedure.revoke-penalty)
        if not (thrown_in and self.profile.all_pass_dealer == "same-dealer"):
            self.dealer = left_of(hand.dealer)

    def _dealt_again(self, hand: Hand) -> bool:
        """Whether a claimed revoke made the hand compromised under ``revoke-penalty: redeal``."""
        outcome = hand.outcome
        return outcome is not None and outcome.kind is OutcomeKind.REVOKE and self.profile.revoke_penalty == "redeal"
