"""The example adapters of ``adapters/examples`` and the Node helper, run through the suite.

Each example wraps a stand-in engine written for these tests, in one shape of
``notes/engine-shapes.md``, with fixed rules of its own; what the suite reports about it is
worked out from those rules (the deliberate gaps are named in each stand-in's header).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from conformance.judge.results import Status
from conformance.runner import run_engine

from .reference_steps import EXAMPLE_DEAL

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not on this machine: the JavaScript examples cannot run")


def _python_game(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The python-game example's adapter module, imported afresh from its folder."""
    monkeypatch.syspath_prepend(str(ROOT / "adapters" / "examples" / "python-game"))
    monkeypatch.delitem(sys.modules, "adapter", raising=False)
    import adapter as example  # type: ignore[import-not-found]

    return example


def code_lines(path: Path) -> int:
    """Lines that are neither blank nor only a comment (``//`` or ``#``)."""
    return sum(
        1
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.strip().startswith(("//", "#"))
    )


@needs_node
def test_the_node_helper_answers_the_protocol() -> None:
    script = """
    const kit = require(process.argv[1]);
    let passes = 0;
    const engine = { name: "passers", version: "1", options: {}, start() { passes = 0; },
      turn: () => (passes === 5 ? null : `S${passes + 1}`), legalActions: () => [`S${passes + 1} pass`],
      apply(a) { if (!a.endsWith("pass")) return { success: false, error: "pass only" }; passes += 1; return true; },
      result: () => ({ over: passes === 5, tricks: [] }) };
    const out = [];
    for (const m of [{ id: 0, type: "hello", protocol: 1 }, { id: 1, type: "start", deal: {}, options: {} },
                     { id: 2, type: "apply", action: "S2 pass" }, { id: 3, type: "apply", action: "S1 pick" },
                     { id: 4, type: "apply", action: "S1 pass" }, { id: 5, type: "result" }, { id: 6, type: "score" }])
      out.push(kit.answer(engine, m));
    console.log(JSON.stringify(out));
    console.log(JSON.stringify([kit.cardToEngine("TD"), kit.cardFromEngine("queen_of_clubs"), kit.cardFromEngine("10♦"),
      kit.seatRotation("S3").toEngine("S4"), kit.actionText("S3", "bury", ["KH", "7C"])]));
    """
    helper = ROOT / "adapters" / "node" / "sheepshead-adapter.js"
    done = subprocess.run(
        [NODE or "node", "-e", script, str(helper)], capture_output=True, text=True, timeout=30, check=True
    )
    replies_line, helpers_line = done.stdout.splitlines()
    hello, start, out_of_turn, refused, accepted, result, unknown = json.loads(replies_line)
    assert hello["capabilities"] == ["steps"] and hello["protocol"] == 1
    assert start == {"id": 1, "turn": "S1", "legal": ["S1 pass"]}
    assert out_of_turn["accepted"] is False and out_of_turn["reason"] == "it is S1's turn"  # checked by the helper
    assert refused == {
        "id": 3,
        "accepted": False,
        "reason": "pass only",
        "rule": None,
        "turn": "S1",
        "legal": ["S1 pass"],
    }
    assert accepted["accepted"] is True and accepted["turn"] == "S2"
    assert result == {"id": 5, "over": False, "tricks": [], "outcome": None}
    assert unknown["error"]["code"] == "unsupported"
    assert json.loads(helpers_line) == ["10_diamonds", "QC", "TD", 1, "S3 bury 7C KH"]


