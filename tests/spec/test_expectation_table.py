"""One table of expectation kinds (:data:`sheepshead_spec.records.EXPECTATIONS`) ties the schema,
the reader, the writers and the judge together.

- the schema's ``expect`` has exactly the table's keys;
- the reader refuses each end-of-hand key on a hand that stops early, and no other key;
- the writers (the reference's and the fuzzer's) write only the table's keys, in its order;
- the judge checks each key: a record written by the reference writer holds against the
  reference, and changing the value of any one key makes ``check`` fail at that key's line.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from sheepshead_spec import load_spec, package_dir
from sheepshead_spec.record_actions import expect_fields, parse_record, record_text
from sheepshead_spec.records import END_OF_HAND_KEYS, EXPECTATIONS, RESULT_KEYS, RecordProblems

from reference_impl.cards import Card
from reference_impl.hand import Hand, Phase
from reference_impl.profile import Profile
from reference_impl.record import hand_to_record

from ..harness.synthetic import run_cli

KEYS = [kind.key for kind in EXPECTATIONS]


def test_the_schema_has_exactly_the_tables_keys_in_its_order() -> None:
    schema = json.loads((package_dir() / "schema" / "hand-record.schema.json").read_text(encoding="utf-8"))
    assert list(schema["$defs"]["expect"]["properties"]) == KEYS


def test_the_derived_key_lists() -> None:
    assert END_OF_HAND_KEYS == (
        "picker_side",
        "defenders",
        "seat_points",
        "seat_tricks",
        "outcome",
        "leaster_winner",
        "scores",
    )
    assert RESULT_KEYS == ("partner", *END_OF_HAND_KEYS)
    assert {kind.moment for kind in EXPECTATIONS} == {"any", "end"}


_EARLY = """format: sheepshead-hand/1
dealer: S5
deal: {deck: [QC, QS, QH, QD, JC, JS, JH, JD, AD, TD, KD, 9D, 8D, 7D, AC, TC, KC, 9C,
               8C, 7C, AS, TS, KS, 9S, 8S, 7S, AH, TH, KH, 9H, 8H, 7H]}
auction: [S1 pick]
bury: [QC, QS]
call: AC
"""

_VALUES: dict[str, Any] = {
    "partner": "S2",
    "tricks": [],
    "picker_side": {"points": 60},
    "defenders": {"points": 60},
    "seat_points": {"S1": 24, "S2": 24, "S3": 24, "S4": 24, "S5": 24},
    "seat_tricks": {"S1": 2, "S2": 1, "S3": 1, "S4": 1, "S5": 1},
    "outcome": "win",
    "leaster_winner": "S1",
    "scores": {"S1": 0, "S2": 0, "S3": 0, "S4": 0, "S5": 0},
    "illegal": {"rule": "play.follow-suit"},
    "legal": [],
}


@pytest.mark.parametrize("key", KEYS)
def test_the_reader_refuses_exactly_the_end_of_hand_keys_on_a_hand_that_stops_early(key: str) -> None:
    text = _EARLY + "expect:\n  " + json.dumps({key: _VALUES[key]})[1:-1] + "\n"
    try:
        parse_record(text, load_spec(), file="early.yaml")
        problems: list[str] = []
    except RecordProblems as error:
        problems = [str(problem) for problem in error.problems]
    needs_end = [p for p in problems if "needs a complete hand" in p]
    assert bool(needs_end) == (key in END_OF_HAND_KEYS), problems


def test_the_writer_refuses_a_key_the_format_does_not_have() -> None:
    with pytest.raises(ValueError, match="winner"):
        expect_fields({"scores": {}, "winner": "S1"})
    assert list(expect_fields({"scores": 1, "outcome": 2, "partner": 3})) == ["partner", "outcome", "scores"]


def _finished(profile: str, seed: int, *, leaster: bool) -> Hand:
    """A random hand played to the end under ``profile``: a leaster or a picked hand."""
    rng = random.Random(seed)
    while True:
        deck = [Card(index) for index in range(32)]
        rng.shuffle(deck)
        hand = Hand.from_deck(Profile.named(profile), rng.randint(1, 5), deck)
        while hand.phase is not Phase.SCORED:
            actions = list(hand.legal_actions())
            if leaster and hand.phase is Phase.AUCTION:
                actions = [a for a in actions if a.kind.value == "pass"] or actions
            elif hand.phase is Phase.AUCTION:
                actions = [a for a in actions if a.kind.value == "pick"] or actions
            hand.apply(rng.choice(actions))
        if hand.is_leaster == leaster and hand.tricks:
            return hand


def _changed(key: str, value: Any) -> Any:
    """Another value of the same shape."""
    if key == "partner":
        return "S1" if value != "S1" else "S2"
    if key == "tricks":
        return [{**value[0], "winner": "S1" if value[0]["winner"] != "S1" else "S2"}, *value[1:]]
    if key in ("picker_side", "defenders"):
        return {**value, "points": value["points"] + 1}
    if key in ("seat_points", "seat_tricks"):
        seats = sorted(value)
        return {**value, seats[0]: value[seats[0]] + 1, seats[1]: value[seats[1]] - 1}
    if key == "outcome":
        return "leaster" if value != "leaster" else "win"
    if key == "leaster_winner":
        return "S1" if value != "S1" else "S2"
    if key == "scores":
        return {**value, "S1": value["S1"] + 1, "S2": value["S2"] - 1}
    raise AssertionError(key)


def _key_lines(text: str, key: str) -> range:
    """The lines of ``expect.<key>`` in a written record: its own and those of its items."""
    lines = text.splitlines()
    start = next(number for number, line in enumerate(lines, start=1) if line.startswith(f"  {key}:"))
    end = next(
        (n for n in range(start + 1, len(lines) + 1) if not lines[n - 1].startswith(("   ", "  -"))), len(lines) + 1
    )
    return range(start, end)


@pytest.mark.parametrize("leaster", [False, True], ids=["picked", "leaster"])
def test_the_judge_checks_every_key_the_writer_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, leaster: bool
) -> None:
    monkeypatch.chdir(tmp_path)
    hand = _finished("standard", 7, leaster=leaster)
    data = hand_to_record(hand)
    written = list(data["expect"])
    assert written == [key for key in KEYS if key in written]  # the table's order
    assert set(written) >= {"tricks", "outcome", "scores"}
    held = tmp_path / "held.yaml"
    held.write_text(record_text(data), encoding="utf-8")
    outcome = run_cli(["check", str(held)])
    assert outcome.status == 0, outcome.out + outcome.err
    for key in written:
        if data["expect"][key] is None:
            continue
        changed = {**data, "expect": {**data["expect"], key: _changed(key, data["expect"][key])}}
        text = record_text(changed)
        path = tmp_path / f"{key}.yaml"
        path.write_text(text, encoding="utf-8")
        outcome = run_cli(["check", str(path)])
        assert outcome.status == 1, (key, outcome.out + outcome.err)
        cited = {f"{path.name}:{line}" for line in _key_lines(text, key)}
        assert any(place in outcome.out for place in cited), (key, outcome.out)
