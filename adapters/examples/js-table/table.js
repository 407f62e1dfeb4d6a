// A stand-in Sheepshead engine in the shape of the JavaScript table classes of public engines
// (notes/engine-shapes.md), with their awkward habits:
// - one object per table, seats 0-4 (seat 0 is the dealer's left), every method returns
//   {success, error};
// - cards are objects {rank, suit, id} ({rank: "10", suit: "diamonds", id: 25}) from Table.deck();
// - the picker calls a *suit* before burying, and the table picks the card of that suit itself:
//   the ace, or the ten when the picker holds that ace;
// - it changes its state before it refuses: a refused play has already left the hand, a refused
//   bury has already taken both cards out, and neither is put back;
// - it lists only the legal cards of a play: nothing in the auction, the call or the bury.
// Its rules are fixed and its own (written for the tests, not taken from the reference engine):
// the jacks rank clubs, spades, hearts, diamonds; a void player may play anything; with no
// callable suit the picker must go alone; when all pass, the hand is not played but is a
// schwanzer: the most trump power in the six cards dealt (3 per queen, 2 per jack, 1 per other
// diamond) pays 4, the others gain 1, and a tie scores nothing. Its one deviation: a ten is called
// when the picker holds that suit's ace, where the rule (call.ten-when-all-aces) wants all three.
"use strict";

const RANKS = ["ace", "10", "king", "queen", "jack", "9", "8", "7"];
const SUITS = ["clubs", "spades", "hearts", "diamonds"];
const POINTS = { ace: 11, 10: 10, king: 4, queen: 3, jack: 2, 9: 0, 8: 0, 7: 0 };
const FAIL_ORDER = ["ace", "10", "king", "9", "8", "7"];
const TRUMP_ORDER = ["queen_clubs", "queen_spades", "queen_hearts", "queen_diamonds", "jack_clubs", "jack_spades",
  "jack_hearts", "jack_diamonds", "ace_diamonds", "10_diamonds", "king_diamonds", "9_diamonds", "8_diamonds", "7_diamonds"];

const key = (card) => `${card.rank}_${card.suit}`;
const same = (a, b) => a.id === b.id;
const isTrump = (card) => TRUMP_ORDER.includes(key(card));
const followSuit = (card) => (isTrump(card) ? "trump" : card.suit);
const points = (cards) => cards.reduce((sum, card) => sum + POINTS[card.rank], 0);
const power = (card, led) => (isTrump(card) ? 100 - TRUMP_ORDER.indexOf(key(card))
  : card.suit === led ? 50 - FAIL_ORDER.indexOf(card.rank) : 0);

class Table {
  /** The 32 cards, each an object {rank, suit, id}. */
  static deck() {
    return SUITS.flatMap((suit, s) => RANKS.map((rank, r) => ({ rank, suit, id: 8 * s + r })));
  }

  constructor(hands, blind) {
    this.hands = hands.map((h) => [...h]); // hands[0] belongs to the dealer's left
    this.dealt = hands.map((h) => [...h]);
    this.blind = [...blind];
    this.phase = "auction"; // auction, call, bury, play, done
    this.current = 0; // the seat to act, in every phase
    this.passes = 0;
    this.picker = null;
    this.partner = null;
    this.calledCard = null;
    this.alone = false;
    this.buried = [];
    this.trick = []; // [seat, card]
    this.tricks = []; // {leader, cards, winner, points}
    this.calledLed = false;
    this.schwanzer = false;
    this.scores = null;
    this.history = []; // {seat, type, cards}: what the table did
  }

  fail(error) { return { success: false, error }; }

  done(seat, type, cards = []) {
    this.history.push({ seat, type, cards });
    return { success: true, cards };
  }

  pick(seat) {
    if (this.phase !== "auction" || seat !== this.current) return this.fail("not your turn to pick");
    this.picker = seat;
    this.hands[seat].push(...this.blind);
    this.phase = "call";
    return this.done(seat, "pick");
  }

  pass(seat) {
    if (this.phase !== "auction" || seat !== this.current) return this.fail("not your turn to pass");
    this.passes += 1;
    this.current = (seat + 1) % 5;
    if (this.passes === 5) this.showHands();
    return this.done(seat, "pass");
  }

  /** The suits the picker may call: a fail suit it holds a card of, unless it holds both the
   *  ace and the ten (the table would call the ten, and a called card must not be the picker's). */
  callableSuits(seat) {
    const holds = (rank, suit) => this.hands[seat].some((c) => c.rank === rank && c.suit === suit);
    return ["clubs", "spades", "hearts"].filter((suit) => this.hands[seat].some((c) => !isTrump(c) && c.suit === suit)
      && !(holds("ace", suit) && holds("10", suit)));
  }

  /** Call a suit: the table calls its ace, or its ten when the picker holds the ace. */
  callSuit(seat, suit) {
    if (this.phase !== "call" || seat !== this.picker) return this.fail("only the picker calls, right after picking");
    if (!this.callableSuits(seat).includes(suit)) return this.fail(`no card of ${suit} can be called`);
    const rank = this.hands[seat].some((c) => c.rank === "ace" && c.suit === suit) ? "10" : "ace";
    this.calledCard = Table.deck().find((c) => c.rank === rank && c.suit === suit);
    this.partner = this.hands.findIndex((h) => h.some((c) => same(c, this.calledCard)));
    this.phase = "bury";
    return this.done(seat, "call", [this.calledCard]);
  }

