"""Cases from the fixture records: hand records, session records and perft positions.

A record is replayed as one request and judged check by check, in the order the hand happened:
the legality of each action, each trick's winner and points as soon as the trick is complete,
then the partner, side totals, per-seat values, outcome, leaster winner and scores (for sessions,
hand by hand, then the totals). Each check names its rules (:mod:`conformance.cases.blame`), so a
failing record blames the rules of its first divergence only.

A record depends on the axes it pins in ``variants`` (that option only) and on the axes of its
variant tables (every option: the table picks the expectation).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sheepshead_spec import Spec
from sheepshead_spec.record_actions import HandPlan, LoadedRecord, RecordProblems, load_record, plan_hands, resolve
from sheepshead_spec.records import RESULT_KEYS, action_key, card_code

from conformance.adapter import (
    Adapter,
    AdapterError,
    Capability,
    EngineInfo,
    HandOutcome,
    ReplayRequest,
    ReplayResponse,
    SessionRequest,
    SessionResponse,
    TrickRecord,
    Unsupported,
)
from conformance.cases.blame import (
    action_topic,
    card_of_seat,
    outcome_rules,
    permitting_rules,
    refused_rules,
    rules_for,
    score_rules,
    set_rules,
    trick_winner_rules,
)
from conformance.cases.following import QUERY_CAPABILITIES, shown_by_queries
from conformance.cases.mismatches import rejection_text, show
from conformance.cases.model import Aids, Case, CaseRun, Check, Config, Verdict, pinned, possible, raised
from conformance.cases.perft import asked_in_play, check_perft
from conformance.cases.record_queries import doubler_stakes, judge_by_queries

__all__ = [
    "RecordCaseProblems",
    "SpecFacts",
    "judge_hand_end",
    "judge_queries",
    "judge_record",
    "judge_session_end",
    "judge_trick",
    "not_applicable",
    "record_case",
    "record_cases",
    "record_depends",
]

_ABSENT = object()


class RecordCaseProblems(Exception):
    """Fixture files that are not valid records; :attr:`problems` lists each ``file:line: message``."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(self.problems))


def _tables(value: Any) -> list[str]:
    if isinstance(value, Mapping):
        inner = [axis for item in value.values() for axis in _tables(item)]  # nested tables too
        return [str(value["by"]), *inner] if "by" in value else inner
    if isinstance(value, list):
        return [axis for item in value for axis in _tables(item)]
    return []


def record_depends(record: LoadedRecord, spec: Spec) -> dict[str, frozenset[str]]:
    """The axes a record's expected results depend on, with the options it has expectations for.

    :raises ValueError: for a record with ``profile`` or a ``by: profile`` table, whose dependence
        is on a whole named profile rather than on axes.
    """
    options = {axis.id: frozenset(option.id for option in axis.options) for axis in spec.axes}
    depends: dict[str, frozenset[str]] = {}
    if "profile" in record.data:
        depends = pinned(spec.profile_options(record.profile))
    bodies = [body.get("expect") or {} for body, _ in record.bodies]
    bodies.append({"x-perft": record.data.get("x-perft") or []})  # perft counts may be variant tables
    if record.is_session:
        bodies.append(record.data.get("expect") or {})
    for expect in bodies:
        for axis in _tables(expect):
            if axis != "profile":  # a profile table is checked only under exactly a named profile's options
                depends.setdefault(axis, options[axis])
    if any("bury" in body and "call" in body for body, _ in record.bodies):
        # The replayed actions put the bury and the call in the order of the call-timing option:
        # the record holds under each order, but an engine must play one of them.
        depends.setdefault("call-timing", options["call-timing"])
    for axis, option in record.variants.items():
        depends[axis] = frozenset({option})
    return possible(depends, record.not_applicable, options)


def not_applicable(record: LoadedRecord, options: Mapping[str, str], spec: Spec) -> str | None:
    """Why the record's expectations are not written for ``options``, or ``None`` when they are:
    an axis the record depends on (:func:`record_depends`) set to an option it has no expectation
    for. A record's own ``variants`` are applied on top of any profile (``spec/hand-records.md``
    5.1), so only a record that names a whole ``profile`` is ever not applicable.
    """
    for axis, allowed in record_depends(record, spec).items():
        if options.get(axis) not in allowed:
            return (
                f"not applicable: the record is written for {axis}={'|'.join(sorted(allowed))}, not {options.get(axis)}"
            )
    return None


