// A stand-in Sheepshead rules library in the shape of the TypeScript libraries of public engines
// (notes/engine-shapes.md): pure functions, no game flow, cards spelled "10♦", "Q♣". Its rules are
// fixed and its own, written for the tests: the jacks rank clubs, spades, hearts, diamonds; a void
// player may play anything; a no-tricker is judged by tricks. Like the libraries it mimics, it is
// told too little for two duties: getLegalPlays does not know whether the called suit was led, so
// it leaves out the hold-card and called-card duties when void, and keeps the partner's duty to
// lead the called card after the suit was led; getCallableSuits sees only the hand, not the bury,
// and knows no ten calls.
"use strict";

const TRUMP = ["Q♣", "Q♠", "Q♥", "Q♦", "J♣", "J♠", "J♥", "J♦", "A♦", "10♦", "K♦", "9♦", "8♦", "7♦"];
const FAIL = ["A", "10", "K", "9", "8", "7"];
const POINTS = { A: 11, 10: 10, K: 4, Q: 3, J: 2 };

const rank = (card) => card.slice(0, -1);
const suit = (card) => (TRUMP.includes(card) ? "trump" : card.slice(-1));

function determineTrickWinner(trick) {
  const led = suit(trick[0]);
  const power = (card) => (TRUMP.includes(card) ? 100 - TRUMP.indexOf(card) : suit(card) === led ? 50 - FAIL.indexOf(rank(card)) : 0);
  return trick.reduce((best, card, index) => (power(card) > power(trick[best]) ? index : best), 0);
}

function getLegalPlays(hand, trick, calledAce, isPicker, isPartner) {
  if (trick.length === 0) {
    if (isPartner && calledAce) return hand.filter((c) => c === calledAce || suit(c) !== suit(calledAce));
    return hand;
  }
  const follow = hand.filter((c) => suit(c) === suit(trick[0]));
  if (follow.length && isPartner && follow.includes(calledAce)) return [calledAce];
  return follow.length ? follow : hand;
}

function getCallableSuits(hand) {
  return ["♣", "♠", "♥"].filter((s) => !hand.includes(`A${s}`) && hand.some((c) => suit(c) === s));
}

function calculateHandScore({ pickerPoints, pickerTricks, alone }) {
  const unit = pickerTricks === 6 ? 3 : pickerTricks === 0 ? -3 : pickerPoints >= 91 ? 2 : pickerPoints >= 61 ? 1 : pickerPoints >= 31 ? -1 : -2;
  const result = { 3: "all-tricks", 2: "schneider", 1: "win", [-1]: "loss", [-2]: "schneidered", [-3]: "no-tricks" }[unit];
  return { result, picker: (alone ? 4 : 2) * unit, partner: alone ? 0 : unit, defender: -unit };
}

const cardPoints = (cards) => cards.reduce((sum, card) => sum + (POINTS[rank(card)] || 0), 0);

module.exports = { determineTrickWinner, getLegalPlays, getCallableSuits, calculateHandScore, cardPoints };
