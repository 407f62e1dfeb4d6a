"""``sheepshead-conformance rules`` and ``explain``: the catalogue, and what tests each rule."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from sheepshead_spec import load_spec

from conformance.cases.coverage import RuleUses, data_folder, scan_features, scan_fixtures

from .synthetic import run_cli

SPEC = load_spec()
REPO = Path(__file__).resolve().parents[2]


def test_rules_lists_every_rule() -> None:
    outcome = run_cli(["rules"])
    lines = outcome.out.splitlines()
    assert outcome.status == 0
    assert lines[0].split() == ["id", "area", "basis", "tests", "title"]
    assert [line.split()[0] for line in lines[1:-1]] == [r.id for r in SPEC.rules]
    row = next(line for line in lines if line.startswith("bury.any-two-cards "))
    assert row.split()[1:3] == ["bury", "tradition"] and row.endswith("Any two cards may be buried")
    assert lines[-1].startswith(f"{len(SPEC.rules)} rules, ")


def test_rules_of_one_area() -> None:
    outcome = run_cli(["rules", "--area", "trick", "--area", "deck"])
    ids = [line.split()[0] for line in outcome.out.splitlines()[1:-1]]
    assert ids == [r.id for r in SPEC.rules if r.area in ("deck", "trick")]


def test_rules_unknown_area_exits_2() -> None:
    outcome = run_cli(["rules", "--area", "tricks"])
    assert outcome.status == 2 and "unknown area 'tricks'; did you mean trick" in outcome.err


def test_explain_a_seed_rule_with_its_sources() -> None:
    rule = SPEC.rule("trick.highest-trump-wins")
    outcome = run_cli(["explain", rule.id])
    out = outcome.out
    assert outcome.status == 0
    assert out.startswith(f"{rule.id}: {rule.title}\narea: trick (")
    assert "basis: seed\n" in out
    assert (
        " ".join(out.split("statement: ", 1)[1].split("\n")[0:2])
        .split("  ")[0]
        .startswith(" ".join(rule.statement.split())[:60])
    )
    for source in rule.sources:
        assert f'  {source.seed}:{source.line}: "{source.quote}"' in out
    assert "tested by: " in out


def test_explain_a_derived_rule_and_its_axis() -> None:
    derived = next(r for r in SPEC.rules if r.derived_from)
    out = run_cli(["explain", derived.id]).out
    assert "derived from:" in out
    for parent in derived.derived_from:
        assert f"  {parent}: {SPEC.rule(parent).title}" in out
    out = run_cli(["explain", "ranking.trump-order"]).out
    axis = SPEC.axis("jack-order")
    assert f"  jack-order: {axis.question}" in out
    assert "    clubs-first (default): " in out
    # the profiles choosing spades-first: translated-article only
    spades = [p.id for p in SPEC.profiles if SPEC.profile_options(p.id)["jack-order"] == "spades-first"]
    assert out.split("    spades-first: ", 1)[1].split("\n")[0].endswith(f"[profiles: {', '.join(spades)}]")
    base, child = next((p, r) for r in SPEC.rules for p in r.derived_from)
    out = run_cli(["explain", base]).out
    assert f"  {child.id}: {child.title}" in out.split("rules derived from it:", 1)[1]


def test_explain_quotes_each_reference_beside_it() -> None:
    rule = SPEC.rule("leaster.tie")
    out = run_cli(["explain", rule.id]).out.split("references:\n", 1)[1]
    for ref_id in rule.references:
        ref = SPEC.reference(ref_id)
        after = out.split(f"  {ref.id}: {ref.title}", 1)[1].splitlines()[1:]
        block = "\n".join(itertools.takewhile(lambda line: line.startswith("    "), after))
        quotes = [c for c in rule.cites if c.ref == ref_id]
        assert quotes
        for cite in quotes:
            assert f'    "{cite.quote}" <{cite.url}>' in block


def test_explain_lists_the_locations_that_test_the_rule() -> None:
    out = run_cli(["explain", "trick.highest-trump-wins"]).out
    listed = out.split("tested by: ", 1)[1].splitlines()[1:]
    for line in listed:
        location = line.split(": ", 1)[0].strip()
        file, number = location.rsplit(":", 1)
        text = (REPO / file).read_text(encoding="utf-8").splitlines()
        if file.endswith(".feature"):  # the scenario line, under its @rule: tag
            assert text[int(number) - 1].strip().startswith(("Scenario", "Feature", "Example", "Rule"))
        else:  # the rules: entry of the fixture
            assert "trick.highest-trump-wins" in text[int(number) - 1]


def test_explain_unknown_rule_suggests_the_closest() -> None:
    outcome = run_cli(["explain", "trick.highest-trmp-wins"])
    assert outcome.status == 2
    assert outcome.err.startswith(
        "sheepshead-conformance: error: no rule 'trick.highest-trmp-wins'; closest: trick.highest-trump-wins, "
    )
    assert len(outcome.err.splitlines()) == 1
    outcome = run_cli(["explain", "zzz"])
    assert outcome.status == 2 and "see `sheepshead-conformance rules`" in outcome.err


def test_scan_features_and_fixtures(tmp_path: Path) -> None:
    features = tmp_path / "features" / "trick"
    features.mkdir(parents=True)
    (features / "trump.feature").write_text(
        "@rule:trick.highest-trump-wins\n"
        "Feature: Trumps\n"
        "\n"
        "  @rule:ranking.trump-order @jack-order:clubs-first  # a comment @rule:not.this\n"
        "  Scenario: Queens over jacks\n"
        "    Given a trick\n"
        "\n"
        "  @rule:trick.under-never-wins\n"
        "  Scenario Outline: The under card\n"
        "    Given <x>\n",
        encoding="utf-8",
    )
    uses = [(rule, use.location, use.title) for rule, use in scan_features(tmp_path / "features")]
    assert uses == [
        ("trick.highest-trump-wins", "features/trick/trump.feature:2", "Feature: Trumps"),
        ("ranking.trump-order", "features/trick/trump.feature:5", "Scenario: Queens over jacks"),
        ("trick.under-never-wins", "features/trick/trump.feature:9", "Scenario Outline: The under card"),
    ]
    fixtures = tmp_path / "fixtures" / "hands"
    fixtures.mkdir(parents=True)
    (fixtures / "a.yaml").write_text(
        "format: sheepshead-hand/1\nid: a-hand\nrules:\n  - play.follow-suit\n  - scoring.win\n", encoding="utf-8"
    )
    (fixtures / "broken.yaml").write_text("rules: [\n", encoding="utf-8")
    (fixtures / "list.yaml").write_text("- 1\n", encoding="utf-8")
    found = [(rule, use.location, use.title) for rule, use in scan_fixtures(tmp_path / "fixtures")]
    assert found == [
        ("play.follow-suit", "fixtures/hands/a.yaml:4", "a-hand"),
        ("scoring.win", "fixtures/hands/a.yaml:5", "a-hand"),
    ]
    coverage = RuleUses.scan(tmp_path / "features", tmp_path / "fixtures")
    assert coverage.count("trick.highest-trump-wins") == 1 and coverage.count("scoring.win") == 1
    assert coverage.count("deck.five-players") == 0


def test_data_folders_are_found() -> None:
    assert data_folder("sheepshead_features", "features") is not None
    assert data_folder("no_such_package_xyz", "no-such-folder") is None


@pytest.mark.parametrize("command", [["rules"], ["explain", "deck.five-players"]])
def test_catalogue_commands_write_to_stdout_only(command: list[str]) -> None:
    outcome = run_cli(command)
    assert (outcome.status, outcome.err) == (0, "")