class _Judge:
    """Collects the checks of one record replay, in order."""

    def __init__(
        self, record: LoadedRecord, rules: tuple[str, ...], options: Mapping[str, str], rule_ids: bool, facts: SpecFacts
    ) -> None:
        self.record = record
        self.facts = facts
        self.rules = rules
        self.options = options
        self.rule_ids = rule_ids
        self.unnamed: frozenset[str] = frozenset()
        """Rules the engine may refuse an action under without naming them (axes it leaves out)."""
        self.checks: list[Check] = []

    def value(self, expect: Mapping[str, Any], key: str) -> Any:
        if key not in expect:
            return _ABSENT
        table = expect[key]
        profile = self.facts.profile_of(self.options)
        if isinstance(table, Mapping) and table.get("by") == "profile" and not profile:
            return _ABSENT
        applies, value = resolve(table, self.options, profile)
        return value if applies else _ABSENT

    def add(
        self,
        label: str,
        rules: Sequence[str],
        expected: object,
        actual: object,
        path: Sequence[str | int],
        note: str = "",
    ) -> None:
        verdict = Verdict.AGREES if expected == actual else Verdict.DIFFERS
        if actual is None and expected is not None:
            verdict = Verdict.UNREPORTED
        self.checks.append(
            Check(
                label,
                tuple(rules),
                verdict,
                _text(expected, path),
                _text(actual, path),
                self.record.where(list(path)),
                note,
            )
        )

    def unasked(self, label: str, rules: Sequence[str], expected: object, why: str, path: Sequence[str | int]) -> None:
        """A check no query can make (the engine answers queries and cannot replay): left out."""
        self.checks.append(
            Check(label, tuple(rules), Verdict.UNASKED, _text(expected, path), why, self.record.where(list(path)))
        )

    def differs(
        self,
        label: str,
        rules: Sequence[str],
        expected: object,
        actual: object,
        path: Sequence[str | int],
        note: str = "",
    ) -> None:
        self.checks.append(
            Check(
                label,
                tuple(rules),
                Verdict.DIFFERS,
                _text(expected, path),
                _text(actual, path),
                self.record.where(list(path)),
                note,
            )
        )


