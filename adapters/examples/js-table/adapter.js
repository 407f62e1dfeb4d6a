// Example adapter: a JavaScript table class (adapters/examples/js-table/table.js) that calls an
// ace by suit before it buries, numbers its seats 0-4 from the dealer's left and spells cards
// "10_diamonds". Run it as: sheepshead-conformance run --engine "cmd:node adapters/examples/js-table/adapter.js"
"use strict";
const path = require("path");
const kit = require(path.join(__dirname, "..", "..", "node", "sheepshead-adapter.js"));
const { Table } = require(path.join(__dirname, "table.js"));

// The rules the table plays: one option per axis of spec/variants.yaml.
const OPTIONS = {
  "jack-order": ["clubs-first"], "void-play": ["free"], "defender-sweep": ["shared"], "no-tricker": ["tricks"],
  "double-on-the-bump": ["off"], "all-pass": ["leaster"], "leaster-blind": ["last-trick"],
  "leaster-needs-trick": ["yes"], "leaster-tie": ["no-exchange"], "called-ten-rank": ["normal"],
  "no-callable-suit": ["alone"], "bury-on-no-trick": ["picker"], "call-timing": ["call-then-bury"],
  "called-suit-lead": ["any-time"], "doubler-stacking": ["queue"], "all-pass-dealer": ["passes-left"],
};
const SUIT = { C: "clubs", S: "spades", H: "hearts" };
const id = (card) => kit.cardToEngine(card, "rank_words"); // "queen_clubs", "10_diamonds"
const card = (engineId) => kit.cardFromEngine(engineId);
let table, seats;

const actor = () => (table.phase === "call" || table.phase === "bury" ? table.picker : table.current);
const bySeat = (values) => Object.fromEntries(values.map((v, n) => [seats.fromEngine(n), v]));

function outcome() {
  if (table.phase !== "done") return null;
  if (table.leaster) {
    const winner = table.scores.indexOf(4);
    return { kind: "leaster", scores: bySeat(table.scores), seat_points: bySeat(table.seatPoints),
      leaster_winner: winner < 0 ? null : seats.fromEngine(winner) };
  }
  return { kind: table.kind, scores: bySeat(table.scores), picker: seats.fromEngine(table.picker),
    partner: table.alone ? null : seats.fromEngine(table.partner), picker_side_points: table.sidePoints,
    picker_side_tricks: table.sideTricks, defender_points: 120 - table.sidePoints, defender_tricks: 6 - table.sideTricks };
}

kit.serve({
  name: "js-table", version: "1.0", capabilities: ["steps"], options: OPTIONS,
  start(deal) {
    seats = kit.seatRotation(deal.dealer, 0);
    table = new Table([0, 1, 2, 3, 4].map((n) => deal.hands[seats.fromEngine(n)].map(id)), deal.blind.map(id));
  },
  turn: () => (table.phase === "done" ? null : seats.fromEngine(actor())),
  legalActions() {
    const s = actor(), S = seats.fromEngine(s);
    if (table.phase === "auction") return [`${S} pick`, `${S} pass`];
    if (table.phase === "call") return [...table.callableSuits(s).map((suit) => `${S} call A${suit[0].toUpperCase()}`), `${S} alone`];
    if (table.phase === "bury") return null; // the table cannot list burials
    return table.legalCards(s).map((c) => `${S} play ${card(c)}`);
  },
  apply(action) {
    const a = kit.parseAction(action), s = seats.toEngine(a.seat);
    let r;
    if (a.verb === "pick" || a.verb === "pass") r = table.pick(s, a.verb === "pick");
    else if (a.verb === "alone") r = table.callAce(s, null, true);
    else if (a.verb === "call") r = a.under || a.cards[0][0] !== "A" ? { error: "the table calls aces only" } : table.callAce(s, SUIT[a.cards[0][1]], false);
    else if (a.verb === "bury") r = table.bury(s, a.cards.map(id));
    else if (a.verb === "play") r = table.playCard(s, id(a.cards[0]));
    else r = { error: `the table has no ${a.verb}` }; // cracks, blitzes, claims: not played here
    return { accepted: Boolean(r.success), reason: r.error };
  },
  result: () => ({ over: table.phase === "done", outcome: outcome(),
    tricks: table.tricks.map((t) => ({ winner: seats.fromEngine(t.winner), points: t.points })) }),
});
