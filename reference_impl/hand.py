"""One hand of five-handed called-ace Sheepshead as an explicit state machine.

Phases: ``auction`` -> ``bury`` -> ``call`` -> ``play`` -> ``scored`` (``call`` before
``bury`` under the ``call-then-bury`` option; after five passes, ``play`` as a leaster or
straight to ``scored`` for a redeal or doubler). At any moment a :class:`Hand` answers whose
turn it is (:attr:`Hand.turn`), the legal actions (:meth:`Hand.legal_actions`) and applies one
action (:meth:`Hand.apply`). Under the cracking axis, the window between the call and the first
card also accepts cracks, re-cracks and blitzes from any eligible seat; they are not turns, so
the seat to act stays the first leader. A rejected action raises :class:`IllegalActionError` naming the
rule it breaks and leaves the hand exactly as it was: every check runs before the first change.

Seats are numbered 1-5 clockwise; the seat "to the left" of seat ``s`` is ``s % 5 + 1``.

>>> from reference_impl.profile import Profile
>>> from reference_impl.cards import parse_cards
>>> deck = parse_cards("QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D AC TC KC 9C 8C 7C "
...                    "AS TS KS 9S 8S 7S AH TH KH 9H 8H 7H".split())
>>> hand = Hand.from_deck(Profile.named("standard"), dealer=5, deck=deck)
>>> hand.phase, hand.turn
(<Phase.AUCTION: 'auction'>, 1)
>>> [str(action) for action in hand.legal_actions()]
['S1 pick', 'S1 pass']
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from reference_impl.cards import (
    CARD_POINTS,
    Card,
    CardMask,
    CARDS,
    cards_of,
    format_cards,
    format_mask,
    mask_of,
    mask_points,
    parse_card,
)
from reference_impl.errors import IllegalActionError, InvalidActionError
from reference_impl.profile import Profile
from reference_impl.rules import (
    FAIL_SUITS,
    SUIT_MASKS,
    SUIT_NAMES,
    TRUMP,
    card_tables,
)
from reference_impl.scoring import (
    OutcomeKind,
    classify,
    leaster_scores,
    leaster_tied,
    picker_hand_scores,
    picker_side_card_points,
    schwanzer_power,
    schwanzer_scores,
)

__all__ = ["Action", "ActionKind", "Hand", "Outcome", "Phase", "Trick", "parse_seat", "seat_name"]

SEATS = (1, 2, 3, 4, 5)
_BIT = tuple(1 << card for card in range(32))
_PACK = frozenset(range(32))
_FAIL_ACES = ((Card.AC, 0), (Card.AS, 1), (Card.AH, 2))
"""The fail aces with their suit indexes."""
_FAIL_TENS = ((Card.TC, 0), (Card.TS, 1), (Card.TH, 2))
_FAIL_ACES_MASK = _BIT[Card.AC] | _BIT[Card.AS] | _BIT[Card.AH]
_ACE, _TEN = 0, 1  # rank indexes (cards.RANKS)


def seat_name(seat: int) -> str:
    """``3`` -> ``'S3'``."""
    return f"S{seat}"


def parse_seat(text: str) -> int:
    """``'S3'`` (or ``'s3'``, ``'3'``) -> ``3``.

    :raises InvalidActionError: not a seat S1-S5.
    """
    raw = text.strip().upper().removeprefix("S")
    if raw in ("1", "2", "3", "4", "5"):
        return int(raw)
    raise InvalidActionError(f"unknown seat {text!r}: expected S1-S5", rule_id="deck.five-players")


def left_of(seat: int) -> int:
    """The seat to the left (next clockwise)."""
    return seat % 5 + 1


class Phase(str, enum.Enum):
    """The phase a hand is in."""

    AUCTION = "auction"
    BURY = "bury"
    CALL = "call"
    PLAY = "play"
    SCORED = "scored"

    def __str__(self) -> str:
        return self.value


class ActionKind(str, enum.Enum):
    """The kinds of player action."""

    PICK = "pick"
    PASS = "pass"
    BURY = "bury"
    CALL = "call"
    ALONE = "alone"
    PLAY = "play"
    CRACK = "crack"
    RECRACK = "recrack"
    BLITZ = "blitz"
    REVOKE = "revoke"
    """A play that breaks a rule of play, unnoticed by the table (``procedure.revoke-claimed``)."""
    CLAIM = "claim"
    """A claim that a revoke was made: the hand ends and is scored by ``revoke-penalty``."""

    def __str__(self) -> str:
        return self.value


class Action(NamedTuple):
    """One player action; its text form is e.g. ``S3 call AS under 8D`` (see :meth:`parse`)."""

    kind: ActionKind
    seat: int
    cards: tuple[Card, ...] = ()
    """The played card, the buried cards, or the called card."""
    under: Card | None = None
    """The under card of an under call."""

    def __str__(self) -> str:
        text = f"{seat_name(self.seat)} {self.kind.value}"
        if self.kind is ActionKind.BLITZ:
            return f"{text} {'black' if self.cards and self.cards[0] == Card.QC else 'red'}"
        if self.cards:
            text += " " + format_cards(self.cards)
        if self.under is not None:
            text += f" under {self.under}"
        return text

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse ``'S1 pick'``, ``'S1 pass'``, ``'S3 bury KH 7C'``, ``'S3 call AH'``,
        ``'S3 call AS under 8D'``, ``'S3 alone'``, ``'S1 play QC'`` (also ``'S1 QC'``),
        ``'S4 crack'``, ``'S3 recrack'``, ``'S2 blitz black'`` (``red``), ``'S3 revoke 7C'`` or
        ``'S4 claim'``.

        :raises InvalidActionError: the text is not an action.
        """
        words = text.split()
        if len(words) < 2:
            raise InvalidActionError(f"malformed action {text!r}: expected '<seat> <action>'")
        seat = parse_seat(words[0])
        verb, rest = words[1].lower(), words[2:]
        try:
            kind = ActionKind(verb)
        except ValueError:
            if len(words) == 2:  # "S1 QC": a play
                return cls(ActionKind.PLAY, seat, (parse_card(words[1]),))
            raise InvalidActionError(f"malformed action {text!r}: unknown verb {verb!r}") from None
        if kind is ActionKind.BLITZ:
            pair = _BLITZ_PAIRS.get(rest[0].lower()) if len(rest) == 1 else None
            if pair is None:
                raise InvalidActionError(f"malformed action {text!r}: a blitz names its queens, black or red")
            return cls(kind, seat, pair)
        under = None
        if kind is ActionKind.CALL and len(rest) == 3 and rest[1].lower() == "under":
            under = parse_card(rest[2])
            rest = rest[:1]
        expected = {
            "pick": 0,
            "pass": 0,
            "alone": 0,
            "call": 1,
            "play": 1,
            "crack": 0,
            "recrack": 0,
            "revoke": 1,
            "claim": 0,
        }.get(kind.value)
        if (expected is not None and len(rest) != expected) or (kind is ActionKind.BURY and not rest):
            raise InvalidActionError(f"malformed action {text!r}")
        return cls(kind, seat, tuple(parse_card(word) for word in rest), under)

    @classmethod
    def pick(cls, seat: int) -> Action:
        return cls(ActionKind.PICK, seat)

    @classmethod
    def pass_blind(cls, seat: int) -> Action:
        return cls(ActionKind.PASS, seat)

    @classmethod
    def bury(cls, seat: int, cards: Iterable[Card]) -> Action:
        return cls(ActionKind.BURY, seat, tuple(cards))

    @classmethod
    def call(cls, seat: int, card: Card, under: Card | None = None) -> Action:
        return cls(ActionKind.CALL, seat, (card,), under)

    @classmethod
    def alone(cls, seat: int) -> Action:
        return cls(ActionKind.ALONE, seat)

    @classmethod
    def play(cls, seat: int, card: Card) -> Action:
        return cls(ActionKind.PLAY, seat, (card,))

    @classmethod
    def claim(cls, seat: int) -> Action:
        return cls(ActionKind.CLAIM, seat)

    @classmethod
    def crack(cls, seat: int) -> Action:
        return cls(ActionKind.CRACK, seat)

    @classmethod
    def recrack(cls, seat: int) -> Action:
        return cls(ActionKind.RECRACK, seat)

    @classmethod
    def blitz(cls, seat: int, colour: str) -> Action:
        """A blitz with the two ``black`` (QC QS) or ``red`` (QH QD) queens."""
        return cls(ActionKind.BLITZ, seat, _BLITZ_PAIRS[colour])


