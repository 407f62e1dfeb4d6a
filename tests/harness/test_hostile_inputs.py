"""Hypothesis against every reader of outside input: hand and session records (the record
reader, ``reference_impl.record`` and ``check``), baselines, and engine replies.

Each property is "no uncaught exception": a reader either returns or raises its own documented
error, and ``check`` exits with a documented status, never a traceback. Inputs are drawn from
edits of the project's own fixtures (so that most of them get deep into the checks) and from
random YAML-ish text and JSON values. A generous deadline catches a pathological slowdown
(minutes, as an alias bomb once took); speed itself is measured in benchmarks.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sheepshead_spec import load_spec
from sheepshead_spec.records import RecordProblems, parse_record

from conformance.adapter import AdapterError
from conformance.engines.protocol import decode_hello, decode_reply
from conformance.judge.baseline import BaselineError, read_baseline
from reference_impl.record import RecordError, loads, loads_session
from tests.harness.synthetic import run_cli

ROOT = Path(__file__).resolve().parents[2]
SPEC = load_spec()
FIXTURES = sorted(p.read_text(encoding="utf-8") for p in (ROOT / "fixtures").rglob("*.yaml"))[:60]
HOSTILE_PIECES = [
    "[",
    "]",
    "{",
    "}",
    ": ",
    "- ",
    "\n",
    "  ",
    "&a ",
    "*a",
    "!!int ",
    "!!float ",
    "!!bool ",
    "!!timestamp ",
    "!!python/object ",
    "'",
    '"',
    "\\ud800",
    "\ud800",
    "1" * 5000,
    "~",
    "null",
    "KH",
    "S3",
    "S3 play QC",
    "format: sheepshead-hand/1",
    "format: [x]",
    "hands:",
    "1.0",
    "-0",
    "\t",
    "#",
    "%YAML 1.1\n",
    "---\n",
    "...\n",
    "? ",
    "|",
    ">",
    "<<: *a",
]
EXAMPLES = settings(
    max_examples=120,
    deadline=5000,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def edited_fixture(draw: st.DrawFn) -> str:
    """A fixture with a few random edits: a span cut out, a hostile piece put in, a line doubled."""
    text = draw(st.sampled_from(FIXTURES))
    for _ in range(draw(st.integers(1, 4))):
        if not text:
            break
        at = draw(st.integers(0, len(text)))
        edit = draw(st.sampled_from(["cut", "insert", "double"]))
        if edit == "cut":
            text = text[:at] + text[at + draw(st.integers(1, 40)) :]
        elif edit == "insert":
            text = text[:at] + draw(st.sampled_from(HOSTILE_PIECES)) + text[at:]
        else:
            start = text.rfind("\n", 0, at) + 1
            end = text.find("\n", at)
            line = text[start : end if end >= 0 else len(text)]
            text = text[:start] + line + "\n" + text[start:]
    return text


yaml_ish = st.lists(st.one_of(st.sampled_from(HOSTILE_PIECES), st.text(max_size=12)), max_size=30).map("".join)
records = st.one_of(edited_fixture(), yaml_ish)


@EXAMPLES
@given(records)
def test_the_record_reader_returns_or_names_its_problems(text: str) -> None:
    try:
        parse_record(text, SPEC, file="fuzzed.yaml")
    except RecordProblems as error:
        assert error.problems and all(str(p).startswith("fuzzed.yaml") for p in error.problems)


@EXAMPLES
@given(records)
def test_the_reference_record_loader_returns_or_raises_record_errors(text: str) -> None:
    for reader in (loads, loads_session):
        try:
            reader(text, file="fuzzed.yaml")
        except RecordError:
            pass


@settings(EXAMPLES, max_examples=60)
@given(records)
def test_check_exits_with_a_documented_status(tmp_path_factory: Any, text: str) -> None:
    path = tmp_path_factory.mktemp("check") / "fuzzed.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    outcome = run_cli(["check", str(path)])
    assert outcome.status in (0, 1, 2, 3), outcome
    assert "Traceback" not in outcome.out + outcome.err


baselines = st.one_of(
    yaml_ish,
    st.builds(
        lambda cases: "format: sheepshead-baseline/1\nexpected-failures:\n" + "".join(f"  - {c}\n" for c in cases),
        st.lists(st.one_of(st.sampled_from(HOSTILE_PIECES), st.text(max_size=20)), max_size=8),
    ),
)


@settings(EXAMPLES, max_examples=80)
@given(baselines)
def test_a_baseline_is_read_or_refused_with_a_message(tmp_path_factory: Any, text: str) -> None:
    path = tmp_path_factory.mktemp("baseline") / "baseline.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        read_baseline(path)
    except BaselineError as error:
        assert str(error)


json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=True),
        st.text(max_size=10),
        st.sampled_from(["S1", "S3 play QC", "QC", "win", "accepted", "\ud800"]),
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=5),
        st.dictionaries(
            st.sampled_from(
                [
                    "id",
                    "type",
                    "error",
                    "turn",
                    "legal",
                    "accepted",
                    "tricks",
                    "outcome",
                    "winner",
                    "points",
                    "over",
                    "protocol",
                    "name",
                    "capabilities",
                    "options",
                    "code",
                    "message",
                    "x",
                ]
            ),
            children,
            max_size=6,
        ),
    ),
    max_leaves=20,
)
KINDS = [
    "replay",
    "session",
    "trick-winner",
    "legal-plays",
    "callable-cards",
    "score",
    "card-points",
    "start",
    "apply",
    "result",
]


@EXAMPLES
@given(json_values, st.sampled_from(KINDS), st.booleans())
def test_an_engine_reply_is_decoded_or_is_a_protocol_error(reply: Any, kind: str, with_id: bool) -> None:
    if with_id and isinstance(reply, dict):
        reply = {**reply, "id": 7}
    try:
        decode_reply(7, kind, reply, validate=True)
    except AdapterError as error:
        assert error.kind and str(error)
    try:
        decode_hello(reply, validate=True)
    except AdapterError as error:
        assert error.kind and str(error)
    json.dumps(reply, ensure_ascii=True)  # what a report would write about it
