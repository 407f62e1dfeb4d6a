"""``sheepshead-conformance check HAND.yaml``: settle a rule dispute with an engine.

Validates the hand or session record (every problem as ``file:line: path: message``), replays
it through the engine (default: the reference engine), narrates each ruling with the rule id
behind it, stops at the first illegal action naming the rule and its ``file:line``, and compares
the result with the record's expectations. With ``--profile all`` it also shows side by side how
every profile rules the record and which variant axis causes each difference.

The record is judged by the same code as ``run`` judges it (the record's case,
:mod:`conformance.cases.records`): the verdict and the blamed rule are the ones ``run`` reports.

Exit status: 0 the engine agrees with every expectation of the record and accepts every action
it does not declare illegal; 1 it disagrees, rejects an action the record does not expect to be
illegal, or fails; 2 the record is invalid, or a usage or configuration error; 3 unsupported:
nothing differs, but the engine does not report a value the record expects.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from pathlib import Path

from sheepshead_spec import Spec, derived_profile
from sheepshead_spec.record_actions import (
    LoadedRecord,
    RecordProblems,
    configuration,
    load_record,
)

from conformance.adapter import Adapter, AdapterError, EngineInfo
from conformance.cases.model import CaseRun, Check, Verdict
from conformance.cases.narrate import Narration, narrate_hand
from conformance.cases.records import record_case
from conformance.cli.commands import summary
from conformance.cli.dispute import ProfileRow, Replay, compare_profiles, replay_record
from conformance.cli.support import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_UNSUPPORTED,
    EXIT_USAGE,
    Environment,
    UsageError,
    add_option_argument,
    add_timeout_argument,
    selection_of,
    spec_or_usage_error,
)
from conformance.judge.results import Status
from conformance.judge.ruleset import RuleSet
from conformance.judge.run import status_of, unreported_labels

__all__ = ["add_parser", "check", "describe"]


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``check``."""
    parser = commands.add_parser(
        "check",
        help=summary("check"),
        description="Validate a hand or session record, replay it through an engine, narrate"
        " every ruling with the rule behind it, stop at the first illegal action, and compare"
        " with the record's expectations. Exit status: 0 the engine agrees with the record,"
        " 1 it does not, 2 invalid record or usage error, 3 the engine does not report a value"
        " the record expects.",
    )
    parser.add_argument("record", metavar="HAND.yaml", help="a hand or session record")
    parser.add_argument(
        "--profile",
        metavar="P",
        help="replay under profile P instead of the record's own (its variants still apply);"
        " all: also compare every profile side by side",
    )
    add_option_argument(parser)
    parser.add_argument("--engine", default="reference", metavar="E", help="the engine that rules (default: reference)")
    add_timeout_argument(parser)
    parser.set_defaults(handler=check)


def _narrate(record: LoadedRecord, replay: Replay, spec: Spec) -> Narration:
    statements = {r.id: r.statement for r in spec.rules}
    narration = Narration()
    sessions = record.is_session
    for index, (plan, response) in enumerate(zip(replay.plans, replay.hands)):
        if sessions:
            _, prefix = record.bodies[index]
            narration.say("")
            narration.say(f"== Hand {index + 1} of {len(replay.plans)} ({record.where(prefix)})")
            if index > 0:
                previous = replay.plans[index - 1].deal.dealer
                narration.say(f"{plan.deal.dealer} deals after {previous}", "session.deal-rotates-left")
        narrate_hand(plan, response, replay.options, file=record.file, statements=statements, narration=narration)
    session = replay.session
    if session is not None:
        if session.rejected_hand is not None:
            rule = session.rule or "no rule named"
            statement = statements.get(session.rule or "", "")
            where = record.where(("hands", session.rejected_hand, "dealer"))
            narration.say(
                f"ILLEGAL: hand {session.rejected_hand + 1} ({where}) is refused as a whole: {rule}"
                + (f": {statement}" if statement else "")
            )
            if session.rule:
                narration.cited.setdefault(session.rule, None)
        narration.say("")
        narration.say(
            f"Session totals: {', '.join(f'{s} {v:+d}' for s, v in sorted(session.totals.items()))}",
            "session.cumulative-scores",
        )
    return narration