@dataclass(frozen=True)
class SpecFacts:
    """What judging a record needs from the spec, read once."""

    rule_ids: frozenset[str]
    profiles: Mapping[tuple[tuple[str, str], ...], str]
    """Every named profile's full options (sorted pairs) -> its id, for ``by: profile`` tables."""
    rule_axes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Rule id -> the variant axes it belongs to."""

    @classmethod
    def of(cls, spec: Spec) -> SpecFacts:
        """The facts of a loaded spec."""
        profiles = {tuple(sorted(spec.profile_options(p.id).items())): p.id for p in spec.profiles}
        return cls(
            frozenset(rule.id for rule in spec.rules), profiles, {rule.id: tuple(rule.axes) for rule in spec.rules}
        )

    def unnamed(self, info: EngineInfo) -> frozenset[str]:
        """The rules of axes the engine's handshake leaves out: an engine written before the axis
        refuses an action they forbid without knowing their ids."""
        return frozenset(rule for rule, axes in self.rule_axes.items() if axes and not any(info.names(a) for a in axes))

    def profile_of(self, options: Mapping[str, str]) -> str:
        """The named profile whose options are exactly ``options``, or ``""``: a ``by: profile``
        table is then not checked, since it says nothing about other combinations."""
        return self.profiles.get(tuple(sorted(options.items())), "")


_SCORE_KEYS = frozenset({"scores", "totals"})
"""Record keys whose numbers are score changes, shown signed; card points and tricks are not."""


def _text(value: object, path: Sequence[str | int] = ()) -> str:
    return value if isinstance(value, str) else show(value, signed=bool(_SCORE_KEYS & set(map(str, path))))


def _trick_completions(plan: HandPlan) -> dict[int, int]:
    """Action index -> number (0-based) of the trick that action completes."""
    done: dict[int, int] = {}
    for index, path in enumerate(plan.paths):
        if len(path) >= 3 and path[-3] == "plays" and path[-1] == 4:
            done[index] = int(path[-2])
    return done


def _next_leaders(plan: HandPlan) -> dict[int, tuple[str, tuple[str | int, ...]]]:
    """Trick number (0-based) -> the seat leading the next trick in the record, and its path: by
    ``play.winner-leads`` the winner the record implies for that trick."""
    leaders: dict[int, tuple[str, tuple[str | int, ...]]] = {}
    for action, path in zip(plan.actions, plan.paths, strict=True):
        if len(path) >= 3 and path[-3] == "plays" and path[-1] == 0 and int(path[-2]) > 0:
            leaders[int(path[-2]) - 1] = (action.split()[0], path)
    return leaders


def _check_trick(
    judge: _Judge,
    plan: HandPlan,
    prefix: tuple[str | int, ...],
    label: str,
    number: int,
    expected: Mapping[str, Any],
    reported: Sequence[TrickRecord],
) -> None:
    path = (*prefix, "expect", "tricks", number)
    if number >= len(reported):
        judge.differs(
            f"{label}trick {number + 1}",
            rules_for("play", judge.rules),
            dict(expected),
            "no such trick in the engine's answer",
            path,
        )
        return
    trick = reported[number]
    if "winner" in expected:
        winner = expected["winner"]
        rules: Sequence[str] = rules_for("trick-winner", judge.rules)
        if trick.winner != winner:
            rules = trick_winner_rules(
                list(trick.cards),
                card_of_seat(trick.cards, trick.leader, winner),
                card_of_seat(trick.cards, trick.leader, trick.winner),
                called=plan.called,
                under=plan.under,
                case_rules=judge.rules,
            )
        judge.add(f"{label}winner of trick {number + 1}", rules, winner, trick.winner, (*path, "winner"))
    if "points" in expected:
        judge.add(
            f"{label}points of trick {number + 1}",
            rules_for("trick-points", judge.rules),
            expected["points"],
            trick.points,
            (*path, "points"),
        )


def _check_actions(
    judge: _Judge, plan: HandPlan, prefix: tuple[str | int, ...], response: ReplayResponse, label: str
) -> bool:
    """The legality of each action, with each trick's checks once it is complete, in order.

    :return: whether every action was accepted as the record expects (the hand can be judged on).
    """
    illegal = judge.value(plan.expect, "illegal")
    expected_rule = illegal.get("rule") if isinstance(illegal, Mapping) else None
    # An action that breaks several rules: naming any of them is right (SPEC.md, several rules).
    accepted_rules = (expected_rule, *illegal.get("also", ())) if isinstance(illegal, Mapping) else ()
    tricks = judge.value(plan.expect, "tricks")
    expected_tricks: list[Mapping[str, Any]] = list(tricks) if tricks is not _ABSENT and tricks else []
    completions = _trick_completions(plan)
    leaders = _next_leaders(plan)
    rejected = response.rejected
    last = len(plan.actions) - 1
    if isinstance(illegal, Mapping) and "at" in illegal:  # illegal under this option only: the hand stops there
        last = plan.written.index(action_key(illegal["at"]))
    if rejected is not None and not 0 <= rejected.index <= len(plan.actions) - 1:
        judge.differs(
            f"{label}index of the rejected action",
            rules_for("play", judge.rules),
            f"0 to {len(plan.actions) - 1}",
            rejected.index,
            prefix,
        )
        return False
    for index, action in enumerate(plan.actions):
        topic_rules = rules_for(action_topic(action), judge.rules)
        is_rejected = rejected is not None and rejected.index == index
        if index == last and expected_rule is not None:
            if not is_rejected:
                judge.differs(
                    f"{label}legality of {action!r}",
                    (expected_rule,),
                    f"rejected under {expected_rule}",
                    "accepted",
                    plan.paths[index],
                )
            elif (
                judge.rule_ids
                and rejected is not None
                and rejected.rule not in accepted_rules
                and not (rejected.rule is None and set(accepted_rules) <= judge.unnamed)
            ):
                judge.differs(
                    f"{label}rule broken by {action!r}",
                    (expected_rule,),
                    " or ".join(accepted_rules),
                    rejected.rule,
                    (*prefix, "expect", "illegal"),
                    rejected.message,
                )
            else:
                judge.add(f"{label}legality of {action!r}", (expected_rule,), "rejected", "rejected", plan.paths[index])
                _unreached_results(judge, plan, prefix, label, response)
            return False
        if is_rejected:
            assert rejected is not None
            # A rule is trusted only from an engine that declares it names rules (capability rule-ids).
            named = (
                (rejected.rule,) if judge.rule_ids and rejected.rule and rejected.rule in judge.facts.rule_ids else ()
            )
            refused = refused_rules(action, judge.rules)
            permits = (
                ()
                if named and named[0] in refused
                else permitting_rules(plan.deal, judge.options, plan.actions[:index], action)
            )
            if action_topic(action) == "call" and set(refused) <= judge.facts.rule_ids:
                rules = refused  # the rule that permits this kind of call is the one broken
            elif named and named[0] in refused:
                rules = named  # the engine applied a rule of the case where it does not hold
            elif permits:
                rules = permits  # the exception (or general rule) that makes the play legal here
            else:
                rules = refused if set(refused) & set(judge.rules) or not named else named
            judge.differs(
                f"{label}legality of {action!r}",
                rules,
                "accepted",
                rejection_text(rejected.rule, rejected.message),
                plan.paths[index],
            )
            return False
        judge.add(f"{label}legality of {action!r}", topic_rules, "accepted", "accepted", plan.paths[index])
        number = completions.get(index)
        if number is not None and number < len(expected_tricks):
            _check_trick(judge, plan, prefix, label, number, expected_tricks[number], response.tricks)
        elif number is not None and number in leaders and number < len(response.tricks):
            # No stated winner: the record's next lead implies it (play.winner-leads), so a wrong
            # winner is found here, where it happens, and not at the next lead's rejection.
            seat, path = leaders[number]
            trick = response.tricks[number]
            rules = rules_for("trick-winner", judge.rules)
            if trick.winner != seat:
                rules = trick_winner_rules(
                    list(trick.cards),
                    card_of_seat(trick.cards, trick.leader, seat),
                    card_of_seat(trick.cards, trick.leader, trick.winner),
                    called=plan.called,
                    under=plan.under,
                    case_rules=judge.rules,
                )
            judge.add(
                f"{label}winner of trick {number + 1} (who leads trick {number + 2})", rules, seat, trick.winner, path
            )
    return True


def _partner_before_the_end(
    judge: _Judge,
    plan: HandPlan,
    prefix: tuple[str | int, ...],
    label: str,
    response: ReplayResponse,
    expected: str | None,
) -> None:
    """The partner of a hand that stops before the end: checked when the called card has fallen
    and the engine says who holds it (:attr:`ReplayResponse.partner`), else listed as unchecked,
    never counted as agreement."""
    rules = rules_for("partner", judge.rules)
    where = judge.record.where([*prefix, "expect", "partner"])
    fell = plan.called is not None and f"{plan.called}" in {
        action.split()[-1] for action in plan.actions[: response.applied] if action.split()[1] in ("play", "revoke")
    }
    if fell and response.partner is not None:
        judge.add(
            f"{label}partner",
            rules,
            expected or "nobody",
            response.partner,
            (*prefix, "expect", "partner"),
            "the called card has fallen: the table knows the partner",
        )
        return
    why = (
        "the engine does not say who the partner is before the end"
        if fell
        else "the hand stops before the called card falls"
        if plan.called is not None
        else "the hand stops before the end"
    )
    judge.checks.append(Check(f"{label}partner", rules, Verdict.UNREACHED, _text(expected or "nobody"), why, where))


def _unreached_results(
    judge: _Judge, plan: HandPlan, prefix: tuple[str | int, ...], label: str, response: ReplayResponse
) -> None:
    """The end-of-hand expectations of a record that ends at an illegal action, listed as not
    reached (the partner is checked if the table knows it by then): never counted as agreement."""
    for key in RESULT_KEYS:
        value = judge.value(plan.expect, key)
        if key == "partner" and value is not _ABSENT:
            _partner_before_the_end(judge, plan, prefix, label, response, value)
        elif value is not _ABSENT:
            judge.checks.append(
                Check(
                    f"{label}{key.replace('_', ' ')}",
                    rules_for(key.replace("_", "-"), judge.rules),
                    Verdict.UNREACHED,
                    _text(value or "nobody", (key,)),
                    "the hand stops at the illegal action",
                    judge.record.where([*prefix, "expect", key]),
                )
            )


def _engine_draw(judge: _Judge, plan: HandPlan, outcome: HandOutcome) -> str | None:
    """The tied seat an engine that draws for itself gave the leaster to, when it is not the
    record's draw (``tie_break``; ``leaster.tie`` under ``random``): any tied seat is a fair draw."""
    if judge.options.get("leaster-tie") != "random" or not plan.tied or outcome.kind != "leaster":
        return None
    drawn = outcome.leaster_winner_seen()
    return drawn if drawn in plan.tied and drawn != plan.tie_break else None


