"""Tests for the hand-record and session-record JSON Schemas (spec/schema/*-record.schema.json),
the example records in spec/examples/ and the examples in spec/hand-records.md."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

ROOT = Path(__file__).resolve().parent.parent.parent  # tests/spec/.. /.. = repository root
SPEC = ROOT / "spec"
SCHEMA_DIR = SPEC / "schema"
EXAMPLES_DIR = SPEC / "examples"
DOC = SPEC / "hand-records.md"

SCHEMA_FILES = {
    "sheepshead-hand/1": SCHEMA_DIR / "hand-record.schema.json",
    "sheepshead-session/1": SCHEMA_DIR / "session-record.schema.json",
    "sheepshead-position/1": SCHEMA_DIR / "position-record.schema.json",
    "sheepshead-irregularity/1": SCHEMA_DIR / "irregularity-record.schema.json",
}


def _load_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


SCHEMAS = {fmt: _load_json(path) for fmt, path in SCHEMA_FILES.items()}
REGISTRY: Registry = Registry().with_resources(
    (schema["$id"], Resource.from_contents(schema)) for schema in SCHEMAS.values()
)
VALIDATORS = {fmt: Draft202012Validator(schema, registry=REGISTRY) for fmt, schema in SCHEMAS.items()}
HAND = VALIDATORS["sheepshead-hand/1"]
SESSION = VALIDATORS["sheepshead-session/1"]


def _errors(validator: Draft202012Validator, record: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}" for e in validator.iter_errors(record)]


def _validator_for(record: Any) -> Draft202012Validator:
    assert isinstance(record, dict), "a record must be a mapping"
    fmt = record.get("format")
    assert fmt in VALIDATORS, f"unknown format {fmt!r}"
    return VALIDATORS[fmt]


# ---------------------------------------------------------------- the schemas themselves


@pytest.mark.parametrize("path", SCHEMA_FILES.values(), ids=lambda p: p.name)
def test_schema_is_valid_draft_2020_12(path: Path) -> None:
    schema = _load_json(path)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"].endswith("/" + path.name)
    Draft202012Validator.check_schema(schema)


def _properties_without_description(node: Any, where: str) -> list[str]:
    found = []
    if isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            if not (isinstance(sub, dict) and isinstance(sub.get("description"), str) and sub["description"]):
                found.append(f"{where}/properties/{name}")
        for key, value in node.items():
            found += _properties_without_description(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _properties_without_description(value, f"{where}/{i}")
    return found


@pytest.mark.parametrize("path", SCHEMA_FILES.values(), ids=lambda p: p.name)
def test_every_property_has_a_description(path: Path) -> None:
    assert _properties_without_description(_load_json(path), "#") == []


def test_session_schema_reuses_hand_record_defs() -> None:
    text = json.dumps(SCHEMAS["sheepshead-session/1"])
    assert "hand-record.schema.json#/$defs/hand-body" in text


# ---------------------------------------------------------------- example files

EXAMPLE_FILES = sorted(EXAMPLES_DIR.glob("*.yaml"))


def test_there_are_examples() -> None:
    formats = {yaml.safe_load(p.read_text(encoding="utf-8"))["format"] for p in EXAMPLE_FILES}
    assert formats == set(SCHEMA_FILES)


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_example_file_validates(path: Path) -> None:
    record = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert _errors(_validator_for(record), record) == []
    assert record.get("id") == path.stem, "an example's id is its file name"


_SYMBOLS = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"}


def _normalise(card: str) -> str:
    rank, suit = (card[:2], card[2:]) if card.startswith("10") else (card[:1], card[1:])
    return ("T" if rank == "10" else rank.upper()) + _SYMBOLS.get(suit, suit.upper())


def _hands_of(record: dict[str, Any]) -> list[dict[str, Any]]:
    if record["format"] in ("sheepshead-position/1", "sheepshead-irregularity/1"):
        return []  # one moment of a hand, or a deal that went wrong: no regular deal
    return record["hands"] if record["format"] == "sheepshead-session/1" else [record]


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_example_deals_hold_32_distinct_cards(path: Path) -> None:
    record = yaml.safe_load(path.read_text(encoding="utf-8"))
    for hand in _hands_of(record):
        deal = hand["deal"]
        cards = deal["deck"] if "deck" in deal else [c for h in deal["hands"].values() for c in h] + deal["blind"]
        assert len({_normalise(c) for c in cards}) == 32


# ---------------------------------------------------------------- examples in the document


def _doc_yaml_blocks() -> list[str]:
    # Only blocks whose info string is exactly `yaml` are complete records; `yaml fragment` blocks are excerpts.
    return re.findall(r"^```yaml\n(.*?)^```", DOC.read_text(encoding="utf-8"), flags=re.M | re.S)


def test_document_has_record_examples() -> None:
    assert len(_doc_yaml_blocks()) >= 2


@pytest.mark.parametrize("index", range(len(_doc_yaml_blocks())) if DOC.exists() else [])
def test_document_example_validates(index: int) -> None:
    record = yaml.safe_load(_doc_yaml_blocks()[index])
    assert _errors(_validator_for(record), record) == []


def test_document_fragments_are_well_formed_yaml() -> None:
    blocks = re.findall(r"^```yaml fragment\n(.*?)^```", DOC.read_text(encoding="utf-8"), flags=re.M | re.S)
    for block in blocks:
        yaml.safe_load(block)


# ---------------------------------------------------------------- inline records


def _base() -> dict[str, Any]:
    return yaml.safe_load((EXAMPLES_DIR / "ordinary-win-deck.yaml").read_text(encoding="utf-8"))


def _hands_form() -> dict[str, Any]:
    return yaml.safe_load((EXAMPLES_DIR / "schneidered-hands.yaml").read_text(encoding="utf-8"))


def _session() -> dict[str, Any]:
    return yaml.safe_load((EXAMPLES_DIR / "session-two-hands.yaml").read_text(encoding="utf-8"))


def _del(key: str):
    def change(r: dict[str, Any]) -> None:
        del r[key]

    return change


def _set(path: str, value: Any):
    def change(r: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = r
        for p in parents:
            node = node[int(p)] if isinstance(node, list) else node[p]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return change


INVALID_HAND = {
    "missing format": _del("format"),
    "wrong format": _set("format", "sheepshead-hand/2"),
    "missing dealer": _del("dealer"),
    "missing deal": _del("deal"),
    "bad seat S6 as dealer": _set("dealer", "S6"),
    "31-card deck": lambda r: r["deal"]["deck"].pop(),
    "33-card deck": lambda r: r["deal"]["deck"].append("AC"),
    "repeated card in deck": _set("deal.deck.1", "AH"),
    "bad card code 1D": _set("deal.deck.0", "1D"),
    "bad card code ZZ": _set("deal.deck.0", "ZZ"),
    "bad card code 6C": _set("deal.deck.0", "6C"),
    "card with a space": _set("deal.deck.0", "A H"),
    "card as a number": _set("deal.deck.0", 10),
    "deck and hands together": _set("deal.hands", {}),
    "deck and blind together": _set("deal.blind", ["TS", "7S"]),
    "empty deal": _set("deal", {}),
    "unknown top-level key": _set("comment", "hello"),
    "unknown key in expect": _set("expect.winner", "S1"),
    "unknown key in deal": _set("deal.order", "top-first"),
    "bad seat S6 in auction": _set("auction.0", "S6 pass"),
    "unknown auction word": _set("auction.0", "S1 bid"),
    "auction without seat": _set("auction.0", "pass"),
    "empty auction": _set("auction", []),
    "eight auction actions": _set("auction", ["S1 pass"] * 8),
    "empty bury": _set("bury", []),
    "four-card bury": _set("bury", ["TS", "7S", "KC", "9D"]),
    "call of a non-card": _set("call", "hearts"),
    "call under without under": _set("call", {"card": "AH"}),
    "bad seat S6 in a play": _set("plays.0.0", "S6 9C"),
    "play without seat": _set("plays.0.0", "9C"),
    "bad card in a play": _set("plays.0.0", "S1 1D"),
    "two spaces in a play": _set("plays.0.0", "S1  9C"),
    "six plays in a trick": lambda r: r["plays"][0].append("S1 8S"),
    "empty trick": _set("plays.0", []),
    "seven tricks": lambda r: r["plays"].append(["S1 9C"]),
    "bad id": _set("id", "Ordinary Win"),
    "bad rule id": _set("rules", ["follow-suit"]),
    "bad profile id": _set("profile", "Standard"),
    "variant option not a string": _set("variants", {"double-on-the-bump": True}),
    "bad seat S6 as partner": _set("expect.partner", "S6"),
    "scores missing a seat": _set("expect.scores", {"S1": 1, "S2": -1, "S3": 2, "S4": -2}),
    "scores with S6": _set("expect.scores", {"S1": 1, "S2": -1, "S3": 2, "S4": -1, "S5": -1, "S6": 0}),
    "points above 120": _set("expect.picker_side", {"points": 121}),
    "unknown outcome": _set("expect.outcome", "victory"),
    "illegal without rule": _set("expect.illegal", {}),
    "variant table without by": _set("expect.outcome", {"standard": "win", "otherwise": "loss"}),
    "variant table with only by": _set("expect.outcome", {"by": "profile"}),
    "variant table with a bad value": _set("expect.outcome", {"by": "profile", "standard": "victory"}),
    "variant table with a bad key": _set("expect.outcome", {"by": "profile", "Standard": "win"}),
    "variant table with a bad selector": _set("expect.outcome", {"by": "Profile", "standard": "win"}),
}


@pytest.mark.parametrize("change", INVALID_HAND.values(), ids=INVALID_HAND.keys())
def test_invalid_hand_record_is_rejected(change) -> None:
    record = _base()
    assert _errors(HAND, record) == []
    change(record)
    assert _errors(HAND, record) != []


INVALID_HANDS_FORM = {
    "hand of 5": lambda r: r["deal"]["hands"]["S1"].pop(),
    "hand of 7": lambda r: r["deal"]["hands"]["S1"].append("AC"),
    "missing seat in hands": lambda r: r["deal"]["hands"].pop("S5"),
    "seat S6 in hands": _set("deal.hands.S6", ["AC"] * 6),
    "blind of 1": lambda r: r["deal"]["blind"].pop(),
    "blind of 3": lambda r: r["deal"]["blind"].append("AC"),
    "missing blind": lambda r: r["deal"].pop("blind"),
    "bad card in a hand": _set("deal.hands.S2.0", "ZZ"),
}


@pytest.mark.parametrize("change", INVALID_HANDS_FORM.values(), ids=INVALID_HANDS_FORM.keys())
def test_invalid_hands_form_is_rejected(change) -> None:
    record = _hands_form()
    assert _errors(HAND, record) == []
    change(record)
    assert _errors(HAND, record) != []


INVALID_SESSION = {
    "missing hands": _del("hands"),
    "no hands": _set("hands", []),
    "format inside a hand": _set("hands.0.format", "sheepshead-hand/1"),
    "profile inside a hand": _set("hands.0.profile", "standard"),
    "variants inside a hand": _set("hands.0.variants", {}),
    "unknown key inside a hand": _set("hands.0.note", "x"),
    "hand without dealer": lambda r: r["hands"][0].pop("dealer"),
    "bad seat S6 in totals": _set("expect.totals.S6", 0),
    "unknown key in session expect": _set("expect.scores", {}),
    "unknown top-level key": _set("title", "x"),
}


@pytest.mark.parametrize("change", INVALID_SESSION.values(), ids=INVALID_SESSION.keys())
def test_invalid_session_record_is_rejected(change) -> None:
    record = _session()
    assert _errors(SESSION, record) == []
    change(record)
    assert _errors(SESSION, record) != []


VALID_CHANGES = {
    "alias 10D": _set("deal.deck.5", "10D"),
    "alias Q♣": _set("deal.deck.3", "Q♣"),
    "alias qc": _set("deal.deck.3", "qc"),
    "alias 10♦ lower-case symbols": _set("deal.deck.5", "10♦"),
    "alias t♥": _set("deal.deck.28", "t♥"),
    "alias in a play": _set("plays.0.0", "S1 9♣"),
    "alias 10 in a play": _set("plays.5.4", "S2 10d"),
    "alias in the bury": _set("bury", ["10♠", "7s"]),
    "alias in the call": _set("call", "a♥"),
    "call alone": _set("call", "alone"),
    "call with under": _set("call", {"card": "AH", "under": "7C"}),
    "three-card bury (illegal but well-formed)": _set("bury", ["TS", "7S", "KC"]),
    "one-card bury (illegal but well-formed)": _set("bury", ["TS"]),
    "partial last trick": _set("plays", [["S1 9C", "S2 AC"]]),
    "no plays": _del("plays"),
    "no auction, bury, call or plays": lambda r: [r.pop(k) for k in ("auction", "bury", "call", "plays", "expect")],
    "x- key at the top": _set("x-source", "club night"),
    "x- key in expect": _set("expect.x-note", "checked by hand"),
    "x- key in a trick expectation": _set("expect.tricks.0.x-why", "AC is highest"),
    "x- key in deal": _set("deal.x-shuffle", 7),
    "profile and variants": lambda r: r.update(profile="standard", variants={"double-on-the-bump": "on"}),
    "rules list": _set("rules", ["play.follow-suit", "trick.highest-trump-wins"]),
    "partner null": _set("expect.partner", None),
    "illegal null": _set("expect.illegal", None),
    "illegal rule": _set("expect.illegal", {"rule": "play.follow-suit"}),
    "variant table by axis": _set(
        "expect.scores",
        {
            "by": "defender-sweep",
            "shared": {"S1": 1, "S2": -1, "S3": 2, "S4": -1, "S5": -1},
            "otherwise": {"S1": 2, "S2": -2, "S3": 4, "S4": -2, "S5": -2},
        },
    ),
    "variant table by profile": _set("expect.outcome", {"by": "profile", "standard": "win", "x-note": "n"}),
    "variant table of illegal with null": _set(
        "expect.illegal", {"by": "void-play", "free": None, "must-trump": {"rule": "play.void-must-trump"}}
    ),
    "variant table of tricks": _set("expect.tricks", {"by": "profile", "otherwise": [{"winner": "S2"}]}),
    "variant table of partner": _set("expect.partner", {"by": "call-timing", "otherwise": None}),
    "seat points and tricks": lambda r: r["expect"].update(
        seat_points={"S1": 25, "S2": 30, "S3": 55, "S4": 0, "S5": 0},
        seat_tricks={"S1": 1, "S2": 2, "S3": 3, "S4": 0, "S5": 0},
        leaster_winner=None,
    ),
}


@pytest.mark.parametrize("change", VALID_CHANGES.values(), ids=VALID_CHANGES.keys())
def test_valid_variation_is_accepted(change) -> None:
    record = _base()
    change(record)
    assert _errors(HAND, record) == []


def test_aliases_in_hands_form_are_accepted() -> None:
    record = _hands_form()
    record["deal"]["hands"]["S2"] = ["Q♣", "qs", "10D", "a♣", "t♣", "10♥"]
    assert _errors(HAND, record) == []


def test_unknown_key_error_names_the_key() -> None:
    record = _base()
    record["comment"] = "hello"
    messages = _errors(HAND, record)
    assert any("comment" in m for m in messages), messages


def test_bad_dealer_is_reported_once() -> None:
    # unevaluatedProperties must not add a second, confusing error for a property that is merely invalid
    record = _base()
    record["dealer"] = "S6"
    messages = _errors(HAND, record)
    assert len(messages) == 1 and messages[0].startswith("dealer:"), messages


def test_session_hand_reports_unknown_key() -> None:
    record = _session()
    record["hands"][1]["note"] = "x"
    messages = _errors(SESSION, record)
    assert any("note" in m for m in messages), messages
