// The Sheepshead conformance protocol for a JavaScript engine, in one dependency-free file.
//
// serve(engine) runs the protocol loop on stdin/stdout (spec/PROTOCOL.md): the handshake, the
// step messages start/apply/result (capability `steps`), the direct queries the engine offers,
// and shutdown. The engine is a handful of callbacks in the harness's vocabulary (seats S1..S5,
// cards QC/TD/7H, actions "S3 bury KH 7C"); the helpers below translate card spellings, seats and
// actions. Errors never crash the loop: an exception in a callback becomes an error reply
// (`internal`), `throw new Unsupported("why")` says the engine cannot answer (`unsupported`: the
// case is counted as unsupported, never as an error), and a mistake of the adapter itself (an
// apply that answers nothing, an accepted one-card bury, an action other than the one asked, a
// capability without its callback) is the error `adapter-error`, naming the callback.
//
// State handling: a refused action leaves the hand unchanged, even for an engine that changes its
// state before it refuses: the helper calls restore(snapshot()) when the engine has the pair, else
// starts the hand again and applies the actions accepted so far. Legal by trial: when
// legalActions() gives null and phase() names the phase, the helper tries every candidate of the
// phase for the seat to act on the engine, undoes each, and lists those accepted.
// Every key, callback, argument and return value: adapters/CALLBACKS.md.
//
//   const { serve, Unsupported } = require("./sheepshead-adapter.js");
//   serve({
//     name: "my-engine", version: "1.0",
//     options: { "jack-order": ["clubs-first"], ... },      // the options it plays, per axis
//     unlisted: { "crack": "no cracking at this table" },   // optional: axes it plays none of, why
//     capabilities: ["steps", "score"],                     // optional: else from the callbacks given
//
//     // Steps (capability `steps`, advertised only when all five are given):
//     start(deal, options) { ... },                          // deal: {dealer, hands, blind, deck}
//     turn() { return "S1"; },                               // the seat to act, or null when over
//     legalActions() { return ["S1 pick", "S1 pass"]; },     // or null when it cannot say
//     apply(action) { return true; },                        // true, false, or {accepted, reason, rule};
//                                                            // nothing returned is an error, never "accepted"
//     result() { return { over: false, tricks: [], outcome: null }; },
//     phase() { return "bury"; },                            // optional: legal by trial when legalActions is null
//     snapshot() { return copy; }, restore(copy) { ... },    // optional: else a refusal is undone by a replay
//     lastAction() { return "S3 call TH"; },                 // optional: what the engine did, checked
//     keepsStateOnRefusal: false,                            // optional: true skips undoing a refusal
//
//     // Queries (each advertises its capability); `message` is the request of spec/PROTOCOL.md:
//     trickWinner(message) { return { winner: 2 }; },        // {options, cards, called, under, called_suit_led}:
//                                                            // the winning card's index; called_suit_led is
//                                                            // always a boolean here (false when not sent)
//     legalPlays(message) { return { cards: ["QC"] }; },     // {options, hand, trick, trick_number, role, ...}
//     callableCards(message) { return { calls: ["AH"] }; },  // {options, hand, buried}
//     score(message) { return { kind: "win", picker: 2, partner: 1, defender: -1 }; },
//     cardPoints(message) { return { points: 21 }; },        // {cards}
//   });
//
// Calls by suit: calledSuit("S3 call AH") is "H"; callOfSuit("S3", "hearts", callable) is the
// harness's call of that suit. cardToEngine(card, "rank_suit_words", "-") spells "10-diamonds";
// cardFromEngine reads card objects too ({rank: "10", suit: "diamonds"} is "TD").
"use strict";

const readline = require("readline");

const PROTOCOL_VERSION = 1;
const RANKS = ["A", "T", "K", "Q", "J", "9", "8", "7"];
const SUITS = ["C", "S", "H", "D"];
const SEATS = ["S1", "S2", "S3", "S4", "S5"];
const SUIT_WORDS = { C: "clubs", S: "spades", H: "hearts", D: "diamonds" };
const RANK_WORDS = { A: "ace", T: "10", K: "king", Q: "queen", J: "jack", 9: "9", 8: "8", 7: "7" };
const QUERIES = {
  "trick-winner": "trickWinner", "legal-plays": "legalPlays", "callable-cards": "callableCards",
  score: "score", "card-points": "cardPoints", replay: "replay", session: "session",
};

