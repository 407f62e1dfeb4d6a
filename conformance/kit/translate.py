"""Translations an adapter needs between an engine's vocabulary and the harness's.

The harness speaks seats ``S1``…``S5`` (the dealer's left bids and leads first), card codes
``QC``/``TD``/``7H`` and action texts ``S3 bury KH 7C``, ``S3 call AH`` (``spec/hand-records.md``).
Engines differ; each difference is one small function here, so that an adapter is a table and a
few lines:

- :class:`CardSpelling`: card codes in another spelling, ``10_diamonds``, ``TD``, ``10♦``,
  ``Q-C``, ``queen_of_clubs``… (a table of rank and suit words and a pattern);
- :class:`SeatRotation`: an engine whose seat 1 always bids and leads first (no dealer);
- :func:`bury_cards` and :func:`pair_burials`: an engine that buries one card per action;
- :func:`called_suit` and :func:`call_of_suit`: an engine that calls a suit, not a card;
- :func:`parse_action` and :func:`action_text`: action texts into parts and back.

>>> spelling = CardSpelling.named("rank_suit_words")
>>> spelling.to_engine("TD"), spelling.from_engine("10_diamonds"), spelling.from_engine("queen_clubs")
('10_diamonds', 'TD', 'QC')
>>> SeatRotation("S3").to_engine("S4"), SeatRotation("S3").from_engine(5)
(1, 'S3')
>>> bury_cards("S3 bury KH 7C"), called_suit("S3 call AH"), call_of_suit("S3", "hearts", ["AH", "TH"])
(['KH', '7C'], 'H', 'S3 call AH')
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from conformance.adapter import canonical_action

__all__ = [
    "Malformed",
    "CardSpelling",
    "ParsedAction",
    "SeatRotation",
    "action_text",
    "bury_cards",
    "call_of_suit",
    "called_suit",
    "outcome_kind",
    "pair_burials",
    "parse_action",
]

SEATS = ("S1", "S2", "S3", "S4", "S5")
RANKS = ("A", "T", "K", "Q", "J", "9", "8", "7")
SUITS = ("C", "S", "H", "D")
CARDS = tuple(rank + suit for suit in SUITS for rank in RANKS)
"""The 32 cards, suit by suit."""

_COMPACT = re.compile(r"^(10|[AKQJT2-9])\s*([CSHD♣♠♥♦])$", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s_\-/|,.]+")
_SUIT_WORDS = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}
_RANK_WORDS = {"A": "ace", "T": "10", "K": "king", "Q": "queen", "J": "jack", "9": "9", "8": "8", "7": "7"}


_NAMED: dict[str, tuple[Mapping[str, str], Mapping[str, str], str]] = {
    "canonical": ({r: r for r in RANKS}, {s: s for s in SUITS}, "{rank}{suit}"),
    "ten_as_10": ({**{r: r for r in RANKS}, "T": "10"}, {s: s for s in SUITS}, "{rank}{suit}"),
    "symbols": ({**{r: r for r in RANKS}, "T": "10"}, {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}, "{rank}{suit}"),
    "dashed": ({r: r for r in RANKS}, {s: s for s in SUITS}, "{rank}-{suit}"),
    "rank_suit_words": ({r: ("10" if r == "T" else r) for r in RANKS}, _SUIT_WORDS, "{rank}_{suit}"),
    "words": (_RANK_WORDS, _SUIT_WORDS, "{rank}_of_{suit}"),
    "rank_words": (_RANK_WORDS, _SUIT_WORDS, "{rank}_{suit}"),
}


class Malformed(ValueError):
    """An action the kit's translation refuses (a bury of one card, for an engine that buries a
    card at a time): :class:`~conformance.kit.StepAdapter` reports it as the engine refusing the
    action under :attr:`rule`, as an engine that checks its input would."""

    def __init__(self, message: str, *, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


class CardSpelling:
    """A card-code spelling: how an engine writes each rank and suit, and how it joins them.

    :param ranks: harness rank (``A T K Q J 9 8 7``) -> the engine's rank text.
    :param suits: harness suit (``C S H D``) -> the engine's suit text.
    :param template: the engine's code, from ``{rank}`` and ``{suit}``.
    """

    def __init__(self, ranks: Mapping[str, str], suits: Mapping[str, str], template: str = "{rank}{suit}") -> None:
        if set(ranks) != set(RANKS) or set(suits) != set(SUITS):
            raise ValueError("a spelling needs every rank A T K Q J 9 8 7 and every suit C S H D")
        self.ranks = dict(ranks)
        self.suits = dict(suits)
        self.template = template
        self._reading = {
            self.to_engine(rank + suit).lower(): rank + suit for rank, suit in itertools.product(RANKS, SUITS)
        }
        # Rank words and symbols of every common spelling (``queen``, ``10``, ``♦``) are read too.
        self._rank_reads = {
            **{v.lower(): k for k, v in _RANK_WORDS.items()},
            **{v.lower(): k for k, v in self.ranks.items()},
            "10": "T",
            "t": "T",
        }
        self._suit_reads = {
            **{v.lower(): k for k, v in _SUIT_WORDS.items()},
            **{v.lower(): k for k, v in self.suits.items()},
            "♣": "C",
            "♠": "S",
            "♥": "H",
            "♦": "D",
        }

    @classmethod
    def named(cls, name: str) -> CardSpelling:
        """A common spelling: ``canonical`` (``TD``), ``ten_as_10`` (``10D``), ``symbols`` (``10♦``),
        ``dashed`` (``Q-C``), ``rank_suit_words`` (``10_diamonds``, ``Q_clubs``; reads
        ``queen_clubs`` too), ``rank_words`` (``queen_clubs``, ``10_diamonds``), ``words``
        (``queen_of_clubs``).

        :raises KeyError: no spelling of that name.
        """
        ranks, suits, template = _NAMED[name]
        return cls(ranks, suits, template)

    def to_engine(self, card: str) -> str:
        """The engine's code of a harness card code (``TD`` -> ``10_diamonds``).

        :raises ValueError: not a harness card code.
        """
        if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
            raise ValueError(f"not a card code: {card!r} (expected e.g. QC, TD, 7H)")
        return self.template.format(rank=self.ranks[card[0]], suit=self.suits[card[1]])

    def from_engine(self, code: object) -> str:
        """The harness code of an engine's card (``10_diamonds`` -> ``TD``); any spelling of the
        ranks and suits this spelling or the common ones use is read.

        :raises ValueError: the code names no card.
        """
        text = str(code).strip()
        found = self._reading.get(text.lower())
        if found is not None:
            return found
        compact = _COMPACT.match(text)  # ``QC``, ``10d``, ``Q♣``
        parts = list(compact.groups()) if compact else [p for p in _SEPARATORS.split(text) if p and p.lower() != "of"]
        if len(parts) == 2:
            rank = self._rank_reads.get(parts[0].lower())
            suit = self._suit_reads.get(parts[1].lower())
            if rank is None and suit is None:  # written suit first: ``clubs_queen``
                rank = self._rank_reads.get(parts[1].lower())
                suit = self._suit_reads.get(parts[0].lower())
            if rank in RANKS and suit in SUITS:
                return f"{rank}{suit}"
        raise ValueError(f"not a card: {code!r}")

    def action_to_engine(self, action: str) -> str:
        """An action text with every card in the engine's spelling (seats and verbs unchanged)."""
        return " ".join(self.to_engine(w) if _is_card(w) else w for w in action.split())


