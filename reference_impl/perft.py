"""Perft: counting legal action sequences, to pin down action generation (as chess engines do).

``perft(hand, depth)`` is the number of distinct sequences of exactly ``depth`` legal actions
from the hand's current position; a sequence cut short because the hand is scored is not
counted. :func:`divide` splits the count by first action, which points straight at a faulty
branch when a count disagrees.
"""

from __future__ import annotations

from reference_impl.hand import Hand, Phase

__all__ = ["divide", "perft"]


def perft(hand: Hand, depth: int) -> int:
    """The number of legal action sequences of length ``depth`` from ``hand`` (not modified)."""
    if depth == 0:
        return 1
    if hand.phase is Phase.SCORED:
        return 0
    total = 0
    if hand.phase is Phase.PLAY:
        for action in hand.window_actions():  # cracks and blitzes before the first card (area crack)
            child = hand.copy()
            child.apply(action)
            total += perft(child, depth - 1)
        mask = hand.legal_play_mask()
        if depth == 1:
            return total + mask.bit_count()
        while mask:
            low = mask & -mask
            mask ^= low
            child = hand.copy()
            child.push_play_unchecked(low.bit_length() - 1)
            total += perft(child, depth - 1)
        return total
    for action in hand.legal_actions():
        child = hand.copy()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def divide(hand: Hand, depth: int) -> dict[str, int]:
    """``{first action: perft of the rest}`` for ``depth >= 1``."""
    counts: dict[str, int] = {}
    for action in hand.legal_actions():
        child = hand.copy()
        child.apply(action)
        counts[str(action)] = perft(child, depth - 1)
    return counts
