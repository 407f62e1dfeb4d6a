"""A fuzzing run never loses what it found: each divergence is written as found, a failing engine
or a signal ends the run with its summary, and every record written is one ``check`` replays.

The misbehaving engines are the project's own (the reference with one fault planted), in
process, so that nothing depends on timing: a "signal" is the ``KeyboardInterrupt`` or
:class:`~conformance.judge.interrupt.RunInterrupted` a handler raises, raised at a chosen moment.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conformance.adapter import AdapterError, EngineInfo, SessionRequest, SessionResponse
from conformance.engines.reference import ReferenceAdapter, ReferenceSteps
from conformance.gates.mutants import MUTANTS, MutantAdapter
from conformance.judge.interrupt import RunInterrupted
from conformance.kit.steps import StepAdapter
from reference_impl.hand import Phase
from tests.harness.synthetic import run_cli


def _fuzz(loader: object, out: Path, *extra: str) -> tuple[int, dict[str, object], str]:
    argv = ["fuzz", "--engine", "e", "-q", "--seed", "t", "--output", str(out), "--format", "json", *extra]
    outcome = run_cli(argv, loader=loader)  # type: ignore[arg-type]
    return outcome.status, json.loads(outcome.out) if outcome.out.strip() else {}, outcome.err


class _SessionCrash(ReferenceAdapter):
    def session(self, request: SessionRequest) -> SessionResponse:
        raise AdapterError("crash", "the engine exited with status 139")


def test_a_crash_on_a_session_request_is_a_finding_and_the_run_goes_on(tmp_path: Path) -> None:
    status, data, err = _fuzz(lambda text: _SessionCrash(), tmp_path / "out", "--hands", "12", "--shrink", "0")
    assert status == 1, err
    assert data["hands"] == 12  # the run went on after the sessions of games 5 and 10
    crash = next(d for d in data["divergences"] if d["kind"] == "crash")  # type: ignore[union-attr]
    assert crash["count"] == 2 and "status 139" in crash["actual"]
    assert "sheepshead-session/1" in Path(crash["record"]).read_text(encoding="utf-8")


class _NoHandshake(ReferenceAdapter):
    def info(self) -> EngineInfo:
        raise AdapterError("crash", "the engine exited with status 1 before its handshake")


def test_an_engine_that_dies_before_its_handshake_ends_the_run_with_its_summary(tmp_path: Path) -> None:
    status, data, err = _fuzz(lambda text: _NoHandshake(), tmp_path / "out", "--hands", "5")
    assert status == 1 and "Traceback" not in err
    assert data["hands"] == 0 and "before its handshake" in str(data["engine_error"])
    ended = [json.loads(line) for line in (tmp_path / "out" / "findings.jsonl").read_text().splitlines()]
    assert [entry["event"] for entry in ended] == ["end"]


class _InterruptedAt(MutantAdapter):
    """A mutant that raises what a signal handler raises when asked to start its n-th hand."""

    def __init__(self, signal: BaseException, at_hand: int) -> None:
        super().__init__(MUTANTS["call.own-ace-accepted"])
        self.signal, self.at_hand, self.starts = signal, at_hand, 0

    def _exchange(self, request_id: int, kind: str, message: dict[str, Any]) -> Any:
        if kind == "start":
            self.starts += 1
            if self.starts == self.at_hand:
                raise self.signal
        return super()._exchange(request_id, kind, message)


@pytest.mark.parametrize(
    ("signal", "status", "name"),
    [(KeyboardInterrupt(), 130, "SIGINT"), (RunInterrupted("SIGTERM"), 143, "SIGTERM")],
    ids=["SIGINT", "SIGTERM"],
)
def test_a_signal_mid_run_writes_the_summary_and_keeps_every_record(
    tmp_path: Path, signal: BaseException, status: int, name: str
) -> None:
    out = tmp_path / "out"
    engine = _InterruptedAt(signal, at_hand=60)
    got, data, err = _fuzz(lambda text: engine, out, "--hands", "1000")
    assert engine.starts == 60, "the planted signal was never raised"
    assert got == status, err
    assert data["interrupted"] == name and 0 < int(data["hands"]) < 100  # type: ignore[call-overload]
    records = [d["record"] for d in data["divergences"]]  # type: ignore[union-attr]
    assert records and all(Path(record).is_file() for record in records)
    report = run_cli(["fuzz", "report", str(out), "--format", "json"])
    assert report.status == 1, report.err
    merged = json.loads(report.out)
    assert merged["hands"] == data["hands"] and merged["interrupted"] == name
    assert [(d["kind"], d["rules"]) for d in merged["divergences"]] == [
        (d["kind"], d["rules"])
        for d in data["divergences"]  # type: ignore[union-attr]
    ]


def test_each_divergence_is_written_as_found_then_as_shrunk(tmp_path: Path) -> None:
    out = tmp_path / "out"
    status, data, err = _fuzz(lambda text: MutantAdapter(MUTANTS["call.own-ace-accepted"]), out, "--hands", "40")
    assert status == 1, err
    events = [json.loads(line) for line in (out / "findings.jsonl").read_text().splitlines()]
    kinds = [event["event"] for event in events]
    assert kinds[-1] == "end" and "found" in kinds and "shrunk" in kinds
    assert kinds.index("found") < kinds.index("shrunk")
    first_found = next(event for event in events if event["event"] == "found")
    assert first_found["found_size"] is None  # written before shrinking
    assert not list(out.glob(".*.partial"))  # every record replaced whole


def test_fuzz_report_refuses_what_is_not_findings(tmp_path: Path) -> None:
    bad = tmp_path / "findings.jsonl"
    bad.write_text('{"event": "found"}\nnot json\n', encoding="utf-8")
    outcome = run_cli(["fuzz", "report", str(bad)])
    assert outcome.status == 2 and f"{bad}:2: not a findings line" in outcome.err
    missing = run_cli(["fuzz", "report", str(tmp_path / "none.jsonl")])
    assert missing.status == 2 and "cannot read" in missing.err
    assert run_cli(["fuzz", "--hands", "3"]).status == 2


def test_a_long_value_is_cut_in_the_summary_with_its_size() -> None:
    from conformance.cli.fuzz import LONGEST, _cut

    text = "S1 play QC " * 20_000
    shown = _cut(text)
    assert len(shown) < LONGEST + 60 and shown.endswith(f"(cut: {len(text):,} characters in all)")
    assert _cut("short") == "short"


@pytest.mark.parametrize("mutant", ["ranking.jack-order-swapped", "play.void-must-trump", "leaster.blind-to-nobody"])
def test_every_record_a_run_writes_is_replayed_by_check(tmp_path: Path, mutant: str) -> None:
    out = tmp_path / "out"
    status, data, err = _fuzz(lambda text: MutantAdapter(MUTANTS[mutant]), out, "--hands", "60")
    assert status == 1, err
    records = sorted(out.glob("fuzz-*.yaml"))
    assert records
    for record in records:
        by_reference = run_cli(["check", str(record)])
        assert by_reference.status == 0, (record.name, by_reference.out + by_reference.err)
        by_engine = run_cli(["check", str(record), "--engine", "e"], loader=lambda text: MutantAdapter(MUTANTS[mutant]))
        assert by_engine.status == 1, (record.name, by_engine.out + by_engine.err)


_BAD_REPLY_IN_FIRST_HAND = """
import sys
sys.path[:0] = {paths!r}
import reference_impl.__main__ as main
from reference_impl.server import handle_request
applies = hands = 0
def answer(message):
    global applies, hands
    if message.get("type") == "start":
        hands, applies = hands + 1, 0
    elif message.get("type") == "apply":
        applies += 1
    if hands == 1 and applies == 12:
        return {{"id": message.get("id"), "accepted": "perhaps"}}
    return handle_request(message)
