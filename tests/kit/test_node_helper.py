"""The Node helper's state handling and its checks of the adapter's own mistakes.

Each test runs a small engine written inline against ``adapters/node/sheepshead-adapter.js``
through ``answer``/``safeAnswer`` (the replies ``serve`` writes), and reads back JSON.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
HELPER = ROOT / "adapters" / "node" / "sheepshead-adapter.js"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not on this machine: the Node helper cannot run")

# A stand-in with the awkward habit: `apply` moves the turn on (and counts the action) before it
# decides to refuse. Seats pass in turn; "pick" is refused unless it is S3's. `log` records every
# callback the helper makes, so a test sees whether it restored or replayed.
COUNTER = """
const kit = require(process.argv[1]);
function counter(extra = {}) {
  const engine = { name: "counter", version: "1", options: {}, log: [], seen: 0, passes: 0,
    start() { this.log.push("start"); this.seen = 0; this.passes = 0; },
    turn() { return this.passes >= 5 ? null : `S${this.passes + 1}`; },
    legalActions() { return null; },
    apply(action) {
      this.log.push(action);
      this.seen += 1; this.passes += 1;  // the state changes first ...
      if (action.endsWith("pass")) return true;
      return { accepted: false, reason: "only S3 may pick here" };  // ... and is not put back
    },
    result() { return { over: this.passes >= 5, tricks: [] }; },
    ...extra };
  return engine;
}
const ask = (engine, message) => kit.safeAnswer(engine, { id: 1, ...message });
const DEAL = { dealer: "S5", hands: { S1: ["QC", "7H"], S2: ["QS"], S3: ["AH", "9H", "JD"], S4: ["KS"], S5: ["8C"] },
  blind: ["TS", "7S"] };
