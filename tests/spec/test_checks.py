"""The consistency checks, the quote check and SPEC.md, on a small made-up spec."""

from __future__ import annotations

from pathlib import Path

import pytest
from sheepshead_spec import (
    SEEDS_ENV,
    SeedsLocation,
    SpecError,
    find_seeds,
    load_spec,
    render_spec_markdown,
)

from .conftest import SEED, MadeUpSpec, MakeSpec, line_of


def test_made_up_spec_passes(make_spec: MakeSpec) -> None:
    """The base of every test below is clean, so each problem comes from its one edit."""
    report = make_spec().check()
    assert report.problems == ()
    assert report.spec is not None and len(report.spec.rules) == 3
    assert report.quotes_checked == 3
    assert not report.rendered_checked


def _one(spec: MadeUpSpec) -> str:
    problems = spec.problems()
    assert len(problems) == 1, problems
    return problems[0]


def test_duplicate_rule_id(make_spec: MakeSpec) -> None:
    spec = make_spec(
        rules=[("id: trick.five-cards", "id: trick.highest-trump-wins")],
    )
    first = line_of(spec.rules, "id: trick.highest-trump-wins")
    second = line_of(spec.rules, "id: trick.highest-trump-wins", 2)
    assert _one(spec) == (
        f"spec/rules.yaml:{second}: rules[2].id: duplicate rule id 'trick.highest-trump-wins' (first on line {first})"
    )


def test_duplicate_option_id(make_spec: MakeSpec) -> None:
    spec = make_spec(variants=[("id: spades-first", "id: clubs-first")])
    problems = spec.problems()
    first, second = (
        line_of(spec.variants, "id: clubs-first"),
        line_of(spec.variants, "id: clubs-first", 2),
    )
    expected = (
        f"spec/variants.yaml:{second}: axes[0].options[1].id: duplicate option id 'clubs-first' (first on line {first})"
    )
    assert expected in problems


def test_area_must_be_the_id_prefix(make_spec: MakeSpec) -> None:
    spec = make_spec(rules=[("    area: trick\n    title: Five cards", "    area: deck\n    title: Five cards")])
    line = line_of(spec.rules, "area: deck", 2)
    assert _one(spec) == f"spec/rules.yaml:{line}: rules[2].area: area 'deck' differs from the id prefix 'trick'"


def test_areas_in_the_closed_order(make_spec: MakeSpec) -> None:
    deck = "  - id: deck\n    title: Players and pack\n    description: Cards.\n"
    trick = "  - id: trick\n    title: Tricks\n    description: Who wins a trick.\n"
    spec = make_spec(rules=[(deck + trick, trick + deck)])
    line = line_of(spec.rules, "areas:")
    assert _one(spec) == f"spec/rules.yaml:{line}: areas: areas must be listed in the order deck, trick"


def test_unknown_axis(make_spec: MakeSpec) -> None:
    spec = make_spec(rules=[("axis: jack-order", "axis: queen-order")])
    line = line_of(spec.rules, "axis: queen-order")
    assert _one(spec) == f"spec/rules.yaml:{line}: rules[1].axis: no axis 'queen-order' in variants.yaml"


def test_unknown_axis_in_a_list(make_spec: MakeSpec) -> None:
    spec = make_spec(rules=[("axis: jack-order", "axis: [jack-order, queen-order]")])
    line = line_of(spec.rules, "axis: [")
    assert _one(spec) == f"spec/rules.yaml:{line}: rules[1].axis[1]: no axis 'queen-order' in variants.yaml"


