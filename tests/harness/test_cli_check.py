"""``sheepshead-conformance check``: narration of the spec's example records, worked out by hand
from the records (not copied from the tool's output), invalid records, and exit codes."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from sheepshead_spec import load_spec

from conformance.adapter import Capability, HandOutcome, ReplayRequest, ReplayResponse
from conformance.engines.reference import ReferenceAdapter

from .synthetic import run_cli

PROFILES = load_spec().profiles

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = "spec/examples"
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # file names in the output are relative to the working directory


def _points(cards: str) -> int:
    return sum(POINTS.get(card[0], 0) for card in cards.split())


def _line_of(file: str, needle: str) -> int:
    lines = (REPO / file).read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if needle in line)


def _trick_lines(out: str, number: int) -> list[str]:
    """The lines of the narration of trick ``number``."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"Trick {number}: "))
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].startswith("  ")), len(lines))
    return lines[start:end]


# The tricks of ordinary-win-deck.yaml, worked out from the record: the cards in play order,
# who wins (the highest trump if any trump is played, else the highest card of the led suit,
# ace > ten > king > 9 > 8 > 7; trumps QC > QS > QH > QD > JC > JS > JH > JD > AD > TD > KD ...).
ORDINARY_TRICKS = [
    # leader, cards, winner, winning card, rule
    ("S1", "9C AC KC TC 7C", "S2", "AC", "trick.highest-of-led-suit-wins"),  # clubs, no trump
    ("S2", "QC 9D JS 8D 7D", "S2", "QC", "trick.highest-trump-wins"),  # all trump, QC tops
    ("S2", "KS JC AS 9S 8S", "S3", "JC", "trick.highest-trump-wins"),  # S3 has no spade
    ("S3", "7H TH KH AH 9H", "S1", "AH", "trick.highest-of-led-suit-wins"),  # the called ace
    ("S1", "JD QD QS QH JH", "S3", "QS", "trick.highest-trump-wins"),  # QC is gone
    ("S3", "AD KD 8C 8H TD", "S3", "AD", "trick.highest-trump-wins"),  # AD > TD > KD
]


def test_check_narrates_every_ruling_of_a_complete_hand() -> None:
    outcome = run_cli(["check", f"{EXAMPLES}/ordinary-win-deck.yaml"])
    out = outcome.out
    assert outcome.status == 0, outcome.err
    assert out.startswith(f"check {EXAMPLES}/ordinary-win-deck.yaml: ordinary-win-deck\n")
    assert "engine: sheepshead-reference" in out and "profile: standard" in out
    # S5 deals a deck: 3-2-3 from S1; cards 1-3 and 18-20 go to S1, 16-17 are the blind
    assert "Deal: S5 deals the pack 3-2-3, from S1 (deal.three-two-three)" in out
    assert "  S1: AH JD 7D 9C 8S 8H" in out and "  blind: TS 7S" in out
    assert "Auction: S1, the dealer's left, speaks first (auction.order)" in out
    assert "  S3 picks: the first to pick is the picker (auction.first-pick-ends)" in out
    assert "  S3 takes the blind TS 7S (auction.picker-takes-blind)" in out
    assert "Bury: S3 lays away TS 7S (bury.two-cards)" in out
    assert f"  {_points('TS 7S')} points, counted for the picker's side (points.bury-counts-for-picker)" in out
    assert "Call: S3 calls AH, the ace of a fail suit S3 holds (call.ace-of-held-fail-suit)" in out
    assert "  S1 holds AH and is the partner" in out  # S1 was dealt AH
    seats = ["S1", "S2", "S3", "S4", "S5"]
    for number, (leader, cards, winner, card, rule) in enumerate(ORDINARY_TRICKS, start=1):
        lines = _trick_lines(out, number)
        lead_rule = "play.first-lead" if number == 1 else "play.winner-leads"
        assert lines[0] == f"Trick {number}: {leader} leads ({lead_rule})"
        order = seats[seats.index(leader) :] + seats[: seats.index(leader)]
        assert lines[1] == "  " + ", ".join(f"{s} {c}" for s, c in zip(order, cards.split()))
        assert lines[2].startswith(f"  {winner} wins with {card}") and lines[2].endswith(f"({rule})")
        assert lines[3] == f"    {_points(cards)} points to {winner} (points.trick-to-winner)"
    assert "  AH falls: S1 is revealed as the partner (play.partner-revealed)" in _trick_lines(out, 4)
    # picker side S3 + S1 won tricks 3-6, plus the bury: 61-90 is a win (+2 / +1 / -1 each)
    side = sum(_points(t[1]) for t in ORDINARY_TRICKS[2:]) + _points("TS 7S")
    assert side == 90
    assert (
        f"Count: the picker's side (S3 and S1) has {side} points, 4 tricks; the defenders {120 - side}"
        " (points.side-totals)"
    ) in out
    assert "Outcome: win: the picker's side took 61 to 90 points (scoring.win)" in out
    assert "  Scores: S1 +1, S2 -1, S3 +2, S4 -1, S5 -1 (scoring.zero-sum)" in out
    assert "  scoring.win: Win with 61-90" in out.split("Rules cited:")[1]
    assert "  agrees   35 actions accepted as legal" in out  # 3 auction calls, the bury, the call, 30 plays
    # each trick's winner and points (12), each side's points and tricks (4), partner, outcome, scores, and the
    # two legal sets
    assert "Verdict: PASSED: the engine agrees with all 21 expectations of the record." in out