_BLITZ_PAIRS = {"black": (Card.QC, Card.QS), "red": (Card.QH, Card.QD)}
"""A blitz's colour word and the two queens it shows (rule ``crack.blitz``)."""
_WINDOW_KINDS = frozenset({ActionKind.CRACK, ActionKind.RECRACK, ActionKind.BLITZ})
"""Actions of the window between the call and the first card (area ``crack``)."""


class Trick(NamedTuple):
    """A finished trick."""

    leader: int
    cards: tuple[Card, ...]
    """The five cards in play order, the leader's first."""
    winner: int
    points: int

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats in play order."""
        return tuple((self.leader + i - 1) % 5 + 1 for i in range(5))


class Outcome(NamedTuple):
    """The result of a finished hand."""

    kind: OutcomeKind
    scores: tuple[int, int, int, int, int]
    """Score change per seat S1..S5 (zero-sum)."""
    picker: int | None = None
    partner: int | None = None
    alone: bool = False
    picker_side_points: int = 0
    """Card points credited to the picker's side (bury per ``bury-on-no-trick``)."""
    defender_points: int = 0
    picker_side_tricks: int = 0
    defender_tricks: int = 0
    seat_points: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    """Card points per seat: tricks won, the bury to the picker, the leaster blind to its taker."""
    seat_tricks: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    leaster_winner: int | None = None
    stakes: int = 1
    """The doubler multiplier the hand was played for."""
    raises: int = 0
    """Cracks, re-cracks and blitzes made before the first card: each doubles the scores."""
    revoker: int | None = None
    """The seat whose claimed revoke ended the hand (outcome ``revoke``)."""
    leaster_tied: tuple[int, ...] = ()
    """The seats that tied for the fewest points in a leaster (``leaster.tie``); empty otherwise."""


def _ace_kept(ace: int) -> tuple[str, str]:
    """The rule and reason of a play or bury that gives up the ace kept for a called ten."""
    return "play.ace-kept-for-called-ten", f"the picker keeps {Card(ace)} for the called ten"