main.handle_request = answer
sys.exit(main.serve(sys.stdin.buffer, sys.stdout.buffer))
"""


def test_an_invalid_reply_mid_hand_never_blames_the_next_hand(tmp_path: Path) -> None:
    """The hand's messages are sent ahead: after the invalid reply, the rest of that hand's replies
    are read and dropped, so the next hands read their own (and agree)."""
    import shlex
    import sys

    script = tmp_path / "bad_reply_once.py"
    script.write_text(_BAD_REPLY_IN_FIRST_HAND.format(paths=sys.path), encoding="utf-8")
    engine = f"cmd:{shlex.join([sys.executable, str(script)])}"
    argv = ["fuzz", "--engine", engine, "--hands", "6", "-q", "--seed", "t", "--profile", "standard"]
    outcome = run_cli([*argv, "--format", "json", "--shrink", "0", "--timeout", "60"])
    assert outcome.status == 1, outcome.err
    data = json.loads(outcome.out)
    assert [(d["kind"], d["count"], d["first_hand"]) for d in data["divergences"]] == [("crash", 1, 1)]
    assert "'perhaps' is not of type 'boolean'" in data["divergences"][0]["actual"]


class _OffersAGarbledBury(ReferenceSteps):
    """Lists a four-card bury among the auction's legal actions: an action no record can hold."""

    def legal_actions(self) -> list[str]:
        legal = super().legal_actions()
        turn = self.turn()
        return [*legal, f"{turn} bury 7C 7C 7C AC"] if self._hand().phase is Phase.AUCTION and turn else legal


