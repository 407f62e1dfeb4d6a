"""``illegal.at`` (hand-records.md 8): a whole hand legal under one option, illegal at one action
under another; the record goes on past that action where it is legal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sheepshead_spec import load_spec

from conformance.cases.model import Config, Verdict
from conformance.cases.records import SpecFacts, judge_record
from conformance.engines.reference import ReferenceAdapter
from spec.records import RecordProblems, load_record

SPEC = load_spec()
ROOT = Path(__file__).resolve().parents[2]
WHOLE = ROOT / "fixtures/hands/variants/void-throw-off-whole-hand-free-stops-under-must-trump.yaml"


def _judged(engine: Any, void_play: str, path: Path = WHOLE) -> list[Any]:
    record = load_record(path, SPEC, file=path.name)
    options = {**SPEC.profile_options("standard"), "void-play": void_play}
    checks, _ = judge_record(
        record, tuple(record.data["rules"]), engine, engine.info(), Config(options, options), SpecFacts.of(SPEC)
    )
    return checks


def test_under_free_the_hand_goes_on_to_its_results() -> None:
    checks = _judged(ReferenceAdapter(), "free")
    assert all(check.verdict is Verdict.AGREES for check in checks)
    assert {"outcome", "scores", "winner of trick 6"} <= {check.label for check in checks}


def test_under_must_trump_the_record_stops_at_the_named_action() -> None:
    checks = _judged(ReferenceAdapter(), "must-trump")
    refused = [check for check in checks if check.label == "legality of 'S1 play 8S'"]
    assert len(refused) == 1 and refused[0].verdict is Verdict.AGREES and refused[0].actual == "rejected"
    assert {check.label for check in checks if check.verdict is Verdict.UNREACHED} == {
        "partner",
        "picker side",
        "defenders",
        "outcome",
        "scores",
    }
    assert not [check for check in checks if "trick 2" in check.label]


def test_an_engine_that_lets_the_throw_off_pass_under_must_trump_fails_on_that_action() -> None:
    checks = _judged(_FreeAlways(), "must-trump")
    wrong = [check for check in checks if check.verdict is Verdict.DIFFERS]
    assert wrong and wrong[0].label == "legality of 'S1 play 8S'" and wrong[0].rules == ("play.void-in-led-suit",)


class _FreeAlways(ReferenceAdapter):
    """Plays void-play free whatever it is asked."""

    def _exchange(self, request_id: int, kind: str, message: dict[str, Any]) -> Any:
        if "options" in message:
            message = {**message, "options": {**message["options"], "void-play": "free"}}
        return super()._exchange(request_id, kind, message)


def test_at_must_name_one_action_of_the_hand(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(WHOLE.read_text(encoding="utf-8").replace("at: S1 8S", "at: S1 9S"), encoding="utf-8")
    with pytest.raises(RecordProblems) as raised:
        load_record(path, SPEC, file="bad.yaml")
    assert [problem.message for problem in raised.value.problems] == ["at 'S1 9S' names 0 actions of the hand, not one"]
