"""The engine matrix as Markdown and as one self-contained HTML page (inline CSS, no assets).

Both start with each engine as an engine author needs it: the verdict and coverage, the rule set
it declared, the axes where its answers say it plays something else, the closest named profiles,
and its real deviations grouped by blamed rule, each with the expected and the actual answer.
Only then come the counts, the full rules table (per rule and engine: counts and *variant*
``axis=option`` or *wrong*) and each difference with its failing cases.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping

from conformance.judge.verdict import coverage_line, coverage_of
from conformance.judge.matrix import Cell, EngineRun, Matrix
from conformance.reports.report_markdown import escape_cell
from conformance.judge.results import CaseResult, Status
from conformance.judge.summary import STATUS_ORDER, count

__all__ = ["cell_text", "render_matrix_html", "render_matrix_markdown"]

_MAX_CASES = 5


def _counts_text(cell: Cell) -> str:
    c = cell.counts
    if cell.verdict == "none":
        return "no case"
    parts = [f"{c[Status.PASSED]} pass"]
    parts += [
        f"{c[s]} {w}"
        for s, w in ((Status.FAILED, "fail"), (Status.UNSUPPORTED, "unsup"), (Status.ERROR, "error"))
        if c[s]
    ]
    return " · ".join(parts)


def _verdicts(cell: Cell) -> list[str]:
    """The distinct difference descriptions of a cell, wrong first."""
    seen: dict[str, None] = {}
    for difference in sorted(cell.differences, key=lambda d: d.is_variant):
        if not difference.is_variant:
            text = difference.describe()
        else:
            text = "variant " + ", ".join(f"{a}={o}" for a, o in difference.variants)
        seen.setdefault(text, None)
    return list(seen)


_MAX_DEVIATIONS = 3
"""Failing cases shown per blamed rule in an engine's section (the rest are counted)."""


def _mode(engine: EngineRun, matrix: Matrix) -> str:
    if engine.own_rule_set:
        return "judged under its own declared rule set"
    return f"run under every profile, reported under {_profiles(list(matrix.profiles), matrix.profiles)}"


def _results_of(engine: EngineRun, matrix: Matrix) -> list[CaseResult]:
    return [r for r in engine.results if engine.own_rule_set or r.profile in matrix.profiles]


def _deviation_line(result: CaseResult) -> str:
    where = f"{result.location}: " if result.location else ""
    if result.status is Status.ERROR:
        return f"{result.case_id} ({where}{result.message})"
    config = f" [{result.config_text}]" if result.config else (f" [{result.profile}]" if result.profile else "")
    return f"{result.case_id}{config}: {where}expected {result.expected or '?'}, got {result.actual or '?'}"


def _coverage_brief(cases: int, ran: int, unsupported: Mapping[str, int], skipped: int = 0) -> str:
    """The coverage against the ceiling and the whole suite (:func:`coverage_line`), then the
    unsupported reasons grouped by what blocks them (the full reasons are in ``run``'s report):
    ``…; unsupported: axis call-timing 48, capability replay 20``."""
    text = coverage_line(cases, ran, unsupported, skipped)
    groups: dict[str, int] = {}
    for reason, number in unsupported.items():
        head = reason.split(":", 1)[0].removesuffix(" missing")
        groups[head] = groups.get(head, 0) + number
    if groups:
        text += "; unsupported: " + ", ".join(
            f"{head} {number}" for head, number in sorted(groups.items(), key=lambda pair: (-pair[1], pair[0]))
        )
    return text


def _engine_facts(engine: EngineRun, matrix: Matrix) -> tuple[list[str], list[tuple[str, int, list[str], int]]]:
    """An engine's headline lines, and its deviations: ``(rule, cases, first few lines, lines in
    all)`` (a case failing under several option sets is one case, and a line each)."""
    results = _results_of(engine, matrix)
    coverage = coverage_of(results)
    lines = [
        f"Verdict: {engine.verdict or ('PASSED' if count(results).ok else 'FAILED')} · {_mode(engine, matrix)}"
        + (f" · from {engine.source}" if engine.source else ""),
        f"Coverage: {_coverage_brief(coverage.cases, coverage.ran, coverage.unsupported, coverage.skipped)}",
    ]
    if engine.rule_set:
        lines.append("Declared rule set: " + ", ".join(f"{a}={o}" for a, o in engine.rule_set.items()))
    lines += [f"Behaviour: {text}" for text in engine.differing_axes]
    if engine.closest:
        lines.append("Closest named profiles: " + ", ".join(f"{p} ({n} axes)" for p, n in engine.closest))
    explained = sum(1 for r in results if r.key in engine.explained)
    if explained:
        lines.append(f"{explained} failing case{'s' if explained != 1 else ''} explained by the variants it plays")
    deviations = []
    counted = {id(r) for r in results}
    for rule, found in sorted(engine.deviations().items(), key=lambda pair: (-len(pair[1]), pair[0])):
        found = [r for r in found if id(r) in counted]
        if found:  # a case failing under several option sets is one case (its runs, each a line)
            cases = len({r.case_id for r in found})
            deviations.append((rule, cases, [_deviation_line(r) for r in found[:_MAX_DEVIATIONS]], len(found)))
    return lines, deviations