// ---------------------------------------------------------------- translations

/** A harness card code ("TD") in an engine spelling: "10_diamonds" (rank_suit_words, with
 *  "Q_clubs"), "queen_clubs" (rank_words), "10♦" (symbols), "Q-C" (dashed), "queen_of_clubs"
 *  (words), "10D" (ten_as_10). */
function cardToEngine(card, spelling = "rank_suit_words", separator = "_") {
  const rank = card[0], suit = card[1];
  if (card.length !== 2 || !RANKS.includes(rank) || !SUITS.includes(suit)) throw new Error(`not a card code: ${card}`);
  const ten = rank === "T" ? "10" : rank;
  switch (spelling) {
    case "canonical": return card;
    case "ten_as_10": return ten + suit;
    case "symbols": return ten + { C: "♣", S: "♠", H: "♥", D: "♦" }[suit];
    case "dashed": return `${rank}-${suit}`;
    case "rank_suit_words": return `${ten}${separator}${SUIT_WORDS[suit]}`;
    case "words": return [RANK_WORDS[rank], "of", SUIT_WORDS[suit]].join(separator);
    case "rank_words": return `${RANK_WORDS[rank]}${separator}${SUIT_WORDS[suit]}`;
    default: throw new Error(`unknown spelling ${spelling}`);
  }
}

/** The harness card code of an engine's card in any common spelling ("10_diamonds" -> "TD"), or of
 *  a card object with `rank` and `suit` in any of those spellings ({rank: "10", suit: "diamonds"}). */
function cardFromEngine(code) {
  if (code && typeof code === "object" && "rank" in code && "suit" in code) return cardFromEngine(`${code.rank} ${code.suit}`);
  const text = String(code).trim().toLowerCase();
  const compact = /^(10|[akqjt987])\s*([cshd♣♠♥♦])$/.exec(text);
  const parts = compact ? [compact[1], compact[2]] : text.split(/[\s_\-/|,.]+/).filter((p) => p && p !== "of");
  const rankOf = (w) => ({ 10: "T", t: "T", a: "A", ace: "A", k: "K", king: "K", q: "Q", queen: "Q", j: "J", jack: "J",
    9: "9", 8: "8", 7: "7" })[w];
  const suitOf = (w) => ({ c: "C", clubs: "C", "♣": "C", s: "S", spades: "S", "♠": "S", h: "H", hearts: "H", "♥": "H",
    d: "D", diamonds: "D", "♦": "D" })[w];
  if (parts.length === 2) {
    let rank = rankOf(parts[0]), suit = suitOf(parts[1]);
    if (!rank && !suit) { rank = rankOf(parts[1]); suit = suitOf(parts[0]); }
    if (rank && suit) return rank + suit;
  }
  throw new Error(`not a card: ${code}`);
}

/** Seats of an engine whose seat `first` (1, or 0) always bids and leads first: it is the
 *  harness dealer's left. */
function seatRotation(dealer, first = 1) {
  const d = SEATS.indexOf(dealer);
  if (d < 0) throw new Error(`not a seat: ${dealer}`);
  return {
    toEngine: (seat) => ((SEATS.indexOf(seat) - d - 1 + 10) % 5) + first,
    fromEngine: (n) => SEATS[(d + 1 + n - first + 10) % 5],
  };
}

/** "S3 call AS under 8D" -> {seat: "S3", verb: "call", cards: ["AS"], under: "8D"}. */
function parseAction(text) {
  const words = String(text).trim().split(/\s+/);
  if (words.length < 2 || !SEATS.includes(words[0])) throw new Error(`not an action: ${text}`);
  const [seat, verb, ...rest] = words;
  if (verb === "call" && rest.length === 3 && rest[1] === "under") return { seat, verb, cards: [rest[0]], under: rest[2] };
  return { seat, verb, cards: rest, under: null };
}

