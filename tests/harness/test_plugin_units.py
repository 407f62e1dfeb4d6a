"""Units of the plugin: engine selection, the tag vocabulary, fixture applicability, docstrings."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest
import yaml
from sheepshead_spec import load_spec
from sheepshead_spec.record_actions import configuration, load_record

from conformance.cases.featurelint import Vocabulary, lint_features
from conformance.cases.records import not_applicable
from conformance.engines.loading import EngineSelectionError, load_engine, parse_engine

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "name",
    [
        "conformance.cases.mismatches",
        "conformance.engines.loading",
        "conformance.cases.featurelint",
        "conformance.cases.steps",
        "conformance.cases.model",
        "conformance.cases.following",
        "conformance.cases.record_queries",
        "conformance.cli.fuzz",
    ],
)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0


def test_engine_forms() -> None:
    assert parse_engine("reference").kind == "reference"
    spec = parse_engine("python:pkg.mod:make.adapter")
    assert (spec.kind, spec.module, spec.attr) == ("python", "pkg.mod", "make.adapter")
    assert parse_engine("cmd:'my engine' --flag \"a b\"").argv == ("my engine", "--flag", "a b")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bogus", "unknown engine; expected reference | python:MODULE:ATTR | cmd:COMMAND ARGS…"),
        ("python:only_module", "expected python:MODULE:ATTR"),
        ("python:a-b:c", "dotted Python names"),
        ("cmd:", "no command after 'cmd:'"),
        ("cmd:'unbalanced", "cannot split the command"),
        ("python:no_such_module_here:x", "cannot import module 'no_such_module_here'"),
        ("python:conformance.engines.loading:nothing", "has no attribute 'nothing'"),
        ("python:conformance.engines.loading:ENGINE_FORMS", "is not callable"),
        ("python:tests.harness.plugin_engines:not_an_engine", "neither an adapter (missing: callable_cards"),
        ("cmd:/no/such/engine --x", "cannot start '/no/such/engine'"),
    ],
)
def test_engine_selection_errors(text: str, message: str) -> None:
    with pytest.raises(EngineSelectionError) as raised:
        load_engine(text)
    assert message in str(raised.value)
    assert str(raised.value).startswith(f"engine {text!r}: ")


def test_reference_engine_loads() -> None:
    adapter = load_engine("reference")
    try:
        assert "replay" in {c.value for c in adapter.info().capabilities}
    finally:
        adapter.close()


def test_the_shipped_features_lint_clean() -> None:
    index, problems = lint_features(sorted((REPO / "features").rglob("*.feature")), Vocabulary.from_spec(load_spec()))
    assert problems == []
    assert index.scenarios


def test_fixture_applicability(tmp_path: Path) -> None:
    spec = load_spec()
    leaster = load_record(REPO / "fixtures/hands/leaster-blind-decides.yaml", spec)  # variants: all-pass leaster
    # variants override the profile (spec/hand-records.md 5.1): the record runs under every profile
    assert not_applicable(leaster, configuration(leaster, spec, "standard"), spec) is None
    options = configuration(leaster, spec, "doubler")
    assert not_applicable(leaster, options, spec) is None
    assert options["all-pass"] == "leaster" and options["doubler-stacking"] == "queue"
    revoke = load_record(REPO / "fixtures/hands/revoke-trump-on-club-lead.yaml", spec)
    assert all(not_applicable(revoke, configuration(revoke, spec, p.id), spec) is None for p in spec.profiles)
    data = yaml.safe_load((REPO / "fixtures/perft/bury-standard.yaml").read_text(encoding="utf-8"))
    data.pop("variants", None)
    (tmp_path / "bury-standard.yaml").write_text(yaml.safe_dump({**data, "profile": "standard"}), encoding="utf-8")
    perft = load_record(tmp_path / "bury-standard.yaml", spec)  # a record played under a named profile
    assert not_applicable(perft, configuration(perft, spec, "standard"), spec) is None
    # a named profile pins every axis: under tournament the first axis it sets otherwise is named
    tournament = configuration(perft, spec, "tournament")
    standard = spec.profile_options("standard")
    axis = next(a.id for a in spec.axes if tournament[a.id] != standard[a.id])
    reason = not_applicable(perft, tournament, spec) or ""
    assert reason == f"not applicable: the record is written for {axis}={standard[axis]}, not {tournament[axis]}"
