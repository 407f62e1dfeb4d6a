"""Compare a record's ``expect`` with an engine's replay (``spec/hand-records.md`` §5.8, §9).

Each expectation, with its variant table resolved for the configuration, becomes a
:class:`Finding`: what was checked, where it is written (``file:line``), the value the record
states, the engine's answer, and whether they agree. Fields a configuration's table leaves out
are not checked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from conformance.adapter import HandOutcome, ReplayResponse, SessionResponse
from conformance.record_plan import HandPlan, LoadedRecord, resolve
from sheepshead_spec.problems import PathPart

__all__ = ["Finding", "describe", "hand_findings", "session_findings", "unexpected_rejection"]


@dataclass(frozen=True)
class Finding:
    """One expectation of the record, compared with the engine."""

    what: str
    where: str
    expected: Any
    actual: Any
    unchecked: str = ""
    """Why the engine's answer cannot be compared (then the finding neither agrees nor differs)."""

    @property
    def agrees(self) -> bool:
        """Whether the engine agrees with the record (an unchecked finding does not disagree)."""
        return bool(self.unchecked) or bool(self.expected == self.actual)


def _show(value: Any) -> str:
    """A value as shown: seat scores signed (``S1 +1``), other mappings ``key value``."""
    if value is None:
        return "nothing"
    if isinstance(value, Mapping):
        return ", ".join(
            f"{k} {v:+d}" if str(k).startswith("S") and isinstance(v, int) and not isinstance(v, bool)
            else f"{k} {v}"
            for k, v in value.items()
        )
    return str(value)


def describe(finding: Finding) -> str:
    """One line: ``agrees   outcome: win``, ``DIFFERS  outcome: record win, engine loss (file:line)``
    or ``unchecked partner: S1 (why)``."""
    if finding.unchecked:
        return f"unchecked {finding.what}: {_show(finding.expected)} ({finding.unchecked})"
    if finding.agrees:
        return f"agrees   {finding.what}: {_show(finding.expected)}"
    return (
        f"DIFFERS  {finding.what}: record {_show(finding.expected)},"
        f" engine {_show(finding.actual)} ({finding.where})"
    )


def _side(points: int | None, tricks: int | None, want: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in (("points", points), ("tricks", tricks)) if k in want}


def _outcome_fields(
    outcome: HandOutcome | None, expect: Mapping[str, Any], lookup: Any
) -> list[tuple[str, Any, Any]]:
    """``(field, expected, actual)`` for the end-of-hand expectations."""
    rows: list[tuple[str, Any, Any]] = []
    for key in ("outcome", "scores", "picker_side", "defenders", "seat_points", "seat_tricks",
                "leaster_winner"):  # fmt: skip
        applies, want = lookup(key)
        if not applies:
            continue
        if outcome is None:
            rows.append((key, want, "no outcome (the hand did not end)"))
        elif key == "outcome":
            rows.append((key, want, outcome.kind))
        elif key == "scores":
            rows.append((key, dict(want), dict(outcome.scores)))
        elif key == "picker_side" and isinstance(want, Mapping):
            got = _side(outcome.picker_side_points, outcome.picker_side_tricks, want)
            rows.append(("picker side", dict(want), got))
        elif key == "defenders" and isinstance(want, Mapping):
            got = _side(outcome.defender_points, outcome.defender_tricks, want)
            rows.append(("defenders", dict(want), got))
        elif key == "seat_points":
            rows.append(("seat points", dict(want), dict(outcome.seat_points or {})))
        elif key == "seat_tricks":
            rows.append(("seat tricks", dict(want), dict(outcome.seat_tricks or {})))
        elif key == "leaster_winner":
            rows.append(("leaster winner", want, outcome.leaster_winner))
    return rows


def _strip(value: Any) -> Any:
    """A mapping without its ``x-`` extension keys."""
    if isinstance(value, Mapping):
        return {k: v for k, v in value.items() if not str(k).startswith("x-")}
    return value