def test_check_stops_at_the_first_illegal_action() -> None:
    file = f"{EXAMPLES}/revoke-trump-on-club-lead.yaml"
    outcome = run_cli(["check", file])
    out = outcome.out
    assert outcome.status == 0  # the record declares the action illegal, and it is
    # S1 leads 9C; S2 holds AC (a club) but plays QC, a trump: play.follow-suit
    assert "Trick 1: S1 leads (play.first-lead)\n  S1 9C\n" in out
    line = _line_of(file, "[S1 9C, S2 QC]")
    assert f"  ILLEGAL: S2 play QC ({file}:{line}) breaks play.follow-suit:" in out
    assert "The replay stops at the first illegal action (the record ends here)." in out
    assert "  agrees   legality of 'S2 play QC': rejected" in out
    # the hand stops before the called card AH falls: the partner is unchecked, never agreement
    assert "  unchecked partner: S1 (the hand stops before the called card falls)" in out
    assert (
        "Verdict: PASSED: the engine agrees with the one expectation of the record; unchecked: partner"
        " (the hand stops before the called card falls)."
    ) in out


def _stopped_after_the_called_card(tmp_path: Path) -> Path:
    """ordinary-win-deck.yaml cut after trick 4, where S1 plays the called AH: the table then
    knows the partner, before the end."""
    text = (REPO / EXAMPLES / "ordinary-win-deck.yaml").read_text(encoding="utf-8")
    head, _, _ = text.partition("  - [S1 JD, S2 QD")
    path = tmp_path / "stopped.yaml"
    path.write_text(head + "expect:\n  partner: S1\n", encoding="utf-8")
    return path


class _NamesAnotherPartner(ReferenceAdapter):
    """Reports S2 as the partner before the end of the hand."""

    def replay(self, request: ReplayRequest) -> ReplayResponse:
        response = super().replay(request)
        return dataclasses.replace(response, partner="S2") if response.partner else response


class _SaysNoPartner(ReferenceAdapter):
    """Never says who the partner is before the end (the field is optional)."""

    def replay(self, request: ReplayRequest) -> ReplayResponse:
        return dataclasses.replace(super().replay(request), partner=None)


def test_a_record_stopping_after_the_called_card_checks_the_partner(tmp_path: Path) -> None:
    path = _stopped_after_the_called_card(tmp_path)
    agrees = run_cli(["check", str(path)])
    assert agrees.status == 0 and "  agrees   partner: S1" in agrees.out, agrees.out
    wrong = run_cli(["check", str(path), "--engine", "wrong"], loader=lambda text: _NamesAnotherPartner())
    assert wrong.status == 1 and "DIFFERS  partner: record S1, engine S2" in wrong.out, wrong.out
    silent = run_cli(["check", str(path), "--engine", "silent"], loader=lambda text: _SaysNoPartner())
    assert silent.status == 0
    assert "unchecked partner: S1 (the engine does not say who the partner is before the end)" in silent.out
    verdict = silent.out.split("Verdict: ", 1)[1]
    assert verdict.startswith("PASSED") and verdict.rstrip().endswith(
        "; unchecked: partner (the engine does not say who the partner is before the end)."
    )


