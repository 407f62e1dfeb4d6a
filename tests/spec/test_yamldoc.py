"""Loading YAML safely, with the line of every value, and problems instead of tracebacks."""

from __future__ import annotations

from pathlib import Path

import pytest
from sheepshead_spec import Problem, format_path, load_yaml_document, parse_yaml_document


def _problems(text: str) -> list[str]:
    return [str(p) for p in parse_yaml_document(text, "f.yaml")[1]]


def test_lines_of_nested_values() -> None:
    doc, problems = parse_yaml_document("a:\n  - x\n  - y: 1\n\n    z: [2, 3]\n", "f.yaml")
    assert problems == [] and doc is not None
    assert doc.data == {"a": ["x", {"y": 1, "z": [2, 3]}]}
    assert doc.line(["a"]) == 1
    assert doc.line(["a", 1]) == 3
    assert doc.line(["a", 1, "z"]) == 5
    assert doc.line(["a", 1, "missing", 7]) == 3  # nearest existing ancestor
    assert doc.problem(["a", 1, "z", 0], "bad") == Problem("f.yaml", 5, "a[1].z[0]", "bad")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a: 1\nb: [1, 2\nc: 3\n", "f.yaml:3: invalid YAML: while parsing a flow sequence;"),
        ("a: 1\n  b: 2\n", "f.yaml:2: invalid YAML: mapping values are not allowed here"),
        ("a: &x 1\nb: *y\n", "f.yaml:2: invalid YAML: found undefined alias 'y'"),
        ("a: 1\nb: \x07\n", "f.yaml:2: invalid YAML: special characters are not allowed"),
        ("--- 1\n--- 2\n", "f.yaml:2: invalid YAML: expected a single document"),
    ],
    ids=["flow", "indent", "alias", "control-character", "two-documents"],
)
def test_bad_syntax_is_one_problem_with_its_line(text: str, expected: str) -> None:
    doc, problems = parse_yaml_document(text, "f.yaml")
    assert doc is None
    assert len(problems) == 1
    assert str(problems[0]).startswith(expected), problems[0]


def test_only_safe_tags_are_constructed() -> None:
    problems = _problems("a: 1\nx: !!python/object/apply:os.getcwd []\n")
    assert len(problems) == 1
    assert problems[0].startswith("f.yaml:2: invalid YAML: could not determine a constructor")


def test_duplicate_key_is_a_problem() -> None:
    assert _problems("a: 1\nb: 2\na: 3\n") == ["f.yaml:3: a: duplicate key 'a' (first on line 1)"]


def test_non_string_keys_are_problems() -> None:
    assert _problems("x:\n  on: 1\n  2: b\n") == [
        "f.yaml:2: x: mapping key 'on' is not a string; quote it",
        "f.yaml:3: x: mapping key '2' is not a string; quote it",
    ]


def test_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    path.write_bytes(b"a: 1\nb: \xff\n")
    doc, problems = load_yaml_document(path, "f.yaml")
    assert doc is None
    assert [str(p) for p in problems] == ["f.yaml:2: not UTF-8: invalid start byte at byte 8"]


def test_missing_file(tmp_path: Path) -> None:
    doc, problems = load_yaml_document(tmp_path / "nope.yaml", "nope.yaml")
    assert doc is None
    assert [str(p) for p in problems] == ["nope.yaml: cannot read file: No such file or directory"]


@pytest.mark.parametrize(
    ("parts", "expected"),
    [
        ([], ""),
        (["rules", 4, "sources", 0, "quote"], "rules[4].sources[0].quote"),
        (["profiles", 2, "options", "jack-order"], "profiles[2].options.jack-order"),
        (["x", "a.b"], "x['a.b']"),
        ([3, "id"], "[3].id"),
    ],
)
def test_format_path(parts: list[str | int], expected: str) -> None:
    assert format_path(parts) == expected


def test_problem_rendering() -> None:
    assert str(Problem("a.yaml", 3, "x.y", "bad")) == "a.yaml:3: x.y: bad"
    assert str(Problem("a.yaml", 3, "", "bad")) == "a.yaml:3: bad"
    assert str(Problem("a.yaml", None, "", "bad")) == "a.yaml: bad"


def test_merge_keys_may_be_overridden() -> None:
    doc, problems = parse_yaml_document("base: &b {a: 1, c: 3}\nx:\n  <<: *b\n  a: 2\n", "f.yaml")
    assert problems == [] and doc is not None
    assert doc.data["x"] == {"a": 2, "c": 3}
    assert doc.line(["x", "a"]) == 4
    assert doc.line(["x", "c"]) == 2  # merged in: the line of the mapping that merges it


def test_recursive_alias_is_a_problem() -> None:
    doc, problems = parse_yaml_document("a: &x [1, *x]\n", "f.yaml")
    assert doc is None
    assert [str(p) for p in problems] == ["f.yaml:1: a[1]: recursive alias"]
