"""Which rules a check is about, so that a difference blames those rules and no others.

A case lists every rule it checks, but each single check concerns only some of them: a trick's
winner is about ranking and trick rules, not about the call. :func:`rules_for` picks, for one
check topic, the case's rules of the areas the topic belongs to; where the evidence itself points
at one rule (two trumps that the engine ranked the other way round, a hand scored schneider at 90
points) the diagnosis names that rule even when the case does not list it.

Nothing here knows an engine: card classes come from the deck rules (``deck.trump-cards``), the
same for every profile.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sheepshead_spec.record_actions import SEATS

if TYPE_CHECKING:
    from conformance.adapter import Deal

__all__ = [
    "TOPIC_AREAS",
    "LegalityOracle",
    "action_topic",
    "card_of_seat",
    "leaster_winner_rules",
    "outcome_rules",
    "oracle_legal_actions",
    "permitting_rules",
    "set_rules",
    "refused_rules",
    "rules_for",
    "schneider_line",
    "score_rules",
    "trick_winner_rules",
    "use_legality_oracle",
]

TOPIC_AREAS: Mapping[str, tuple[str, ...]] = {
    "auction": ("auction", "all-pass"),
    "bury": ("bury",),
    "call": ("call", "alone"),
    "crack": ("crack",),
    "procedure": ("procedure",),
    "play": ("play",),
    "deal": ("deal",),
    "legal-plays": ("play",),
    "turn": ("play", "auction", "deal"),
    "phase": ("auction", "bury", "call", "alone", "play", "all-pass"),
    "trick-winner": ("trick", "ranking", "deck"),
    "trick-points": ("points",),
    "card-points": ("points",),
    "partner": ("call", "alone"),
    "side-totals": ("points",),
    "seat-points": ("points", "leaster"),
    "seat-tricks": ("points", "scoring", "leaster"),
    "callable": ("call",),
    "outcome": ("scoring", "alone", "leaster", "all-pass", "procedure"),
    "scores": ("scoring", "alone", "leaster", "all-pass", "crack", "procedure"),
    "leaster-winner": ("leaster",),
    "session": ("session", "all-pass"),
}
"""The rule areas each check topic concerns."""

_FALLBACK: Mapping[str, str] = {
    "auction": "auction.order",
    "bury": "bury.two-cards",
    "call": "call.partner-or-alone",
    "crack": "crack.window",
    "procedure": "procedure.revoke-claimed",
    "play": "play.clockwise-one-card",
    "deal": "deal.three-two-three",
    "legal-plays": "play.follow-suit",
    "trick-winner": "trick.highest-trump-wins",
    "trick-points": "points.card-values",  # a trick is worth the sum of its cards
    "card-points": "points.card-values",
    "partner": "call.partner-is-holder",
    "side-totals": "points.side-totals",
    "seat-points": "points.trick-to-winner",
    "seat-tricks": "scoring.zero-point-trick",
    "callable": "call.ace-of-held-fail-suit",
    "leaster-winner": "leaster.fewest-points-wins",
    "session": "session.cumulative-scores",
}
"""The rule blamed when the case lists none of a topic's areas."""

_KIND_RULE = {
    "win": "scoring.win",
    "loss": "scoring.loss",
    "schneider": "scoring.schneider",
    "schneidered": "scoring.schneidered",
    "all-tricks": "scoring.all-tricks",
    "no-tricks": "scoring.no-tricks",
    "leaster": "leaster.scoring",
    "redeal": "all-pass.redeal",
    "doubler": "all-pass.doubler",
    "schwanzer": "all-pass.schwanzer",
    "revoke": "procedure.revoke-penalty",
}


def _area(rule: str) -> str:
    return rule.split(".", 1)[0]


_FIRST_OF: Mapping[str, tuple[str, ...]] = {"hand-scores": ("scores", "session")}
"""Topics that concern one topic's rules when the case has them, else another's: one hand's
scores in a session are a scoring matter first (a wrong double on the bump), a session one else."""