def _exchanged(values: Mapping[str, Any], one: str, other: str) -> dict[str, Any]:
    """``values`` with the entries of two seats exchanged."""
    swapped = dict(values)
    if one in values and other in values:
        swapped[one], swapped[other] = values[other], values[one]
    return swapped


def _check_results(
    judge: _Judge, plan: HandPlan, prefix: tuple[str | int, ...], response: ReplayResponse, label: str, stakes: int = 1
) -> dict[str, int]:
    """The end-of-hand checks.

    :return: how much each seat's expected score moved because the engine drew another tied
        seat than the record (for the session totals); empty otherwise.
    """
    expect = plan.expect
    wanted = {key: judge.value(expect, key) for key in RESULT_KEYS}
    wanted = {key: value for key, value in wanted.items() if value is not _ABSENT}
    if not wanted:
        return {}
    outcome = response.outcome
    if "outcome" in wanted and wanted["outcome"] is None:
        # ``null`` in a table: under these options the hand is not over where the record stops
        # (five passes at a leaster table, where a record of a doubler ends)
        state = "the hand goes on" if outcome is None else f"scored ({outcome.kind})"
        judge.add(
            f"{label}outcome",
            rules_for("phase", judge.rules),
            "the hand goes on",
            state,
            (*prefix, "expect", "outcome"),
        )
        for key in ("outcome", "scores"):
            if key in wanted and wanted[key] is None:
                del wanted[key]
        if not wanted or outcome is not None:
            return {}
    if outcome is None and "partner" in wanted:
        # A record that stops before the end (a negative record legal under this option)
        _partner_before_the_end(judge, plan, prefix, label, response, wanted.pop("partner"))
        if not wanted:
            return {}
    if outcome is None:
        first = next(iter(wanted))
        judge.differs(
            f"{label}outcome",
            rules_for("phase", judge.rules),
            "a scored hand",
            f"no outcome (phase {response.phase})",
            (*prefix, "expect", first),
        )
        return {}
    where = (*prefix, "expect")
    if "partner" in wanted:
        judge.add(
            f"{label}partner",
            rules_for("partner", judge.rules),
            wanted["partner"] or "nobody",
            outcome.partner or "nobody",
            (*where, "partner"),
        )
    for key, points, tricks_taken, name in (
        ("picker_side", outcome.picker_side_points, outcome.picker_side_tricks, "picker side"),
        ("defenders", outcome.defender_points, outcome.defender_tricks, "defenders"),
    ):
        side = wanted.get(key)
        if side is None:
            continue
        if "points" in side:
            judge.add(
                f"{label}{name} card points",
                rules_for("side-totals", judge.rules),
                side["points"],
                points,
                (*where, key, "points"),
            )
        if "tricks" in side:
            judge.add(
                f"{label}{name} tricks",
                rules_for("seat-tricks", judge.rules),
                side["tricks"],
                tricks_taken,
                (*where, key, "tricks"),
            )
    for key, reported, topic in (
        ("seat_points", outcome.seat_points, "seat-points"),
        ("seat_tricks", outcome.seat_tricks, "seat-tricks"),
    ):
        if key not in wanted:
            continue
        values = {seat: value for seat, value in wanted[key].items() if not str(seat).startswith("x-")}
        actual = None if reported is None else {seat: reported.get(seat, 0) for seat in values}
        judge.add(f"{label}{key.replace('_', ' ')}", rules_for(topic, judge.rules), values, actual, (*where, key))
    if "outcome" in wanted:
        rules = rules_for("outcome", judge.rules)
        kind = outcome.kind or None  # "": the engine does not name the outcome (unreported, not wrong)
        if kind is not None and wanted["outcome"] != kind:
            rules = outcome_rules(wanted["outcome"], kind, picker_points=outcome.picker_side_points)
        judge.add(f"{label}outcome", rules, wanted["outcome"], kind, (*where, "outcome"))
    drawn = _engine_draw(judge, plan, outcome)
    draw_note = ""
    moved: dict[str, int] = {}
    if drawn is not None and plan.tie_break is not None:
        draw_note = (
            f"the engine drew {drawn} of the tied {', '.join(plan.tied)} (the record's draw: "
            f"{plan.tie_break}); expected with the two exchanged"
        )
        if wanted.get("leaster_winner") == plan.tie_break:
            wanted["leaster_winner"] = drawn
        if "scores" in wanted:
            swapped = _exchanged(wanted["scores"], plan.tie_break, drawn)
            moved = {
                seat: swapped[seat] - wanted["scores"][seat] for seat in (plan.tie_break, drawn) if seat in swapped
            }
            wanted["scores"] = swapped
    if "leaster_winner" in wanted:
        winner: str | None = outcome.leaster_winner or ("nobody" if outcome.names_no_leaster_winner() else None)
        judge.add(
            f"{label}leaster winner",
            rules_for("leaster-winner", judge.rules),
            wanted["leaster_winner"] or "nobody",
            winner,
            (*where, "leaster_winner"),
            draw_note,
        )
    if "scores" in wanted:
        values = {seat: value for seat, value in wanted["scores"].items() if not str(seat).startswith("x-")}
        if outcome.scores is None:
            judge.add(f"{label}scores", rules_for("scores", judge.rules), values, None, (*where, "scores"))
            return moved
        actual = {seat: outcome.scores.get(seat, 0) for seat in values}
        rules = rules_for("scores", judge.rules)
        if actual != values:
            kind = wanted.get("outcome", outcome.kind)
            rules = score_rules(
                kind,
                values,
                actual,
                alone=plan.alone,
                stakes=stakes,
                raises=plan.raises,
                case_rules=judge.rules,
                bump=judge.options.get("double-on-the-bump") == "on",
            )
            if prefix and judge.options.get("all-pass") == "doubler" and _doubled_wrongly(values, actual, stakes):
                rules = ("all-pass.doubler",)  # a session's hand doubled, or not, against its doublers
        judge.add(f"{label}scores", rules, values, actual, (*where, "scores"), draw_note)
    return moved


