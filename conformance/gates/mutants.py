"""Mutant engines: the reference engine with one plausible implementer's mistake each.

The suite must detect every mutant (each fails at least one case); that is the mutation gate
of the suite's strength. A mistake is injected from outside the engine's source: each mutant
patches names of ``reference_impl`` modules (a rules table, a function, a method) from this
module, only while the mutant answers a request, so the engine's files stay untouched and other
engines in the same process are unaffected.

>>> mutant = MUTANTS["ranking.jack-order-swapped"]
>>> mutant.area, mutant.adapter().info().name
('ranking', 'mutant:ranking.jack-order-swapped')
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from unittest import mock

import reference_impl.cards as cards_module
import reference_impl.queries as queries_module
import reference_impl.scoring as scoring_module
import reference_impl.session as session_module
import reference_impl.state as state_module
import reference_impl.tricks as tricks_module
from conformance.adapter import EngineInfo
from conformance.engines.reference import ReferenceAdapter
from reference_impl.hand import Hand, Phase
from reference_impl.profile import Profile
from reference_impl.rules import SUIT_MASKS, TRUMP, CardTables, card_tables, power_tables
from reference_impl.scoring import OutcomeKind, classify, leaster_scores, leaster_tied, picker_hand_scores

__all__ = ["MUTANTS", "Mutant", "MutantAdapter"]

Patch = Callable[[], contextlib.AbstractContextManager[Any]]


@dataclasses.dataclass(frozen=True)
class Mutant:
    """One injected mistake."""

    id: str
    """``<area>.<what is wrong>``; the area is a rule area of the spec."""
    description: str
    patch: Patch = dataclasses.field(repr=False)

    @property
    def area(self) -> str:
        return self.id.split(".", 1)[0]

    def adapter(self) -> MutantAdapter:
        """A fresh in-process engine with this mistake."""
        return MutantAdapter(self)


class MutantAdapter(ReferenceAdapter):
    """The reference adapter answering every request with one mistake patched in."""

    def __init__(self, mutant: Mutant) -> None:
        super().__init__()
        self.mutant = mutant

    def info(self) -> EngineInfo:
        return dataclasses.replace(super().info(), name=f"mutant:{self.mutant.id}")

    def _exchange(self, request_id: int, kind: str, message: dict[str, Any]) -> Any:
        with self.mutant.patch():
            return super()._exchange(request_id, kind, message)


# ---------------------------------------------------------------- patch helpers


def _replace(*targets: tuple[Any, str, Any]) -> Patch:
    """Patch ``(object, attribute, new value)`` triples for the duration of a request."""

    @contextlib.contextmanager
    def patch() -> Iterator[None]:
        with contextlib.ExitStack() as stack:
            for owner, name, value in targets:
                stack.enter_context(mock.patch.object(owner, name, value))
            yield

    return patch


def _tables(transform: Callable[[CardTables], CardTables]) -> Patch:
    """Patch the card tables the hand and the queries use."""

    @functools.cache
    def mutated(
        jack_order: str, called_ten_rank: str, called: int | None = None, under: int | None = None
    ) -> CardTables:
        return transform(card_tables(jack_order, called_ten_rank, called, under))

    return _replace((state_module, "card_tables", mutated), (queries_module, "card_tables", mutated))


def _strength(tables: CardTables, changes: dict[int, int]) -> CardTables:
    strength = list(tables.strength)
    for card, value in changes.items():
        strength[card] = value
    table = tuple(strength)
    return tables._replace(strength=table, power=power_tables(table, tables.suit_of))


def _legal_mask(transform: Callable[[Hand, int], int]) -> Patch:
    original = Hand.legal_play_mask
    return _replace((Hand, "legal_play_mask", lambda self: transform(self, original(self))))


def _classify(transform: Callable[[OutcomeKind, int, dict[str, Any]], OutcomeKind]) -> Patch:
    def mutated(profile: Any, **counts: Any) -> OutcomeKind:
        kind = classify(profile, **counts)
        return transform(
            kind, counts["picker_side_trick_points"] + counts["bury_points"], {"profile": profile, **counts}
        )

    return _replace((scoring_module, "classify", mutated), (queries_module, "classify", mutated))


def _scores(transform: Callable[..., tuple[int, int, int]]) -> Patch:
    def mutated(
        profile: Any, kind: OutcomeKind, *, alone: bool, stakes: int = 1, raises: int = 0
    ) -> tuple[int, int, int]:
        return transform(profile, kind, alone=alone, stakes=stakes, raises=raises)

    return _replace((scoring_module, "picker_hand_scores", mutated), (queries_module, "picker_hand_scores", mutated))


def _card(code: str) -> int:
    return int(cards_module.parse_card(code))


def _held(hand: Hand) -> int:
    """The cards of the seat to act."""
    seat = hand.turn
    return 0 if seat is None else hand.hand_of(seat)


def _lead_void(hand: Hand) -> tuple[int, int] | None:
    """``(hand mask, led suit)`` when the seat to play is void in the led suit, else None."""
    led = hand.led_suit
    if led is None:
        return None
    cards = _held(hand)
    return None if cards & hand.suit_mask(led) else (cards, led)


# ---------------------------------------------------------------- the mutations


def _queens_follow_printed_suit(tables: CardTables) -> CardTables:
    masks = list(tables.suit_masks)
    for suit in range(3):
        for rank in (3, 4):  # queen, jack
            masks[suit] |= 1 << (suit * 8 + rank)
    return tables._replace(suit_masks=tuple(masks))


def _off_suit_can_win(tables: CardTables) -> CardTables:
    # Every card may win whatever was led: trumps still beat fail cards by strength.
    return tables._replace(power=tuple(tables.strength for _ in range(5)))


def _first_trump_wins(tables: CardTables) -> CardTables:
    # Every trump equally strong: the first one played keeps the trick.
    return _strength(tables, {c: 100 for c in range(32) if tables.suit_of[c] == TRUMP})


def _must_trump(hand: Hand, legal: int) -> int:
    void = _lead_void(hand)
    if void and void[1] != TRUMP and void[0] & hand.suit_mask(TRUMP):
        return legal & hand.suit_mask(TRUMP)
    return legal


def _hold_card_free(hand: Hand, legal: int) -> int:
    void = _lead_void(hand)
    called_suit = hand.called_suit
    if void and hand.turn == hand.picker and called_suit is not None:
        return legal | (void[0] & hand.suit_mask(called_suit))
    return legal


def _hold_card_kept_to_the_end(hand: Hand, legal: int) -> int:
    """The picker keeps the hold card in the last trick too, on another suit's lead: the only card
    left is refused (``play.hold-card-last-trick`` missed)."""
    void = _lead_void(hand)
    called_suit = hand.called_suit
    ordinary = hand.called is not None and str(hand.called)[0] == "A"  # an ace call: no ace kept for a ten
    if (
        void
        and ordinary
        and hand.turn == hand.picker
        and called_suit is not None
        and not hand.called_suit_led
        and len(hand.tricks) == 5
    ):
        return legal & ~hand.suit_mask(called_suit)
    return legal


def _called_card_free(hand: Hand, legal: int) -> int:
    void = _lead_void(hand)
    if void and hand.turn == hand.partner and hand.called is not None:
        return legal | (void[0] & (1 << hand.called))
    return legal


def _partner_need_not_play_called(hand: Hand, legal: int) -> int:
    led = hand.led_suit
    if led is not None and hand.turn == hand.partner and legal == (1 << hand.called if hand.called is not None else -1):
        return _held(hand) & hand.suit_mask(led)
    return legal


def _trump_lead_free(hand: Hand, legal: int) -> int:
    if hand.led_suit == TRUMP:
        return _held(hand)
    return legal


def _called_ten_rank_ends_on_any_card() -> Patch:
    """Under called-ten-rank until-led, the called ten's rank above its ace ends after any trick
    holding a card of its suit, a throw-off on another suit's lead too ("played" read as any card,
    not as a lead): the hook of a later lead is called after each such trick."""
    original = Hand.push_play_unchecked

    def push(self: Hand, card: int) -> None:
        before = self.trick_index
        original(self, card)
        suit = self.called_suit
        if (
            suit is not None
            and self.trick_index > before
            and any(self.suit_of(c) == suit for c in self.tricks[-1].cards)
        ):
            self.later_called_lead()

    return _replace((Hand, "push_play_unchecked", push))


def _dealer_leads(self: Hand) -> int:
    return self.dealer


def _leader_leads_again(self: Hand, winner: int, leader: int) -> int:
    return leader


def _from_deck(order: Callable[[int], list[int]], blind: tuple[int, int]) -> Patch:
    """Deal a pack with the players' card positions given by ``order(packet)`` and the blind."""

    def from_deck(cls: type[Hand], profile: Any, dealer: int, deck: Any, *, stakes: int = 1) -> Hand:
        hands = [0] * 5
        for packet in range(5):
            for position in order(packet):
                hands[(dealer + packet) % 5] |= 1 << deck[position]
        return cls(profile, dealer, hands, (1 << deck[blind[0]]) | (1 << deck[blind[1]]), stakes=stakes)

    return _replace((Hand, "from_deck", classmethod(from_deck)))


