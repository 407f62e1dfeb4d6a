"""Every report format survives any string an engine sends: a lone surrogate, NUL, escapes."""

from __future__ import annotations

import json
import xml.dom.minidom
from pathlib import Path

import pytest

from conformance.cli.support import write_output
from conformance.judge.results import CaseResult, Status
from conformance.judge.summary import RunInfo
from conformance.reports.report import Report
from conformance.reports.report_json import render_json
from conformance.reports.report_junit import render_junit
from conformance.reports.report_markdown import render_markdown
from conformance.reports.report_text import render_text

HOSTILE = "bad \ud800 thing \x00 \x1b[31mred\x1b[0m <tag> & | `"


@pytest.mark.parametrize(
    ("name", "render"), [("junit", render_junit), ("json", render_json), ("md", render_markdown), ("text", render_text)]
)
def test_each_report_format_writes_whatever_the_engine_said(tmp_path: Path, name: str, render: object) -> None:
    result = CaseResult(
        "fixtures/x.yaml",
        "fixture",
        "",
        ("play.follow-suit",),
        Status.ERROR,
        "x.yaml:1",
        f"engine error: {HOSTILE}",
        detail=f"stderr: {HOSTILE}",
    )
    info = RunInfo(
        engine="cmd:x",
        engine_name=f"e{HOSTILE}",
        engine_version="1",
        profiles=(),
        suite_version="0",
        spec_version="0",
        protocol_version="1",
        rule_globs=(),
        areas=(),
        duration=1.0,
    )
    target = tmp_path / f"report.{name}"
    write_output("--output", target, render(Report(info=info, results=(result,))))  # type: ignore[operator]
    text = target.read_text(encoding="utf-8")
    assert "\\ud800" in text and "thing" in text
    if name == "junit":
        xml.dom.minidom.parse(str(target))
    if name == "json":
        assert json.loads(text)["results"][0]["status"] == "error"
