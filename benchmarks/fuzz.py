"""Print the fuzzer's speed per engine path, and check that the reference against itself is quiet.

    python benchmarks/fuzz.py [--hands N]

First the engine alone: the reference playing random hands by itself (``benchmarks/engine.py``),
and the two-engine limit, half of it (a fuzzed hand is played by the engine and by the reference).
Then each engine path beside that limit, as a share: an in-process step engine (the reference hand
driven by its steps), the in-process reference adapter (its protocol step messages, no process),
and the reference engine as a subprocess (``python -m reference_impl``); then ``fuzz --jobs 1``
and ``--jobs 2`` as whole commands (worker processes included), and their ratio. The last line
runs N hands per named profile over the subprocess protocol and counts divergences, which must be
none.
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from sheepshead_spec import load_spec

from conformance.adapter import Adapter
from conformance.engines.loading import load_engine
from conformance.engines.reference import ReferenceAdapter, ReferenceSteps
from conformance.fuzz.run import fuzz
from conformance.kit import StepAdapter
from reference_impl.profile import Profile

sys.path.insert(0, str(Path(__file__).resolve().parent))
from engine import play_random_hand  # noqa: E402  (benchmarks/engine.py: the engine alone)


def engine_alone(hands: int) -> float:
    """Random hands per second of the reference engine alone, standard profile."""
    profile, rng, deck = Profile.named("standard"), random.Random(2026), list(range(32))
    started = time.perf_counter()
    for _ in range(hands):
        play_random_hand(profile, rng, deck)
    return hands / (time.perf_counter() - started)


def jobs_rate(jobs: int, hands: int) -> float:
    """Hands per second of ``fuzz --jobs N`` against the in-process reference, as a whole command."""
    argv = [sys.executable, "-m", "conformance.cli", "fuzz", "--engine", "reference", "--hands", str(hands)]
    argv += ["--jobs", str(jobs), "--seed", "bench", "--format", "json", "--quiet"]
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise SystemExit(f"fuzz --jobs {jobs} failed ({done.returncode}): {done.stderr.strip()[-400:]}")
    return int(json.loads(done.stdout)["hands"]) / wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per measurement and per profile (default 2000)")
    args = parser.parse_args()
    spec = load_spec()
    subprocess_engine = f"cmd:{shlex.join([sys.executable, '-m', 'reference_impl'])}"
    paths: list[tuple[str, Callable[[], Adapter]]] = [
        ("in-process step engine", lambda: StepAdapter(ReferenceSteps(), check_turn=False)),
        ("in-process adapter", ReferenceAdapter),
        ("subprocess", lambda: load_engine(subprocess_engine)),
    ]
    alone = engine_alone(max(args.hands, 5000))
    limit = alone / 2
    print(f"{'engine alone':<24} {alone:7.0f} hands/s; the two-engine limit {limit:.0f} hands/s")
    rates: dict[str, float] = {}
    for label, make in paths:
        engine = make()
        run = fuzz(engine, ReferenceSteps(), spec, hands=args.hands, seed="bench")
        engine.close()
        rates[label] = run.rate
        print(
            f"{label:<24} {run.hands:6} hands: {run.rate:7.0f} hands/s, {run.rate / limit:4.0%} of the two-engine"
            f" limit, {len(run.groups)} divergences"
        )
    print(f"{'subprocess / in-process':<24} {rates['subprocess'] / rates['in-process step engine']:.2f}")
    one, two = jobs_rate(1, args.hands), jobs_rate(2, 2 * args.hands)
    print(f"{'fuzz --jobs 1, command':<24} {one:7.0f} hands/s; --jobs 2: {two:.0f} hands/s ({two / one:.2f}x)")
    started = time.perf_counter()
    found = 0
    engine = load_engine(subprocess_engine)
    for profile in spec.profiles:
        run = fuzz(
            engine,
            ReferenceSteps(),
            spec,
            hands=args.hands,
            seed=f"quiet:{profile.id}",
            profile=spec.profile_options(profile.id),
            query_reference=ReferenceAdapter(),
        )
        found += len(run.groups)
    engine.close()
    total = args.hands * len(spec.profiles)
    print(
        f"reference against itself over the subprocess protocol: {total} hands under {len(spec.profiles)} profiles,"
        f" {found} divergences, {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