def _table(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]


def _record_column(row: ProfileRow) -> str:
    if row.not_applicable is not None:
        return "n/a"
    replay = row.replay
    if replay.problem is not None or replay.run is None:
        return "-"
    differing = sum(1 for c in replay.run.checks if c.verdict is Verdict.DIFFERS)
    if differing:
        return f"{differing} differ"
    if replay.status is Status.UNSUPPORTED:
        return "unreported"
    return "agrees" if _expectations_of(replay.run) else "no expectations"


def _comparison(rows: list[ProfileRow]) -> list[str]:
    first = rows[0].replay.profile if rows else "standard"
    table = [["profile", "tricks won", "outcome", "card points", "scores", "record", f"differs from {first} by"]]
    for row in rows:
        replay = row.replay
        cause = row.cause if row.differs else ("-" if replay.profile == first else f"same as {first}")
        if row.differs and not row.cause:
            cause = "cannot tell (no result under one of them)"
        table.append(
            [
                replay.profile,
                replay.tricks_won(),
                replay.outcome(),
                replay.card_points(),
                replay.scores(),
                _record_column(row),
                cause,
            ]
        )
    notes = [
        "Across profiles (the record's variants apply on top of each; record: its expectations,"
        " n/a where the record is not written for that profile):"
    ]
    return [*notes, *_table(table)]


def _is_plain_legality(check: Check) -> bool:
    """An action the record does not declare illegal, accepted: counted, not listed."""
    return check.verdict is Verdict.AGREES and "legality of " in check.label and check.expected == "accepted"


def _expectations_of(run: CaseRun) -> list[Check]:
    return [check for check in run.checks if not _is_plain_legality(check)]


def describe(check: Check) -> str:
    """One line: ``agrees   outcome: win``, ``DIFFERS  outcome: record win, engine loss (file:line)``,
    ``unchecked seat points: … (the engine does not report it)`` or ``unchecked partner: S1 (the
    hand stops before the called card falls)``."""
    if check.verdict is Verdict.UNREPORTED:
        return f"unchecked {check.label}: {check.expected} (the engine does not report it)"
    if check.verdict is Verdict.UNREACHED:
        return f"unchecked {check.label}: {check.expected} ({check.actual})"
    if check.verdict is Verdict.UNASKED:
        return f"unchecked {check.label} ({check.actual or 'no query asks it, and the engine cannot replay'})"
    if check.verdict is Verdict.AGREES:
        return f"agrees   {check.label}: {check.expected}"
    return f"DIFFERS  {check.label}: record {check.expected}, engine {check.actual} ({check.location})"


