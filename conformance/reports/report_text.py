"""The plain-text report of ``run``, and the live progress line shown while it runs.

The report: a header (engine, profiles, versions), a table of counts per rule area, then each
failure and error with its rule ids and their statements, the case's ``file:line``, expected
vs actual and the engine's stderr or other detail, then the baseline verdict and a last line.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TextIO

from conformance.reports.report import Report
from conformance.judge.results import CaseResult, Status
from conformance.judge.summary import STATUS_ORDER, Counts
from conformance.judge.verdict import coverage_line

__all__ = ["ProgressLine", "printable", "render_text"]

_WIDTH = 100
_OWN_RULE_SET = "none: judged under the engine's own declared rule set"
_DETAIL_LINES = 40
_STATUS_CHAR = {
    Status.PASSED: ".",
    Status.FAILED: "F",
    Status.ERROR: "E",
    Status.UNSUPPORTED: "u",
    Status.SKIPPED: "s",
}


def _table(rows: Sequence[tuple[str, Counts]], total: Counts) -> list[str]:
    names = [name for name, _ in rows] + ["all cases"]
    first = max(len(n) for n in names)
    widths = [max(len(s.value), 6) for s in STATUS_ORDER]
    head = "area".ljust(first) + "".join("  " + s.value.rjust(w) for s, w in zip(STATUS_ORDER, widths))

    def line(name: str, counts: Counts) -> str:
        return name.ljust(first) + "".join("  " + str(counts[s]).rjust(w) for s, w in zip(STATUS_ORDER, widths))

    return [head, *(line(n, c) for n, c in rows), line("all cases", total)]


def _block(label: str, text: str, indent: str = "  ") -> list[str]:
    """``label:`` padded to ten columns, then the text; continuation lines indented under it."""
    lines = text.splitlines() or [""]
    head = f"{label}:".ljust(10)
    return [f"{indent}{head}{lines[0]}", *(f"{indent}{' ' * 10}{rest}" for rest in lines[1:])]


def printable(text: str) -> str:
    r"""Text with control characters (other than newlines and tabs) shown as escapes.

    >>> printable("a\x01b\tc")
    'a\\x01b\tc'
    """
    return "".join(ch if ch in "\n\t" or ch.isprintable() else repr(ch)[1:-1] for ch in text)


def _detail(text: str) -> list[str]:
    lines = printable(text).rstrip().splitlines()
    if len(lines) > _DETAIL_LINES:
        cut = len(lines) - _DETAIL_LINES
        lines = [f"… {cut} earlier lines left out", *lines[-_DETAIL_LINES:]]
    return ["  detail:", *(f"    | {line}" for line in lines)]


def _failure(report: Report, result: CaseResult) -> list[str]:
    out = [f"{result.status.value.upper()} {result.key}"]
    explained = report.reading.explained.get(result.key) if report.reading is not None else None
    if explained:
        out.append(f"  explained by a variant: the engine plays {explained} here")
    for rule in result.blamed or result.rules or ("(no rule id)",):
        wrapped = textwrap.wrap(
            f"rule {rule}: {report.statement(rule)}",
            _WIDTH - 2,
            subsequent_indent="    ",
        )
        out += [f"  {w}" for w in wrapped]
    if result.location:
        out += _block("case", result.location)
    if result.message:
        out += _block("message", printable(result.message))
    if result.expected or result.actual:
        out += _block("expected", printable(result.expected) or "(nothing stated)")
        out += _block("actual", printable(result.actual) or "(nothing)")
    if result.consequences:
        count = len(result.consequences)
        out += _block(
            "then",
            f"{count} later difference{'s' if count != 1 else ''} of this case, consequences of"
            " the first (counted against no rule):",
        )
        out += [f"            {printable(line)}" for line in result.consequences[:5]]
        if count > 5:
            out.append(f"            … {count - 5} more")
    if result.detail.strip():
        out += _detail(result.detail)
    return out


def _rule_set(report: Report) -> list[str]:
    reading = report.reading
    if reading is None:
        return []
    out = ["rule set (declared, and read from the engine's answers):"]
    for axis in reading.axes:
        mark = "  ≠ " if axis.differs else "    "
        out.append(f"{mark}{axis.describe()}")
    if reading.closest:
        best = ", ".join(f"{profile} ({agree} of {len(reading.axes)} axes)" for profile, agree in reading.closest)
        out.append(f"  closest named profiles: {best}")
    return out


def _deviations(report: Report) -> list[str]:
    reading = report.reading
    if reading is None or not reading.deviations:
        return []
    out = ["deviations, by the rule each case's first divergence breaks (no variant explains them):"]
    for rule, found in reading.deviations.items():
        first = found[0]
        out.append(
            f"  {rule}: {len(found)} case{'s' if len(found) != 1 else ''}, e.g. {first.location}:"
            f" expected {printable(first.expected)}, got {printable(first.actual)}"
        )
    return out


def _coverage(report: Report) -> list[str]:
    coverage = report.coverage
    out = [
        "coverage: "
        + coverage_line(coverage.cases, coverage.ran, coverage.unsupported, coverage.skipped, coverage.in_part)
    ]
    for reason, count in sorted(coverage.unsupported.items(), key=lambda pair: (-pair[1], pair[0])):
        out.append(f"  unsupported, {reason}: {count:,} case{'s' if count != 1 else ''}")
    if coverage.skipped:
        reasons = report.not_applicable_reasons()
        out.append(f"  not applicable: {coverage.skipped:,} case{'s' if coverage.skipped != 1 else ''}")
        out += [f"    {reason}: {count:,}" for reason, count in reasons[:8]]
    return out


def _header(report: Report) -> list[str]:
    info = report.info
    engine = info.engine_label
    if info.engine and info.engine != info.engine_name:
        engine += f" ({info.engine})"
    out = [
        "Sheepshead conformance report",
        f"engine:    {engine}",
        f"profiles:  {', '.join(info.profiles) or _OWN_RULE_SET}",
        f"versions:  suite {info.suite_version}, spec {info.spec_version}, protocol {info.protocol_version}",
    ]
    if info.rule_globs or info.areas:
        parts = []
        if info.rule_globs:
            parts.append("rules " + ", ".join(info.rule_globs))
        if info.areas:
            parts.append("areas " + ", ".join(info.areas))
        out.append(f"selection: {'; '.join(parts)}")
    return out


def _baseline(report: Report) -> list[str]:
    verdict = report.baseline
    if verdict is None:
        return []
    name = report.baseline_file or "baseline"
    out = [f"baseline {name}: {len(verdict.new)} new, {len(verdict.fixed)} fixed, {len(verdict.expected)} as expected"]
    out += [f"  new: {r.key} ({r.status.value})" for r in verdict.new]
    out += [f"  fixed: remove from baseline: {e.key}" for e in verdict.fixed]
    out += [f"  not run ({status.value}): {e.key}" for e, status in verdict.not_run]
    return out


def render_text(report: Report) -> str:
    """The whole text report.

    :param report: the finished run.
    :return: the report, ending with a newline.
    """
    counts = report.counts
    out = _header(report) + [""]
    if report.reading is not None:
        out += [*_rule_set(report), ""]
    out += _table(report.areas, counts) if report.results else ["no cases were selected"]
    if report.results:
        out += ["", *_coverage(report)]
    deviations = _deviations(report)
    if deviations:
        out += ["", *deviations]
    shown = report.shown_problems
    if shown:
        out += ["", f"{len(shown)} problem{'s' if len(shown) != 1 else ''}:"]
        for result in shown:
            out += ["", *_failure(report, result)]
    hidden = len(report.problems) - len(shown)
    if hidden:
        out += ["", f"{hidden} known failure{'s' if hidden != 1 else ''} (in the baseline) not shown"]
    if report.baseline is not None:
        out += ["", *_baseline(report)]
    verdict = report.verdict
    if verdict == "INTERRUPTED":
        verdict = (
            f"INTERRUPTED by {report.interrupted} after {len(report.results)} of {report.planned} cases"
            f" ({'failures among them' if not report.ok else 'none of them failed'})"
        )
    if verdict == "INCOMPLETE":
        verdict = f"INCOMPLETE: nothing failed, but only {report.coverage.ran} of {report.coverage.cases} cases ran"
    out += ["", f"result: {verdict}: {counts.describe()} in {report.info.duration:.1f} s"]
    return "\n".join(out) + "\n"


class ProgressLine:
    """The live progress of a run, as the runner's ``progress(done, total, result)`` callback.

    On a terminal one line is rewritten in place; elsewhere one character per case is written
    (``.`` passed, ``F`` failed, ``E`` error, ``u`` unsupported, ``s`` skipped), 50 to a line.
    """

    def __init__(self, stream: TextIO, *, live: bool) -> None:
        """:param stream: where to write (stderr when the report goes to stdout).
        :param live: rewrite one line (a terminal) instead of writing characters."""
        self.stream = stream
        self.live = live
        self.problems = 0
        self._column = 0

    def __call__(self, done: int, total: int, result: CaseResult) -> None:
        """Show that ``done`` of ``total`` cases have run, the last being ``result``."""
        if result.status in (Status.FAILED, Status.ERROR):
            self.problems += 1
        if self.live:
            line = f"[{done}/{total}] {self.problems} failing  {result.case_id}"
            self.stream.write("\r" + line[: _WIDTH - 1].ljust(_WIDTH - 1))
            if done >= total:
                self.stream.write("\n")
        else:
            self.stream.write(_STATUS_CHAR.get(result.status, "?"))
            self._column += 1
            if self._column == 50 or done >= total:
                self.stream.write(f"  [{done}/{total}]\n")
                self._column = 0
        self.stream.flush()