def _call_options(extra: Callable[[Hand, int, int], list[int]]) -> Patch:
    original = Hand.call_options

    def options(self: Hand) -> tuple[list[Any], list[Any]]:
        calls, under = original(self)
        seat = self.turn
        assert seat is not None
        hand = self.hand_of(seat)
        own = hand | self.buried  # the picker's eight cards
        added = [cards_module.CARDS[c] for c in extra(self, hand, own) if c not in calls]
        return [*calls, *added], under

    return _replace((Hand, "call_options", options))


def _own_aces(hand: Hand, cards: int, own: int) -> list[int]:
    return [ace for ace in (0, 8, 16) if cards >> ace & 1]


def _aces_without_suit(hand: Hand, cards: int, own: int) -> list[int]:
    return [ace for ace in (0, 8, 16) if not own >> ace & 1 and not cards & SUIT_MASKS[ace >> 3]]


def _tens_without_aces(hand: Hand, cards: int, own: int) -> list[int]:
    return [ten for ten in (1, 9, 17) if not own >> ten & 1 and cards & SUIT_MASKS[ten >> 3]]


def _points(changes: dict[str, int]) -> Patch:
    table = list(cards_module.CARD_POINTS)
    for code, value in changes.items():
        table[_card(code)] = value
    points = tuple(table)
    return _replace((cards_module, "CARD_POINTS", points), (tricks_module, "CARD_POINTS", points))