def _is_card(word: str) -> bool:
    return len(word) == 2 and word[0] in RANKS and word[1] in SUITS


@dataclass(frozen=True)
class SeatRotation:
    """Seats of an engine whose seat 1 always bids and leads first (it has no dealer): engine seat
    1 is the harness's dealer's left, seat 5 the dealer.

    :param dealer: the harness's dealer of the hand (``S1``…``S5``).
    :param first: the engine's number of its first seat (1, or 0 for a 0-based engine).
    """

    dealer: str
    first: int = 1

    def __post_init__(self) -> None:
        if self.dealer not in SEATS:
            raise ValueError(f"not a seat: {self.dealer!r}")

    def to_engine(self, seat: str) -> int:
        """The engine's number of a harness seat."""
        return (SEATS.index(seat) - SEATS.index(self.dealer) - 1) % 5 + self.first

    def from_engine(self, number: int) -> str:
        """The harness seat of an engine's seat number."""
        return SEATS[(SEATS.index(self.dealer) + 1 + number - self.first) % 5]

    def hands_to_engine(self, hands: Mapping[str, Sequence[str]]) -> list[Sequence[str]]:
        """The five hands in the engine's seat order (its seat 1 first)."""
        return [hands[self.from_engine(number)] for number in range(self.first, self.first + 5)]

    def values_from_engine(self, values: Sequence[int] | Mapping[int, int]) -> dict[str, int]:
        """Per-seat values (scores, points) in the engine's seat order, by harness seat."""
        items = values.items() if isinstance(values, Mapping) else enumerate(values, start=self.first)
        return {self.from_engine(int(number)): int(value) for number, value in items}


