// Example adapter: a JavaScript table class (adapters/examples/js-table/table.js) with card
// objects {rank, suit, id}, seats 0-4 from the dealer's left, a call by suit where the table picks
// the ace or the ten itself, and a state changed before it refuses. The Node helper does the
// state handling: a refused action is undone by replaying the hand from its start (the table has
// no snapshot), and the calls and burials the table cannot list are found by trial (phase()).
// Run it as: sheepshead-conformance run --engine "cmd:node adapters/examples/js-table/adapter.js"
"use strict";
const path = require("path");
const kit = require(path.join(__dirname, "..", "..", "node", "sheepshead-adapter.js"));
const { Table } = require(path.join(__dirname, "table.js"));

// The rules the table plays: one option per axis of spec/variants.yaml.
const OPTIONS = {
  "jack-order": ["clubs-first"], "void-play": ["free"], "defender-sweep": ["shared"], "no-tricker": ["tricks"],
  "double-on-the-bump": ["off"], "all-pass": ["schwanzer"], "schwanzer-tie": ["nobody"], "called-ten-rank": ["normal"],
  "no-callable-suit": ["alone"], "bury-on-no-trick": ["picker"], "call-timing": ["call-then-bury"],
  "called-suit-lead": ["any-time"], "doubler-stacking": ["queue"], "all-pass-dealer": ["passes-left"],
};
const SUIT = { C: "clubs", S: "spades", H: "hearts" };
const DECK = new Map(Table.deck().map((c) => [kit.cardFromEngine(c), c])); // "TD" -> {rank: "10", suit: "diamonds", id}
const obj = (code) => DECK.get(code);
const card = (c) => kit.cardFromEngine(c);
let table, seats;

const bySeat = (values) => Object.fromEntries(values.map((v, n) => [seats.fromEngine(n), v]));

function outcome() {
  if (table.phase !== "done") return null;
  if (table.schwanzer) return { kind: "schwanzer", scores: bySeat(table.scores) };
  return { kind: table.kind, scores: bySeat(table.scores), picker: seats.fromEngine(table.picker),
    partner: table.alone ? null : seats.fromEngine(table.partner), picker_side_points: table.sidePoints,
    picker_side_tricks: table.sideTricks, defender_points: 120 - table.sidePoints, defender_tricks: 6 - table.sideTricks };
}

kit.serve({
  name: "js-table", version: "2.0", capabilities: ["steps"], options: OPTIONS,
  start(deal) {
    seats = kit.seatRotation(deal.dealer, 0);
    table = new Table([0, 1, 2, 3, 4].map((n) => deal.hands[seats.fromEngine(n)].map(obj)), deal.blind.map(obj));
  },
  turn: () => (table.phase === "done" ? null : seats.fromEngine(table.current)),
  phase: () => table.phase, // auction, call, bury: listed by trial
  legalActions: () => (table.phase === "play"
    ? table.legalCards(table.current).map((c) => `${seats.fromEngine(table.current)} play ${card(c)}`) : null),
  apply(action) {
    const a = kit.parseAction(action), s = seats.toEngine(a.seat);
    let r;
    if (a.verb === "pick") r = table.pick(s);
    else if (a.verb === "pass") r = table.pass(s);
    else if (a.verb === "alone") r = table.goAlone(s);
    else if (a.verb === "call" && !a.under && SUIT[a.cards[0][1]]) {
      r = table.callSuit(s, SUIT[a.cards[0][1]]); // the table picks the ace or the ten: asked the other, refuse
      if (r.success && card(r.cards[0]) !== a.cards[0]) r = { error: `the table calls ${card(r.cards[0])} of that suit` };
    } else if (a.verb === "bury") r = table.bury(s, a.cards.map(obj));
    else if (a.verb === "play") r = table.play(s, obj(a.cards[0]));
    else r = { error: `the table has no ${action.split(" ").slice(1).join(" ")}` }; // under calls, cracks, claims
    return { accepted: Boolean(r.success), reason: r.error };
  },
  // what the table did, checked by the helper against the action asked
  lastAction() {
    const last = table.history[table.history.length - 1];
    return last ? kit.actionText(seats.fromEngine(last.seat), last.type, last.cards.map(card)) : null;
  },
  result: () => ({ over: table.phase === "done", outcome: outcome(),
    tricks: table.tricks.map((t) => ({ winner: seats.fromEngine(t.winner), points: t.points })) }),
});