def _bury_one_card() -> Patch:
    original = Hand.verify_bury

    def verify(self: Hand, action: Any) -> None:
        seat = self.turn
        if len(action.cards) == 1 and seat is not None and self.hand_of(seat) >> action.cards[0] & 1:
            return
        original(self, action)

    return _replace((Hand, "verify_bury", verify))


def _leaster(transform: Callable[..., tuple[int | None, tuple[int, ...]]]) -> Patch:
    return _replace((scoring_module, "leaster_scores", transform))


def _drawn_winner_paid_by_untied_only(
    profile: Profile, points: Sequence[int], tricks: Sequence[int], **kw: Any
) -> tuple[int | None, tuple[int, ...]]:
    winner, scores = leaster_scores(profile, points, tricks, **kw)
    tied = leaster_tied(profile, points, tricks)
    if winner is None or len(tied) < 2:
        return winner, scores
    stakes = kw.get("stakes", 1)
    return winner, tuple(
        0 if s in tied and s != winner else (5 - len(tied)) * stakes if s == winner else v for s, v in enumerate(scores)
    )


_NEXT_SCHWANZER_TIE = {"nobody": "highest-trump-pays", "highest-trump-pays": "all-tied-pay", "all-tied-pay": "nobody"}


def _schwanzer_payers_by_next_option(self: Hand, powers: Sequence[int]) -> list[int]:
    profile = self.profile.with_options({"schwanzer-tie": _NEXT_SCHWANZER_TIE[self.profile.schwanzer_tie]})
    return scoring_module.schwanzer_payers(profile, powers, self.dealt_hands)


