"""The fuzzer's random decisions as a sequence of whole numbers, so that a game can be replayed
and shrunk.

Every random decision of a fuzzed game (the deal, the configuration, who picks, which action,
whether to probe an illegal one) is one draw from a :class:`Choices`. While fuzzing, the draws
come from a seeded generator and are recorded; while shrinking (:mod:`conformance.fuzz.shrink`),
a changed record is replayed, and draws past its end are 0. Every draw is written so that 0 is
the plain choice: the first option, no probe, no going alone. Smaller records therefore replay
as simpler games, which is how Hypothesis shrinks too (its "choice sequence"), in a few lines
and with a record this module can start from.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

__all__ = ["Choices"]

T = TypeVar("T")

_CHANCE_STEPS = 1000
"""A chance is one draw below this: 0 means no, the top ``p * 1000`` values mean yes."""


class Choices:
    """A source of random decisions that records what it gives out.

    :param seed: draw from a generator seeded by this (fuzzing).
    :param replay: give out these values instead, then zeros (shrinking); each is reduced into
        the range of its draw, and :attr:`drawn` records the values as used.
    """

    __slots__ = ("_random", "_replay", "drawn")

    def __init__(self, seed: str | None = None, replay: Sequence[int] | None = None) -> None:
        self._random = random.Random(seed) if replay is None else None
        self._replay = replay
        self.drawn: list[int] = []

    def below(self, n: int) -> int:
        """A whole number from 0 to ``n - 1``."""
        if n <= 1:
            return 0
        if self._random is not None:
            value = int(self._random.random() * n)  # randrange's exactness costs 3 times as much
        else:
            assert self._replay is not None
            index = len(self.drawn)
            value = self._replay[index] % n if index < len(self._replay) else 0
        self.drawn.append(value)
        return value

    def chance(self, p: float) -> bool:
        """Yes with probability ``p`` (a zero draw is no)."""
        return self.below(_CHANCE_STEPS) >= _CHANCE_STEPS - round(p * _CHANCE_STEPS)

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items`` (a zero draw is the first)."""
        return items[self.below(len(items))]

    def between(self, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high`` inclusive (a zero draw is ``low``)."""
        return low + self.below(high - low + 1)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
