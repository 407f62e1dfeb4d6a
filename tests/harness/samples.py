"""Sample requests of every kind, for the protocol and adapter tests.

They come from the spec's example records and from hand-picked positions, under several
profiles, so that each request kind and the interesting reply shapes (a rejection, a complete
hand, a leaster, a thrown-in hand, an under call, a session refused at a hand) all travel
through the protocol.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

from conformance.adapter import (
    CallableCardsRequest,
    CardPointsRequest,
    Deal,
    LegalPlaysRequest,
    ReplayRequest,
    ScoreRequest,
    SessionRequest,
    TrickWinnerRequest,
)
from conformance.engines.protocol import Request
from reference_impl import Action, Hand, Profile
from reference_impl.cards import cards_of
from reference_impl.record import HandRecord, load, load_session

__all__ = ["EXAMPLES", "deal_of", "options", "sample_requests"]

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"
SEATS = ("S1", "S2", "S3", "S4", "S5")


@functools.cache
def options(profile: str) -> dict[str, str]:
    """Every axis's option under a named profile of ``spec/variants.yaml``."""
    return Profile.named(profile).options()


def deal_of(record: HandRecord, *, with_deck: bool = True) -> Deal:
    """The protocol deal of a hand record (its pack order too, when it has one)."""
    blind = [str(card) for card in cards_of(record.blind)]
    return Deal(
        dealer=f"S{record.dealer}",
        hands={seat: tuple(str(card) for card in cards_of(record.hands[i])) for i, seat in enumerate(SEATS)},
        blind=(blind[0], blind[1]),
        deck=tuple(str(card) for card in record.deck) if with_deck and record.deck else None,
    )


def _actions(record: HandRecord) -> tuple[str, ...]:
    return tuple(str(action) for action in record.actions)


def _random_hand(profile: str, seed: int, first: tuple[str, ...] = ()) -> tuple[Deal, tuple[str, ...]]:
    """A complete hand played at random from a fixed deal (after the given first actions)."""
    record = load(EXAMPLES / "ordinary-win-deck.yaml")
    hand = Hand(Profile.named(profile), record.dealer, record.hands, record.blind)
    draw = random.Random(seed).random
    for text in first:
        hand.apply(Action.parse(text))
    while hand.turn is not None:
        hand.apply(hand.random_action(draw))
    return deal_of(record, with_deck=False), tuple(str(action) for action in hand.actions)


@functools.cache
def _samples() -> tuple[tuple[str, Request], ...]:
    return tuple(_build())


def sample_requests() -> list[tuple[str, Request]]:
    """``(name, request)`` pairs: at least one of every request kind."""
    return list(_samples())


def _build() -> list[tuple[str, Request]]:
    revoke = load(EXAMPLES / "revoke-trump-on-club-lead.yaml")
    win = load(EXAMPLES / "ordinary-win-deck.yaml")
    schneidered = load(EXAMPLES / "schneidered-hands.yaml")
    session = load_session(EXAMPLES / "session-two-hands.yaml")
    standard = options("standard")
    passes = ("S1 pass", "S2 pass", "S3 pass", "S4 pass", "S5 pass")
    leaster_deal, leaster_actions = _random_hand("standard", 3, passes)
    picked_deal, picked_actions = _random_hand("sheepsheadai", 11, ("S1 pick",))
    session_hands = tuple((deal_of(record), _actions(record)) for record in session.hands)
    return [
        ("replay-rejected", ReplayRequest(standard, deal_of(revoke), _actions(revoke))),
        ("replay-complete-from-deck", ReplayRequest(standard, deal_of(win), _actions(win))),
        ("replay-complete-from-hands", ReplayRequest(standard, deal_of(schneidered), _actions(schneidered))),
        ("replay-bury-phase", ReplayRequest(options("tournament"), deal_of(win), _actions(win)[:3], stakes=2)),
        ("replay-nothing-yet", ReplayRequest(standard, deal_of(win), ())),
        ("replay-leaster", ReplayRequest(standard, leaster_deal, leaster_actions)),
        ("replay-doubler", ReplayRequest(options("doubler"), deal_of(win), passes)),
        ("replay-call-then-bury", ReplayRequest(options("sheepsheadai"), picked_deal, picked_actions)),
        ("session-two-hands", SessionRequest(options(session.profile.name.split("+")[0]), session_hands)),
        (
            "session-wrong-dealer",
            SessionRequest(options("doubler"), ((deal_of(revoke), passes), (deal_of(revoke), ("S1 pass",)))),
        ),
        ("trick-winner", TrickWinnerRequest(standard, ("AH", "TH", "7D"))),
        ("trick-winner-called-ten", TrickWinnerRequest(options("wikipedia"), ("AH", "TH", "KH"), called="TH")),
        ("trick-winner-under", TrickWinnerRequest(standard, ("AS", "9S", "7C"), called="AS", under="7C")),
        (
            "trick-winner-called-suit-led",
            TrickWinnerRequest(options("sheepsheadai"), ("9H", "TH", "AH"), called="TH", called_suit_led=True),
        ),
        ("legal-plays-follow", LegalPlaysRequest(standard, ("AC", "QC", "7H"), ("9C",), 2, "defender", called="AH")),
        (
            "legal-plays-lead",
            LegalPlaysRequest(options("translated-article"), ("AH", "7H", "QC"), (), 1, "picker", called="AS"),
        ),
        ("callable-cards", CallableCardsRequest(standard, ("QC", "JD", "AD", "9C", "7H", "KS"), ("TS", "7S"))),
        ("callable-cards-under", CallableCardsRequest(standard, ("QC", "QS", "QH", "QD", "JC", "JS"), ("AD", "TD"))),
        ("score-win", ScoreRequest(standard, 80, 10, 4)),
        ("score-alone-doubled", ScoreRequest(options("tournament"), 20, 4, 1, alone=True, stakes=2)),
        ("card-points", CardPointsRequest(("AS", "TS", "QC"))),
        ("card-points-none", CardPointsRequest(())),
    ]
