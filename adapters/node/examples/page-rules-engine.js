// The spec page's rules module (spec/ask-rules.js) as a protocol engine, through the Node helper:
// the direct queries only (no game flow), under every option of every axis. Run the suite with:
//   sheepshead-conformance run --engine "cmd:node adapters/node/examples/page-rules-engine.js"
"use strict";
const path = require("path");
const kit = require(path.join(__dirname, "..", "sheepshead-adapter.js"));
const rules = require(path.join(__dirname, "..", "..", "..", "spec", "ask-rules.js"));

// The axes the module's answers never read: a query's answer is the same under each option, so
// the engine plays them all. With rules.AXES this is every axis of spec/variants.yaml.
const UNREAD = {
  "all-pass": ["leaster", "doubler", "redeal", "schwanzer"],
  "leaster-blind": ["last-trick", "first-trick", "nobody"],
  "leaster-needs-trick": ["yes", "no"],
  "leaster-tie": ["no-exchange", "split", "random"],
  "call-timing": ["bury-then-call", "call-then-bury"],
  "doubler-stacking": ["queue", "single"],
  "all-pass-dealer": ["passes-left", "same-dealer"],
  cracking: ["off", "crack"],
  blitzing: ["off", "queens", "at-the-pick"],
  "revoke-penalty": ["loses-hand", "schneider", "redeal"],
  "schwanzer-tie": ["nobody", "highest-trump-pays", "all-tied-pay"],
};

kit.serve({
  name: "page-rules", version: "1.0",
  options: { ...rules.AXES, ...UNREAD },
  capabilities: ["trick-winner", "legal-plays", "callable-cards", "score", "card-points"],
  trickWinner: (m) => ({
    winner: rules.trickWinner(m.cards, m.options, { called: m.called, under: m.under, calledSuitLed: m.called_suit_led }),
  }),
  legalPlays: (m) => ({
    cards: rules.legalPlays({ hand: m.hand, trick: m.trick, trickNumber: m.trick_number, role: m.role,
      called: m.called, under: m.under, calledSuitLed: m.called_suit_led }, m.options),
  }),
  callableCards: (m) => rules.callableCards(m.hand, m.buried, m.options),
  score(m) {
    const r = rules.score({ trickPoints: m.picker_side_trick_points, buryPoints: m.bury_points,
      tricks: m.picker_side_tricks, alone: m.alone, stakes: m.stakes }, m.options);
    return { kind: r.kind, picker: r.picker, partner: r.partner, defender: r.defender, picker_side_points: r.sidePoints };
  },
  cardPoints: (m) => ({ points: rules.cardPoints(m.cards) }),
});