def _expectations(run: CaseRun, profile: str) -> tuple[list[str], Status]:
    """The expectation lines and the verdict, judged exactly as ``run`` judges the record."""
    shown = _expectations_of(run)
    accepted = len(run.checks) - len(shown)
    lines = [f"Expectations of the record under {profile}:"]
    if accepted:
        lines.append(f"  agrees   {accepted} action{'s' if accepted != 1 else ''} accepted as legal")
    lines += [f"  {describe(c)}" for c in shown]
    if not run.checks:
        lines.append("  (the record states none for this profile)")
    status = status_of(run)
    counted = [c for c in shown if c.verdict not in (Verdict.UNREACHED, Verdict.UNASKED)]
    unchecked = [c for c in shown if c.verdict in (Verdict.UNREACHED, Verdict.UNASKED)]
    reasons: dict[str, list[str]] = {}  # the unchecked expectations, grouped by why
    for check in unchecked:
        reasons.setdefault(check.actual, []).append(check.label)
    groups = "; ".join(f"{', '.join(labels)} ({why})" for why, labels in reasons.items())
    later = f"; unchecked: {groups}" if unchecked else ""
    if status is Status.FAILED:
        first = run.divergence
        assert first is not None
        differing = sum(1 for c in run.checks if c.verdict is Verdict.DIFFERS)
        verdict = (
            f"Verdict: FAILED: the engine disagrees with the record first at {first.label}"
            f" ({first.location}), blamed on {', '.join(first.rules) or 'no rule'}"
        )
        if differing > 1:
            verdict += f"; {differing - 1} later difference{'s follow' if differing > 2 else ' follows'} from it"
        verdict += "."
    elif status is Status.UNSUPPORTED and not run.unreported:  # asked as queries, and none asks what it checks
        verdict = f"Verdict: UNSUPPORTED: no query asks what the record checks; it needs a replay{later}."
    elif status is Status.UNSUPPORTED:
        agreeing = sum(1 for c in counted if c.verdict is Verdict.AGREES)
        verdict = (
            f"Verdict: UNSUPPORTED: the engine does not report {unreported_labels(run)};"
            f" the {agreeing} expectation{'s' if agreeing != 1 else ''} it reports agree{later}."
        )
    elif len(counted) == 1:
        verdict = f"Verdict: PASSED: the engine agrees with the one expectation of the record{later}."
    elif counted:
        verdict = f"Verdict: PASSED: the engine agrees with all {len(counted)} expectations of the record{later}."
    elif unchecked:
        verdict = f"Verdict: PASSED: every action is legal{later}."
    else:
        verdict = "Verdict: PASSED: every action is legal (the record states no expectations)."
    return [*lines, "", verdict], status


def _load(args: argparse.Namespace, spec: Spec, env: Environment) -> LoadedRecord | None:
    path = Path(args.record)
    if not path.exists():
        raise UsageError(f"{args.record}: no such file")
    if not path.is_file():
        raise UsageError(f"{args.record}: not a regular file (a folder, a pipe or a device): give a record file")
    try:
        return load_record(path, spec)
    except RecordProblems as error:
        for problem in error.problems:
            env.err.write(f"{problem}\n")
        count = len(error.problems)
        env.err.write(f"{args.record}: not a valid record ({count} problem{'s' if count != 1 else ''})\n")
        return None


def own_rule_set(base: str, info: EngineInfo, spec: Spec, depends: Mapping[str, frozenset[str]] | None = None) -> str:
    """The engine's own rule set as a profile id: ``base`` where the engine plays its options, and
    on every other axis the option the engine plays (``standard+call-timing=call-then-bury``); an
    axis where the engine plays none of the listed options keeps ``base``'s option (a record that
    depends on it is then unsupported, one that does not is judged all the same). On an axis the
    record depends on, an option it has no expectation for (a leaster table's option for a
    record of doublers) gives way to the first one it has that the engine plays."""
    rules = RuleSet.of_engine(info, spec)
    options = spec.profile_options(base)
    changes = {
        axis: rules.default(axis)
        for axis, option in options.items()
        if rules.plays(axis) and option not in rules.plays(axis)
    }
    for axis, wanted in (depends or {}).items():
        chosen = changes.get(axis, options[axis])
        if chosen not in wanted:
            played = [option for option in sorted(wanted) if option in rules.plays(axis)]
            if played:
                changes[axis] = played[0]
    return derived_profile(base, changes) if changes else base


def _engine(env: Environment, text: str) -> tuple[Adapter, EngineInfo]:
    adapter = env.engine(text)
    try:
        return adapter, adapter.info()
    except AdapterError as error:
        adapter.close()
        raise UsageError(f"engine {text!r} failed its handshake ({error.kind}): {error}") from None