@pytest.mark.parametrize(
    ("file", "old", "new", "needle", "expected"),
    [
        (
            "rules",
            "derived_from: [deck.five-players]",
            "derived_from: [deck.six-players]",
            "derived_from",
            "rules[2].derived_from[0]: no rule 'deck.six-players'",
        ),
        (
            "rules",
            "derived_from: [deck.five-players]",
            "derived_from: [trick.five-cards]",
            "derived_from",
            "rules[2].derived_from[0]: a rule cannot derive from itself",
        ),
        (
            "rules",
            "references: [W]",
            "references: [X]",
            "references: [X]",
            "rules[1].references[0]: no reference 'X'",
        ),
        (
            "variants",
            "references: [W]",
            "references: [Y]",
            "references: [Y]",
            "axes[0].options[1].references[0]: no reference 'Y' in rules.yaml",
        ),
        (
            "rules",
            "errata: [bad-list]",
            "errata: [good-list]",
            "errata:",
            "rules[1].errata[0]: no erratum 'good-list' in variants.yaml",
        ),
        (
            "variants",
            f"- {{seed: {SEED}, line: 3",
            "- {seed: 009_0000000000000000.txt, line: 3",
            "009_",
            "axes[0].options[0].sources[0].seed: seed '009_0000000000000000.txt' is not one of"
            " texts[].file in rules.yaml",
        ),
        (
            "variants",
            "    option: spades-first",
            "    option: hearts-first",
            "option: hearts-first",
            "errata[0].option: axis 'jack-order' has no option 'hearts-first'",
        ),
        (
            "variants",
            "    axis: jack-order\n    option",
            "    axis: queen-order\n    option",
            "axis: queen-order",
            "errata[0].axis: no axis 'queen-order'",
        ),
        (
            "variants",
            "default: clubs-first",
            "default: hearts-first",
            "default:",
            "axes[0].default: default 'hearts-first' is not an option of the axis",
        ),
        (
            "variants",
            'spec_version: "0.1.0"',
            'spec_version: "0.2.0"',
            "spec_version",
            "spec_version: '0.2.0' differs from rules.yaml's '0.1.0'",
        ),
    ],
    ids=[
        "derived-from-unknown",
        "derived-from-itself",
        "rule-reference-unknown",
        "option-reference-unknown",
        "erratum-unknown",
        "seed-not-a-text",
        "erratum-option-unknown",
        "erratum-axis-unknown",
        "default-not-an-option",
        "versions-differ",
    ],
)
def test_broken_link(make_spec: MakeSpec, file: str, old: str, new: str, needle: str, expected: str) -> None:
    spec = make_spec(**{file: [(old, new)]})
    line = line_of(spec.rules if file == "rules" else spec.variants, needle)
    assert _one(spec) == f"spec/{file}.yaml:{line}: {expected}"


ROOT_OPTIONS = "    options:\n      jack-order: clubs-first\n"


def test_profile_cycle(make_spec: MakeSpec) -> None:
    spec = make_spec(variants=[(ROOT_OPTIONS, "    inherits: literal\n" + ROOT_OPTIONS)])
    first, second = line_of(spec.variants, "inherits:"), line_of(spec.variants, "inherits:", 2)
    assert spec.problems() == [
        f"spec/variants.yaml:{line_of(spec.variants, 'profiles:')}: profiles: no root profile (one without inherits)",
        f"spec/variants.yaml:{first}: profiles[0].inherits: profile inheritance cycle: standard -> literal -> standard",
        f"spec/variants.yaml:{second}: profiles[1].inherits: profile inheritance cycle: literal -> standard -> literal",
    ]


def test_profile_with_unknown_parent(make_spec: MakeSpec) -> None:
    spec = make_spec(variants=[("inherits: standard", "inherits: normal")])
    line = line_of(spec.variants, "inherits: normal")
    assert _one(spec) == f"spec/variants.yaml:{line}: profiles[1].inherits: no profile 'normal'"


def test_two_root_profiles(make_spec: MakeSpec) -> None:
    spec = make_spec(variants=[("    inherits: standard\n", "")])
    line = line_of(spec.variants, "id: literal")
    assert _one(spec) == (
        f"spec/variants.yaml:{line}: profiles[1].id: a second root profile (the first is 'standard'); add inherits"
    )


