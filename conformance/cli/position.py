"""``check POSITION.yaml``: rule on one moment of a hand under one profile, and under every option
of the axes that change the ruling.

The ruling is the engine's answer to the position's query (``legal-plays`` for the seat to play,
``trick-winner`` and ``card-points`` for a complete trick). Each variant axis is switched in turn
from the chosen profile; the axes whose options rule differently are printed as a table, and as
one sentence: "S2 may play 7C KS QD under void-play=free; only QD under void-play=must-trump".
The record's expectations are judged by the position's case, as ``run`` judges them.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TextIO

from sheepshead_spec import Spec
from sheepshead_spec.record_actions import LoadedRecord, configuration

from conformance.adapter import Adapter, AdapterError, Capability, CardPointsRequest, EngineInfo
from conformance.cases.mismatches import show
from conformance.cases.model import NO_AIDS, Aids, Config, Verdict
from conformance.cases.positions import Position, legal_by_replay
from conformance.cases.records import record_case
from conformance.cli.support import EXIT_FAILED, EXIT_OK, EXIT_UNSUPPORTED, Environment, UsageError
from conformance.judge.results import Status
from conformance.judge.ruleset import RuleSet
from conformance.judge.run import status_of

__all__ = ["check_position", "rule_on_position"]


@dataclass(frozen=True)
class _Ruling:
    """What the engine rules on the position under one configuration."""

    text: str
    """``may play 7C KS QD`` or ``S2 wins, 24 points``; or why there is no ruling."""
    cards: tuple[str, ...] = ()


def _ruling(
    position: Position, adapter: Adapter, info: EngineInfo, options: Mapping[str, str], aids: Aids = NO_AIDS
) -> _Ruling:
    sent = info.sent(options)
    try:
        if position.to_act is not None:
            if Capability.LEGAL_PLAYS in info.capabilities:
                cards = tuple(sorted(set(adapter.legal_plays(position.legal_request(sent)))))
            else:  # a whole hand built to reach the position, replayed
                found = legal_by_replay(
                    position, adapter, Config(sent, dict(options)), position.record.where([]), (), aids
                )
                if isinstance(found, str):
                    return _Ruling(f"no ruling: {found}")
                cards = tuple(sorted(set(found[0])))
            return _Ruling(f"may play {show(list(cards))}" if cards else "may play nothing", cards)
        index = adapter.trick_winner(position.trick_request(sent))
        seat = position.trick_seats[index] if 0 <= index < len(position.trick_seats) else f"card {index}"
        points = adapter.card_points(CardPointsRequest(position.trick))
        return _Ruling(f"{seat} wins, {points} points")
    except AdapterError as error:
        return _Ruling(f"engine error ({error.kind}): {error}")
    except Exception as error:  # noqa: BLE001 - an Unsupported or an in-process adapter's own failure
        return _Ruling(f"no ruling: {error}")


def _deciding_axes(
    position: Position, adapter: Adapter, info: EngineInfo, spec: Spec, base: Mapping[str, str], aids: Aids
) -> tuple[list[tuple[str, list[tuple[str, _Ruling]]]], int]:
    """The axes whose options rule differently on the position, each with its options' rulings
    (the other axes as in ``base``); options the engine does not play are left out. Also how
    many axes could be switched at all (the engine plays two options or more of them)."""
    rules = RuleSet.of_engine(info, spec)
    deciding = []
    switchable = 0
    for axis in spec.axes:
        played = [option.id for option in axis.options if option.id in rules.plays(axis.id)]
        if len(played) < 2:
            continue
        switchable += 1
        rulings = [(option, _ruling(position, adapter, info, {**base, axis.id: option}, aids)) for option in played]
        if len({ruling.text for _, ruling in rulings}) > 1:
            deciding.append((axis.id, rulings))
    return deciding, switchable


def _sentence(position: Position, deciding: Sequence[tuple[str, list[tuple[str, _Ruling]]]]) -> str:
    """``S2 may play 7C KS QD under void-play=free; only QD under void-play=must-trump.``"""
    parts = []
    for axis, rulings in deciding:
        widest = max(len(ruling.cards) for _, ruling in rulings)
        for option, ruling in rulings:
            text = ruling.text
            if position.to_act is not None and ruling.cards and len(ruling.cards) < widest:
                text = f"only {show(list(ruling.cards))}"
            parts.append(f"{text} under {axis}={option}")
    return f"{position.to_act or 'In this trick,'} {'; '.join(parts)}."


def _table(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]


def check_position(
    args: argparse.Namespace,
    env: Environment,
    spec: Spec,
    record: LoadedRecord,
    profile: str,
    profiles: Sequence[str],
    adapter: Adapter,
    info: EngineInfo,
    aids: Aids = NO_AIDS,
) -> int:
    """Rule on a position record, print the rulings per variant and judge its expectations.

    :param profile: the profile to rule under (derived from ``--profile`` and ``--option``).
    :param profiles: every profile, for ``--profile all``.
    :return: the exit status.
    """
    position = Position(record)
    needed = (
        {Capability.LEGAL_PLAYS} if position.to_act is not None else {Capability.TRICK_WINNER, Capability.CARD_POINTS}
    )
    if position.to_act is not None and Capability.REPLAY in info.capabilities:
        needed = set()  # asked of a whole hand built to reach the position
    lacking = sorted(capability.value for capability in needed - set(info.capabilities))
    if lacking:
        raise UsageError(f"engine {info.name} cannot rule on {args.record}: it lacks capability {', '.join(lacking)}")
    out = env.out
    title = record.data.get("id") or record.file
    out.write(f"check {record.file}: {title}\n")
    if record.data.get("description"):
        out.write(f"  {record.data['description']}\n")
    out.write(f"engine: {info.name} {info.version} · profile: {profile}\n\n")
    options = configuration(record, spec, profile)
    every = profiles if args.profile == "all" else ()
    rule_on_position(env.out, position, adapter, info, spec, options, profile, every, aids=aids)
    case = record_case(record, spec, record.file)
    run = case.run(adapter, info, Config(info.sent(options), dict(options)), aids)
    out.write(f"Expectations of the record under {profile}:\n")
    for check in run.checks:
        mark = (
            "agrees  "
            if check.verdict is Verdict.AGREES
            else "DIFFERS "
            if check.verdict is Verdict.DIFFERS
            else "unchecked"
        )
        detail = (
            f": record {check.expected}, engine {check.actual} ({check.location})"
            if check.verdict is Verdict.DIFFERS
            else f": {check.expected}"
        )
        out.write(f"  {mark} {check.label}{detail}\n")
    if not run.checks:
        out.write("  (the record states none for this profile)\n")
    status = status_of(run)
    if run.error is not None:
        out.write(f"\nVerdict: ERROR: {run.error}\n")
        return EXIT_FAILED
    if status is Status.FAILED:
        first = run.divergence
        assert first is not None
        out.write(
            f"\nVerdict: FAILED: the engine disagrees with the record at {first.label} ({first.location}),"
            f" blamed on {', '.join(first.rules) or 'no rule'}.\n"
        )
        return EXIT_FAILED
    if status is Status.UNSUPPORTED:
        out.write(f"\nVerdict: UNSUPPORTED: {run.unsupported or 'the engine does not report every value'}.\n")
        return EXIT_UNSUPPORTED
    agreed = "the one expectation" if len(run.checks) == 1 else f"all {len(run.checks)} expectations"
    out.write(f"\nVerdict: PASSED: the engine agrees with {agreed} of the record.\n")
    return EXIT_OK


def rule_on_position(
    out: TextIO,
    position: Position,
    adapter: Adapter,
    info: EngineInfo,
    spec: Spec,
    options: Mapping[str, str],
    profile: str,
    profiles: Sequence[str] = (),
    *,
    aids: Aids = NO_AIDS,
) -> _Ruling:
    """Print the position, the engine's ruling under ``options``, every axis that changes it and,
    for each of ``profiles``, the ruling under that profile; return the ruling under ``options``."""
    out.write(f"Position: {position.describe()}\n")
    ruling = _ruling(position, adapter, info, options, aids)
    out.write(f"Ruling under {profile}: {position.to_act + ' ' if position.to_act else ''}{ruling.text}\n\n")
    deciding, switchable = _deciding_axes(position, adapter, info, spec, options, aids)
    if deciding:
        out.write("Where the variants differ (each axis switched alone from the profile):\n")
        rows = [["axis", "option", "ruling"]]
        for axis, rulings in deciding:
            rows += [[axis, option, r.text] for option, r in rulings]
        out.write("\n".join(_table(rows)) + "\n")
        out.write(_sentence(position, deciding) + "\n\n")
    elif switchable:
        out.write(
            f"No variant axis changes this ruling (each of the {switchable} axes the engine plays"
            " two options of, switched alone).\n\n"
        )
    else:
        out.write(
            f"The engine {info.name} plays one option on every axis, so no variant could be switched:"
            " the ruling is for its rule set only.\n\n"
        )
    if profiles:
        rows = [["profile", "ruling"]]
        for name in profiles:
            rows.append([name, _ruling(position, adapter, info, configuration(position.record, spec, name), aids).text])
        out.write("Across profiles (the record's variants apply on top of each):\n" + "\n".join(_table(rows)) + "\n\n")
    return ruling