def test_check_a_hand_given_as_hands_and_blind() -> None:
    outcome = run_cli(["check", f"{EXAMPLES}/schneidered-hands.yaml"])
    out = outcome.out
    assert outcome.status == 0
    assert "Deal: S2 deals six cards each and two to the blind (deal.six-cards-and-blind)" in out
    # trick 2: S3 leads KC; S4 8D and S5 JD trump; JD ranks above 8D
    lines = _trick_lines(out, 2)
    assert lines[2] == "  S5 wins with JD, the highest trump (trick.highest-trump-wins)"
    # picker S4 and partner S1 (holder of AS) take only trick 5 (16) + bury KH 7C (4) = 20
    assert "Count: the picker's side (S4 and S1) has 20 points, 1 trick; the defenders 100" in out
    assert "Outcome: schneidered: the picker's side took 30 points or fewer (scoring.schneidered)" in out
    assert "  Scores: S1 -2, S2 +2, S3 +2, S4 -4, S5 +2 (scoring.zero-sum)" in out


def test_check_a_session() -> None:
    file = f"{EXAMPLES}/session-two-hands.yaml"
    outcome = run_cli(["check", file])
    out = outcome.out
    assert outcome.status == 0
    assert f"== Hand 1 of 2 ({file}:{_line_of(file, '- dealer: S5')})" in out
    assert f"== Hand 2 of 2 ({file}:{_line_of(file, '- dealer: S1')})" in out
    assert "S1 deals after S5 (session.deal-rotates-left)" in out
    # hand 1 +1 -1 +2 -1 -1, hand 2 +2 +2 -4 +2 -2
    assert "Session totals: S1 +3, S2 +1, S3 -2, S4 +1, S5 -3 (session.cumulative-scores)" in out
    assert "  agrees   session totals: S1 +3, S2 +1, S3 -2, S4 +1, S5 -3" in out


