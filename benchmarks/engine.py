"""Benchmark: random complete hands per second on one core, per profile.

Each hand: a seeded shuffle, then a uniformly random legal choice at every decision (pick or
pass, bury, call, every play), through scoring. Prints one line per profile:
``<profile>: <N> hands/s``. Run: ``python benchmarks/engine.py [--seconds S] [--profile P ...]``.
"""

from __future__ import annotations

import argparse
import random
import time

from reference_impl.hand import Hand, Phase
from reference_impl.profile import Profile

STRICTEST = "translated-article"
"""The profile with the most checks on play: must-trump, the picker's lead restriction."""


def play_random_hand(profile: Profile, rng: random.Random, deck: list[int]) -> Hand:
    """Deal a shuffled pack and play it out with random legal choices."""
    rng.shuffle(deck)
    hand = Hand.from_deck(profile, rng.randint(1, 5), deck)
    random_float = rng.random
    while hand.phase is not Phase.PLAY:
        if hand.phase is Phase.SCORED:
            return hand
        actions = hand.legal_actions()
        hand.apply(actions[int(random_float() * len(actions))])
    legal_play_mask, push = hand.legal_play_mask, hand.push_play_unchecked
    for _ in range(30):
        mask = legal_play_mask()
        for _ in range(int(random_float() * mask.bit_count())):
            mask &= mask - 1
        push((mask & -mask).bit_length() - 1)
    return hand


def hands_per_second(profile: Profile, seconds: float, seed: int = 2026) -> float:
    rng = random.Random(seed)
    deck = list(range(32))
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(200):
            play_random_hand(profile, rng, deck)
        count += 200
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per profile (default 3)")
    parser.add_argument("--profile", action="append", help="profile name (default: standard and the strictest)")
    args = parser.parse_args()
    for name in args.profile or ["standard", STRICTEST]:
        rate = hands_per_second(Profile.named(name), args.seconds)
        print(f"{name}: {rate:,.0f} hands/s".replace(",", ""))


if __name__ == "__main__":
    main()
