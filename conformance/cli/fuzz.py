"""``sheepshead-conformance fuzz``: random hands against an engine and the reference, side by side.

Exit status: 0 no divergence was found; 1 at least one was (each distinct one is written as a
hand record with ``--output``); 2 a usage error (an engine that cannot be fuzzed included).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from sheepshead_spec.record_actions import record_text

from conformance.adapter import AdapterError, Unsupported
from conformance.cli.commands import summary
from conformance.cli.support import (
    EXIT_FAILED,
    EXIT_OK,
    Environment,
    UsageError,
    add_option_argument,
    add_timeout_argument,
    selection_of,
    spec_or_usage_error,
)
from conformance.fuzz.driver import steps_of
from conformance.fuzz.record import record_of
from conformance.fuzz.run import FuzzRun, fuzz
from conformance.fuzz.shrink import game_size

__all__ = ["FUZZ_FORMAT", "add_parser", "fuzz_command", "fuzz_data"]

FUZZ_FORMAT = "sheepshead-fuzz/1"


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``fuzz``."""
    parser = commands.add_parser(
        "fuzz",
        help=summary("fuzz"),
        description="Play seeded random hands on an engine and the in-process reference (or a second"
        " --engine) side by side: compare the legal actions at every decision, try actions the rules"
        " forbid, compare every result the engine reports, and write each distinct divergence as a"
        " hand record that 'check' replays. Exit 0: no divergence; 1: divergences; 2: usage error.",
    )
    parser.add_argument(
        "--engine",
        action="append",
        required=True,
        metavar="E",
        help="the engine to fuzz; a second --engine is compared with it instead of the reference",
    )
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--hands", type=int, metavar="N", help="play N hands (default 1000)")
    budget.add_argument("--seconds", type=float, metavar="S", help="play for S seconds")
    parser.add_argument("--seed", default="0", help="the seed of the hands (default 0): a run is repeatable")
    parser.add_argument(
        "--profile", metavar="P", help="play every hand under profile P (default: the engine's rule set)"
    )
    add_option_argument(parser)
    parser.add_argument("--output", "-o", metavar="DIR", help="write one hand record per distinct divergence to DIR")
    parser.add_argument(
        "--shrink",
        type=int,
        default=400,
        metavar="N",
        help="replays allowed to shrink each divergence's example (default 400; 0: keep it as found)",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text", help="the summary's format")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress line")
    add_timeout_argument(parser)
    parser.set_defaults(handler=fuzz_command)


def fuzz_data(run: FuzzRun, name: str, against: str, records: dict[tuple[str, ...], str]) -> dict[str, Any]:
    """The run as JSON-ready data (``spec/schema/fuzz-report.schema.json``)."""
    return {
        "format": FUZZ_FORMAT,
        "engine": name,
        "against": against,
        "seed": run.seed,
        "hands": run.hands,
        "seconds": round(run.seconds, 3),
        "hands_per_second": round(run.rate, 1),
        "divergent_hands": run.divergent_hands,
        "shrink_seconds": round(run.shrink_seconds, 3),
        "unlisted": dict(run.unlisted),
        "divergences": [
            {
                "kind": g.divergence.kind,
                "rules": list(g.divergence.rules),
                "count": g.count,
                "first_hand": g.example.number,
                "action": g.divergence.action,
                "expected": g.divergence.expected,
                "actual": g.divergence.actual,
                "options": dict(g.example.options),
                "record": records.get(g.signature),
                "size": game_size(g.example),
                "found_size": g.found_size,
            }
            for g in sorted(run.groups.values(), key=lambda group: (-group.count, group.example.number))
        ],
    }


def _text(data: dict[str, Any]) -> str:
    lines = [
        f"fuzz: {data['engine']} against {data['against']} · seed {data['seed']} · {data['hands']} hands in"
        f" {data['seconds']:.1f} s ({data['hands_per_second']:.0f} hands/s)"
    ]
    for axis, note in data["unlisted"].items():
        lines.append(f"  axis {axis}: the engine plays none of the listed options ({note}); hands use the default")
    divergences = data["divergences"]
    if not divergences:
        lines.append("no divergence found")
        return "\n".join(lines) + "\n"
    count = len(divergences)
    lines.append(f"{count} distinct divergence{'s' if count != 1 else ''} in {data['divergent_hands']} hands:")
    for item in divergences:
        about = f" {item['action']!r}" if item["action"] else ""
        lines.append(f"  {item['count']:>5} × {item['kind']}{about}: expected {item['expected']}, got {item['actual']}")
        shrunk = (
            f" · shrunk from {item['found_size']} to {item['size']} actions"
            if item["found_size"] is not None and item["found_size"] > item["size"]
            else ""
        )
        lines.append(
            f"        rules {', '.join(item['rules']) or '(none named)'} · first in hand {item['first_hand']}{shrunk}"
            + (f" · record {item['record']}" if item["record"] else "")
        )
    return "\n".join(lines) + "\n"


def fuzz_command(args: argparse.Namespace, env: Environment) -> int:
    """Carry out ``fuzz``."""
    spec = spec_or_usage_error()
    if len(args.engine) > 2:
        raise UsageError("fuzz compares one engine with the reference, or two engines: give --engine once or twice")
    profile = None
    if args.profile or args.option:
        chosen = (
            selection_of(
                spec, [args.profile] if args.profile else None, None, None, need_rules=False, options=args.option
            ).profiles
            or ()
        )
        profile = spec.profile_options(chosen[0])
    hands = args.hands if args.hands is not None else (None if args.seconds is not None else 1000)
    if hands is not None and hands < 1:
        raise UsageError("--hands must be at least 1")
    if args.shrink < 0:
        raise UsageError("--shrink must be 0 (no shrinking) or more")
    output = Path(args.output) if args.output else None
    engine = env.engine(args.engine[0])
    other = env.engine(args.engine[1]) if len(args.engine) == 2 else None
    try:
        if other is not None:
            reference = steps_of(other)
            if reference is None:
                raise UsageError(f"engine {args.engine[1]!r} cannot be fuzzed against: it needs capability steps")
            against = f"{other.info().name} {other.info().version}"
        else:
            from conformance.engines.reference import ReferenceSteps

            reference, against = ReferenceSteps(), "the reference engine"
        info = engine.info()
        progress = None
        if not args.quiet:
            stream = env.err

            def progress(run: FuzzRun) -> None:
                stream.write(f"\rhands {run.hands} · {run.rate:.0f} hands/s · divergences {len(run.groups)}")
                stream.flush()

        try:
            from conformance.engines.reference import ReferenceAdapter

            queries = ReferenceAdapter() if other is None else other
            run = fuzz(
                engine,
                reference,
                spec,
                hands=hands,
                seconds=args.seconds,
                seed=str(args.seed),
                profile=profile,
                progress=progress,
                query_reference=queries,
                shrink_tries=args.shrink,
            )
        except Unsupported as error:
            raise UsageError(f"engine {args.engine[0]!r} cannot be fuzzed: {error}") from None
        except AdapterError as error:
            raise UsageError(f"engine {args.engine[0]!r} failed ({error.kind}): {error}") from None
        if progress is not None:
            env.err.write("\n")
    finally:
        engine.close()
        if other is not None:
            other.close()
    records: dict[tuple[str, ...], str] = {}
    if output is not None and run.groups:
        output.mkdir(parents=True, exist_ok=True)
        for signature, group in run.groups.items():
            if group.divergence.kind == "score-query":
                continue  # a query, not a hand: no hand record reproduces it
            path = output / f"fuzz-{run.seed}-{group.example.number}.yaml"
            path.write_text(record_text(record_of(group.example, run.seed)), encoding="utf-8")
            records[signature] = str(path)
    data = fuzz_data(run, f"{info.name} {info.version}", against, records)
    env.out.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n" if args.format == "json" else _text(data))
    return EXIT_FAILED if run.groups else EXIT_OK
