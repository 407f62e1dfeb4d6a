"""``adapters/CALLBACKS.md`` against the code: every key and callback the Node helper reads from an
engine, and every method of the Python ``StepEngine`` (and those ``StepAdapter`` passes through),
is in the reference tables, and nothing in them is absent from the code; the arguments and
fields the tables name are those of the code and of the protocol's schemas."""

from __future__ import annotations

import dataclasses
import inspect
import json
import re
from pathlib import Path

import conformance.adapter as adapter_module
from conformance.kit import steps as steps_module
from conformance.kit.steps import Step, StepEngine, StepResult, StepTrick

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "adapters" / "CALLBACKS.md"
HELPER = ROOT / "adapters" / "node" / "sheepshead-adapter.js"
SCHEMAS = ROOT / "spec" / "schema" / "protocol"


def _sections() -> dict[str, str]:
    """The document's text under each ``##`` and ``###`` heading (a ``###`` section is also
    part of its ``##`` one)."""
    text = DOC.read_text(encoding="utf-8")
    out: dict[str, str] = {}
    for level in ("## ", "### "):
        parts = re.split(rf"^{level}(.+)$", text, flags=re.MULTILINE)
        for title, body in zip(parts[1::2], parts[2::2], strict=True):
            out[title.strip()] = re.split(r"^## ", body, flags=re.MULTILINE)[0] if level == "### " else body
    return out


def _rows(section: str) -> list[list[str]]:
    """The table rows of a section, as cells (the header and the rule left out)."""
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in section.splitlines()
        if line.startswith("|")
    ]
    return [row for row in rows[2:] if not set("".join(row)) <= set("-: ")]


def _name(cell: str) -> str:
    found = re.match(r"`(\w+)", cell)
    assert found, f"a table row without a backticked name: {cell!r}"
    return found.group(1)


def _node_names_in_code() -> set[str]:
    source = HELPER.read_text(encoding="utf-8")
    names = set(re.findall(r"\bengine\.(\w+)", source)) | set(re.findall(r'\bhas\("(\w+)"\)', source))
    queries = re.search(r"const QUERIES = \{(.*?)\};", source, flags=re.DOTALL)
    steps = re.search(r"const STEP_CALLBACKS = \[(.*?)\];", source, flags=re.DOTALL)
    assert queries and steps
    names |= set(re.findall(r':\s*"(\w+)"', queries.group(1))) | set(re.findall(r'"(\w+)"', steps.group(1)))
    return names


def _node_rows() -> dict[str, list[str]]:
    sections = _sections()
    rows = [
        *_rows(sections["Keys"]),
        *_rows(sections["Step callbacks (capability `steps`)"]),
        *_rows(sections["Query callbacks (one capability each)"]),
    ]
    return {_name(row[0]): row for row in rows}


def test_every_key_and_callback_the_node_helper_reads_is_in_the_table_and_no_other() -> None:
    in_code, in_doc = _node_names_in_code(), set(_node_rows())
    assert in_code - in_doc == set(), "read by the helper, missing from adapters/CALLBACKS.md"
    assert in_doc - in_code == set(), "in adapters/CALLBACKS.md, never read by the helper"
    assert {"phase", "snapshot", "restore", "lastAction", "keepsStateOnRefusal"} <= in_code


def test_the_node_query_callbacks_name_the_fields_of_the_protocols_messages() -> None:
    source = HELPER.read_text(encoding="utf-8")
    queries = re.search(r"const QUERIES = \{(.*?)\};", source, flags=re.DOTALL)
    assert queries
    kinds = {callback: kind.strip('"') for kind, callback in re.findall(r'([\w"-]+):\s*"(\w+)"', queries.group(1))}
    rows = _rows(_sections()["Query callbacks (one capability each)"])
    assert {_name(row[0]) for row in rows} == set(kinds)
    for row in rows:
        kind = kinds[_name(row[0])]
        assert row[3] == f"`{kind}`", row
        request = json.loads((SCHEMAS / f"{kind}-request.schema.json").read_text(encoding="utf-8"))
        asked = set(re.findall(r"\w+", re.search(r"`\{(.*?)\}`", row[1]).group(1)))  # type: ignore[union-attr]
        assert asked == set(request["properties"]) - {"id", "type"}, (kind, asked)
        answered = re.search(r"`\{(.*?)\}`", row[2])
        if answered:
            response = json.loads((SCHEMAS / f"{kind}-response.schema.json").read_text(encoding="utf-8"))
            assert set(re.findall(r"\w+", answered.group(1))) <= set(response["properties"]) - {"id"}, kind


def _step_engine_methods() -> dict[str, list[str]]:
    return {
        name: [p for p in inspect.signature(value).parameters if p != "self"]
        for name, value in vars(StepEngine).items()
        if inspect.isfunction(value) and not name.startswith("_")
    }


def test_every_step_engine_method_is_in_the_table_with_its_arguments_and_no_other() -> None:
    rows = _rows(_sections()["Methods"])
    in_doc = {_name(row[0]): row[0] for row in rows}
    methods = _step_engine_methods()
    assert set(in_doc) == set(methods)
    for name, parameters in methods.items():
        assert in_doc[name] == f"`{name}({', '.join(parameters)})`"


def test_the_optional_methods_are_those_step_adapter_reads() -> None:
    source = inspect.getsource(steps_module)
    read = set(re.findall(r'getattr\(self\.engine, "(\w+)"', source)) | set(re.findall(r'_query\("(\w+)"', source))
    rows = _rows(_sections()["Optional methods `StepAdapter` passes through"])
    assert {_name(row[0]) for row in rows} == read


def test_the_return_values_are_the_fields_of_step_step_result_and_step_trick() -> None:
    rows = _rows(_sections()["Return values"])
    in_doc = {(_name(row[0]), _name(row[1])) for row in rows}
    in_code = {(cls.__name__, field.name) for cls in (Step, StepResult, StepTrick) for field in dataclasses.fields(cls)}
    assert in_doc == in_code


def test_every_python_type_named_with_fields_has_those_fields() -> None:
    """`ScoreRequest(options, …)` in the tables lists the dataclass's fields in order (a trailing
    `…` for a part of them)."""
    text = _sections()["Python `StepEngine`"]
    named = re.findall(r"`(\w+)\(([^`]*)\)`", text)
    checked = 0
    for name, listed in named:
        cls = getattr(adapter_module, name, None) or getattr(steps_module, name, None)
        if cls is None or not dataclasses.is_dataclass(cls):
            continue
        fields = [field.name for field in dataclasses.fields(cls)]
        parts = [part.strip() for part in listed.split(",")]
        if parts[-1] == "…":
            assert parts[:-1] == fields[: len(parts) - 1], name
        else:
            assert parts == fields, name
        checked += 1
    assert checked >= 8


def test_the_readme_links_the_reference_from_wrapping_an_engine() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Wrapping an engine", 1)[1].split("\n## ", 1)[0]
    assert "adapters/CALLBACKS.md" in section
