"""Print the fuzzer's speed per engine path, and check that the reference against itself is quiet.

    python benchmarks/fuzz.py [--hands N]

Engine paths: an in-process step engine (the reference hand driven by its steps), the in-process
reference adapter (its protocol step messages, no process), and the reference engine as a
subprocess (``python -m reference_impl``). The last line runs N hands per named profile over the
subprocess protocol and counts divergences, which must be none.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections.abc import Callable

from sheepshead_spec import load_spec

from conformance.adapter import Adapter
from conformance.engines.loading import load_engine
from conformance.engines.reference import ReferenceAdapter, ReferenceSteps
from conformance.fuzz.run import fuzz
from conformance.kit import StepAdapter


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
    for label, make in paths:
        engine = make()
        run = fuzz(engine, ReferenceSteps(), spec, hands=args.hands, seed="bench")
        engine.close()
        print(f"{label:<24} {run.hands:6} hands: {run.rate:7.0f} hands/s, {len(run.groups)} divergences")
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