"""


def node(script: str) -> Any:
    done = subprocess.run(
        [NODE or "node", "-e", COUNTER + script, str(HELPER)], capture_output=True, text=True, timeout=60, check=True
    )
    return json.loads(done.stdout)


def test_a_refused_action_is_undone_by_replaying_the_hand_from_its_start() -> None:
    """No snapshot/restore: the helper starts the hand again and applies what was accepted."""
    replies, log, seen = node("""
    const e = counter();
    const replies = [ask(e, { type: "start", deal: DEAL, options: {} }), ask(e, { type: "apply", action: "S1 pass" }),
      ask(e, { type: "apply", action: "S2 pick" }), ask(e, { type: "apply", action: "S2 pass" })];
    console.log(JSON.stringify([replies, e.log, e.seen]));
    """)
    start, passed, refused, passed_again = replies
    assert start["turn"] == "S1" and passed["accepted"] is True
    assert refused["accepted"] is False and refused["reason"] == "only S3 may pick here"
    assert refused["turn"] == passed["turn"] == "S2"  # unchanged by the refusal
    assert passed_again["accepted"] is True and passed_again["turn"] == "S3"
    assert log == ["start", "S1 pass", "S2 pick", "start", "S1 pass", "S2 pass"]
    assert seen == 2


def test_a_refused_action_is_undone_by_restore_when_the_engine_has_snapshot_and_restore() -> None:
    refused, log = node("""
    const e = counter({
      snapshot() { this.log.push("snapshot"); return { seen: this.seen, passes: this.passes }; },
      restore(state) { this.log.push("restore"); Object.assign(this, state); } });
    ask(e, { type: "start", deal: DEAL, options: {} });
    ask(e, { type: "apply", action: "S1 pass" });
    const refused = ask(e, { type: "apply", action: "S2 pick" });
    console.log(JSON.stringify([refused, e.log]));
    """)
    assert refused["accepted"] is False and refused["turn"] == "S2"
    assert log == ["start", "snapshot", "S1 pass", "snapshot", "S2 pick", "restore"]  # no replay


def test_an_engine_that_keeps_its_state_on_refusal_can_say_so_and_is_not_replayed() -> None:
    refused, log = node("""
    const e = counter({ keepsStateOnRefusal: true });
    ask(e, { type: "start", deal: DEAL, options: {} });
    const refused = ask(e, { type: "apply", action: "S1 pick" });
    console.log(JSON.stringify([refused, e.log]));
    """)
    assert log == ["start", "S1 pick"]
    assert refused["turn"] == "S2"  # this stand-in does not keep it: the flag is the adapter's promise


def test_legal_by_trial_lists_what_the_engine_accepts_of_each_phase_and_leaves_the_hand_unchanged() -> None:
    """The engine lists nothing (legalActions null) but names its phase: the helper tries the
    candidates of the phase for the seat to act (from the cards it saw that seat get) on a copy."""
    listed = node("""
    // S3 picks (taking the blind TS 7S); calls are by trial: it accepts AH under nothing, and
    // "call TH under 7S"; burials: any two cards but the jack of diamonds; plays: any card.
    const e = { name: "trial", version: "1", options: {}, tried: 0,
      start() { this.phase_ = "auction"; this.seat = 3; this.done = []; },
      turn() { return this.phase_ === "over" ? null : `S${this.seat}`; },
      legalActions() { return null; },
      phase() { return this.phase_; },
      apply(action) {
        this.tried += 1;
        const [seat, verb, ...cards] = action.split(" ");
        this.done.push(action);  // changed before any refusal
        if (this.phase_ === "auction") { if (verb !== "pick") return false; this.phase_ = "call"; return true; }
        if (this.phase_ === "call") {
          const ok = action === "S3 call AH" || action === "S3 call TH under 7S";
          if (ok) this.phase_ = "bury";
          return ok;
        }
        if (this.phase_ === "bury") { if (verb !== "bury" || cards.includes("JD")) return false; this.phase_ = "play"; return true; }
        if (this.phase_ === "play") { if (verb !== "play") return false; this.phase_ = "over"; return true; }
        return false;
      },
      result() { return { over: this.phase_ === "over", tricks: [] }; } };
    const out = [kit.safeAnswer(e, { id: 1, type: "start", deal: { ...DEAL, dealer: "S2" }, options: {} }).legal];
    for (const action of ["S3 pick", "S3 call AH", "S3 bury 9H TS"]) out.push(ask(e, { type: "apply", action }).legal);
    out.push(e.done.filter((a) => !a.includes(" pick") && !a.includes(" call ") && !a.includes(" bury ")));
    console.log(JSON.stringify(out));
    """)
    auction, calls, burials, plays, left = listed
    assert auction == ["S3 pick"]
    assert calls == ["S3 call AH", "S3 call TH under 7S"]  # of 1 + 6 + 6 x 5 candidates
    pairs = [f"S3 bury {a} {b}" for a, b in [("9H", "AH"), ("7S", "9H"), ("7S", "AH"), ("7S", "TS")]]
    assert sorted(burials) == sorted([*pairs, "S3 bury 9H TS", "S3 bury AH TS"])
    assert plays == ["S3 play AH", "S3 play JD", "S3 play 7S"]  # the cards S3 still holds
    assert left == []  # nothing tried was kept: every trial was undone


def test_legal_by_trial_tries_the_cracks_and_blitzes_the_options_allow() -> None:
    """Under cracking a crack, re-crack or blitz of any seat is tried before the first card, and
    under blitzing at-the-pick a blitz while the picker buries too; under cracking off, none."""
    listed = node("""
    // S3 picks; S4 may blitz black from the pick on, and S4 or S5 crack before the first card.
    const e = { name: "window", version: "1", options: {},
      start() { this.phase_ = "auction"; this.done = []; },
      turn() { return this.phase_ === "over" ? null : "S3"; },
      legalActions() { return null; },
      phase() { return this.phase_; },
      apply(action) {
        const [seat, verb] = action.split(" ");
        if (action === "S4 blitz black" && ["bury", "play"].includes(this.phase_)) return true;
        if (["S4 crack", "S5 crack"].includes(action) && this.phase_ === "play") return true;
        if (seat !== "S3") return false;
        if (this.phase_ === "auction" && verb === "pick") { this.phase_ = "bury"; return true; }
        if (this.phase_ === "bury" && verb === "bury") { this.phase_ = "play"; return true; }
        if (this.phase_ === "play" && verb === "play") { this.phase_ = "over"; return true; }
        return false;
      },
      result() { return { over: this.phase_ === "over", tricks: [] }; } };
    const out = [];
    for (const options of [{ cracking: "crack", blitzing: "at-the-pick" }, { cracking: "off" }]) {
      kit.safeAnswer(e, { id: 1, type: "start", deal: { ...DEAL, dealer: "S2" }, options });
      const bury = ask(e, { type: "apply", action: "S3 pick" }).legal;
      const play = ask(e, { type: "apply", action: "S3 bury 9H TS" }).legal;
      out.push([bury.filter((a) => !a.includes(" bury ")), play.filter((a) => !a.includes(" play "))]);
    }
    console.log(JSON.stringify(out));
    """)
    assert listed == [[["S4 blitz black"], ["S4 crack", "S5 crack", "S4 blitz black"]], [[], []]]


def test_legal_by_trial_is_not_attempted_without_a_phase_or_the_hands() -> None:
    legal = node("""
    const e = counter();
    const noPhase = ask(e, { type: "start", deal: DEAL, options: {} }).legal;
    const noHands = ask(counter({ phase: () => "auction" }), { type: "start", deal: { dealer: "S5", deck: [] },
      options: {} }).legal;
    const listed = ask(counter({ phase: () => "auction" }), { type: "start", deal: DEAL, options: {} }).legal;
    console.log(JSON.stringify([noPhase, noHands, listed]));
    """)
    assert legal == [None, None, ["S1 pass"]]


def test_an_accepted_bury_of_one_card_is_the_adapters_mistake_and_the_hand_is_kept() -> None:
    """An engine burying one card per call, its adapter passing the harness's bury straight on."""
    error, turn_after, log = node("""
    const e = { name: "b", version: "1", options: {}, log: [], start() { this.buried = []; },
      turn() { return this.buried.length === 2 ? null : "S3"; }, legalActions: () => null,
      apply(action) { this.log.push(action); this.buried.push(action.split(" ")[2]); return true; },  // one card: a mistake
      result: () => ({}) };
    ask(e, { type: "start", deal: DEAL, options: {} });
    const error = ask(e, { type: "apply", action: "S3 bury TS" }).error;
    console.log(JSON.stringify([error, e.turn(), e.log]));
    """)
    assert error["code"] == "adapter-error"
    assert error["message"].startswith('apply: accepted "S3 bury TS", a bury of 1 card: a bury is two different cards')
    assert turn_after == "S3" and log == ["S3 bury TS"]  # replayed from the start: nothing buried


