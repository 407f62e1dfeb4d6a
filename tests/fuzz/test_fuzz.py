"""The differential fuzzer: what it finds, how it groups it, and that its records reproduce it.

Every expected finding is a planted mistake whose rule is known (the project's mutants, and
fakes written here); the reference engine against itself must find nothing.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from sheepshead_spec import load_spec
from sheepshead_spec.record_actions import record_text

from conformance.engines.reference import ReferenceAdapter, ReferenceSteps
from conformance.fuzz.record import record_of
from conformance.fuzz.run import FuzzRun, fuzz
from conformance.fuzz.shrink import game_size
from conformance.gates.mutants import MUTANTS, MutantAdapter
from conformance.kit import Step, StepAdapter, StepResult
from tests.harness.synthetic import run_cli
from tests.judge.fixed_rules import ODD_RULES, options_of

SPEC = load_spec()
NOT_FUZZED: set[str] = {
    "procedure.offended-side-loses",
    "procedure.revoke-penalty-other-option",
    "crack.cap-ignored",
    "leaster.random-tie-scores-nothing",
    "leaster.random-tie-others-tied-pay-nothing",
    "trick.called-ten-wins-after-its-suit-led",
    "trick.called-ten-rank-ends-on-any-card-of-its-suit",
}
"""Mutants the fuzzer does not reach in a test's hands: a revoke is a play the rules forbid, which
random legal play never makes; the cap of x16 is passed only by a loss under double on the bump
with a crack, a re-crack and both blitzes (each queen pair in one hand), about one game in a
thousand; a leaster tie under leaster-tie random is rare too (seed "t" first meets one after 109
hands). A called ten meets a later lead of its suit only after a revoke (the partner plays it on
the suit's first lead), and a ten call under called-ten-rank until-led whose suit is thrown off
before its first lead, with the ten and its ace in that trick, is rarer still. The suite's
scenarios and fixtures detect all seven (sessions are fuzzed too)."""


def _fuzz(engine: object, hands: int = 100, **kwargs: object) -> FuzzRun:
    return fuzz(
        engine,
        ReferenceSteps(),
        SPEC,
        hands=hands,
        seed="t",
        query_reference=ReferenceAdapter(),  # type: ignore[arg-type]
        **kwargs,
    )  # type: ignore[arg-type]


def _reproduces(run: FuzzRun, tmp_path: Path, loader: object) -> None:
    """The first hand-record group's record: the reference agrees with it, the engine does not."""
    group = next(g for g in run.groups.values() if g.divergence.kind != "score-query")
    path = tmp_path / "found.yaml"
    path.write_text(record_text(record_of(group.example, run.seed)), encoding="utf-8")
    assert run_cli(["check", str(path)]).status == 0, run_cli(["check", str(path)]).out
    outcome = run_cli(["check", str(path), "--engine", "fuzzed"], loader=loader)  # type: ignore[arg-type]
    assert outcome.status == 1, outcome.out
    assert "Verdict: FAILED" in outcome.out


SHRINK_TRIES = 20
"""Replays to shrink each mutant's first divergence before its record is checked: enough to
shrink it (the shrinker itself is tested below), few enough that the shrinker's time budget (2 s)
is never what stops it, however slow the machine."""


@pytest.mark.parametrize("mutant", sorted(set(MUTANTS) - NOT_FUZZED))
def test_every_mutant_is_found_within_100_hands(mutant: str, tmp_path: Path) -> None:
    run = _fuzz(MutantAdapter(MUTANTS[mutant]), until=1, shrink_tries=SHRINK_TRIES)
    assert run.groups, f"{mutant}: nothing found in {run.hands} hands"
    group = next(iter(run.groups.values()))
    assert group.divergence.rules, f"{mutant}: a divergence blamed on no rule"
    if group.divergence.kind != "score-query":
        _reproduces(run, tmp_path, lambda text: MutantAdapter(MUTANTS[mutant]))


class OddRulesSchneiderAtNinety(ReferenceSteps):
    """A step engine with fixed rules no named profile has, scoring 90 picker points a schneider."""

    def info(self):  # type: ignore[no-untyped-def]
        info = super().info()
        return type(info)(info.name, "1", info.capabilities, {a: (o,) for a, o in options_of(ODD_RULES).items()})

    def result(self) -> StepResult:
        result = super().result()
        outcome = result.outcome
        if outcome is not None and outcome.kind == "win" and outcome.picker_side_points == 90:
            scores = {seat: 2 * value for seat, value in outcome.scores.items()}
            return StepResult(
                result.tricks, result.over, type(outcome)(**{**outcome.__dict__, "kind": "schneider", "scores": scores})
            )
        return result


def test_a_planted_bug_in_a_rule_set_no_profile_has_is_found_and_blamed() -> None:
    run = fuzz(StepAdapter(OddRulesSchneiderAtNinety()), ReferenceSteps(), SPEC, hands=3000, seed="t", until=1)
    assert run.groups, f"nothing found in {run.hands} hands"
    group = next(iter(run.groups.values()))
    assert (group.divergence.kind, group.divergence.expected, group.divergence.actual) == (
        "outcome",
        "win",
        "schneider",
    )
    assert "scoring.schneider-thresholds" in group.divergence.rules
    assert dict(group.example.options) == options_of(ODD_RULES)  # played under the engine's own rule set


class CallsABuriedAce(ReferenceSteps):
    """Offers, and accepts, the call of an ace the picker has just buried (bury before the call)."""

    def _buried_aces(self) -> list[str]:
        hand = self._hand()
        if hand.phase.value != "call" or not hand.buried:
            return []
        from reference_impl.cards import cards_of

        return [str(c) for c in cards_of(hand.buried) if str(c)[0] == "A" and str(c)[1] in "CSH"]

    def legal_actions(self) -> list[str]:
        seat = self.turn()
        return [*super().legal_actions(), *(f"{seat} call {ace}" for ace in self._buried_aces())]

    def apply(self, action: str) -> Step:
        words = action.split()
        if words[1] == "call" and words[2] in self._buried_aces():
            return super().apply(f"{words[0]} alone")  # plays on as if it had called: its own bookkeeping
        return super().apply(action)


def test_a_buried_ace_called_is_found(tmp_path: Path) -> None:
    profile = SPEC.profile_options("standard")  # bury, then call
    run = fuzz(
        StepAdapter(CallsABuriedAce(), check_turn=False),
        ReferenceSteps(),
        SPEC,
        hands=2000,
        seed="t",
        profile=profile,
        until=1,
    )
    assert run.groups, f"nothing found in {run.hands} hands"
    group = next(iter(run.groups.values()))
    assert group.divergence.kind == "accepted" and group.divergence.rules == ("call.not-own-card",)
    _reproduces(run, tmp_path, lambda text: StepAdapter(CallsABuriedAce(), check_turn=False))


class StuckOnTheLastHoldCard(ReferenceSteps):
    """Offers nothing, and refuses the play, when the picker's last card is the hold card and
    another suit is led in the last trick: the engine is stuck."""

    def _stuck(self) -> bool:
        hand = self._hand()
        seat = hand.turn
        if hand.phase.value != "play" or seat != hand.picker or hand.trick_index != 5 or hand.called is None:
            return False
        cards = hand.cards_of(seat)
        trick = hand.current_trick
        return len(cards) == 1 and bool(trick) and hand.suit_of(int(cards[0])) == hand.called_suit != hand.led_suit

    def legal_actions(self) -> list[str]:
        return [] if self._stuck() else super().legal_actions()

    def apply(self, action: str) -> Step:
        return Step.reject("no legal card") if self._stuck() else super().apply(action)


def test_a_deadlock_on_the_last_trick_with_the_hold_card_is_found(tmp_path: Path) -> None:
    run = fuzz(
        StepAdapter(StuckOnTheLastHoldCard(), check_turn=False), ReferenceSteps(), SPEC, hands=4000, seed="t", until=1
    )
    assert run.groups, f"nothing found in {run.hands} hands"
    group = next(iter(run.groups.values()))
    assert group.divergence.kind == "legal" and group.divergence.action is not None
    _reproduces(run, tmp_path, lambda text: StepAdapter(StuckOnTheLastHoldCard(), check_turn=False))


OVER_A_PROCESS = {"standard", "sheepsheadai", "capped-cracking"}
"""The profiles whose run talks to a real ``python -m reference_impl`` process: the root, the one
that calls before the bury and draws leaster ties, and the one with cracks, blitzes and the cap.
The others run the same protocol messages in this process (the in-process reference adapter
encodes and decodes every request as the process does)."""


@pytest.mark.parametrize("profile", [p.id for p in SPEC.profiles])
def test_the_reference_against_itself_over_the_protocol_finds_nothing(profile: str) -> None:
    """A short run per profile (the 2,000-hand-per-profile run is in benchmarks/fuzz.py)."""
    engine = f"cmd:{shlex.join([sys.executable, '-m', 'reference_impl'])}" if profile in OVER_A_PROCESS else "reference"
    outcome = run_cli(["fuzz", "--engine", engine, "--hands", "60", "--profile", profile, "-q", "--seed", profile])
    assert outcome.status == 0, outcome.out + outcome.err
    assert "no divergence found" in outcome.out


def test_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "found"
    outcome = run_cli(
        ["fuzz", "--engine", "m", "--hands", "50", "-q", "--output", str(out), "--seed", "t", "--format", "json"],
        loader=lambda text: MutantAdapter(MUTANTS["call.own-ace-accepted"]),
    )
    assert outcome.status == 1
    import json

    data = json.loads(outcome.out)
    from jsonschema import Draft202012Validator

    schema = json.loads(
        (Path(__file__).resolve().parents[2] / "spec" / "schema" / "fuzz-report.schema.json").read_text()
    )
    Draft202012Validator.check_schema(schema)
    assert list(Draft202012Validator(schema).iter_errors(data)) == []
    assert data["format"] == "sheepshead-fuzz/1" and data["hands"] == 50
    first = data["divergences"][0]
    assert first["kind"] == "accepted" and first["rules"] == ["call.not-own-card"] and Path(first["record"]).is_file()
    usage = run_cli(["fuzz", "--engine", "reference", "--hands", "0"])
    assert usage.status == 2 and "--hands must be at least 1" in usage.err


def test_an_option_on_top_of_the_profile_is_what_the_hands_are_played_under() -> None:
    """An engine that always makes a void player trump agrees with the reference once the fuzzer
    plays standard with void-play=must-trump on top, and not under standard alone."""
    loader = lambda text: MutantAdapter(MUTANTS["play.void-must-trump"])  # noqa: E731
    found = run_cli(  # found is all this asks: the divergence is kept as found (--shrink 0)
        ["fuzz", "--engine", "m", "--hands", "100", "-q", "--seed", "t", "--profile", "standard", "--shrink", "0"],
        loader=loader,
    )
    assert found.status == 1, found.out
    agreed = run_cli(
        ["fuzz", "--engine", "m", "--hands", "100", "-q", "--seed", "t", "--option", "void-play=must-trump"],
        loader=loader,
    )
    assert agreed.status == 0 and "no divergence found" in agreed.out, agreed.out + agreed.err


ONE_TRICK = 12
"""The most actions a game of one trick has: five bids, the bury, the call and five plays."""


def test_a_divergence_is_shrunk_to_the_trick_that_shows_it(tmp_path: Path) -> None:
    """The king's wrong points, first found in a later trick (the first such seed of t0, t1, …),
    are shrunk to a hand whose first trick shows them; the shorter record still reproduces it."""
    mutant = MUTANTS["points.king-counts-three"]
    seed = next(
        f"t{n}"
        for n in range(50)
        if game_size(
            next(
                iter(
                    fuzz(
                        MutantAdapter(mutant), ReferenceSteps(), SPEC, hands=100, seed=f"t{n}", until=1, shrink_tries=0
                    ).groups.values()
                )
            ).example
        )
        > ONE_TRICK
    )
    run = fuzz(MutantAdapter(mutant), ReferenceSteps(), SPEC, hands=100, seed=seed, until=1)
    group = next(iter(run.groups.values()))
    assert group.divergence.kind == "trick" and group.divergence.rules == ("points.card-values",)
    assert group.found_size is not None and group.found_size > ONE_TRICK >= game_size(group.example)
    record = record_of(group.example, run.seed)
    assert len(record["plays"]) == 1 and len(record["expect"]["tricks"]) == 1  # one trick, the one that differs
    assert any(play.split()[1].startswith("K") for play in record["plays"][0])  # a king is in it
    _reproduces(run, tmp_path, lambda text: MutantAdapter(mutant))


def test_a_game_replays_from_its_draws() -> None:
    """The draws a game used replay it exactly: the shrinker's ground."""
    from conformance.fuzz.choices import Choices
    from conformance.fuzz.driver import play_hand

    info = ReferenceSteps().info()
    options = SPEC.profile_options("standard")
    found = Choices("t:7")
    first = play_hand(7, found, ReferenceSteps(), ReferenceSteps(), options, info)
    again = play_hand(7, Choices(replay=found.drawn), ReferenceSteps(), ReferenceSteps(), options, info)
    assert (again.deal, again.actions) == (first.deal, first.actions) and len(first.actions) > 30
    plain = play_hand(7, Choices(replay=[]), ReferenceSteps(), ReferenceSteps(), options, info)
    # All zeros: the plainest game, dealt by S1 and picked by S1 once the four others have passed.
    assert plain.deal.dealer == "S1" and plain.actions[:5] == ["S2 pass", "S3 pass", "S4 pass", "S5 pass", "S1 pick"]


_FAILS_MID_HAND = """
import sys, time
sys.path[:0] = {paths!r}
from reference_impl.__main__ import serve
import reference_impl.__main__ as main
from reference_impl.server import handle_request
applies = 0
def answer(message):
    global applies
    applies = 0 if message.get("type") == "start" else applies + (message.get("type") == "apply")
    if applies == 12:
        {fault}
    return handle_request(message)
main.handle_request = answer
sys.exit(serve(sys.stdin.buffer, sys.stdout.buffer))
"""


# The reply timeout is what tells a hang from a crash, so neither case may depend on the
# machine's speed: a crash is seen when the pipe closes, however long the engine takes to exit,
# so it gets a timeout no machine reaches (60 s); a hang never replies, so 1 s is enough, and an
# honest reply of the reference takes milliseconds (a machine ten times slower still meets it).
@pytest.mark.parametrize(
    ("fault", "timeout", "said"),
    [("sys.exit(3)", "60", "exited with status 3"), ("time.sleep(600)", "1", "no reply within 1 s")],
)
def test_an_engine_that_crashes_or_hangs_mid_hand_is_a_divergence(
    tmp_path: Path, fault: str, timeout: str, said: str
) -> None:
    """Over the protocol, with the hand's messages sent ahead: the crash is an error divergence
    at the twelfth action, with a record, and the next hand starts a fresh engine."""
    script = tmp_path / "fails_mid_hand.py"
    script.write_text(_FAILS_MID_HAND.format(paths=sys.path, fault=fault), encoding="utf-8")
    out = tmp_path / "found"
    outcome = run_cli(
        [
            "fuzz",
            "--engine",
            f"cmd:{shlex.join([sys.executable, str(script)])}",
            "--hands",
            "3",
            "-q",
            "--timeout",
            timeout,
            "--seed",
            "t",
            "--output",
            str(out),
            "--format",
            "json",
            "--profile",
            "standard",
            "--shrink",
            "1",  # one replay to shrink the crash: a hang costs the timeout per replay
        ]
    )
    assert outcome.status == 1, outcome.err
    import json

    data = json.loads(outcome.out)
    assert [d["kind"] for d in data["divergences"]] == ["crash"]
    crash = data["divergences"][0]
    assert crash["count"] == 3 and said in crash["actual"]
    record = (out / Path(crash["record"]).name).read_text(encoding="utf-8")
    assert "sheepshead-hand/1" in record


class SpellsItsOwnWay(ReferenceSteps):
    """The reference's rules, with legal actions listed in another order and burials spelled
    with their cards reversed, and only so understood: nothing to report."""

    def legal_actions(self) -> list[str]:
        actions = super().legal_actions()
        self.spelled = [
            " ".join([*a.split()[:2], *reversed(a.split()[2:])]) if " bury " in a else a for a in reversed(actions)
        ]
        return self.spelled

    def apply(self, action: str) -> Step:
        if " bury " in action and action not in self.spelled:
            return Step.reject(f"say it as {[a for a in self.spelled if sorted(a.split()) == sorted(action.split())]}")
        return super().apply(action)


def test_an_engine_spelling_its_actions_its_own_way_is_not_a_divergence() -> None:
    run = fuzz(StepAdapter(SpellsItsOwnWay(), check_turn=False), ReferenceSteps(), SPEC, hands=300, seed="t")
    assert not run.groups, [g.divergence.describe() for g in run.groups.values()]


def test_overlapping_a_protocol_engine_with_the_next_hand_changes_no_result() -> None:
    """The fuzzer prepares hand n+1 while a protocol engine answers hand n: the same groups,
    counts and first hands as one hand after the other, on an engine with a planted bug."""
    from conformance.engines.loading import load_engine

    script = Path(__file__).resolve().parents[1] / "judge" / "fixed_rules_server.py"
    runs = []
    for overlap in (True, False):
        engine = load_engine(f"cmd:{shlex.join([sys.executable, str(script), 'ranking.red-queens-swapped'])}")
        try:
            run = fuzz(
                engine,
                ReferenceSteps(),
                SPEC,
                hands=60,
                seed="t",
                query_reference=ReferenceAdapter(),
                shrink_tries=0,
                overlap=overlap,
            )
        finally:
            engine.close()
        runs.append({sig: (g.count, g.example.number) for sig, g in run.groups.items()})
    assert runs[0] == runs[1] and runs[0]


class DrawsTheDealer(ReferenceSteps):
    """Under leaster-tie random, gives a tie to the dealer when the dealer is tied, where the
    reference's own draw (no tie_break) gives it to the first tied seat from the dealer's left."""

    drawn = 0

    def start(self, deal, options) -> None:  # type: ignore[no-untyped-def]
        super().start(deal, options)
        self._hand().tie_break = self._hand().dealer

    def result(self) -> StepResult:
        result = super().result()
        outcome = result.outcome
        if outcome is not None and outcome.leaster_tied and outcome.leaster_winner == f"S{self._hand().dealer}":
            DrawsTheDealer.drawn += 1
        return result


def test_a_tie_drawn_for_another_tied_seat_is_no_divergence() -> None:
    profile = {**SPEC.profile_options("sheepsheadai"), "all-pass": "leaster", "leaster-needs-trick": "no"}
    run = fuzz(StepAdapter(DrawsTheDealer()), ReferenceSteps(), SPEC, hands=600, seed="t", profile=profile)
    assert DrawsTheDealer.drawn > 0, "no tie won by the dealer: the test saw nothing"
    assert not run.groups, [group.divergence.describe() for group in run.groups.values()]
