"""``fuzz --rules``: the rules and options the reference's hands reached, counted as the reference
tells; over 2,000 games with seed 0 every rule a random game can reach is reached, and the README
lists the others with their reason; ``--jobs`` merges the counts to what one process counts."""

from __future__ import annotations

import json
from pathlib import Path

from sheepshead_spec import load_spec

from conformance.fuzz.reached import UNREACHABLE
from tests.harness.synthetic import run_cli

REPO = Path(__file__).resolve().parents[2]
SPEC = load_spec()


def _report(*argv: str) -> dict[str, object]:
    outcome = run_cli(["fuzz", "--engine", "reference", "--rules", "--format", "json", "-q", *argv])
    assert outcome.status == 0, outcome.err
    return dict(json.loads(outcome.out))


def test_every_rule_a_random_game_can_reach_is_reached_in_2000_games() -> None:
    data = _report("--hands", "2000", "--seed", "0")
    reached = dict(data["rules_reached"])  # type: ignore[call-overload]
    missed = [rule.id for rule in SPEC.rules if not reached.get(rule.id) and rule.id not in UNREACHABLE]
    assert not missed, f"not reached in 2,000 games: {missed}"
    assert set(reached) <= {rule.id for rule in SPEC.rules}  # only the catalogue's ids
    assert not set(UNREACHABLE) & set(reached), "a rule said to be unreachable was reached"
    options = dict(data["options_reached"])  # type: ignore[call-overload]
    assert {f"{axis.id}={option.id}" for axis in SPEC.axes for option in axis.options} <= set(options)


def test_the_readme_lists_each_unreachable_rule_with_its_reason() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("**Every rule reached.**", 1)[1].split("A real run,", 1)[0]
    assert set(UNREACHABLE) <= {rule.id for rule in SPEC.rules}
    for rule in UNREACHABLE:
        assert f"`{rule}`" in section, rule


def test_the_table_marks_what_was_not_reached_and_why() -> None:
    outcome = run_cli(["fuzz", "--engine", "reference", "--rules", "--hands", "20", "-q"])
    lines = outcome.out.splitlines()
    head = next(line for line in lines if line.startswith("Rules reached in "))
    assert head.endswith(f" of {len(SPEC.rules)}")
    assert any(
        line.strip().startswith("-  procedure.misdeal  (not reached: the fuzzer deals only regular deals")
        for line in lines
    )
    assert any(line.strip().startswith("jack-order: clubs-first ") for line in lines)


def test_jobs_merge_the_counts_to_what_one_process_counts() -> None:
    one = _report("--hands", "40", "--seed", "r")
    two = _report("--hands", "40", "--seed", "r", "--jobs", "2")
    for key in ("rules_reached", "options_reached", "hands_counted"):
        assert one[key] == two[key], key


def test_profile_all_draws_each_game_under_one_of_the_profiles() -> None:
    data = _report("--hands", "300", "--seed", "0", "--profile", "all")
    options = dict(data["options_reached"])  # type: ignore[call-overload]
    # only translated-article plays spades-first; only the schwanzer profiles play schwanzer
    assert options.get("jack-order=spades-first", 0) > 0 and options.get("all-pass=schwanzer", 0) > 0
    assert options.get("cracking=crack", 0) > 0  # the cracking profiles
    assert options.get("jack-order=clubs-first", 0) > options["jack-order=spades-first"]  # one profile in 16
