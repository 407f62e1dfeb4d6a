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
import itertools
from pathlib import Path
from typing import Any

import pytest
import yaml
from sheepshead_spec import load_spec, package_dir, validate_yaml_against_schema
from sheepshead_spec.record_actions import resolve

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


def rows(stem: str, overrides: dict[str, str] | None = None) -> list[tuple[int, int]]:
    """The fixture's ``(depth, count)`` rows under its configuration (a count may be a variant
    table, by one axis or nested by two)."""
    options = options_of(stem, overrides)
    out = []
    for row in fixture_data(stem)["x-perft"]:
        applies, count = resolve(row["count"], options, "")
        assert applies, f"{stem}: depth {row['depth']} has no count under {options}"
        out.append((row["depth"], count))
    return out


def table_axes(value: Any) -> list[str]:
    """The axes of the variant tables in a count (nested ones too)."""
    if isinstance(value, dict) and "by" in value:
        return [value["by"], *(axis for key, item in value.items() if key != "by" for axis in table_axes(item))]
    return []


def count_options(stem: str) -> list[dict[str, str]]:
    """Every combination of the options of the axes the fixture's counts depend on."""
    axes = sorted({axis for row in fixture_data(stem)["x-perft"] for axis in table_axes(row["count"])})
    every = {axis.id: [option.id for option in axis.options] for axis in load_spec().axes}
    return [dict(zip(axes, combo, strict=True)) for combo in itertools.product(*(every[axis] for axis in axes))]


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


@functools.cache
def engine_perft(stem: str, depth: int) -> int:
    """The engine's perft of the fixture's position (counted once for the tests that need it)."""
    hand = engine_hand(stem)
    before = hand.position()
    count = perft(hand, depth)
    assert hand.position() == before, "perft changed the hand it counted from"
    return count


# ---------------------------------------------------------------------------------- the fixtures


def test_the_fixtures_cover_every_phase_and_the_variants_they_are_about() -> None:
    assert len(FIXTURES) >= 10
    phases = {engine_hand(stem).phase for stem in IDS}
    assert {Phase.AUCTION, Phase.BURY, Phase.CALL, Phase.PLAY} <= phases
    # Each position gives its counts under the options it depends on: pinned in its variants, or
    # by option in its count tables (the dependence gate checks that it lists them all).
    about = {(axis, option) for stem in IDS for axis, option in (fixture_data(stem).get("variants") or {}).items()}
    about |= {pair for stem in IDS for options in count_options(stem) for pair in options.items()}
    assert {
        ("call-timing", "call-then-bury"),
        ("void-play", "must-trump"),
        ("called-ten-rank", "wins-suit"),
        ("called-ten-rank", "until-led"),
        ("all-pass", "redeal"),
        ("no-callable-suit", "alone"),
        ("called-suit-lead", "after-first-lead"),
        ("jack-order", "spades-first"),
    } <= about
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
    for options in count_options(stem):  # every count is a whole number under every option
        assert all(isinstance(count, int) and count >= 0 for _, count in rows(stem, options)), options


# ------------------------------------------------------------------------------------- the counts


@pytest.mark.parametrize("stem", IDS)
def test_bruteforce_reproduces_the_fixture_counts(stem: str) -> None:
    got = {depth: sum(brute_divide(stem, depth).values()) for depth, _ in rows(stem)}
    assert got == dict(rows(stem))


@pytest.mark.parametrize("stem", IDS)
def test_engine_perft_matches_the_fixture_counts(stem: str) -> None:
    hand = engine_hand(stem)
    got = {depth: engine_perft(stem, depth) for depth, _ in rows(stem)}
    assert got == dict(rows(stem)), f"engine perft differs; position {hand.position()}"
    assert perft(hand, 0) == 1


