"""Leaster ties under ``leaster-tie: random`` (rule ``leaster.tie``): a record states the table's
draw (``tie_break``), the harness sends it, and an engine that draws for itself may pick any of
the tied seats, judged with the expected results of the two seats exchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sheepshead_spec import load_spec

from conformance.cases.model import Config, Verdict
from conformance.cases.records import SpecFacts, judge_record
from conformance.engines.reference import ReferenceAdapter
from conformance.judge.results import Status
from conformance.runner import run_engine
from spec.records import load_record

SPEC = load_spec()
ROOT = Path(__file__).resolve().parents[2]
TWO_WAY = ROOT / "fixtures/hands/leaster/leaster-two-way-tie-no-exchange-or-split.yaml"


class DrawsForItself(ReferenceAdapter):
    """The reference, deaf to the harness's draw: a tie goes to the first tied seat clockwise
    from the dealer's left (S5 in the two-way fixture, whose record drew S1)."""

    def __init__(self) -> None:
        super().__init__()
        self.draws_seen: list[str] = []

    def _exchange(self, request_id: int, kind: str, message: dict[str, Any]) -> Any:
        if "tie_break" in message:
            self.draws_seen.append(message.pop("tie_break"))
        for hand in message.get("hands") or ():
            hand.pop("tie_break", None)
        return super()._exchange(request_id, kind, message)


def _judged(engine: ReferenceAdapter, path: Path, profile: str = "sheepsheadai") -> list[Any]:
    record = load_record(path, SPEC, file=path.name)
    options = {**SPEC.profile_options(profile), **record.variants}
    checks, _ = judge_record(
        record, tuple(record.data["rules"]), engine, engine.info(), Config(options, options), SpecFacts.of(SPEC)
    )
    return checks


def test_the_records_draw_is_sent_and_honoured_by_the_reference() -> None:
    engine = DrawsForItself()
    checks = _judged(ReferenceAdapter(), TWO_WAY)
    assert all(check.verdict is Verdict.AGREES for check in checks), [
        c for c in checks if c.verdict is not Verdict.AGREES
    ]
    winner = next(check for check in checks if check.label == "leaster winner")
    assert winner.actual == "S1" and not winner.note
    _judged(engine, TWO_WAY)
    assert engine.draws_seen == ["S1"]


def test_an_engine_drawing_another_tied_seat_agrees_and_the_report_says_so() -> None:
    checks = _judged(DrawsForItself(), TWO_WAY)
    assert all(check.verdict is Verdict.AGREES for check in checks), [
        c for c in checks if c.verdict is not Verdict.AGREES
    ]
    winner = next(check for check in checks if check.label == "leaster winner")
    scores = next(check for check in checks if check.label == "scores")
    assert winner.actual == "S5" and "drew S5 of the tied S1, S5" in winner.note
    assert "S5 +4" in scores.expected and "S1 -1" in scores.expected, scores.expected


def test_the_draw_is_not_sent_under_another_tie_option() -> None:
    engine = DrawsForItself()
    checks = _judged(engine, TWO_WAY, profile="standard")
    assert engine.draws_seen == [] and all(check.verdict is Verdict.AGREES for check in checks)


def test_a_whole_run_of_an_engine_drawing_for_itself_passes() -> None:
    ran = run_engine(DrawsForItself(), profiles=["sheepsheadai"], areas=["leaster"])
    statuses = {result.status for result in ran.results}
    assert Status.PASSED in statuses and not statuses & {Status.FAILED, Status.ERROR}, [
        (r.case_id, r.message) for r in ran.results if r.status in (Status.FAILED, Status.ERROR)
    ]


def test_an_engine_giving_the_tie_to_a_seat_outside_it_fails_on_leaster_tie() -> None:
    class DrawsAnyone(ReferenceAdapter):
        """Gives a random-tie leaster to S2, who is not tied (with matching +4/-1 scores)."""

        def _exchange(self, request_id: int, kind: str, message: dict[str, Any]) -> Any:
            reply = super()._exchange(request_id, kind, message)
            outcome = (reply.get("outcome") or {}) if isinstance(reply, dict) else {}
            if outcome.get("kind") == "leaster" and message.get("tie_break"):
                outcome["leaster_winner"] = "S2"
                outcome["scores"] = {seat: 4 if seat == "S2" else -1 for seat in outcome["scores"]}
            return reply

    checks = _judged(DrawsAnyone(), TWO_WAY)
    wrong = [check for check in checks if check.verdict is Verdict.DIFFERS]
    assert [check.label for check in wrong] == ["leaster winner", "scores"], wrong
    assert all("leaster.tie" in check.rules or "leaster.fewest-points-wins" in check.rules for check in wrong), wrong
