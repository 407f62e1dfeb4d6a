"""The Markdown report of ``run`` (``--format markdown``), for CI step summaries.

A heading with the verdict, one line naming the engine, profiles and versions, a table of counts
per rule area, then a table of the failures and errors (the first 50) and the baseline verdict.
Append it to ``$GITHUB_STEP_SUMMARY`` with ``--output "$GITHUB_STEP_SUMMARY"`` or a shell ``>>``.
"""

from __future__ import annotations

from conformance.reports.report import Report
from conformance.judge.summary import STATUS_ORDER, Counts

__all__ = ["escape_cell", "render_markdown"]

_MAX_ROWS = 50


def escape_cell(text: str) -> str:
    """Text that is safe inside a Markdown table cell: one line, pipes escaped, and ``<``, ``>``
    and ``&`` as entities (so a case id like ``<card> counts`` is not read as an HTML tag).

    >>> escape_cell("a | <b>\\nc")
    'a \\\\| &lt;b&gt; c'
    """
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return " ".join(text.replace("|", "\\|").split())


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _counts_row(name: str, counts: Counts) -> str:
    return _row([name, *(str(counts[s]) for s in STATUS_ORDER)])


def render_markdown(report: Report) -> str:
    """The report as GitHub-flavoured Markdown.

    :param report: the finished run.
    :return: the Markdown text, ending with a newline.
    """
    info = report.info
    counts = report.counts
    verdict = "passed" if report.ok else "FAILED"
    if report.interrupted is not None:
        verdict = f"INTERRUPTED by {report.interrupted} ({verdict} so far)"
    out = [
        f"## Sheepshead conformance: {escape_cell(info.engine_label)} {verdict}",
        "",
        f"Profiles: {', '.join(f'`{p}`' for p in info.profiles)} · suite {info.suite_version}"
        f" · spec {info.spec_version} · protocol {info.protocol_version}"
        f" · {counts.describe()} in {info.duration:.1f} s",
        "",
        _row(["Area", *(s.value.capitalize() for s in STATUS_ORDER)]),
        _row(["---", *("---:" for _ in STATUS_ORDER)]),
        *(_counts_row(area, c) for area, c in report.areas),
        _counts_row("**All cases**", counts),
    ]
    shown = report.shown_problems
    if shown:
        out += ["", "### Failures", "", _row(["Status", "Case", "Rules", "Location", "Message"])]
        out.append(_row(["---"] * 5))
        for result in shown[:_MAX_ROWS]:
            message = result.message or (f"expected {result.expected}, got {result.actual}" if result.expected else "")
            out.append(
                _row(
                    [
                        result.status.value,
                        escape_cell(result.key),
                        ", ".join(f"`{r}`" for r in result.rules),
                        escape_cell(result.location),
                        escape_cell(message),
                    ]
                )
            )
        if len(shown) > _MAX_ROWS:
            out += ["", f"… and {len(shown) - _MAX_ROWS} more (see the text or JSON report)."]
    if report.baseline is not None:
        verdict_ = report.baseline
        out += [
            "",
            f"### Baseline `{escape_cell(report.baseline_file or '')}`",
            "",
            f"{len(verdict_.new)} new, {len(verdict_.fixed)} fixed, {len(verdict_.expected)} as expected.",
        ]
        out += [""] if verdict_.new or verdict_.fixed else []
        out += [f"- new: `{escape_cell(r.key)}`" for r in verdict_.new]
        out += [f"- fixed, remove from baseline: `{escape_cell(e.key)}`" for e in verdict_.fixed]
    return "\n".join(out) + "\n"