def test_an_action_no_record_can_hold_is_named_and_the_record_stops_before_it(tmp_path: Path) -> None:
    out = tmp_path / "out"
    status, data, err = _fuzz(lambda text: StepAdapter(_OffersAGarbledBury()), out, "--hands", "3", "--shrink", "0")
    assert status == 1, err
    records = sorted(out.glob("fuzz-*.yaml"))
    assert records and data["divergences"]
    for record in records:
        text = record.read_text(encoding="utf-8")
        assert "bury 7C 7C 7C AC" in text and "which a" in text  # named in the description
        by_reference = run_cli(["check", str(record)])
        assert by_reference.status == 0, (record.name, by_reference.out + by_reference.err)


class _FailsOn(ReferenceAdapter):
    """Crashes or hangs (as the subprocess adapter reports either: an AdapterError) on the n-th
    request of one kind; answers every other request as the reference does."""

    def __init__(self, kind: str, error: str, nth: int) -> None:
        super().__init__()
        self.failing, self.error, self.nth, self.seen = kind, error, nth, 0

    def _exchange(self, request_id: int, kind: str, message: dict[str, Any]) -> Any:
        if kind == self.failing:
            self.seen += 1
            if self.seen == self.nth:
                raise AdapterError(self.error, f"the engine {'exited' if self.error == 'crash' else 'hung'} on {kind}")
        return super()._exchange(request_id, kind, message)


@pytest.mark.parametrize("error", ["crash", "timeout"])
@pytest.mark.parametrize("kind", ["start", "result", "session", "score"])
def test_a_crash_or_hang_on_any_request_is_a_finding_and_the_run_goes_on(tmp_path: Path, kind: str, error: str) -> None:
    """On a hand's start or result, a session, or a score query, the engine's failure is a
    divergence of the summary, never the run's end; the later games are played."""
    engine = _FailsOn(kind, error, nth=2)
    status, data, err = _fuzz(lambda text: engine, tmp_path / "out", "--hands", "12", "--shrink", "0")
    assert status == 1 and "Traceback" not in err, err
    assert engine.seen >= 2, f"no second {kind} request was made"
    assert data["hands"] == 12, data  # the run went on to its end
    found = [d for d in data["divergences"] if "hung on" in str(d["actual"]) or "exited on" in str(d["actual"])]
    assert found, data["divergences"]
    for item in found:
        if item.get("record"):  # a hand or session record: one check reads
            assert run_cli(["check", str(item["record"])]).status == 0, item["record"]


_MALFORMED_OPTIONS = """
import sys
sys.path[:0] = {paths!r}
import reference_impl.__main__ as main
from reference_impl.server import handle_request
def answer(message):
    reply = handle_request(message)
    if message.get("type") == "hello":
        reply = {{**reply, "options": {{"void-play": "free"}}}}  # a text where a list belongs
    return reply
main.handle_request = answer
sys.exit(main.serve(sys.stdin.buffer, sys.stdout.buffer))
"""


def test_a_handshake_with_malformed_options_ends_the_run_with_its_summary(tmp_path: Path) -> None:
    import shlex
    import sys

    script = tmp_path / "malformed_options.py"
    script.write_text(_MALFORMED_OPTIONS.format(paths=sys.path), encoding="utf-8")
    engine = f"cmd:{shlex.join([sys.executable, str(script)])}"
    argv = ["fuzz", "--engine", engine, "--hands", "5", "-q", "--output", str(tmp_path / "out"), "--format", "json"]
    outcome = run_cli([*argv, "--timeout", "60"])
    assert outcome.status == 1 and "Traceback" not in outcome.err, outcome.err
    data = json.loads(outcome.out)
    assert data["hands"] == 0 and "options" in str(data["engine_error"]), data


class _ListsTooMuch(ReferenceSteps):
    """Lists 200,000 made-up actions beside the auction's legal ones."""

    def legal_actions(self) -> list[str]:
        legal = super().legal_actions()
        turn = self.turn()
        if self._hand().phase is Phase.AUCTION and turn:
            return [*legal, *(f"{turn} pass{index}" for index in range(200_000))]
        return legal


def test_an_engine_listing_200000_actions_is_summarised_in_short_lines(tmp_path: Path) -> None:
    """The divergence is found, and no line of the summary quotes the list whole: the first action
    offered that the rules forbid is named (a long value would be cut, with its size: _cut)."""
    from conformance.cli.fuzz import LONGEST

    argv = ["fuzz", "--engine", "e", "--hands", "2", "-q", "--seed", "t", "--shrink", "0"]
    for extra in ((), ("--format", "json")):
        outcome = run_cli([*argv, *extra], loader=lambda text: StepAdapter(_ListsTooMuch()))
        assert outcome.status == 1, outcome.err
        assert "S1 pass0" in outcome.out
        assert max(len(line) for line in outcome.out.splitlines()) < 2 * LONGEST + 200, "a line quotes the list"
