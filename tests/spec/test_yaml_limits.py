"""Hostile YAML never gives a traceback: each case is a ``file:line`` problem (issue: reliability).

Nesting, integers too long to convert, explicit tags that cannot be constructed, alias bombs,
oversized text, a ``format`` that is a list, and lone surrogates in the output.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from reference_impl.record import RecordError, loads
from sheepshead_spec.yamldoc import MAX_BYTES, parse_yaml_document
from tests.harness.synthetic import run_cli

BOMB = "".join(
    f"{name}: &{name} [{', '.join([f'*{prev}'] * 9) if prev else ', '.join(['lol'] * 9)}]\n"
    for prev, name in zip([None, *"abcdefgh"], "abcdefghi")
)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("a: " + "[" * 500 + "]" * 500 + "\n", None, "nested more than 64 levels deep"),
        ("a:\n  b: " + "9" * 5000 + "\n", 2, "is not a valid int: Exceeds the limit"),
        ("dealer: !!int S5\n", 1, "'S5' is not a valid int"),
        ("card: !!float AH\n", 1, "'AH' is not a valid float"),
        ("flag: !!bool nope\n", 1, "'nope' is not a valid bool"),
        ("when: !!timestamp 2001-13-45\n", 1, "is not a valid timestamp"),
        (BOMB, None, "the document expands to more than"),
    ],
)
def test_hostile_yaml_is_a_problem_with_its_line(text: str, line: int | None, message: str) -> None:
    started = time.perf_counter()
    document, problems = parse_yaml_document(text, "bad.yaml")
    assert time.perf_counter() - started < 5  # bounded: the bomb is refused before it expands
    assert document is None and problems
    assert message in problems[0].message
    if line is not None:
        assert problems[0].line == line


def test_oversized_text_is_refused() -> None:
    document, problems = parse_yaml_document("a: b\n" * (MAX_BYTES // 5 + 1), "big.yaml")
    assert document is None and "more than a record may be" in problems[0].message


@pytest.mark.parametrize("value", ["[sheepshead-hand/1]", "{a: 1}"])
def test_a_format_that_is_not_a_string_is_a_problem(tmp_path: Path, value: str) -> None:
    record = tmp_path / "bad.yaml"
    record.write_text(f"format: {value}\n", encoding="utf-8")
    outcome = run_cli(["check", str(record)])
    assert outcome.status == 2 and "Traceback" not in outcome.err
    assert (
        "format must be 'sheepshead-hand/1', 'sheepshead-session/1', 'sheepshead-position/1' or 'sheepshead-irregularity/1'"
        in outcome.err
    )


def test_the_reference_record_reader_reports_the_same_problems() -> None:
    with pytest.raises(RecordError) as caught:
        loads("format: sheepshead-hand/1\ndealer: !!int S5\n", file="r.yaml")
    assert "r.yaml:2: dealer: 'S5' is not a valid int" in str(caught.value)


def test_a_lone_surrogate_is_escaped_in_the_output(tmp_path: Path) -> None:
    record = tmp_path / "odd.yaml"
    record.write_text('format: sheepshead-hand/1\nid: "\\ud800"\n', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "conformance.cli", "check", str(record)],
        capture_output=True,
        timeout=60,
        env={"PYTHONIOENCODING": "utf-8", "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 2
    assert b"Traceback" not in done.stderr and b"\\ud800" in done.stderr