def _of_areas(topic: str, case_rules: Sequence[str]) -> tuple[str, ...]:
    areas = TOPIC_AREAS.get(topic, ())
    return tuple(rule for rule in case_rules if _area(rule) in areas)


def rules_for(topic: str, case_rules: Sequence[str]) -> tuple[str, ...]:
    """The case's rules a check of ``topic`` concerns (a topic's fallback rule when it lists none).

    >>> rules_for("partner", ["trick.highest-trump-wins", "call.partner-is-holder"])
    ('call.partner-is-holder',)
    >>> rules_for("card-points", ["scoring.win"])
    ('points.card-values',)
    """
    return _rules_for(topic, tuple(case_rules))


@functools.lru_cache(maxsize=8192)
def _rules_for(topic: str, case_rules: tuple[str, ...]) -> tuple[str, ...]:
    """:func:`rules_for` (cached: the case loop asks the same few topics of each case's rules
    for every check)."""
    if topic in _FIRST_OF:  # the first of these topics whose areas the case has rules of
        return next(
            (chosen for t in _FIRST_OF[topic] if (chosen := _of_areas(t, case_rules))),
            _rules_for(_FIRST_OF[topic][-1], case_rules),
        )
    areas = TOPIC_AREAS.get(topic, ())
    chosen = tuple(rule for rule in case_rules if _area(rule) in areas)
    if chosen:
        return chosen
    fallback = _FALLBACK.get(topic)
    return (fallback,) if fallback else tuple(case_rules)


def action_topic(action: str) -> str:
    """The topic of an action's legality: ``S3 bury TS 7S`` -> ``bury``."""
    verb = action.split()[1] if len(action.split()) > 1 else ""
    return {
        "pick": "auction",
        "pass": "auction",
        "bury": "bury",
        "call": "call",
        "alone": "call",
        "crack": "crack",
        "recrack": "crack",
        "blitz": "crack",
        "revoke": "procedure",
        "claim": "procedure",
    }.get(verb, "play")


@dataclass(frozen=True)
class LegalityOracle:
    """What the reference engine says of a moment, for blame only (never as an expectation)."""

    permitting_rule: Callable[[Deal, Mapping[str, str], Sequence[str], str], str | None]
    """Given a deal, options, the actions so far and a legal play: the rule that makes it legal."""
    legal_actions: Callable[[Deal, Mapping[str, str], Sequence[str]], tuple[str, ...] | None]
    """Given a deal, options and the actions so far: every legal action (``None``: unknown)."""
    forbidding_rule: Callable[[Deal, Mapping[str, str], Sequence[str], str], str | None] | None = None
    """Given a deal, options, the actions so far and an illegal action: the rule it breaks."""


_ORACLES: list[LegalityOracle] = []


def use_legality_oracle(oracle: LegalityOracle) -> None:
    """Set how a refused legal play, or a wrong perft count, is traced to its rule. Every front end
    (``run``, the pytest plugin, ``check``) calls :func:`conformance.runner.install_reference_aids`,
    which sets the reference engine's oracle; the cases never import an engine themselves."""
    _ORACLES[:] = [oracle]


def permitting_rules(deal: Deal, options: Mapping[str, str], actions: Sequence[str], action: str) -> tuple[str, ...]:
    """The rule that makes the legal play ``action`` legal at its moment (the exception that
    applies there, else the general rule), or ``()`` when no oracle is set or it cannot say. An
    engine that refuses such a play without naming a rule is blamed on that rule alone, not on
    every play rule of the case."""
    if action_topic(action) != "play" or not _ORACLES:
        return ()
    rule = _ORACLES[0].permitting_rule(deal, options, actions, action)
    return (rule,) if rule else ()


