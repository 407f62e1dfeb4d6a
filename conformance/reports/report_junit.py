"""The JUnit XML report of ``run`` (``--format junit``), for CI systems that display JUnit.

One ``<testsuite>`` per profile. Each case is a ``<testcase>`` whose ``classname`` is its file
and whose ``name`` is the rest of its id; its ``<properties>`` hold one ``rule`` property per
rule id, the ``profile`` and the ``status``. Failed cases carry ``<failure>``, erred ones
``<error>``, unsupported and skipped ones ``<skipped>`` (the message says which); the detail
(engine stderr) goes to ``<system-err>``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from conformance.reports.report import Report
from conformance.judge.results import CaseResult, Status
from conformance.judge.summary import count, sorted_results

__all__ = ["render_junit"]

_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _clean(text: str) -> str:
    """Text without the characters XML 1.0 cannot carry."""
    return _INVALID_XML.sub("\ufffd", text)


def _names(result: CaseResult) -> tuple[str, str]:
    """``(classname, name)``: the file part of the case id, and the rest."""
    file, sep, rest = result.case_id.partition("::")
    return (file, rest) if sep else (file, result.case_id)


def _body(result: CaseResult) -> str:
    lines = []
    if result.location:
        lines.append(f"case: {result.location}")
    lines.append(f"rules: {', '.join(result.rules)}")
    if result.expected or result.actual:
        lines += [f"expected: {result.expected}", f"actual: {result.actual}"]
    return _clean("\n".join(lines))


def _testcase(suite: ET.Element, report: Report, result: CaseResult) -> None:
    classname, name = _names(result)
    case = ET.SubElement(
        suite,
        "testcase",
        classname=_clean(classname),
        name=_clean(f"{name}[{result.profile}]"),
        time=f"{result.duration:.3f}",
    )
    if result.location:
        file, _, line = result.location.rpartition(":")
        if file and line.isdigit():
            case.set("file", _clean(file))
            case.set("line", line)
    props = ET.SubElement(case, "properties")
    for rule in result.rules:
        ET.SubElement(props, "property", name="rule", value=rule)
    ET.SubElement(props, "property", name="profile", value=result.profile)
    ET.SubElement(props, "property", name="status", value=result.status.value)
    message = _clean(result.message or result.status.value)
    if result.status is Status.FAILED:
        first = result.rules[0] if result.rules else ""
        element = ET.SubElement(case, "failure", message=message, type=first or "failure")
        element.text = _body(result) + (f"\nrule {first}: {report.statement(first)}" if first else "")
    elif result.status is Status.ERROR:
        element = ET.SubElement(case, "error", message=message, type="engine-error")
        element.text = _body(result)
    elif result.status in (Status.UNSUPPORTED, Status.SKIPPED):
        ET.SubElement(case, "skipped", message=_clean(f"{result.status.value}: {message}"))
    if result.detail.strip():
        ET.SubElement(case, "system-err").text = _clean(result.detail)


def render_junit(report: Report) -> str:
    """The report as a JUnit XML document.

    :param report: the finished run.
    :return: the XML text, with a declaration and a final newline.
    """
    info = report.info
    root = ET.Element("testsuites", name="sheepshead-conformance")
    root.set("time", f"{info.duration:.3f}")
    profiles = list(info.profiles) or sorted({r.profile for r in report.results})
    for profile in profiles:
        results = [r for r in sorted_results(report.results) if r.profile == profile]
        counts = count(results)
        suite = ET.SubElement(
            root,
            "testsuite",
            name=f"sheepshead-conformance[{profile}]",
            tests=str(counts.total),
            failures=str(counts[Status.FAILED]),
            errors=str(counts[Status.ERROR]),
            skipped=str(counts[Status.SKIPPED] + counts[Status.UNSUPPORTED]),
            time=f"{sum(r.duration for r in results):.3f}",
        )
        props = ET.SubElement(suite, "properties")
        for name, value in (
            ("engine", info.engine),
            ("engine.name", info.engine_name),
            ("engine.version", info.engine_version),
            ("profile", profile),
            ("suite.version", info.suite_version),
            ("spec.version", info.spec_version),
            ("protocol.version", info.protocol_version),
        ):
            ET.SubElement(props, "property", name=name, value=_clean(value))
        for result in results:
            _testcase(suite, report, result)
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + body + "\n"