  goAlone(seat) {
    if (this.phase !== "call" || seat !== this.picker) return this.fail("only the picker goes alone, right after picking");
    this.alone = true;
    this.phase = "bury";
    return this.done(seat, "alone");
  }

  bury(seat, cards) {
    if (this.phase !== "bury" || seat !== this.picker) return this.fail("only the picker buries, after calling");
    const hand = this.hands[seat];
    if (cards.length !== 2 || same(cards[0], cards[1]) || !cards.every((c) => hand.some((h) => same(h, c)))) {
      return this.fail("bury two cards you hold");
    }
    this.hands[seat] = hand.filter((h) => !cards.some((c) => same(c, h))); // taken out before the check below
    const called = this.calledCard;
    if (called && !this.hands[seat].some((c) => !isTrump(c) && c.suit === called.suit)) {
      return this.fail("keep a card of the called suit"); // ... and not given back
    }
    this.buried = [...cards];
    this.phase = "play";
    this.current = 0;
    return this.done(seat, "bury", cards);
  }

  legalCards(seat) {
    const hand = this.hands[seat];
    const called = this.calledCard, calledSuit = called && called.suit;
    const isCalled = (c) => called && same(c, called);
    if (this.trick.length === 0) {
      if (seat === this.partner && !this.calledLed) return hand.filter((c) => isCalled(c) || isTrump(c) || c.suit !== calledSuit);
      return hand;
    }
    const led = followSuit(this.trick[0][1]);
    const follow = hand.filter((c) => followSuit(c) === led);
    if (follow.length) {
      if (seat === this.partner && led === calledSuit && follow.some(isCalled)) return follow.filter(isCalled);
      return follow;
    }
    let legal = [...hand];
    if (called && !this.calledLed && this.tricks.length < 5) {
      if (seat === this.picker) {
        const hold = hand.filter((c) => followSuit(c) === calledSuit);
        if (hold.length === 1) legal = legal.filter((c) => !same(c, hold[0]));
      } else if (seat === this.partner) {
        legal = legal.filter((c) => !isCalled(c));
      }
    }
    return legal;
  }

  play(seat, card) {
    if (this.phase !== "play") return this.fail("not the time to play");
    if (seat !== this.current) return this.fail(`it is seat ${this.current}'s turn`);
    const legal = this.legalCards(seat);
    this.hands[seat] = this.hands[seat].filter((c) => !same(c, card)); // the card leaves the hand first
    if (!legal.some((c) => same(c, card))) return this.fail(`the ${key(card)} may not be played now`);
    if (this.trick.length === 0 && this.calledCard && followSuit(card) === this.calledCard.suit) this.calledLed = true;
    this.trick.push([seat, card]);
    this.done(seat, "play", [card]);
    if (this.trick.length < 5) { this.current = (seat + 1) % 5; return { success: true }; }
    const led = followSuit(this.trick[0][1]);
    const [winner] = this.trick.reduce((best, play) => (power(play[1], led) > power(best[1], led) ? play : best));
    const cards = this.trick.map(([, c]) => c);
    this.tricks.push({ leader: this.trick[0][0], cards, winner, points: points(cards) });
    this.trick = [];
    this.current = winner;
    if (this.tricks.length === 6) this.finish();
    return { success: true };
  }

  /** All passed: a schwanzer, the hands shown and not played. */
  showHands() {
    this.phase = "done";
    this.schwanzer = true;
    const power = this.dealt.map((hand) => hand.reduce((sum, c) => sum
      + (c.rank === "queen" ? 3 : c.rank === "jack" ? 2 : c.suit === "diamonds" ? 1 : 0), 0));
    const most = power.filter((p) => p === Math.max(...power));
    const payer = power.indexOf(Math.max(...power));
    this.scores = most.length === 1 ? power.map((_, s) => (s === payer ? -4 : 1)) : [0, 0, 0, 0, 0];
  }

  finish() {
    this.phase = "done";
    const won = [0, 0, 0, 0, 0], taken = [0, 0, 0, 0, 0];
    for (const t of this.tricks) { won[t.winner] += t.points; taken[t.winner] += 1; }
    const side = [this.picker, ...(this.partner !== null && this.partner !== this.picker ? [this.partner] : [])];
    const sidePoints = side.reduce((sum, s) => sum + won[s], 0) + points(this.buried);
    const sideTricks = side.reduce((sum, s) => sum + taken[s], 0);
    const unit = sideTricks === 6 ? 3 : sideTricks === 0 ? -3 : sidePoints >= 91 ? 2 : sidePoints >= 61 ? 1 : sidePoints >= 31 ? -1 : -2;
    this.kind = { 3: "all-tricks", 2: "schneider", 1: "win", [-1]: "loss", [-2]: "schneidered", [-3]: "no-tricks" }[unit];
    this.scores = [0, 1, 2, 3, 4].map((s) => (s === this.picker ? (this.alone ? 4 : 2) * unit : s === this.partner ? unit : -unit));
    this.sidePoints = sidePoints;
    this.sideTricks = sideTricks;
  }
}

module.exports = { Table };
