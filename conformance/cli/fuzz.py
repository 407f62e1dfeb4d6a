"""``sheepshead-conformance fuzz``: random hands against an engine and the reference, side by side.

Exit status: 0 no divergence was found; 1 at least one was, or the engine failed outside a game
(each distinct divergence is written as a hand record with ``--output`` as soon as it is found,
with a line of ``findings.jsonl`` that ``fuzz report`` reads); 2 a usage error (an engine that
cannot be fuzzed included); 130 or 143 when SIGINT or SIGTERM stopped the run, after the summary of
what was played.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Mapping, Sequence
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
from conformance.fuzz.reached import Reached
from conformance.fuzz.record import record_of
from conformance.fuzz.run import FuzzRun, Group, fuzz
from conformance.fuzz.shrink import game_size

__all__ = ["FINDINGS", "FUZZ_FORMAT", "add_parser", "fuzz_command", "fuzz_data", "read_findings"]

FUZZ_FORMAT = "sheepshead-fuzz/1"
FINDINGS = "findings.jsonl"
"""The file in ``--output`` that gets one JSON line per event: each divergence as found, as
shrunk, and the run's end (``fuzz report`` reads it back)."""
LONGEST = 300
"""Characters of an expected or actual value shown in a summary; longer ones are cut, with their size."""


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
        "report",
        nargs="*",
        metavar="report FILE",
        help="'fuzz report FILE|DIR …' prints the summary of earlier runs from their findings.jsonl"
        " (of --output), merged: each divergence once, as far as each run got; 'fuzz merge DIR … --output"
        " OUT' does the same and copies each divergence's record into OUT (one set of records for a run"
        " split with --shard over several machines)",
    )
    parser.add_argument(
        "--engine",
        action="append",
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
    parser.add_argument(
        "--shard",
        type=_shard,
        default=(1, 1),
        metavar="K/N",
        help="play only games K, K+N, K+2N, … of the run (a CI matrix of N machines; 'fuzz report' merges them)",
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=1,
        metavar="N",
        help="run N worker processes, one shard each, and merge their findings (the same as with one)",
    )
    parser.add_argument(
        "--rules",
        action="store_true",
        help="count the rules and options each hand reaches (as the reference tells) and print the table"
        " (about half the speed)",
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
        "interrupted": run.interrupted,
        "engine_error": None if run.engine_error is None else _cut(run.engine_error),
        "divergences": [
            _divergence_data(g, records.get(g.signature))
            for g in sorted(run.groups.values(), key=lambda group: (-group.count, group.example.number))
        ],
    }


def _cut(text: str) -> str:
    """A value as a summary shows it: at most :data:`LONGEST` characters, with the size of the rest."""
    if len(text) <= LONGEST:
        return text
    return f"{text[:LONGEST]}… (cut: {len(text):,} characters in all)"


def _divergence_data(group: Group, record: str | None) -> dict[str, Any]:
    divergence = group.divergence
    action = divergence.action
    return {
        "class": divergence.class_name,
        "kind": divergence.kind,
        "rules": list(divergence.rules),
        "count": group.count,
        "first_hand": group.example.number,
        "action": None if action is None else _cut(action),
        "expected": _cut(divergence.expected),
        "actual": _cut(divergence.actual),
        "options": dict(group.example.options),
        "record": record,
        "size": game_size(group.example),
        "found_size": group.found_size,
    }


def _text(data: dict[str, Any]) -> str:
    lines = [
        f"fuzz: {data['engine']} against {data['against']} · seed {data['seed']} · {data['hands']} hands in"
        f" {data['seconds']:.1f} s ({data['hands_per_second']:.0f} hands/s)"
    ]
    for axis, note in data["unlisted"].items():
        lines.append(f"  axis {axis}: the engine plays none of the listed options ({note}); hands use the default")
    if data.get("interrupted"):
        lines.append(f"  stopped by {data['interrupted']}: what was played by then is reported, every record kept")
    if data.get("engine_error"):
        lines.append(f"  stopped early: {data['engine_error']}")
    divergences = data["divergences"]
    if not divergences:
        stopped = data.get("interrupted") or data.get("engine_error")
        lines.append("no divergence found before the run stopped" if stopped else "no divergence found")
        return "\n".join(lines) + "\n"
    count = len(divergences)
    lines.append(
        f"{count} distinct divergence{'s' if count != 1 else ''} in {data['divergent_hands']} hand{'s' if data['divergent_hands'] != 1 else ''}:"
    )
    for item in divergences:
        about = f" {item['action']!r}" if item["action"] else ""
        lines.append(f"  {item['count']:>5} × {item.get('class') or item['kind']}")
        lines.append(f"          {item['kind']}{about}: expected {item['expected']}, got {item['actual']}")
        shrunk = (
            f" · shrunk from {item['found_size']} to {item['size']} actions"
            if item["found_size"] is not None and item["found_size"] > item["size"]
            else ""
        )
        lines.append(
            f"          first in {_game(item)}{shrunk}" + (f" · record {item['record']}" if item["record"] else "")
        )
    return "\n".join(lines) + "\n"


def _game(item: Mapping[str, Any]) -> str:
    """The game a class's example is (with its seed, in a report of several seeds)."""
    return f"hand {item['first_hand']}" + (f" of seed {item['seed']}" if item.get("seed") else "")


def _shard(text: str) -> tuple[int, int]:
    part, _, parts = text.partition("/")
    try:
        k, n = int(part), int(parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected K/N with 1 <= K <= N, got {text!r}") from None
    if not 1 <= k <= n:
        raise argparse.ArgumentTypeError(f"expected K/N with 1 <= K <= N, got {text!r}")
    return k, n


def interrupted_by(parent: str | None, workers: str | None) -> str | None:
    """The signal that stopped a run of several workers: the one the user sent the parent (the
    workers, told to stop with SIGTERM, report that one), else the one a worker was sent.

    >>> interrupted_by("SIGINT", "SIGTERM"), interrupted_by(None, "SIGTERM"), interrupted_by(None, None)
    ('SIGINT', 'SIGTERM', None)
    """
    return parent or workers


class _Findings:
    """Writes each divergence as it is found, then as shrunk: its record (replaced whole, never
    left half-written) and a line of :data:`FINDINGS`."""

    def __init__(self, output: Path, seed: str) -> None:
        self.output, self.seed = output, seed
        self.records: dict[tuple[str, ...], str] = {}
        self.lines = (output / FINDINGS).open("a", encoding="utf-8")

    def write(self, group: Group, event: str) -> None:
        record = None
        if group.divergence.kind != "score-query":  # a query, not a hand: no hand record reproduces it
            path = self.output / f"fuzz-{self.seed}-{group.example.number}.yaml"
            _replace(path, record_text(record_of(group.example, self.seed)))
            record = self.records[group.signature] = str(path)
        entry = {"event": event, "seed": self.seed, "signature": list(group.signature)}
        self.lines.write(json.dumps({**entry, **_divergence_data(group, record)}, ensure_ascii=False) + "\n")
        self.lines.flush()

    def end(self, data: dict[str, Any], run: FuzzRun) -> None:
        summary = {key: value for key, value in data.items() if key != "divergences"}
        counts = [[list(signature), group.count] for signature, group in run.groups.items()]
        self.lines.write(json.dumps({"event": "end", **summary, "counts": counts}, ensure_ascii=False) + "\n")
        self.lines.close()


def _replace(path: Path, text: str) -> None:
    """Write ``path`` whole or not at all (a run stopped mid-write leaves the old file)."""
    partial = path.with_name(f".{path.name}.partial")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)


def _gather_records(data: dict[str, Any], folder: Path) -> None:
    """Copy each merged divergence's record into ``folder`` (its name kept; a second record of the
    same name from another machine gets the shard's folder name in front), and point the summary
    at the copies."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"cannot create {folder}: {error.strerror or error}") from None
    taken: set[str] = set()
    for item in data["divergences"]:
        record = item.get("record")
        if not record:
            continue
        source = Path(record)
        name = source.name if source.name not in taken else f"{source.parent.name}-{source.name}"
        taken.add(name)
        try:
            text = source.read_text(encoding="utf-8")
        except OSError:
            item["record"] = None  # the shard's folder is gone: the summary still names the divergence
            continue
        _replace(folder / name, text)
        item["record"] = str(folder / name)


def read_findings(paths: Sequence[str]) -> dict[str, Any]:
    """The merged summary of the runs whose :data:`FINDINGS` files (or their folders) are given:
    each divergence once (its latest line), the hands and seconds of every run that ended.

    :raises UsageError: a file that is missing or not findings.
    """
    entries: list[dict[str, Any]] = []
    for name in paths:
        path = Path(name) / FINDINGS if Path(name).is_dir() else Path(name)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise UsageError(f"cannot read {path}: {error.strerror or error}") from None
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
            except json.JSONDecodeError as error:
                raise UsageError(f"{path}:{number}: not a findings line ({error.msg})") from None
            if not isinstance(entry, dict) or entry.get("event") not in ("found", "shrunk", "end"):
                raise UsageError(f"{path}:{number}: not a findings line (no event found, shrunk or end)")
            entries.append(entry)
    # One class per bug: a class's name never depends on the seed, so runs of several seeds merge
    # into one entry per class, its example the earliest game (then the first seed by name).
    groups: dict[tuple[Any, ...], dict[str, Any]] = {}
    ends = [entry for entry in entries if entry["event"] == "end"]
    seeds = {str(entry.get("seed")) for entry in entries}
    for entry in entries:  # each divergence's example: its earliest game, as shrunk when it was
        if entry["event"] == "end":
            continue
        key = tuple(entry.get("signature", ()))
        item = {k: v for k, v in entry.items() if k not in ("event", "seed", "signature")}
        if len(seeds) > 1:
            item["seed"] = str(entry.get("seed"))
        earliest = groups.get(key)
        if earliest is None or (int(item["first_hand"]), str(entry.get("seed"))) <= (
            int(earliest["first_hand"]),
            str(earliest.get("seed", entry.get("seed"))),
        ):
            groups[key] = item
    counted: dict[tuple[Any, ...], int] = {}
    for end in ends:  # the runs that ended know how many games showed each divergence
        for signature, count in end.get("counts") or ():
            key = tuple(signature)
            counted[key] = counted.get(key, 0) + int(count)
    for key, count in counted.items():
        if key in groups:
            groups[key]["count"] = count
    stopped = [str(end.get("interrupted")) for end in ends if end.get("interrupted")]
    return {
        "format": FUZZ_FORMAT,
        "engine": ", ".join(sorted({str(end.get("engine")) for end in ends})) or "(no run ended)",
        "against": ", ".join(sorted({str(end.get("against")) for end in ends})) or "the reference engine",
        "seed": ", ".join(sorted({str(entry.get("seed")) for entry in entries})),
        "hands": sum(int(end.get("hands", 0)) for end in ends),
        "seconds": round(sum(float(end.get("seconds", 0)) for end in ends), 3),
        "hands_per_second": round(
            sum(int(end.get("hands", 0)) for end in ends)
            / max(sum(float(end.get("seconds", 0)) for end in ends), 1e-9),
            1,
        ),
        "divergent_hands": sum(int(end.get("divergent_hands", 0)) for end in ends),
        "shrink_seconds": round(sum(float(end.get("shrink_seconds", 0)) for end in ends), 3),
        "unlisted": {k: v for end in ends for k, v in dict(end.get("unlisted") or {}).items()},
        "interrupted": stopped[0] if stopped else None,
        "engine_error": next((end["engine_error"] for end in ends if end.get("engine_error")), None),
        "divergences": sorted(groups.values(), key=lambda item: (-int(item["count"]), int(item["first_hand"]))),
        **_merged_reached(ends),
    }


def _merged_reached(ends: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The rules and options reached, summed over the runs that counted them (``--rules``)."""
    counted = [end for end in ends if "rules_reached" in end]
    if not counted:
        return {}
    rules: dict[str, int] = {}
    options: dict[str, int] = {}
    for end in counted:
        for rule, count in dict(end["rules_reached"]).items():
            rules[rule] = rules.get(rule, 0) + int(count)
        for option, count in dict(end.get("options_reached") or {}).items():
            options[option] = options.get(option, 0) + int(count)
    return {
        "rules_reached": dict(sorted(rules.items())),
        "options_reached": dict(sorted(options.items())),
        "hands_counted": sum(int(end.get("hands_counted", 0)) for end in counted),
    }


def _reached_of(data: Mapping[str, Any]) -> Reached:
    """The rules-reached counts of a summary, for its table."""
    reached = Reached(hands=int(data.get("hands_counted", 0)))
    reached.rules.update({str(k): int(v) for k, v in dict(data.get("rules_reached") or {}).items()})
    for key, count in dict(data.get("options_reached") or {}).items():
        axis, _, option = str(key).partition("=")
        reached.options[(axis, option)] = int(count)
    return reached


def fuzz_command(args: argparse.Namespace, env: Environment) -> int:
    """Carry out ``fuzz`` (or ``fuzz report``)."""
    if args.report:
        verb = args.report[0]
        if verb not in ("report", "merge") or len(args.report) < 2:
            raise UsageError(
                "'fuzz' takes no positional argument but 'report FILE|DIR …' or 'merge DIR … --output OUT'"
                " (a findings.jsonl)"
            )
        if args.engine:
            raise UsageError(f"'fuzz {verb}' reads earlier runs: it takes no --engine")
        data = read_findings(args.report[1:])
        if verb == "merge":
            if not args.output:
                raise UsageError("'fuzz merge' writes one set of records: give --output OUT")
            _gather_records(data, Path(args.output))
        env.out.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n" if args.format == "json" else _text(data))
        return EXIT_FAILED if data["divergences"] else EXIT_OK
    if not args.engine:
        raise UsageError("the following arguments are required: --engine")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if args.jobs > 1:
        if args.shard != (1, 1):
            raise UsageError("--jobs runs the shards itself: give --jobs or --shard, not both")
        return _fuzz_in_workers(args, env)
    spec = spec_or_usage_error()
    from conformance.runner import install_reference_aids

    install_reference_aids()  # the blame oracle: a legal play left out is blamed on the exception that allows it
    if len(args.engine) > 2:
        raise UsageError("fuzz compares one engine with the reference, or two engines: give --engine once or twice")
    profile: Any = None
    if args.profile or args.option:
        chosen = (
            selection_of(
                spec, [args.profile] if args.profile else None, None, None, need_rules=False, options=args.option
            ).profiles
            or ()
        )
        profile = (
            [spec.profile_options(name) for name in chosen]
            if args.profile == "all"
            else spec.profile_options(chosen[0])
        )
    hands = args.hands if args.hands is not None else (None if args.seconds is not None else 1000)
    if hands is not None and hands < 1:
        raise UsageError("--hands must be at least 1")
    if args.shrink < 0:
        raise UsageError("--shrink must be 0 (no shrinking) or more")
    output = Path(args.output) if args.output else None
    findings = None
    if output is not None:  # before the first hand: what is found is written as it is found
        try:
            output.mkdir(parents=True, exist_ok=True)
            findings = _Findings(output, str(args.seed))
        except OSError as error:
            raise UsageError(f"cannot write to {output}: {error.strerror or error}") from None
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
        try:
            info = engine.info()
            name = f"{info.name} {info.version}"
        except AdapterError:  # fuzz() says so in the run's summary: the run ends, with what it has
            name = args.engine[0]
        progress = None
        if not args.quiet:
            stream = env.err

            def progress(run: FuzzRun) -> None:
                stream.write(f"\rhands {run.hands} · {run.rate:.0f} hands/s · divergences {len(run.groups)}")
                stream.flush()

        reached = Reached() if args.rules else None
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
                shard=args.shard,
                reached=reached,
                found=None if findings is None else lambda group: findings.write(group, "found"),
                shrunk=None if findings is None else lambda group: findings.write(group, "shrunk"),
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
    data = fuzz_data(run, name, against, findings.records if findings else {})
    if reached is not None:
        data["rules_reached"] = dict(sorted(reached.rules.items()))
        data["options_reached"] = {
            f"{axis}={option}": count for (axis, option), count in sorted(reached.options.items())
        }
        data["hands_counted"] = reached.hands
    if findings is not None:
        findings.end(data, run)
    env.out.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n" if args.format == "json" else _text(data))
    if reached is not None and args.format == "text":
        env.out.write("\n".join(_reached_of(data).table(spec)) + "\n")
    if run.interrupted is not None:
        return 143 if run.interrupted == "SIGTERM" else 130
    return EXIT_FAILED if run.groups or run.engine_error else EXIT_OK


def _worker_argv(args: argparse.Namespace, part: int, output: Path) -> list[str]:
    """The command line of one worker: this run's, for one shard, its findings in ``output``."""
    argv = ["fuzz", "--seed", str(args.seed), "--shard", f"{part}/{args.jobs}", "--output", str(output), "-q"]
    for engine in args.engine:
        argv += ["--engine", engine]
    if args.hands is not None:
        argv += ["--hands", str(args.hands)]
    if args.seconds is not None:
        argv += ["--seconds", str(args.seconds)]
    if args.profile:
        argv += ["--profile", args.profile]
    for option in args.option or ():
        argv += ["--option", option]
    argv += ["--shrink", str(args.shrink)]
    if args.rules:
        argv.append("--rules")
    if args.timeout is not None:
        argv += ["--timeout", str(args.timeout)]
    return argv


_WORKER = "import sys; from conformance.cli import main; sys.exit(main(sys.argv[1:]))"


def _fuzz_in_workers(args: argparse.Namespace, env: Environment) -> int:
    """``--jobs N``: N worker processes, shard K/N each (started without a shell), their findings
    merged as ``fuzz report`` merges them. A signal stops the workers, which write what they found."""
    import signal
    import subprocess
    import sys
    import tempfile
    import time

    from conformance.judge.interrupt import RunInterrupted

    scratch = None
    if args.output:
        base = Path(args.output)
    else:
        scratch = tempfile.TemporaryDirectory(prefix="sheepshead-fuzz-")
        base = Path(scratch.name)
    folders = [base / f"shard-{part}-of-{args.jobs}" for part in range(1, args.jobs + 1)]
    started = time.perf_counter()
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", _WORKER, *_worker_argv(args, part, folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for part, folder in enumerate(folders, start=1)
    ]
    stopped: str | None = None
    errors: list[str] = []
    try:
        for worker in workers:
            _, err = worker.communicate()
            if worker.returncode == 2:
                errors.append(err.strip())
    except (KeyboardInterrupt, RunInterrupted) as signal_raised:
        stopped = "SIGINT" if isinstance(signal_raised, KeyboardInterrupt) else "SIGTERM"
        for worker in workers:
            if worker.poll() is None:
                worker.send_signal(signal.SIGTERM)  # each writes its summary and keeps its records
        for worker in workers:
            worker.communicate()
    try:
        if errors:
            raise UsageError(errors[0].split(": error: ", 1)[-1])
        data = read_findings([str(folder) for folder in folders if (folder / FINDINGS).exists()])
        data["interrupted"] = interrupted_by(stopped, data["interrupted"])
        wall = time.perf_counter() - started  # the workers ran side by side: the run took the wall time
        data["seconds"], data["hands_per_second"] = round(wall, 3), round(data["hands"] / wall, 1) if wall else 0.0
        if scratch is not None:
            for item in data["divergences"]:
                item["record"] = None  # written in a scratch folder that is removed: give --output to keep them
        env.out.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n" if args.format == "json" else _text(data))
        if args.rules and args.format == "text":
            env.out.write("\n".join(_reached_of(data).table(spec_or_usage_error())) + "\n")
    finally:
        if scratch is not None:
            scratch.cleanup()
    if data["interrupted"] is not None:
        return 143 if data["interrupted"] == "SIGTERM" else 130
    return EXIT_FAILED if data["divergences"] or data["engine_error"] else EXIT_OK