def _doubled_wrongly(expected: Mapping[str, int], actual: Mapping[str, int], stakes: int) -> bool:
    """Whether every score change of a session's hand is off by one factor that its doubler
    multiplier explains: a doubled hand scored single, or a single hand doubled.

    >>> _doubled_wrongly({"S1": 4, "S2": -2}, {"S1": 2, "S2": -1}, 2), _doubled_wrongly({"S1": 1}, {"S1": 3}, 1)
    (True, False)
    """
    ratios = {actual.get(seat, 0) / value for seat, value in expected.items() if value}
    return ratios == {1 / stakes} if stakes > 1 else ratios == {2.0}


def _played(options: Mapping[str, str], facts: SpecFacts, data: Mapping[str, Any] | None = None) -> _Judge:
    """A judge of a game played outside a record file (the fuzzer's): no file, no line."""
    return _Judge(LoadedRecord("<played game>", data or {}, lambda path: 0), (), options, True, facts)


def judge_hand_end(
    plan: HandPlan, response: ReplayResponse, options: Mapping[str, str], facts: SpecFacts
) -> list[Check]:
    """The end-of-hand checks of a hand that was played outside a record file (the fuzzer's), by
    the record judge: ``plan.expect`` holds the expectations, ``response`` the engine's answer.
    The checks name no file line (there is no file yet)."""
    judge = _played(options, facts)
    _check_results(judge, plan, (), response, "")
    return judge.checks


def judge_queries(
    plan: HandPlan,
    adapter: Adapter,
    info: EngineInfo,
    sent: Mapping[str, str],
    options: Mapping[str, str],
    facts: SpecFacts,
) -> list[Check]:
    """A hand played outside a record file (the fuzzer's) asked as queries, by the record judge
    (:func:`~conformance.cases.record_queries.judge_by_queries`): ``sent`` the options the engine
    is sent, ``options`` those the expectations are read under.

    :raises ~conformance.adapter.Unsupported: the hand needs what no query of the engine expresses.
    """
    judge = _played(options, facts)
    judge_by_queries(judge, plan, adapter, info, dict(sent), facts.profile_of(options))
    return judge.checks


def judge_trick(
    plan: HandPlan, number: int, expected: Mapping[str, Any], reported: Sequence[TrickRecord], facts: SpecFacts
) -> list[Check]:
    """The checks of trick ``number`` (0-based) of a hand played outside a record file (the
    fuzzer's), by the record judge: ``expected`` its winner and points."""
    judge = _played({}, facts)
    _check_trick(judge, plan, (), "", number, expected, reported)
    return judge.checks


def judge_session_end(
    plans: Sequence[HandPlan],
    totals: Mapping[str, int],
    reply: SessionResponse,
    options: Mapping[str, str],
    facts: SpecFacts,
    refused: tuple[int, str | None] | None = None,
) -> list[Check]:
    """The checks of a session played outside a record file (the fuzzer's), by the record judge:
    each hand's ``plan.expect``, the session's ``totals`` and (``refused``: the 0-based hand the
    reference refuses, with its rule) the refusal, against the engine's ``reply``."""
    expect: dict[str, Any] = {"totals": dict(totals)}
    if refused is not None:
        expect = {"illegal": {"hand": refused[0] + 1, "rule": refused[1] or "session.deal-rotates-left"}}
    judge = _played(options, facts, {"expect": expect})
    _judge_session(judge, judge.record, plans, reply)
    return judge.checks


def _moment(plan: HandPlan, after: int) -> int:
    """How many of the plan's actions come before the moment ``after`` card plays into the hand:
    the auction, bury, call and window first (``after`` 0), then up to the ``after``-th play."""
    plays = 0
    for index, action in enumerate(plan.actions):
        if action.split()[1] in ("play", "revoke"):
            if plays == after:
                return index
            plays += 1
    return len(plan.actions)