def set_rules(
    deal: Deal,
    options: Mapping[str, str],
    actions: Sequence[str],
    seat: str,
    expected: Sequence[str],
    offered: Sequence[str],
) -> tuple[str, ...]:
    """The rules a wrong set of legal plays of ``seat`` breaks: for each card left out, the rule
    that makes it legal; for each card offered that the rules forbid, the rule it breaks (by the
    oracle; ``()`` when no oracle is set or it cannot say)."""
    if not _ORACLES:
        return ()
    oracle = _ORACLES[0]
    found: dict[str, None] = {}
    for card in sorted(set(expected) - set(offered)):
        rule = oracle.permitting_rule(deal, options, actions, f"{seat} play {card}")
        if rule:
            found.setdefault(rule, None)
    if oracle.forbidding_rule is not None:
        for card in sorted(set(offered) - set(expected)):
            rule = oracle.forbidding_rule(deal, options, actions, f"{seat} play {card}")
            if rule:
                found.setdefault(rule, None)
    return tuple(found)


def forbidding_rules(deal: Deal, options: Mapping[str, str], actions: Sequence[str], action: str) -> tuple[str, ...]:
    """The rule an illegal ``action`` breaks at its moment, by the oracle (``()``: it cannot say)."""
    if not _ORACLES or _ORACLES[0].forbidding_rule is None:
        return ()
    rule = _ORACLES[0].forbidding_rule(deal, options, actions, action)
    return (rule,) if rule else ()


def oracle_legal_actions(deal: Deal, options: Mapping[str, str], actions: Sequence[str]) -> tuple[str, ...] | None:
    """Every legal action after ``actions`` as the oracle sees it (``None``: no oracle, or unknown)."""
    return _ORACLES[0].legal_actions(deal, options, actions) if _ORACLES else None


def refused_rules(action: str, case_rules: Sequence[str]) -> tuple[str, ...]:
    """The rules broken by refusing a legal ``action``: the rule that permits that kind of call
    (a ten: ``call.ten-when-all-aces``; under: ``call.under-card``; an ace:
    ``call.ace-of-held-fail-suit``), else the case's rules about the action's topic.

    >>> refused_rules("S3 call TH", ["call.not-own-card", "call.ten-when-all-aces"])
    ('call.ten-when-all-aces',)
    >>> refused_rules("S1 play QC", ["play.follow-suit", "scoring.win"])
    ('play.follow-suit',)
    """
    words = action.split()
    if len(words) >= 3 and words[1] == "call":
        if "under" in words:
            return ("call.under-card",)
        return ("call.ten-when-all-aces",) if words[2][0] == "T" else ("call.ace-of-held-fail-suit",)
    return rules_for(action_topic(action), case_rules)


def card_of_seat(cards: Sequence[str], leader: str, seat: str | None) -> str:
    """The card ``seat`` played to a trick led by ``leader`` (``?`` when it cannot be told).

    >>> card_of_seat(["9C", "AC", "KC"], "S5", "S1")
    'AC'
    """
    if seat not in SEATS or leader not in SEATS:
        return "?"
    index = (SEATS.index(seat) - SEATS.index(leader)) % 5
    return cards[index] if index < len(cards) else "?"


def is_trump(card: str) -> bool:
    """Queens, jacks and diamonds (``deck.trump-cards``)."""
    return card[0] in "QJ" or card[1] == "D"