class Hand:
    """The state of one hand. Build it with :meth:`from_deck` or :meth:`from_hands`."""

    __slots__ = (
        "profile",
        "dealer",
        "stakes",
        "dealt_hands",
        "blind",
        "actions",
        "outcome",
        "phase",
        "picker",
        "partner",
        "alone",
        "called",
        "under",
        "buried",
        "partner_revealed_in",
        "_hands",
        "_turn",
        "_passes",
        "_leaster",
        "_power",
        "_suit_of",
        "_suit_masks",
        "_called_suit",
        "_called_led_in",
        "_tricks",
        "_leader",
        "_trick_cards",
        "_won_points",
        "_won_tricks",
        "_ace_hold",
        "raises",
        "cracker",
        "recracker",
        "blitzes",
        "revoke",
        "tie_break",
    )

    def __init__(
        self,
        profile: Profile,
        dealer: int,
        hands: Sequence[CardMask],
        blind: CardMask,
        *,
        stakes: int = 1,
    ) -> None:
        """Start a hand from five dealt hands (index 0 is seat S1) and the blind.

        :raises InvalidActionError: the deal is not six cards each and two in the blind, all
            different (rules ``deal.six-cards-and-blind``, ``deck.thirty-two-cards``).
        """
        if dealer not in SEATS:
            raise InvalidActionError(f"dealer must be a seat 1-5, not {dealer!r}")
        if len(hands) != 5:
            raise InvalidActionError("a deal needs five hands", rule_id="deck.five-players")
        for seat, mask in zip(SEATS, hands):
            if mask.bit_count() != 6:
                raise InvalidActionError(
                    f"{seat_name(seat)} is dealt {mask.bit_count()} cards, not 6",
                    rule_id="deal.six-cards-and-blind",
                )
        if blind.bit_count() != 2:
            raise InvalidActionError(
                f"the blind has {blind.bit_count()} cards, not 2", rule_id="deal.six-cards-and-blind"
            )
        union = blind
        for mask in hands:
            union |= mask
        if union.bit_count() != 32:
            raise InvalidActionError(
                "the deal repeats a card: five hands and the blind must hold all 32 cards once",
                rule_id="deck.thirty-two-cards",
            )
        self.profile = profile
        """The variant profile; the only source of variant behaviour."""
        self.dealer = dealer
        self.stakes = stakes
        """Doubler multiplier for this hand (1 normally; set by a session)."""
        self.dealt_hands: tuple[CardMask, ...] = tuple(hands)
        self.blind: CardMask = blind
        self.actions: list[Action] = []
        """Every action applied so far, in order."""
        self._tricks: list[tuple[int, tuple[int, ...], int, int]] = []  # leader, cards, winner, points
        self.outcome: Outcome | None = None
        """Set when the hand is scored."""

        self._hands = list(hands)
        self.phase = Phase.AUCTION
        """The current phase (read-only for callers)."""
        self._turn = self.first_bidder()
        self._passes = 0
        self.picker: int | None = None
        self.partner: int | None = None
        """The partner's seat, once a card is called (known to the engine, secret in play)."""
        self.alone = False
        self.called: Card | None = None
        self.under: Card | None = None
        self.buried: CardMask = 0
        self.partner_revealed_in: int | None = None
        """Index of the trick in which the called card fell (0-5), once it has."""
        self._leaster = False
        # Per-hand card tables: the under card and a called ten change them (see _set_call).
        self._set_tables(None, None)
        self._called_suit = -1
        self._called_led_in = -1  # trick index of the called suit's first lead
        self._leader = self._turn
        self._trick_cards: list[int] = []
        self._won_points = [0] * 5
        self._won_tricks = [0] * 5
        self.raises: list[Action] = []
        """The cracks, re-cracks and blitzes made so far, in order (area ``crack``)."""
        self.cracker: int | None = None
        self.recracker: int | None = None
        self.blitzes: CardMask = 0
        """The queens shown in blitzes so far."""
        self.revoke: Action | None = None
        """The hand's first revoke, until it is claimed or the hand ends (area ``procedure``)."""
        self.tie_break: int | None = None
        """The seat a table's draw picked, for a leaster tie under ``leaster-tie: random`` (a
        record's ``tie_break``); set it before the last card. Unset, or not a tied seat, the first
        tied seat clockwise from the dealer's left wins, so a replay is repeatable."""

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_deck(cls, profile: Profile, dealer: int, deck: Sequence[int], *, stakes: int = 1) -> Hand:
        """Deal a 32-card pack, top card first, 3-2-3 from the dealer's left (``deal.three-two-three``).

        :raises InvalidActionError: the pack is not the 32 cards once each.
        """
        if len(deck) != 32 or set(deck) != _PACK:
            raise InvalidActionError(
                f"a pack must hold each of the 32 cards once (got {len(deck)} cards, "
                f"{len(set(deck) & _PACK)} different)",
                rule_id="deck.thirty-two-cards",
            )
        bit = _BIT
        hands = [0] * 5
        for packet in range(5):  # the dealer's left first, the dealer last
            first, second = 3 * packet, 17 + 3 * packet
            hands[(dealer + packet) % 5] = (
                bit[deck[first]]
                | bit[deck[first + 1]]
                | bit[deck[first + 2]]
                | bit[deck[second]]
                | bit[deck[second + 1]]
                | bit[deck[second + 2]]
            )
        return cls(profile, dealer, hands, _BIT[deck[15]] | _BIT[deck[16]], stakes=stakes)

    @classmethod
    def from_hands(
        cls,
        profile: Profile,
        dealer: int,
        hands: Sequence[Iterable[int]],
        blind: Iterable[int],
        *,
        stakes: int = 1,
    ) -> Hand:
        """Start from five explicit hands (index 0 is S1) and the blind."""
        masks = []
        for seat, cards in zip(SEATS, hands):
            listed = list(cards)
            if len(listed) != mask_of(listed).bit_count():
                raise InvalidActionError(f"{seat_name(seat)}'s hand repeats a card", rule_id="deck.thirty-two-cards")
            masks.append(mask_of(listed))
        return cls(profile, dealer, masks, mask_of(blind), stakes=stakes)

    def copy(self) -> Hand:
        """An independent copy (the profile and tables are shared; they are immutable)."""
        other = object.__new__(Hand)
        for name in Hand.__slots__:
            setattr(other, name, getattr(self, name))
        other.actions = list(self.actions)
        other._tricks = list(self._tricks)
        other._hands = list(self._hands)
        other._trick_cards = list(self._trick_cards)
        other._won_points = list(self._won_points)
        other._won_tricks = list(self._won_tricks)
        other.raises = list(self.raises)
        return other

    # ------------------------------------------------------------------ queries

    @property
    def turn(self) -> int | None:
        """The seat to act, or None once the hand is scored."""
        return None if self.phase is Phase.SCORED else self._turn

    @property
    def is_leaster(self) -> bool:
        return self._leaster

    def hand_of(self, seat: int) -> CardMask:
        """The cards the seat holds now (the picker's include the blind until the bury)."""
        return self._hands[seat - 1]

    def cards_of(self, seat: int) -> list[Card]:
        return list(cards_of(self._hands[seat - 1]))

    @property
    def current_trick(self) -> list[tuple[int, Card]]:
        """``(seat, card)`` pairs played to the unfinished trick."""
        leader = self._leader
        return [((leader + i - 1) % 5 + 1, CARDS[c]) for i, c in enumerate(self._trick_cards)]

    @property
    def led_suit(self) -> int | None:
        """The suit led to the unfinished trick (``TRUMP`` for a trump lead), or ``None``."""
        return self._suit_of[self._trick_cards[0]] if self._trick_cards else None

    @property
    def called_suit(self) -> int | None:
        """The suit of the called card (0 clubs, 1 spades, 2 hearts), once a card is called."""
        return self._called_suit if self._called_suit >= 0 else None

    def suit_of(self, card: int) -> int:
        """The suit ``card`` follows in this hand (``TRUMP`` for every trump), under this hand's
        card tables (rules ``deck.trump-cards``, ``deck.fail-suits``)."""
        return self._suit_of[card]

    def suit_mask(self, suit: int) -> CardMask:
        """Every card of ``suit`` (``TRUMP``: every trump) in this hand's card tables."""
        return self._suit_masks[suit]

    @property
    def tricks(self) -> list[Trick]:
        """Finished tricks, in order."""
        return [
            Trick(leader, tuple(CARDS[c] for c in cards), winner, points)
            for leader, cards, winner, points in self._tricks
        ]

    @property
    def trick_index(self) -> int:
        """Index (0-5) of the trick being played."""
        return len(self._tricks)

    @property
    def called_suit_led(self) -> bool:
        """Whether the called suit has been led (in this trick or an earlier one)."""
        return self._called_led_in >= 0

    @property
    def called_suit_led_in(self) -> int | None:
        """Index (0-5) of the trick in which the called suit was first led, if it has been."""
        return None if self._called_led_in < 0 else self._called_led_in

    def position(self) -> str:
        """A canonical one-line text of the whole state (equal texts = equal states)."""
        parts = [
            f"profile={self.profile.name}",
            f"dealer={seat_name(self.dealer)}",
            f"stakes={self.stakes}",
            f"phase={self.phase.value}",
            f"turn={seat_name(self._turn)}",
            f"passes={self._passes}",
        ]
        parts += [f"{seat_name(s)}=[{format_mask(self._hands[s - 1])}]" for s in SEATS]
        parts.append(f"blind=[{format_mask(self.blind)}]")
        if self.picker is not None:
            parts.append(f"picker={seat_name(self.picker)} bury=[{format_mask(self.buried)}]")
        if self.alone:
            parts.append("alone")
        if self.called is not None:
            parts.append(f"called={self.called}" + (f" under={self.under}" if self.under is not None else ""))
        if self.raises:
            parts.append("raises=" + ",".join(str(action) for action in self.raises))
        parts.append("tricks=" + "/".join(format_cards(t.cards) for t in self.tricks))
        parts.append("trick=" + " ".join(f"{seat_name(s)}:{c}" for s, c in self.current_trick))
        parts.append(f"actions={len(self.actions)}")
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"<Hand {self.position()}>"

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act (empty once scored)."""
        seat = self._turn
        phase = self.phase
        if phase is Phase.AUCTION:
            return [_new_action((ActionKind.PICK, seat, (), None)), _new_action((ActionKind.PASS, seat, (), None))]
        if phase is Phase.BURY:
            return self._legal_burials()
        if phase is Phase.CALL:
            return [*self._legal_calls(), Action.alone(seat)]
        if phase is Phase.PLAY:
            plays = [Action.play(seat, card) for card in cards_of(self.legal_play_mask())]
            if self.profile.cracking != "off" and self.window_open():
                plays += self.window_actions()
            return plays + self.claim_actions()
        return []

    def window_open(self) -> bool:
        """Whether the window for cracks and blitzes is open: a picker's hand whose call and bury
        are made and whose first card is not yet played (rule ``crack.window``)."""
        return self.phase is Phase.PLAY and not self._leaster and not self._tricks and not self._trick_cards

    def window_actions(self) -> list[Action]:
        """The cracks, re-cracks and blitzes legal now, seat by seat (empty when cracking is off
        or the window is closed). Any eligible seat may make them: they are not turns."""
        if self.profile.cracking == "off" or not self.window_open():
            return []
        found: list[Action] = []
        if self.cracker is None:
            found += [Action.crack(seat) for seat in self.crack_seats()]
        elif self.recracker is None:
            found += [Action.recrack(seat) for seat in self.recrack_seats()]
        if self.profile.blitzing != "off" and self.blitz_open():
            for colour, pair in _BLITZ_PAIRS.items():
                queens = mask_of(pair)
                holder = next((s for s in SEATS if self._hands[s - 1] & queens == queens), None)
                if holder is not None and not self.blitzes & queens:
                    found.append(Action.blitz(holder, colour))
        return sorted(found, key=lambda action: action.seat)

    def claim_actions(self) -> list[Action]:
        """The claims of a revoke that stands: any seat may make one (``procedure.revoke-claimed``)."""
        return [] if self.revoke is None else [Action.claim(seat) for seat in SEATS]

    def seats_after_picker(self) -> list[int]:
        """The seats after the picker in the picking order, up to the dealer: never offered the blind."""
        picker = self.picker
        return [] if picker is None else [(picker + k - 1) % 5 + 1 for k in range(1, (self.dealer - picker) % 5 + 1)]

    def crack_seats(self) -> list[int]:
        """The seats that may crack: defenders seated after the picker in the picking order, who
        were never offered the blind (rule ``crack.who``)."""
        return [seat for seat in self.seats_after_picker() if seat != self.partner]

    def recrack_seats(self) -> list[int]:
        """The seats that may re-crack once a defender has cracked: the picker and the partner
        (rule ``crack.recrack``)."""
        return [seat for seat in (self.picker, self.partner) if seat is not None]

    def blitz_open(self) -> bool:
        """Whether a blitz may be made now: only after a crack (rule ``crack.blitz``)."""
        return self.cracker is not None

    def is_legal(self, action: Action) -> bool:
        """Whether :meth:`apply` would accept the action."""
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    def legal_play_mask(self) -> CardMask:
        """The cards the seat to act may play now, as a bitmask (play phase only).

        This is the hot path of simulation: following suit (``play.follow-suit``,
        ``play.follow-trump``), the void-play axis, and the duties around the called card.
        """
        seat = self._turn
        hand = self._hands[seat - 1]
        trick = self._trick_cards
        called_suit = self._called_suit
        if trick:
            lead_suit = self._suit_of[trick[0]]
            follow = hand & self._suit_masks[lead_suit]
            if follow:
                if seat == self.partner and lead_suit == called_suit and self._called_led_in == len(self._tricks):
                    return 1 << self.called  # type: ignore[operator]  # play.partner-plays-called-card
                ace = self._ace_hold  # -1 unless a ten was called under ten-call-hold the-ace
                if (
                    ace >= 0
                    and seat == self.picker
                    and lead_suit == called_suit
                    and follow >> ace & 1
                    and self._called_led_in == len(self._tricks)
                ):
                    return 1 << ace  # play.ace-kept-for-called-ten: the ace answers the first lead
                return follow
            legal = hand  # void in the led suit: play.void-in-led-suit
            if self.profile.void_play == "must-trump" and lead_suit != TRUMP:
                trumps = hand & self._suit_masks[TRUMP]
                if trumps:
                    legal = trumps
            if called_suit >= 0 and self._called_led_in < 0 and len(self._tricks) < 5:
                if seat == self.picker:
                    hold = hand & self._suit_masks[called_suit]
                    ace = self._ace_hold
                    if ace >= 0 and hold >> ace & 1:
                        hold = 1 << ace  # play.ace-kept-for-called-ten: the ace is the hold card
                    if hold & (hold - 1) == 0:  # the last card of the called suit: play.hold-card-kept
                        legal &= ~hold
                elif seat == self.partner:
                    legal &= ~(1 << self.called)  # type: ignore[operator]  # play.partner-keeps-called-card
            return legal
        if called_suit >= 0 and self._called_led_in < 0:  # leading before the called suit's first lead
            called_mask = self._suit_masks[called_suit]
            if seat == self.partner:  # play.partner-leads-called-card
                return hand & ~(called_mask & ~(1 << self.called))  # type: ignore[operator]
            if seat == self.picker and self.profile.called_suit_lead == "after-first-lead":
                rest = hand & ~called_mask  # play.picker-leads-called-suit
                return rest or hand
            ace = self._ace_hold
            if (
                ace >= 0 and seat == self.picker and hand >> ace & 1
            ):  # play.ace-kept-for-called-ten: a lead of the suit is the ace
                return hand & ~(called_mask & ~(1 << ace))
        return hand

    def permitting_rule(self, action: Action) -> str | None:
        """The rule that makes a legal play legal at this moment: the exception that allows it
        where a duty would forbid it (the hold card thrown off in the last trick:
        ``play.hold-card-last-trick``), else the general rule (``play.follow-suit``,
        ``play.void-in-led-suit``, ``play.lead-any-card``). It is what an engine refusing the
        play gets wrong. ``None`` for an action that is not a legal play."""
        if action.kind is not ActionKind.PLAY or not action.cards or not self.is_legal(action):
            return None
        card = action.cards[0]
        seat = self._turn
        hand = self._hands[seat - 1]
        called_suit = self._called_suit
        before_called_lead = called_suit >= 0 and self._called_led_in < 0
        last_trick = len(self._tricks) == 5
        trick = self._trick_cards
        if trick:
            lead_suit = self._suit_of[trick[0]]
            if hand & self._suit_masks[lead_suit]:
                if seat == self.partner and lead_suit == called_suit and self._called_led_in == len(self._tricks):
                    return "play.partner-plays-called-card"
                if lead_suit == called_suit and seat == self.picker and self._called_led_in == len(self._tricks):
                    return "play.ace-kept-for-called-ten" if self._ace_hold >= 0 else "play.hold-card-on-first-lead"
                return "play.follow-trump" if lead_suit == TRUMP else "play.follow-suit"
            if before_called_lead and last_trick:
                if seat == self.picker and self._suit_of[card] == called_suit:
                    return "play.hold-card-last-trick"
                if seat == self.partner and card == self.called:
                    return "play.partner-keeps-called-card"
            if called_suit >= 0 and not before_called_lead:  # a duty that ended with the first lead
                if seat == self.picker and self._suit_of[card] == called_suit:
                    return "play.hold-card-on-first-lead"
                if seat == self.partner and card == self.called:
                    return "play.partner-keeps-called-card"
            return "play.void-in-led-suit"
        if called_suit >= 0 and self._suit_of[card] == called_suit:
            if seat == self.partner:  # before the first lead: the called card itself; after: any
                return "play.partner-leads-called-card"
            if seat == self.picker and self.profile.called_suit_lead == "after-first-lead":
                return "play.picker-leads-called-suit"
            if seat == self.picker and self._ace_hold >= 0 and before_called_lead:
                return "play.ace-kept-for-called-ten"
        return "play.lead-any-card"

    def _legal_burials(self) -> list[Action]:
        seat = self._turn
        cards = list(cards_of(self._hands[seat - 1]))
        keep = self._bury_must_keep()
        bury, new = ActionKind.BURY, _new_action
        return [
            new((bury, seat, (a, b), None))
            for i, a in enumerate(cards)
            for b in cards[i + 1 :]
            if not keep or (keep & ~(_BIT[a] | _BIT[b]))
        ]

    def _bury_must_keep(self) -> CardMask:
        """Under call-then-bury, the cards of which at least one must stay in hand."""
        if self._called_suit < 0:
            return 0
        if self.under is not None:
            return 1 << self.under
        ace = self._ace_hold
        if ace >= 0:
            return 1 << ace
        return self._hands[self._turn - 1] & self._suit_masks[self._called_suit]

    def _own_cards(self) -> CardMask:
        """The picker's eight cards: hand plus bury."""
        return self._hands[self._turn - 1] | self.buried

    def call_options(self) -> tuple[list[Card], list[Card]]:
        """The cards the picker may call, and the under-call aces (when no card is callable): rules
        ``call.ace-of-held-fail-suit``, ``call.ten-when-all-aces``, ``call.under-card``."""
        hand = self._hands[self._turn - 1]
        own = self._own_cards()
        if own & _FAIL_ACES_MASK == _FAIL_ACES_MASK:  # call.ten-when-all-aces
            # the ten's own ace not buried (it is also the hold card under ten-call-hold the-ace)
            in_hand = self.profile.ten_call_ace == "in-hand" or self.profile.ten_call_hold == "the-ace"
            callable_cards = [
                ten
                for (ten, suit), (ace, _) in zip(_FAIL_TENS, _FAIL_ACES)
                if hand & SUIT_MASKS[suit] and not own & _BIT[ten] and (not in_hand or hand & _BIT[ace])
            ]
        else:  # call.ace-of-held-fail-suit: a non-ace card of the suit in hand, the ace not held
            callable_cards = [
                ace for ace, suit in _FAIL_ACES if not own & _BIT[ace] and hand & SUIT_MASKS[suit] & ~_BIT[ace]
            ]
        if callable_cards or self.profile.no_callable_suit != "under":
            return callable_cards, []
        # call.under-card: aces of suits the picker is void in and does not hold
        return [], [ace for ace, suit in _FAIL_ACES if not own & _BIT[ace] and not hand & SUIT_MASKS[suit]]

    def _legal_calls(self) -> list[Action]:
        seat = self._turn
        callable_cards, under_aces = self.call_options()
        calls = [Action.call(seat, card) for card in callable_cards]
        for ace in under_aces:
            calls += [Action.call(seat, ace, under) for under in cards_of(self._hands[seat - 1])]
        return calls

    # ------------------------------------------------------------------ random choices (simulation)

    def random_action(self, random: Callable[[], float]) -> Action:
        """A uniformly random legal action, drawn without listing every action.

        :param random: a source of floats in [0, 1), e.g. ``random.Random(seed).random``.
        :raises IllegalActionError: the hand is over.
        """
        phase = self.phase
        seat = self._turn
        if phase is Phase.PLAY:
            legal = list(cards_of(self.legal_play_mask()))
            window = self.window_actions() if self.profile.cracking != "off" else []
            index = int(random() * (len(legal) + len(window)))
            if index >= len(legal):
                return window[index - len(legal)]
            return _new_action((ActionKind.PLAY, seat, (legal[index],), None))
        if phase is Phase.AUCTION:
            return _new_action((ActionKind.PICK if random() < 0.5 else ActionKind.PASS, seat, (), None))
        if phase is Phase.BURY and not self._bury_must_keep():
            cards = list(cards_of(self._hands[seat - 1]))  # every pair is legal: draw one
            first = int(random() * len(cards))
            second = int(random() * (len(cards) - 1))
            second += second >= first
            pair = (cards[first], cards[second]) if first < second else (cards[second], cards[first])
            return _new_action((ActionKind.BURY, seat, pair, None))
        if phase is Phase.CALL:  # pick among the calls, the under calls and alone by index
            callable_cards, under_aces = self.call_options()
            under_cards = list(cards_of(self._hands[seat - 1])) if under_aces else []
            index = int(random() * (len(callable_cards) + len(under_aces) * len(under_cards) + 1))
            if index < len(callable_cards):
                return _new_action((ActionKind.CALL, seat, (callable_cards[index],), None))
            index -= len(callable_cards)
            if index < len(under_aces) * len(under_cards):
                ace, under = divmod(index, len(under_cards))
                return _new_action((ActionKind.CALL, seat, (under_aces[ace],), under_cards[under]))
            return _new_action((ActionKind.ALONE, seat, (), None))
        actions = self.legal_actions()
        if not actions:
            raise self._illegal(
                _new_action((ActionKind.PLAY, seat, (), None)), "play.clockwise-one-card", "the hand is over"
            )
        return actions[int(random() * len(actions))]

    def play_random(self, random: Callable[[], float]) -> int:
        """Play a uniformly random legal card for the seat to act (play phase); return it.

        The fast path of random playouts: no :class:`Action` is built or recorded.
        """
        mask = self.legal_play_mask()
        skip = int(random() * mask.bit_count())
        while skip:
            mask &= mask - 1
            skip -= 1
        card = (mask & -mask).bit_length() - 1
        self.push_play_unchecked(card)
        return card

    # ------------------------------------------------------------------ verification

    def _illegal(self, action: Action, rule_id: str, why: str, also: tuple[str, ...] = ()) -> IllegalActionError:
        return IllegalActionError(
            f"illegal action {str(action)!r}: {why} (rule {rule_id}{''.join(f'; also {r}' for r in also)})",
            rule_id=rule_id,
            seat=action.seat,
            action=str(action),
            position=self.position,
            also=also,
        )

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` (with the rule ID) unless the action is legal now."""
        phase = self.phase
        kind = action.kind
        if kind in _WINDOW_KINDS:
            self._verify_window(action)
            return
        if kind is ActionKind.CLAIM and phase is not Phase.SCORED:  # not a turn: any seat claims
            if self.revoke is None:
                raise self._illegal(action, "procedure.revoke-claimed", "no revoke has been made")
            return
        if phase is Phase.SCORED:
            thrown_in = {
                OutcomeKind.REDEAL: "all-pass.redeal",
                OutcomeKind.DOUBLER: "all-pass.doubler",
                OutcomeKind.SCHWANZER: "all-pass.schwanzer",
            }
            rule = thrown_in.get(self.outcome.kind, "play.clockwise-one-card") if self.outcome else ""
            if kind is ActionKind.CLAIM:
                rule = "procedure.revoke-claimed"  # a revoke is claimed before the last trick is complete
            raise self._illegal(action, rule, "the hand is over")
        expected = _PHASE_KINDS[phase]
        if kind is ActionKind.REVOKE and phase is Phase.PLAY:
            if action.seat != self._turn:
                raise self._illegal(action, self._turn_rule(action.seat), f"it is {seat_name(self._turn)}'s turn")
            self._verify_revoke(action)
            return
        if kind not in expected:
            if self._leaster and kind in (ActionKind.PICK, ActionKind.PASS):
                rule = "auction.pick-or-pass"  # nobody picked: every seat has had its one offer
            else:
                rule = _WRONG_PHASE_RULES.get((phase, kind), _PHASE_RULES[phase])
            raise self._illegal(action, rule, f"a {kind.value} is not possible in the {phase.value} phase")
        if action.seat != self._turn:
            raise self._illegal(action, self._turn_rule(action.seat), f"it is {seat_name(self._turn)}'s turn")
        if phase is Phase.BURY:
            self.verify_bury(action)
        elif phase is Phase.CALL:
            if kind is ActionKind.CALL:
                self._verify_call(action)
        elif phase is Phase.PLAY:
            self._verify_play(action)

    def _verify_window(self, action: Action) -> None:
        """Check a crack, re-crack or blitz (area ``crack``): the table plays it, the window is
        open, and the seat may make it. Not a turn: any eligible seat may act in the window."""
        kind, seat = action.kind, action.seat
        profile = self.profile
        if profile.cracking == "off" or (kind is ActionKind.BLITZ and profile.blitzing == "off"):
            axis = "blitzing" if profile.cracking != "off" else "cracking"
            raise self._illegal(action, "crack.table-choice", f"this table does not play {kind.value}s ({axis}: off)")
        if not self.window_open():
            when = (
                "a leaster has no picker"
                if self._leaster
                else "the first card is played"
                if self._tricks or self._trick_cards
                else "the call and the bury come first"
            )
            raise self._illegal(
                action, "crack.window", f"a {kind.value} is made between the call and the first card: {when}"
            )
        if kind is ActionKind.CRACK:
            if self.cracker is not None:
                raise self._illegal(
                    action, "crack.who", f"{seat_name(self.cracker)} has already cracked: one crack a hand"
                )
            if seat not in self.crack_seats():
                who = (
                    "the picker"
                    if seat == self.picker
                    else "the partner"
                    if seat == self.partner
                    else "a seat that passed"
                )
                raise self._illegal(
                    action, "crack.who", f"{who} may not crack: only a defender seated after the picker"
                )
            return
        if kind is ActionKind.RECRACK:
            if self.cracker is None:
                raise self._illegal(action, "crack.recrack", "there is no crack to answer")
            if self.recracker is not None:
                raise self._illegal(action, "crack.recrack", f"{seat_name(self.recracker)} has already re-cracked")
            if seat not in self.recrack_seats():
                raise self._illegal(action, "crack.recrack", "only the picker or the partner may re-crack")
            return
        queens = mask_of(action.cards)
        if not self.blitz_open():
            raise self._illegal(action, "crack.blitz", "a blitz comes only after a crack")
        if self._hands[seat - 1] & queens != queens:
            raise self._illegal(action, "crack.blitz", f"{seat_name(seat)} does not hold {format_cards(action.cards)}")
        if self.blitzes & queens:
            raise self._illegal(action, "crack.blitz", f"{format_cards(action.cards)} have already been shown")

    def _verify_revoke(self, action: Action) -> None:
        """A revoke is a held card the rules of play forbid, in a hand with a picker."""
        card = action.cards[0] if len(action.cards) == 1 else None
        if card is None:
            raise self._illegal(action, "play.clockwise-one-card", "a revoke is exactly one card")
        if not self._hands[action.seat - 1] >> card & 1:
            raise self._illegal(action, "play.card-in-hand", f"{seat_name(action.seat)} does not hold {card}")
        if self._leaster:
            raise self._illegal(action, "procedure.revoke-claimed", "the spec gives no revoke penalty in a leaster")
        if self.legal_play_mask() >> card & 1:
            raise self._illegal(action, "procedure.revoke-claimed", f"{card} is a legal play, not a revoke")

    def _turn_rule(self, seat: int) -> str:
        if self.phase is Phase.AUCTION:
            passed = (seat - self.dealer - 1) % 5 < self._passes  # seats offered the blind so far
            return "auction.pick-or-pass" if passed else "auction.order"
        if self.phase is Phase.BURY:
            return "bury.two-cards"
        if self.phase is Phase.CALL:
            return "call.partner-or-alone"
        if self._trick_cards:
            return "play.clockwise-one-card"
        return "play.first-lead" if not self._tricks else "play.winner-leads"

    def verify_bury(self, action: Action) -> None:
        """Check a bury (rules ``bury.two-cards``, ``bury.cards-from-hand``, ``play.hold-card-kept``).

        :raises IllegalActionError: it breaks one of them.
        """
        cards = action.cards
        if len(cards) != 2:
            raise self._illegal(action, "bury.two-cards", f"the picker buries exactly two cards, not {len(cards)}")
        hand = self._hands[self._turn - 1]
        if cards[0] == cards[1]:
            raise self._illegal(action, "bury.cards-from-hand", "the two buried cards must differ")
        for card in cards:
            if not hand >> card & 1:
                raise self._illegal(action, "bury.cards-from-hand", f"{card} is not in the picker's hand")
        keep = self._bury_must_keep()
        if keep and not keep & ~mask_of(cards):
            left = hand & ~mask_of(cards) & self._suit_masks[self._called_suit]
            if self._ace_hold < 0:
                raise self._illegal(action, "play.hold-card-kept", "the bury would leave no card of the called suit")
            ace_rule = _ace_kept(self._ace_hold)
            if left:
                raise self._illegal(action, *ace_rule)
            raise self._illegal(
                action, "play.hold-card-kept", "the bury would leave no card of the called suit", also=(ace_rule[0],)
            )

    def _verify_call(self, action: Action) -> None:
        card = action.cards[0]
        own = self._own_cards()
        hand = self._hands[self._turn - 1]
        callable_cards, under_aces = self.call_options()
        if action.under is None:
            if card in callable_cards:
                return
            rank, suit = card & 7, card >> 3
            if rank not in (_ACE, _TEN):
                raise self._illegal(action, "call.partner-or-alone", f"{card} is neither an ace nor a ten")
            if suit not in FAIL_SUITS:
                rule = "call.ace-of-held-fail-suit" if rank == _ACE else "call.ten-when-all-aces"
                raise self._illegal(action, rule, f"{card} is a trump, not a card of a fail suit")
            if own >> card & 1:
                raise self._illegal(action, "call.not-own-card", f"the picker holds or buried {card}")
            if rank == _TEN:
                raise self._illegal(
                    action,
                    "call.ten-when-all-aces",
                    "a ten may be called only when holding all three fail aces, with a card of its suit",
                )
            if all(own >> (s * 8 + _ACE) & 1 for s in FAIL_SUITS):
                raise self._illegal(
                    action, "call.ten-when-all-aces", "holding all three fail aces, the picker calls a ten"
                )
            raise self._illegal(
                action, "call.ace-of-held-fail-suit", f"the picker holds no {SUIT_NAMES[suit]} other than the ace"
            )
        if self.profile.no_callable_suit != "under" or callable_cards:
            raise self._illegal(
                action,
                "call.no-callable-suit",
                "an under call is allowed only to a picker with no legal call, under the `under` option",
            )
        if card not in under_aces:
            raise self._illegal(
                action, "call.under-card", f"{card} is not an ace of a suit the picker is void in and does not hold"
            )
        if not hand >> action.under & 1:
            raise self._illegal(action, "call.under-card", f"the under card {action.under} is not in the picker's hand")

    def _verify_play(self, action: Action) -> None:
        if len(action.cards) != 1:
            raise self._illegal(action, "play.clockwise-one-card", "a play is exactly one card")
        card = action.cards[0]
        seat = self._turn
        hand = self._hands[seat - 1]
        if not hand >> card & 1:
            raise self._illegal(action, "play.card-in-hand", f"{seat_name(seat)} does not hold {card}")
        legal = self.legal_play_mask()
        if legal >> card & 1:
            return
        (rule_id, why), *others = self._play_violations(card, hand)
        raise self._illegal(action, rule_id, why, also=tuple(rule for rule, _ in others))

    def _play_violations(self, card: int, hand: CardMask) -> list[tuple[str, str]]:
        """Every rule a non-legal play breaks (the card is in hand), the one named first first:
        following suit, then the duties around the called card, then must-trump (SPEC.md,
        "When a play breaks several rules")."""
        seat = self._turn
        called_mask = self._suit_masks[self._called_suit] if self._called_suit >= 0 else 0
        ace = self._ace_hold
        ace_rule = _ace_kept(ace) if ace >= 0 else ("", "")  # used only when ace >= 0
        if not self._trick_cards:
            if seat == self.partner:
                return [
                    ("play.partner-leads-called-card", f"the partner must lead {self.called} to lead the called suit")
                ]
            if self.profile.called_suit_lead == "after-first-lead":
                early = (
                    "play.picker-leads-called-suit",
                    "the picker may not lead the called suit before it has been led",
                )
                return [early, *([ace_rule] if ace >= 0 and card != ace else [])]
            return [ace_rule]
        lead_suit = self._suit_of[self._trick_cards[0]]
        follow = hand & self._suit_masks[lead_suit]
        first_called_lead = lead_suit == self._called_suit and self._called_led_in == len(self._tricks)
        broken: list[tuple[str, str]] = []
        if follow:
            if self._suit_of[card] != lead_suit:
                if lead_suit == TRUMP:
                    broken.append(("play.follow-trump", "trump was led and the player holds a trump"))
                else:
                    broken.append(
                        (
                            "play.follow-suit",
                            f"{SUIT_NAMES[lead_suit]} were led and the player holds {format_mask(follow)}",
                        )
                    )
                if first_called_lead and seat == self.picker:
                    broken.append(
                        ("play.hold-card-on-first-lead", "the picker must follow the called suit's first lead")
                    )
            if first_called_lead and seat == self.picker and ace >= 0 and card != ace:
                broken.append(ace_rule)
            if first_called_lead and seat == self.partner and card != self.called:
                broken.append(
                    (
                        "play.partner-plays-called-card",
                        f"the partner must play {self.called} on the first lead of its suit",
                    )
                )
            return broken
        # The duties around the called card hold only until its suit is first led, and never in
        # the last trick (the same conditions as legal_play_mask): after that, only must-trump.
        duty = self._called_suit >= 0 and self._called_led_in < 0 and len(self._tricks) < 5
        hold = hand & called_mask
        if duty and seat == self.picker and ace >= 0 and card == ace:
            broken.append(ace_rule)
        elif duty and seat == self.picker and hold >> card & 1 and hold & (hold - 1) == 0:
            broken.append(("play.hold-card-kept", f"{Card(card)} is the picker's last card of the called suit"))
        if duty and seat == self.partner and card == self.called:
            broken.append(
                ("play.partner-keeps-called-card", f"the partner must keep {self.called} until its suit is led")
            )
        trumps = hand & self._suit_masks[TRUMP]
        if self.profile.void_play == "must-trump" and lead_suit != TRUMP and trumps and not trumps >> card & 1:
            broken.append(
                ("play.void-in-led-suit", "a player void in the led suit who holds a trump must play one (must-trump)")
            )
        return broken or [
            ("play.void-in-led-suit", "a player void in the led suit who holds a trump must play one (must-trump)")
        ]

    # ------------------------------------------------------------------ applying actions

    def apply(self, action: Action) -> Action:
        """Verify, then apply the action; return it (it is also appended to :attr:`actions`).

        :raises IllegalActionError: the action breaks a rule; the hand is unchanged.
        """
        self.verify(action)
        return self.apply_legal(action)

    def apply_legal(self, action: Action) -> Action:
        """Apply an action taken from :meth:`legal_actions` in this very position, without
        verifying it again (a simulation's fast path; anything else goes through :meth:`apply`)."""
        kind = action.kind
        if kind is ActionKind.PLAY:
            self.push_play_unchecked(action.cards[0])
        elif kind is ActionKind.PICK:
            self._pick()
        elif kind is ActionKind.PASS:
            self._pass()
        elif kind is ActionKind.BURY:
            self._bury(mask_of(action.cards))
        elif kind in _WINDOW_KINDS:
            self._raise(action)
        elif kind is ActionKind.REVOKE:
            card = action.cards[0]
            if self.revoke is None:  # only the first revoke of a hand counts
                self.revoke = action
            self.actions.append(action)
            self.push_play_unchecked(card)
            return action
        elif kind is ActionKind.CLAIM:
            self.actions.append(action)
            self._score_revoke()
            return action
        else:
            self._set_call(action.cards[0] if kind is ActionKind.CALL else None, action.under)
        self.actions.append(action)
        return action

    def _raise(self, action: Action) -> None:
        self.raises.append(action)
        if action.kind is ActionKind.CRACK:
            self.cracker = action.seat
        elif action.kind is ActionKind.RECRACK:
            self.recracker = action.seat
        else:
            self.blitzes |= mask_of(action.cards)

    def _pick(self) -> None:
        seat = self._turn
        self.picker = seat
        self._hands[seat - 1] |= self.blind
        self.phase = Phase.BURY if self.profile.call_timing == "bury-then-call" else Phase.CALL

    def _pass(self) -> None:
        self._passes += 1
        if self._passes < 5:
            self._turn = left_of(self._turn)
            return
        option = self.all_pass_option()
        if option == "leaster":
            self._leaster = True
            self.phase = Phase.PLAY
            self._turn = self.first_leader()
            return
        if option == "schwanzer":  # the hands are shown, not played: all-pass.schwanzer
            powers = [schwanzer_power(cards_of(dealt)) for dealt in self.dealt_hands]
            self.outcome = Outcome(
                kind=OutcomeKind.SCHWANZER, scores=schwanzer_scores(powers, self.stakes), stakes=self.stakes
            )
            self.phase = Phase.SCORED
            return
        kind = OutcomeKind.REDEAL if option == "redeal" else OutcomeKind.DOUBLER
        self.outcome = Outcome(kind=kind, scores=(0, 0, 0, 0, 0), stakes=self.stakes)
        self.phase = Phase.SCORED

    def _bury(self, cards: CardMask) -> None:
        self.buried = cards
        self._hands[self._turn - 1] &= ~cards
        if self.profile.call_timing == "bury-then-call":
            self.phase = Phase.CALL
        else:
            self._start_play()

    def _set_call(self, card: Card | None, under: Card | None) -> None:
        if card is None:
            self.alone = True
        else:
            self.called = card
            self.under = under
            bit = _BIT[card]
            self.partner = next(seat for seat in SEATS if self._hands[seat - 1] & bit)
            self._called_suit = card >> 3
            self._set_tables(card, under)
        if self.profile.call_timing == "bury-then-call":
            self._start_play()
        else:
            self.phase = Phase.BURY

    def _set_tables(self, called: int | None, under: int | None) -> None:
        tables = card_tables(self.profile.jack_order, self.profile.called_ten_rank, called, under)
        self._suit_of, self._suit_masks, self._power = tables.suit_of, tables.suit_masks, tables.power
        # Under ten-call-hold the-ace, after a ten call, the ace of its suit is the picker's hold
        # card (play.ace-kept-for-called-ten); -1 otherwise. Kept here: legal_play_mask reads it.
        the_ace = self.profile.ten_call_hold == "the-ace" and called is not None and under is None
        self._ace_hold = called & ~7 if the_ace and called is not None and called & 7 == _TEN else -1

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        self._turn = self.first_leader()

    def push_play_unchecked(self, card: int) -> None:
        """Play ``card`` for the seat to act without any check, for fast simulation.

        .. warning:: The caller must take ``card`` from :meth:`legal_play_mask`; an illegal
           card corrupts the hand. The action is not recorded in :attr:`actions`.
        """
        seat = self._turn
        self._hands[seat - 1] ^= 1 << card
        trick = self._trick_cards
        if not trick:
            self._leader = seat
            if self._called_led_in < 0 and self._suit_of[card] == self._called_suit:
                self._called_led_in = len(self._tricks)
        if card == self.called:
            self.partner_revealed_in = len(self._tricks)
        trick.append(card)
        if len(trick) < 5:
            self._turn = seat % 5 + 1
            return
        self._finish_trick(trick)

    def _finish_trick(self, trick: list[int]) -> None:
        c0, c1, c2, c3, c4 = trick
        power = self._power[self._suit_of[c0]]
        best, top = 0, power[c0]
        if power[c1] > top:
            best, top = 1, power[c1]
        if power[c2] > top:
            best, top = 2, power[c2]
        if power[c3] > top:
            best, top = 3, power[c3]
        if power[c4] > top:
            best = 4
        points = CARD_POINTS[c0] + CARD_POINTS[c1] + CARD_POINTS[c2] + CARD_POINTS[c3] + CARD_POINTS[c4]
        winner = (self._leader + best - 1) % 5 + 1
        self._tricks.append((self._leader, tuple(trick), winner, points))
        self._won_points[winner - 1] += points
        self._won_tricks[winner - 1] += 1
        self._trick_cards = []
        self._turn = self.next_leader(winner, self._leader)
        if len(self._tricks) == 6:
            self._score()

    # ------------------------------------------------------------------ rule hooks
    # Each hook decides exactly one rule the hand applies at one moment. They are public so that
    # a mutant engine (conformance/gates/mutants.py) can replace one rule by replacing one hook,
    # without reaching into the hand's private state.

    def first_bidder(self) -> int:
        """The seat first offered the blind: the dealer's left (rule ``auction.order``)."""
        return left_of(self.dealer)

    def all_pass_option(self) -> str:
        """What happens when all five pass: the profile's ``all-pass`` option (rule ``all-pass.*``)."""
        return self.profile.all_pass

    def first_leader(self) -> int:
        """The seat leading the first trick: the dealer's left (rule ``play.first-lead``)."""
        return left_of(self.dealer)

    def next_leader(self, winner: int, leader: int) -> int:
        """The seat leading the next trick: the last trick's winner (rule ``play.winner-leads``)."""
        return winner

    def revoke_penalty(self) -> str:
        """How a claimed revoke is scored: the profile's ``revoke-penalty`` option."""
        return self.profile.revoke_penalty

    def picker_side_revoked(self) -> bool:
        """Whether the claimed revoke was the picker's or the partner's, so that the picker's side
        loses the hand (rule ``procedure.revoke-penalty``); else the defenders lose it."""
        assert self.revoke is not None
        return self.revoke.seat in (self.picker, self.partner)

    def bury_points(self) -> int:
        """The card points of the bury, counted in scoring (rule ``points.bury-counts-for-picker``)."""
        return mask_points(self.buried)

    def blind_taker(self) -> int | None:
        """The seat whose points the blind joins in a leaster, or ``None`` (rule ``leaster.blind``:
        the winner of the first or the last trick, or nobody)."""
        rule = self.profile.leaster_blind
        if rule == "nobody":
            return None
        return self._tricks[-1 if rule == "last-trick" else 0][2]

    # ------------------------------------------------------------------ scoring

    def _score(self) -> None:
        self.phase = Phase.SCORED
        won_points, won_tricks = self._won_points, self._won_tricks
        if self._leaster:
            seat_points = list(won_points)
            blind_taker = self.blind_taker()
            if blind_taker is not None:
                seat_points[blind_taker - 1] += mask_points(self.blind)
            left = self.dealer % 5  # 0-based index of the dealer's left
            draw = [(left + offset) % 5 for offset in range(5)]
            if self.tie_break is not None:
                draw.insert(0, self.tie_break - 1)
            winner, scores = leaster_scores(self.profile, seat_points, won_tricks, stakes=self.stakes, draw=draw)
            tied = leaster_tied(self.profile, seat_points, won_tricks)
            self.outcome = Outcome(
                kind=OutcomeKind.LEASTER,
                scores=_five(scores),
                seat_points=_five(seat_points),
                seat_tricks=_five(won_tricks),
                leaster_winner=None if winner is None else winner + 1,
                stakes=self.stakes,
                leaster_tied=tuple(seat + 1 for seat in tied) if len(tied) > 1 else (),
            )
            return
        picker = self.picker
        assert picker is not None
        partner = self.partner
        trick_points = won_points[picker - 1] + (0 if partner is None else won_points[partner - 1])
        tricks = won_tricks[picker - 1] + (0 if partner is None else won_tricks[partner - 1])
        bury_points = self.bury_points()
        kind = classify(
            self.profile, picker_side_trick_points=trick_points, bury_points=bury_points, picker_side_tricks=tricks
        )
        side_points = picker_side_card_points(
            self.profile, picker_side_trick_points=trick_points, bury_points=bury_points, picker_side_tricks=tricks
        )
        picker_score, partner_score, defender_score = picker_hand_scores(
            self.profile, kind, alone=self.alone, stakes=self.stakes, raises=len(self.raises)
        )
        changes = [defender_score] * 5
        changes[picker - 1] = picker_score
        if self.partner is not None:
            changes[self.partner - 1] = partner_score
        points_by_seat = list(won_points)
        points_by_seat[picker - 1] += side_points - trick_points  # the bury, when it counts for the picker
        self.outcome = Outcome(
            kind=kind,
            scores=_five(changes),
            picker=picker,
            partner=self.partner,
            alone=self.alone,
            picker_side_points=side_points,
            defender_points=120 - side_points,
            picker_side_tricks=tricks,
            defender_tricks=6 - tricks,
            seat_points=_five(points_by_seat),
            seat_tricks=_five(won_tricks),
            stakes=self.stakes,
            raises=len(self.raises),
        )

    def _score_revoke(self) -> None:
        """A claimed revoke ends the hand: the revoking side loses it (``procedure.revoke-penalty``)."""
        revoke = self.revoke
        picker = self.picker
        assert revoke is not None and picker is not None
        self.phase = Phase.SCORED
        partner = self.partner
        side = (picker,) if partner is None else (picker, partner)
        schneider = self.revoke_penalty() == "schneider"
        if self.picker_side_revoked():
            kind = OutcomeKind.SCHNEIDERED if schneider else OutcomeKind.LOSS
        else:
            kind = OutcomeKind.SCHNEIDER if schneider else OutcomeKind.WIN
        picker_score, partner_score, defender_score = picker_hand_scores(
            self.profile, kind, alone=self.alone, stakes=self.stakes, raises=len(self.raises)
        )
        changes = [defender_score] * 5
        changes[picker - 1] = picker_score
        if partner is not None:
            changes[partner - 1] = partner_score
        won_points, won_tricks = self._won_points, self._won_tricks
        side_points = sum(won_points[s - 1] for s in side) + self.bury_points()
        side_tricks = sum(won_tricks[s - 1] for s in side)
        points_by_seat = list(won_points)
        points_by_seat[picker - 1] += self.bury_points()
        self.outcome = Outcome(
            kind=OutcomeKind.REVOKE,
            scores=_five(changes),
            picker=picker,
            partner=partner,
            alone=self.alone,
            picker_side_points=side_points,
            defender_points=sum(won_points) - side_points + self.bury_points(),
            picker_side_tricks=side_tricks,
            defender_tricks=len(self._tricks) - side_tricks,
            seat_points=_five(points_by_seat),
            seat_tricks=_five(won_tricks),
            stakes=self.stakes,
            raises=len(self.raises),
            revoker=revoke.seat,
        )


_new_action = functools.partial(tuple.__new__, Action)
"""Build an :class:`Action` from a 4-tuple without the generated ``__new__`` (hot path)."""


def _five(values: Sequence[int]) -> tuple[int, int, int, int, int]:
    a, b, c, d, e = values
    return a, b, c, d, e


_PHASE_KINDS = {
    Phase.AUCTION: (ActionKind.PICK, ActionKind.PASS),
    Phase.BURY: (ActionKind.BURY,),
    Phase.CALL: (ActionKind.CALL, ActionKind.ALONE),
    Phase.PLAY: (ActionKind.PLAY,),
}
_PHASE_RULES = {
    Phase.AUCTION: "auction.pick-or-pass",
    Phase.BURY: "bury.two-cards",
    Phase.CALL: "call.partner-or-alone",
    Phase.PLAY: "play.clockwise-one-card",
}
_WRONG_PHASE_RULES = {
    (Phase.PLAY, ActionKind.ALONE): "alone.declare",
    (Phase.PLAY, ActionKind.CALL): "call.partner-or-alone",
    (Phase.PLAY, ActionKind.PICK): "auction.first-pick-ends",
    (Phase.PLAY, ActionKind.PASS): "auction.first-pick-ends",
    (Phase.BURY, ActionKind.PICK): "auction.first-pick-ends",
    (Phase.BURY, ActionKind.PASS): "auction.first-pick-ends",
    (Phase.CALL, ActionKind.PICK): "auction.first-pick-ends",
    (Phase.CALL, ActionKind.PASS): "auction.first-pick-ends",
    (Phase.BURY, ActionKind.CALL): "bury.before-call",
    (Phase.BURY, ActionKind.ALONE): "bury.before-call",
    (Phase.CALL, ActionKind.BURY): "bury.before-call",
}
