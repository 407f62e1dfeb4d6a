"""Perft positions: count legal action sequences from a record's position through replays.

A hand record with an ``x-perft`` list (``spec/hand-records.md``) is a perft position:
:func:`check_perft` counts the distinct sequences of legal actions from it, level by level, as deep
as a replay budget allows, and compares each count with the record's. Nothing here imports the
reference engine.

An engine that answers queries but cannot replay is counted too where the position is in the
play: the harness follows each sequence card by card, asks the ``legal-plays`` query of the seat
to act (clockwise from the leader; the dealer's left leads the first trick, ``play.first-lead``)
and, at each complete trick, the ``trick-winner`` query for who leads the next. A position after
the bury and before the call is counted with the ``callable-cards`` query (the calls, and alone)
unless an under call is open: which under card the picker may choose no query lists. Before the first
card, under cracking, the window's cracks are actions no query lists: that needs a replay.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence

from sheepshead_spec.record_actions import SEATS, HandPlan, LoadedRecord, plan_hands
from sheepshead_spec.records import card_code

from conformance.adapter import (
    Adapter,
    CallableCardsRequest,
    Capability,
    ReplayRequest,
    TrickWinnerRequest,
    Unsupported,
    canonical_action,
)
from conformance.cases.blame import (
    action_topic,
    forbidding_rules,
    oracle_legal_actions,
    permitting_rules,
    refused_rules,
    rules_for,
)
from conformance.cases.following import follows
from conformance.cases.mismatches import Mismatch, rejection_text
from conformance.cases.record_queries import legal_cards

__all__ = ["asked_in_play", "check_perft", "perft_rows"]


def _plans(record: LoadedRecord, options: Mapping[str, str], with_deck: bool) -> list[HandPlan]:
    plans = plan_hands(record, options)
    if with_deck:
        return plans
    return [dataclasses.replace(plan, deal=dataclasses.replace(plan.deal, deck=None)) for plan in plans]


class _Rejected(Exception):
    def __init__(self, action: str, rule: str | None, index: int) -> None:
        super().__init__(action)
        self.action = action
        self.rule = rule
        self.index = index


def asked_in_play(record: LoadedRecord) -> bool:
    """Whether a perft position is in the play or at the picker's call after the bury (a bury
    made, or five passes), where an engine that answers queries but cannot replay is counted
    through them."""
    data = record.data
    auction = [str(action) for action in data.get("auction") or ()]
    return "bury" in data or sum(action.endswith(" pass") for action in auction) == 5


def perft_rows(record: LoadedRecord, options: Mapping[str, str] | None = None) -> list[tuple[int, int, int]]:
    """The ``(depth, count, line)`` rows of a perft position's ``x-perft`` list, by depth; a
    count may be a variant table (``{by: jack-order, clubs-first: 81, spades-first: 79}``),
    resolved for ``options`` (a row whose table has no value for them is left out)."""
    from sheepshead_spec.record_actions import resolve

    out = []
    for index, row in enumerate(record.data.get("x-perft") or ()):
        applies, count = resolve(row["count"], options or {}, "")
        if applies and count is not None:
            out.append((int(row["depth"]), int(count), record.line_of(["x-perft", index])))
    return sorted(out)


def check_perft(
    record: LoadedRecord,
    adapter: Adapter,
    options: Mapping[str, str],
    capabilities: frozenset[Capability],
    budget: int = 300,
    *,
    request: Mapping[str, str] | None = None,
    rules: Sequence[str] = (),
) -> tuple[list[Mismatch], list[int]]:
    """Count legal action sequences from a perft position through replays, as far as ``budget`` allows.

    ``count(depth)`` is the number of distinct sequences of exactly ``depth`` legal actions from
    the position; a sequence cut short by the end of the hand is not counted. Every node of the
    tree costs one replay (the legal actions after it), so a depth is checked only when its whole
    level fits in the remaining ``budget`` (depth 1 always).

    :param record: a perft position (a hand record with ``x-perft``).
    :param adapter: the engine.
    :param options: the configuration under test.
    :param capabilities: the engine's capabilities.
    :param budget: the most replays to spend.
    :param request: the options the engine is asked to play, when they differ from the
        configuration the position is read for (``options``).
    :param rules: the position's rules: a wrong count blames those of them about the legality of
        the kinds of action counted at that depth (plays, a bury, a call, the auction), and a
        rejected listed action those about its own kind.
    :return: the findings, and the depths that were checked.
    """
    plan = _plans(record, options, Capability.DEAL_FROM_DECK in capabilities)[0]
    rows = perft_rows(record, options)

    def replayed(actions: tuple[str, ...]) -> tuple[str, ...]:
        reply = adapter.replay(ReplayRequest(options=dict(request or options), deal=plan.deal, actions=actions))
        if reply.rejected is not None:
            index = reply.rejected.index
            raise _Rejected(actions[index] if 0 <= index < len(actions) else "?", reply.rejected.rule, index)
        if reply.legal is None and reply.turn is not None:
            # The engine cannot list what is legal here (a step engine that cannot list burials):
            # the count cannot be checked, which is not a wrong count.
            raise Unsupported(f"the engine does not list the legal actions after {len(actions)} actions")
        # A set: the same bury listed with its cards in two orders is one action.
        return tuple(dict.fromkeys(canonical_action(action) for action in reply.legal or ()))

    legal = replayed if Capability.REPLAY in capabilities else _queried(plan, adapter, request or options, capabilities)

    findings: list[Mismatch] = []
    checked: list[int] = []
    frontier: list[tuple[str, ...]] = [plan.actions]
    spent = 0
    try:
        for depth in range(1, (rows[-1][0] if rows else 0) + 1):
            if depth > 1 and spent + len(frontier) > budget:
                break
            spent += len(frontier)
            previous = frontier
            frontier = [(*node, action) for node in frontier for action in legal(node)]
            for row_depth, count, line in rows:
                if row_depth == depth:
                    checked.append(depth)
                    if len(frontier) != count:
                        topics = _topics(node[-1] for node in frontier) or _topics(node[-1] for node in previous)
                        blamed = tuple(dict.fromkeys(rule for topic in topics for rule in rules_for(topic, rules)))
                        note = f"counting {', '.join(topics)} actions" if topics else ""
                        traced = _trace(plan, options, previous, legal, rules)
                        if traced is not None:
                            blamed, note = traced
                        findings.append(
                            Mismatch(
                                f"perft({depth})", count, len(frontier), f"{record.file}:{line}", note, rules=blamed
                            )
                        )
            if findings:
                break
    except _Rejected as error:
        rejection = rejection_text(error.rule, "")
        blamed = refused_rules(error.action, rules) if error.action != "?" else ()
        if 0 <= error.index < len(plan.actions):  # an action of the record reaching the position
            what, where = (
                f"legality of {error.action!r} (reaching the position)",
                f"{record.file}:{plan.lines[error.index]}",
            )
        else:
            what, where = f"a listed legal action {error.action!r}", record.where(["x-perft"])
        findings.append(Mismatch(what, "accepted", rejection, where, rules=blamed))
    return findings, checked


_TRACED = 40
"""The nodes of a level a wrong count is traced through (each costs a reference replay)."""


def _trace(
    plan: HandPlan,
    options: Mapping[str, str],
    nodes: Sequence[tuple[str, ...]],
    legal: Callable[[tuple[str, ...]], tuple[str, ...]],
    rules: Sequence[str],
) -> tuple[tuple[str, ...], str] | None:
    """Where a wrong count comes from: the first node of the last level whose legal actions the
    engine lists otherwise than the rules give them (the blame oracle, :mod:`conformance.cases.blame`),
    the rule of the action it leaves out or adds, and a note naming the sequence."""
    for node in nodes[:_TRACED]:
        known = oracle_legal_actions(plan.deal, options, node)
        if known is None:
            return None
        expected = {canonical_action(action) for action in known}
        offered = set(legal(node))
        if expected == offered:
            continue
        moment = " ".join(node[len(plan.actions) :][-5:]) or "the position"
        missing, extra = sorted(expected - offered), sorted(offered - expected)
        if missing:
            blamed = permitting_rules(plan.deal, options, node, missing[0]) or refused_rules(missing[0], rules)
            return blamed, f"after {moment}: the engine leaves out the legal {missing[0]!r}"
        blamed = forbidding_rules(plan.deal, options, node, extra[0]) or rules_for(action_topic(extra[0]), rules)
        return blamed, f"after {moment}: the engine offers the illegal {extra[0]!r}"
    return None


def _topics(actions: Iterable[str]) -> list[str]:
    """The legality topics of actions, most frequent first (``play``, ``bury``, ``call``, ``auction``)."""
    counts: dict[str, int] = {}
    for action in actions:
        topic = action_topic(action)
        if topic == "play":
            topic = "legal-plays"
        counts[topic] = counts.get(topic, 0) + 1
    return sorted(counts, key=lambda topic: -counts[topic])


def _queried(
    plan: HandPlan, adapter: Adapter, options: Mapping[str, str], capabilities: frozenset[Capability]
) -> Callable[[tuple[str, ...]], tuple[str, ...]]:
    """The legal actions after a sequence, asked as queries (see the module docstring).

    :raises Unsupported: the engine lacks the queries, or a sequence is not in the play.
    """
    if not {Capability.LEGAL_PLAYS, Capability.TRICK_WINNER} <= capabilities:  # (callable-cards: see calls)
        raise Unsupported(
            "the engine lacks capability replay (or the legal-plays and trick-winner queries"
            " a position in the play is counted with)"
        )
    asked = dict(options)
    winners: dict[tuple[tuple[str, ...], str | None, str | None, bool], int] = {}

    def winner(cards: tuple[str, ...], called: str | None, under: str | None, called_suit_led: bool) -> int:
        key = (cards, called, under, called_suit_led)
        if key not in winners:
            winners[key] = adapter.trick_winner(TrickWinnerRequest(asked, cards, called, under, called_suit_led))
        return winners[key]

    def calls(picker: str, hand: Sequence[str], buried: tuple[str, ...]) -> tuple[str, ...]:
        """The picker's calls after the bury: the ``callable-cards`` query's, and alone (always open)."""
        if Capability.CALLABLE_CARDS not in capabilities:
            raise Unsupported("the engine lacks capability callable-cards (or replay) to count the picker's calls")
        answer = adapter.callable_cards(CallableCardsRequest(asked, tuple(hand), buried))
        if answer.under:
            raise Unsupported("the choice of an under card is counted only through a replay (capability replay)")
        return tuple(sorted({*(f"{picker} call {card}" for card in answer.calls), f"{picker} alone"}))

    def legal(actions: tuple[str, ...]) -> tuple[str, ...]:
        hands = {seat: list(plan.deal.hands[seat]) for seat in SEATS}
        picker: str | None = None
        passes, called_done, called, under = 0, False, None, None
        buried: tuple[str, ...] = ()
        trick: list[tuple[str, str]] = []
        tricks, leader, called_suit_led = 0, SEATS[(SEATS.index(plan.deal.dealer) + 1) % 5], False
        for action in actions:
            words = action.split()
            seat, verb = words[0], words[1]
            if verb == "pass":
                passes += 1
            elif verb == "pick":
                picker = seat
                hands[seat] += plan.deal.blind
            elif verb == "bury":
                buried = tuple(card_code(card) for card in words[2:])
                for card in words[2:]:
                    if card_code(card) in hands[seat]:
                        hands[seat].remove(card_code(card))
            elif verb == "call":
                called_done = True
                if words[2] != "alone":
                    called = card_code(words[2])
                    under = card_code(words[4]) if len(words) == 5 else None
            elif verb == "alone":
                called_done = True
            elif verb == "play":
                card = card_code(words[2])
                if card in hands[seat]:
                    hands[seat].remove(card)
                trick.append((seat, card))
                if len(trick) == 5:
                    cards = tuple(c for _, c in trick)
                    index = winner(cards, called, under, called_suit_led)
                    if not 0 <= index < 5:
                        raise Unsupported(
                            f"the engine's trick-winner answer {index} names no card of {' '.join(cards)}"
                        )
                    if called is not None and follows(cards[0], under, called) == called[1]:
                        called_suit_led = True
                    leader, trick, tricks = trick[index][0], [], tricks + 1
            else:  # a crack, a blitz: the window's actions are listed only by a replay
                raise Unsupported(f"a sequence with {verb!r} is counted only through a replay (capability replay)")
        if picker is not None and buried and not called_done:
            if options.get("cracking", "off") != "off" and options.get("blitzing") == "at-the-pick":
                raise Unsupported(
                    "a blitz at the pick, beside the call, is counted only through a replay (capability replay)"
                )
            return calls(picker, hands[picker], buried)
        in_play = (picker is None and passes == 5 and options.get("all-pass") == "leaster") or (
            picker is not None and bool(buried) and called_done
        )
        if not in_play:
            raise Unsupported("a position before the play is counted only through a replay (capability replay)")
        if tricks == 6:
            return ()
        if not trick and tricks == 0 and picker is not None and options.get("cracking", "off") != "off":
            raise Unsupported(
                "the crack window before the first card is counted only through a replay (capability replay)"
            )
        seat = SEATS[(SEATS.index(trick[-1][0]) + 1) % 5] if trick else leader
        partner = next((s for s in SEATS if called is not None and s != picker and called in plan.deal.hands[s]), None)
        offered = legal_cards(
            adapter, asked, hands[seat], trick, tricks, seat, picker, partner, called, under, called_suit_led
        )
        return tuple(sorted(f"{seat} play {card}" for card in offered))

    return legal
