"""Example adapter: a Python game object (``game.py`` here) with string actions, ``False`` on an
illegal action, seat 1 always first, one card buried per action and an under call in two steps
(``S3 call AH under 7C`` is ``CALL AH`` then ``UNDER 7C``). The kit does the rest: it finds the
legal burials and calls by trying each on a copy (``legal_actions`` answers ``None`` then), and
puts the game back when a bury or an under call is refused after its first step (it replays the
hand from the deal; a ``snapshot()``/``restore(state)`` pair here would be used instead).
Run it as: ``sheepshead-conformance run --engine python:adapter:engine`` from this folder."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from game import Game, points  # noqa: E402

from conformance.adapter import EngineInfo, HandOutcome  # noqa: E402
from conformance.kit import StepAdapter, StepResult, StepTrick  # noqa: E402
from conformance.kit.translate import CardSpelling, SeatRotation, bury_cards, parse_action  # noqa: E402

CARDS = CardSpelling.named("ten_as_10")  # the game writes 10D, QC
PLAYS = {
    "jack-order": "clubs-first",
    "void-play": "free",
    "defender-sweep": "shared",
    "no-tricker": "points",
    "double-on-the-bump": "on",
    "all-pass": "leaster",
    "leaster-blind": "first-trick",
    "leaster-needs-trick": "yes",
    "leaster-tie": "no-exchange",
    "called-ten-rank": "normal",
    "no-callable-suit": "under",
    "bury-on-no-trick": "picker",
    "call-timing": "bury-then-call",
    "called-suit-lead": "any-time",
    "doubler-stacking": "queue",
    "all-pass-dealer": "passes-left",
}


class GameSteps:
    def info(self) -> EngineInfo:
        return EngineInfo("python-game", "1.0", frozenset(), {axis: (option,) for axis, option in PLAYS.items()})

    def start(self, deal, options):  # type: ignore[no-untyped-def]
        self.seats = SeatRotation(deal.dealer)
        self.game = Game(double_on_bump=True)
        self.game.hands = [[CARDS.to_engine(c) for c in hand] for hand in self.seats.hands_to_engine(deal.hands)]
        self.game.blind = [CARDS.to_engine(c) for c in deal.blind]

    def turn(self) -> str | None:
        return None if self.game.phase == "over" else self.seats.from_engine(self.game.current)

    def legal_actions(self) -> list[str] | None:
        if self.game.phase in ("bury", "call"):
            return None  # a card at a time, a call in one or two steps: the kit tries each
        seat, legal = self.turn(), self.game.legal_actions()
        return [
            f"{seat} {verb.lower()}" + (f" {CARDS.from_engine(card)}" if card else "")
            for verb, _, card in (a.partition(" ") for a in legal)
        ]

    def apply(self, action: str) -> bool:
        a = parse_action(action)
        if self.turn() != a.seat or a.verb not in ("pick", "pass", "bury", "call", "alone", "play"):
            return False  # not its seat's turn, or a crack, blitz, revoke or claim the game does not know
        cards = bury_cards(action) if a.verb == "bury" else a.cards  # a bury of one card: refused
        words = [f"{a.verb.upper()} {CARDS.to_engine(c)}" for c in cards] or [a.verb.upper()]
        if len(words) > 1 and a.verb != "bury":
            return False
        words += [f"UNDER {CARDS.to_engine(a.under)}"] if a.under else []
        # a half-made bury or under call, or a plain call the game takes as an under call: the kit replays
        return all(self.game.act(word) for word in words) and self.game.phase != "under"

    def result(self) -> StepResult:
        g = self.game
        tricks = [StepTrick(self.seats.from_engine(winner), points(cards)) for _, cards, winner in g.tricks]
        if g.phase != "over":
            return StepResult(tricks, over=False)
        scores = self.seats.values_from_engine(g.scores)
        if g.leaster:
            return StepResult(tricks, True, HandOutcome("leaster", scores))
        partner = None if g.partner is None else self.seats.from_engine(g.partner)
        sides = {"picker_side_points": g.side_points, "picker_side_tricks": g.side_tricks}
        sides |= {"defender_points": 120 - g.side_points, "defender_tricks": 6 - g.side_tricks}
        picker = self.seats.from_engine(g.picker)
        return StepResult(tricks, True, HandOutcome(g.outcome, scores, picker=picker, partner=partner, **sides))


def engine() -> StepAdapter:
    return StepAdapter(GameSteps())  # the game acts for its current seat: the harness checks turns
