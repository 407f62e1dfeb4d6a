"""The candidate actions of a moment, for an engine that cannot list its legal actions.

:class:`~conformance.kit.steps.StepAdapter` tries each candidate on a copy of the hand (the
engine's ``snapshot``/``restore``, or a fresh replay from the deal) and lists the ones the engine
accepts. The candidates are worked out from the deal and the actions accepted so far, never from
the rules: every action the seat to act could possibly make in the phase the actions have reached
(a superset of the legal ones), so that the engine alone decides which are legal.

>>> from conformance.adapter import Deal
>>> deal = Deal("S5", {f"S{i}": tuple(c + s for c in "AT7" for s in "CS")[:6] for i in range(1, 6)}, ("9H", "8H"))
>>> candidates(deal, (), "S1", {})
['S1 pick', 'S1 pass']
>>> len(candidates(deal, ("S1 pick",), "S1", {}))  # 28 burials, 6 calls, 48 under calls, alone
83
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from conformance.adapter import Deal
from conformance.kit.translate import SEATS, action_text

__all__ = ["CALLABLE", "candidates"]

CALLABLE = ("AC", "AS", "AH", "TC", "TS", "TH")
"""The cards a picker may ever call: the fail aces, and the fail tens (``call.ten-when-all-aces``)."""


def candidates(
    deal: Deal, actions: Sequence[str], seat: str, options: Mapping[str, str], *, procedure: bool = False
) -> list[str]:
    """Every action ``seat`` (the seat to act) might make after ``actions``, by phase:

    - the auction (nobody has picked, fewer than five passes): pick, pass;
    - the picker after the pick, until it has buried and called: every pair of its eight cards
      to bury, every call of a fail ace or ten (plain and with each held card as the under card),
      alone; under blitzing ``at-the-pick`` and cracking on, each seat's blitzes too;
    - otherwise, the play: each card ``seat`` holds; with cracking on, before the first card, each
      seat's crack, re-crack and blitzes; once a revoke stands (``procedure``), each seat's claim.
    """
    held = {s: list(deal.hands[s]) for s in SEATS}
    picker: str | None = None
    passes = plays = 0
    buried = called = revoked = False
    for action in actions:
        words = action.split()
        who, verb, rest = words[0], words[1], words[2:]
        if verb == "pick":
            picker = who
            held[who] += deal.blind
        elif verb == "pass":
            passes += 1
        elif verb == "bury":
            buried = True
            held[who] = [card for card in held[who] if card not in rest]
        elif verb in ("call", "alone"):
            called = True
        elif verb in ("play", "revoke") and rest:
            plays += 1
            revoked = revoked or verb == "revoke"
            held[who] = [card for card in held[who] if card != rest[0]]
    if picker is None and passes < 5:
        return [f"{seat} pick", f"{seat} pass"]
    if picker == seat and not (buried and called):
        found: list[str] = []
        if not buried:
            found += [action_text(seat, "bury", pair) for pair in itertools.combinations(held[seat], 2)]
        if not called:
            found += [f"{seat} call {card}" for card in CALLABLE]
            found += [f"{seat} call {card} under {under}" for card in CALLABLE for under in held[seat]]
            found.append(f"{seat} alone")
        if options.get("blitzing") == "at-the-pick" and options.get("cracking", "off") != "off":
            found += [f"{other} blitz {colour}" for other in SEATS for colour in ("black", "red")]
        return found
    found = [f"{seat} play {card}" for card in held[seat]]
    if picker is not None and plays == 0 and options.get("cracking", "off") != "off":
        for other in SEATS:
            found += [f"{other} crack", f"{other} recrack"]
            if options.get("blitzing", "off") != "off":
                found += [f"{other} blitz black", f"{other} blitz red"]
    if procedure and revoked:
        found += [f"{other} claim" for other in SEATS]
    return found
