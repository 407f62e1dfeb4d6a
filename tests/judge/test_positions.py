"""Position records (``sheepshead-position/1``, hand-records.md 14): one moment of a hand, judged
through the direct queries, and ruled on by ``check``."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from sheepshead_spec import load_spec

from conformance.adapter import Capability, EngineInfo, LegalPlaysRequest
from conformance.cases.model import Aids, Config, Verdict
from conformance.cases.records import record_case
from conformance.engines.reference import ReferenceAdapter
from conformance.fuzz.position_hand import hand_to_position
from spec.records import RecordProblems, load_record
from tests.harness.synthetic import run_cli

SPEC = load_spec()
AIDS = Aids(reach=hand_to_position)  # passed in, as every front end does
ROOT = Path(__file__).resolve().parents[2]
VOID = ROOT / "fixtures/positions/void-defender-holding-one-trump.yaml"
EXAMPLE = ROOT / "spec/examples/position-picker-leads-the-called-suit.yaml"


class FreeVoidPlay(ReferenceAdapter):
    """Answers legal-plays as if void play were always free."""

    def legal_plays(self, request: LegalPlaysRequest) -> tuple[str, ...]:
        return super().legal_plays(dataclasses.replace(request, options={**request.options, "void-play": "free"}))


class NoQueries(ReferenceAdapter):
    """Replays hands but answers no legal-plays query."""

    def info(self) -> EngineInfo:
        info = super().info()
        return dataclasses.replace(info, capabilities=info.capabilities - {Capability.LEGAL_PLAYS})


class NoQueriesAlwaysFree(NoQueries):
    """Replays hands as if void play were always free, and answers no legal-plays query."""

    def _exchange(self, request_id: int, kind: str, message: dict[str, Any]) -> Any:
        if "options" in message:
            message = {**message, "options": {**message["options"], "void-play": "free"}}
        return super()._exchange(request_id, kind, message)


class ReportsOnly(ReferenceAdapter):
    """Answers neither legal-plays queries nor replays (trick winners and card points only)."""

    def info(self) -> EngineInfo:
        info = super().info()
        return dataclasses.replace(info, capabilities=frozenset({Capability.TRICK_WINNER, Capability.CARD_POINTS}))


def _run(engine: Any, path: Path, **options: str) -> Any:
    record = load_record(path, SPEC, file=path.name)
    chosen = {**SPEC.profile_options("standard"), **record.variants, **options}
    return record_case(record, SPEC, path.name).run(engine, engine.info(), Config(chosen, chosen), AIDS)


@pytest.mark.parametrize(("void_play", "cards"), [("free", "7C KS QD"), ("must-trump", "QD")])
def test_the_reference_rules_on_the_position(void_play: str, cards: str) -> None:
    run = _run(ReferenceAdapter(), VOID, **{"void-play": void_play})
    assert [(c.label, c.verdict, c.actual) for c in run.checks] == [("legal plays of S2", Verdict.AGREES, cards)]


def test_a_wrong_engine_fails_the_position_on_the_rule_of_its_moment() -> None:
    run = _run(FreeVoidPlay(), VOID, **{"void-play": "must-trump"})
    assert run.divergence is not None and run.divergence.rules == ("play.void-in-led-suit",)
    assert run.divergence.expected == "QD" and run.divergence.actual == "7C KS QD"
    assert _run(FreeVoidPlay(), VOID, **{"void-play": "free"}).divergence is None


@pytest.mark.parametrize("path", sorted((ROOT / "fixtures/positions").glob("*.yaml")) + [EXAMPLE], ids=lambda p: p.name)
@pytest.mark.parametrize(
    "options",
    [{}, {"void-play": "must-trump"}, {"called-suit-lead": "after-first-lead"}, {"call-timing": "call-then-bury"}],
)
def test_an_engine_that_only_replays_is_asked_of_a_hand_built_to_reach_the_position(
    path: Path, options: dict[str, str]
) -> None:
    run = _run(NoQueries(), path, **options)
    assert run.checks and run.unsupported is None and run.error is None
    assert all(check.verdict is Verdict.AGREES for check in run.checks), run.checks
    refusals = [check.actual for check in run.checks if check.label.startswith("legality of")]
    assert all(actual.startswith("refused under ") for actual in refusals)  # the replay names the rule


def test_a_wrong_engine_that_only_replays_fails_the_position() -> None:
    run = _run(NoQueriesAlwaysFree(), VOID, **{"void-play": "must-trump"})
    assert run.divergence is not None and run.divergence.rules == ("play.void-in-led-suit",)
    assert (run.divergence.expected, run.divergence.actual) == ("QD", "7C KS QD")


def test_an_engine_that_neither_answers_nor_replays_is_unsupported() -> None:
    run = _run(ReportsOnly(), VOID)
    assert run.unsupported == "the engine lacks capability legal-plays (or replay)" and not run.checks


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("trick: [S1 9H]", "trick: [S1 9H, S3 JD]"), "position.trick[1]: S3 plays after S1: the seats go clockwise"),
        (("to_act: S2", "to_act: S4"), "position.to_act: S4 is not next after S1"),
        (
            ("hand: [QD, KS, 7C]", "hand: [QD, KS, 7C, 8C]"),
            "position.hand: 4 cards after 3 earlier tricks; the seat holds 3",
        ),
        (("must-trump: [QD]", "must-trump: [QH]"), "expect.legal.must-trump[0]: QH is not in the hand of S2"),
        (("trick: [S1 9H]", "trick: [S1 9H, S2 QD, S3 AH, S4 KH, S5 7H]"), "position.to_act: the trick is complete"),
    ],
)
def test_a_position_that_cannot_be_is_a_reader_problem(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(VOID.read_text(encoding="utf-8").replace(*change), encoding="utf-8")
    with pytest.raises(RecordProblems) as raised:
        load_record(path, SPEC, file="bad.yaml")
    assert any(message in str(problem) for problem in raised.value.problems), [str(p) for p in raised.value.problems]


IMPOSSIBLE = sorted((Path(__file__).parent / "impossible-positions").glob("*.yaml"))


@pytest.mark.parametrize("path", IMPOSSIBLE, ids=lambda p: p.stem)
def test_an_impossible_position_is_refused_with_its_file_line_and_reason(path: Path) -> None:
    """hand-records.md 14: a leaster with a call or a partner, a partner who is the picker, an
    under card that is the called card, a trump called, three cards buried, a picker holding the
    card it called: each file's first line says the problem the reader must report."""
    expected = path.read_text(encoding="utf-8").splitlines()[0].removeprefix("# expect: ")
    with pytest.raises(RecordProblems) as raised:
        load_record(path, SPEC, file=path.name)
    problems = [str(problem) for problem in raised.value.problems]
    assert any(problem.startswith(f"{path.name}:") and expected in problem for problem in problems), problems


