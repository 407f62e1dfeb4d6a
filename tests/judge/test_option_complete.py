"""The pieces that let one case speak to every rule set.

Outline rows of one moment joined into one case, the refusal of an action an option forbids,
options that make a case impossible, nested variant tables, the call order translated, and
``check`` against an engine with fixed rules of its own (issue: every case speaks to every rule
set).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sheepshead_spec import load_spec
from sheepshead_spec.record_actions import RecordProblems, parse_record

from conformance.cases.catalog import suite_cases
from conformance.cases.records import record_case
from conformance.gates.completeness import case_gaps, table_gaps
from conformance.judge.plan import plan_case
from conformance.judge.results import Status
from conformance.judge.ruleset import RuleSet
from conformance.runner import run_engine
from tests.harness.synthetic import run_cli
from tests.judge.fixed_rules import FixedRulesEngine

REPO = Path(__file__).resolve().parents[2]

_CASES = {case.id: case for case in suite_cases()}

HAND = """\
format: sheepshead-hand/1
id: tmp
dealer: S5
deal:
  hands:
    S1: [AH, JD, 7D, 9C, 8S, 8H]
    S2: [QC, QD, TD, AC, KS, 9H]
    S3: [QS, JC, AD, 9D, 7H, KC]
    S4: [QH, JS, KD, TC, AS, TH]
    S5: [JH, 8D, 8C, 7C, 9S, KH]
  blind: [TS, 7S]
auction: [S1 pass, S2 pass, S3 pick]
bury: [TS, 7S]
call: AH
plays:
  - [S1 9C, S2 AC, S3 KC, S4 TC, S5 7C]
"""


def _case(prefix: str):  # type: ignore[no-untyped-def]
    found = [case for case_id, case in _CASES.items() if case_id.startswith(prefix)]
    assert found, prefix
    return found[0]


def test_outline_rows_of_one_moment_under_two_options_are_one_case() -> None:
    case = _case("features/scoring/scoring.feature::A doubled hand lost with 60 card points")
    assert case.depends["double-on-the-bump"] == {"off", "on"}
    assert len(case.expectations) == 2
    assert not [
        c
        for c in _CASES
        if c.startswith("features/scoring/scoring.feature::A doubled hand lost with 60") and c != case.id
    ]


def test_a_scenario_written_bury_then_call_speaks_to_both_call_orders() -> None:
    case = _case("features/scoring/scoring.feature::A whole hand won with 90 card points")
    assert case.depends["call-timing"] == {"bury-then-call", "call-then-bury"}
    spec = load_spec()
    engine = FixedRulesEngine(plays=spec.profile_options("sheepsheadai"))
    run = run_engine(engine, rule_globs=["scoring.win"])
    results = [r for r in run.results if r.case_id == case.id]
    assert results and all(r.status is Status.PASSED for r in results), results
    assert ("call-timing", "call-then-bury") in results[0].config


def test_a_refusal_under_an_option_is_the_expectation_and_a_lenient_engine_fails_it() -> None:
    lenient = FixedRulesEngine(plays={"cracking": "crack", "blitzing": "queens"}, declared={"cracking": "off"})
    run = run_engine(lenient, areas=["crack"])
    failed = [r for r in run.results if r.status is Status.FAILED]
    assert failed
    assert all(rule.startswith("crack.") for r in failed for rule in r.blamed)
    assert any("crack.table-choice" in r.blamed for r in failed)
    assert any(r.expected.startswith("rejected") and r.actual == "accepted" for r in failed)


def test_options_that_make_a_record_impossible_make_it_not_applicable_never_unsupported() -> None:
    spec = load_spec()
    text = HAND + 'not_applicable:\n  - when: {cracking: crack}\n    why: "a test of the reason"\n'
    record = parse_record(text, spec)
    case = record_case(record, spec, "tmp")
    rules = RuleSet.of_engine(FixedRulesEngine(plays={"cracking": "crack"}).info(), spec)
    planned = plan_case(case, rules, FixedRulesEngine().info())
    # not applicable under what the engine plays; a probe reads its answer against cracking off
    assert [p.status for p in planned] == ["skipped", "probe"]
    assert planned[0].reason == "not applicable under cracking=crack: a test of the reason"
    assert not case_gaps([case], spec)


def test_a_nested_table_chooses_by_two_axes_and_may_not_repeat_its_axis() -> None:
    spec = load_spec()
    expect = """\
expect:
  partner: S1
  tricks:
    by: jack-order
    clubs-first: {by: void-play, free: [{winner: S2, points: 25}], must-trump: [{winner: S2, points: 25}]}
    spades-first: [{winner: S2, points: 25}]
"""
    record = parse_record(HAND + expect, spec)
    assert not table_gaps(record.data["expect"], spec)
    assert record_case(record, spec, "tmp").depends.keys() >= {"jack-order", "void-play"}
    with pytest.raises(RecordProblems, match="inside a table by jack-order"):
        parse_record(HAND + expect.replace("by: void-play, free", "by: jack-order, clubs-first"), spec)
    partial = parse_record(HAND + "expect:\n  partner: {by: jack-order, clubs-first: S1}\n", spec)
    assert table_gaps(partial.data["expect"], spec) == [
        "expect.partner: table by jack-order has no value for spades-first (and no otherwise)"
    ]


def test_check_judges_a_fixed_rule_engine_under_its_own_rules_and_ignores_axes_the_record_does_not_need() -> None:
    # An engine that plays none of the listed options of two session axes and calls before it buries.
    engine = FixedRulesEngine(
        plays={"call-timing": "call-then-bury"},
        declared={"all-pass-dealer": None, "doubler-stacking": None},
        unlisted={"all-pass-dealer": "never deals twice", "doubler-stacking": "no doublers"},
    )
    outcome = run_cli(["check", "spec/examples/ordinary-win-deck.yaml", "--engine", "x"], loader=lambda text: engine)
    assert outcome.status == 0, outcome.out + outcome.err
    assert "profile: standard+call-timing=call-then-bury" in outcome.out
    assert "unsupported by the engine" not in outcome.out + outcome.err


def test_the_reading_names_no_profile_for_an_axis_the_answers_do_not_single_out() -> None:
    from conformance.judge.verdict import AxisReading, _read

    ambiguous = AxisReading("all-pass", ("schwanzer",), None, {"doubler": 2, "redeal": 2, "schwanzer": 0}, {})
    assert ambiguous.plays == ("doubler", "redeal") and _read(ambiguous) == ()
    declared = AxisReading("all-pass", ("redeal",), None, {"doubler": 2, "redeal": 2}, {})
    assert _read(declared) == ("redeal",)
