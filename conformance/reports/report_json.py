"""The JSON report of ``run`` (``--format json``), valid against ``spec/schema/report.schema.json``.

One document: the engine (selection, name, version), the profiles, the suite, spec and protocol
versions, the selection, the summary counts, counts per area, the baseline verdict when a
baseline was given, and every case result.
"""

from __future__ import annotations

import json
from typing import Any

from conformance.reports.report import Report
from conformance.judge.results import CaseResult
from conformance.judge.summary import STATUS_ORDER, Counts, result_areas, sorted_results

__all__ = ["REPORT_FORMAT", "render_json", "report_data"]

REPORT_FORMAT = "sheepshead-report/1"
"""The ``format`` value of a JSON report."""


def _counts(counts: Counts) -> dict[str, int]:
    return {"total": counts.total, **{s.value: counts[s] for s in STATUS_ORDER}}


def _result(result: CaseResult) -> dict[str, Any]:
    return {
        "id": result.case_id,
        "key": result.key,
        "kind": result.kind,
        "profile": result.profile,
        "rules": list(result.rules),
        "areas": list(result_areas(result)),
        "status": result.status.value,
        "location": result.location,
        "message": result.message,
        "expected": result.expected,
        "actual": result.actual,
        "detail": result.detail,
        "duration": round(result.duration, 6),
        "profiles": list(result.profiles),
        "config": dict(result.config),
        "blamed": list(result.blamed),
        "consequences": list(result.consequences),
        "reason": result.reason,
        "checks": result.checks,
        "unjudged": list(result.unjudged),
    }


def _reading(report: Report) -> dict[str, Any] | None:
    reading = report.reading
    if reading is None:
        return None
    axes = [
        {
            "axis": a.axis,
            "declared": list(a.declared),
            "note": a.note,
            "agree": dict(a.agree),
            "disagree": dict(a.disagree),
            "plays": list(a.plays),
            "differs": a.differs,
            "text": a.describe(),
        }
        for a in reading.axes
    ]
    return {
        "axes": axes,
        "closest": [list(pair) for pair in reading.closest],
        "explained": dict(reading.explained),
        "deviations": {rule: [r.key for r in found] for rule, found in reading.deviations.items()},
    }


def report_data(report: Report) -> dict[str, Any]:
    """The report as JSON-ready data.

    :param report: the finished run.
    :return: a mapping valid against ``report.schema.json``.
    """
    info = report.info
    coverage = report.coverage
    data: dict[str, Any] = {
        "format": REPORT_FORMAT,
        "engine": {
            "selection": info.engine,
            "name": info.engine_name,
            "version": info.engine_version,
        },
        "profiles": list(info.profiles),
        "suite_version": info.suite_version,
        "spec_version": info.spec_version,
        "protocol_version": info.protocol_version,
        "selection": {"rules": list(info.rule_globs), "areas": list(info.areas)},
        "duration": round(info.duration, 3),
        "ok": report.ok,
        "verdict": report.verdict,
        "interrupted": report.interrupted,
        "summary": _counts(report.counts),
        "coverage": {
            "cases": coverage.cases,
            "ran": coverage.ran,
            "unsupported": dict(coverage.unsupported),
            "skipped": coverage.skipped,
            "allowed": coverage.allowed,
        },
        "rule_set": dict(report.rule_set),
        "areas": [{"area": area, **_counts(counts)} for area, counts in report.areas],
        "results": [_result(r) for r in sorted_results(report.results)],
    }
    reading = _reading(report)
    if reading is not None:
        data["reading"] = reading
    if report.baseline is not None:
        verdict = report.baseline
        data["baseline"] = {
            "file": report.baseline_file,
            "new": [r.key for r in verdict.new],
            "fixed": [e.key for e in verdict.fixed],
            "expected": [r.key for r in verdict.expected],
            "not_run": [e.key for e, _ in verdict.not_run],
        }
    return data


def render_json(report: Report) -> str:
    """The report as indented JSON text, ending with a newline."""
    return json.dumps(report_data(report), indent=2, ensure_ascii=False) + "\n"