def test_there_are_impossible_positions_to_refuse() -> None:
    assert len(IMPOSSIBLE) >= 7


def test_check_prints_the_ruling_per_variant_and_the_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    outcome = run_cli(["check", "spec/examples/position-picker-leads-the-called-suit.yaml"])
    assert outcome.status == 0, outcome.out + outcome.err
    out = outcome.out
    assert "Position: S3 (picker) to play to trick 2, leading; holds QS JC AD 7H KC; AH called" in out
    assert "Ruling under standard: S3 may play 7H AD JC KC QS" in out
    assert (
        "S3 may play 7H AD JC KC QS under called-suit-lead=any-time; only AD JC KC QS under"
        " called-suit-lead=after-first-lead."
    ) in out
    assert out.rstrip().endswith("Verdict: PASSED: the engine agrees with the one expectation of the record.")
    under = run_cli(
        ["check", "spec/examples/position-picker-leads-the-called-suit.yaml", "--profile", "translated-article"]
    )
    assert under.status == 0 and "agrees   legality of S3 7H: illegal under play.picker-leads-called-suit" in under.out


def test_check_a_position_with_an_engine_that_cannot_answer_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    outcome = run_cli(["check", str(VOID.relative_to(ROOT)), "--engine", "e"], loader=lambda text: ReportsOnly())
    assert outcome.status == 2 and "it lacks capability legal-plays" in outcome.err
    replays = run_cli(["check", str(VOID.relative_to(ROOT)), "--engine", "e"], loader=lambda text: NoQueries())
    assert (
        replays.status == 0
        and "S2 may play 7C KS QD under void-play=free; only QD under void-play=must-trump." in replays.out
    )


def test_a_scenarios_described_position_is_asked_of_an_engine_that_only_replays() -> None:
    """'Given a defender holding …, Then the legal plays are …' with no legal-plays query: a whole
    hand is built to reach the position (the front end's aids), and the engine's legal plays there
    are judged: a hand of four cards is asked in trick 3; an engine whose queen of clubs follows a
    club lead is caught, blamed on play.follow-suit."""
    from conformance.gates.mutants import MUTANTS, MutantAdapter
    from conformance.judge.results import Status
    from conformance.runner import run_engine

    class NoQueriesMutant(MutantAdapter):
        def info(self) -> EngineInfo:
            info = super().info()
            return dataclasses.replace(info, capabilities=info.capabilities - {Capability.LEGAL_PLAYS})

    follow = "features/play/play.feature::Holding a club, follow a club lead"
    void = "features/play/play.feature::A player void in the led suit may play any card"
    right = run_engine(NoQueries(), probes=False, areas=["play"]).results
    assert [r.status for r in right if r.case_id.startswith((follow, void))] == [Status.PASSED] * 3
    mutant = run_engine(NoQueriesMutant(MUTANTS["deck.queens-follow-printed-suit"]), probes=False, areas=["play"])
    (wrong,) = [r for r in mutant.results if r.case_id == follow]
    assert wrong.status is Status.FAILED and wrong.blamed == ("play.follow-suit",), (wrong.status, wrong.message)