def test_root_profile_must_set_every_axis(make_spec: MakeSpec) -> None:
    spec = make_spec(variants=[(ROOT_OPTIONS, "    options: {}\n")])
    line = line_of(spec.variants, "options: {}")
    problems = spec.problems()
    assert (
        f"spec/variants.yaml:{line}: profiles[0].options: the root profile must set every axis;"
        " missing: jack-order" in problems
    )


def test_profile_choosing_an_unknown_option(make_spec: MakeSpec) -> None:
    spec = make_spec(variants=[("jack-order: spades-first", "jack-order: hearts-first")])
    line = line_of(spec.variants, "jack-order: hearts-first")
    assert spec.problems() == [
        f"spec/variants.yaml:{line_of(spec.variants, 'id: spades-first')}: axes[0].options[1].id:"
        " option 'spades-first' is not chosen by any profile",
        f"spec/variants.yaml:{line}: profiles[1].options.jack-order: axis 'jack-order' has no option 'hearts-first'",
    ]


def test_unused_option(make_spec: MakeSpec) -> None:
    spec = make_spec(variants=[("jack-order: spades-first", "jack-order: clubs-first")])
    line = line_of(spec.variants, "id: spades-first")
    assert _one(spec) == (
        f"spec/variants.yaml:{line}: axes[0].options[1].id: option 'spades-first' is not chosen by any profile"
    )


RULE_CITE = (
    '    cites:\n      - {ref: W, quote: The highest trump takes the trick., url: "https://example.org/rules"}\n'
)
OPTION_CITE = (
    "        cites:\n"
    '          - {ref: W, quote: "The jack of spades is higher", url: "https://example.org/rules",'
    ' read_in: "https://example.org/copy"}\n'
)
NO_QUOTE = "reference 'W' has no quote: add to cites {ref: W, quote, url}, the words it says"


def test_a_rule_reference_without_a_quote_is_reported_at_the_tag(make_spec: MakeSpec) -> None:
    spec = make_spec(rules=[(RULE_CITE, "")])
    line = line_of(spec.rules, "references: [W]")
    assert _one(spec) == f"spec/rules.yaml:{line}: rules[1].references[0]: {NO_QUOTE}"


def test_an_option_reference_without_a_quote_is_reported_at_the_tag(make_spec: MakeSpec) -> None:
    spec = make_spec(variants=[(OPTION_CITE, "")])
    line = line_of(spec.variants, "references: [W]")
    assert _one(spec) == f"spec/variants.yaml:{line}: axes[0].options[1].references[0]: {NO_QUOTE}"


def test_a_quote_of_another_reference_does_not_quote_the_tag(make_spec: MakeSpec) -> None:
    spec = make_spec(
        rules=[
            (
                "  - id: W\n    title: A reference\n",
                "  - id: W\n    title: A reference\n  - id: X\n    title: Another\n",
            )
        ],
        variants=[('          - {ref: W, quote: "The jack', '          - {ref: X, quote: "The jack')],
    )
    line = line_of(spec.variants, "references: [W]")
    assert _one(spec) == f"spec/variants.yaml:{line}: axes[0].options[1].references[0]: {NO_QUOTE}"


def test_a_quote_of_an_unknown_reference(make_spec: MakeSpec) -> None:
    spec = make_spec(rules=[("      - {ref: W, quote: The highest", "      - {ref: Z, quote: The highest")])
    line = line_of(spec.rules, "{ref: Z")
    assert spec.problems() == [
        f"spec/rules.yaml:{line - 2}: rules[1].references[0]: {NO_QUOTE}",
        f"spec/rules.yaml:{line}: rules[1].cites[0].ref: no reference 'Z'",
    ]


def test_a_profile_naming_a_reference_must_quote_it(make_spec: MakeSpec) -> None:
    named = "    description: The list as [W] writes it.\n"
    spec = make_spec(variants=[("    description: The list as written.\n", named)])
    line = line_of(spec.variants, "[W] writes it")
    assert _one(spec) == (
        f"spec/variants.yaml:{line}: profiles[1].description: the description names [W] but cites no quote"
        " of it: add to cites {ref: W, quote, url}"
    )
    quoted = (
        named
        + '    cites:\n      - {ref: W, quote: "The jack of spades is higher", url: "https://example.org/rules"}\n'
    )
    assert make_spec(variants=[("    description: The list as written.\n", quoted)]).problems() == []