@dataclass(frozen=True)
class ParsedAction:
    """An action text in parts: ``S3 call AS under 8D`` -> seat S3, verb call, cards (AS,), under 8D."""

    seat: str
    verb: str
    """``pick``, ``pass``, ``bury``, ``call``, ``alone``, ``play``, ``crack``, ``recrack`` or ``blitz``."""
    cards: tuple[str, ...] = ()
    """The cards; for a blitz, its colour (``black`` or ``red``)."""
    under: str | None = None


_VERBS = ("pick", "pass", "bury", "call", "alone", "play", "crack", "recrack", "blitz", "revoke", "claim")


def parse_action(text: str) -> ParsedAction:
    """The parts of a harness action text (a blitz's one part is its colour, ``black`` or ``red``).

    >>> parse_action("S3 call AS under 8D")
    ParsedAction(seat='S3', verb='call', cards=('AS',), under='8D')

    :raises ValueError: not an action text.
    """
    words = text.split()
    if len(words) < 2 or words[0] not in SEATS or words[1] not in _VERBS:
        raise ValueError(f"not an action: {text!r}")
    seat, verb, rest = words[0], words[1], words[2:]
    if verb == "call" and len(rest) == 3 and rest[1] == "under":
        return ParsedAction(seat, verb, (rest[0],), rest[2])
    return ParsedAction(seat, verb, tuple(rest))


def action_text(seat: str, verb: str, cards: Iterable[str] = (), under: str | None = None) -> str:
    """A harness action text from parts (a bury's cards in canonical order).

    >>> action_text("S3", "bury", ["KH", "7C"]), action_text("S3", "call", ["AS"], under="8D")
    ('S3 bury 7C KH', 'S3 call AS under 8D')
    """
    words = [seat, verb, *cards]
    if under is not None:
        words += ["under", under]
    return canonical_action(" ".join(words))


def bury_cards(action: str) -> list[str]:
    """The cards of a bury action, to apply one by one to an engine that buries a card at a time."""
    parsed = parse_action(action)
    if parsed.verb != "bury":
        raise ValueError(f"not a bury: {action!r}")
    if len(set(parsed.cards)) != 2:  # an engine taking one card at a time must never be given one card
        raise Malformed(f"a bury is two different cards, not {action!r}", rule="bury.two-cards")
    return list(parsed.cards)


