"""The spec schemas, and schema problems located at their line and path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from sheepshead_spec import validate_yaml_against_schema

from .conftest import SCHEMA_DIR, MakeSpec, line_of

SPEC_SCHEMAS = ["rules.schema.json", "variants.schema.json"]


@pytest.mark.parametrize("name", SPEC_SCHEMAS)
def test_schema_is_valid_draft_2020_12(name: str) -> None:
    schema = json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


def _loose_objects(node: Any, where: str) -> list[str]:
    """Object schemas that allow unknown keys, and properties without a description."""
    found: list[str] = []
    if isinstance(node, dict):
        is_object = node.get("type") == "object" and "properties" in node
        if is_object and node.get("additionalProperties") is not False:
            found.append(f"{where}: additionalProperties is not false")
        for key, sub in node.get("properties", {}).items():
            if not isinstance(sub, dict) or not sub.get("description"):
                found.append(f"{where}.properties.{key}: no description")
        for key, value in node.items():
            if key != "if":  # conditions name properties, they do not define them
                found += _loose_objects(value, f"{where}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _loose_objects(value, f"{where}[{index}]")
    return found


@pytest.mark.parametrize("name", SPEC_SCHEMAS)
def test_schema_is_strict_and_described(name: str) -> None:
    schema = json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))
    assert _loose_objects(schema, "#") == []


@pytest.mark.parametrize(
    ("file", "old", "new", "needle", "expected"),
    [
        (
            "rules",
            "basis: tradition",
            "basis: folklore",
            "basis: folklore",
            "rules[1].basis: 'folklore' is not one of ['seed', 'derived', 'tradition', 'practice']",
        ),
        (
            "rules",
            "id: deck.five-players",
            "id: Deck.Five",
            "id: Deck.Five",
            r"rules[0].id: 'Deck.Five' does not match '^[a-z][a-z-]*\\.[a-z0-9][a-z0-9-]*$'",
        ),
        (
            "rules",
            "    title: Five players\n",
            "    title: Five players\n    colour: red\n",
            "colour: red",
            "rules[0].colour: unexpected property 'colour' (allowed: id, area, title, statement,"
            " basis, sources, derived_from, references, cites, axis, note, errata)",
        ),
        (
            "rules",
            "basis: tradition\n    references: [W]\n",
            "basis: seed\n",
            "id: trick.highest-trump-wins",
            "rules[1]: 'sources' is a required property (a rule with basis seed needs sources)",
        ),
        (
            "rules",
            "line: 2\n",
            "line: 0\n",
            "line: 0",
            "rules[0].sources[0].line: 0 is less than the minimum of 1",
        ),
        (
            "rules",
            "axis: jack-order",
            "axis: [jack-order, Bad]",
            "axis: [",
            "rules[1].axis[1]: 'Bad' does not match '^[a-z][a-z0-9-]*$'",
        ),
        (
            "variants",
            "        references: [W]\n",
            "",
            "id: spades-first",
            "axes[0].options[1]: needs at least one of: sources, references, unsourced",
        ),
        (
            "variants",
            "jack-order: clubs-first",
            "jack-order: on",
            "jack-order: on",
            "profiles[0].options.jack-order: True is not of type 'string'; YAML reads unquoted"
            " yes/no/on/off/true/false as booleans, so quote it",
        ),
        (
            "variants",
            "    option: spades-first\n",
            "    option: spades-first\n    axis: jack-order\n",
            "axis: jack-order",
            "errata[0].axis: duplicate key 'axis' (first on line 26)",
        ),
    ],
    ids=[
        "enum",
        "pattern",
        "unexpected-property",
        "basis-needs-sources",
        "minimum",
        "axis-list-item",
        "option-needs-support",
        "unquoted-boolean",
        "duplicate-key",
    ],
)
def test_schema_violation_names_line_and_path(
    make_spec: MakeSpec, file: str, old: str, new: str, needle: str, expected: str
) -> None:
    spec = make_spec(**{file: [(old, new)]})
    text = spec.rules if file == "rules" else spec.variants
    occurrence = 2 if needle == "axis: jack-order" else 1
    line = line_of(text, needle, occurrence)
    assert spec.problems() == [f"spec/{file}.yaml:{line}: {expected}"]


def test_problems_of_both_files_are_reported(make_spec: MakeSpec) -> None:
    spec = make_spec(
        rules=[("    title: Five players\n", "    title: [Five players\n")],
        variants=[("default: clubs-first", "default: 7")],
    )
    rules_line = line_of(spec.rules, "title: [Five")
    variants_line = line_of(spec.variants, "default: 7")
    problems = spec.problems()
    assert len(problems) == 2
    assert problems[0].startswith(f"spec/rules.yaml:{rules_line + 1}: invalid YAML: ")
    assert problems[1] == f"spec/variants.yaml:{variants_line}: axes[0].default: 7 is not of type 'string'"


def _write(folder: Path, name: str, value: Any) -> Path:
    path = folder / name
    path.write_text(json.dumps(value) if not isinstance(value, str) else value, encoding="utf-8")
    return path


def test_generic_validation_follows_refs_between_schema_files(tmp_path: Path) -> None:
    base = "https://example.test/schema/"
    _write(
        tmp_path,
        "card.schema.json",
        {"$id": base + "card.schema.json", "type": "string", "pattern": "^[A-Z]{2}$"},
    )
    hand = _write(
        tmp_path,
        "hand.schema.json",
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": base + "hand.schema.json",
            "type": "object",
            "properties": {"cards": {"type": "array", "items": {"$ref": "card.schema.json"}}},
        },
    )
    record = _write(tmp_path, "hand.yaml", "cards:\n  - QC\n  - qc\n")
    problems = validate_yaml_against_schema(record, hand, file="hand.yaml")
    assert [str(p) for p in problems] == ["hand.yaml:3: cards[1]: 'qc' does not match '^[A-Z]{2}$'"]


def test_generic_validation_without_ids_resolves_relative_files(tmp_path: Path) -> None:
    (tmp_path / "defs").mkdir()
    _write(tmp_path / "defs", "seat.json", {"enum": ["S1", "S2"]})
    schema = _write(tmp_path, "s.json", {"properties": {"seat": {"$ref": "defs/seat.json"}}})
    record = _write(tmp_path, "r.yaml", "seat: S9\n")
    problems = validate_yaml_against_schema(record, schema, file="r.yaml")
    assert [str(p) for p in problems] == ["r.yaml:1: seat: 'S9' is not one of ['S1', 'S2']"]


@pytest.mark.parametrize(
    ("schema_text", "expected"),
    [
        ('{\n  "type": "object",\n}', "s.json:3: invalid JSON: "),
        ('{"type": "objekt"}', "s.json: type: invalid schema: "),
        ('{"$ref": "missing.json"}', "s.json: invalid schema: cannot resolve 'missing.json'"),
    ],
    ids=["bad-json", "bad-schema", "unresolvable-ref"],
)
def test_broken_schema_is_a_problem_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, schema_text: str, expected: str
) -> None:
    monkeypatch.chdir(tmp_path)
    schema = _write(tmp_path, "s.json", schema_text)
    record = _write(tmp_path, "r.yaml", "a: 1\n")
    problems = [str(p) for p in validate_yaml_against_schema(record, schema)]
    assert len(problems) == 1
    assert problems[0].startswith(expected), problems[0]


def test_generic_validation_reports_bad_yaml(tmp_path: Path) -> None:
    schema = _write(tmp_path, "s.json", {"type": "object"})
    record = _write(tmp_path, "r.yaml", "a: 1\nb: [\n")
    problems = [str(p) for p in validate_yaml_against_schema(record, schema, file="r.yaml")]
    assert len(problems) == 1 and problems[0].startswith("r.yaml:3: invalid YAML: ")