def trick_winner_rules(
    cards: Sequence[str],
    expected: str,
    actual: str,
    *,
    called: str | None = None,
    under: str | None = None,
    case_rules: Sequence[str] = (),
) -> tuple[str, ...]:
    """The rule a wrong trick winner breaks, read from the two cards.

    >>> trick_winner_rules(["QH", "QD"], "QH", "QD")
    ('ranking.trump-order',)
    >>> trick_winner_rules(["9C", "AC", "KC"], "AC", "KC")
    ('ranking.fail-order',)
    >>> trick_winner_rules(["9C", "AS"], "9C", "AS")
    ('trick.highest-of-led-suit-wins',)

    :param cards: the trick in play order.
    :param expected: the card that wins by the rules.
    :param actual: the card the engine says wins.
    """
    if under is not None and actual == under:
        return ("trick.under-never-wins",)
    if called is not None and called[0] == "T" and called in (expected, actual):
        return ("trick.called-ten-rank",)
    if actual not in cards:
        return rules_for("trick-winner", case_rules)
    expected_trump, actual_trump = is_trump(expected), is_trump(actual)
    if expected_trump and actual_trump:
        return ("ranking.trump-order",)
    if expected_trump:
        return ("ranking.trump-beats-fail",)
    if actual_trump:
        return ("deck.trump-cards",)
    led = cards[0][1] if cards and not is_trump(cards[0]) else None
    if actual[1] != led:
        return ("trick.highest-of-led-suit-wins",)
    if {expected[0], actual[0]} == {"K", "T"}:
        return ("ranking.fail-king-below-ten",)
    return ("ranking.fail-order",)


def outcome_rules(expected: str, actual: str, *, picker_points: int | None = None) -> tuple[str, ...]:
    """The scoring rule that separates two outcome classes of a picker hand.

    >>> outcome_rules("win", "schneider")
    ('scoring.schneider-thresholds',)
    >>> outcome_rules("loss", "win", picker_points=60)
    ('scoring.tie-goes-to-defenders',)
    """
    pair = {expected, actual}
    if pair & {"leaster", "redeal", "doubler", "schwanzer"}:
        return ("all-pass.table-choice",)
    if pair <= {"win", "schneider"} or pair <= {"loss", "schneidered"}:
        return ("scoring.schneider-thresholds",)
    if "all-tricks" in pair:
        return ("scoring.all-tricks",)
    if "no-tricks" in pair:
        return ("scoring.no-tricks",)
    if pair & {"win", "schneider"} and pair & {"loss", "schneidered"}:
        if picker_points == 60:
            return ("scoring.tie-goes-to-defenders",)
        return ("scoring.win-threshold",)
    return (_KIND_RULE.get(expected, "scoring.win"),)


def schneider_line(expected: str, actual: str) -> tuple[str, ...]:
    """Which schneider line two outcome classes of a picker hand part on: the picker's side's
    (``scoring.schneider``: 90/91) or the defenders' (``scoring.schneidered``: 30/31); ``()`` when
    they part on no schneider line.

    >>> schneider_line("win", "schneider"), schneider_line("schneidered", "loss"), schneider_line("win", "loss")
    (('scoring.schneider',), ('scoring.schneidered',), ())
    """
    pair = {expected, actual}
    if pair == {"win", "schneider"}:
        return ("scoring.schneider",)
    if pair == {"loss", "schneidered"}:
        return ("scoring.schneidered",)
    return ()


def leaster_winner_rules(
    expected: str | None,
    actual: str | None,
    seat_points: Mapping[str, int],
    seat_tricks: Mapping[str, int],
    tied: Sequence[str] = (),
    *,
    needs_trick: bool = False,
) -> tuple[str, ...]:
    """The leaster rule a wrong leaster winner breaks, read from the engine's answer and the hand's
    points and tricks: a winner who took no trick, or no winner where the fewest points are shared
    only by seats without a trick, under ``leaster-needs-trick: yes`` (``leaster.needs-trick``);
    another of the tied seats, or none for a tie (``leaster.tie``); else ``leaster.fewest-points-wins``.

    >>> points, tricks = {"S1": 0, "S2": 0, "S3": 5, "S4": 40, "S5": 75}, {"S1": 0, "S2": 0, "S3": 1, "S4": 2, "S5": 3}
    >>> leaster_winner_rules("S3", "S1", points, tricks, needs_trick=True)
    ('leaster.needs-trick',)
    >>> leaster_winner_rules("S3", None, points, tricks, needs_trick=True)
    ('leaster.needs-trick',)
    >>> leaster_winner_rules("S3", "S5", points, tricks, needs_trick=True)
    ('leaster.fewest-points-wins',)
    """
    trickless = [seat for seat in seat_points if not seat_tricks.get(seat)]
    if needs_trick and actual in trickless:
        return ("leaster.needs-trick",)
    if actual is None and tied:
        return ("leaster.tie",)
    if actual is None and needs_trick and len(trickless) > 1:
        fewest = min(seat_points[seat] for seat in seat_points)
        if sum(1 for seat in trickless if seat_points[seat] == fewest) > 1:
            return ("leaster.needs-trick",)  # a tie among seats that may not win
    if actual is not None and actual in tied:
        return ("leaster.tie",)
    if expected is None and actual is not None and actual in seat_points:
        fewest = min(seat_points.values())
        if seat_points[actual] == fewest:
            return ("leaster.tie",)  # one of the seats sharing the fewest points named the winner
    return ("leaster.fewest-points-wins",)


