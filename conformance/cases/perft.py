"""Perft positions: count legal action sequences from a record's position through replays.

A hand record with an ``x-perft`` list (``spec/hand-records.md``) is a perft position:
:func:`check_perft` counts the distinct sequences of legal actions from it, level by level, as deep
as a replay budget allows, and compares each count with the record's. Nothing here imports the
reference engine.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence

from conformance.adapter import Adapter, Capability, ReplayRequest, Unsupported, canonical_action
from conformance.cases.blame import action_topic, oracle_legal_actions, permitting_rules, refused_rules, rules_for
from conformance.cases.checks import Mismatch, rejection_text
from conformance.cases.record_plan import HandPlan, LoadedRecord, plan_hands

__all__ = ["check_perft", "perft_rows"]


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


def perft_rows(record: LoadedRecord, options: Mapping[str, str] | None = None) -> list[tuple[int, int, int]]:
    """The ``(depth, count, line)`` rows of a perft position's ``x-perft`` list, by depth; a
    count may be a variant table (``{by: jack-order, clubs-first: 81, spades-first: 79}``),
    resolved for ``options`` (a row whose table has no value for them is left out)."""
    from conformance.cases.record_plan import resolve

    out = []
    for index, row in enumerate(record.data.get("x-perft") or ()):
        applies, count = resolve(row["count"], options or {}, "")
        if applies and count is not None:
            out.append((int(row["depth"]), int(count), record.line_of(["x-perft", index])))
    return sorted(out)


def check_perft(record: LoadedRecord, adapter: Adapter, options: Mapping[str, str],
                capabilities: frozenset[Capability], budget: int = 300, *,
                request: Mapping[str, str] | None = None,
                rules: Sequence[str] = ()) -> tuple[list[Mismatch], list[int]]:  # fmt: skip
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

    def legal(actions: tuple[str, ...]) -> tuple[str, ...]:
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
                        findings.append(Mismatch(f"perft({depth})", count, len(frontier), f"{record.file}:{line}",
                                                 note, rules=blamed))  # fmt: skip
            if findings:
                break
    except _Rejected as error:
        rejection = rejection_text(error.rule, "")
        blamed = refused_rules(error.action, rules) if error.action != "?" else ()
        if 0 <= error.index < len(plan.actions):  # an action of the record reaching the position
            what, where = f"legality of {error.action!r} (reaching the position)", f"{record.file}:{plan.lines[error.index]}"
        else:
            what, where = f"a listed legal action {error.action!r}", record.where(["x-perft"])
        findings.append(Mismatch(what, "accepted", rejection, where, rules=blamed))
    return findings, checked


_TRACED = 40
"""The nodes of a level a wrong count is traced through (each costs a reference replay)."""


def _trace(plan: HandPlan, options: Mapping[str, str], nodes: Sequence[tuple[str, ...]],
           legal: Callable[[tuple[str, ...]], tuple[str, ...]], rules: Sequence[str]) -> tuple[tuple[str, ...], str] | None:  # fmt: skip
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
        moment = " ".join(node[len(plan.actions):][-5:]) or "the position"
        missing, extra = sorted(expected - offered), sorted(offered - expected)
        if missing:
            blamed = permitting_rules(plan.deal, options, node, missing[0]) or rules_for(action_topic(missing[0]), rules)
            return blamed, f"after {moment}: the engine leaves out the legal {missing[0]!r}"
        return rules_for(action_topic(extra[0]), rules), f"after {moment}: the engine offers the illegal {extra[0]!r}"
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
