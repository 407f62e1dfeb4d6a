"""Perft: the engine's action generation counted against an independent brute force.

Each position lives in ``fixtures/perft/<id>.yaml``: a ``sheepshead-hand/1`` hand record that
stops at the position (dealer, deal, auction, bury, call, plays, any of the last ones left out)
plus an ``x-perft`` list of ``{depth, count}`` (an extension key, so the file is still a valid
hand record that any reader of the format can load). ``count`` is the number of distinct
sequences of exactly ``depth`` legal actions from the position; a sequence cut short because the
hand is over is not counted.

The counts are checked three ways: the brute force of :mod:`tests.engine.bruteforce` (written from
``spec/SPEC.md``, sharing no code with the engine) must reproduce them, the engine's
:func:`reference_impl.perft.perft` must reproduce them, and :func:`reference_impl.perft.divide`
must split them first action by first action exactly as the brute force does.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest
import yaml
from sheepshead_spec import load_spec, package_dir, validate_yaml_against_schema

from reference_impl.hand import Hand, Phase
from reference_impl.perft import divide, perft
from reference_impl.profile import profile_names
from reference_impl.record import load, loads, replay

from . import bruteforce

REPO = Path(__file__).resolve().parents[2]
FIXTURE_DIR = REPO / "fixtures" / "perft"
FIXTURES = sorted(FIXTURE_DIR.glob("*.yaml"))
IDS = [path.stem for path in FIXTURES]


@functools.cache
def fixture_data(stem: str) -> dict[str, Any]:
    data = yaml.safe_load((FIXTURE_DIR / f"{stem}.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@functools.cache
def spec_options(profile: str) -> dict[str, str]:
    return dict(load_spec().profile_options(profile))


def rows(stem: str) -> list[tuple[int, int]]:
    return [(row["depth"], row["count"]) for row in fixture_data(stem)["x-perft"]]


def options_of(stem: str, overrides: dict[str, str] | None = None) -> dict[str, str]:
    """The fixture's configuration, read from the spec's profile table (not from the engine)."""
    data = fixture_data(stem)
    options = dict(spec_options(data.get("profile", "standard")))
    options.update(data.get("variants") or {})
    options.update(overrides or {})
    return options


def brute_model(stem: str, overrides: dict[str, str] | None = None) -> bruteforce.Model:
    return bruteforce.model_from_record_data(fixture_data(stem), options_of(stem, overrides))


@functools.cache
def brute_tables(stem: str) -> dict[str, list[int]]:
    """Per first action, the brute force's perft table after it, to the fixture's deepest row."""
    return bruteforce.divide_tables(brute_model(stem), rows(stem)[-1][0])


def brute_divide(stem: str, depth: int) -> dict[str, int]:
    return {action: table[depth - 1] for action, table in brute_tables(stem).items()}


def engine_hand(stem: str, overrides: dict[str, str] | None = None) -> Hand:
    data = fixture_data(stem)
    if overrides:  # the record with the overridden options pinned in its variants
        changed = {**data, "variants": {**(data.get("variants") or {}), **overrides}}
        result = replay(loads(yaml.safe_dump(changed), file=f"{stem}.yaml"))
    else:
        result = replay(load(FIXTURE_DIR / f"{stem}.yaml"))
    assert result.error is None, f"the engine rejects the fixture's prefix: {result.error}"
    return result.hand


# ---------------------------------------------------------------------------------- the fixtures


def test_the_fixtures_cover_every_phase_and_the_variants_they_are_about() -> None:
    assert len(FIXTURES) >= 10
    phases = {engine_hand(stem).phase for stem in IDS}
    assert {Phase.AUCTION, Phase.BURY, Phase.CALL, Phase.PLAY} <= phases
    # Each position pins the options it depends on (the dependence gate checks that it lists them all).
    pinned = {(axis, option) for stem in IDS for axis, option in (fixture_data(stem).get("variants") or {}).items()}
    assert {("call-timing", "call-then-bury"), ("void-play", "must-trump"), ("called-ten-rank", "wins-suit"),
            ("all-pass", "redeal"), ("no-callable-suit", "alone"), ("called-suit-lead", "after-first-lead"),
            ("jack-order", "spades-first")} <= pinned  # fmt: skip
    calls = [fixture_data(stem).get("call") for stem in IDS]
    assert any(isinstance(call, dict) for call in calls), "an under call"
    assert any(isinstance(call, str) and call.startswith("T") for call in calls), "a called ten"
    assert "alone" in calls
    assert any(engine_hand(stem).is_leaster for stem in IDS), "a leaster"
    # Some fixtures play to the end of the hand, where perft drops to 0.
    assert sum(1 for stem in IDS if rows(stem)[-1][1] == 0) >= 2


@pytest.mark.parametrize("stem", IDS)
def test_fixture_is_a_hand_record_with_a_perft_table(stem: str) -> None:
    path = FIXTURE_DIR / f"{stem}.yaml"
    problems = validate_yaml_against_schema(path, package_dir() / "schema" / "hand-record.schema.json")
    assert not problems, problems
    data = fixture_data(stem)
    assert data["format"] == "sheepshead-hand/1"
    assert data["id"] == stem
    assert data.get("description")
    assert data.get("profile", "standard") in profile_names()
    assert "deck" not in data["deal"], "fixtures give the deal as hands and blind"
    assert "expect" not in data, "a perft position states no results"
    table = data["x-perft"]
    assert table and all(set(row) == {"depth", "count"} for row in table)
    depths = [row["depth"] for row in table]
    assert depths == sorted(set(depths)) and depths[0] >= 1
    assert all(isinstance(row["count"], int) and row["count"] >= 0 for row in table)


# ------------------------------------------------------------------------------------- the counts


@pytest.mark.parametrize("stem", IDS)
def test_bruteforce_reproduces_the_fixture_counts(stem: str) -> None:
    got = {depth: sum(brute_divide(stem, depth).values()) for depth, _ in rows(stem)}
    assert got == dict(rows(stem))


@pytest.mark.parametrize("stem", IDS)
def test_engine_perft_matches_the_fixture_counts(stem: str) -> None:
    hand = engine_hand(stem)
    before = hand.position()
    got = {depth: perft(hand, depth) for depth, _ in rows(stem)}
    assert got == dict(rows(stem)), f"engine perft differs; position {before}"
    assert perft(hand, 0) == 1
    assert hand.position() == before, "perft changed the hand it counted from"


@pytest.mark.parametrize("stem", IDS)
def test_divide_sums_to_perft_and_agrees_with_the_bruteforce_per_first_action(stem: str) -> None:
    hand = engine_hand(stem)
    depth, count = rows(stem)[-1]
    if count == 0:  # the position's last row is past the end of the hand: split the row before
        depth, count = rows(stem)[-2]
    split = divide(hand, depth)
    assert sum(split.values()) == perft(hand, depth) == count
    engine = {bruteforce.normalise_action(action): n for action, n in split.items()}
    assert len(engine) == len(split), "divide lists an action twice"
    assert engine == brute_divide(stem, depth)
    # The first actions are exactly the legal actions, in both models.
    legal = [bruteforce.normalise_action(str(action)) for action in hand.legal_actions()]
    assert sorted(legal) == sorted(brute_model(stem).legal_actions())


# ------------------------------------------------------------- the fixtures test what they claim

# Changing the option a fixture is about changes its count: the fixture does exercise that option.
VARIANT_SENSITIVITY = [
    ("play-must-trump-translated-article", {"void-play": "free"}),
    ("play-must-trump-translated-article", {"jack-order": "clubs-first"}),
    ("play-after-first-lead-translated-article", {"called-suit-lead": "any-time"}),
    ("play-called-ten-wins-suit-wikipedia", {"called-ten-rank": "normal"}),
    ("play-called-ten-normal-standard", {"called-ten-rank": "wins-suit"}),
    ("call-forced-alone-open-leaster", {"no-callable-suit": "under"}),
    ("call-under-standard", {"no-callable-suit": "alone"}),
    ("auction-redeal-last-seat", {"all-pass": "leaster"}),
]


@pytest.mark.parametrize(
    ("stem", "overrides"), VARIANT_SENSITIVITY, ids=[f"{s}-{'-'.join(o.values())}" for s, o in VARIANT_SENSITIVITY]
)
def test_the_option_a_fixture_is_about_changes_its_count(stem: str, overrides: dict[str, str]) -> None:
    depth, count = max((row for row in rows(stem) if row[1] <= 5000), key=lambda row: row[0])
    if count == 0:
        depth, count = rows(stem)[-2]
    brute = bruteforce.perft(brute_model(stem, overrides), depth)
    engine = perft(engine_hand(stem, overrides), depth)
    assert engine == brute
    assert brute != count, f"{stem}: {overrides} does not change perft({depth})"
