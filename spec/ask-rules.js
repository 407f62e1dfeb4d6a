// The rules the spec page's "Ask" panel answers, in one dependency-free file: the legal plays
// of a seat in a described position, a trick's winner, card points, the calls open to a picker,
// and the score of a described result, under every option of the variant axes those answers
// depend on. Written from spec/rules.yaml and spec/variants.yaml (the rule ids are named where
// they apply), independently of the Python reference engine; the conformance suite judges it
// through adapters/node/examples/page-rules-engine.js (tests/kit/test_page_rules.py).
//
// Cards are the spec's two-character codes (QC, TD, 7H: rank A T K Q J 9 8 7, suit C S H D).
// Every function takes `options`, {axis-id: option-id} of spec/variants.yaml; an axis left out
// is read at its default (the first option in AXES), an unknown option is refused (RangeError).
//
// In a browser it is `globalThis.SheepsheadRules`; under Node, `require("…/ask-rules.js")`.
// The page inlines it in a <script> element, so it must never hold the text "</" + "script".
(function () {
  "use strict";

  // ------------------------------------------------------------- the axes the answers read

  /** Every axis these answers depend on, with its options, the default first. */
  const AXES = {
    "jack-order": ["clubs-first", "spades-first"], // ranking.trump-order
    "called-ten-rank": ["normal", "wins-suit", "until-led"], // trick.called-ten-rank
    "void-play": ["free", "must-trump"], // play.void-in-led-suit
    "called-suit-lead": ["any-time", "after-first-lead"], // play.picker-leads-called-suit
    "ten-call-hold": ["any-card", "the-ace"], // play.ace-kept-for-called-ten
    "ten-call-ace": ["hand-or-bury", "in-hand"], // call.ten-when-all-aces
    "no-callable-suit": ["under", "alone"], // call.no-callable-suit, call.under-card
    "schneider-line": ["ninety-one", "ninety"], // scoring.schneider-thresholds
    "no-tricker": ["tricks", "points"], // scoring.all-tricks, scoring.no-tricks
    "defender-sweep": ["shared", "partner-off-hook"], // scoring.no-tricks
    "double-on-the-bump": ["off", "on"], // scoring.double-on-the-bump
    "bury-on-no-trick": ["picker", "defenders", "no-trick-points"], // points.side-totals
    "stakes-cap": ["none", "sixteen", "sixty-four-with-tiers"], // crack.cap
  };

  /** The option chosen on `axis`: the default when `options` leaves it out. */
  function option(options, axis) {
    const chosen = options && options[axis] !== undefined && options[axis] !== null ? options[axis] : AXES[axis][0];
    if (!AXES[axis].includes(chosen)) throw new RangeError(`unknown option ${axis}=${chosen}`);
    return chosen;
  }

  // ------------------------------------------------------------- cards

  const FAIL_SUITS = ["C", "S", "H"];
  const FAIL_ORDER = ["A", "T", "K", "9", "8", "7"]; // ranking.fail-order, ranking.fail-king-below-ten
  const VALUES = { A: 11, T: 10, K: 4, Q: 3, J: 2 }; // points.card-values (nines, eights, sevens 0)

  function check(card) {
    if (typeof card !== "string" || !/^[AKQJT987][CSHD]$/.test(card)) throw new TypeError(`not a card code: ${card}`);
    return card;
  }

  /** The fourteen trumps, highest first (deck.trump-cards, ranking.trump-order). */
  function trumpOrder(options) {
    const jacks = option(options, "jack-order") === "clubs-first" ? ["JC", "JS"] : ["JS", "JC"];
    return ["QC", "QS", "QH", "QD", ...jacks, "JH", "JD", "AD", "TD", "KD", "9D", "8D", "7D"];
  }

  /** Queens, jacks and diamonds are trump, one suit (deck.trump-is-one-suit). */
  const isTrump = (card) => card[0] === "Q" || card[0] === "J" || card[1] === "D";

  /** The suit a card belongs to for following and winning: "T" for trump, else its fail suit;
   *  the under card of an under call belongs to the called suit (call.under-card). */
  function suitOf(card, call) {
    if (call && call.under && card === call.under) return call.called[1];
    return isTrump(card) ? "T" : card[1];
  }

  /** The card points of some cards (points.card-values, points.same-in-every-suit). */
  function cardPoints(cards) {
    return cards.reduce((sum, card) => sum + (VALUES[check(card)[0]] || 0), 0);
  }

  // ------------------------------------------------------------- who wins a trick

  /**
   * The index, in play order, of the card that wins a trick of one to five cards, the first led.
   * `call` ({called, under, calledSuitLed}, any of them left out) describes the call: a called
   * ten may win its suit (trick.called-ten-rank: always under wins-suit; under until-led only in
   * the trick that leads its suit for the first time, so not when `calledSuitLed` says the suit
   * was led in an earlier trick), an under card never wins (trick.under-never-wins).
   */
  function trickWinner(cards, options, call) {
    if (!Array.isArray(cards) || cards.length < 1 || cards.length > 5 || new Set(cards).size !== cards.length) {
      throw new RangeError("a trick holds one to five different cards");
    }
    cards.forEach(check);
    const trumps = trumpOrder(options);
    const called = (call && call.called) || null;
    const under = (called && call.under) || null;
    const rank = option(options, "called-ten-rank");
    const ledBefore = Boolean(call && call.calledSuitLed);
    const tenWins = (rank === "wins-suit" || (rank === "until-led" && !ledBefore)) && called !== null && called[0] === "T";
    const led = suitOf(cards[0], { called, under });
    // A card's power in this trick: any trump beats every fail card (trick.highest-trump-wins,
    // ranking.trump-beats-fail); without trump the led suit wins, other fail suits never
    // (trick.highest-of-led-suit-wins, ranking.fail-suits-equal); the under card is below all.
    const power = (card) => {
      if (card === under) return -1;
      if (isTrump(card)) return 100 + (trumps.length - trumps.indexOf(card));
      if (card[1] !== led) return 0;
      if (tenWins && card === called) return 50 + FAIL_ORDER.length + 1; // above its suit's ace
      return 50 + (FAIL_ORDER.length - FAIL_ORDER.indexOf(card[0]));
    };
    // On equal power the earlier card stays ahead. That matters only when no card can win by the
    // rules above: an under card led (a card of the called suit) that nobody follows nor trumps,
    // which a whole hand never shows (the partner keeps the called card for that lead). The
    // under card still does not win; the first card played after it does (the spec names none).
    let best = 0;
    cards.forEach((card, index) => {
      if (power(card) > power(cards[best])) best = index;
    });
    return best;
  }

  // ------------------------------------------------------------- legal plays

  /**
   * The cards a seat may play in a described position of the play phase:
   *   hand          the cards it holds (a picker who called under still holds its under card)
   *   trick         the cards already played to this trick, the led card first ([] to lead)
   *   trickNumber   1 to 6
   *   role          "picker", "partner" (holds, or held, the called card), "defender", "leaster"
   *   called        the called card (null: the picker is alone, or nobody picked)
   *   under         the under card of an under call, else null
   *   calledSuitLed whether the called suit was led in an earlier trick
   * The answer keeps the hand's order.
   */
  function legalPlays(position, options) {
    const hand = position.hand.map(check);
    const trick = (position.trick || []).map(check);
    const last = position.trickNumber === 6;
    const role = position.role;
    const called = role !== "leaster" && position.called ? check(position.called) : null;
    const call = called ? { called, under: position.under || null } : null;
    const suit = (card) => suitOf(card, call);
    const led = trick.length ? suit(trick[0]) : null;

    // Following: a card of the led suit if held, trump included (play.follow-suit,
    // play.follow-trump); void, any card (play.void-in-led-suit), or a trump under must-trump
    // when a fail suit was led and the seat holds one.
    let legal = hand;
    if (led !== null) {
      const following = hand.filter((card) => suit(card) === led);
      const trumps = hand.filter((card) => suit(card) === "T");
      if (following.length) legal = following;
      else if (led !== "T" && trumps.length && option(options, "void-play") === "must-trump") legal = trumps;
    }
    if (!call) return legal; // a leaster or an alone hand: no duties around a called card

    // The duties around the called card, each narrowing the plays, only before the called suit's
    // first lead (or on it). A duty never takes a seat's last possible play away (in a position
    // a hand can reach it never has to).
    const calledSuit = called[1];
    const firstLead = !position.calledSuitLed && led === calledSuit; // this trick is the suit's first lead
    const before = !position.calledSuitLed && !firstLead; // the suit not led yet
    const throwOff = led !== null && led !== calledSuit; // a card on a trick of another suit
    const ofSuit = hand.filter((card) => suit(card) === calledSuit);
    const narrow = (keep) => {
      const kept = legal.filter(keep);
      if (kept.length) legal = kept;
    };

    if (role === "picker") {
      // After a ten call under ten-call-hold the-ace, the hold card is the ace of the ten's suit
      // (play.ace-kept-for-called-ten); otherwise any card of the called suit, the under card
      // after an under call (play.hold-card-kept).
      const ace = `A${calledSuit}`;
      const theAce = called[0] === "T" && option(options, "ten-call-hold") === "the-ace" && hand.includes(ace);
      if (before && throwOff && !last) {
        // play.hold-card-kept: one card of the suit stays in hand (the ace itself, under the-ace).
        if (theAce) narrow((card) => card !== ace);
        else if (ofSuit.length === 1) narrow((card) => card !== ofSuit[0]);
      }
      if (firstLead && theAce) narrow((card) => card === ace); // the ace falls on the first lead
      if (before && led === null) {
        // play.picker-leads-called-suit: under after-first-lead, no lead of the called suit
        // before another player has led it, but in the last trick or holding nothing else.
        const onlySuit = ofSuit.length === hand.length;
        if (option(options, "called-suit-lead") === "after-first-lead" && !last && !onlySuit) {
          narrow((card) => suit(card) !== calledSuit);
        }
        if (theAce) narrow((card) => suit(card) !== calledSuit || card === ace); // lead the suit with the ace
      }
    } else if (role === "partner" && hand.includes(called)) {
      // play.partner-keeps-called-card: not thrown off before the suit is led, but in the last trick.
      if (before && throwOff && !last) narrow((card) => card !== called);
      // play.partner-plays-called-card: it falls on the suit's first lead.
      if (firstLead) narrow((card) => card === called);
      // play.partner-leads-called-card: a lead of the suit before its first lead is the called card.
      if (before && led === null) narrow((card) => suit(card) !== calledSuit || card === called);
    }
    return legal;
  }

  // ------------------------------------------------------------- calls

  /**
   * The calls open to a picker holding `hand` who buried `buried` ([] when the call comes before
   * the bury; `hand` then holds all eight cards): {calls, under}, `under` being the aces it may
   * call with an under card. Going alone is always open and not listed.
   */
  function callableCards(hand, buried, options) {
    hand.forEach(check);
    (buried || []).forEach(check);
    const own = new Set([...hand, ...(buried || [])]); // hand and bury are the picker's own (call.not-own-card)
    const holds = (suit) => hand.some((card) => !isTrump(card) && card[1] === suit);
    // call.ace-of-held-fail-suit: the ace of a fail suit held in hand, not the picker's own.
    let calls = FAIL_SUITS.filter((suit) => !own.has(`A${suit}`) && holds(suit)).map((suit) => `A${suit}`);
    if (FAIL_SUITS.every((suit) => own.has(`A${suit}`))) {
      // call.ten-when-all-aces: with the three fail aces, the ten of a suit held in hand, not
      // the picker's own; its ace in hand, not buried, under ten-call-ace in-hand and under
      // ten-call-hold the-ace (where that ace is the hold card).
      const aceInHand =
        option(options, "ten-call-ace") === "in-hand" || option(options, "ten-call-hold") === "the-ace";
      calls = FAIL_SUITS.filter(
        (suit) => !own.has(`T${suit}`) && holds(suit) && (!aceInHand || hand.includes(`A${suit}`)),
      ).map((suit) => `T${suit}`);
    }
    // call.no-callable-suit, call.under-card: with no ace or ten to call, under the option
    // `under` the ace of a suit the picker holds no card of, and that is not its own.
    let under = [];
    if (!calls.length && option(options, "no-callable-suit") === "under") {
      under = FAIL_SUITS.filter((suit) => !own.has(`A${suit}`) && !holds(suit)).map((suit) => `A${suit}`);
    }
    return { calls, under };
  }

  // ------------------------------------------------------------- scoring

  const UNITS = { "all-tricks": 3, schneider: 2, win: 1, loss: -1, schneidered: -2, "no-tricks": -3 };

  /**
   * The outcome class and each role's score change of a described result of a hand with a picker:
   *   trickPoints  card points the picker's side took in tricks (the bury not included)
   *   buryPoints   card points of the two buried cards
   *   tricks       tricks the picker's side took, 0 to 6
   *   alone        whether the picker played alone
   *   stakes       the hand's multiplier before double on the bump (a doubler, cracks, blitzes)
   * Answers {kind, picker, partner, defender (each defender's change), sidePoints}.
   */
  function score(result, options) {
    const { trickPoints, buryPoints, tricks } = result;
    const stakes = result.stakes === undefined ? 1 : result.stakes;
    // points.side-totals: the bury counts for the picker's side, unless bury-on-no-trick gives
    // it to the defenders when the side took no trick, or no card points in tricks.
    const forfeit = option(options, "bury-on-no-trick");
    const buryLost = (forfeit === "defenders" && tricks === 0) || (forfeit === "no-trick-points" && trickPoints === 0);
    const sidePoints = trickPoints + (buryLost ? 0 : buryPoints);

    let kind;
    if (option(options, "no-tricker") === "tricks" && (tricks === 6 || tricks === 0)) {
      kind = tricks === 6 ? "all-tricks" : "no-tricks"; // scoring.all-tricks, scoring.no-tricks
    } else if (option(options, "no-tricker") === "points" && (trickPoints === 0 || trickPoints + buryPoints === 120)) {
      kind = trickPoints === 0 ? "no-tricks" : "all-tricks"; // none in tricks, or none left to the defenders
    } else {
      const line = option(options, "schneider-line") === "ninety" ? 90 : 91; // scoring.schneider-thresholds
      kind = sidePoints >= line ? "schneider" : sidePoints >= 61 ? "win" : sidePoints >= 31 ? "loss" : "schneidered";
    }

    // scoring.stakes-multiply, scoring.double-on-the-bump: the multipliers multiply, a loss
    // doubled on the bump; crack.cap: at most 16 under stakes-cap sixteen (64, tiers counted,
    // under sixty-four-with-tiers).
    let unit = UNITS[kind];
    let multiplier = stakes * (unit < 0 && option(options, "double-on-the-bump") === "on" ? 2 : 1);
    const cap = option(options, "stakes-cap");
    if (cap === "sixteen") multiplier = Math.min(multiplier, 16);
    // sixty-four-with-tiers: the doublings times the tier (x2 a schneider, x3 a sweep) at most
    // 64; over it, a plain win or loss times 64.
    else if (cap === "sixty-four-with-tiers" && Math.abs(unit) * multiplier > 64) [unit, multiplier] = [Math.sign(unit), 64];
    // Shares: picker 2, partner 1, each defender 1 (scoring.win and the rest); alone the picker
    // takes the partner's share too, four (alone.scoring); a defender sweep with the partner off
    // the hook is picker 3, partner 0 (scoring.no-tricks).
    let picker = 2 * unit;
    let partner = unit;
    if (result.alone) [picker, partner] = [4 * unit, 0];
    else if (kind === "no-tricks" && option(options, "defender-sweep") === "partner-off-hook") [picker, partner] = [3 * unit, 0];
    return { kind, picker: picker * multiplier, partner: partner * multiplier, defender: -unit * multiplier, sidePoints };
  }

  // ------------------------------------------------------------- export

  const api = { AXES, option, trumpOrder, isTrump, suitOf, cardPoints, trickWinner, legalPlays, callableCards, score };
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else globalThis.SheepsheadRules = api;
})();