def _failing_cases(engine: EngineRun, matrix: Matrix) -> int:
    """The distinct cases among an engine's deviations (a case blamed on two rules counted once)."""
    counted = {id(r) for r in _results_of(engine, matrix)}
    return len({r.case_id for found in engine.deviations().values() for r in found if id(r) in counted})


def cell_text(cell: Cell) -> str:
    """A cell as one line of text: counts, then the verdicts.

    >>> from conformance.judge.summary import Counts
    >>> cell_text(Cell(Counts({Status.PASSED: 3})))
    '3 pass'
    """
    verdicts = _verdicts(cell)
    return _counts_text(cell) + ("; " + "; ".join(verdicts) if verdicts else "")


def _header_lines(matrix: Matrix, suite: str, spec: str, protocol: str) -> list[str]:
    versions = f"suite {suite} · spec {spec} · protocol {protocol}"
    if all(engine.own_rule_set for engine in matrix.engines):
        return [f"Each engine judged under its own declared rule set · {versions}"]
    return [f"Profiles: {', '.join(matrix.profiles)} · {versions}"]


def _engine_summary(matrix: Matrix) -> list[list[str]]:
    rows = []
    for engine in matrix.engines:
        counts = count(_results_of(engine, matrix))
        rows.append([engine.label, engine.selection, *(str(counts[s]) for s in STATUS_ORDER)])
    return rows


def _profiles(profiles: list[str], selected: tuple[str, ...]) -> str:
    """```standard`, `tournament```, ``all 10 profiles``, or empty (the engine's own rule set)."""
    profiles = [p for p in profiles if p]
    if not profiles:
        return ""
    if len(selected) > 1 and set(profiles) == set(selected):
        return f"all {len(selected)} profiles"
    return ", ".join(f"`{p}`" for p in profiles)


def _differences(matrix: Matrix) -> list[tuple[str, list[tuple[str, str, str, list[str]]]]]:
    """Per engine: ``(rule, profiles, description, failing cases)``, one item per distinct
    difference (the profiles it appears under joined)."""
    out = []
    for index, engine in enumerate(matrix.engines):
        grouped: dict[tuple[str, str, tuple[str, ...]], list[str]] = {}
        for rule in matrix.rules:
            for difference in matrix.cell(index, rule).differences:
                key = (rule, difference.describe(), difference.failing)
                grouped.setdefault(key, []).append(difference.profile)
        items = [
            (rule, _profiles(profiles, matrix.profiles), text, list(failing))
            for (rule, text, failing), profiles in grouped.items()
        ]
        out.append((engine.label, items))
    return out


def _cases(cases: list[str]) -> str:
    shown = cases[:_MAX_CASES]
    more = f" and {len(cases) - _MAX_CASES} more" if len(cases) > _MAX_CASES else ""
    return ", ".join(shown) + more


def render_matrix_markdown(matrix: Matrix, *, suite: str, spec: str, protocol: str) -> str:
    """The matrix as GitHub-flavoured Markdown.

    :param matrix: the classified results.
    :param suite: the suite version.
    :param spec: the spec version.
    :param protocol: the protocol version.
    """
    out = ["# Sheepshead conformance matrix", "", *_header_lines(matrix, suite, spec, protocol), ""]
    for engine in matrix.engines:
        lines, deviations = _engine_facts(engine, matrix)
        out += [f"## {escape_cell(engine.label)}", "", *[f"- {escape_cell(line)}" for line in lines], ""]
        if not deviations:
            out += ["No deviation from the spec.", ""]
            continue
        total = _failing_cases(engine, matrix)
        out += [f"Deviations, by blamed rule ({total} case{'s' if total != 1 else ''}):", ""]
        for rule, number, shown, runs in deviations:
            out.append(f"- `{rule}`: {number} case{'s' if number != 1 else ''}")
            out += [f"  - {escape_cell(line)}" for line in shown]
            if runs > len(shown):
                out.append(f"  - and {runs - len(shown)} more")
        out.append("")
    out += ["## Counts", ""]
    out.append("| Engine | Selection | " + " | ".join(s.value.capitalize() for s in STATUS_ORDER) + " |")
    out.append("|---|---|" + "---:|" * len(STATUS_ORDER))
    for row in _engine_summary(matrix):
        out.append("| " + " | ".join(escape_cell(c) for c in row) + " |")
    out += ["", "## Rules", ""]
    out.append("| Rule | " + " | ".join(escape_cell(e.label) for e in matrix.engines) + " |")
    out.append("|---|" + "---|" * len(matrix.engines))
    for rule in matrix.rules:
        cells = []
        for index in range(len(matrix.engines)):
            cell = matrix.cell(index, rule)
            verdicts = _verdicts(cell)
            text = escape_cell(_counts_text(cell))
            for verdict in verdicts:
                text += "<br>" + (f"**{verdict}**" if verdict.startswith("wrong") else verdict)
            cells.append(text)
        out.append(f"| `{rule}` | " + " | ".join(cells) + " |")
    out += ["", "## Differences", ""]
    for label, items in _differences(matrix):
        out.append(f"### {escape_cell(label)}")
        out.append("")
        if not items:
            out += ["No difference from the spec.", ""]
            continue
        for rule, profiles, description, cases in items:
            under = f" under {profiles}" if profiles else ""
            out.append(f"- `{rule}`{under}: {description}; failing: {escape_cell(_cases(cases))}")
        out.append("")
    if matrix.uncovered:
        out.append(
            f"{len(matrix.uncovered)} rules of the selection have no case: "
            + ", ".join(f"`{r}`" for r in matrix.uncovered)
        )
    return "\n".join(out).rstrip("\n") + "\n"


