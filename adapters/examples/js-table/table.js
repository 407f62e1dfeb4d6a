// A stand-in Sheepshead engine in the shape of the JavaScript table classes of public engines
// (notes/engine-shapes.md): one object per table, seats 0-4 (seat 0 is the dealer's left), card
// ids like "10_diamonds", the picker calls an ace by suit *before* burying, and every method
// returns {success, error}. Its rules are fixed and its own (written for the tests, not taken
// from the reference engine): the jacks rank clubs, spades, hearts, diamonds; a void player may
// play anything; with no callable ace the picker must go alone; a leaster's blind goes to the
// last trick's winner, the winner must have taken a trick, and a tie scores nothing.
"use strict";

const POINTS = { ace: 11, 10: 10, king: 4, queen: 3, jack: 2, 9: 0, 8: 0, 7: 0 };
const FAIL_ORDER = ["ace", "10", "king", "9", "8", "7"];
const TRUMP_ORDER = ["queen_clubs", "queen_spades", "queen_hearts", "queen_diamonds", "jack_clubs", "jack_spades",
  "jack_hearts", "jack_diamonds", "ace_diamonds", "10_diamonds", "king_diamonds", "9_diamonds", "8_diamonds", "7_diamonds"];

const rankOf = (id) => id.split("_")[0];
const suitOf = (id) => id.split("_")[1];
const isTrump = (id) => TRUMP_ORDER.includes(id);
const followSuit = (id) => (isTrump(id) ? "trump" : suitOf(id));
const points = (ids) => ids.reduce((sum, id) => sum + POINTS[rankOf(id)], 0);
const power = (id, led) => (isTrump(id) ? 100 - TRUMP_ORDER.indexOf(id) : suitOf(id) === led ? 50 - FAIL_ORDER.indexOf(rankOf(id)) : 0);

class Table {
  constructor(hands, blind) {
    this.hands = hands.map((h) => [...h]); // hands[0] belongs to the dealer's left
    this.blind = [...blind];
    this.phase = "auction"; // auction, call, bury, play, done
    this.current = 0;
    this.passes = 0;
    this.picker = null;
    this.partner = null;
    this.calledCard = null;
    this.alone = false;
    this.buried = [];
    this.trick = []; // [seat, id]
    this.tricks = []; // {leader, cards, winner, points}
    this.calledLed = false;
    this.leaster = false;
    this.scores = null;
  }

  fail(error) { return { success: false, error }; }

  pick(seat, wantsIt) {
    if (this.phase !== "auction") return this.fail("the auction is over");
    if (seat !== this.current) return this.fail(`it is seat ${this.current}'s turn`);
    if (wantsIt) {
      this.picker = seat;
      this.hands[seat].push(...this.blind);
      this.phase = "call";
      return { success: true };
    }
    this.passes += 1;
    this.current = (seat + 1) % 5;
    if (this.passes === 5) { this.leaster = true; this.phase = "play"; this.current = 0; }
    return { success: true };
  }

  callableSuits(seat) {
    const hand = this.hands[seat];
    return ["clubs", "spades", "hearts"].filter((suit) => !hand.includes(`ace_${suit}`) &&
      hand.some((id) => !isTrump(id) && suitOf(id) === suit));
  }

  callAce(seat, suit, goAlone) {
    if (this.phase !== "call" || seat !== this.picker) return this.fail("only the picker calls, right after picking");
    if (goAlone) { this.alone = true; this.phase = "bury"; return { success: true }; }
    if (!this.callableSuits(seat).includes(suit)) return this.fail(`the ace of ${suit} cannot be called`);
    this.calledCard = `ace_${suit}`;
    this.partner = this.hands.findIndex((hand) => hand.includes(this.calledCard));
    this.phase = "bury";
    return { success: true };
  }

  bury(seat, ids) {
    if (this.phase !== "bury" || seat !== this.picker) return this.fail("only the picker buries, after calling");
    const hand = this.hands[seat];
    if (ids.length !== 2 || ids[0] === ids[1] || !ids.every((id) => hand.includes(id))) return this.fail("bury two cards you hold");
    const rest = hand.filter((id) => !ids.includes(id));
    if (this.calledCard && !rest.some((id) => !isTrump(id) && suitOf(id) === suitOf(this.calledCard))) {
      return this.fail("keep a card of the called suit");
    }
    this.hands[seat] = rest;
    this.buried = [...ids];
    this.phase = "play";
    this.current = 0;
    return { success: true };
  }

  legalCards(seat) {
    const hand = this.hands[seat];
    const called = this.calledCard, calledSuit = called && suitOf(called);
    if (this.trick.length === 0) {
      if (seat === this.partner && !this.calledLed) {
        return hand.filter((id) => id === called || isTrump(id) || suitOf(id) !== calledSuit);
      }
      return hand;
    }
    const led = followSuit(this.trick[0][1]);
    const follow = hand.filter((id) => followSuit(id) === led);
    if (follow.length) {
      if (seat === this.partner && led === calledSuit && follow.includes(called)) return [called];
      return follow;
    }
    let legal = [...hand];
    if (called && !this.calledLed && this.tricks.length < 5) {
      if (seat === this.picker) {
        const hold = hand.filter((id) => followSuit(id) === calledSuit);
        if (hold.length === 1) legal = legal.filter((id) => id !== hold[0]);
      } else if (seat === this.partner) {
        legal = legal.filter((id) => id !== called);
      }
    }
    return legal;
  }

  playCard(seat, id) {
    if (this.phase !== "play") return this.fail("not the time to play");
    if (seat !== this.current) return this.fail(`it is seat ${this.current}'s turn`);
    if (!this.legalCards(seat).includes(id)) return this.fail(`${id} may not be played now`);
    this.hands[seat] = this.hands[seat].filter((card) => card !== id);
    if (this.trick.length === 0 && this.calledCard && followSuit(id) === suitOf(this.calledCard)) this.calledLed = true;
    this.trick.push([seat, id]);
    if (this.trick.length < 5) { this.current = (seat + 1) % 5; return { success: true }; }
    const led = followSuit(this.trick[0][1]);
    const [winner] = this.trick.reduce((best, play) => (power(play[1], led) > power(best[1], led) ? play : best));
    const cards = this.trick.map(([, card]) => card);
    this.tricks.push({ leader: this.trick[0][0], cards, winner, points: points(cards) });
    this.trick = [];
    this.current = winner;
    if (this.tricks.length === 6) this.finish();
    return { success: true };
  }

  finish() {
    this.phase = "done";
    const won = [0, 0, 0, 0, 0], taken = [0, 0, 0, 0, 0];
    for (const t of this.tricks) { won[t.winner] += t.points; taken[t.winner] += 1; }
    if (this.leaster) {
      won[this.tricks[5].winner] += points(this.blind);
      const eligible = [0, 1, 2, 3, 4].filter((s) => taken[s] > 0);
      const fewest = Math.min(...eligible.map((s) => won[s]));
      const winners = eligible.filter((s) => won[s] === fewest);
      this.scores = winners.length === 1 ? won.map((_, s) => (s === winners[0] ? 4 : -1)) : [0, 0, 0, 0, 0];
      this.seatPoints = won;
      return;
    }
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
