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
from conformance.kit.translate import CARDS, SEATS

__all__ = ["card_points_by_replay", "options_for_a_leaster", "trick_winner_by_replay"]

_LOW_FIRST = "789KTA"


def _suit(card: str) -> str:
    """The suit a card follows: ``T`` for every trump (queens, jacks, diamonds)."""
    return "T" if card[0] in "QJ" or card[1] == "D" else card[1]


def _deal(cards: Sequence[str], must_trump: bool) -> Deal | None:
    led = _suit(cards[0])
    # Fail cards of suits not led (they never win), the ones worth nothing first.
    fillers = [rank + suit for rank in _LOW_FIRST for suit in "CSH" if suit != led and rank + suit not in cards]
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


_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


def _first_trick(
    cards: Sequence[str], options: Mapping[str, str], replay: Callable[[ReplayRequest], ReplayResponse], what: str
) -> tuple[Sequence[str], ReplayResponse]:
    """Replay a leaster whose first trick holds ``cards`` (completed with fillers); the trick as
    played and the engine's answer. ``what`` names the query in the reasons it gives up."""
    if options.get("all-pass") != "leaster":
        raise Unsupported(f"{what} needs a leaster (all-pass: leaster) to play the trick in")
    deal = _deal(cards, options.get("void-play") == "must-trump")
    if deal is None:
        raise Unsupported(f"{what}: no deal lets every seat play its card of the trick")
    full = [deal.hands[seat][0] for seat in SEATS]
    actions = (*(f"{seat} pass" for seat in SEATS), *(f"{seat} play {card}" for seat, card in zip(SEATS, full)))
    reply = replay(ReplayRequest(dict(options), deal, actions))
    if reply.rejected is not None or not reply.tricks:
        raise Unsupported(f"{what}: the engine's replay of the trick gave no winner")
    return full, reply


def options_for_a_leaster(declared: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """One declared option per axis, a leaster on ``all-pass`` when the engine plays one (a
    ``card-points`` request carries no options: any the engine plays will do)."""
    options = {axis: choices[0] for axis, choices in declared.items() if choices}
    if "leaster" in declared.get("all-pass", ()):
        options["all-pass"] = "leaster"
    return options


def card_points_by_replay(
    cards: Sequence[str], options: Mapping[str, str], replay: Callable[[ReplayRequest], ReplayResponse]
) -> int:
    """The card points of one to five cards, as the points of a leaster's first trick holding
    them and fail cards worth nothing (7, 8, 9).

    :raises Unsupported: more than five cards, no such deal, or the engine reports no points.
    """
    if not 1 <= len(cards) <= 5 or len(set(cards)) != len(cards):
        raise Unsupported("card-points by replay: one to five different cards (a trick's worth)")
    for leader in range(len(cards)):  # any order of the cards: one of them may lead
        ordered = [cards[leader], *cards[:leader], *cards[leader + 1 :]]
        try:
            full, reply = _first_trick(ordered, options, replay, "card-points by replay")
        except Unsupported:
            continue
        if any(_POINTS.get(card[0], 0) for card in full[len(cards) :]):
            continue  # a filler with points: the sum would not be the cards' alone
        points = reply.tricks[0].points
        if points is None:
            raise Unsupported("card-points by replay: the engine does not report a trick's points")
        return points
    raise Unsupported("card-points by replay: no leaster's first trick holds these cards")


def trick_winner_by_replay(
    request: TrickWinnerRequest, options: Mapping[str, str], replay: Callable[[ReplayRequest], ReplayResponse]
) -> int:
    """The index, in play order, of the winning card, from the engine's own replay of a leaster.

    :raises Unsupported: the engine plays no leaster, the query names a called or under card,
        or no deal reaches the trick.
    """
    what = "trick-winner by replay"
    if request.called is not None or request.under is not None:
        raise Unsupported(f"{what} plays a leaster, which has no called card")
    cards = tuple(request.cards)
    if not 1 <= len(cards) <= 5 or len(set(cards)) != len(cards):
        raise Unsupported(f"{what} needs one to five different cards")
    _, reply = _first_trick(cards, options, replay, what)
    winner = reply.tricks[0].winner
    if winner is None:
        raise Unsupported(f"{what}: the engine's replay of the trick gave no winner")
    return SEATS.index(winner)