/** An action text from parts (a bury's cards sorted, as the harness writes them). */
function actionText(seat, verb, cards = [], under = null) {
  const sorted = verb === "bury" ? [...cards].sort() : cards;
  return [seat, verb, ...sorted, ...(under ? ["under", under] : [])].join(" ");
}

/** The suit ("C", "S", "H") of a call action's card, for an engine that calls a suit. */
function calledSuit(action) {
  const parsed = parseAction(action);
  if (parsed.verb !== "call" || parsed.cards.length !== 1) throw new Error(`not a call of a card: ${action}`);
  return parsed.cards[0][1];
}

/** The harness's call action for an engine that called a suit ("hearts" or "H"): the callable
 *  card of that suit (the ace, or the ten when the picker holds every fail ace). */
function callOfSuit(seat, suit, callableCards, under = null) {
  const words = { clubs: "C", spades: "S", hearts: "H" };
  const code = words[String(suit).toLowerCase()] ?? String(suit).toUpperCase()[0];
  const card = [...callableCards].find((c) => c[1] === code);
  if (!card) throw new Error(`no callable card of suit ${suit} among ${[...callableCards].join(" ")}`);
  return actionText(seat, "call", [card], under);
}

/** Thrown by a callback that cannot answer a request: the reply says `unsupported`. */
class Unsupported extends Error {
  constructor(message = "not supported by this engine") {
    super(message);
    this.name = "Unsupported";
  }
}

// ---------------------------------------------------------------- the protocol loop

/** The outcome kind of a hand with a picker read from the picker's score change, for an engine
 *  that scores but names no outcome (the Python kit's outcome_kind): share (4 alone, 2, 3 for a
 *  sweep with the partner off the hook) x unit (win 1, schneider 2, all tricks 3, their losses
 *  negative) x stakes (x2 per crack, re-crack or blitz; x2 for a loss on the bump), capped as
 *  stakes-cap says. null when no kind, or more than one, gives that score. */
function outcomeKind(pickerScore, { alone = false, options = {}, stakes = 1, raises = 0 } = {}) {
  const units = { "all-tricks": 3, schneider: 2, win: 1, loss: -1, schneidered: -2, "no-tricks": -3 };
  const found = Object.keys(units).filter((kind) => {
    const unit = units[kind];
    const offHook = kind === "no-tricks" && options["defender-sweep"] === "partner-off-hook";
    const share = alone ? 4 : offHook ? 3 : 2;
    let multiplier = stakes * (unit < 0 && options["double-on-the-bump"] === "on" ? 2 : 1) * 2 ** raises;
    let scored = unit;
    if (options["stakes-cap"] === "sixteen") multiplier = Math.min(multiplier, 16);
    else if (options["stakes-cap"] === "sixty-four-with-tiers" && Math.abs(unit) * multiplier > 64) {
      [scored, multiplier] = [Math.sign(unit), 64];
    }
    return share * scored * multiplier === pickerScore;
  });
  return found.length === 1 ? found[0] : null;
}

const HANDS = new WeakMap(); // per engine: the hand in progress as the helper saw it (see startHand)
const STEP_CALLBACKS = ["start", "turn", "legalActions", "apply", "result"];
const CALL_CARDS = ["AC", "AS", "AH", "TC", "TS", "TH"]; // the cards a call may name (an ace, or a ten)
const PHASES = ["auction", "call", "bury", "play"]; // what phase() may answer for legal by trial

/** A mistake of the adapter, not of the engine: the reply is the error `adapter-error`, naming the
 *  callback at fault (the harness reports an error, never a rule broken). */
class AdapterMistake extends Error {
  constructor(callback, message) {
    super(`${callback}: ${message}`);
    this.name = "AdapterMistake";
    this.callback = callback;
  }
}

/** The capabilities of the handshake: those the engine lists, each checked against its callbacks
 *  (a capability without its callback is the adapter's mistake), or else those its callbacks give. */
