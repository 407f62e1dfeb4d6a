// A stand-in Sheepshead rules library in the shape of the TypeScript libraries of public engines
// (notes/engine-shapes.md): pure functions, no game flow, cards spelled "10♦", "Q♣". Its rules are
// fixed and its own, written for the tests: the jacks rank clubs, spades, hearts, diamonds; a void
// player may play anything; a no-tricker is judged by tricks; a picker with nothing to call may
// call an ace under. It is told what it needs: the legal plays get the call (the called card, the
// under card, whether the called suit was led) and the trick number; the callable suits get the
// bury. One bug of its own is kept on purpose: getCallableSuits counts a buried ace among the
// picker's three aces (for a ten call) but checks only the hand before offering an ace, so an
// ace the picker buried can be called (call.not-own-card).
"use strict";

const TRUMP = ["Q♣", "Q♠", "Q♥", "Q♦", "J♣", "J♠", "J♥", "J♦", "A♦", "10♦", "K♦", "9♦", "8♦", "7♦"];
const FAIL = ["A", "10", "K", "9", "8", "7"];
const FAIL_SUITS = ["♣", "♠", "♥"];
const POINTS = { A: 11, 10: 10, K: 4, Q: 3, J: 2 };

const rank = (card) => card.slice(0, -1);
const suit = (card) => (TRUMP.includes(card) ? "trump" : card.slice(-1));

/** A call: `calledCard` ("A♥", "10♣"), `underCard` (the picker's card played as the called suit),
 *  `calledSuitLed` (the called suit was led in an earlier trick). The suit a card follows as. */
const suitIn = (call) => (card) => (call && call.underCard === card ? suit(call.calledCard) : suit(card));

/** The index of the winning card; an under card never wins. */
function determineTrickWinner(trick, call = null) {
  const suitOf = suitIn(call);
  const led = suitOf(trick[0]);
  const power = (card) =>
    call && card === call.underCard ? -1
      : TRUMP.includes(card) ? 100 - TRUMP.indexOf(card)
        : suitOf(card) === led ? 50 - FAIL.indexOf(rank(card)) : 0;
  return trick.reduce((best, card, index) => (power(card) > power(trick[best]) ? index : best), 0);
}

/** The cards `role` ("picker", "partner", "defender", "leaster") may play from `hand` on `trick`
 *  (the cards played so far, [] to lead) in trick `trickNumber` (1-6), with `call` as above (null
 *  when nobody is called). */
function getLegalPlays(hand, trick, role, trickNumber, call = null) {
  const suitOf = suitIn(call);
  const led = trick.length ? suitOf(trick[0]) : null;
  const follow = hand.filter((card) => suitOf(card) === led);
  let legal = follow.length ? follow : hand;
  if (!call || !call.calledCard || role === "leaster" || role === "defender") return legal;
  const keep = (ok) => {
    const kept = legal.filter(ok);
    if (kept.length) legal = kept;
  };
  const called = call.calledCard, calledSuit = suit(called);
  const firstLead = !call.calledSuitLed && led === calledSuit;
  const throwOff = !call.calledSuitLed && led !== null && led !== calledSuit && trickNumber < 6;
  if (role === "picker" && throwOff) {
    const hold = hand.filter((card) => suitOf(card) === calledSuit);
    if (hold.length === 1) keep((card) => card !== hold[0]); // the hold card stays for the first lead
  }
  if (role === "partner" && hand.includes(called)) {
    if (firstLead) keep((card) => card === called);
    if (throwOff) keep((card) => card !== called);
    if (!call.calledSuitLed && led === null) keep((card) => suit(card) !== calledSuit || card === called);
  }
  return legal;
}

/** The calls open to a picker holding `hand` who buried `buried`: `rank` "A" or "10" with the
 *  `suits` callable, and `underSuits`, the aces callable under when nothing else is. */
function getCallableSuits(hand, buried) {
  const own = [...hand, ...buried];
  const holds = (s) => hand.some((card) => suit(card) === s);
  const allAces = FAIL_SUITS.every((s) => own.includes(`A${s}`));
  const rankToCall = allAces ? "10" : "A";
  const mine = allAces ? own : hand; // the planted bug: an ace is looked for in the hand only, not the bury
  const suits = FAIL_SUITS.filter((s) => holds(s) && !mine.includes(`${rankToCall}${s}`));
  const underSuits = suits.length ? [] : FAIL_SUITS.filter((s) => !holds(s) && !own.includes(`A${s}`));
  return { rank: rankToCall, suits, underSuits };
}

function calculateHandScore({ pickerPoints, pickerTricks, alone }) {
  const unit = pickerTricks === 6 ? 3 : pickerTricks === 0 ? -3 : pickerPoints >= 91 ? 2 : pickerPoints >= 61 ? 1 : pickerPoints >= 31 ? -1 : -2;
  const result = { 3: "all-tricks", 2: "schneider", 1: "win", [-1]: "loss", [-2]: "schneidered", [-3]: "no-tricks" }[unit];
  return { result, picker: (alone ? 4 : 2) * unit, partner: alone ? 0 : unit, defender: -unit };
}

const cardPoints = (cards) => cards.reduce((sum, card) => sum + (POINTS[rank(card)] || 0), 0);

module.exports = { determineTrickWinner, getLegalPlays, getCallableSuits, calculateHandScore, cardPoints };
