"""Legal-set expectations (``expect.legal``, hand-records.md 5.10): the hand replayed up to a
moment, the engine's legal plays of the seat to act compared with the record's set."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from sheepshead_spec import load_spec

from conformance.adapter import ReplayRequest, ReplayResponse
from conformance.cases.model import Config, Verdict
from conformance.cases.records import SpecFacts, judge_record
from conformance.engines.reference import ReferenceAdapter
from spec.records import RecordProblems, load_record

SPEC = load_spec()
ROOT = Path(__file__).resolve().parents[2]
VOID = ROOT / "fixtures/hands/variants/void-player-throws-off-holding-trump-illegal-only-must-trump.yaml"


def _judged(engine: Any, path: Path = VOID, void_play: str = "free") -> list[Any]:
    record = load_record(path, SPEC, file=path.name)
    options = {**SPEC.profile_options("standard"), **record.variants, "void-play": void_play}
    checks, _ = judge_record(
        record, tuple(record.data["rules"]), engine, engine.info(), Config(options, options), SpecFacts.of(SPEC)
    )
    return [check for check in checks if check.label.startswith("legal plays")]


class ThrowsTheCalledAce(ReferenceAdapter):
    """Also lists the called AS among the partner S1's plays on the club lead (a missing
    play.partner-keeps-called-card)."""

    def replay(self, request: ReplayRequest) -> ReplayResponse:
        response = super().replay(request)
        if response.legal and request.actions[-1:] == ("S5 play 8D",):  # S1 to play to the club lead
            return dataclasses.replace(response, legal=(*response.legal, "S1 play AS"))
        return response


class ListsNothing(ReferenceAdapter):
    """Cannot list legal actions (the field is optional)."""

    def replay(self, request: ReplayRequest) -> ReplayResponse:
        return dataclasses.replace(super().replay(request), legal=None)


@pytest.mark.parametrize(("void_play", "last"), [("free", "7S 8S JH KD TD"), ("must-trump", "JH KD TD")])
def test_the_reference_agrees_with_every_legal_set(void_play: str, last: str) -> None:
    checks = _judged(ReferenceAdapter(), void_play=void_play)
    assert [check.verdict for check in checks] == [Verdict.AGREES] * 4
    assert checks[-1].label == "legal plays of S1 after 3 plays" and checks[-1].actual == last


def test_an_extra_legal_card_differs_where_it_is_offered() -> None:
    checks = _judged(ThrowsTheCalledAce())
    wrong = [check for check in checks if check.verdict is Verdict.DIFFERS]
    assert [check.label for check in wrong] == ["legal plays of S1 after 3 plays"]
    assert wrong[0].expected == "7S 8S JH KD TD" and wrong[0].actual == "7S 8S AS JH KD TD"
    assert wrong[0].rules and all(rule.startswith("play.") for rule in wrong[0].rules), wrong[0].rules
    assert wrong[0].location.endswith(f":{_line(VOID, 'cards: {by: void-play')}")


def test_an_engine_that_lists_no_legal_actions_leaves_the_sets_unchecked() -> None:
    checks = _judged(ListsNothing())
    assert checks and all(check.verdict is Verdict.UNREPORTED for check in checks)


def _line(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_a_moment_past_the_records_plays_is_a_problem(tmp_path: Path) -> None:
    text = VOID.read_text(encoding="utf-8").replace("{after: 1, seat: S4", "{after: 9, seat: S4")
    path = tmp_path / "late.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordProblems) as raised:
        load_record(path, SPEC, file="late.yaml")
    assert [str(problem) for problem in raised.value.problems] == [
        f"late.yaml:{_line(path, '{after: 9')}: expect.legal[1].after: after 9 plays, but the record has 4"
    ]
