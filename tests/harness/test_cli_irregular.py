"""Irregular deals as records (hand-records.md 15): a misdeal (seven and five cards; not 3-2-3;
a card the dealer turns over), a card a player turns over (not a misdeal), a deal out of turn
noticed before or after play. ``check`` rules on each with the reference engine and compares the
record's hand-worked expectations; a wrong expectation fails with its file and line; a record
that describes no irregularity is refused by the reader, naming file, line and reason."""

from __future__ import annotations

from pathlib import Path

import pytest
from sheepshead_spec import load_spec
from sheepshead_spec.record_actions import RecordProblems, load_record

from conformance.cases.catalog import suite_cases

from .synthetic import run_cli

REPO = Path(__file__).resolve().parents[2]
RECORDS = sorted((REPO / "fixtures/irregular").glob("*.yaml"))
SPEC = load_spec()
MISDEAL = REPO / "fixtures/irregular/misdeal-seven-and-five-cards.yaml"


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)


def test_a_misdeal_a_deal_out_of_turn_and_a_dealers_exposed_card_each_have_a_record() -> None:
    kinds = {(p.stem, load_record(p, SPEC).data["irregularity"]["kind"]) for p in RECORDS}
    assert {kind for _, kind in kinds} == {"wrong-count", "not-three-two-three", "card-exposed", "out-of-turn"}
    assert len(RECORDS) >= 6


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_check_rules_on_each_record_as_it_says(path: Path) -> None:
    outcome = run_cli(["check", str(path.relative_to(REPO))])
    assert outcome.status == 0, outcome.out + outcome.err
    assert outcome.out.rstrip().endswith("Verdict: PASSED: the ruling agrees with the record.")


@pytest.mark.parametrize(
    ("record", "lines"),
    [
        (
            "misdeal-dealer-turns-a-card-over",
            [
                "Irregularity: S2 deals; a card was turned face up in the deal: the dealer turned QC over",
                "Ruling: thrown in: the hand is not played and nothing is scored (the dealer turned a card over:"
                " an automatic misdeal) (procedure.misdeal: A misdeal)",
                "S2 deals again",
            ],
        ),
        (
            "player-turns-a-card-over-the-deal-stands",
            [
                "Ruling: the deal stands (a player turned the card over: the deal stands)"
                " (procedure.card-exposed-by-player: A card turned over by a player is not a misdeal)",
                "S3 deals the next hand",
            ],
        ),
        ("deal-out-of-turn-noticed-before-play", ["S4 deals instead"]),
        ("deal-out-of-turn-noticed-after-play", ["Ruling: the deal stands", "S1 deals the next hand"]),
    ],
)
def test_the_ruling_says_what_happens_and_names_the_rule(record: str, lines: list[str]) -> None:
    out = run_cli(["check", f"fixtures/irregular/{record}.yaml"]).out.splitlines()
    stripped = [line.strip() for line in out]
    for line in lines:
        assert any(text.startswith(line) for text in stripped), (line, out)


def test_a_wrong_expectation_fails_with_its_file_and_line(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(MISDEAL.read_text(encoding="utf-8").replace("deals_next: S5", "deals_next: S1"), encoding="utf-8")
    outcome = run_cli(["check", str(wrong)])
    assert outcome.status == 1
    assert f"DIFFERS  deals next: record S1, ruling S5 ({wrong}:14)" in outcome.out


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("S1: 7, S2: 5", "S1: 6, S2: 6"),
        ("S1: 7, S2: 5", "S1: 7, S2: 6"),
        ("kind: wrong-count", "kind: card-exposed"),
    ],
)
def test_a_record_that_describes_no_irregularity_is_refused(tmp_path: Path, change: str, message: str) -> None:
    expected = {
        "S1: 6, S2: 6": "six cards each and two in the blind is a regular deal: write it as a hand record",
        "S1: 7, S2: 6": "the counts add up to 33 cards; the pack has 32",
        "kind: card-exposed": "a card-exposed irregularity needs exposed_by",
    }[message]
    bad = tmp_path / "bad.yaml"
    bad.write_text(MISDEAL.read_text(encoding="utf-8").replace(change, message), encoding="utf-8")
    with pytest.raises(RecordProblems) as raised:
        load_record(bad, SPEC, file="bad.yaml")
    assert any(str(p).startswith("bad.yaml:") and expected in str(p) for p in raised.value.problems), [
        str(p) for p in raised.value.problems
    ]
    outcome = run_cli(["check", str(bad)])
    assert outcome.status == 2 and expected in outcome.err and "Traceback" not in outcome.err


def test_out_of_turn_by_the_seat_whose_deal_it_was_is_refused(tmp_path: Path) -> None:
    text = (REPO / "fixtures/irregular/deal-out-of-turn-noticed-before-play.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("due: S4", "due: S5"), encoding="utf-8")
    with pytest.raises(RecordProblems) as raised:
        load_record(bad, SPEC, file="bad.yaml")
    assert any("S5 dealt in turn: no deal out of turn" in str(p) for p in raised.value.problems)


def test_irregularity_records_are_not_engine_cases() -> None:
    ids = {case.id for case in suite_cases()}
    assert not any("fixtures/irregular/" in case_id for case_id in ids)