function capabilitiesOf(engine) {
  const has = (name) => typeof engine[name] === "function";
  if (has("snapshot") !== has("restore")) {
    throw new AdapterMistake(has("snapshot") ? "restore" : "snapshot",
      "snapshot() and restore(state) go together: give both, or neither (a refused action is then undone by a replay from the start)");
  }
  const steps = STEP_CALLBACKS.every(has) ? ["steps"] : [];
  if (!engine.capabilities) return [...steps, ...Object.keys(QUERIES).filter((k) => has(QUERIES[k]))];
  for (const capability of engine.capabilities) {
    const needs = capability === "steps" ? STEP_CALLBACKS : QUERIES[capability] ? [QUERIES[capability]] : [];
    const missing = needs.filter((name) => !has(name));
    if (missing.length) {
      throw new AdapterMistake(missing.join(", "), `capability "${capability}" is declared, but the engine has no`
        + ` ${missing.join(", ")} callback: give it, or leave "${capability}" out of capabilities`);
    }
  }
  return engine.capabilities;
}

function normalizeStep(answer, callback = "apply") {
  if (answer === undefined || answer === null) {
    // A forgotten `return` would otherwise accept every illegal action.
    throw new AdapterMistake(callback, "returned nothing: return true, false or {accepted, reason, rule}");
  }
  if (answer === true) return { accepted: true, reason: null, rule: null };
  if (answer === false) return { accepted: false, reason: "refused by the engine", rule: null };
  const accepted = Boolean(answer.accepted ?? answer.ok ?? answer.success);
  return { accepted, reason: accepted ? null : String(answer.reason ?? answer.error ?? "refused"), rule: answer.rule ?? null };
}

/** A new hand as the helper follows it: the deal and options (to replay it), the actions the
 *  engine accepted, the cards each seat holds (for legal by trial) and the raises (outcomeKind). */
function startHand(engine, deal, options) {
  const held = {};
  for (const seat of SEATS) held[seat] = [...((deal && deal.hands && deal.hands[seat]) || [])];
  const hand = { deal, options: options || {}, actions: [], raises: 0, held,
    blind: [...((deal && deal.blind) || [])], known: Boolean(deal && deal.hands) };
  HANDS.set(engine, hand);
  return hand;
}

function follow(hand, action) {
  const { seat, verb, cards } = parseAction(action);
  hand.actions.push(action);
  if (["crack", "recrack", "blitz"].includes(verb)) hand.raises += 1;
  if (verb === "pick") hand.held[seat].push(...hand.blind);
  if (["bury", "play", "revoke"].includes(verb)) hand.held[seat] = hand.held[seat].filter((c) => !cards.includes(c));
}

/** The engine's hand as it was: restore(snapshot) when the engine has the pair, else the hand
 *  replayed from the start (the engine's start, then each action it accepted). */
function rollBack(engine, hand, snapshot) {
  if (typeof engine.restore === "function") {
    engine.restore(snapshot);
    return;
  }
  engine.start(hand.deal, hand.options);
  for (const action of hand.actions) {
    let step;
    try {
      step = normalizeStep(engine.apply(action));
    } catch (error) {
      throw error instanceof Unsupported ? error : new AdapterMistake("apply", `replaying the hand from the start`
        + ` to undo a refused or tried action, the engine failed on "${action}" (${error.message}):`
        + " give snapshot() and restore(state), or make start and apply repeatable");
    }
    if (!step.accepted) {
      throw new AdapterMistake("apply", `replaying the hand from the start to undo a refused or tried action, the`
        + ` engine refused "${action}", which it had accepted (${step.reason}): give snapshot() and restore(state)`);
    }
  }
}

const canonical = (text) => {
  const { seat, verb, cards, under } = parseAction(text);
  return actionText(seat, verb, cards, under);
};

/** The adapter's mistakes an accepted action shows: a bury of other than two different cards,
 *  and an action other than the one asked (what lastAction() says the engine did). */
