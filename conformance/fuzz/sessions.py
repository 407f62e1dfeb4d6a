"""Fuzzing sessions: several random hands in a row, so that the deal's rotation, the doublers and
the running totals are compared too (capability ``session``).

Each hand's actions are drawn by random play on the reference's steps (legality does not depend
on the stakes); the seat that deals the next hand is the one the reference's ``session`` accepts
(the dealer's left, or the same dealer after a thrown-in hand under ``all-pass-dealer:
same-dealer``). The whole session is then sent once to the engine and to the reference and
their answers are compared hand by hand, then the totals.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

from conformance.adapter import Adapter, Capability, Deal, SessionRequest, SessionResponse, Unsupported
from conformance.cases.blame import rules_for, score_rules
from conformance.fuzz.choices import Choices
from conformance.fuzz.driver import Divergence, as_drawn, choose_action, random_deal, signed
from conformance.kit.translate import SEATS
from conformance.kit.steps import StepEngine

__all__ = ["SessionPlay", "play_session"]


@dataclass
class SessionPlay:
    """One fuzzed session: its hands (deal and actions) and the divergence, if any."""

    number: int
    options: Mapping[str, str]
    hands: list[tuple[Deal, tuple[str, ...]]] = field(default_factory=list)
    divergence: Divergence | None = None
    reference: SessionResponse | None = None


def _random_hand(choices: Choices, steps: StepEngine, deal: Deal, options: Mapping[str, str]) -> tuple[str, ...]:
    steps.start(deal, options)
    plan = {"picker": None if choices.chance(0.45) else choices.choice(SEATS)}  # many all-pass hands: doublers
    actions: list[str] = []
    while steps.turn() is not None and len(actions) < 60:
        legal = list(steps.legal_actions() or ())
        action = choose_action(choices, legal, plan)
        steps.apply(action)
        actions.append(action)
    return tuple(actions)


def _next_dealer(
    reference: Adapter,
    options: Mapping[str, str],
    hands: list[tuple[Deal, tuple[str, ...]]],
    choices: Choices,
    steps: StepEngine,
) -> Deal:
    """A deal for the next hand by the seat the reference's session accepts."""
    last = hands[-1][0].dealer
    fresh = random_deal(choices)
    left = SEATS[(SEATS.index(last) + 1) % 5]
    for dealer in (left, last):
        deal = dataclasses.replace(fresh, dealer=dealer)
        probe = reference.session(SessionRequest(dict(options), (*hands, (deal, ()))))
        if probe.rejected_hand is None:
            return deal
    return dataclasses.replace(fresh, dealer=left)


def play_session(
    number: int,
    choices: Choices,
    engine: Adapter,
    reference: Adapter,
    steps: StepEngine,
    options: Mapping[str, str],
    sent: Mapping[str, str] | None = None,
) -> SessionPlay:
    """Play 2-4 random hands as one session on both, comparing the answers."""
    if Capability.SESSION not in engine.info().capabilities:
        raise Unsupported("the engine plays no sessions")
    session = SessionPlay(number, dict(options))
    deal = random_deal(choices)
    for index in range(choices.between(2, 4)):
        if index:
            deal = _next_dealer(reference, options, session.hands, choices, steps)
        session.hands.append((deal, _random_hand(choices, steps, deal, options)))
    request = SessionRequest(dict(options), tuple(session.hands))
    want = reference.session(request)
    session.reference = want
    got = engine.session(request if sent is None else dataclasses.replace(request, options=dict(sent)))
    session.divergence = _compare(want, got, options)
    return session


def _compare(want: SessionResponse, got: SessionResponse, options: Mapping[str, str]) -> Divergence | None:
    if got.rejected_hand != want.rejected_hand:
        expected = "every hand accepted" if want.rejected_hand is None else f"hand {want.rejected_hand + 1} refused"
        actual = (
            "every hand accepted" if got.rejected_hand is None else f"hand {got.rejected_hand + 1} refused ({got.rule})"
        )
        return Divergence("session", 0, expected, actual, ("session.deal-rotates-left",))
    totals = dict(want.totals)
    for index, (mine, theirs) in enumerate(zip(want.hands, got.hands)):
        if mine.outcome is None or theirs.outcome is None:
            continue
        wanted = as_drawn(mine.outcome, theirs.outcome, options)  # another tied seat drawn: fair
        for seat, value in wanted.scores.items():
            totals[seat] = totals.get(seat, 0) + value - mine.outcome.scores.get(seat, 0)
        if dict(theirs.outcome.scores) != dict(wanted.scores):
            previous = want.hands[index - 1].outcome if index > 0 else None
            after_doubler = previous is not None and previous.kind == "doubler"
            rules = (
                ("all-pass.doubler",)
                if after_doubler
                else score_rules(wanted.kind, dict(wanted.scores), dict(theirs.outcome.scores))
            )
            return Divergence(
                "session", 0, f"hand {index + 1}: {signed(wanted.scores)}", signed(theirs.outcome.scores), rules
            )
    if dict(got.totals) != totals:
        return Divergence("session", 0, f"totals {signed(totals)}", signed(got.totals), rules_for("session", ()))
    return None
