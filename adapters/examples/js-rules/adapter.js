// Example adapter: a rules library without a game flow (adapters/examples/js-rules/rules.js),
// answering only the direct queries. Each query passes on what the library needs: the legal plays
// get the called card, the under card, whether the called suit was led and the trick number; the
// callable suits get the bury. Run it as:
//   sheepshead-conformance run --engine "cmd:node adapters/examples/js-rules/adapter.js"
"use strict";
const path = require("path");
const kit = require(path.join(__dirname, "..", "..", "node", "sheepshead-adapter.js"));
const rules = require(path.join(__dirname, "rules.js"));

const OPTIONS = {
  "jack-order": ["clubs-first"], "void-play": ["free"], "defender-sweep": ["shared"], "no-tricker": ["tricks"],
  "double-on-the-bump": ["off"], "all-pass": ["leaster"], "leaster-blind": ["last-trick"],
  "leaster-needs-trick": ["yes"], "leaster-tie": ["no-exchange"], "called-ten-rank": ["normal"],
  "no-callable-suit": ["under"], "bury-on-no-trick": ["picker"], "call-timing": ["bury-then-call"],
  "called-suit-lead": ["any-time"], "doubler-stacking": ["queue"], "all-pass-dealer": ["passes-left"],
};
const lib = (cards) => cards.map((c) => kit.cardToEngine(c, "symbols")); // "10♦"
const ours = (cards) => cards.map(kit.cardFromEngine);

const call = (m) => m.called && { calledCard: lib([m.called])[0], underCard: m.under && lib([m.under])[0],
  calledSuitLed: Boolean(m.called_suit_led) };

kit.serve({
  name: "js-rules", version: "1.1", options: OPTIONS,
  capabilities: ["trick-winner", "legal-plays", "callable-cards", "score", "card-points"],
  trickWinner: (m) => ({ winner: rules.determineTrickWinner(lib(m.cards), call(m)) }),
  legalPlays: (m) => ({ cards: ours(rules.getLegalPlays(lib(m.hand), lib(m.trick), m.role, m.trick_number, call(m))) }),
  callableCards(m) {
    const { rank, suits, underSuits } = rules.getCallableSuits(lib(m.hand), lib(m.buried));
    return { calls: ours(suits.map((s) => rank + s)), under: ours(underSuits.map((s) => `A${s}`)) };
  },
  score(m) {
    const r = rules.calculateHandScore({ pickerPoints: m.picker_side_trick_points + m.bury_points,
      pickerTricks: m.picker_side_tricks, alone: m.alone });
    return { kind: r.result, picker: r.picker * m.stakes, partner: r.partner * m.stakes, defender: r.defender * m.stakes };
  },
  cardPoints: (m) => ({ points: rules.cardPoints(lib(m.cards)) }),
});