function checkAccepted(engine, action) {
  const { verb, cards } = parseAction(action);
  if (verb === "bury" && (cards.length !== 2 || cards[0] === cards[1])) {
    throw new AdapterMistake("apply", `accepted "${action}", a bury of ${cards.length === 2 ? "one card twice"
      : `${cards.length} card${cards.length === 1 ? "" : "s"}`}: a bury is two different cards (bury.two-cards);`
      + " refuse any other (return false), and give an engine that buries one card per call both cards before it answers");
  }
  if (typeof engine.lastAction === "function") {
    const did = engine.lastAction();
    if (did !== null && did !== undefined && canonical(did) !== canonical(action)) {
      throw new AdapterMistake("apply", `was asked "${action}" and accepted it, but the engine did "${did}"`
        + " (lastAction): refuse (return false) an action the engine would carry out otherwise, such as a call"
        + " by suit where the engine picks the ace or the ten itself");
    }
  }
}

/** Apply one action and keep the hand as it was when it is refused (or when the adapter errs). */
function applyKept(engine, hand, action, { trial = false } = {}) {
  const snapshot = typeof engine.snapshot === "function" ? engine.snapshot() : null;
  let step;
  try {
    step = normalizeStep(engine.apply(action));
    if (step.accepted) checkAccepted(engine, action);
  } catch (error) {
    try {
      rollBack(engine, hand, snapshot);
    } catch (ignored) {
      // the first failure is the one to report
    }
    throw error;
  }
  if (trial || (!step.accepted && engine.keepsStateOnRefusal !== true)) rollBack(engine, hand, snapshot);
  else if (step.accepted) follow(hand, action);
  return step;
}

/** The candidate actions of a phase for the seat to act, from the cards the helper saw it get. */
function candidates(phase, seat, held) {
  if (phase === "auction") return [`${seat} pick`, `${seat} pass`];
  if (phase === "play") return held.map((c) => `${seat} play ${c}`);
  if (phase === "bury") return held.flatMap((a, i) => held.slice(i + 1).map((b) => actionText(seat, "bury", [a, b])));
  if (phase === "call") {
    return [`${seat} alone`, ...CALL_CARDS.flatMap((c) => [`${seat} call ${c}`,
      ...held.filter((u) => u !== c).map((u) => `${seat} call ${c} under ${u}`)])];
  }
  return [];
}

/** The cracks, re-cracks and blitzes worth trying (they are not turns: any seat's) under the
 *  hand's options: before the first card of a picked hand, and under blitzing at-the-pick a blitz
 *  while the picker buries and calls too (area crack). */
function windowCandidates(phase, hand) {
  const options = hand.options || {};
  if ((options.cracking || "off") === "off") return [];
  const verbs = hand.actions.map((action) => parseAction(action).verb);
  if (!verbs.includes("pick") || verbs.includes("play") || verbs.includes("revoke")) return [];
  const blitzing = options.blitzing || "off";
  const blitzes = blitzing === "off" ? [] : SEATS.flatMap((s) => [`${s} blitz black`, `${s} blitz red`]);
  if (phase === "play") return [...SEATS.flatMap((s) => [`${s} crack`, `${s} recrack`]), ...blitzes];
  return blitzing === "at-the-pick" && (phase === "bury" || phase === "call") ? blitzes : [];
}

/** Legal by trial: each candidate of the phase tried on the engine and undone; those accepted. */
function legalByTrial(engine, hand, seat) {
  const phase = engine.phase();
  if (!PHASES.includes(phase) || !hand.known || !SEATS.includes(seat)) return null;
  const tried = [...candidates(phase, seat, hand.held[seat]), ...windowCandidates(phase, hand)];
  return tried.filter((action) => applyKept(engine, hand, action, { trial: true }).accepted);
}

function state(engine, hand) {
  const turn = engine.turn() ?? null;
  if (turn === null) return { turn, legal: null };
  let legal = engine.legalActions() ?? null;
  if (legal === null && typeof engine.phase === "function" && hand) legal = legalByTrial(engine, hand, turn);
  return { turn, legal };
}