def _session_dealer_stays() -> Patch:
    original = session_module.Session.finish_hand

    def finish(self: session_module.Session, hand: Hand) -> None:
        dealer = self.dealer
        original(self, hand)
        self.dealer = dealer

    return _replace((session_module.Session, "finish_hand", finish))


def _no_doubler() -> Patch:
    return _replace((session_module.Session, "next_stakes", property(lambda self: 1)))


def _leaster_not_totalled() -> Patch:
    original = session_module.Session.finish_hand

    def finish(self: session_module.Session, hand: Hand) -> None:
        totals = list(self.totals)
        original(self, hand)
        if hand.outcome is not None and hand.outcome.kind is OutcomeKind.LEASTER:
            self.totals = totals  # the leaster's changes are reported, never added up

    return _replace((session_module.Session, "finish_hand", finish))


def _flip(profile: Any, axis: str, options: tuple[str, str]) -> Any:
    current = profile.option(axis)
    return profile.with_options({axis: options[1] if current == options[0] else options[0]})


def _bury_counts_for_defenders() -> Patch:
    def side_points(profile: Any, *, picker_side_trick_points: int, bury_points: int, picker_side_tricks: int) -> int:
        return picker_side_trick_points

    return _replace(
        (scoring_module, "picker_side_card_points", side_points),
        (queries_module, "picker_side_card_points", side_points),
    )