def check(args: argparse.Namespace, env: Environment) -> int:
    """Carry out ``check``.

    :return: the exit status.
    :raises UsageError: the command line cannot be carried out.
    """
    from conformance.runner import install_reference_aids

    aids = install_reference_aids()  # blame, and positions reached on an engine that only replays
    spec = spec_or_usage_error()
    compare_all = args.profile == "all"
    record = _load(args, spec, env)
    if record is None:
        return EXIT_USAGE
    # --option goes on top of the chosen profile (of each, with all), else of the engine's own rule
    # set (the record's profile where the engine plays it), as run judges an engine by default
    adapter, info = _engine(env, args.engine)
    try:
        plain = not record.is_position and not record.is_irregularity
        depends = record_case(record, spec, record.file, perft=False).depends if plain else None
        chosen = args.profile if args.profile and not compare_all else own_rule_set(record.profile, info, spec, depends)
        profile = (
            selection_of(spec, [chosen], None, None, need_rules=False, options=args.option).profiles or (chosen,)
        )[0]
        profiles = list(selection_of(spec, ["all"], None, None, need_rules=False, options=args.option).profiles or ())
    except BaseException:
        adapter.close()
        raise
    if record.is_irregularity:
        from conformance.cli.irregularity import check_irregularity

        adapter.close()
        return check_irregularity(env.out, spec, record, profile)
    if record.is_position:
        from conformance.cli.position import check_position

        try:
            return check_position(args, env, spec, record, profile, profiles, adapter, info, aids)
        finally:
            adapter.close()
    case = record_case(record, spec, record.file, perft=False)
    try:
        replay = replay_record(adapter, info, record, case, profile, configuration(record, spec, profile))
        if replay.problem is not None and replay.problem.startswith(("unsupported", "the engine lacks")):
            raise UsageError(f"engine {info.name} cannot replay {args.record}: {replay.problem}")
        rows = compare_profiles(adapter, info, record, case, spec, profiles) if compare_all else []
    finally:
        adapter.close()
    out = env.out
    title = record.data.get("id") or Path(record.file).stem
    out.write(f"check {record.file}: {title}\n")
    if record.data.get("description"):
        out.write(f"  {record.data['description']}\n")
    out.write(f"engine: {info.name} {info.version} · profile: {profile}\n\n")
    if replay.problem is not None and replay.problem.startswith("not applicable"):
        out.write(
            f"Verdict: NOT APPLICABLE: {replay.problem.removeprefix('not applicable ')}.\n"
            "  (the options make the record impossible; give --option or --profile for others)\n"
        )
        return EXIT_UNSUPPORTED
    if replay.problem is not None or replay.run is None:
        out.write(f"The engine gave no ruling: {replay.problem}\n")
        return EXIT_FAILED
    if replay.hands:
        narration = _narrate(record, replay, spec)
        out.write("\n".join(narration.lines).strip("\n") + "\n\n")
    else:  # a rules library: each moment of the record was asked as a query (conformance.cases.record_queries)
        narration = Narration()
        out.write(
            f"{info.name} replays no hand: each moment of the record was asked as a query"
            " (legal plays, trick winners and points, the score).\n\n"
        )
    lines, status = _expectations(replay.run, profile)
    titles = {r.id: r.title for r in spec.rules}
    cited = [f"  {rule}: {titles.get(rule, '(no such rule in the spec)')}" for rule in narration.cited]
    statuses = [status]
    if compare_all:
        out.write("\n".join(_comparison(rows)) + "\n\n")
        statuses += [row.replay.status for row in rows if row.not_applicable is None]
    out.write("\n".join(["Rules cited:", *cited]) + "\n\n")
    out.write("\n".join(lines) + "\n")
    if compare_all:
        bad = [row.replay.profile for row in rows if row.not_applicable is None and row.replay.status is Status.FAILED]
        if bad:
            out.write(f"The engine disagrees with the record under: {', '.join(bad)}.\n")
    if Status.FAILED in statuses or Status.ERROR in statuses:
        return EXIT_FAILED
    return EXIT_UNSUPPORTED if Status.UNSUPPORTED in statuses else EXIT_OK