def _check_legal(
    judge: _Judge,
    plan: HandPlan,
    prefix: tuple[str | int, ...],
    label: str,
    adapter: Adapter,
    options: Mapping[str, str],
    applied: int,
) -> None:
    """The ``legal`` expectations: the hand replayed up to each moment, the engine's legal plays
    of the seat to act compared with the record's set."""
    moments = judge.value(plan.expect, "legal")
    if moments is _ABSENT or not moments:
        return
    rules = rules_for("legal-plays", judge.rules)
    for number, moment in enumerate(moments):
        path = (*prefix, "expect", "legal", number)
        applies, wanted = resolve(moment["cards"], judge.options, judge.facts.profile_of(judge.options))
        if not applies:
            continue
        after, seat = int(moment["after"]), str(moment["seat"])
        what = f"{label}legal plays of {seat} after {after} play{'s' if after != 1 else ''}"
        count = _moment(plan, after)
        if wanted is None:  # ``null``: under these options nobody is to play then (the hand is over)
            if count <= applied:
                reply = adapter.replay(
                    ReplayRequest(options=dict(options), deal=plan.deal, actions=plan.actions[:count])
                )
                state = "nobody to act" if reply.turn is None else f"{reply.turn} to act"
                judge.add(
                    f"{label}who is to play after {after} play{'s' if after != 1 else ''}",
                    rules_for("phase", judge.rules),
                    "nobody to act",
                    state,
                    (*path, "cards"),
                )
            continue
        if count > applied:
            judge.checks.append(
                Check(
                    what,
                    rules,
                    Verdict.UNREACHED,
                    show(sorted(wanted)),
                    "the engine refused an earlier action",
                    judge.record.where(list(path)),
                )
            )
            continue
        reply = adapter.replay(
            ReplayRequest(
                options=dict(options),
                deal=plan.deal,
                actions=plan.actions[:count],
                tie_break=_draw_sent(plan, judge.options),
            )
        )
        if reply.rejected is not None or reply.turn != seat:
            actual = (
                f"the engine refused {plan.actions[reply.rejected.index]!r}"
                if reply.rejected is not None
                else f"{reply.turn or 'nobody'} to act"
            )
            judge.differs(what, rules, f"{seat} to play", actual, (*path, "seat"))
            continue
        if reply.legal is None:
            judge.add(what, rules, show(sorted(wanted)), None, (*path, "cards"))
            continue
        cards = sorted(
            {
                action.split()[2]
                for action in reply.legal
                if action.split()[:2] == [seat, "play"] and len(action.split()) == 3
            }
        )
        expected = sorted(card_code(c) for c in wanted)
        if expected != cards:  # the rule of each card wrongly left out or offered, by the blame oracle
            rules = set_rules(plan.deal, judge.options, plan.actions[:count], seat, expected, cards) or rules
        judge.add(what, rules, show(expected), show(cards), (*path, "cards"))


def _draw_sent(plan: HandPlan, options: Mapping[str, str]) -> str | None:
    """The record's draw, sent only where it means something: under ``leaster-tie: random``."""
    return plan.tie_break if options.get("leaster-tie") == "random" else None


def _has_procedure(body: Mapping[str, Any]) -> bool:
    return any(str(text).split()[1:2] in (["revoke"], ["claim"]) for trick in body.get("plays") or () for text in trick)


def judge_record(
    record: LoadedRecord, rules: tuple[str, ...], adapter: Adapter, info: EngineInfo, config: Config, facts: SpecFacts
) -> tuple[list[Check], ReplayResponse | SessionResponse | None]:
    """Replay a hand or session record and judge every expectation present, check by check; for an
    engine that cannot replay, ask every moment of a hand record as queries
    (:mod:`conformance.cases.record_queries`).

    :return: the checks, and the engine's answer (for narration; ``None`` when asked as queries).

    :raises ~conformance.adapter.Unsupported: the engine cannot serve the request.
    :raises ~conformance.adapter.AdapterError: the engine failed to answer.
    """
    judge = _Judge(record, rules, config.expect, Capability.RULE_IDS in info.capabilities, facts)
    judge.unnamed = facts.unnamed(info)
    plans = plan_hands(record, config.expect)
    if Capability.DEAL_FROM_DECK not in info.capabilities:
        plans = [dataclasses.replace(plan, deal=dataclasses.replace(plan.deal, deck=None)) for plan in plans]
    options = dict(config.request)
    if not record.is_session:
        plan = plans[0]
        if Capability.REPLAY not in info.capabilities:  # every moment asked as a query instead
            judge_by_queries(judge, plan, adapter, info, options, facts.profile_of(config.expect))
            _unasked_rest(judge)
            return judge.checks, None
        response = adapter.replay(
            ReplayRequest(
                options=options, deal=plan.deal, actions=plan.actions, tie_break=_draw_sent(plan, config.expect)
            )
        )
        if _check_actions(judge, plan, (), response, ""):
            _check_results(judge, plan, (), response, "")
        _check_legal(judge, plan, (), "", adapter, options, response.applied)
        return judge.checks, response
    if Capability.SESSION not in info.capabilities:
        if Capability.REPLAY in info.capabilities or not info.capabilities & QUERY_CAPABILITIES:
            raise Unsupported("the engine lacks capability session")
        _session_by_queries(judge, record, plans, adapter, info, options, facts.profile_of(config.expect))
        return judge.checks, None
    draws = tuple(_draw_sent(plan, config.expect) for plan in plans)
    reply = adapter.session(
        SessionRequest(
            options=options, hands=tuple((p.deal, p.actions) for p in plans), tie_breaks=draws if any(draws) else ()
        )
    )
    _judge_session(judge, record, plans, reply)
    return judge.checks, reply