def hand_findings(
    record: LoadedRecord,
    plan: HandPlan,
    prefix: Sequence[PathPart],
    response: ReplayResponse,
    options: Mapping[str, str],
    profile: str,
) -> list[Finding]:
    """Compare one hand's expectations with the engine's replay.

    :param prefix: the hand's path in the document (``()`` or ``("hands", i)``).
    :param profile: the profile id (for tables ``by: profile``).
    """
    expect = plan.expect

    def lookup(key: str) -> tuple[bool, Any]:
        if key not in expect:
            return False, None
        applies, value = resolve(expect[key], options, profile)
        return applies, _strip(value)

    def where(key: str) -> str:
        return record.where([*prefix, "expect", key])

    out: list[Finding] = []
    applies, partner = lookup("partner")
    if applies and response.outcome is not None:
        out.append(Finding("partner", where("partner"), partner, response.outcome.partner))
    elif applies:
        why = "the engine names the partner only when the hand is scored"
        out.append(Finding("partner", where("partner"), partner, None, unchecked=why))
    applies, tricks = lookup("tricks")
    if applies and isinstance(tricks, list):
        for number, want in enumerate(tricks, start=1):
            want = _strip(want)
            if number > len(response.tricks):
                out.append(Finding(f"trick {number}", where("tricks"), want, "not played"))
                continue
            done = response.tricks[number - 1]
            got = {k: v for k, v in (("winner", done.winner), ("points", done.points)) if k in want}
            out.append(Finding(f"trick {number}", record.where([*prefix, "expect", "tricks", number - 1]),
                               dict(want), got))  # fmt: skip
    for key, want, got in _outcome_fields(response.outcome, expect, lookup):
        out.append(Finding(key, where(key.replace(" ", "_")), want, got))
    applies, illegal = lookup("illegal")
    if applies:
        last = len(plan.actions) - 1
        rejected = response.rejected
        if illegal is None:
            refused = None if rejected is None else {"rule": rejected.rule}
            out.append(Finding("illegal", where("illegal"), None, refused))
        elif rejected is None:
            out.append(Finding("illegal", where("illegal"), dict(illegal), "every action accepted"))
        elif rejected.index != last:
            out.append(Finding("illegal", where("illegal"), f"{plan.actions[last]} rejected",
                               f"{plan.actions[rejected.index]} rejected"))  # fmt: skip
        else:
            got = {"rule": rejected.rule if rejected.rule is not None else illegal.get("rule")}
            out.append(Finding("illegal", where("illegal"), dict(illegal), got))
    return out


def unexpected_rejection(plan: HandPlan, response: ReplayResponse, options: Mapping[str, str],
                         profile: str) -> bool:  # fmt: skip
    """Whether the engine rejected an action the record does not declare illegal."""
    if response.rejected is None:
        return False
    applies, illegal = (resolve(plan.expect["illegal"], options, profile)
                        if "illegal" in plan.expect else (False, None))  # fmt: skip
    return not (applies and illegal is not None and response.rejected.index == len(plan.actions) - 1)


def session_findings(
    record: LoadedRecord, response: SessionResponse, options: Mapping[str, str], profile: str
) -> list[Finding]:
    """Compare a session's own expectations (``totals``, ``illegal``) with the engine."""
    expect = record.data.get("expect") or {}
    out: list[Finding] = []
    if "totals" in expect:
        applies, totals = resolve(expect["totals"], options, profile)
        if applies:
            out.append(Finding("totals", record.where(["expect", "totals"]), dict(_strip(totals)),
                               dict(response.totals)))  # fmt: skip
    if "illegal" in expect:
        applies, illegal = resolve(expect["illegal"], options, profile)
        if applies:
            got = None if response.rejected_hand is None else {"rule": response.rule}
            want = None if illegal is None else dict(_strip(illegal))
            out.append(Finding("session illegal", record.where(["expect", "illegal"]), want, got))
    return out
