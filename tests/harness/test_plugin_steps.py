"""The step vocabulary: every step of every feature matches exactly one definition, and every
definition is used (the static lint of the pytest-bdd guide, §5.10)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.cases.steplint import lint_steps, step_definitions, step_uses, unused_steps
from conformance.cases.steps import action_text

FEATURES = Path(__file__).resolve().parents[2] / "features"


def test_every_step_matches_exactly_one_definition() -> None:
    assert lint_steps([FEATURES]) == []


def test_every_definition_is_used_by_a_feature() -> None:
    assert unused_steps([FEATURES]) == []


def test_the_vocabulary_stays_small() -> None:
    definitions = step_definitions()
    assert len(definitions) <= 40
    assert all(d.type in ("given", "when", "then") for d in definitions)


def test_the_lint_finds_undefined_and_ambiguous_steps(tmp_path: Path) -> None:
    (tmp_path / "x.feature").write_text(
        "Feature: x\n  Scenario: y\n    Given S5 deals the pack\n    Then AC is worth 11 card points\n"
    )
    problems = lint_steps([tmp_path])
    assert len(problems) == 1 and "x.feature:3: undefined given step 'S5 deals the pack'" in problems[0]
    uses = step_uses([tmp_path])
    assert uses[1].matches == ("then: {cards:Cards} {verb:IsAre} worth {points:d} card points",)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("S1 picks", "S1 pick"),
        ("S2 passes", "S2 pass"),
        ("S3 goes alone", "S3 alone"),
        ("S3 buries TS 7S", "S3 bury TS 7S"),
        ("S3 calls AH", "S3 call AH"),
        ("S3 calls AS under 8D", "S3 call AS under 8D"),
        ("S1 plays 10D", "S1 play TD"),
        ("S1 Q♣", "S1 play QC"),
    ],
)
def test_action_forms(text: str, action: str) -> None:
    assert action_text(text) == action


def test_the_step_definitions_are_plain_functions_that_know_no_pytest() -> None:
    """The steps are registered by conformance.cases.vocabulary, not as pytest fixtures: neither
    module imports pytest or pytest-bdd, and a step is called like any function."""
    import ast

    from conformance.cases import steps
    from conformance.cases.steplint import step_definitions

    for module in ("steps", "vocabulary"):
        source = (Path(steps.__file__).parent / f"{module}.py").read_text(encoding="utf-8")
        imported = {node.module for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ImportFrom)}
        imported |= {a.name for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Import) for a in n.names}
        assert not {name for name in imported if name and name.split(".")[0] in ("pytest", "pytest_bdd")}, module
    definitions = step_definitions()
    assert len(definitions) > 30 and all(callable(d.step_func) for d in definitions)
    card_points = next(d for d in definitions if d.parser.is_matching("AH is worth 11 card points"))
    assert card_points.type == "then" and card_points.parser.parse_arguments("AH is worth 11 card points")