def pair_burials(seat: str, cards: Iterable[str], second: Callable[[str], Iterable[str]] | None = None) -> list[str]:
    """The two-card bury actions from the cards an engine that buries one card at a time offers.

    :param second: the cards the engine offers once ``first`` is buried (try it on a copy of
        the engine): then only the pairs it allows are listed, which a legal-set comparison needs
        (the hold card under ``call-then-bury`` may not follow every first card). Without it, every
        pair of ``cards`` is listed, and a pair the engine refuses is found when it is applied.

    >>> pair_burials("S3", ["7C", "8C", "AH"])
    ['S3 bury 7C 8C', 'S3 bury 8C AH', 'S3 bury 7C AH']
    >>> pair_burials("S3", ["7C", "8C", "AH"], second={"7C": ["8C"], "8C": ["7C"], "AH": []}.__getitem__)
    ['S3 bury 7C 8C']
    """
    chosen = sorted(set(cards), key=lambda c: (SUITS.index(c[1]), RANKS.index(c[0])))
    pairs: Iterable[tuple[str, str]] = itertools.combinations(chosen, 2)
    if second is not None:
        after = {first: set(second(first)) for first in chosen}
        pairs = (pair for pair in pairs if pair[1] in after[pair[0]] or pair[0] in after[pair[1]])
    return [action_text(seat, "bury", pair) for pair in pairs]


def called_suit(action: str) -> str:
    """The suit (``C``, ``S``, ``H``) of a call action's called card, for an engine that calls a suit."""
    parsed = parse_action(action)
    if parsed.verb != "call" or not parsed.cards:
        raise ValueError(f"not a call of a card: {action!r}")
    return parsed.cards[0][1]


def call_of_suit(seat: str, suit: str, callable_cards: Iterable[str], under: str | None = None) -> str:
    """The harness's call action for an engine that called a suit: the callable card of that
    suit (the ace, or the ten when the picker holds every fail ace).

    :param suit: ``C``/``S``/``H`` or a suit word (``hearts``).
    :param callable_cards: the cards the picker may call (its legal call actions' cards).
    :raises ValueError: no callable card of that suit (the engine called something the rules
        do not allow; report it rather than guess).
    """
    code = {v: k for k, v in _SUIT_WORDS.items()}.get(suit.lower(), suit.upper()[:1])
    for card in callable_cards:
        if card[1] == code:
            return action_text(seat, "call", [card], under)
    raise ValueError(f"no callable card of suit {suit!r} among {sorted(callable_cards)}")


_KINDS_BY_UNIT = {3: "all-tricks", 2: "schneider", 1: "win", -1: "loss", -2: "schneidered", -3: "no-tricks"}


def outcome_kind(
    picker_score: int,
    *,
    alone: bool,
    options: Mapping[str, str] | None = None,
    stakes: int = 1,
    raises: int = 0,
) -> str | None:
    """The outcome kind of a hand with a picker, read from the picker's score change, for an
    engine that reports scores but does not name the outcome: the score is the picker's share (4
    alone, 2 with a partner, 3 for a sweep with the partner off the hook) times the unit (win 1,
    schneider 2, all tricks 3, and their losses) times the stakes (``stakes``, two per crack,
    re-crack or blitz in ``raises``, two more for a loss under double on the bump), capped as
    ``stakes-cap`` says. ``None`` when no kind, or more than one, gives that score (a hand capped
    so far that its kinds score alike, or a score the engine got wrong).

    >>> outcome_kind(2, alone=False), outcome_kind(-8, alone=True), outcome_kind(-4, alone=False)
    ('win', 'schneidered', 'schneidered')
    >>> outcome_kind(-4, alone=False, options={"double-on-the-bump": "on"})
    'loss'
    >>> outcome_kind(-9, alone=False, options={"defender-sweep": "partner-off-hook"})
    'no-tricks'
    >>> outcome_kind(5, alone=False) is None
    True
    """
    chosen = options or {}
    found = []
    for unit, kind in _KINDS_BY_UNIT.items():
        share = 4 if alone else 3 if kind == "no-tricks" and chosen.get("defender-sweep") == "partner-off-hook" else 2
        multiplier = stakes * (2 if unit < 0 and chosen.get("double-on-the-bump") == "on" else 1) * 2**raises
        cap = chosen.get("stakes-cap", "none")
        scored = unit
        if cap == "sixteen":  # crack.cap
            multiplier = min(multiplier, 16)
        elif cap == "sixty-four-with-tiers" and abs(unit) * multiplier > 64:
            scored, multiplier = (1 if unit > 0 else -1), 64
        if share * scored * multiplier == picker_score:
            found.append(kind)
    return found[0] if len(found) == 1 else None
