"""Judge an engine's replay of a fixture record: every expectation present, located by line.

A fixture (``fixtures/**/*.yaml``) is a hand or session record (``spec/hand-records.md``), loaded
and turned into requests by :mod:`conformance.record_plan`. :func:`check_record` replays it under one
configuration and compares the answer with each expectation (``partner``, ``tricks``,
``picker_side``, ``defenders``, ``seat_points``, ``seat_tricks``, ``outcome``, ``leaster_winner``,
``scores``, ``illegal``; for sessions also ``totals`` and the session-level ``illegal``), variant
tables resolved for the configuration first. Rejection rules are compared only when the engine
declares the ``rule-ids`` capability. Every finding is a :class:`~conformance.checks.Mismatch`
located at ``file:line`` of the offending expectation or action.

A hand record with an ``x-perft`` list is a perft position: :func:`check_perft` counts legal
action sequences through replays, as deep as a replay budget allows.

Nothing here imports the reference engine.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sheepshead_spec import Spec

from conformance.adapter import Adapter, Capability, ReplayRequest, ReplayResponse, SessionRequest
from conformance.checks import Mismatch, rejection_text
from conformance.record_plan import HandPlan, LoadedRecord, plan_hands, resolve

__all__ = ["END_OF_HAND", "applicability", "check_perft", "check_record", "record_rules"]

END_OF_HAND = ("picker_side", "defenders", "seat_points", "seat_tricks", "outcome", "leaster_winner", "scores")
"""Expectations about the end of a hand (they need the engine's outcome)."""

_ABSENT = object()


def record_rules(record: LoadedRecord) -> tuple[str, ...]:
    """The rule ids a record says it checks (its ``rules:``)."""
    return tuple(str(rule) for rule in record.data.get("rules") or ())


def applicability(record: LoadedRecord, profile: str, spec: Spec) -> str | None:
    """Why ``record`` does not apply under ``profile``, or ``None`` when it does.

    A record that names its ``profile`` is played under that profile (updated by its
    ``variants``) and runs once, as that profile's case. A record without ``profile`` runs under
    every profile, each updated by the record's ``variants`` (``spec/hand-records.md`` §5.1):
    ``variants`` override, they never filter, so a record can pin options no named profile
    combines.

    :param record: the fixture.
    :param profile: the profile under test.
    :param spec: the spec.
    :return: a reason starting ``not applicable:``, or ``None``.
    """
    if "profile" in record.data and record.profile != profile:
        return f"not applicable: the record is played under {record.profile}, not {profile}"
    return None


@dataclass
class _Judge:
    """Collects the findings about one replay."""

    record: LoadedRecord
    options: Mapping[str, str]
    profile: str
    rule_ids: bool
    findings: list[Mismatch] = field(default_factory=list)
    unreported: list[str] = field(default_factory=list)
    """Expected values the engine left out (``None``): unsupported, if nothing else failed."""

    def value(self, expect: Mapping[str, Any], key: str) -> Any:
        if key not in expect:
            return _ABSENT
        applies, value = resolve(expect[key], self.options, self.profile)
        return value if applies else _ABSENT

    def where(self, path: Sequence[str | int]) -> str:
        return self.record.where(list(path))

    def add(self, what: str, expected: object, actual: object, path: Sequence[str | int], note: str = "") -> None:
        self.findings.append(Mismatch(what, expected, actual, self.where(path), note))

    def compare(self, what: str, expected: object, actual: object, path: Sequence[str | int]) -> None:
        if actual is None and expected is not None:
            self.unreported.append(what)
        elif expected != actual:
            self.add(what, expected, actual, path)


def _check_actions(judge: _Judge, plan: HandPlan, prefix: tuple[str | int, ...], response: ReplayResponse,
                   label: str) -> bool:  # fmt: skip
    """Check acceptance and the expected rejection; return whether the whole hand was replayed."""
    illegal = judge.value(plan.expect, "illegal")
    expected_rule = illegal.get("rule") if isinstance(illegal, Mapping) else None
    rejected = response.rejected
    last = len(plan.actions) - 1
    if rejected is not None and not 0 <= rejected.index <= last:
        judge.add(f"{label}index of the rejected action", f"0 to {last}", rejected.index, prefix)
        return False
    if expected_rule is not None:
        if rejected is None:
            judge.add(f"{label}{plan.actions[last]!r}", f"rejected under {expected_rule}", "accepted", plan.paths[last])
        elif rejected.index != last:
            judge.add(f"{label}{plan.actions[rejected.index]!r}", "accepted",
                      rejection_text(rejected.rule, rejected.message), plan.paths[rejected.index])  # fmt: skip
        elif judge.rule_ids and rejected.rule != expected_rule:
            judge.add(f"{label}rule broken by {plan.actions[last]!r}", expected_rule, rejected.rule,
                      (*prefix, "expect", "illegal"), rejected.message)  # fmt: skip
        return False
    if rejected is not None:
        judge.add(f"{label}{plan.actions[rejected.index]!r}", "accepted",
                  rejection_text(rejected.rule, rejected.message), plan.paths[rejected.index])  # fmt: skip
        return False
    return True


def _check_results(judge: _Judge, plan: HandPlan, prefix: tuple[str | int, ...], response: ReplayResponse,
                   label: str) -> None:  # fmt: skip
    expect = plan.expect
    tricks = judge.value(expect, "tricks")
    if tricks is not _ABSENT:
        for index, trick in enumerate(tricks):
            path = (*prefix, "expect", "tricks", index)
            if index >= len(response.tricks):
                judge.add(f"{label}trick {index + 1}", dict(trick), "no such trick in the engine's answer", path)
                continue
            actual = response.tricks[index]
            for key in ("winner", "points"):
                if key in trick:
                    judge.compare(f"{label}trick {index + 1} {key}", trick[key], getattr(actual, key), (*path, key))
    outcome = response.outcome
    partner = judge.value(expect, "partner")
    if partner is not _ABSENT and outcome is not None and partner != outcome.partner:
        judge.add(f"{label}partner", partner, outcome.partner, (*prefix, "expect", "partner"))
    needed = [key for key in END_OF_HAND if judge.value(expect, key) is not _ABSENT]
    if not needed:
        return
    if outcome is None:
        judge.add(f"{label}outcome", "a scored hand", f"no outcome (phase {response.phase})",
                  (*prefix, "expect", needed[0]))  # fmt: skip
        return
    for key, points, tricks_taken, name in (
        ("picker_side", outcome.picker_side_points, outcome.picker_side_tricks, "picker side"),
        ("defenders", outcome.defender_points, outcome.defender_tricks, "defenders"),
    ):
        side = judge.value(expect, key)
        if side is _ABSENT:
            continue
        if "points" in side:
            judge.compare(f"{label}{name} points", side["points"], points, (*prefix, "expect", key, "points"))
        if "tricks" in side:
            judge.compare(f"{label}{name} tricks", side["tricks"], tricks_taken, (*prefix, "expect", key, "tricks"))
    for key, reported in (("seat_points", outcome.seat_points), ("seat_tricks", outcome.seat_tricks),
                          ("scores", outcome.scores)):  # fmt: skip
        wanted = judge.value(expect, key)
        if wanted is _ABSENT:
            continue
        name = f"{label}{key.replace('_', ' ')}"
        if reported is None:
            judge.unreported.append(name)
            continue
        wanted = {seat: value for seat, value in wanted.items() if not str(seat).startswith("x-")}
        if wanted != {seat: reported.get(seat, 0) for seat in wanted}:
            judge.add(name, wanted, dict(reported), (*prefix, "expect", key))
    kind = judge.value(expect, "outcome")
    if kind is not _ABSENT:
        judge.compare(f"{label}outcome", kind, outcome.kind, (*prefix, "expect", "outcome"))
    winner = judge.value(expect, "leaster_winner")
    if winner is not _ABSENT and winner != outcome.leaster_winner:
        judge.add(f"{label}leaster winner", winner, outcome.leaster_winner, (*prefix, "expect", "leaster_winner"))


def _plans(record: LoadedRecord, options: Mapping[str, str], with_deck: bool) -> list[HandPlan]:
    plans = plan_hands(record, options)
    if with_deck:
        return plans
    return [dataclasses.replace(plan, deal=dataclasses.replace(plan.deal, deck=None)) for plan in plans]


def check_record(record: LoadedRecord, adapter: Adapter, options: Mapping[str, str], profile: str,
                 capabilities: frozenset[Capability]) -> tuple[list[Mismatch], list[str]]:  # fmt: skip
    """Replay a hand or session record and judge every expectation present.

    :param record: the fixture (a hand or session record).
    :param adapter: the engine.
    :param options: the configuration under test (one option per axis).
    :param profile: the profile under test (for variant tables ``by: profile``).
    :param capabilities: the engine's capabilities: ``rule-ids`` compares rejection rules,
        ``deal-from-deck`` sends the pack order of deck records.
    :return: the findings (none: the engine conforms on this record), and the names of expected
        values the engine did not report.
    :raises ~conformance.adapter.Unsupported: the engine cannot serve the request.
    :raises ~conformance.adapter.AdapterError: the engine failed to answer.
    """
    judge = _Judge(record, options, profile, Capability.RULE_IDS in capabilities)
    plans = _plans(record, options, Capability.DEAL_FROM_DECK in capabilities)
    if not record.is_session:
        plan = plans[0]
        response = adapter.replay(ReplayRequest(options=dict(options), deal=plan.deal, actions=plan.actions))
        if _check_actions(judge, plan, (), response, ""):
            _check_results(judge, plan, (), response, "")
        return judge.findings, judge.unreported
    reply = adapter.session(SessionRequest(options=dict(options), hands=tuple((p.deal, p.actions) for p in plans)))
    session_expect = record.data.get("expect") or {}
    illegal = judge.value(session_expect, "illegal")
    expected_rule = illegal.get("rule") if isinstance(illegal, Mapping) else None
    last = len(plans) - 1
    if expected_rule is not None:
        if reply.rejected_hand != last:
            actual = "no hand rejected" if reply.rejected_hand is None else f"hand {reply.rejected_hand + 1} rejected"
            judge.add("session", f"hand {last + 1} rejected under {expected_rule}", actual, ("hands", last, "dealer"))
        elif judge.rule_ids and reply.rule != expected_rule:
            judge.add("session: rule broken", expected_rule, reply.rule, ("expect", "illegal"))
        return judge.findings, judge.unreported
    if reply.rejected_hand is not None:
        index = min(max(reply.rejected_hand, 0), last)
        judge.add(f"session: hand {reply.rejected_hand + 1}", "accepted", rejection_text(reply.rule, ""),
                  ("hands", index, "dealer"))  # fmt: skip
        return judge.findings, judge.unreported
    for index, plan in enumerate(plans):
        prefix: tuple[str | int, ...] = ("hands", index)
        if index >= len(reply.hands):
            judge.add(f"hand {index + 1}", "a replayed hand", "no result", prefix)
            break
        if _check_actions(judge, plan, prefix, reply.hands[index], f"hand {index + 1}: "):
            _check_results(judge, plan, prefix, reply.hands[index], f"hand {index + 1}: ")
    totals = judge.value(session_expect, "totals")
    if totals is not _ABSENT and not judge.findings:
        totals = {seat: value for seat, value in totals.items() if not str(seat).startswith("x-")}
        if totals != {seat: reply.totals.get(seat, 0) for seat in totals}:
            judge.add("session totals", totals, dict(reply.totals), ("expect", "totals"))
    return judge.findings, judge.unreported


class _Rejected(Exception):
    def __init__(self, action: str, rule: str | None) -> None:
        super().__init__(action)
        self.action = action
        self.rule = rule


def perft_rows(record: LoadedRecord) -> list[tuple[int, int, int]]:
    """The ``(depth, count, line)`` rows of a perft position's ``x-perft`` list, by depth."""
    rows = record.data.get("x-perft") or ()
    return sorted((int(row["depth"]), int(row["count"]), record.line_of(["x-perft", i])) for i, row in enumerate(rows))


def check_perft(record: LoadedRecord, adapter: Adapter, options: Mapping[str, str],
                capabilities: frozenset[Capability], budget: int = 300, *,
                request: Mapping[str, str] | None = None) -> tuple[list[Mismatch], list[int]]:  # fmt: skip
    """Count legal action sequences from a perft position through replays, as far as ``budget`` allows.

    ``count(depth)`` is the number of distinct sequences of exactly ``depth`` legal actions from
    the position; a sequence cut short by the end of the hand is not counted. Every node of the
    tree costs one replay (the legal actions after it), so a depth is checked only when its whole
    level fits in the remaining ``budget`` (depth 1 always).

    :param record: a perft position (a hand record with ``x-perft``).
    :param adapter: the engine.
    :param options: the configuration under test.
    :param capabilities: the engine's capabilities.
    :param budget: the most replays to spend.
    :param request: the options the engine is asked to play, when they differ from the
        configuration the position is read for (``options``).
    :return: the findings, and the depths that were checked.
    """
    plan = _plans(record, options, Capability.DEAL_FROM_DECK in capabilities)[0]
    rows = perft_rows(record)

    def legal(actions: tuple[str, ...]) -> tuple[str, ...]:
        reply = adapter.replay(ReplayRequest(options=dict(request or options), deal=plan.deal, actions=actions))
        if reply.rejected is not None:
            index = reply.rejected.index
            raise _Rejected(actions[index] if 0 <= index < len(actions) else "?", reply.rejected.rule)
        return reply.legal or ()

    findings: list[Mismatch] = []
    checked: list[int] = []
    frontier: list[tuple[str, ...]] = [plan.actions]
    spent = 0
    try:
        for depth in range(1, (rows[-1][0] if rows else 0) + 1):
            if depth > 1 and spent + len(frontier) > budget:
                break
            spent += len(frontier)
            frontier = [(*node, action) for node in frontier for action in legal(node)]
            for row_depth, count, line in rows:
                if row_depth == depth:
                    checked.append(depth)
                    if len(frontier) != count:
                        findings.append(Mismatch(f"perft({depth})", count, len(frontier), f"{record.file}:{line}"))
            if findings:
                break
    except _Rejected as error:
        where = record.where(["x-perft"])
        rejection = rejection_text(error.rule, "")
        findings.append(Mismatch(f"a listed legal action {error.action!r}", "accepted", rejection, where))
    return findings, checked