def test_an_apply_without_an_answer_is_the_adapters_mistake() -> None:
    error = node("""
    const e = counter({ apply(action) { this.passes += 1; } });
    ask(e, { type: "start", deal: DEAL, options: {} });
    console.log(JSON.stringify(ask(e, { type: "apply", action: "S1 pass" }).error));
    """)
    assert error == {
        "code": "adapter-error",
        "message": "apply: returned nothing: return true, false or {accepted, reason, rule}",
    }


def test_an_action_other_than_the_one_asked_is_the_adapters_mistake() -> None:
    """Asked `call AH`, the engine (calling by suit, choosing ace or ten itself) called TH."""
    error, called = node("""
    const e = { name: "s", version: "1", options: {}, start() { this.called = null; }, turn: () => "S3",
      legalActions: () => null, apply(action) { this.called = "T" + action.slice(-1); return true; },
      lastAction() { return this.called && `S3 call ${this.called}`; }, result: () => ({}) };
    ask(e, { type: "start", deal: DEAL, options: {} });
    console.log(JSON.stringify([ask(e, { type: "apply", action: "S3 call AH" }).error, e.called]));
    """)
    assert error["code"] == "adapter-error"
    assert error["message"].startswith('apply: was asked "S3 call AH" and accepted it, but the engine did "S3 call TH"')
    assert called is None  # the hand as it was before the call


def test_a_capability_without_its_callback_is_the_adapters_mistake() -> None:
    errors = node("""
    const hello = { id: 0, type: "hello", protocol: 1 };
    const base = { name: "c", version: "1", options: {} };
    console.log(JSON.stringify([
      kit.safeAnswer({ ...base, capabilities: ["score", "card-points"], cardPoints: () => ({ points: 0 }) }, hello).error,
      kit.safeAnswer({ ...base, capabilities: ["steps"], start() {}, turn() {}, apply() {}, result() {} }, hello).error,
      kit.safeAnswer({ ...base, capabilities: ["rule-ids", "card-points"], cardPoints: () => ({}) }, hello).capabilities,
      kit.safeAnswer({ ...base, cardPoints: () => ({}), snapshot() {} }, hello).error,
    ]));
    """)
    no_score, no_legal, fine, half_pair = errors
    assert no_score["code"] == "adapter-error" and no_score["message"].startswith(
        'score: capability "score" is declared, but the engine has no score callback'
    )
    assert no_legal["message"].startswith('legalActions: capability "steps" is declared')
    assert fine == ["rule-ids", "card-points"]  # capabilities without a callback of their own pass
    assert half_pair["message"].startswith("restore: snapshot() and restore(state) go together")


def test_unsupported_from_a_step_or_a_query_is_unsupported_and_other_exceptions_are_internal() -> None:
    codes = node("""
    const e = counter({ apply(action) { throw new kit.Unsupported("no cracking at this table"); },
      score() { throw new kit.Unsupported("no alone hands"); }, cardPoints() { throw new TypeError("oops"); } });
    ask(e, { type: "start", deal: DEAL, options: {} });
    console.log(JSON.stringify([ask(e, { type: "apply", action: "S1 crack" }).error, ask(e, { type: "score" }).error,
      ask(e, { type: "card-points", cards: [] }).error]));
    """)
    assert codes == [
        {"code": "unsupported", "message": "no cracking at this table"},
        {"code": "unsupported", "message": "no alone hands"},
        {"code": "internal", "message": "TypeError: oops"},
    ]


def test_card_objects_are_read_back() -> None:
    cards = node("""
    console.log(JSON.stringify([kit.cardFromEngine({ rank: "10", suit: "diamonds", id: 7 }),
      kit.cardFromEngine({ rank: "queen", suit: "clubs" }), kit.cardFromEngine({ rank: "A", suit: "♥" })]));
    """)
    assert cards == ["TD", "QC", "AH"]