def test_check_under_every_profile_names_the_axis() -> None:
    outcome = run_cli(["check", f"{EXAMPLES}/ordinary-win-deck.yaml", "--profile", "all"])
    out = outcome.out
    table = out.split("Across profiles", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    rows = {line.split()[0]: line for line in table[1:]}
    assert table[0].split()[:2] == ["profile", "tricks"]
    assert len(rows) == len(PROFILES)
    # in trick 4 the picker S3 leads 7H, the called suit, before hearts were ever led: legal
    # under called-suit-lead=any-time (standard), illegal under after-first-lead
    # (translated-article, which also differs on jack-order, void-play and defender-sweep, none
    # of which changes this hand)
    translated = rows["translated-article"]
    assert "illegal: S3 play 7H (play.picker-leads-called-suit)" in translated
    assert translated.endswith("called-suit-lead=after-first-lead")
    # double on the bump, the leaster and all-pass options, call-then-bury and the no-tricker
    # rule do not touch this won hand with a picker
    for profile in (
        "tournament",
        "sheepshead-org",
        "wikipedia",
        "doubler",
        "doubler-single",
        "redeal",
        "sheepsheadai",
        "open-leaster",
    ):
        assert rows[profile].endswith("same as standard"), rows[profile]
        assert " win " in rows[profile]
    assert rows["standard"].split()[-2:] == ["agrees", "-"]
    # the record has no profile field, so its expectations hold under every profile: under
    # translated-article the hand stops in trick 4 and the engine cannot agree
    assert "differ" in translated
    # the picker's side has exactly 90: a schneider with the line at 90 (ninety-line)
    assert " schneider " in rows["ninety-line"] and rows["ninety-line"].endswith("schneider-line=ninety")
    assert "The engine disagrees with the record under: translated-article, ninety-line." in out
    assert outcome.status == 1


def test_check_under_another_profile() -> None:
    outcome = run_cli(["check", f"{EXAMPLES}/ordinary-win-deck.yaml", "--profile", "translated-article"])
    assert outcome.status == 1
    assert "profile: translated-article" in outcome.out
    assert "ILLEGAL: S3 play 7H" in outcome.out and "breaks play.picker-leads-called-suit:" in outcome.out


class _WrongScorer(ReferenceAdapter):
    """Plays like the reference engine but calls every finished hand a loss."""

    def replay(self, request: ReplayRequest) -> ReplayResponse:
        response = super().replay(request)
        if response.outcome is None:
            return response
        flipped = {seat: -score for seat, score in response.outcome.scores.items()}
        outcome: HandOutcome = dataclasses.replace(response.outcome, kind="loss", scores=flipped)
        return dataclasses.replace(response, outcome=outcome)


class _NoReplay(ReferenceAdapter):
    """Answers only direct queries."""

    def info(self) -> Any:
        info = super().info()
        return dataclasses.replace(info, capabilities=info.capabilities - {Capability.REPLAY})


def test_check_reports_where_the_engine_disagrees() -> None:
    file = f"{EXAMPLES}/ordinary-win-deck.yaml"
    outcome = run_cli(["check", file, "--engine", "wrong"], loader=lambda text: _WrongScorer())
    assert outcome.status == 1
    assert f"  DIFFERS  outcome: record win, engine loss ({file}:{_line_of(file, 'outcome: win')})" in outcome.out
    # the outcome is the first difference (the card points agree: 90 is a win); the flipped scores
    # follow from it and are blamed on nothing
    assert (
        f"Verdict: FAILED: the engine disagrees with the record first at outcome ({file}:{_line_of(file, 'outcome: win')}),"
        " blamed on scoring.win-threshold; 1 later difference follows from it."
    ) in outcome.out


def test_check_fails_an_illegal_action_the_record_does_not_expect(tmp_path: Path) -> None:
    text = (REPO / EXAMPLES / "revoke-trump-on-club-lead.yaml").read_text(encoding="utf-8")
    record = tmp_path / "dispute.yaml"
    record.write_text(text.replace("  illegal: {rule: play.follow-suit}\n", ""), encoding="utf-8")
    outcome = run_cli(["check", str(record)])
    assert outcome.status == 1
    assert "breaks play.follow-suit" in outcome.out
    line = _line_of(str(record), "[S1 9C, S2 QC]")
    assert (
        f"Verdict: FAILED: the engine disagrees with the record first at legality of 'S2 play QC'"
        f" ({record}:{line}), blamed on play.follow-suit"
    ) in outcome.out


class _NothingToAsk(ReferenceAdapter):
    """Neither replays a hand nor answers a query."""

    def info(self) -> Any:
        info = super().info()
        return dataclasses.replace(info, capabilities=frozenset({Capability.RULE_IDS}))


def test_check_asks_an_engine_that_cannot_replay_every_moment_as_a_query() -> None:
    outcome = run_cli(["check", f"{EXAMPLES}/ordinary-win-deck.yaml", "--engine", "x"], loader=lambda text: _NoReplay())
    assert outcome.status == 0, outcome.out + outcome.err
    assert "replays no hand: each moment of the record was asked as a query" in outcome.out
    assert "agrees   winner of trick 1" in outcome.out
    assert "agrees   scores of the hand (picker, partner, each defender)" in outcome.out


def test_check_needs_an_engine_that_replays_or_answers_queries() -> None:
    outcome = run_cli(
        ["check", f"{EXAMPLES}/ordinary-win-deck.yaml", "--engine", "x"], loader=lambda text: _NothingToAsk()
    )
    assert outcome.status == 2
    assert "the engine lacks capability replay" in outcome.err


BAD_RECORD = """\
format: sheepshead-hand/1
rules: [play.no-such-rule]
dealer: S5
deal:
  hands:
    S1: [AH, JD, 7D, 9C, 8S, 8H]
    S2: [QC, QD, TD, AC, KS, 9H]
    S3: [QS, JC, AD, 9D, 7H, KC]
    S4: [QH, JS, KD, TC, AS, TH]
    S5: [JH, 8D, 8C, 7C, 9S, AH]
  blind: [TS, 7S]
auction: [S1 pass, S2 pass, S3 pick]
expect:
  scores: {S1: 1, S2: 1, S3: 1, S4: 1, S5: 1}
"""


@pytest.mark.parametrize(
    ("text", "problems"),
    [
        (
            BAD_RECORD,
            [
                "bad.yaml:2: rules[0]: no rule 'play.no-such-rule' in rules.yaml",
                "bad.yaml:10: deal.hands.S5[5]: card AH is dealt twice (also at deal.hands.S1[0])",
                "bad.yaml:14: expect.scores: 'scores' needs a complete hand (six tricks)",
                "bad.yaml:14: expect.scores: scores must sum to zero, not 5",
            ],
        ),
        (
            BAD_RECORD.replace("8H]", "ZZ]", 1),
            [
                "bad.yaml:6: deal.hands.S1[5]: 'ZZ' does not match '^(?:[AaKkQqJjTt987]|10)[CcSsHhDd♣♠♥♦]$'",
            ],
        ),
        (
            BAD_RECORD.replace("S1: 1, S2: 1, S3: 1, S4: 1, S5: 1", "S1: 1.0, S2: 1, S3: -2, S4: 0, S5: 0"),
            [
                "bad.yaml:2: rules[0]: no rule 'play.no-such-rule' in rules.yaml",
                "bad.yaml:10: deal.hands.S5[5]: card AH is dealt twice (also at deal.hands.S1[0])",
                "bad.yaml:14: expect.scores: 'scores' needs a complete hand (six tricks)",
                "bad.yaml:14: expect.scores.S1: a score is a whole number such as 1 or -2, not 1.0",
            ],
        ),
        (
            "format: sheepshead-hand/1\ndeal: [\n",
            [
                "bad.yaml:3: invalid YAML: while parsing a flow node; expected the node content, but found"
                " '<stream end>' (column 1)",
            ],
        ),
        (
            "format: sheepshead-game/1\n",
            [
                "bad.yaml:1: format: format must be 'sheepshead-hand/1', 'sheepshead-session/1',"
                " 'sheepshead-position/1' or 'sheepshead-irregularity/1'",
            ],
        ),
    ],
)
def test_an_invalid_record_gives_every_problem_with_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, problems: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("bad.yaml").write_text(text, encoding="utf-8")
    outcome = run_cli(["check", "bad.yaml"])
    assert outcome.status == 2
    count = len(problems)
    assert outcome.err.splitlines() == [
        *problems,
        f"bad.yaml: not a valid record ({count} problem{'s' if count > 1 else ''})",
    ]
    assert outcome.out == ""


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["check", "no/such/record.yaml"], "no/such/record.yaml: no such file"),
        (
            ["check", f"{EXAMPLES}/ordinary-win-deck.yaml", "--profile", "tournamnet"],
            "unknown profile 'tournamnet'; did you mean tournament?",
        ),
        (["check", f"{EXAMPLES}/ordinary-win-deck.yaml", "--engine", "bogus"], "engine 'bogus': unknown engine"),
    ],
)
def test_check_usage_errors_exit_2(argv: list[str], message: str) -> None:
    outcome = run_cli(argv)
    assert outcome.status == 2
    assert outcome.err.startswith("sheepshead-conformance: error: ") and message in outcome.err
    assert len(outcome.err.splitlines()) == 1 and "Traceback" not in outcome.err


