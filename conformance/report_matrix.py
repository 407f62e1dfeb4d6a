"""The engine matrix as Markdown and as one self-contained HTML page (inline CSS, no assets).

Both show, per engine, the counts over the selected profiles; per rule and engine, the counts
and the verdict (*variant* ``axis=option`` or *wrong under every profile*); then each difference
with the profile it appears under and the failing cases.
"""

from __future__ import annotations

import html
import re

from conformance.matrix import Cell, Matrix
from conformance.report_markdown import escape_cell
from conformance.results import Status
from conformance.summary import STATUS_ORDER, count

__all__ = ["cell_text", "render_matrix_html", "render_matrix_markdown"]

_MAX_CASES = 5


def _counts_text(cell: Cell) -> str:
    c = cell.counts
    if cell.verdict == "none":
        return "no case"
    parts = [f"{c[Status.PASSED]} pass"]
    parts += [f"{c[s]} {w}" for s, w in ((Status.FAILED, "fail"), (Status.UNSUPPORTED, "unsup"),
                                         (Status.ERROR, "error")) if c[s]]  # fmt: skip
    return " · ".join(parts)


def _verdicts(cell: Cell) -> list[str]:
    """The distinct difference descriptions of a cell, wrong first."""
    seen: dict[str, None] = {}
    for difference in sorted(cell.differences, key=lambda d: d.is_variant):
        text = "wrong under every profile" if not difference.is_variant else (
            "variant " + ", ".join(f"{a}={o}" for a, o in difference.variants))
        seen.setdefault(text, None)
    return list(seen)


def cell_text(cell: Cell) -> str:
    """A cell as one line of text: counts, then the verdicts.

    >>> from conformance.summary import Counts
    >>> cell_text(Cell(Counts({Status.PASSED: 3})))
    '3 pass'
    """
    verdicts = _verdicts(cell)
    return _counts_text(cell) + ("; " + "; ".join(verdicts) if verdicts else "")


def _header_lines(matrix: Matrix, suite: str, spec: str, protocol: str) -> list[str]:
    profiles = ", ".join(matrix.profiles)
    return [f"Profiles: {profiles} · suite {suite} · spec {spec} · protocol {protocol}"]


def _engine_summary(matrix: Matrix) -> list[list[str]]:
    rows = []
    for engine in matrix.engines:
        counts = count(r for r in engine.results if r.profile in matrix.profiles)
        rows.append([engine.label, engine.selection, *(str(counts[s]) for s in STATUS_ORDER)])
    return rows


def _profiles(profiles: list[str], selected: tuple[str, ...]) -> str:
    """```standard`, `tournament``` or ``all 10 profiles``."""
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
        items = [(rule, _profiles(profiles, matrix.profiles), text, list(failing))
                 for (rule, text, failing), profiles in grouped.items()]  # fmt: skip
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
            out += ["No difference from the spec under the selected profiles.", ""]
            continue
        for rule, profiles, description, cases in items:
            out.append(f"- `{rule}` under {profiles}: {description}; failing: {escape_cell(_cases(cases))}")
        out.append("")
    if matrix.uncovered:
        out.append(f"{len(matrix.uncovered)} rules of the selection have no case: "
                   + ", ".join(f"`{r}`" for r in matrix.uncovered))  # fmt: skip
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
        '<p class="legend"><span class="pass">pass</span><span class="variant">implements a variant'
        '</span><span class="wrong">wrong under every profile</span><span class="error">error</span>'
        '<span class="unsupported">unsupported / no case</span></p>',
        "<table><tr><th>Engine</th><th>Selection</th>"
        + "".join(f"<th>{e(s.value)}</th>" for s in STATUS_ORDER)
        + "</tr>",
    ]
    for row in _engine_summary(matrix):
        out.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row[:2])
                   + "".join(f'<td class="num">{e(c)}</td>' for c in row[2:]) + "</tr>")  # fmt: skip
    out.append("</table><h2>Rules</h2><table><tr><th>Rule</th>"
               + "".join(f"<th>{e(x.label)}</th>" for x in matrix.engines) + "</tr>")  # fmt: skip
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
            out.append("<p>No difference from the spec under the selected profiles.</p>")
            continue
        out.append("<ul>")
        for rule, profiles, description, cases in items:
            shown = re.sub(r"`([^`]*)`", r"<code>\1</code>", e(profiles))
            out.append(f"<li><code>{e(rule)}</code> under {shown}: {e(description)};"
                       f" failing: {e(_cases(cases))}</li>")  # fmt: skip
        out.append("</ul>")
    if matrix.uncovered:
        out.append(f"<p>{len(matrix.uncovered)} rules of the selection have no case: "
                   + ", ".join(f"<code>{e(r)}</code>" for r in matrix.uncovered) + "</p>")  # fmt: skip
    out.append("</body></html>")
    return "\n".join(out) + "\n"
