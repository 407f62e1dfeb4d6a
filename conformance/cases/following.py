"""A hand followed from its own text, so that an engine without a replay can be asked queries.

A hand record or a game scenario says every action; from the deal and those actions alone the
harness knows, at each moment, what each seat holds, the picker, the bury, the call, the cards of
the trick so far and whether the called suit was led in an earlier trick. That is all a
``legal-plays`` or ``trick-winner`` query needs (``spec/hand-records.md`` section 14). Nothing
here decides a rule: the card classes and points are those of the deck rules
(``deck.trump-cards``, ``points.card-values``), the same under every option, and whose turn it
is, which action is legal and who wins a trick are left to the engine's answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sheepshead_spec.record_actions import SEATS
from sheepshead_spec.records import card_code

from conformance.adapter import RAISE_VERBS, Capability, LegalPlaysRequest, TrickWinnerRequest

__all__ = ["ASKABLE", "QUERY_CAPABILITIES", "Followed", "card_points_of", "follows", "shown_by_queries"]

QUERY_CAPABILITIES = frozenset(
    {
        Capability.LEGAL_PLAYS,
        Capability.TRICK_WINNER,
        Capability.CARD_POINTS,
        Capability.SCORE,
        Capability.CALLABLE_CARDS,
    }
)
"""The queries a followed hand can be asked as."""

_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}  # points.card-values

ASKABLE: Mapping[str, frozenset[str]] = {
    "play": frozenset(
        {
            "play.lead-any-card",
            "play.follow-suit",
            "play.follow-trump",
            "play.void-in-led-suit",
            "play.hold-card-kept",
            "play.ace-kept-for-called-ten",
            "play.hold-card-on-first-lead",
            "play.hold-card-last-trick",
            "play.picker-leads-called-suit",
            "play.partner-keeps-called-card",
            "play.partner-plays-called-card",
            "play.partner-leads-called-card",
        }
    ),
    "call": frozenset(
        {
            "call.ace-of-held-fail-suit",
            "call.not-own-card",
            "call.ten-when-all-aces",
            "call.no-callable-suit",
            "call.partner-or-alone",
        }
    ),
}
"""The rules whose breach a query shows: which cards the seat to act may play (``legal-plays``),
which cards the picker may call (``callable-cards``). Whose turn it is, a card not held, the
order of bury and call, or the choice of an under card are seen only in a replay."""


_NOT_ASKED_AREAS = frozenset({"auction", "bury", "deal", "session", "all-pass", "procedure"})


def shown_by_queries(rule: str) -> bool:
    """Whether a query's answer can show a breach of ``rule``: not one of whose turn it is, the
    auction, the bury, the deal, a session or table procedure; of the play and the call only the
    rules of :data:`ASKABLE`; of cracking only the cap (the ``score`` query is sent the stakes the
    cracks give, and applies the cap to them).

    >>> shown_by_queries("play.follow-suit"), shown_by_queries("play.winner-leads"), shown_by_queries("crack.cap")
    (True, False, True)
    """
    area = rule.split(".", 1)[0]
    if area in _NOT_ASKED_AREAS:
        return False
    if area in ("play", "call"):
        return rule in ASKABLE[area]
    return area != "crack" or rule == "crack.cap"


def follows(card: str, under: str | None, called: str | None) -> str:
    """The suit a card follows: ``T`` for trump (queens, jacks, diamonds), else its fail suit;
    the under card follows the called suit."""
    if card == under and called is not None:
        return called[1]
    return "T" if card[0] in "QJ" or card[1] == "D" else card[1]


def card_points_of(cards: Sequence[str]) -> int:
    """The card points of ``cards`` (``points.card-values``)."""
    return sum(_POINTS.get(card[0], 0) for card in cards)


@dataclass
class Followed:
    """One hand at the moment after the actions applied so far.

    :param hands: each seat's cards (the picker's with the blind once picked, less the bury).
    :param blind: the two blind cards.
    """

    hands: dict[str, list[str]]
    blind: tuple[str, ...]
    picker: str | None = None
    partner: str | None = None
    """The seat holding the called card, once called (``None``: alone, a leaster, or no call yet)."""
    called: str | None = None
    under: str | None = None
    alone: bool = False
    buried: tuple[str, ...] = ()
    raises: int = 0
    """Cracks, re-cracks and blitzes so far: each doubles the stakes."""
    trick: list[tuple[str, str]] = field(default_factory=list)
    """The trick so far, as (seat, card) in play order."""
    tricks: list[tuple[tuple[str, str], ...]] = field(default_factory=list)
    """The complete tricks, in order."""
    led_before: list[bool] = field(default_factory=list)
    """For each complete trick: whether the called suit was led in an earlier trick."""
    called_suit_led: bool = False
    """Whether the called suit was led in a complete trick."""

    @classmethod
    def start(cls, hands: Mapping[str, Sequence[str]], blind: Sequence[str]) -> Followed:
        """A hand as dealt."""
        return cls({seat: [card_code(card) for card in hands[seat]] for seat in SEATS}, tuple(blind))

    def apply(self, action: str) -> None:
        """Follow one action (``S3 pick``, ``S3 bury TS 7S``, ``S3 call AH under 8D``, ``S1 play 9C``,
        a raise); a pass, an out-of-turn action or a card not held changes nothing but the trick."""
        words = action.split()
        seat, verb = words[0], words[1]
        if verb == "pick":
            self.picker = seat
            self.hands[seat] += self.blind
        elif verb == "bury":
            self.buried = tuple(card_code(card) for card in words[2:])
            for card in self.buried:
                if card in self.hands[seat]:
                    self.hands[seat].remove(card)
        elif verb == "alone":
            self.alone = True
        elif verb == "call":
            self.called = card_code(words[2])
            self.under = card_code(words[4]) if len(words) > 4 else None
            holder = [other for other in SEATS if other != seat and self.called in self.hands[other]]
            self.partner = holder[0] if holder else None
        elif verb in RAISE_VERBS:
            self.raises += 1
        elif verb == "play":
            card = card_code(words[2])
            if card in self.hands[seat]:
                self.hands[seat].remove(card)
            self.trick.append((seat, card))
            if len(self.trick) == 5:
                self.led_before.append(self.called_suit_led)
                if self.called is not None and follows(self.trick[0][1], self.under, self.called) == self.called[1]:
                    self.called_suit_led = True
                self.tricks.append(tuple(self.trick))
                self.trick = []

    def role(self, seat: str) -> str:
        """``picker``, ``partner``, ``defender`` or ``leaster`` (nobody picked)."""
        if self.picker is None:
            return "leaster"
        return "picker" if seat == self.picker else "partner" if seat == self.partner else "defender"

    def legal_request(self, options: Mapping[str, str], seat: str) -> LegalPlaysRequest:
        """The ``legal-plays`` query for ``seat`` at this moment."""
        return LegalPlaysRequest(
            dict(options),
            tuple(self.hands[seat]),
            tuple(card for _, card in self.trick),
            len(self.tricks) + 1,
            self.role(seat),
            self.called,
            self.under,
            self.called_suit_led,
        )

    def trick_request(self, options: Mapping[str, str], number: int) -> TrickWinnerRequest:
        """The ``trick-winner`` query for complete trick ``number`` (1-based)."""
        cards = tuple(card for _, card in self.tricks[number - 1])
        return TrickWinnerRequest(dict(options), cards, self.called, self.under, self.led_before[number - 1])

    def side(self) -> frozenset[str]:
        """The picker's side (the picker alone when alone or no partner)."""
        if self.picker is None:
            return frozenset()
        if self.alone or self.partner is None:
            return frozenset({self.picker})
        return frozenset({self.picker, self.partner})