@pytest.mark.parametrize("stem", IDS)
def test_divide_sums_to_perft_and_agrees_with_the_bruteforce_per_first_action(stem: str) -> None:
    hand = engine_hand(stem)
    depth, count = rows(stem)[-1]
    if count == 0:  # the position's last row is past the end of the hand: split the row before
        depth, count = rows(stem)[-2]
    before = hand.position()
    split = divide(hand, depth)
    assert hand.position() == before, "divide changed the hand it counted from"
    assert sum(split.values()) == engine_perft(stem, depth) == count
    engine = {bruteforce.normalise_action(action): n for action, n in split.items()}
    assert len(engine) == len(split), "divide lists an action twice"
    assert engine == brute_divide(stem, depth)
    # The first actions are exactly the legal actions, in both models.
    legal = [bruteforce.normalise_action(str(action)) for action in hand.legal_actions()]
    assert sorted(legal) == sorted(brute_model(stem).legal_actions())


# ------------------------------------------------------------- the fixtures test what they claim

# Changing the option a fixture is about changes its count: the fixture does exercise that option
# (its counts under every option are checked against the brute force and the engine below).
VARIANT_SENSITIVITY = [
    ("play-must-trump-translated-article", "void-play"),
    ("play-must-trump-translated-article", "jack-order"),
    ("play-after-first-lead-translated-article", "called-suit-lead"),
    ("play-called-ten-wins-suit-wikipedia", "called-ten-rank"),
    ("play-called-ten-normal-standard", "called-ten-rank"),
    ("call-forced-alone-open-leaster", "no-callable-suit"),
    ("call-under-standard", "no-callable-suit"),
    ("auction-redeal-last-seat", "all-pass"),
]


@pytest.mark.parametrize(("stem", "axis"), VARIANT_SENSITIVITY, ids=[f"{s}-{a}" for s, a in VARIANT_SENSITIVITY])
def test_the_option_a_fixture_is_about_changes_its_count(stem: str, axis: str) -> None:
    every = [option.id for option in next(a for a in load_spec().axes if a.id == axis).options]
    counts = {option: rows(stem, {axis: option}) for option in every}
    assert len({tuple(found) for found in counts.values()}) > 1, f"{stem}: {axis} does not change any count"


def test_until_led_counts_as_wins_suit() -> None:
    """called-ten-rank until-led and wins-suit differ only in a trick led in the called suit after
    its first lead that holds the called ten, which legal play never reaches: the partner plays the
    ten on the suit's first lead (play.partner-plays-called-card) and keeps it until then
    (play.partner-keeps-called-card). So every count of a fixture is the same under both (the
    brute force and the engine check each count under each option, above and below)."""
    stems = [
        stem
        for stem in IDS
        if "called-ten-rank" in {a for r in fixture_data(stem)["x-perft"] for a in table_axes(r["count"])}
    ]
    assert len(stems) == 3
    for stem in stems:
        for options in count_options(stem):
            if options["called-ten-rank"] == "until-led":
                assert rows(stem, options) == rows(stem, {**options, "called-ten-rank": "wins-suit"}), (stem, options)


# ---------------------------------------------------------------- the counts under every option

_SMALL = 600
"""Rows up to this count are checked by the brute force under every option combination (the
deeper ones only under the fixture's own configuration, above), to keep the run short; the suite
itself checks the engine against every row under every option it plays."""

PER_OPTION = [(stem, options) for stem in IDS for options in count_options(stem)]


@pytest.mark.parametrize(("stem", "options"), PER_OPTION, ids=[f"{s}-{'-'.join(o.values())}" for s, o in PER_OPTION])
def test_the_counts_under_every_option_are_the_bruteforces(stem: str, options: dict[str, str]) -> None:
    small = [(depth, count) for depth, count in rows(stem, options) if count <= _SMALL]
    assert small
    depth = max(d for d, _ in small)
    table = bruteforce.perft_table(brute_model(stem, options), depth)
    assert {d: table[d] for d, _ in small} == dict(small), f"{stem} under {options}"
