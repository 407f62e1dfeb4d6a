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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from conformance.adapter import Adapter, AdapterError, Capability, Deal, SessionRequest, SessionResponse, Unsupported
from conformance.cases.blame import rules_for
from conformance.cases.model import Verdict
from conformance.cases.records import judge_session_end
from conformance.fuzz.choices import Choices
from conformance.fuzz.classes import check_difference
from conformance.fuzz.driver import Divergence, choose_action, random_deal
from conformance.fuzz.expect import facts, played_plan
from conformance.kit.steps import StepEngine
from conformance.kit.translate import SEATS

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
    try:
        got = engine.session(request if sent is None else dataclasses.replace(request, options=dict(sent)))
    except AdapterError as error:  # a crash or a hang on the session request: a finding, never the run's end
        message = f"engine error ({error.kind}): {error}"
        session.divergence = Divergence(
            "crash", 0, "an answer to the session", message, rules_for("phase", ()), about="crash-session"
        )
        return session
    session.divergence = _compare(session.hands, want, got, options)
    return session


def _compare(
    hands: Sequence[tuple[Deal, tuple[str, ...]]],
    want: SessionResponse,
    got: SessionResponse,
    options: Mapping[str, str],
) -> Divergence | None:
    """The engine's session judged by the record judge against the reference's (the checks
    ``check`` makes of the session record the fuzzer writes: a hand refused, each hand's results,
    the totals)."""
    plans = [
        played_plan(deal, actions, options, replayed.outcome)
        for (deal, actions), replayed in zip(hands, want.hands, strict=False)
    ]
    refused = None if want.rejected_hand is None else (want.rejected_hand, want.rule)
    for check in judge_session_end(plans, want.totals, got, options, facts(), refused):
        if check.verdict is Verdict.DIFFERS:
            what = check_difference(check.label, check.expected)
            return Divergence(
                "session",
                0,
                f"{check.label} {check.expected}",
                check.actual,
                check.rules,
                about=what if what.startswith("session-") else f"session-{what}",
            )
    return None