def test_a_profile_naming_an_unknown_reference(make_spec: MakeSpec) -> None:
    spec = make_spec(variants=[("description: The list as written.", "description: The list as [Z] writes it.")])
    line = line_of(spec.variants, "[Z] writes it")
    assert _one(spec) == (
        f"spec/variants.yaml:{line}: profiles[1].description: the description names [Z], which is not a reference"
        " in rules.yaml"
    )


@pytest.mark.parametrize(
    ("quote", "why"),
    [("The jack … higher", "an ellipsis"), ("The jack ... higher", "dots"), (" The jack", "a space at the start")],
)
def test_a_quote_is_the_words_themselves(make_spec: MakeSpec, quote: str, why: str) -> None:
    spec = make_spec(variants=[('quote: "The jack of spades is higher"', f'quote: "{quote}"')])
    line = line_of(spec.variants, f'quote: "{quote}"')
    problem = _one(spec)
    assert problem.startswith(f"spec/variants.yaml:{line}: axes[0].options[1].cites[0].quote: "), why


def test_a_quote_needs_the_address_of_its_page(make_spec: MakeSpec) -> None:
    spec = make_spec(rules=[(', url: "https://example.org/rules"}', "}")])
    line = line_of(spec.rules, "{ref: W, quote: The highest")
    assert _one(spec) == f"spec/rules.yaml:{line}: rules[1].cites[0]: 'url' is a required property"


def test_quote_not_on_its_line(make_spec: MakeSpec) -> None:
    spec = make_spec(rules=[("        line: 2\n", "        line: 3\n")])
    line = line_of(spec.rules, "quote: Dere er fem spillere")
    assert _one(spec) == (
        f"spec/rules.yaml:{line}: rules[0].sources[0].quote: 'Dere er fem spillere' not found"
        f" on line 3 of {SEED}; it is on line 2"
    )


def test_quote_not_in_the_text(make_spec: MakeSpec) -> None:
    spec = make_spec(variants=[("quote: Sparknekt er høyere,", "quote: Sparknekt er lavere,")])
    line = line_of(spec.variants, "Sparknekt er lavere")
    assert _one(spec) == (
        f"spec/variants.yaml:{line}: errata[0].sources[0].quote: 'Sparknekt er lavere' not found on line 4 of {SEED}"
    )


def test_quote_must_match_verbatim(make_spec: MakeSpec) -> None:
    spec = make_spec(rules=[("quote: Dere er fem spillere", "quote: dere er fem spillere")])
    assert "not found on line 2" in _one(spec)


def test_line_past_the_end(make_spec: MakeSpec) -> None:
    spec = make_spec(rules=[("        line: 2\n", "        line: 9\n")])
    line = line_of(spec.rules, "line: 9")
    assert _one(spec) == f"spec/rules.yaml:{line}: rules[0].sources[0].line: line 9 is past the end of {SEED} (4 lines)"


def test_seed_text_missing_from_the_seeds_folder(make_spec: MakeSpec) -> None:
    spec = make_spec()
    (spec.seeds_dir / SEED).unlink()
    line = line_of(spec.rules, f"file: {SEED}")
    report = spec.check()
    assert [str(p) for p in report.problems] == [
        f"spec/rules.yaml:{line}: texts[0].file: not found in {spec.seeds_dir}"
    ]
    assert report.quotes_checked == 0


def test_absent_seeds_skip_the_quotes(make_spec: MakeSpec) -> None:
    spec = make_spec(rules=[("        line: 2\n", "        line: 3\n")])  # a bad quote nobody sees
    report = spec.check(seeds=SeedsLocation(None, "nowhere"))
    assert report.problems == () and report.quotes_checked == 0


