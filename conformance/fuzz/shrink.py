"""Shrinking a divergent game to a shorter one with the same root cause.

A fuzzed game is a function of its draws (:class:`~conformance.fuzz.choices.Choices`). The
shrinker edits the draws, replays the game, and keeps an edit when the game still diverges with
the same class (what differs and the rules blamed) and is smaller: first a divergence after
fewer actions, then fewer draws, then smaller ones (plainer choices). The edits are Hypothesis's
classic passes over a choice sequence: cut the tail, delete a block, zero a block, lower a value.

Why not Hypothesis itself: its shrinker starts from failures it generated (or replays from its
own database), and its public API cannot be handed a game the fuzzer found to shrink (an
``@example`` is replayed, never shrunk). Finding a rare divergence again by Hypothesis's own
generation would cost far more replays than these passes need.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from conformance.fuzz.driver import HandPlay
from conformance.fuzz.sessions import SessionPlay

__all__ = ["Shrunk", "game_size", "shrink"]

Game = HandPlay | SessionPlay
Replay = Callable[[Sequence[int]], tuple[Game, list[int]]]
"""Play the game from these draws: the game and the draws it used."""


def game_size(game: Game) -> int:
    """How much a record of the game replays: the actions up to its divergence (a session:
    every hand's actions, and ten for each hand, so that fewer hands come first)."""
    if isinstance(game, SessionPlay):
        return sum(10 + len(actions) for _, actions in game.hands)
    divergence = game.divergence
    return (
        len(game.actions)
        if divergence is None
        else min(divergence.at, len(game.actions)) + (divergence.action is not None)
    )


@dataclass
class Shrunk:
    """The smallest game found, and what it took."""

    game: Game
    draws: list[int]
    tries: int
    size_before: int

    @property
    def size(self) -> int:
        return game_size(self.game)


def shrink(game: Game, draws: Sequence[int], replay: Replay, *, tries: int = 400, seconds: float = 2.0) -> Shrunk:
    """Shrink a divergent game within a budget of replays and seconds.

    :param game: the game as found (its divergence set).
    :param draws: the draws it was played from.
    :param replay: plays a game from draws (the engine's and the reference's state are reset by
        each hand's start).
    """
    assert game.divergence is not None
    signature = game.divergence.signature
    best = Shrunk(game, list(draws), 0, game_size(game))
    best_key = (best.size, len(best.draws), best.draws)
    deadline = time.perf_counter() + seconds

    def attempt(candidate: list[int]) -> bool:
        nonlocal best_key
        if best.tries >= tries or time.perf_counter() > deadline:
            raise _OutOfBudget
        best.tries += 1
        played, used = replay(candidate)
        if played.divergence is None or played.divergence.signature != signature:
            return False
        key = (game_size(played), len(used), used)
        if key >= best_key:
            return False
        best.game, best.draws, best_key = played, used, key
        return True

    try:
        improved = True
        while improved:
            improved = (
                _cut_tail(best, attempt) | _each_block(best, attempt, _deleted) | _each_block(best, attempt, _zeroed)
            )
            improved |= _lower_values(best, attempt)
    except _OutOfBudget:
        pass
    return best


class _OutOfBudget(Exception):
    pass


def _cut_tail(best: Shrunk, attempt: Callable[[list[int]], bool]) -> bool:
    improved = False
    for fraction in (4, 2):
        cut = len(best.draws) - len(best.draws) // fraction
        if 0 < cut < len(best.draws) and attempt(best.draws[:cut]):
            improved = True
    return improved


def _deleted(draws: list[int], start: int, size: int) -> list[int]:
    return draws[:start] + draws[start + size :]


def _zeroed(draws: list[int], start: int, size: int) -> list[int] | None:
    block = draws[start : start + size]
    return None if not any(block) else draws[:start] + [0] * len(block) + draws[start + size :]


def _each_block(
    best: Shrunk, attempt: Callable[[list[int]], bool], edit: Callable[[list[int], int, int], list[int] | None]
) -> bool:
    """Apply ``edit`` to each block of 8, 4, 2, then 1 draws, from the end (where the draws of
    the last decisions are), keeping every edit that shrinks the game."""
    improved = False
    for size in (8, 4, 2, 1):
        start = len(best.draws) - size
        while start >= 0:
            candidate = edit(best.draws, start, size)
            if candidate is not None and attempt(candidate):
                improved = True
                start = min(start, len(best.draws) - size)
            else:
                start -= size if size > 1 else 1
    return improved


def _lower_values(best: Shrunk, attempt: Callable[[list[int]], bool]) -> bool:
    improved = False
    index = len(best.draws) - 1
    while index >= 0:
        if index < len(best.draws) and best.draws[index] > 0:
            value = best.draws[index]
            for lower in sorted({0, value // 2, value - 1}):
                candidate = best.draws[:]
                candidate[index] = lower
                if attempt(candidate):
                    improved = True
                    break
        index -= 1
    return improved