def _session_by_queries(
    judge: _Judge,
    record: LoadedRecord,
    plans: Sequence[HandPlan],
    adapter: Adapter,
    info: EngineInfo,
    options: Mapping[str, str],
    profile: str,
) -> None:
    """A session record asked as queries, hand by hand (an engine without a session or a replay):
    each hand's plays, tricks and scores as :func:`judge_by_queries` asks them, a doubled hand
    scored at the stakes the session's doublers give it (:func:`doubler_stakes`). Who deals,
    which hands are doubled and the totals are the session's own: no query shows them, so they
    are left unasked, and the case is judged in part."""
    session_expect = record.data.get("expect") or {}
    illegal = judge.value(session_expect, "illegal")
    if isinstance(illegal, Mapping) and illegal.get("rule"):
        raise Unsupported(
            f"a hand dealt against {illegal['rule']} is judged only through a session (capability session)"
        )
    for index, (plan, stakes) in enumerate(zip(plans, doubler_stakes(plans, judge.options), strict=True)):
        start = len(judge.checks)
        judge_by_queries(judge, plan, adapter, info, options, profile, ("hands", index), stakes)
        judge.checks[start:] = [  # each named by its hand, as a session replayed names them
            dataclasses.replace(check, label=f"hand {index + 1}: {check.label}") for check in judge.checks[start:]
        ]
        stops = judge.value(plan.expect, "illegal")
        if isinstance(stops, Mapping) and stops.get("rule"):
            break  # the session stops at this hand's illegal action: the later hands are not reached
    totals = judge.value(session_expect, "totals")
    if totals is not _ABSENT:
        why = "no query asks a session's totals, dealers or doublers (capability session)"
        judge.unasked("session totals", rules_for("session", judge.rules), totals, why, ("expect", "totals"))
    _unasked_rest(judge)


def _unasked_rest(judge: _Judge) -> None:
    """One unasked check for the record's rules that no query asked about (whose turn it is, the
    auction, the bury, the partner, the session): the case asked as queries is judged in part, and
    only the rules its checks concern count for it."""
    asked = {rule for check in judge.checks for rule in check.rules if shown_by_queries(rule)}
    rest = tuple(rule for rule in judge.rules if rule not in asked)
    if rest:
        label = "what no query shows (whose turn it is, the auction, the bury, the partner, a session)"
        judge.unasked(label, rest, "", "the engine answers queries and cannot replay (capability replay)", ())


def _judge_session(judge: _Judge, record: LoadedRecord, plans: Sequence[HandPlan], reply: SessionResponse) -> None:
    session_expect = record.data.get("expect") or {}
    illegal = judge.value(session_expect, "illegal")
    expected_rule = illegal.get("rule") if isinstance(illegal, Mapping) else None
    last = len(plans) - 1
    if isinstance(illegal, Mapping) and "hand" in illegal:  # a hand before the last refused: the rest not reached
        last = int(illegal["hand"]) - 1
    session_rules = rules_for("session", judge.rules)
    moved: dict[str, int] = {}  # score changes of the hands where the engine drew another tied seat
    stakes = doubler_stakes(plans, judge.options)  # what the session's doublers make each hand worth
    for index, plan in enumerate(plans):
        prefix: tuple[str | int, ...] = ("hands", index)
        label = f"hand {index + 1}: "
        if reply.rejected_hand is not None and reply.rejected_hand <= index:
            if expected_rule is not None and index == last and reply.rejected_hand == last:
                if judge.rule_ids and reply.rule != expected_rule:
                    judge.differs(
                        "session: rule broken", (expected_rule,), expected_rule, reply.rule, ("expect", "illegal")
                    )
                else:
                    judge.add(
                        f"hand {index + 1} of the session",
                        (expected_rule,),
                        "rejected",
                        "rejected",
                        (*prefix, "dealer"),
                    )
                return
            judge.differs(
                f"hand {reply.rejected_hand + 1} of the session",
                ("session.deal-rotates-left",),  # a hand refused whole: its deal (the dealer) is what is refused
                "accepted",
                rejection_text(reply.rule, ""),
                (*prefix, "dealer"),
            )
            return
        if expected_rule is not None and index == last:
            judge.differs(
                f"hand {index + 1} of the session",
                (expected_rule,),
                f"rejected under {expected_rule}",
                "accepted",
                (*prefix, "dealer"),
            )
            return
        if index >= len(reply.hands):
            judge.differs(f"hand {index + 1}", session_rules, "a replayed hand", "no result", prefix)
            return
        if not _check_actions(judge, plan, prefix, reply.hands[index], label):
            return
        if index < last and reply.hands[index].outcome is None and reply.hands[index].phase != "scored":
            judge.differs(
                f"{label}end of the hand",
                rules_for("session", judge.rules),
                "a finished hand",
                f"phase {reply.hands[index].phase}",
                prefix,
            )
            return
        for seat, change in _check_results(judge, plan, prefix, reply.hands[index], label, stakes[index]).items():
            moved[seat] = moved.get(seat, 0) + change
    totals = judge.value(session_expect, "totals")
    if totals is not _ABSENT:
        values = {seat: value + moved.get(seat, 0) for seat, value in totals.items() if not str(seat).startswith("x-")}
        actual = {seat: reply.totals.get(seat, 0) for seat in values}
        judge.add("session totals", rules_for("session", judge.rules), values, actual, ("expect", "totals"))