_CATALOGUE: tuple[Mutant, ...] = (
    Mutant(
        "ranking.jack-order-swapped",
        "JS ranks above JC (the translated article's list) under every profile.",
        _tables(lambda t: _strength(t, {4: t.strength[12], 12: t.strength[4]})),
    ),
    Mutant(
        "ranking.red-queens-swapped",
        "QD ranks above QH (the queens of hearts and diamonds swapped).",
        _tables(lambda t: _strength(t, {19: t.strength[27], 27: t.strength[19]})),
    ),
    Mutant(
        "ranking.king-below-nine",
        "In the fail suits the king ranks below the nine (A 10 9 K 8 7).",
        _tables(lambda t: _strength(t, {c: (3 if c & 7 == 2 else 4) for c in range(24) if c & 7 in (2, 5)})),
    ),
    Mutant(
        "ranking.ten-below-king",
        "In the fail suits the ten ranks below the king (A K 10 9 8 7).",
        _tables(lambda t: _strength(t, {c: (5 if c & 7 == 2 else 4) for c in range(24) if c & 7 in (1, 2)})),
    ),
    Mutant(
        "deck.queens-follow-printed-suit",
        "A queen or jack also counts as a card of its printed fail suit for following.",
        _tables(_queens_follow_printed_suit),
    ),
    Mutant(
        "trick.off-suit-fail-can-win",
        "Without trump, the highest fail card wins whatever its suit.",
        _tables(_off_suit_can_win),
    ),
    Mutant("trick.first-trump-wins", "The first trump played wins, not the highest.", _tables(_first_trump_wins)),
    Mutant(
        "trick.called-ten-wins-after-its-suit-led",
        "Under called-ten-rank until-led the called ten still beats its ace after its suit's first lead (it plays wins-suit).",
        _replace(
            (Hand, "later_called_lead", lambda self: None), (queries_module, "rank_after_first_lead", lambda rank: rank)
        ),
    ),
    Mutant(
        "trick.called-ten-rank-ends-on-any-card-of-its-suit",
        "Under called-ten-rank until-led the called ten ranks as any ten once a card of its suit was played, even thrown off.",
        _called_ten_rank_ends_on_any_card(),
    ),
    Mutant(
        "play.void-must-trump",
        "A player void in a led fail suit must trump (under every profile).",
        _legal_mask(_must_trump),
    ),
    Mutant(
        "play.revoke-allowed",
        "Any card may be played at any time: following suit is not enforced.",
        _legal_mask(lambda hand, legal: _held(hand)),
    ),
    Mutant(
        "play.trump-lead-not-followed", "A trump lead need not be followed with trump.", _legal_mask(_trump_lead_free)
    ),
    Mutant(
        "play.hold-card-thrown-early",
        "The picker may throw off the last card of the called suit before it is led.",
        _legal_mask(_hold_card_free),
    ),
    Mutant(
        "play.hold-card-kept-in-last-trick",
        "The picker may not throw off the hold card even in the last trick.",
        _legal_mask(_hold_card_kept_to_the_end),
    ),
    Mutant(
        "play.partner-throws-called-card",
        "The partner may throw off the called card before its suit is led.",
        _legal_mask(_called_card_free),
    ),
    Mutant(
        "play.partner-need-not-play-called-card",
        "On the first lead of the called suit the partner may play any card of it.",
        _legal_mask(_partner_need_not_play_called),
    ),
    Mutant(
        "play.dealer-leads",
        "The dealer, not the dealer's left, leads the first trick.",
        _replace((Hand, "first_leader", _dealer_leads)),
    ),
    Mutant(
        "play.leader-leads-again",
        "The leader of a trick leads the next one, not its winner.",
        _replace((Hand, "next_leader", _leader_leads_again)),
    ),
    Mutant(
        "deal.blind-from-the-bottom",
        "The blind is the last two cards of the pack (3-3 to the players first).",
        _from_deck(lambda p: [3 * p, 3 * p + 1, 3 * p + 2, 15 + 3 * p, 16 + 3 * p, 17 + 3 * p], (30, 31)),
    ),
    Mutant(
        "deal.two-three-three",
        "Two cards each, then the blind, then four each.",
        _from_deck(lambda p: [2 * p, 2 * p + 1, 12 + 4 * p, 13 + 4 * p, 14 + 4 * p, 15 + 4 * p], (10, 11)),
    ),
    Mutant(
        "deal.dealer-dealt-first",
        "Dealing starts with the dealer instead of the dealer's left.",
        _from_deck(
            lambda p: [
                3 * ((p + 1) % 5),
                3 * ((p + 1) % 5) + 1,
                3 * ((p + 1) % 5) + 2,
                17 + 3 * ((p + 1) % 5),
                18 + 3 * ((p + 1) % 5),
                19 + 3 * ((p + 1) % 5),
            ],
            (15, 16),
        ),
    ),
    Mutant(
        "auction.dealer-asked-first",
        "The dealer is offered the blind first.",
        _replace((Hand, "first_bidder", lambda self: self.dealer)),
    ),
    Mutant(
        "all-pass.always-redeal",
        "When all pass the cards are always redealt, whatever the profile.",
        _replace((Hand, "all_pass_option", lambda self: "redeal")),
    ),
    Mutant("bury.one-card-accepted", "A bury of a single card is accepted.", _bury_one_card()),
    Mutant(
        "points.bury-not-counted", "The buried cards count for nobody.", _replace((Hand, "bury_points", lambda self: 0))
    ),
    Mutant("points.bury-to-defenders", "The buried cards count for the defenders.", _bury_counts_for_defenders()),
    Mutant(
        "points.ace-and-ten-swapped",
        "Aces count 10 and tens 11 (the pack still totals 120).",
        _points({f"A{s}": 10 for s in "CSHD"} | {f"T{s}": 11 for s in "CSHD"}),
    ),
    Mutant("points.king-counts-three", "Kings count 3 points.", _points({f"K{s}": 3 for s in "CSHD"})),
    Mutant("call.own-ace-accepted", "The picker may call an ace held in hand.", _call_options(_own_aces)),
    Mutant(
        "call.ace-without-suit-card",
        "The picker may call the ace of a suit it holds no card of.",
        _call_options(_aces_without_suit),
    ),
    Mutant(
        "call.ten-without-all-aces",
        "A ten may be called without holding all three fail aces.",
        _call_options(_tens_without_aces),
    ),
    Mutant(
        "scoring.sixty-wins",
        "60 card points win for the picker's side.",
        _classify(lambda kind, points, c: OutcomeKind.WIN if points == 60 and kind is OutcomeKind.LOSS else kind),
    ),
    Mutant(
        "scoring.schneider-at-ninety",
        "90 card points are a schneider win.",
        _classify(lambda kind, points, c: OutcomeKind.SCHNEIDER if points == 90 and kind is OutcomeKind.WIN else kind),
    ),
    Mutant(
        "scoring.schneidered-at-thirty-one",
        "31 card points are schneidered.",
        _classify(
            lambda kind, points, c: OutcomeKind.SCHNEIDERED if points == 31 and kind is OutcomeKind.LOSS else kind
        ),
    ),
    Mutant(
        "scoring.no-tricker-by-points",
        "The triple scores are judged by card points under every profile.",
        _classify(
            lambda kind, points, c: classify(
                c["profile"].with_options({"no-tricker": "points"}), **{k: v for k, v in c.items() if k != "profile"}
            )
        ),
    ),
    Mutant(
        "scoring.no-tricker-by-tricks",
        "The triple scores are judged by tricks under every profile.",
        _classify(
            lambda kind, points, c: classify(
                c["profile"].with_options({"no-tricker": "tricks"}), **{k: v for k, v in c.items() if k != "profile"}
            )
        ),
    ),
    Mutant(
        "scoring.defender-sweep-other-option",
        "The defenders' sweep is scored with the other option of the profile.",
        _scores(
            lambda p, kind, **kw: picker_hand_scores(
                _flip(p, "defender-sweep", ("shared", "partner-off-hook")), kind, **kw
            )
        ),
    ),
    Mutant(
        "scoring.double-on-the-bump-on-wins",
        "Double on the bump doubles wins as well as losses.",
        _scores(
            lambda p, kind, **kw: tuple(
                2 * v
                if p.double_on_the_bump == "on"
                and kind in (OutcomeKind.WIN, OutcomeKind.SCHNEIDER, OutcomeKind.ALL_TRICKS)
                else v
                for v in picker_hand_scores(p, kind, **kw)
            )
        ),
    ),
    Mutant(
        "scoring.double-on-the-bump-ignored",
        "Double on the bump is never applied.",
        _scores(lambda p, kind, **kw: picker_hand_scores(p.with_options({"double-on-the-bump": "off"}), kind, **kw)),
    ),
    Mutant(
        "alone.scored-as-partner-hand",
        "A picker alone scores like a picker with a partner (2x, not 4x).",
        _scores(
            lambda p, kind, *, alone, stakes, raises: (lambda s: (s[0], 0, s[2]) if alone else s)(
                picker_hand_scores(p, kind, alone=False, stakes=stakes, raises=raises)
            )
        ),
    ),
    Mutant(
        "leaster.most-points-wins",
        "The leaster is won by the most card points.",
        _leaster(lambda profile, points, tricks, **kw: leaster_scores(profile, [-p for p in points], tricks, **kw)),
    ),
    Mutant(
        "leaster.no-trick-needed",
        "A player with no trick may win a leaster under every profile.",
        _leaster(
            lambda profile, points, tricks, **kw: leaster_scores(
                profile.with_options({"leaster-needs-trick": "no"}), points, tricks, **kw
            )
        ),
    ),
    Mutant(
        "leaster.random-tie-scores-nothing",
        "Under leaster-tie random a tie scores nothing, as no-exchange.",
        _leaster(
            lambda profile, points, tricks, **kw: leaster_scores(
                profile.with_options({"leaster-tie": "no-exchange"}) if profile.leaster_tie == "random" else profile,
                points,
                tricks,
                **kw,
            )
        ),
    ),
    Mutant(
        "leaster.random-tie-others-tied-pay-nothing",
        "Under leaster-tie random the drawn winner collects only from the seats outside the tie.",
        _leaster(_drawn_winner_paid_by_untied_only),
    ),
    Mutant(
        "leaster.blind-to-nobody",
        "The blind's points count for nobody in every leaster.",
        _replace((Hand, "blind_taker", lambda self: None)),
    ),
    Mutant("session.deal-does-not-rotate", "The same seat deals every hand.", _session_dealer_stays()),
    Mutant("session.doubler-ignored", "A doubler does not double the next hand.", _no_doubler()),
    Mutant(
        "all-pass.schwanzer-diamonds-ignored",
        "A schwanzer counts queens and jacks only, not the other diamonds.",
        _replace(
            (
                scoring_module,
                "schwanzer_power",
                lambda cards: sum(3 if c & 7 == 3 else 2 if c & 7 == 4 else 0 for c in cards),
            )
        ),
    ),  # Q, J ranks
    Mutant(
        "all-pass.schwanzer-tie-other-option",
        "A schwanzer tie is settled by the next schwanzer-tie option (nobody, the highest trump, every tied player).",
        _replace((Hand, "schwanzer_payers", _schwanzer_payers_by_next_option)),
    ),
    Mutant(
        "session.leaster-not-totalled",
        "A leaster's score changes are left out of the session totals.",
        _leaster_not_totalled(),
    ),
    Mutant(
        "crack.partner-may-crack",
        "The partner, when seated after the picker, may crack.",
        _replace((Hand, "crack_seats", Hand.seats_after_picker)),
    ),
    Mutant(
        "crack.passed-may-crack",
        "Any defender may crack, a player who passed too.",
        _replace((Hand, "crack_seats", lambda self: [s for s in range(1, 6) if s not in (self.picker, self.partner)])),
    ),
    Mutant(
        "crack.defender-may-recrack",
        "Any player but the cracker may re-crack.",
        _replace((Hand, "recrack_seats", lambda self: [s for s in range(1, 6) if s != self.cracker])),
    ),
    Mutant(
        "crack.window-open-in-first-trick",
        "Cracks are accepted until the first trick is complete.",
        _replace(
            (Hand, "window_open", lambda self: self.phase is Phase.PLAY and not self.is_leaster and not self.tricks)
        ),
    ),
    Mutant(
        "crack.blitz-before-crack",
        "A blitz may be made without a crack.",
        _replace((Hand, "blitz_open", lambda self: True)),
    ),
    Mutant(
        "crack.blitz-at-the-pick-after-the-call",
        "Under blitzing at-the-pick a blitz needs no crack, but the window opens only after the bury and the call.",
        _replace(
            (
                Hand,
                "blitz_open",
                lambda self: (
                    self.window_open() and (self.profile.blitzing == "at-the-pick" or self.cracker is not None)
                ),
            )
        ),
    ),
    Mutant(
        "crack.not-doubled",
        "Cracks, re-cracks and blitzes are accepted but do not double the scores.",
        _scores(lambda p, kind, **kw: picker_hand_scores(p, kind, **{**kw, "raises": 0})),
    ),
    Mutant(
        "procedure.offended-side-loses",
        "A claimed revoke loses the hand for the side that did not revoke.",
        _replace((Hand, "picker_side_revoked", lambda self: self.revoke.seat not in (self.picker, self.partner))),
    ),
    Mutant(
        "procedure.revoke-penalty-other-option",
        "A claimed revoke is scored with the other revoke-penalty option.",
        _replace(
            (
                Hand,
                "revoke_penalty",
                lambda self: "schneider" if self.profile.revoke_penalty == "loses-hand" else "loses-hand",
            )
        ),
    ),
    Mutant(
        "crack.cap-ignored",
        "The stakes are never capped.",
        _scores(lambda p, kind, **kw: picker_hand_scores(p.with_options({"stakes-cap": "none"}), kind, **kw)),
    ),
)

MUTANTS: dict[str, Mutant] = {mutant.id: mutant for mutant in _CATALOGUE}
"""Every mutant by id."""