_CSS = """
body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #ccc; padding: .3rem .6rem; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
td.num { text-align: right; }
td.pass { background: #e6f4e6; }
td.variant { background: #fff4d6; }
td.wrong { background: #fbe0e0; }
td.error { background: #f0e0f8; }
td.unsupported, td.none { background: #f4f4f4; color: #666; }
code { font-size: 90%; }
.legend span { display: inline-block; padding: .1rem .5rem; margin-right: .5rem; border: 1px solid #ccc; }
"""


def render_matrix_html(matrix: Matrix, *, suite: str, spec: str, protocol: str) -> str:
    """The matrix as a self-contained HTML page (inline CSS, no scripts, no external assets)."""
    e = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        "<title>Sheepshead conformance matrix</title>",
        f"<style>{_CSS}</style></head><body>",
        "<h1>Sheepshead conformance matrix</h1>",
        f"<p>{e(_header_lines(matrix, suite, spec, protocol)[0])}</p>",
    ]
    for engine in matrix.engines:
        lines, deviations = _engine_facts(engine, matrix)
        out.append(
            f'<section class="engine"><h2>{e(engine.label)}</h2><ul>'
            + "".join(f"<li>{e(line)}</li>" for line in lines)
            + "</ul>"
        )
        if not deviations:
            out.append("<p>No deviation from the spec.</p></section>")
            continue
        out.append('<table class="deviations"><tr><th>Blamed rule</th><th>Cases</th><th>Expected and actual</th></tr>')
        for rule, number, examples, runs in deviations:
            more = f"<br>and {runs - len(examples)} more" if runs > len(examples) else ""
            out.append(
                f'<tr><td class="wrong"><code>{e(rule)}</code></td><td class="num">{number}</td>'
                f"<td>{'<br>'.join(e(line) for line in examples)}{more}</td></tr>"
            )
        out.append("</table></section>")
    out += [
        "<h2>Counts</h2>",
        '<p class="legend"><span class="pass">pass</span><span class="variant">implements a variant'
        '</span><span class="wrong">wrong</span><span class="error">error</span>'
        '<span class="unsupported">unsupported / no case</span></p>',
        "<table><tr><th>Engine</th><th>Selection</th>"
        + "".join(f"<th>{e(s.value)}</th>" for s in STATUS_ORDER)
        + "</tr>",
    ]
    for row in _engine_summary(matrix):
        out.append(
            "<tr>"
            + "".join(f"<td>{e(c)}</td>" for c in row[:2])
            + "".join(f'<td class="num">{e(c)}</td>' for c in row[2:])
            + "</tr>"
        )
    out.append(
        "</table><h2>Rules</h2><table><tr><th>Rule</th>"
        + "".join(f"<th>{e(x.label)}</th>" for x in matrix.engines)
        + "</tr>"
    )
    for rule in matrix.rules:
        row = [f'<td><code id="{e(rule)}">{e(rule)}</code></td>']
        for index in range(len(matrix.engines)):
            cell = matrix.cell(index, rule)
            body = e(_counts_text(cell)) + "".join(f"<br>{e(v)}" for v in _verdicts(cell))
            row.append(f'<td class="{cell.verdict}">{body}</td>')
        out.append("<tr>" + "".join(row) + "</tr>")
    out.append("</table><h2>Differences</h2>")
    for label, items in _differences(matrix):
        out.append(f"<h3>{e(label)}</h3>")
        if not items:
            out.append("<p>No difference from the spec.</p>")
            continue
        out.append("<ul>")
        for rule, profile_text, description, cases in items:
            shown = re.sub(r"`([^`]*)`", r"<code>\1</code>", e(profile_text))
            under = f" under {shown}" if shown else ""
            out.append(f"<li><code>{e(rule)}</code>{under}: {e(description)}; failing: {e(_cases(cases))}</li>")
        out.append("</ul>")
    if matrix.uncovered:
        out.append(
            f"<p>{len(matrix.uncovered)} rules of the selection have no case: "
            + ", ".join(f"<code>{e(r)}</code>" for r in matrix.uncovered)
            + "</p>"
        )
    out.append("</body></html>")
    return "\n".join(out) + "\n"