@needs_node
def test_the_javascript_table_example_is_judged_on_its_own_rules() -> None:
    """The table calls a suit and picks the card itself: the ace, or the ten when the picker holds
    that ace, where the rule wants all three fail aces (call.ten-when-all-aces). That is its one
    deviation, and the only rule blamed; its other habits (card objects, a state changed before a
    refusal, no calls or burials listed) are the Node helper's to handle, and cost no case. Its
    all-pass is a schwanzer: its schwanzer cases pass, and trick-winner and card-points are
    derived from the first trick of a hand its dealer's left picks and plays alone (no leaster)."""
    adapter = ROOT / "adapters" / "examples" / "js-table" / "adapter.js"
    assert code_lines(adapter) <= 80
    run = run_engine(f"cmd:{NODE} {adapter}", probes=False)
    failed = [r for r in run.results if r.status is Status.FAILED]
    assert {rule for r in failed for rule in r.blamed} == {"call.ten-when-all-aces"}
    assert not [r for r in run.results if r.status is Status.ERROR]
    # 474: scores too, through a hand played; card points of any cards, a trump's trick played third,
    # a trick with a called card played in a built hand
    assert sum(r.status is Status.PASSED for r in run.results) >= 474
    assert [r for r in run.results if r.status is Status.PASSED and "all-pass.schwanzer" in r.rules]
    assert run.info is not None and run.info.name == "js-table"


