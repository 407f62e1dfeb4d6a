"""Which rules and options a fuzzing run reached, as the reference engine tells it.

For each hand the reference played, the rules that decided it are those ``check`` names when it
narrates the hand (:func:`conformance.cases.narrate.narrate_hand`: the auction, the bury and the call,
each trick's winner, the outcome and its scoring), plus, for each play, the rule that made that
card legal at its moment (the exception applied, such as the hold card thrown off in the last
trick: :func:`~conformance.engines.reference.permitting_rule`), and the rule each illegal probe
broke. Options are counted per hand, as the hand was played. Tracking costs a second replay and a
narration per hand, so it is on only when asked for (``fuzz --rules``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sheepshead_spec import Spec
from sheepshead_spec.record_actions import deal_fields, plan_body, record_fields

from conformance.adapter import Deal, ReplayRequest

if TYPE_CHECKING:
    from conformance.engines.reference import ReferenceAdapter

__all__ = ["Reached", "UNREACHABLE"]

_PICKER_KINDS = frozenset({"win", "schneider", "all-tricks", "loss", "schneidered", "no-tricks"})
_EVERY_CARD_PLAYED = (
    "deck.thirty-two-cards",
    "deck.trump-cards",
    "deck.fail-suits",
    "points.card-values",
    "points.same-in-every-suit",
    "play.clockwise-one-card",
    "play.card-in-hand",
)
"""Rules every card played goes by: the pack, its trumps and fail suits, the card values, one card
in turn from the hand."""
_RANKS = "AT K987"  # a fail suit's order, the king below the ten (ranking.fail-order, …-king-below-ten)


def _trump(card: str) -> bool:
    return card[0] in "QJ" or card[1] == "D"


def _facts(actions: Sequence[str], response: object, options: Mapping[str, str], deal: Deal) -> set[str]:
    """The rules of the catalogue that the narration does not name but the hand's facts show it
    went by: the pack and card values, the fail order within a trick, the bury and call rules,
    the window of a crack, a zero-point trick, the points at exactly 60 or a schneider line, the
    stakes cap and multipliers."""
    from conformance.adapter import ReplayResponse

    assert isinstance(response, ReplayResponse)
    found: set[str] = set()
    plays = [a.split() for a in actions if a.split()[1] == "play"]
    verbs = {a.split()[1] for a in actions}
    if plays:
        found.update(_EVERY_CARD_PLAYED)
    if deal.deck is not None:
        found.add("deal.dealing-order-given")
    if "bury" in verbs:
        found.add("bury.cards-from-hand")
        bury = next(a.split()[2:] for a in actions if a.split()[1] == "bury")
        if any(_trump(c) or c[0] in "ATKQJ" for c in bury):
            found.add("bury.any-two-cards")
        if options.get("call-timing") == "bury-then-call" and verbs & {"call", "alone"}:
            found.add("bury.before-call")
    if verbs & {"call", "alone"}:
        found.add("call.partner-or-alone")
    if verbs & {"crack", "recrack", "blitz"}:
        found.add("crack.window")
    for start in range(0, len(plays) - len(plays) % 5, 5):
        cards = [words[2] for words in plays[start : start + 5]]
        led = cards[0]
        if _trump(led):
            found.add("deck.trump-is-one-suit")
            continue
        if any(_trump(c) for c in cards):
            continue
        suit = [c for c in cards if not _trump(c) and c[1] == led[1]]
        if len(suit) > 1:
            found.add("ranking.fail-order")
            if any(c[0] == "K" for c in suit):
                found.add("ranking.fail-king-below-ten")
        if any(c[1] != led[1] for c in cards):
            found.add("ranking.fail-suits-equal")
    if any(trick.points == 0 for trick in response.tricks if trick.points is not None):
        found.add("scoring.zero-point-trick")
    outcome = response.outcome
    if outcome is not None and outcome.kind in _PICKER_KINDS:
        found.add("scoring.win-threshold")
        if len(response.tricks) == 6:
            found.add("points.total-120")
        points = outcome.picker_side_points
        if points == 60:
            found.add("scoring.tie-goes-to-defenders")
        if points in (30, 31, 90, 91):
            found.add("scoring.schneider-thresholds")
        raises = sum(a.split()[1] in ("crack", "recrack", "blitz") for a in actions)
        bumped = outcome.kind in ("loss", "schneidered", "no-tricks") and options.get("double-on-the-bump") == "on"
        if raises + bumped >= 2 or (raises and bumped):
            found.add("scoring.stakes-multiply")
        if options.get("stakes-cap", "none") != "none" and (2**raises) * (2 if bumped else 1) > 16:
            found.add("crack.cap")
    return found


UNREACHABLE: Mapping[str, str] = {
    "deck.five-players": "a rule of the table itself: every hand has five players",
    "procedure.revoke-claimed": "a random game plays only legal cards: a revoke is never played",
    "procedure.revoke-penalty": "a random game plays only legal cards: a revoke is never claimed",
    "procedure.out-of-turn": (
        "a random game never acts out of turn; a probe out of turn is refused under the rule of its phase"
        " (auction.order, play.clockwise-one-card)"
    ),
    "procedure.misdeal": "the fuzzer deals only regular deals (an irregular one is a record for check)",
    "procedure.card-exposed-by-player": "the fuzzer deals only regular deals",
    "procedure.deal-out-of-turn": "the fuzzer deals only regular deals",
}
"""Rules a random game cannot reach, with the reason (the README lists them)."""


@dataclass
class Reached:
    """Counts of the rules and options a run reached (one count per hand that reached it)."""

    rules: Counter[str] = field(default_factory=Counter)
    options: Counter[tuple[str, str]] = field(default_factory=Counter)
    hands: int = 0
    _reference: ReferenceAdapter | None = field(default=None, repr=False, compare=False)

    def note_hand(self, deal: Deal, options: Mapping[str, str], actions: Sequence[str], probes: Iterable[str]) -> None:
        """Count one hand the reference played: its deal, options, actions (in replay order) and
        the rules its illegal probes broke."""
        from conformance.cases.narrate import narrate_hand
        from conformance.engines.reference import ReferenceAdapter, permitting_rule_steps

        self.hands += 1
        self.options.update(options.items())
        found: set[str] = set(probes)
        found.update(permitting_rule_steps(deal, options, actions))
        plan = plan_body({**deal_fields(deal), **record_fields(actions)}, options=options)
        if self._reference is None:
            self._reference = ReferenceAdapter()
        response = self._reference.replay(ReplayRequest(options=dict(options), deal=deal, actions=plan.actions))
        found.update(narrate_hand(plan, response, options, file="", statements={}).cited)
        found.update(_facts(plan.actions, response, options, deal))
        self.rules.update(found)

    def note_score(self, picker_side_points: int, kind: str, stakes: int, options: Mapping[str, str]) -> None:
        """Count the rules a ``score`` query at these card points and stakes reaches (the fuzzer
        draws them towards the thresholds: 30/31, 60/61, 90/91, and the cap)."""
        found = {"scoring.win-threshold"} if kind in _PICKER_KINDS else set()
        bumped = kind in ("loss", "schneidered", "no-tricks") and options.get("double-on-the-bump") == "on"
        if stakes > 1 and bumped:
            found.add("scoring.stakes-multiply")
        if options.get("stakes-cap", "none") != "none" and stakes * (2 if bumped else 1) > 16:
            found.add("crack.cap")
        if picker_side_points == 60:
            found.add("scoring.tie-goes-to-defenders")
        if picker_side_points in (30, 31, 90, 91):
            found.add("scoring.schneider-thresholds")
        self.rules.update(found)

    def note_session(self, hands: int, options: Mapping[str, str], doubled: bool, consecutive_doublers: bool) -> None:
        """Count the rules a session of ``hands`` hands reaches (its hands are not narrated)."""
        found = {"session.first-dealer", "session.deal-rotates-left", "session.cumulative-scores"}
        if doubled:
            found.add("scoring.stakes-multiply")
        if consecutive_doublers:
            found.add("all-pass.doubler-stacking")
        self.rules.update(found)

    def merge(self, other: Reached) -> None:
        """Add another run's counts (a worker's, under ``--jobs``)."""
        self.rules.update(other.rules)
        self.options.update(other.options)
        self.hands += other.hands

    def table(self, spec: Spec) -> list[str]:
        """The rules of the catalogue with the hands that reached each, area by area, then every
        option with its hands; the rules not reached are marked, with the reason where a random
        game cannot reach them."""
        lines = [
            f"Rules reached in {self.hands} hands: {sum(1 for r in spec.rules if self.rules[r.id])} of {len(spec.rules)}"
        ]
        for area in spec.areas:
            lines.append(f"  {area.id}")
            for rule in spec.rules_in_area(area.id):
                count = self.rules[rule.id]
                why = f"  (not reached: {UNREACHABLE[rule.id]})" if not count and rule.id in UNREACHABLE else ""
                mark = f"{count:>7}" if count else "      -"
                lines.append(f"  {mark}  {rule.id}{why}")
        lines.append("Options played (hands):")
        for axis in spec.axes:
            counts = ", ".join(f"{option.id} {self.options[(axis.id, option.id)]}" for option in axis.options)
            lines.append(f"  {axis.id}: {counts}")
        return lines

    def missed(self, spec: Spec) -> list[str]:
        """The rules not reached that a random game can reach."""
        return [r.id for r in spec.rules if not self.rules[r.id] and r.id not in UNREACHABLE]
