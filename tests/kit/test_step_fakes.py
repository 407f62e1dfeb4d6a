"""Misbehaving step engines: each fault is reported where it happens, under the right rules.

Each fake is the reference hand driven by its steps (:mod:`tests.kit.reference_steps`) with one
fault planted: a wrong turn, an illegal action accepted, a legal action refused, a crash in the
middle of a hand (in-process and over the protocol).
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from conformance.judge.results import Status
from conformance.kit import Step, StepAdapter
from conformance.runner import run_engine

from .reference_steps import ReferenceSteps

ROOT = Path(__file__).resolve().parents[2]


class WrongTurn(ReferenceSteps):
    """Names the seat after the right one as the one to act during the auction."""

    def turn(self) -> str | None:
        seat = super().turn()
        if seat is None or self._hand().phase.value != "auction":
            return seat
        return f"S{int(seat[1]) % 5 + 1}"


class AcceptsEverything(ReferenceSteps):
    """Says "accepted" to an illegal action (and leaves its hand as it was)."""

    def apply(self, action: str) -> Step:
        super().apply(action)
        return Step.accept()


class RefusesS2Passing(ReferenceSteps):
    """Refuses every pass of S2, a legal action."""

    def apply(self, action: str) -> Step:
        if action == "S2 pass":
            return Step.reject("S2 never passes")
        return super().apply(action)


class CrashesMidHand(ReferenceSteps):
    """Raises at the tenth action of a hand."""

    def start(self, deal, options):  # type: ignore[no-untyped-def]
        self.applied = 0
        super().start(deal, options)

    def apply(self, action: str) -> Step:
        self.applied += 1
        if self.applied == 10:
            raise RuntimeError("index out of range")
        return super().apply(action)


def _run(engine: ReferenceSteps, **kwargs: bool) -> list:  # type: ignore[type-arg]
    return run_engine(StepAdapter(engine, **kwargs), probes=False, areas=["auction", "play", "bury"]).results


def test_a_wrong_turn_is_refused_by_the_harness_and_blamed_on_the_turn_rules() -> None:
    results = _run(WrongTurn(), check_turn=True)
    failed = [r for r in results if r.status is Status.FAILED]
    refused = [r for r in failed if "out of turn: the engine gives the turn to" in r.actual]
    assert len(refused) > 0.9 * len(failed)
    turn = next(r for r in failed if r.case_id.endswith("The dealer's left is offered the blind first"))
    assert (turn.expected, turn.actual) == ("S1", "S2") and "auction.order" in turn.blamed
    # Refused by the harness, the records' rule-named rejections name no rule: "got nothing".
    assert all(r.actual == "nothing" for r in failed if r not in refused and r is not turn)
    assert {rule.split(".")[0] for r in failed for rule in r.blamed} <= {"auction", "all-pass", "deal", "play"}


def test_an_illegal_action_accepted_fails_the_negative_records_under_their_rule() -> None:
    results = _run(AcceptsEverything(), check_turn=False)
    failed = [r for r in results if r.status is Status.FAILED]
    negative = [r for r in failed if r.case_id.startswith("fixtures/negative/")]
    assert negative and all(r.actual == "accepted" and r.expected.startswith("rejected under ") for r in negative)
    assert all(r.blamed == (r.expected.removeprefix("rejected under "),) for r in negative)


def test_a_legal_action_refused_is_blamed_on_the_auction() -> None:
    results = _run(RefusesS2Passing(), check_turn=False)
    failed = [r for r in results if r.status is Status.FAILED]
    refused = [r for r in failed if r.actual.startswith("rejected") and "S2 never passes" in r.actual]
    assert len(refused) > 0.9 * len(failed)
    # a negative record expecting S2's pass refused under its rule sees the fake's refusal, which names none
    assert all(r.actual == "nothing" for r in failed if r not in refused)
    assert {rule.split(".")[0] for r in failed for rule in r.blamed} <= {"auction", "all-pass"}
    assert any(r.status is Status.PASSED for r in results)


def test_a_crash_mid_hand_is_an_engine_error_and_the_run_goes_on() -> None:
    results = _run(CrashesMidHand(), check_turn=False)
    errors = [r for r in results if r.status is Status.ERROR]
    assert errors and all("the engine raised RuntimeError: index out of range" in r.message for r in errors)
    assert any(r.status is Status.PASSED for r in results)  # hands of fewer than ten actions


def test_a_crashing_step_engine_over_the_protocol(tmp_path: Path) -> None:
    """The step server exits in the middle of a hand: every case that reaches it is an error
    naming the crash, and the harness restarts the engine for the next case."""
    script = tmp_path / "crashing_step_server.py"
    script.write_text(
        "import os, sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "import tests.kit.step_server as server\n"
        "original = server._answer\n"
        "count = [0]\n"
        "def answer(engine, message):\n"
        "    if message.get('type') == 'apply':\n"
        "        count[0] += 1\n"
        f"        if count[0] == 10 and not os.path.exists({str(tmp_path / 'crashed')!r}):\n"
        f"            open({str(tmp_path / 'crashed')!r}, 'w').close()\n"
        "            sys.exit(3)\n"
        "    return original(engine, message)\n"
        "server._answer = answer\n"
        "server.main()\n",
        encoding="utf-8",
    )
    engine = f"cmd:{shlex.join([sys.executable, str(script)])}"
    results = run_engine(engine, probes=False, areas=["auction"]).results
    errors = [r for r in results if r.status is Status.ERROR]
    assert len(errors) == 1 and "crash" in errors[0].message
    assert sum(r.status is Status.PASSED for r in results) > 5