SAME_DEALER_TWICE = """\
format: sheepshead-session/1
hands:
  - dealer: S5
    deal:
      hands:
        S1: [AH, JD, 7D, 9C, 8S, 8H]
        S2: [QC, QD, TD, AC, KS, 9H]
        S3: [QS, JC, AD, 9D, 7H, KC]
        S4: [QH, JS, KD, TC, AS, TH]
        S5: [JH, 8D, 8C, 7C, 9S, KH]
      blind: [TS, 7S]
    auction: [S1 pass, S2 pass, S3 pass, S4 pass, S5 pass]
  - dealer: S5
    deal:
      hands:
        S1: [AH, JD, 7D, 9C, 8S, 8H]
        S2: [QC, QD, TD, AC, KS, 9H]
        S3: [QS, JC, AD, 9D, 7H, KC]
        S4: [QH, JS, KD, TC, AS, TH]
        S5: [JH, 8D, 8C, 7C, 9S, KH]
      blind: [TS, 7S]
    auction: [S1 pass]
expect:
  illegal: {rule: session.deal-rotates-left}
"""


def test_check_finds_the_pair_of_axes_behind_a_difference(tmp_path: Path) -> None:
    record = tmp_path / "same-dealer.yaml"
    record.write_text(SAME_DEALER_TWICE, encoding="utf-8")
    outcome = run_cli(["check", str(record), "--profile", "all"])
    rows = {
        line.split()[0]: line for line in outcome.out.split("Across profiles", 1)[1].split("\n\n")[0].splitlines()[2:]
    }
    # all five pass in hand 1, then S5 deals again. Under doubler the hand is thrown in and the
    # deal must pass to S1: hand 2 is refused (session.deal-rotates-left); all-pass=doubler alone
    # does it, against standard's leaster (hand 1 unfinished, no play recorded)
    assert "hand 2 refused (session.deal-rotates-left)" in rows["doubler"]
    assert rows["doubler"].endswith("all-pass=doubler")
    # redeal throws the hand in and keeps the dealer (all-pass-dealer=same-dealer): S5 may deal
    # again. all-pass=redeal alone would refuse hand 2, same-dealer alone changes nothing: the pair
    assert rows["redeal"].endswith("all-pass=redeal with all-pass-dealer=same-dealer")
    assert "refused" not in rows["redeal"]
    assert outcome.status == 1  # the record has no profile, so it is judged under every profile


