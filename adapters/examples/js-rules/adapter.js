// Example adapter: a rules library without a game flow (adapters/examples/js-rules/rules.js),
// answering only the direct queries. Run it as:
//   sheepshead-conformance run --engine "cmd:node adapters/examples/js-rules/adapter.js"
"use strict";
const path = require("path");
const kit = require(path.join(__dirname, "..", "..", "node", "sheepshead-adapter.js"));
const rules = require(path.join(__dirname, "rules.js"));

const OPTIONS = {
  "jack-order": ["clubs-first"], "void-play": ["free"], "defender-sweep": ["shared"], "no-tricker": ["tricks"],
  "double-on-the-bump": ["off"], "all-pass": ["leaster"], "leaster-blind": ["last-trick"],
  "leaster-needs-trick": ["yes"], "leaster-tie": ["no-exchange"], "called-ten-rank": ["normal"],
  "no-callable-suit": ["alone"], "bury-on-no-trick": ["picker"], "call-timing": ["bury-then-call"],
  "called-suit-lead": ["any-time"], "doubler-stacking": ["queue"], "all-pass-dealer": ["passes-left"],
};
const lib = (cards) => cards.map((c) => kit.cardToEngine(c, "symbols")); // "10♦"
const ours = (cards) => cards.map(kit.cardFromEngine);

kit.serve({
  name: "js-rules", version: "1.0", options: OPTIONS,
  capabilities: ["trick-winner", "legal-plays", "callable-cards", "score", "card-points"],
  trickWinner: (m) => ({ winner: rules.determineTrickWinner(lib(m.cards)) }),
  legalPlays: (m) => ({
    cards: ours(rules.getLegalPlays(lib(m.hand), lib(m.trick), m.called && lib([m.called])[0], m.role === "picker",
      m.role === "partner")),
  }),
  callableCards: (m) => ({ calls: rules.getCallableSuits(lib(m.hand)).map((s) => kit.cardFromEngine(`A${s}`)), under: [] }),
  score(m) {
    const r = rules.calculateHandScore({ pickerPoints: m.picker_side_trick_points + m.bury_points,
      pickerTricks: m.picker_side_tricks, alone: m.alone });
    return { kind: r.result, picker: r.picker * m.stakes, partner: r.partner * m.stakes, defender: r.defender * m.stakes };
  },
  cardPoints: (m) => ({ points: rules.cardPoints(lib(m.cards)) }),
});
