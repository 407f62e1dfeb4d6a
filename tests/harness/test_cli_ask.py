"""``ask``: a question in one line. The README's five examples are ``ask``'s output word for word
(their answers worked out by hand: 9H led and S2 void, any card or only the trump QD under
must-trump; QC takes 9H KH QC AH 7H, 0+4+3+11+0 = 18 points; the picker holding 7H must follow
the called suit's first lead; 90 points win under ninety-one and are a schneider under ninety;
a lone no-tricker is 4 x -3 a unit, x16 from four doublings, x2 on the bump = x32, capped at x16:
-192, +48 each). Clauses it cannot read and impossible positions are usage errors, never a
traceback, and the printed position record is a valid record that ``check`` rules on alike."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from conformance.cli.ask import parse_question
from conformance.cli.support import UsageError

from .synthetic import run_cli

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```console\n\$ (sheepshead-conformance ask .*?)\n(.*?)^```$", README, re.MULTILINE | re.DOTALL)


def test_the_readme_has_five_ask_examples() -> None:
    assert len(BLOCKS) == 5, [command for command, _ in BLOCKS]


@pytest.mark.parametrize(("command", "output"), BLOCKS, ids=[f"example-{i + 1}" for i in range(len(BLOCKS))])
def test_each_readme_example_is_what_ask_prints(command: str, output: str) -> None:
    outcome = run_cli(shlex.split(command)[1:])
    assert outcome.status == 0, outcome.err
    assert outcome.out == output


def test_the_answers_are_the_hand_worked_ones() -> None:
    legal, trick, illegal, score, crack = (output for _, output in BLOCKS)
    assert "S2 may play 7C KS QD under void-play=free; only QD under void-play=must-trump." in legal
    assert "Ruling under standard: S3 wins, 18 points" in trick
    assert "Answer: S3 may not play QS: it breaks play.follow-suit" in illegal
    assert "schneider-line  ninety      schneider: the picker +4, the partner +2, each defender -2" in score
    assert "the picker -192, each defender +48 (x32, the loss doubled on the bump, capped at x16)" in crack
    assert "stakes-cap          none                   no-tricks: the picker -384, each defender +96" in crack
    # the tier counted: 3 (no tricks) x 32 = 96 > 64, a plain lone loss (-4 / +1) times 64
    assert "sixty-four-with-tiers  no-tricks: the picker -256, each defender +64" in crack


@pytest.mark.parametrize(
    ("question", "message"),
    [
        ("", "give a question"),
        ("S3 picked and called AH; blah: what may S2 play?", "cannot read 'blah'"),
        ("S3 picked and called AH; S2 holds QD", "no question"),
        ("S3 picked; S1 led 9H; S2 holds QD KS 7C: may S2 play AH?", "S2 does not hold AH"),
        ("S1 9H, S2 KH: who wins?", "needs the five cards of the trick; 2 given"),
        ("S1 led 9H; S2 holds QD KS 7C: what may S2 play?", "say who picked"),
        ("the picker took 9 tricks and 10 points: score?", "tricks 0-6"),
        ("the picker took 2 tricks and 110 points with 20 buried: score?", "at most 120 card points"),
        ("score?", "needs a result"),
    ],
)
def test_a_question_it_cannot_read_is_a_usage_error(question: str, message: str) -> None:
    outcome = run_cli(["ask", question])
    assert outcome.status == 2 and message in outcome.err, outcome.err
    assert "Traceback" not in outcome.err


def test_an_impossible_position_is_refused_with_the_readers_reason() -> None:
    outcome = run_cli(["ask", "S3 picked and called AH; S1 led 9H; S2 holds QD KS 7C 9H: what may S2 play?"])
    assert outcome.status == 2 and "not a possible position" in outcome.err, outcome.err
    assert "9H appears twice" in outcome.err and outcome.out == ""


def test_the_notation_reads_aliases_and_works_out_the_trick_number() -> None:
    question = parse_question(
        "s3 picked, called ah under 8d; S1 led 10h, s2 played kh; S3 holds 8D 7H QS: may S3 play 7H?"
    )
    assert question.kind == "play" and question.card == "7H"
    assert question.position == {
        "picker": "S3",
        "called": "AH",
        "under": "8D",
        "earlier_tricks": 3,
        "trick": ["S1 TH", "S2 KH"],
        "to_act": "S3",
        "hand": ["8D", "7H", "QS"],
    }
    with pytest.raises(UsageError):
        parse_question("S3 picked; S2 holds QD: what may S4 play?")


def test_the_printed_record_is_a_valid_position_that_check_rules_on_alike(tmp_path: Path) -> None:
    command, output = BLOCKS[0]
    record = output.split("As a position record (save it under fixtures/positions/ and add its expect):\n", 1)[1]
    path = tmp_path / "asked.yaml"
    path.write_text("".join(line[2:] + "\n" for line in record.splitlines()), encoding="utf-8")
    checked = run_cli(["check", str(path)])
    assert checked.status == 0, checked.out + checked.err
    ruling = next(line for line in output.splitlines() if line.startswith("Ruling under"))
    assert ruling in checked.out.splitlines()
