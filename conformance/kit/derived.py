"""Answer a ``trick-winner`` query with a replay, for an engine that only plays whole hands.

The trick is played as the first trick of a leaster: a deal is built in which every seat can
legally play its card of the trick (a seat that does not follow the led suit holds none of it,
and, under ``void-play: must-trump``, no trump either when it plays a fail card), a partial trick
is completed with fail cards of a suit that is not led (which never win), all five pass, and the
five cards are played. The engine's winner of that trick is its answer. It takes an engine whose
``all-pass`` option is ``leaster`` and a query without a called or under card; any other query is
left unsupported, never guessed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from conformance.adapter import Deal, ReplayRequest, ReplayResponse, TrickWinnerRequest, Unsupported

__all__ = ["trick_winner_by_replay"]

SEATS = ("S1", "S2", "S3", "S4", "S5")
CARDS = tuple(rank + suit for suit in "CSHD" for rank in "ATKQJ987")
_LOW_FIRST = "789KTA"


def _suit(card: str) -> str:
    """The suit a card follows: ``T`` for every trump (queens, jacks, diamonds)."""
    return "T" if card[0] in "QJ" or card[1] == "D" else card[1]


def _deal(cards: Sequence[str], must_trump: bool) -> Deal | None:
    led = _suit(cards[0])
    fillers = [rank + suit for suit in "CSH" if suit != led for rank in _LOW_FIRST if rank + suit not in cards]
    trick = list(cards) + fillers[: 5 - len(cards)]
    holds: dict[str, list[str]] = {seat: [card] for seat, card in zip(SEATS, trick)}
    barred: dict[str, set[str]] = {}
    for seat, card in zip(SEATS, trick):
        suit = _suit(card)
        barred[seat] = set() if suit == led else {led} | ({"T"} if must_trump and suit != "T" else set())
    blind: list[str] = []
    rest = [card for card in CARDS if card not in trick]
    # The most constrained cards first: those of the led suit (and trumps), then the others.
    rest.sort(key=lambda card: 0 if _suit(card) == led else 1 if _suit(card) == "T" else 2)
    for card in rest:
        holder = next((s for s in SEATS if len(holds[s]) < 6 and _suit(card) not in barred[s]), None)
        if holder is not None:
            holds[holder].append(card)
        elif len(blind) < 2:
            blind.append(card)
        else:
            return None  # no seat may hold it: the trick cannot be reached this way
    return Deal("S5", {seat: tuple(holds[seat]) for seat in SEATS}, (blind[0], blind[1]))


def trick_winner_by_replay(request: TrickWinnerRequest, options: Mapping[str, str],
                           replay: Callable[[ReplayRequest], ReplayResponse]) -> int:  # fmt: skip
    """The index, in play order, of the winning card, from the engine's own replay of a leaster.

    :raises Unsupported: the engine plays no leaster, the query names a called or under card,
        or no deal reaches the trick.
    """
    if options.get("all-pass") != "leaster":
        raise Unsupported("trick-winner by replay needs a leaster (all-pass: leaster) to play the trick in")
    if request.called is not None or request.under is not None:
        raise Unsupported("trick-winner by replay plays a leaster, which has no called card")
    cards = tuple(request.cards)
    if not 1 <= len(cards) <= 5 or len(set(cards)) != len(cards):
        raise Unsupported("trick-winner by replay needs one to five different cards")
    deal = _deal(cards, options.get("void-play") == "must-trump")
    if deal is None:
        raise Unsupported("trick-winner by replay: no deal lets every seat play its card of the trick")
    full = [deal.hands[seat][0] for seat in SEATS]
    actions = (*(f"{seat} pass" for seat in SEATS), *(f"{seat} play {card}" for seat, card in zip(SEATS, full)))
    reply = replay(ReplayRequest(dict(options), deal, actions))
    if reply.rejected is not None or not reply.tricks or reply.tricks[0].winner is None:
        raise Unsupported("trick-winner by replay: the engine's replay of the trick gave no winner")
    return SEATS.index(reply.tricks[0].winner)
