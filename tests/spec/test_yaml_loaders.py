"""The libyaml loader (used for speed when installed) and the pure-Python loader read every YAML
file of the project identically: the same data, the same line of every value, the same problems;
and a document the fast loader rejects is reported with the pure-Python loader's message."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from sheepshead_spec import yamldoc

REPO = Path(__file__).resolve().parents[2]
FILES = sorted(p for folder in ("spec", "fixtures") for p in (REPO / folder).rglob("*.yaml"))


@pytest.mark.skipif(yamldoc._FAST_LOADER is None, reason="PyYAML is installed without libyaml")
def test_both_loaders_read_every_project_file_identically() -> None:
    assert len(FILES) > 150
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        fast = yamldoc._parse_with(yamldoc._FAST_LOADER, text, path.name, report=True)
        slow = yamldoc._parse_with(yaml.SafeLoader, text, path.name, report=True)
        assert fast is not None and slow is not None
        (fast_doc, fast_problems), (slow_doc, slow_problems) = fast, slow
        assert fast_problems == slow_problems, path
        assert fast_doc is not None and slow_doc is not None, path
        assert fast_doc.data == slow_doc.data, path
        assert fast_doc.lines == slow_doc.lines, path


@pytest.mark.parametrize(
    "text",
    ["format: x\ndeal: [\n", "a: 1\n  b: 2\n", "a: *nothing\n", "a: 'open\n", "- a\nb: 1\n", "a: \x07\n"],
)
def test_a_rejected_document_gets_the_pure_python_message(text: str) -> None:
    document, problems = yamldoc.parse_yaml_document(text, "bad.yaml")
    expected = yamldoc._parse_with(yaml.SafeLoader, text, "bad.yaml", report=True)
    assert document is None and expected is not None and problems == expected[1] and problems
