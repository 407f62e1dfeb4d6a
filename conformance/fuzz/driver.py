"""Play random hands against an engine and the reference side by side, and find where they part.

Each hand is a seeded random deal under one configuration of the options the engine declares.
At every decision the reference's legal actions are compared with the engine's (where the engine
can say them), then a random action legal in both is applied to both; at the end every result the
engine reports (trick winners and points, the outcome, the scores) is compared. The random player
leans towards the rare corners: everyone passing (a leaster or the all-pass option), going
alone, under calls, ten calls.

Engines are driven by their steps (:class:`~conformance.kit.steps.StepEngine`: an in-process step
engine, or a protocol engine with ``steps``, which includes the reference server) so that a hand
costs one message per action. The first difference is a :class:`Divergence`, with the rules it
concerns (:mod:`conformance.cases.blame`) and everything needed to write it as a hand record.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sheepshead_spec.record_actions import HandPlan
from sheepshead_spec.records import NOT_TURN_VERBS

from conformance.adapter import (
    RAISE_VERBS,
    Adapter,
    AdapterError,
    Capability,
    Deal,
    EngineInfo,
    HandOutcome,
    TrickRecord,
    Unsupported,
    canonical_action,
)
from conformance.cases.blame import (
    action_topic,
    is_trump,
    leaster_winner_rules,
    permitting_rules,
    refused_rules,
    rules_for,
    schneider_line,
)
from conformance.cases.model import Verdict
from conformance.cases.record_queries import score_findings
from conformance.cases.records import judge_trick
from conformance.fuzz.choices import Choices
from conformance.fuzz.classes import check_difference, class_name
from conformance.fuzz.expect import divergent_check, facts, played_plan, trick_expect
from conformance.fuzz.reached import Reached
from conformance.kit.steps import StepEngine, StepResult, StepTrick, as_step
from conformance.kit.translate import CARDS, SEATS

__all__ = [
    "Divergence",
    "HandPlay",
    "PreparedHand",
    "judge_hand",
    "play_hand",
    "prepare_hand",
    "random_deal",
    "redealt",
    "replayed_hand",
    "send_hand",
    "steps_of",
]

MAX_ACTIONS = 60
"""More actions than any hand has (5 bids, bury, call, 4 cracks and blitzes, 30 plays): an engine still asking for
actions after that is stuck."""


@dataclass(frozen=True)
class Divergence:
    """Where the engine first parts from the reference in one hand."""

    kind: str
    """``turn``, ``legal``, ``refused``, ``accepted``, ``stuck``, ``ended``, ``trick``, ``outcome``,
    ``points``, ``scores``, ``crash``, ``score-query``, ``query`` (a hand asked as queries), ``session``."""
    at: int
    """The number of actions applied before it (the prefix of :attr:`HandPlay.actions`)."""
    expected: str
    actual: str
    rules: tuple[str, ...]
    action: str | None = None
    """The action it is about (refused, wrongly accepted, missing or extra)."""
    rule: str | None = None
    """The rule the reference names for an action it refuses (an extra legal action)."""
    about: str = ""
    """The kind of difference its class names (:mod:`conformance.fuzz.classes`), when the kind
    alone does not tell it: a check's, a session's, a pack dealt otherwise."""

    @property
    def difference(self) -> str:
        """The kind of difference, as its class names it (never a trick's number, a seat or a card)."""
        return self.about or _DIFFERENCES.get(self.kind, self.kind)

    @property
    def signature(self) -> tuple[str, ...]:
        """What makes two divergences the same bug: what differs and the rules blamed (never the
        trick, the seat or the card that showed it, so the same bug has one class in every run)."""
        return (self.difference, *self.rules)

    @property
    def class_name(self) -> str:
        """The class's name: ``not-offered play.hold-card-last-trick``."""
        return class_name(self.difference, self.rules)

    def describe(self) -> str:
        about = f" {self.action!r}" if self.action else ""
        return f"{self.kind}{about}: expected {self.expected}, got {self.actual}"


_DIFFERENCES = {"legal": "not-offered", "query": "query-result", "session": "session-result"}
"""The kind of difference of a divergence kind that does not name its own."""


@dataclass
class HandPlay:
    """One fuzzed hand: its configuration, deal, the actions applied, and the divergence."""

    number: int
    options: Mapping[str, str]
    deal: Deal
    actions: list[str] = field(default_factory=list)
    divergence: Divergence | None = None
    reference: StepResult | None = None
    """The reference's result at the end (for a hand record's expectations)."""
    expect: dict[str, object] | None = None
    """The expectations the hand was judged by, when it was asked as queries (its record states them)."""


def random_deal(choices: Choices, *, with_deck: bool = False) -> Deal:
    """A random deal: a shuffled pack dealt 3-2-3 from a random dealer's left (with the pack
    order too, for an engine that deals a pack itself: ``deal-from-deck``)."""
    deck = list(CARDS)
    choices.shuffle(deck)
    dealer = choices.choice(SEATS)
    hands: dict[str, list[str]] = {seat: [] for seat in SEATS}
    start = SEATS.index(dealer)
    for packet in range(5):
        seat = SEATS[(start + 1 + packet) % 5]
        hands[seat] += [*deck[3 * packet : 3 * packet + 3], *deck[17 + 3 * packet : 20 + 3 * packet]]
    return Deal(
        dealer,
        {seat: tuple(cards) for seat, cards in hands.items()},
        (deck[15], deck[16]),
        tuple(deck) if with_deck else None,
    )


_WINDOW_ENDINGS = (" crack", " recrack", " black", " red")


def choose_action(choices: Choices, legal: Sequence[str], plan: Mapping[str, object]) -> str:
    """A random legal action, leaning towards the rare corners of the game."""
    first = legal[0].split()
    if first[1] in ("pick", "pass"):
        wants = "pick" if plan["picker"] == first[0] else "pass"
        chosen = [a for a in legal if a.split()[1] == wants]
        return chosen[0] if chosen else choices.choice(legal)
    if first[1] == "play":
        # The reference lists a seat's plays first, then the cracks and blitzes of the window.
        if not legal[-1].endswith(_WINDOW_ENDINGS):
            return choices.choice(legal)
        window = [a for a in legal if a.split()[1] in RAISE_VERBS]
        if choices.chance(0.6):  # cracks and blitzes: doublings compound
            return choices.choice(window)
        return choices.choice(legal)
    blitzes = [a for a in legal if a.split()[1] == "blitz"]  # at the pick (blitzing at-the-pick)
    if blitzes and choices.chance(0.3):
        return choices.choice(blitzes)
    alone = [a for a in legal if a.endswith(" alone")]
    if alone and choices.chance(0.15):
        return alone[0]
    unders = [a for a in legal if " under " in a]
    if unders and choices.chance(0.5):
        return choices.choice(unders)
    return choices.choice(legal)


def _plan(choices: Choices) -> dict[str, object]:
    """Who picks: nobody in one hand of five (all pass), else a random seat."""
    return {"picker": None if choices.chance(0.2) else choices.choice(SEATS)}


def steps_of(adapter: Adapter) -> StepEngine | None:
    """An adapter's step interface for the fuzzer: its own step engine when it has one, the
    protocol's step messages when it declares ``steps``, else ``None`` (it cannot be fuzzed)."""
    engine = getattr(adapter, "engine", None)
    if isinstance(engine, StepEngine):  # a StepAdapter around an in-process step engine
        return engine
    if Capability.STEPS in adapter.info().capabilities:
        from conformance.engines.protocol_adapter import ProtocolAdapter, ProtocolSteps

        if isinstance(adapter, ProtocolAdapter):
            return ProtocolSteps(adapter)
    return None


@dataclass(frozen=True, slots=True)
class _Decision:
    """One decision of a hand as the reference played it."""

    turn: str
    legal: Sequence[str]
    """The reference's legal actions (canonical texts)."""
    probe: str | None
    """An action the rules forbid, tried first (a conforming engine refuses it)."""
    rule: str | None
    """The rule the reference names for refusing the probe."""
    action: str
    tricks: int
    """Tricks complete before the action."""


@dataclass
class PreparedHand:
    """A hand the reference has played, ready to be played on the engine."""

    hand: HandPlay
    decisions: list[_Decision]
    messages: list[str]
    sent: Mapping[str, str]
    started: StepEngine | None = None
    """The engine's steps once the hand is sent ahead (a protocol engine), else ``None``."""
    failed: Exception | None = None
    """What sending the hand raised (judged as a crash)."""


def prepare_hand(
    number: int,
    choices: Choices,
    reference: StepEngine,
    options: Mapping[str, str],
    info: EngineInfo,
    sent: Mapping[str, str] | None = None,
) -> PreparedHand:
    """Deal a random hand and play it on the reference alone: its decisions and the messages
    the engine will be sent."""
    deal = random_deal(choices, with_deck=Capability.DEAL_FROM_DECK in info.capabilities and choices.chance(0.5))
    hand = HandPlay(number, dict(options), deal)
    decisions = _decisions(hand, choices, reference, _plan(choices))
    hand.reference = reference.result()
    messages = [m for d in decisions for m in ((d.probe, d.action) if d.probe else (d.action,))]
    return PreparedHand(hand, decisions, messages, options if sent is None else sent)


def replayed_hand(
    number: int,
    deal: Deal,
    actions: Sequence[str],
    reference: StepEngine,
    options: Mapping[str, str],
    sent: Mapping[str, str] | None = None,
) -> PreparedHand:
    """A hand whose actions are known (a session's), played on the reference alone, ready to be
    played on the engine as a fuzzed hand is (no probes)."""
    hand = HandPlay(number, dict(options), deal)
    reference.start(deal, hand.options)
    decisions: list[_Decision] = []
    tricks = plays = 0
    for action in actions:
        turn = reference.turn()
        if turn is None:
            break
        legal = list(reference.legal_actions() or ())
        if not as_step(reference.apply(action)).accepted:
            break  # the hand as far as the reference plays it
        decisions.append(_Decision(turn, legal, None, None, canonical_action(action), tricks))
        if " play " in action:
            plays += 1
            tricks += plays % 5 == 0
    hand.reference = reference.result()
    messages = [decision.action for decision in decisions]
    return PreparedHand(hand, decisions, messages, options if sent is None else sent)


def redealt(prepared: PreparedHand, reference: StepResult | None) -> PreparedHand:
    """The same hand dealt by hands, not from a pack: the reference's play and its ``reference``
    result (the whole hand's) unchanged."""
    hand = prepared.hand
    again = HandPlay(hand.number, hand.options, dataclasses.replace(hand.deal, deck=None), reference=reference)
    return PreparedHand(again, prepared.decisions, prepared.messages, prepared.sent)


def send_hand(prepared: PreparedHand, engine: StepEngine) -> PreparedHand:
    """Send a protocol engine the whole hand now (its replies are read when it is judged), so
    that the engine works on it while the fuzzer prepares the next hand."""
    from conformance.engines.protocol_adapter import ProtocolSteps

    if isinstance(engine, ProtocolSteps) and prepared.started is None and prepared.failed is None:
        try:
            prepared.started = engine.ahead(prepared.hand.deal, prepared.sent, prepared.messages)
        except Unsupported:
            raise
        except Exception as error:  # noqa: BLE001 - judged as a crash of this hand
            prepared.failed = error
    return prepared


def play_hand(
    number: int,
    choices: Choices,
    reference: StepEngine,
    engine: StepEngine,
    options: Mapping[str, str],
    info: EngineInfo,
    sent: Mapping[str, str] | None = None,
) -> HandPlay:
    """Play one random hand on the reference, then the same hand on the engine, comparing each
    decision, and stop at the first divergence.

    The reference plays first, so that a protocol engine is sent the whole hand at once
    (:meth:`~conformance.engines.protocol_adapter.ProtocolSteps.ahead`) and its replies are read
    afterwards, in order: what it answers after its first divergence is never looked at.

    :param sent: the options as the engine is sent them (default ``options``): without the
        axes its handshake leaves out.
    """
    prepared = send_hand(prepare_hand(number, choices, reference, options, info, sent), engine)
    return judge_hand(prepared, reference, engine)


def judge_hand(prepared: PreparedHand, reference: StepEngine, engine: StepEngine) -> HandPlay:
    """Play a prepared hand on the engine (or read the replies of the hand sent ahead) and
    compare it with the reference's, stopping at the first divergence."""
    from conformance.engines.protocol_adapter import AheadSteps

    hand, decisions = prepared.hand, prepared.decisions
    assert hand.reference is not None
    pending: str | None = None
    played: StepEngine = engine
    try:
        if prepared.failed is not None:
            raise prepared.failed
        if prepared.started is not None:
            played = prepared.started
        else:
            engine.start(hand.deal, prepared.sent)
        for at, decision in enumerate(decisions):
            pending = None
            spelled = _diverges(hand, at, decision, played, reference)
            if hand.divergence is not None:
                return _earliest(hand, decisions, played)
            pending = decision.action
            # An in-process engine is given the action as it spells it; the wire has one spelling.
            own = spelled.get(decision.action, decision.action) if spelled and played is engine else decision.action
            step = as_step(played.apply(own))
            hand.actions.append(decision.action)
            if not step.accepted:
                hand.divergence = Divergence(
                    "refused",
                    at,
                    "accepted",
                    f"rejected: {step.reason}".rstrip(": "),
                    _legal_rules(hand, hand.actions[:-1], decision.action),
                    action=decision.action,
                )
                return _earliest(hand, decisions, played)
        pending = None
        at = len(decisions)
        if (engine_turn := played.turn()) is not None:
            hand.divergence = Divergence("stuck", at, "the hand over", f"{engine_turn} to act", rules_for("phase", ()))
            return _earliest(hand, decisions, played)
        result = played.result()
        found = _wrong_trick(hand, decisions, result.tricks)
        if found is not None:
            return found
        _judge_outcome(hand, hand.reference.outcome, result.outcome, len(hand.actions))
    except Unsupported:
        raise
    except AdapterError as error:
        _crashed(hand, f"engine error ({error.kind}): {error}", pending)
    except Exception as error:  # noqa: BLE001 - an in-process step engine raising is a crash too
        _crashed(hand, f"{type(error).__name__}: {error}", pending)
    finally:
        if isinstance(played, AheadSteps):
            played.drain()  # the pipe is empty before the next request
    return hand


def _crashed(hand: HandPlay, message: str, action: str | None) -> None:
    if action is not None and hand.actions and hand.actions[-1] == action:
        hand.actions.pop()  # it never answered this action
    hand.divergence = Divergence(
        "crash", len(hand.actions), "an answer", message, rules_for("phase", ()), action=action
    )


def _decisions(hand: HandPlay, choices: Choices, reference: StepEngine, plan: Mapping[str, object]) -> list[_Decision]:
    """Play the hand on the reference alone: its decisions, probes and actions."""
    reference.start(hand.deal, hand.options)
    decisions: list[_Decision] = []
    actions: list[str] = []
    tricks = plays = 0
    while (turn := reference.turn()) is not None and len(decisions) < MAX_ACTIONS:
        legal = list(reference.legal_actions() or ())
        probe = rule = None
        if choices.chance(PROBE_RATE):
            window = hand.options.get("cracking", "off") != "off" and not plays
            probe = _illegal_probe(choices, hand.deal, actions, turn, legal, window=window)
            if probe is not None:
                step = as_step(reference.apply(probe))
                if step.accepted:  # pragma: no cover - a probe is never among the legal actions
                    raise AssertionError(f"the reference accepted the probe {probe!r}")
                probe, rule = (probe, step.rule) if step.rule else (None, None)
        action = choose_action(choices, legal, plan)
        if not as_step(reference.apply(action)).accepted:  # pragma: no cover - the reference's own legal action
            raise AssertionError(f"the reference refused its own legal action {action!r}")
        if " bury " in action:
            action = canonical_action(action)  # the one spelling the engine, the records and the reports get
        decisions.append(_Decision(turn, legal, probe, rule, action, tricks))
        actions.append(action)
        if " play " in action:
            plays += 1
            tricks += plays % 5 == 0
    return decisions


def _diverges(
    hand: HandPlay, at: int, decision: _Decision, engine: StepEngine, reference: StepEngine
) -> dict[str, str] | None:
    """Whether the engine parts from the reference at this decision, before its action (the
    engine's turn, its legal actions, a probe it accepts): sets ``hand.divergence``. Returns
    the engine's own spelling of its legal actions by canonical text, when it spells them
    otherwise than the reference."""
    turn = decision.turn
    engine_turn = engine.turn()
    if engine_turn is None:
        following = _turn_action(decision)  # the action a record of this divergence goes on with
        passes = sum(1 for a in hand.actions if a.split()[1] == "pass")
        rules = ("all-pass.table-choice",) if passes == 5 else _turn_rules(hand.actions, following)
        hand.divergence = Divergence(
            "ended", at, f"{turn} to act", "the hand over (no seat to act)", rules, action=following
        )
        return None
    if engine_turn != turn:
        following = _turn_action(decision)
        hand.divergence = Divergence(
            "turn",
            at,
            f"{turn} to act",
            f"{engine_turn} to act",
            _turn_rules(hand.actions, following),
            action=following,
        )
        return None
    legal = engine.legal_actions()
    spelled: dict[str, str] | None = None
    if legal is not None and list(legal) != list(decision.legal):
        spelled = {canonical_action(action): action for action in legal}
        legal_r = {canonical_action(action) for action in decision.legal}  # the reference's bury order is its own
        if spelled.keys() != legal_r:
            hand.divergence = _legal_divergence(hand, at, turn, set(spelled), legal_r, reference)
            return None
    if decision.probe is not None and as_step(engine.apply(decision.probe)).accepted:
        hand.divergence = Divergence(
            "accepted",
            at,
            f"refused under {decision.rule}",
            "accepted",
            (decision.rule or "",),
            action=decision.probe,
            rule=decision.rule,
        )
    return spelled


def _legal_divergence(
    hand: HandPlay, at: int, turn: str, legal_e: set[str], legal_r: set[str], reference: StepEngine
) -> Divergence:
    extra, missing = sorted(legal_e - legal_r), sorted(legal_r - legal_e)
    printed = _printed_suit_counted(hand.deal, hand.actions, turn, legal_e)
    if not extra:
        action = missing[0]
        rules = _legal_rules(hand, hand.actions, action)
        return Divergence("legal", at, "legal", "not offered", (*rules, *printed), action=action)
    action = extra[0]  # the engine allows what the rules forbid: the reference names the rule
    reference.start(hand.deal, hand.options)  # back to this decision (it played the hand on)
    for earlier in hand.actions:
        reference.apply(earlier)
    rule = _reference_rule(reference, action)
    rules = (rule,) if rule else _forbidding(action)
    dealt = set(hand.deal.hands[turn]) | set(hand.deal.blind)
    if hand.deal.deck is not None and action.split()[1] in ("bury", "play") and not set(action.split()[2:]) <= dealt:
        rules = ("deal.three-two-three",)  # it offers a card the seat was never dealt: the pack was dealt otherwise
    return Divergence(
        "accepted", at, "not legal", "offered as legal", (*rules, *printed), action=action, rule=rule, about="offered"
    )


def _printed_suit_counted(deal: Deal, actions: Sequence[str], seat: str, legal_e: set[str]) -> tuple[str, ...]:
    """``("deck.trump-cards",)`` when the engine's plays for a fail lead are exactly what counting a
    queen or jack of the led suit's printed suit as of that suit gives (it offers such a trump as
    following, or only such trumps to a seat void in the suit), else ``()``: the exception to
    following suit that decides the legal plays there, not the general rule it is an exception to."""
    trick = _current_trick(actions)
    if not trick or is_trump(trick[0]):
        return ()
    suit = trick[0][1]
    held = _held(deal, actions, seat)
    printed = {card for card in held if card[0] in "QJ" and card[1] == suit}
    if not printed:
        return ()
    offered = {action.split()[2] for action in legal_e if action.split()[:2] == [seat, "play"]}
    following = {card for card in held if card[1] == suit and not is_trump(card)}
    if not following and not {card for card in held if is_trump(card)} - printed:
        return ()  # void, and no other trump: a void seat made to trump offers the same
    return ("deck.trump-cards",) if offered == printed | following else ()


def _earliest(hand: HandPlay, decisions: Sequence[_Decision], engine: StepEngine) -> HandPlay:
    """A trick completed before the divergence and reported otherwise is the first divergence:
    the engine's tricks so far are compared (its wrong winner may be why it parted later)."""
    divergence = hand.divergence
    assert divergence is not None and hand.reference is not None
    done = decisions[divergence.at].tricks if divergence.at < len(decisions) else len(hand.reference.tricks)
    if done > 0:
        try:
            tricks = engine.result().tricks
        except Exception:  # noqa: BLE001 - an engine that cannot say its tricks keeps the divergence found
            tricks = []
        found = _wrong_trick(hand, decisions, tricks[:done])
        if found is not None:
            return found
    return _cut(hand, divergence.at)


def _wrong_trick(hand: HandPlay, decisions: Sequence[_Decision], tricks: Sequence[StepTrick]) -> HandPlay | None:
    """The hand cut after the first of ``tricks`` the engine reports otherwise, with that
    divergence; ``None`` when they agree."""
    assert hand.reference is not None
    ended = []  # the number of actions up to the end of each trick
    plays = 0
    for index, decision in enumerate(decisions):
        if decision.action.split()[1] == "play":
            plays += 1
            if plays % 5 == 0:
                ended.append(index + 1)
    found = HandPlay(hand.number, hand.options, hand.deal, [], None, hand.reference)
    for number in range(min(len(tricks), len(ended))):
        found.actions = [d.action for d in decisions[: ended[number]]]
        _compare_tricks(found, hand.reference.tricks[number : number + 1], tricks[number : number + 1], first=number)
        if found.divergence is not None:
            found.reference = StepResult(list(hand.reference.tricks[: number + 1]), over=False)
            return found
    return None


def _cut(hand: HandPlay, at: int) -> HandPlay:
    """The reference's result as far as the record of a divergence at ``at`` goes."""
    assert hand.reference is not None
    if hand.divergence is not None and hand.divergence.kind == "stuck":
        return hand  # the record plays the whole hand and expects its end
    plays = sum(1 for a in hand.actions[:at] if a.split()[1] == "play")
    hand.reference = StepResult(list(hand.reference.tricks[: plays // 5]), over=False)
    return hand


PROBE_RATE = 0.15
"""How often, at a decision, the fuzzer first tries an action the rules forbid (which a
conforming engine refuses, its state unchanged): an engine that accepts actions it does not list
as legal is found only so."""


def _held(deal: Deal, actions: Sequence[str], seat: str) -> list[str]:
    """The cards ``seat`` holds now, from the deal and the actions so far."""
    cards = list(deal.hands[seat])
    for action in actions:
        words = action.split()
        if words[0] != seat:
            continue
        if words[1] == "pick":
            cards += list(deal.blind)
        elif words[1] == "bury":
            cards = [c for c in cards if c not in words[2:]]
        elif words[1] == "play":
            cards.remove(words[2])
    return cards


def _turn_action(decision: _Decision) -> str:
    """The first legal action of the seat to act: a crack or a claim is not a turn, so a record
    going on with one would not show whose turn it is."""
    own = [a for a in decision.legal if a.split()[0] == decision.turn and a.split()[1] not in NOT_TURN_VERBS]
    return canonical_action(min(own or decision.legal))


def _illegal_probe(
    choices: Choices, deal: Deal, actions: Sequence[str], seat: str, legal: Sequence[str], *, window: bool = False
) -> str | None:
    """An action of ``seat`` the reference does not list as legal: a card it may not play, a
    one-card or three-card bury, a call of a card it holds; before the first card of a table that
    cracks (``window``), a crack, re-crack or blitz of any seat."""
    held = _held(deal, actions, seat)
    verbs = {action.split()[1] for action in legal}
    candidates: list[str] = []
    if "play" in verbs:
        candidates += [f"{seat} play {card}" for card in held]
    if window and "play" in verbs:
        candidates += [f"{s} {verb}" for s in SEATS for verb in ("crack", "recrack", "blitz black", "blitz red")]
    if "bury" in verbs and len(held) >= 3:
        candidates += [f"{seat} bury {held[0]}", f"{seat} bury {' '.join(sorted(held[:3]))}"]
    if "call" in verbs or "alone" in verbs:
        candidates += [f"{seat} call {card}" for card in held if card[0] in "AT" and card[1] in "CSH"]
    allowed = {canonical_action(action) for action in legal}
    candidates = [canonical_action(c) for c in candidates if canonical_action(c) not in allowed]
    return choices.choice(candidates) if candidates else None


def _forbidding(action: str) -> tuple[str, ...]:
    return rules_for(action_topic(action), ())


def _current_trick(actions: Sequence[str]) -> list[str]:
    plays = [a.split()[2] for a in actions if a.split()[1] == "play"]
    return plays[len(plays) - len(plays) % 5 :]


def _follows(card: str, led: str) -> bool:
    return is_trump(card) == is_trump(led) and (is_trump(card) or card[1] == led[1])


def _play_rules(actions: Sequence[str], action: str) -> tuple[str, ...]:
    """The rule that permits (or forbids) a play here, when the blame oracle cannot say: following
    the led suit, or playing any card when void (``play.follow-suit``, ``play.void-in-led-suit``);
    a lead, whichever trick it leads: ``play.lead-any-card``."""
    trick = _current_trick(actions)
    if not trick:
        return ("play.lead-any-card",)
    return ("play.follow-suit",) if _follows(action.split()[2], trick[0]) else ("play.void-in-led-suit",)


def _action_rules(actions: Sequence[str], action: str) -> tuple[str, ...]:
    if len(action.split()) == 3 and action.split()[1] == "play":
        return _play_rules(actions, action)
    return refused_rules(action, ())


def _legal_rules(hand: HandPlay, actions: Sequence[str], action: str) -> tuple[str, ...]:
    """The rules broken by leaving out, or refusing, the legal ``action``: the exception that
    makes it legal there (the blame oracle's permitting rule, as ``check`` blames it), not the rule
    it is an exception to; a call, the rule that permits that kind of call."""
    return permitting_rules(hand.deal, hand.options, actions, action) or _action_rules(actions, action)


def _turn_rules(actions: Sequence[str], following: str) -> tuple[str, ...]:
    """Who acts next is decided by: the auction's order, the first lead, the winner's lead, or
    the clockwise order within a trick."""
    verb = following.split()[1]
    if verb in ("pick", "pass"):
        return ("auction.order",)
    if verb != "play":
        return rules_for(action_topic(following), ())
    if _current_trick(actions):
        return ("play.clockwise-one-card",)
    return ("play.winner-leads",) if any(a.split()[1] == "play" for a in actions) else ("play.first-lead",)


def _reference_rule(reference: StepEngine, action: str) -> str | None:
    """The rule the reference names for refusing ``action`` now (its state is then unchanged)."""
    step = as_step(reference.apply(action))
    return None if step.accepted else step.rule


def _compare_tricks(hand: HandPlay, expected: Sequence[StepTrick], actual: Sequence[StepTrick], first: int = 0) -> None:
    """The engine's tricks judged by the record judge against the reference's (winner and points)."""
    at = len(hand.actions)
    plays = [a for a in hand.actions if a.split()[1] == "play"]
    plan: HandPlan | None = None
    for offset, (want, got) in enumerate(zip(expected, actual)):
        if got.winner in (None, want.winner) and got.points in (None, want.points):
            continue  # the same answer, or none: nothing for the judge to tell (the common case, kept cheap)
        plan = plan or played_plan(hand.deal, hand.actions, hand.options, None)
        number = first + offset
        cards = tuple(a.split()[2] for a in plays[5 * number : 5 * number + 5])
        leader = plays[5 * number].split()[0] if len(plays) > 5 * number else "S1"
        reported = [TrickRecord(leader, cards, None, None)] * number + [
            TrickRecord(leader, cards, got.winner, got.points)
        ]
        for check in judge_trick(plan, number, trick_expect([want])[0], reported, facts()):
            if check.verdict is Verdict.DIFFERS:
                hand.divergence = Divergence(
                    "trick",
                    at,
                    f"{check.label}: {check.expected}",
                    check.actual,
                    check.rules,
                    about=check_difference(check.label),
                )
                return


_POINT_CHECKS = ("card points", "tricks", "seat points", "seat tricks")


def _judge_outcome(hand: HandPlay, want: HandOutcome | None, got: HandOutcome | None, at: int) -> None:
    """The engine's outcome judged by the record judge against the reference's (the checks
    ``check`` makes of the record the fuzzer writes); the first that differs is the divergence."""
    if want is None or got is None:
        return  # the engine does not report an outcome: nothing to compare, never a guess
    if got == want:
        return  # the very same answer: nothing for the judge to tell (the common case, kept cheap)
    check = divergent_check(hand.deal, hand.actions, hand.options, want, got)
    if check is None:
        return
    kind = "scores" if check.label == "scores" else "points" if check.label.endswith(_POINT_CHECKS) else "outcome"
    about = (
        "" if check.label == kind else f"{check.label} "
    )  # "outcome: expected win", "points: expected picker side …"
    hand.divergence = Divergence(
        kind,
        at,
        f"{about}{check.expected}",
        check.actual,
        _outcome_blame(check.label, check.rules, want, got, hand.options),
        about=check_difference(check.label),
    )


def _outcome_blame(
    label: str, rules: tuple[str, ...], want: HandOutcome, got: HandOutcome, options: Mapping[str, str]
) -> tuple[str, ...]:
    """The record judge's rules for an outcome check, with what decided it where the judge names
    only the general rule: the schneider line the two classes part on, the leaster rule the
    engine's winner misses (:func:`~conformance.cases.blame.leaster_winner_rules`)."""
    if label == "outcome" and rules == ("scoring.schneider-thresholds",):
        return (*rules, *schneider_line(want.kind, got.kind))
    if label == "leaster winner" and want.seat_points is not None and want.seat_tricks is not None:
        return leaster_winner_rules(
            want.leaster_winner,
            got.leaster_winner,
            want.seat_points,
            want.seat_tricks,
            want.leaster_tied or (),
            needs_trick=options.get("leaster-needs-trick") == "yes",
        )
    return rules


_THRESHOLDS = (0, 1, 29, 30, 31, 59, 60, 61, 89, 90, 91, 119, 120)


def compare_score(
    choices: Choices,
    engine: Adapter,
    reference: Adapter,
    options: Mapping[str, str],
    sent: Mapping[str, str] | None = None,
    reached: Reached | None = None,
) -> Divergence | None:
    """One random ``score`` query on both, points drawn towards the thresholds (counted in
    ``reached``, when given, as the reference scores them)."""
    from conformance.adapter import ScoreRequest

    bury = choices.choice((0, 0, 2, 10, 11, 21, 22))
    total = choices.between(0, 120) if choices.chance(0.3) else choices.choice(_THRESHOLDS)
    total = max(total, bury)
    tricks = (
        6
        if total == 120 and choices.chance(0.5)
        else 0
        if total == bury and choices.chance(0.5)
        else choices.between(1, 5)
    )
    # stakes above one now and then (a doubler's, or a cracked hand's): the multipliers and the cap
    stakes = choices.choice((1, 1, 1, 1, 2, 4, 16))
    request = ScoreRequest(dict(options), total - bury, bury, tricks, alone=choices.chance(0.2), stakes=stakes)
    try:
        want = reference.score(request)
    except Unsupported:
        return None
    if reached is not None:
        reached.note_score(total, want.kind, stakes, options)
    try:
        got = engine.score(request if sent is None else dataclasses.replace(request, options=dict(sent)))
    except Unsupported:
        return None
    except AdapterError as error:  # a crash or a hang on the query: a finding, never the run's end
        message = f"engine error ({error.kind}): {error}"
        return Divergence("score-query", 0, "an answer to a score query", message, (), about="crash-score-query")
    described = (
        f"score({request.picker_side_trick_points}+{bury} points, {tricks} tricks{', alone' if request.alone else ''}"
        f"{f', stakes x{stakes}' if stakes > 1 else ''})"
    )
    roles = {"picker": want.picker, "partner": want.partner, "defender": want.defender}
    for what, rules, expected, actual in score_findings(request, got, want.kind, roles):  # the judge's
        if expected != actual:
            if what == "outcome" and rules == ("scoring.schneider-thresholds",):
                rules = (*rules, *schneider_line(want.kind, got.kind))  # the line names the class
            return Divergence("score-query", 0, f"{described}: {expected}", actual, rules)
    return None