def test_the_python_game_object_example_is_judged_on_its_own_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game counts 90 picker points as a schneider (a practice of several engines; the
    rule says 91): that is its one deviation, blamed on scoring.schneider-thresholds only. Its
    habits (a card buried per action, an under call in two steps) are the kit's to handle and
    cost no case: the under-call records and scenarios pass."""
    folder = ROOT / "adapters" / "examples" / "python-game"
    assert code_lines(folder / "adapter.py") <= 80
    monkeypatch.chdir(folder)  # python:adapter:engine imports the module beside the user
    run = run_engine("python:adapter:engine", probes=False)
    failed = [r for r in run.results if r.status is Status.FAILED]
    assert {rule for r in failed for rule in r.blamed} == {"scoring.schneider-thresholds"}
    assert all(r.expected == "win" and r.actual == "schneider" for r in failed)
    assert not [r for r in run.results if r.status is Status.ERROR]
    # it reaches 480 (its tricks' points and its sides' totals reported; no legal-plays or callable-cards query)
    assert sum(r.status is Status.PASSED for r in run.results) >= 480
    under = [r for r in run.results if r.status is Status.PASSED and "call.under-card" in r.rules]
    assert any(r.case_id.startswith("fixtures/negative/") for r in under)  # a wrong under call refused
    assert any(r.case_id.startswith("features/play/") for r in under)  # a whole hand played with one


@needs_node
def test_the_javascript_rules_library_example_is_judged_on_its_own_rules() -> None:
    """The library is told what it needs (the call, the under card, whether the called suit was
    led, the trick number; the bury), so the hold card, the called card's duties, ten calls and
    under calls are judged as the rules say. Its one planted bug: it looks for an ace to call in
    the hand only, so a picker who buried AH (and holds a heart) is offered AH, which
    call.not-own-card forbids; that rule alone is blamed (a scenario and a negative record)."""
    adapter = ROOT / "adapters" / "examples" / "js-rules" / "adapter.js"
    assert code_lines(adapter) <= 80
    run = run_engine(f"cmd:{NODE} {adapter}", probes=False)
    failed = [r for r in run.results if r.status is Status.FAILED]
    assert {rule for r in failed for rule in r.blamed} == {"call.not-own-card"}
    assert all(r.blamed == ("call.not-own-card",) for r in failed)
    assert not [r for r in run.results if r.status is Status.ERROR]
    # it reaches 420: every query case of its rules but the two its bug fails
    assert sum(r.status is Status.PASSED for r in run.results) >= 420
    passed_rules = {rule for r in run.results if r.status is Status.PASSED for rule in r.rules}
    assert {"play.hold-card-kept", "play.partner-leads-called-card", "call.under-card"} <= passed_rules
    reasons = {r.reason for r in run.results if r.status is Status.UNSUPPORTED}
    assert "capability replay missing" in reasons


@needs_node
def test_the_node_helper_says_unsupported_refuses_a_forgotten_return_and_advertises_only_what_it_has() -> None:
    script = """
    const kit = require(process.argv[1]);
    const queriesOnly = { name: "q", version: "1", options: {},
      score() { throw new kit.Unsupported("no score for an alone hand here"); }, cardPoints: () => ({ points: 3 }) };
    const forgetful = { name: "f", version: "1", options: {}, start() {}, turn: () => "S1",
      legalActions: () => ["S1 pass"], apply(a) { /* forgot to return */ }, result: () => ({ over: false }) };
    console.log(JSON.stringify([
      kit.safeAnswer(queriesOnly, { id: 0, type: "hello", protocol: 1 }).capabilities,
      kit.safeAnswer(queriesOnly, { id: 1, type: "score" }).error,
      kit.safeAnswer(forgetful, { id: 0, type: "hello", protocol: 1 }).capabilities,
      kit.safeAnswer(forgetful, { id: 2, type: "apply", action: "S1 pass" }).error.code,
      kit.cardToEngine("TD", "rank_suit_words", "-"), kit.calledSuit("S3 call AH"),
      kit.callOfSuit("S3", "hearts", ["AC", "TH"]),
    ]));
    """
    helper = ROOT / "adapters" / "node" / "sheepshead-adapter.js"
    done = subprocess.run(
        [NODE or "node", "-e", script, str(helper)], capture_output=True, text=True, timeout=30, check=True
    )
    caps, unsupported, steps_caps, forgotten, spelled, suit, call = json.loads(done.stdout)
    assert caps == ["score", "card-points"]  # no steps without start, turn, legalActions, apply and result
    assert unsupported == {"code": "unsupported", "message": "no score for an alone hand here"}
    assert steps_caps == ["steps"]
    assert forgotten == "adapter-error"  # an apply that returns nothing never accepts: the adapter's mistake
    assert (spelled, suit, call) == ("10-diamonds", "H", "S3 call TH")


@needs_node
def test_the_node_helper_names_an_outcome_the_engine_leaves_unnamed() -> None:
    """As the Python kit: the kind read from the picker's score (2 x 2 = +4 with a partner: a
    schneider; alone, -8 is 4 x -2: schneidered; a crack doubles, so +12 with one is all tricks)."""
    script = """
    const kit = require(process.argv[1]);
    const hand = (scores, partner) => ({ name: "x", version: "1", options: {}, start() {}, turn() { return null; },
      legalActions() { return []; }, apply() { return true; },
      result() { return { over: true, outcome: { kind: "", scores, picker: "S1", partner } }; } });
    const kinds = [];
    for (const [scores, partner, actions] of [
      [{ S1: 4, S2: 2, S3: -2, S4: -2, S5: -2 }, "S2", []],
      [{ S1: -8, S2: 2, S3: 2, S4: 2, S5: 2 }, null, []],
      [{ S1: 12, S2: 6, S3: -6, S4: -6, S5: -6 }, "S2", ["S4 crack"]],
      [{ S1: 5, S2: 0, S3: -5, S4: 0, S5: 0 }, "S2", []],
    ]) {
      const engine = hand(scores, partner);
      kit.answer(engine, { id: 1, type: "start", deal: {}, options: {} });
      for (const action of actions) kit.answer(engine, { id: 2, type: "apply", action });
      kinds.push(kit.answer(engine, { id: 3, type: "result" }).outcome.kind);
    }
    console.log(JSON.stringify(kinds));
    """
    helper = str(Path(__file__).resolve().parents[2] / "adapters/node/sheepshead-adapter.js")
    done = subprocess.run(
        [NODE or "node", "-e", script, helper], capture_output=True, text=True, timeout=60, check=True
    )
    assert json.loads(done.stdout) == ["schneider", "schneidered", "all-tricks", ""]


def test_the_python_game_example_leaves_burials_and_a_half_made_bury_to_the_kit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The game buries a card per action and lists single cards: the adapter answers ``None`` for
    the bury and the kit finds the pairs by trial (S2 picked: any two of its eight cards,
    bury.two-cards: 28 pairs); a bury whose second card S2 does not hold is refused after the
    game buried the first, and the kit restores the game (still S2's 28 pairs to bury)."""
    from conformance.adapter import ReplayRequest

    example = _python_game(monkeypatch)

    deal = EXAMPLE_DEAL
    engine = example.engine()
    options = {axis: choices[0] for axis, choices in engine.info().options.items()}
    picked = engine.replay(ReplayRequest(options, deal, ("S1 pass", "S2 pick")))
    assert picked.phase == "bury" and picked.legal is not None and len(picked.legal) == 28
    half = engine.replay(ReplayRequest(options, deal, ("S1 pass", "S2 pick", "S2 bury TS QH")))
    assert half.rejected is not None and half.rejected.index == 2
    assert half.turn == "S2" and set(half.legal or ()) == set(picked.legal)
    one = engine.replay(ReplayRequest(options, deal, ("S1 pass", "S2 pick", "S2 bury TS")))
    assert one.rejected is not None and one.rejected.rule == "bury.two-cards"


