"""Benchmark: the conformance suite's wall time per engine path.

Prints one line per path: the time to build the cases (once per process), then for the
in-process reference engine and for the reference engine over the subprocess protocol
(``python -m reference_impl``) the wall time of ``--profile all`` and of a run under the
engine's own declared rule set (every case under every option it has an expectation for, with
probes). Targets on a 2-core machine: ``--profile all`` in-process at most 2 s including the case
build; the subprocess path at most 1.5 times the in-process one.

Run: ``python benchmarks/suite.py [--repeat N]`` (the best of N runs is printed).
"""

from __future__ import annotations

import argparse
import functools
import shlex
import sys
import time
from collections.abc import Callable

from sheepshead_spec import load_spec

from conformance.cases.catalog import features_root, fixtures_root, load_cases, suite_cases
from conformance.runner import run_engine


def best(seconds: Callable[[], float], repeat: int) -> float:
    return min(seconds() for _ in range(repeat))


def timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def _time_run(engine: str, profiles: list[str] | None) -> float:
    return timed(lambda: run_engine(engine, profiles))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is printed (default 3)")
    args = parser.parse_args()
    spec = load_spec()
    build = best(lambda: timed(lambda: load_cases(features_root(), fixtures_root(), spec)), args.repeat)
    print(f"build the cases:                      {build:6.2f} s")
    suite_cases()  # built once per process from here on
    subprocess = f"cmd:{shlex.join([sys.executable, '-m', 'reference_impl'])}"
    figures: dict[str, float] = {}
    for label, engine in (("in-process", "reference"), ("subprocess", subprocess)):
        for mode, profiles in (("--profile all", ["all"]), ("own rule set", None)):
            seconds = best(functools.partial(_time_run, engine, profiles), args.repeat)
            figures[f"{label} {mode}"] = seconds
            count = len(run_engine(engine, profiles).results)
            print(f"{label:<11} {mode:<14} {count:5} runs: {seconds:6.2f} s")
    ratio = figures["subprocess --profile all"] / figures["in-process --profile all"]
    print(
        f"in-process --profile all with the case build: {build + figures['in-process --profile all']:.2f} s"
        f" (target <= 2 s); subprocess / in-process: {ratio:.2f}x (target <= 1.5x)"
    )


if __name__ == "__main__":
    main()
