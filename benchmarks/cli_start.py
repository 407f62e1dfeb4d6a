"""Benchmark: how long a quick command takes as a whole process, beside a bare interpreter.

Prints the median of N runs (default 5) of ``sheepshead-conformance explain RULE`` (run as
``python -m conformance.cli``, so that it is this checkout's code, or another's with
``--python``) and of ``python -c pass``. Target on a 2-core machine: ``explain`` at most 0.3 s,
about 7 times a bare start. The first run fills the spec cache (``sheepshead_spec.cache``) and
is not counted.

Run: ``python benchmarks/cli_start.py [--repeat N] [--python PATH]``; to compare with another
commit, give that checkout's interpreter (a virtual environment with it installed).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time


def median_seconds(argv: list[str], repeat: int) -> float:
    """The median wall time of ``repeat`` runs of ``argv`` (after one run not counted)."""
    subprocess.run(argv, capture_output=True, check=True)
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run(argv, capture_output=True, check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--python", default=sys.executable, help="the interpreter of the checkout to time")
    parser.add_argument("--rule", default="trick.highest-trump-wins")
    args = parser.parse_args()
    explain = median_seconds([args.python, "-m", "conformance.cli", "explain", args.rule], args.repeat)
    bare = median_seconds([args.python, "-c", "pass"], args.repeat)
    print(
        f"explain {args.rule}: {explain:.3f} s (median of {args.repeat}); python -c pass: {bare:.3f} s;"
        f" ratio {explain / bare:.1f}x"
    )


if __name__ == "__main__":
    main()