/** The reply to one request (null for shutdown). Exported for tests. */
function answer(engine, message, options = {}) {
  const { id, type } = message;
  if (type === "hello") {
    return { id: 0, protocol: PROTOCOL_VERSION, name: engine.name, version: engine.version,
      capabilities: capabilitiesOf(engine), options: engine.options,
      ...(engine.unlisted ? { unlisted: engine.unlisted } : {}) };
  }
  if (type === "start") {
    const hand = startHand(engine, message.deal, message.options);
    engine.start(message.deal, message.options);
    return { id, ...state(engine, hand) };
  }
  if (type === "apply") {
    const action = message.action;
    const hand = HANDS.get(engine) || startHand(engine, null, {});
    const turn = engine.turn();
    const parsed = parseAction(action);
    // A crack, re-crack, blitz or claim is not a turn: any eligible seat may make it.
    const windowVerb = ["crack", "recrack", "blitz", "claim"].includes(parsed.verb);
    if (options.checkTurn !== false && !windowVerb && turn && turn !== parsed.seat) {
      return { id, accepted: false, reason: `it is ${turn}'s turn`, rule: null, ...state(engine, hand) };
    }
    const step = applyKept(engine, hand, action);
    return { id, ...step, ...state(engine, hand) };
  }
  if (type === "result") {
    const r = engine.result() ?? {};
    let outcome = r.outcome ?? null;
    if (outcome && !outcome.kind && outcome.picker && outcome.scores && outcome.picker in outcome.scores) {
      // scores but no outcome named: the kind the picker's score gives (an unnamed kind stays out)
      const hand = HANDS.get(engine) || { options: {}, raises: 0 };
      const kind = outcomeKind(outcome.scores[outcome.picker], { alone: !outcome.partner, options: hand.options,
        raises: hand.raises });
      outcome = kind ? { ...outcome, kind } : outcome;
    }
    return { id, over: r.over ?? null, tricks: (r.tricks ?? []).map((t) => ({ winner: t.winner ?? null,
      points: t.points ?? null })), outcome };
  }
  const query = QUERIES[type] && engine[QUERIES[type]];
  // A trick-winner request carries called_suit_led only when it is true (spec/PROTOCOL.md 5.4).
  const asked = type === "trick-winner" ? { ...message, called_suit_led: message.called_suit_led === true } : message;
  if (query) return { id, ...query.call(engine, asked) };
  return { id, error: { code: "unsupported", message: `this engine does not answer ${type}` } };
}

/** The reply to one request, an exception in a callback turned into an error reply: `unsupported`
 *  for an Unsupported, else `internal`. Exported for tests. */
function safeAnswer(engine, message, options = {}) {
  try {
    return answer(engine, message, options);
  } catch (error) {
    const code = error instanceof Unsupported ? "unsupported" : error instanceof AdapterMistake ? "adapter-error" : "internal";
    const text = code === "internal" ? `${error && error.name}: ${error && error.message}` : error.message;
    return { id: message && Number.isInteger(message.id) ? message.id : null, error: { code, message: text } };
  }
}

/** Serve the protocol on stdin/stdout until shutdown or end of input. */
function serve(engine, { input = process.stdin, output = process.stdout, checkTurn = true } = {}) {
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  lines.on("line", (line) => {
    let message;
    try {
      message = JSON.parse(line);
    } catch (error) {
      output.write(JSON.stringify({ id: null, error: { code: "invalid-request", message: `not JSON: ${error.message}` } }) + "\n");
      return;
    }
    if (message && message.type === "shutdown") {
      lines.close();
      return;
    }
    output.write(JSON.stringify(safeAnswer(engine, message, { checkTurn })) + "\n");
  });
  lines.on("close", () => process.exit(0));
}

module.exports = {
  serve, answer, safeAnswer, Unsupported, AdapterMistake, cardToEngine, cardFromEngine, seatRotation, parseAction, actionText,
  calledSuit, callOfSuit, outcomeKind, SEATS, RANKS, SUITS,
};
