"""The window between the call and the first card: cracks, re-cracks and blitzes (area ``crack``).

They are not turns: any eligible seat may make one, and the seat to act stays where it was.
Each doubles the hand's scores (``crack.doubles``). Under the blitzing option ``at-the-pick`` a
blitz's window opens earlier, when the blind is picked up, and needs no crack (``crack.blitz``).
"""

from __future__ import annotations

from reference_impl.actions import BLITZ_PAIRS, SEATS, Action, ActionKind, seat_name
from reference_impl.cards import format_cards, mask_of
from reference_impl.state import BURYING, CALLING, PLAYING, HandState

__all__ = ["CrackWindow"]


class CrackWindow(HandState):
    """Who may crack, re-crack or blitz, and when; their checks and applying them."""

    __slots__ = ()

    def window_open(self) -> bool:
        """Whether the window for cracks and blitzes is open: a picker's hand whose call and bury
        are made and whose first card is not yet played (rule ``crack.window``)."""
        return self.phase is PLAYING and not self._leaster and not self._tricks and not self._trick_cards

    def window_actions(self) -> list[Action]:
        """The cracks, re-cracks and blitzes legal now, seat by seat (empty when cracking is off
        or the window is closed). Any eligible seat may make them: they are not turns."""
        if self.profile.cracking == "off":
            return []
        found: list[Action] = []
        if self.window_open():
            if self.cracker is None:
                found += [Action.crack(seat) for seat in self.crack_seats()]
            elif self.recracker is None:
                found += [Action.recrack(seat) for seat in self.recrack_seats()]
        if self.profile.blitzing != "off" and self.blitz_open():
            for colour, pair in BLITZ_PAIRS.items():
                queens = mask_of(pair)
                holder = next((s for s in SEATS if self._hands[s - 1] & queens == queens), None)
                if holder is not None and not self.blitzes & queens:
                    found.append(Action.blitz(holder, colour))
        return sorted(found, key=lambda action: action.seat)

    def seats_after_picker(self) -> list[int]:
        """The seats after the picker in the picking order, up to the dealer: never offered the blind."""
        picker = self.picker
        return [] if picker is None else [(picker + k - 1) % 5 + 1 for k in range(1, (self.dealer - picker) % 5 + 1)]

    def crack_seats(self) -> list[int]:
        """The seats that may crack: defenders seated after the picker in the picking order, who
        were never offered the blind (rule ``crack.who``)."""
        return [seat for seat in self.seats_after_picker() if seat != self.partner]

    def recrack_seats(self) -> list[int]:
        """The seats that may re-crack once a defender has cracked: the picker and the partner
        (rule ``crack.recrack``)."""
        return [seat for seat in (self.picker, self.partner) if seat is not None]

    def blitz_open(self) -> bool:
        """Whether a blitz may be made now (rule ``crack.blitz``): under ``queens`` after a crack,
        in the window; under ``at-the-pick`` from the pick (the bury and the call) to the first
        card, crack or none."""
        if self.profile.blitzing == "at-the-pick":
            return self.phase is BURYING or self.phase is CALLING or self.window_open()
        return self.cracker is not None and self.window_open()

    def _shut_because(self, before: str) -> str:
        """Why the window is shut now: a leaster, the first card played, or ``before`` (it is not
        open yet)."""
        if self._leaster:
            return "a leaster has no picker"
        return "the first card is played" if self._tricks or self._trick_cards else before

    def _verify_window(self, action: Action) -> None:
        """Check a crack, re-crack or blitz (area ``crack``): the table plays it, the window is
        open, and the seat may make it. Not a turn: any eligible seat may act in the window."""
        kind, seat = action.kind, action.seat
        profile = self.profile
        if profile.cracking == "off" or (kind is ActionKind.BLITZ and profile.blitzing == "off"):
            axis = "blitzing" if profile.cracking != "off" else "cracking"
            raise self._illegal(action, "crack.table-choice", f"this table does not play {kind.value}s ({axis}: off)")
        if kind is ActionKind.BLITZ and profile.blitzing == "at-the-pick":
            if not self.blitz_open():
                why = self._shut_because("nobody has picked yet")
                raise self._illegal(
                    action, "crack.window", f"a blitz is made between the pick and the first card: {why}"
                )
        elif not self.window_open():
            when = self._shut_because("the call and the bury come first")
            raise self._illegal(
                action, "crack.window", f"a {kind.value} is made between the call and the first card: {when}"
            )
        if kind is ActionKind.CRACK:
            if self.cracker is not None:
                raise self._illegal(
                    action, "crack.who", f"{seat_name(self.cracker)} has already cracked: one crack a hand"
                )
            if seat not in self.crack_seats():
                who = (
                    "the picker"
                    if seat == self.picker
                    else "the partner"
                    if seat == self.partner
                    else "a seat that passed"
                )
                raise self._illegal(
                    action, "crack.who", f"{who} may not crack: only a defender seated after the picker"
                )
            return
        if kind is ActionKind.RECRACK:
            if self.cracker is None:
                raise self._illegal(action, "crack.recrack", "there is no crack to answer")
            if self.recracker is not None:
                raise self._illegal(action, "crack.recrack", f"{seat_name(self.recracker)} has already re-cracked")
            if seat not in self.recrack_seats():
                raise self._illegal(action, "crack.recrack", "only the picker or the partner may re-crack")
            return
        queens = mask_of(action.cards)
        if not self.blitz_open():  # under queens; at-the-pick's window was checked above
            raise self._illegal(action, "crack.blitz", "a blitz comes only after a crack")
        if self._hands[seat - 1] & queens != queens:
            raise self._illegal(action, "crack.blitz", f"{seat_name(seat)} does not hold {format_cards(action.cards)}")
        if self.blitzes & queens:
            raise self._illegal(action, "crack.blitz", f"{format_cards(action.cards)} have already been shown")

    def _raise(self, action: Action) -> None:
        self.raises.append(action)
        if action.kind is ActionKind.CRACK:
            self.cracker = action.seat
        elif action.kind is ActionKind.RECRACK:
            self.recracker = action.seat
        else:
            self.blitzes |= mask_of(action.cards)