def test_explicit_seeds_that_are_absent_are_a_problem(make_spec: MakeSpec) -> None:
    spec = make_spec()
    report = spec.check(seeds=SeedsLocation(None, "--seeds /nowhere", explicit=True))
    assert [str(p) for p in report.problems] == ["spec: seed texts not found: --seeds /nowhere"]


def test_find_seeds_next_to_a_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SEEDS_ENV, raising=False)
    checkout = tmp_path / "repo"
    (checkout / "spec").mkdir(parents=True)
    (checkout / "pyproject.toml").write_text("", encoding="utf-8")
    assert find_seeds(checkout / "spec").path is None
    (tmp_path / "shared" / "seeds").mkdir(parents=True)
    assert find_seeds(checkout / "spec").path == tmp_path / "shared" / "seeds"
    assert find_seeds(tmp_path / "shared").path is None  # not the spec/ folder of a checkout
    monkeypatch.setenv(SEEDS_ENV, str(tmp_path / "elsewhere"))
    location = find_seeds(checkout / "spec")
    assert location.path is None and location.explicit
    monkeypatch.setenv(SEEDS_ENV, str(tmp_path))
    assert find_seeds(checkout / "spec").path == tmp_path


def test_spec_md_up_to_date_and_out_of_date(make_spec: MakeSpec) -> None:
    spec = make_spec()
    spec_md = spec.spec_dir / "SPEC.md"
    rendered = render_spec_markdown(load_spec(spec.spec_dir))
    spec_md.write_text(rendered, encoding="utf-8")
    report = spec.check(spec_md=spec_md)
    assert report.problems == () and report.rendered_checked
    lines = rendered.splitlines(keepends=True)
    lines[9] = "edited by hand\n"
    spec_md.write_text("".join(lines), encoding="utf-8")
    assert [str(p) for p in spec.check(spec_md=spec_md).problems] == [
        "spec/SPEC.md:10: out of date (differs from the rendered spec from this line);"
        " run `sheepshead-conformance spec render`"
    ]
    spec_md.write_text(rendered + "more\n", encoding="utf-8")
    assert len(spec.check(spec_md=spec_md).problems) == 1


def test_spec_md_is_checked_by_default_in_a_checkout(make_spec: MakeSpec) -> None:
    spec = make_spec()
    (spec.spec_dir.parent / "pyproject.toml").write_text("", encoding="utf-8")
    assert not spec.check().rendered_checked  # no SPEC.md yet: nothing to compare
    (spec.spec_dir / "SPEC.md").write_text("stale\n", encoding="utf-8")
    report = spec.check()
    assert report.rendered_checked
    assert [str(p) for p in report.problems] == [
        "spec/SPEC.md:1: out of date (differs from the rendered spec from this line);"
        " run `sheepshead-conformance spec render`"
    ]


def test_load_spec_raises_with_every_problem(make_spec: MakeSpec) -> None:
    spec = make_spec(
        rules=[("axis: jack-order", "axis: queen-order")],
        variants=[("jack-order: spades-first", "jack-order: clubs-first")],
    )
    with pytest.raises(SpecError) as raised:
        load_spec(spec.spec_dir)
    assert len(raised.value.problems) == 2
    assert "(and 1 more problems)" in str(raised.value)


def test_load_spec_resolves_profiles(make_spec: MakeSpec) -> None:
    spec = load_spec(make_spec().spec_dir)
    assert spec.profile_options("standard") == {"jack-order": "clubs-first"}
    assert spec.profile_options("literal") == {"jack-order": "spades-first"}
    assert [p.id for p in spec.profile_chain("literal")] == ["standard", "literal"]
    assert spec.rule("trick.highest-trump-wins").axes == ("jack-order",)
    assert spec.axis("jack-order").option("spades-first").references == ("W",)
    (cite,) = spec.axis("jack-order").option("spades-first").cites
    assert (cite.ref, cite.quote, cite.url, cite.read_in) == (
        "W",
        "The jack of spades is higher",
        "https://example.org/rules",
        "https://example.org/copy",
    )
    with pytest.raises(KeyError):
        spec.rule("trick.nope")