def _record_runner(
    record: LoadedRecord, rules: tuple[str, ...], facts: SpecFacts
) -> Callable[[Adapter, EngineInfo, Config, Aids], CaseRun]:
    def run(adapter: Adapter, info: EngineInfo, config: Config, aids: Aids) -> CaseRun:
        try:
            checks, reply = judge_record(record, rules, adapter, info, config, facts)
            return CaseRun(tuple(checks), reply=reply, queried=reply is None)
        except Unsupported as error:
            return CaseRun(unsupported=str(error))
        except AdapterError as error:
            return CaseRun(error=error, error_location=record.where([]))
        except Exception as error:  # noqa: BLE001 - an in-process adapter's own bug: an engine error, no traceback
            return CaseRun(error=raised(error), error_location=record.where([]))

    return run


PERFT_BUDGET = 300
"""The replays a perft position spends, shared among the option combinations it has counts for:
an engine that plays every option (the reference) runs every combination, each to a shallower
depth, and an engine with fixed rules one, to the full depth."""


def _perft_runner(
    record: LoadedRecord, rules: tuple[str, ...], combinations: int = 1
) -> Callable[[Adapter, EngineInfo, Config, Aids], CaseRun]:
    budget = max(40, PERFT_BUDGET // max(1, combinations))

    def run(adapter: Adapter, info: EngineInfo, config: Config, aids: Aids) -> CaseRun:
        try:
            findings, checked = check_perft(
                record, adapter, config.expect, info.capabilities, budget, request=config.request, rules=rules
            )
        except Unsupported as error:
            return CaseRun(unsupported=str(error))
        except AdapterError as error:
            return CaseRun(error=error, error_location=record.where([]))
        except Exception as error:  # noqa: BLE001 - an in-process adapter's own bug
            return CaseRun(error=raised(error), error_location=record.where([]))
        legality = rules_for("legal-plays", rules)
        checks = [
            Check(f"perft({depth})", legality, Verdict.AGREES, location=record.where(["x-perft"])) for depth in checked
        ]
        for finding in findings:
            blamed = finding.rules or legality
            checks.append(
                Check(
                    finding.what,
                    blamed,
                    Verdict.DIFFERS,
                    finding.expected_text,
                    finding.actual_text,
                    finding.location,
                    finding.note,
                )
            )
        return CaseRun(tuple(checks), queried=Capability.REPLAY not in info.capabilities)

    return run


def record_case(
    record: LoadedRecord, spec: Spec, case_id: str, *, facts: SpecFacts | None = None, perft: bool | None = None
) -> Case:
    """One loaded record as a case: a perft position when it has ``x-perft`` (unless ``perft`` says
    otherwise: ``check`` replays a perft position as a plain record).

    :raises ValueError: the record's dependence cannot be read (:func:`record_depends`).
    """
    facts = facts or SpecFacts.of(spec)
    if record.is_position:
        from conformance.cases.positions import position_case

        return position_case(record, spec, case_id, facts.profile_of)
    depends = record_depends(record, spec)
    rules = tuple(str(rule) for rule in record.data.get("rules") or ())
    if perft is None:
        perft = "x-perft" in record.data
    combinations = math.prod(len(options) for options in depends.values()) if depends else 1
    runner = _perft_runner(record, rules, combinations) if perft else _record_runner(record, rules, facts)
    # A hand record is asked as queries where the engine cannot replay it (record_queries), and a
    # session hand by hand where the engine has no session; so is a perft position in the play
    # (perft.asked_in_play): legal-plays and trick-winner queries.
    requires = frozenset(set() if not perft or asked_in_play(record) else {"replay"})
    if any(_has_procedure(body) for body, _ in record.bodies):
        requires |= {"replay", "procedure"}  # a revoke or a claim: table procedure
    return Case(
        case_id,
        "perft" if perft else "fixture",
        record.where([]),
        rules,
        depends,
        requires,
        runner,
        inapplicable=record.not_applicable,
    )


def record_cases(fixtures: Path, spec: Spec, *, prefix: str = "fixtures") -> list[Case]:
    """Every record under ``fixtures`` as a case (perft positions: those with ``x-perft``).

    :raises RecordCaseProblems: a file that is not a valid record, or that names a profile
        instead of the axes it depends on.
    """
    problems: list[str] = []
    cases: list[Case] = []
    facts = SpecFacts.of(spec)
    root = fixtures if fixtures.is_dir() else fixtures.parent
    paths = sorted(fixtures.rglob("*.yaml")) if fixtures.is_dir() else [fixtures]
    for path in paths:
        case_id = f"{prefix}/{path.relative_to(root).as_posix()}"
        try:
            record = load_record(path, spec, file=case_id)
            if record.is_irregularity:  # ruled on by `check`, not an engine case: no request asks an engine
                continue
            cases.append(record_case(record, spec, case_id, facts=facts))
        except RecordProblems as error:
            problems += [str(problem) for problem in error.problems] or [f"{case_id}: {error}"]
        except ValueError as error:
            problems.append(str(error))
    if problems:
        raise RecordCaseProblems(problems)
    return cases
