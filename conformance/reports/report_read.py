"""Read back a JSON report of ``run`` (``sheepshead-report/1``), so that ``matrix`` can compare
engines from saved reports without running them again.

:func:`read_report` checks the file against ``spec/schema/report.schema.json`` and rebuilds every
case result, the declared rule set and the variants read from behaviour. Every problem is a
:class:`ReportReadError` naming the file (and the JSON path or line), never a traceback.
"""

from __future__ import annotations

import json
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from jsonschema import Draft202012Validator
from sheepshead_spec import package_dir

from conformance.reports.report_json import REPORT_FORMAT
from conformance.judge.results import CaseResult, Status

__all__ = ["MAX_REPORT_BYTES", "ReportReadError", "SavedReport", "read_report"]

MAX_REPORT_BYTES = 256 * 1024 * 1024
"""The largest report read back (a whole suite under every profile is a few MiB)."""


class ReportReadError(Exception):
    """A saved report that cannot be read: not JSON, not a ``sheepshead-report/1``, or invalid."""


@dataclass(frozen=True)
class SavedReport:
    """A JSON report read back: what ``matrix`` needs of one engine's run."""

    file: str
    selection: str
    name: str
    version: str
    profiles: tuple[str, ...]
    """The named profiles of the run; empty: the engine's own declared rule set."""
    results: tuple[CaseResult, ...]
    verdict: str = ""
    rule_set: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Axis -> what the engine declared."""
    axes: tuple[str, ...] = ()
    """Per axis: what was declared and what the answers are consistent with (one line each)."""
    differing_axes: tuple[str, ...] = ()
    """The lines of :attr:`axes` whose behaviour contradicts the declaration."""
    closest: tuple[tuple[str, int], ...] = ()
    explained: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Result key of a failed case -> the ``axis=option`` the engine plays there instead."""


@cache
def _validator() -> Draft202012Validator:
    schema = json.loads((Path(str(package_dir())) / "schema" / "report.schema.json").read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


def _path(parts: Any) -> str:
    text = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in parts)
    return text.lstrip(".") or "(the document)"


def _result(data: Mapping[str, Any]) -> CaseResult:
    return CaseResult(
        case_id=data["id"],
        kind=data["kind"],
        profile=data["profile"],
        rules=tuple(data["rules"]),
        status=Status(data["status"]),
        location=data.get("location") or "",
        message=data.get("message") or "",
        expected=data.get("expected") or "",
        actual=data.get("actual") or "",
        detail=data.get("detail") or "",
        duration=float(data.get("duration") or 0.0),
        areas=tuple(data.get("areas") or ()),
        config=tuple(sorted((str(k), str(v)) for k, v in (data.get("config") or {}).items())),
        profiles=tuple(data.get("profiles") or ()),
        blamed=tuple(data.get("blamed") or ()),
        consequences=tuple(data.get("consequences") or ()),
        reason=data.get("reason") or "",
        checks=int(data.get("checks") or 0),
        unjudged=tuple(data.get("unjudged") or ()),
    )


def read_report(path: Path) -> SavedReport:
    """Read a saved JSON report.

    :raises ReportReadError: the file is missing, too large, not JSON, or not a valid report.
    """
    name = str(path)
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):  # reading a pipe would wait for a writer forever
            raise ReportReadError(f"{name}: not a regular file (a folder, a pipe or a device)")
        size = status.st_size
        if size > MAX_REPORT_BYTES:
            raise ReportReadError(f"{name}: {size} bytes: larger than the {MAX_REPORT_BYTES} a report may have")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReportReadError(f"{name}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ReportReadError(f"{name}: cannot be read: {error}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ReportReadError(f"{name}:{error.lineno}: not JSON: {error.msg} (column {error.colno})") from None
    except RecursionError:
        raise ReportReadError(f"{name}: not a report: nested too deeply") from None
    if not isinstance(data, dict) or data.get("format") != REPORT_FORMAT:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise ReportReadError(f"{name}: not a {REPORT_FORMAT} report (format: {found!r})")
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        shown = "; ".join(f"{_path(e.absolute_path)}: {e.message[:200]}" for e in errors[:3])
        more = f" (and {len(errors) - 3} more)" if len(errors) > 3 else ""
        raise ReportReadError(f"{name}: not a valid report: {shown}{more}")
    engine = data["engine"]
    reading = data.get("reading") or {}
    axes = reading.get("axes") or ()
    return SavedReport(
        file=name,
        selection=engine["selection"],
        name=engine["name"],
        version=engine["version"],
        profiles=tuple(data["profiles"]),
        results=tuple(_result(r) for r in data["results"]),
        verdict=data.get("verdict") or ("PASSED" if data["ok"] else "FAILED"),
        rule_set=MappingProxyType(dict(data.get("rule_set") or {})),
        axes=tuple(a["text"] for a in axes),
        differing_axes=tuple(a["text"] for a in axes if a.get("differs")),
        closest=tuple((str(p), int(n)) for p, n in reading.get("closest") or ()),
        explained=MappingProxyType(dict(reading.get("explained") or {})),
    )
