"""The auction: each seat in turn, from the dealer's left, picks up the blind or passes.

The first pick ends it (``auction.first-pick-ends``); after five passes the profile's
``all-pass`` option decides: a leaster is played, or the hand ends unplayed.
"""

from __future__ import annotations

from reference_impl.actions import left_of
from reference_impl.state import BURYING, CALLING, HandState

__all__ = ["AuctionPhase"]


class AuctionPhase(HandState):
    """Picking and passing, and the rule hooks of the auction."""

    __slots__ = ()

    def first_bidder(self) -> int:
        """The seat first offered the blind: the dealer's left (rule ``auction.order``)."""
        return left_of(self.dealer)

    def all_pass_option(self) -> str:
        """What happens when all five pass: the profile's ``all-pass`` option (rule ``all-pass.*``)."""
        return self.profile.all_pass

    def _pick(self) -> None:
        seat = self._turn
        self.picker = seat
        self._hands[seat - 1] |= self.blind
        self.phase = BURYING if self.profile.call_timing == "bury-then-call" else CALLING

    def _pass(self) -> None:
        self._passes += 1
        if self._passes < 5:
            self._turn = left_of(self._turn)
            return
        option = self.all_pass_option()
        if option == "leaster":
            self._leaster = True
            self._start_play()
        else:
            self._score_all_passed(option)
