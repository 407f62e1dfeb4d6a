"""The suite's own gates (issue: the suite itself).

- Traceability: every rule of ``spec/rules.yaml`` is checked by at least one scenario or
  fixture; every tag names a known rule, axis option, profile or capability; every fixture is a
  valid record.
- Option completeness: every case that depends on an axis has an expectation for every option
  of it (and every combination of its axes' options), or says why those options make it
  impossible (:mod:`conformance.gates.completeness`).
- Mutation: every mutant engine (the reference engine with one implementer's mistake,
  :mod:`conformance.gates.mutants`) fails at least one case.
- Discrimination: for every option of every axis, an engine that claims it but plays another
  option of the same axis fails at least one case, so the suite tells which option an engine
  implements.

The last two run the case loop once per mutant or option pair, each stopping at its first
failing case, planned once and trying first the cases of the mutant's rule area or of the liar's
axis (a few seconds in all).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from sheepshead_spec import load_spec
from sheepshead_spec.record_actions import RecordProblems, load_record

from conformance.cases.coverage import RuleUses
from conformance.cases.featurelint import Vocabulary, lint_features
from conformance.gates.mutation import (
    format_mutation_report,
    format_option_report,
    run_mutants,
    run_option_discrimination,
)

REPO = Path(__file__).resolve().parents[2]
FEATURES = REPO / "features"
FIXTURES = REPO / "fixtures"


def test_every_rule_is_tested_by_a_scenario_or_a_fixture() -> None:
    spec = load_spec()
    coverage = RuleUses.scan(FEATURES, FIXTURES)
    untested = [rule.id for rule in spec.rules if not coverage.count(rule.id)]
    assert not untested, f"rules without a scenario or fixture: {untested}"


def test_every_tag_names_a_known_rule_option_profile_or_capability() -> None:
    _, problems = lint_features(FEATURES.rglob("*.feature"), Vocabulary.from_spec(load_spec()), root=FEATURES)
    assert not problems, "\n".join(problems)


def _stops(expect: object) -> set[tuple[str, str]]:
    """``(axis, option)`` pairs under which an ``illegal`` table stops the record at an action:
    its later expectations are not reached there, so a table may leave that option out."""

    def walk(table: object) -> set[tuple[str, str]]:
        if not isinstance(table, dict) or "by" not in table:
            return set()
        found: set[tuple[str, str]] = set()
        for option, value in table.items():
            if option == "by":
                continue
            if isinstance(value, dict) and "by" in value:
                found |= walk(value)  # a nested table: the options of its own axis
            elif value:
                found.add((str(table["by"]), str(option)))
        return found

    return walk(expect.get("illegal") if isinstance(expect, dict) else None)


def test_every_case_speaks_to_every_option_of_the_axes_it_depends_on() -> None:
    from conformance.cases.catalog import suite_cases
    from conformance.gates.completeness import case_gaps, table_gaps

    spec = load_spec()
    gaps = [str(gap) for gap in case_gaps(suite_cases(), spec)]
    for path in sorted(FIXTURES.rglob("*.yaml")):
        record = load_record(path, spec, file=path.relative_to(REPO).as_posix())
        bodies = [body.get("expect") or {} for body, _ in record.bodies] + [record.data.get("expect") or {}]
        stops = _stops(record.data.get("expect") or {})  # options under which the record stops short
        stops |= {pair for when, _ in record.not_applicable if len(when) == 1 for pair in when.items()}
        gaps += [
            f"{record.file}: {gap}"
            for body in bodies
            for gap in table_gaps(body, spec)
            if not any(f"table by {axis} has no value for {option}" in gap for axis, option in stops)
        ]
    gaps = list(dict.fromkeys(gaps))  # a hand record's body is the record itself
    assert not gaps, "cases without an expectation (or a reason) for some options:\n" + "\n".join(gaps)


def test_every_fixture_is_a_valid_record() -> None:
    spec = load_spec()
    problems: list[str] = []
    paths = sorted(FIXTURES.rglob("*.yaml"))
    for path in paths:
        try:
            load_record(path, spec, file=path.relative_to(REPO).as_posix())
        except RecordProblems as error:
            problems += [str(problem) for problem in error.problems]
    assert len(paths) >= 100
    assert not problems, "\n".join(problems)


def test_fixture_ids_are_unique_and_name_their_file() -> None:
    seen: dict[str, str] = {}
    for path in sorted(FIXTURES.rglob("*.yaml")):
        record_id = yaml.safe_load(path.read_text(encoding="utf-8")).get("id")
        assert record_id == path.stem, f"{path}: id {record_id!r} is not the file name"
        assert record_id not in seen, f"{path}: id {record_id!r} also used by {seen[record_id]}"
        seen[record_id] = str(path)


@pytest.mark.slow
def test_every_mutant_is_detected() -> None:
    results = run_mutants(["all"], fail_fast=True)
    assert len(results) >= 40
    assert all(result.detected for result in results), format_mutation_report(results)


@pytest.mark.slow
def test_every_option_of_every_axis_is_told_apart() -> None:
    results = run_option_discrimination(fail_fast=True)
    assert all(result.detected for result in results), format_option_report(results)


DEPENDENCE_SHARDS = 4
"""The dependence gate's cases in this many tests (every fourth case each, so that ``pytest -n``
spreads them over the cores; together they check every case)."""


@pytest.mark.parametrize("shard", range(DEPENDENCE_SHARDS))
def test_no_case_depends_on_an_axis_it_does_not_list(shard: int) -> None:
    """The dependence gate: flipping any axis a case does not list leaves the reference passing it."""
    from conformance.cases.catalog import suite_cases
    from conformance.cases.dependence import hidden_dependence
    from conformance.engines.reference import ReferenceAdapter

    adapter = ReferenceAdapter()
    cases = suite_cases()[shard::DEPENDENCE_SHARDS]
    found = hidden_dependence(cases, adapter, adapter.info(), load_spec(), first_only=True)
    assert not found, "\n".join(str(item) for item in found)


def test_the_dependence_gate_finds_an_unlisted_axis() -> None:
    """A case that leaves out an axis its expectation needs is caught, naming that axis."""
    import dataclasses

    from conformance.cases.catalog import suite_cases
    from conformance.cases.dependence import hidden_dependence
    from conformance.engines.reference import ReferenceAdapter

    case = next(c for c in suite_cases() if c.id.endswith("leaster-two-way-tie-no-exchange-or-split.yaml"))
    unlisted = dataclasses.replace(
        case, depends={a: o for a, o in case.depends.items() if a != "all-pass"}, inapplicable=()
    )
    adapter = ReferenceAdapter()
    found = hidden_dependence([unlisted], adapter, adapter.info(), load_spec(), first_only=True)
    assert [item.axis for item in found] == ["all-pass"]