def test_check_with_an_option_on_top_of_the_records_profile() -> None:
    """--option sets one axis on top: under called-suit-lead=after-first-lead the picker S3 may
    not lead the called suit (7H) in trick 4 before hearts were led (the hand of
    test_check_under_every_profile_names_the_axis)."""
    outcome = run_cli(["check", f"{EXAMPLES}/ordinary-win-deck.yaml", "--option", "called-suit-lead=after-first-lead"])
    assert outcome.status == 1
    assert "profile: standard+called-suit-lead=after-first-lead" in outcome.out
    assert "ILLEGAL: S3 play 7H" in outcome.out and "breaks play.picker-leads-called-suit:" in outcome.out


def test_check_every_profile_with_an_option_on_top() -> None:
    """With --profile all, the option goes on top of each profile; the table compares them with
    the first, standard with the option."""
    outcome = run_cli(
        [
            "check",
            f"{EXAMPLES}/ordinary-win-deck.yaml",
            "--profile",
            "all",
            "--option",
            "called-suit-lead=after-first-lead",
        ]
    )
    table = outcome.out.split("Across profiles", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    rows = {line.split()[0]: line for line in table[1:]}
    assert len(rows) == len(PROFILES) and all(name.endswith("+called-suit-lead=after-first-lead") for name in rows)
    assert table[0].endswith("differs from standard+called-suit-lead=after-first-lead by")
    assert all("illegal: S3 play 7H (play.picker-leads-called-suit)" in row for row in rows.values())
    assert outcome.status == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--option", "void-play"], "--option 'void-play': give AXIS=OPTION"),
        (["--option", "void-ply=free"], "unknown axis 'void-ply'; did you mean void-play"),
        (["--option", "void-play=fre"], "axis void-play has no option 'fre' (its options: free, must-trump)"),
        (["--profile", "void-play=free"], "'void-play=free' is an option, not a profile: give --option void-play=free"),
        (["--profile", "standard+void-play=fre"], "axis void-play has no option 'fre'"),
    ],
)
def test_check_option_usage_errors_exit_2(argv: list[str], message: str) -> None:
    outcome = run_cli(["check", f"{EXAMPLES}/ordinary-win-deck.yaml", *argv])
    assert outcome.status == 2, outcome.out
    assert outcome.err.startswith("sheepshead-conformance: error: ") and message in outcome.err, outcome.err
    assert len(outcome.err.splitlines()) == 1