def score_rules(
    kind: str | None,
    expected: Mapping[str, int],
    actual: Mapping[str, int],
    *,
    alone: bool = False,
    stakes: int = 1,
    raises: int = 0,
    case_rules: Sequence[str] = (),
    bump: bool = False,
) -> tuple[str, ...]:
    """The rule a wrong set of score changes breaks, given the (agreed) outcome class.

    ``raises`` counts the hand's cracks, re-cracks and blitzes: when there are some and every
    change is off by one factor, the doubling is blamed (with its cap, where the case lists it).
    ``bump``: the table doubles on the bump (``double-on-the-bump: on``); a won hand whose every
    change is doubled was doubled as if lost, whatever the win (a schneider, alone, under stakes).

    >>> score_rules("loss", {"S1": -2, "S2": 1}, {"S1": -4, "S2": 2})
    ('scoring.double-on-the-bump',)
    >>> score_rules("win", {"S1": 2, "S2": -1}, {"S1": 4, "S2": -2}, stakes=2)
    ('scoring.stakes-multiply',)
    >>> score_rules("loss", {"S1": -8, "S2": 4}, {"S1": -4, "S2": 2}, raises=1)
    ('crack.doubles',)
    >>> score_rules("loss", {"S1": -64, "S2": 16}, {"S1": -128, "S2": 32}, raises=3, case_rules=["crack.cap"])
    ('crack.cap',)
    >>> score_rules("schneider", {"S1": 4, "S2": -2}, {"S1": 8, "S2": -4}, bump=True)
    ('scoring.double-on-the-bump',)
    """
    if sum(actual.values()) != 0 and sum(expected.values()) == 0:
        return ("scoring.zero-sum",)
    ratios = {actual[seat] / value for seat, value in expected.items() if value and seat in actual}
    uniform = len(ratios) == 1 and ratios != {1.0}
    if bump and kind in ("win", "schneider", "all-tricks") and ratios == {2.0}:
        return ("scoring.double-on-the-bump",)  # the multiplier of a lost hand, applied to a win
    if raises and uniform:  # the doubling, or its cap where the case checks one
        (ratio,) = ratios
        if ratio > 1 and "crack.cap" in case_rules:  # more than the rules give: the cap was passed
            return ("crack.cap",)
        return tuple(rule for rule in ("crack.cap", "crack.doubles") if rule in case_rules) or ("crack.doubles",)
    if kind in ("loss", "schneidered", "no-tricks") and uniform:
        # Every change of a lost hand off by one factor: the multiplier of a lost hand.
        return ("scoring.double-on-the-bump",)
    if stakes != 1 and uniform:
        return ("scoring.stakes-multiply",)
    if kind == "leaster":
        chosen = tuple(rule for rule in case_rules if rule in ("leaster.scoring", "leaster.tie"))
        return chosen or ("leaster.scoring",)
    if alone:
        return ("alone.scoring",)
    return (_KIND_RULE.get(kind or "", "scoring.win"),)
