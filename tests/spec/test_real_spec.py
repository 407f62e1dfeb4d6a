"""The real spec/rules.yaml and spec/variants.yaml pass every check."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from sheepshead_spec import (
    Problem,
    Spec,
    SpecDocuments,
    find_seeds,
    render_spec_markdown,
    spec_from_data,
)
from sheepshead_spec.schemas import validate_yaml_against_schema
from sheepshead_spec.validation import (
    check_areas,
    check_axes,
    check_cites,
    check_links,
    check_options_used,
    check_profiles,
    check_quotes,
    check_rendered,
    check_unique_ids,
    load_documents,
)

from .conftest import SCHEMA_DIR, SPEC_DIR


def _report(problems: Sequence[Problem]) -> str:
    return "\n" + "\n".join(str(p) for p in problems)


@pytest.fixture(scope="module")
def docs() -> SpecDocuments:
    loaded, problems = load_documents(SPEC_DIR)
    assert loaded is not None and not problems, _report(problems)
    return loaded


@pytest.fixture(scope="module")
def spec(docs: SpecDocuments) -> Spec:
    hand_records = (SPEC_DIR / "hand-records.md").is_file()
    return spec_from_data(docs.rules.data, docs.variants.data, hand_records=hand_records)


@pytest.mark.parametrize("name", ["rules", "variants"])
def test_yaml_validates_against_its_schema(name: str) -> None:
    problems = validate_yaml_against_schema(SPEC_DIR / f"{name}.yaml", SCHEMA_DIR / f"{name}.schema.json")
    assert problems == [], _report(problems)


def test_ids_are_unique(spec: Spec, docs: SpecDocuments) -> None:
    problems = check_unique_ids(spec, docs)
    assert problems == [], _report(problems)


def test_areas_match_rule_ids(spec: Spec, docs: SpecDocuments) -> None:
    problems = check_areas(spec, docs)
    assert problems == [], _report(problems)


def test_axes_references_errata_and_derivations_exist(spec: Spec, docs: SpecDocuments) -> None:
    problems = check_links(spec, docs)
    assert problems == [], _report(problems)


def test_every_outside_claim_carries_its_words(spec: Spec, docs: SpecDocuments) -> None:
    problems = check_cites(spec, docs)
    assert problems == [], _report(problems)
    cited = [c for r in spec.rules for c in r.cites] + [c for a in spec.axes for o in a.options for c in o.cites]
    assert len(cited) > 150


def test_every_default_is_an_option(spec: Spec, docs: SpecDocuments) -> None:
    problems = check_axes(spec, docs)
    assert problems == [], _report(problems)


def test_profiles_resolve(spec: Spec, docs: SpecDocuments) -> None:
    problems = check_profiles(spec, docs)
    assert problems == [], _report(problems)
    for profile in spec.profiles:
        resolved = spec.profile_options(profile.id)
        assert sorted(resolved) == sorted(a.id for a in spec.axes), profile.id
        for axis_id, option_id in resolved.items():
            spec.axis(axis_id).option(option_id)  # raises KeyError if not an option


def test_every_option_is_used_by_a_profile(spec: Spec, docs: SpecDocuments) -> None:
    problems = check_options_used(spec, docs)
    assert problems == [], _report(problems)


def test_quotes_are_on_their_lines(spec: Spec, docs: SpecDocuments) -> None:
    seeds = find_seeds(SPEC_DIR)
    if seeds.path is None:
        if seeds.explicit:
            pytest.fail(f"seed texts not found: {seeds.origin}")
        pytest.skip(f"seed texts not found, quotes not checked: {seeds.origin}")
    problems, checked = check_quotes(spec, docs, seeds.path)
    assert problems == [], _report(problems)
    assert checked > 0


def test_spec_md_is_up_to_date(spec: Spec) -> None:
    spec_md = SPEC_DIR / "SPEC.md"
    assert spec_md.is_file(), "spec/SPEC.md is missing; run `sheepshead-conformance spec render`"
    problems = check_rendered(spec, spec_md)
    assert problems == [], _report(problems)


def test_every_rule_has_its_anchor(spec: Spec) -> None:
    text = render_spec_markdown(spec)
    for rule in spec.rules:
        assert text.count(f'<a id="{rule.id}"></a>') == 1, rule.id