def test_the_python_game_example_makes_an_under_call_in_two_steps_and_the_kit_undoes_a_half_made_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """S2 picks and buries 7D KC, keeping six trumps: no ace or ten can be called, so under
    no-callable-suit=under it may call any fail ace under one of its six cards, or go alone
    (call.no-callable-suit, call.under-card): 3 x 6 + 1 = 19 actions, found by trial. The game
    takes ``S2 call AH under QS`` as ``CALL AH`` then ``UNDER QS``. An under card S2 does not
    hold is refused after the game made the call (``CALL AH`` accepted, ``UNDER 7C`` refused),
    and a plain ``S2 call AH`` leaves the game waiting for an under card: both are refused, and
    the kit replays the hand to before the call (still S2's 19 actions)."""
    from conformance.adapter import Deal, ReplayRequest

    example = _python_game(monkeypatch)

    deal = Deal(
        "S5",
        {
            "S1": ("AC", "TC", "9C", "8C", "7C", "QH"),
            "S2": ("QC", "QD", "JD", "9D", "8D", "7D"),
            "S3": ("AS", "TS", "KS", "9S", "8S", "7S"),
            "S4": ("AH", "TH", "KH", "9H", "8H", "7H"),
            "S5": ("JC", "JS", "JH", "AD", "TD", "KD"),
        },
        ("QS", "KC"),
    )
    engine = example.engine()
    options = {axis: choices[0] for axis, choices in engine.info().options.items()}
    assert options["no-callable-suit"] == "under"
    before = ("S1 pass", "S2 pick", "S2 bury 7D KC")
    buried = engine.replay(ReplayRequest(options, deal, before))
    hand = ("QC", "QD", "JD", "9D", "8D", "QS")
    unders = {f"S2 call {ace} under {card}" for ace in ("AC", "AS", "AH") for card in hand}
    assert buried.turn == "S2" and set(buried.legal or ()) == unders | {"S2 alone"}
    for wrong in ("S2 call AH under 7C", "S2 call AH"):
        half = engine.replay(ReplayRequest(options, deal, (*before, wrong)))
        assert half.rejected is not None and half.rejected.index == 3
        assert half.turn == "S2" and set(half.legal or ()) == set(buried.legal or ())
    called = engine.replay(ReplayRequest(options, deal, (*before, "S2 call AH under QS", "S1 play 7C")))
    assert called.rejected is None and called.turn == "S2" and called.phase == "play"
    # void in clubs, S2 may play any card but its under card QS, a heart until hearts are led
    # (play.hold-card-kept), never a trump
    assert set(called.legal or ()) == {f"S2 play {card}" for card in hand if card != "QS"}
