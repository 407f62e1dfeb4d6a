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
    random_float = rng.random
    for i in range(31, 0, -1):  # Fisher-Yates, as random.shuffle, with float draws (faster)
        j = int(random_float() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    hand = Hand.from_deck(profile, int(random_float() * 5) + 1, deck)
    while hand.phase is not Phase.PLAY:
        if hand.phase is Phase.SCORED:  # a redeal or doubler
            return hand
        hand.apply(hand.random_action(random_float))
    play_random = hand.play_random
    for _ in range(30):
        play_random(random_float)
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
