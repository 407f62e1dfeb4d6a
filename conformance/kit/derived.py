"""Answer queries with a replay, for an engine that only plays whole hands.

``score`` (:func:`score_by_replay`): a hand is designed in which the picker's side takes the
described tricks and points, every play legal under any option (each trick but the last is five
cards of one suit), and the engine's own score of that hand is its answer.

``trick-winner`` and ``card-points``:

The trick is played as the first trick of a hand: a deal is built in which every seat can
legally play its card of the trick (a seat that does not follow the led suit holds none of it,
and, under ``void-play: must-trump``, no trump either when it plays a fail card), a partial trick
is completed with fail cards of a suit that is not led (which never win), and the five cards are
played. Under ``all-pass: leaster`` all five pass and the trick is a leaster's first; under any
other all-pass option (a schwanzer, a doubler, a redeal) the dealer's left picks, buries the two
blind cards and goes alone, in the order of ``call-timing``, and leads the trick (a hand with no
called card, whose trick is ranked as a leaster's). The engine's winner of that trick is its
answer. A query with a called or under card is left unsupported, never guessed.

``card-points`` completes the trick with cards worth nothing instead (sevens, eights, nines), those
of the led suit first, so that a trump's trick can be dealt too (its followers hold the trumps);
when the cards cannot lead, a fail card worth nothing leads them. More than five cards are counted
in several hands, five at most each, grouped by the suit they follow, and summed.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from conformance.adapter import (
    Deal,
    ReplayRequest,
    ReplayResponse,
    ScoreRequest,
    ScoreResponse,
    TrickWinnerRequest,
    Unsupported,
)
from conformance.kit.translate import CARDS, SEATS

__all__ = ["ScoredHand", "card_points_by_replay", "options_for_a_leaster", "score_by_replay", "trick_winner_by_replay"]

_LOW_FIRST = "789KTA"


def _suit(card: str) -> str:
    """The suit a card follows: ``T`` for every trump (queens, jacks, diamonds)."""
    return "T" if card[0] in "QJ" or card[1] == "D" else card[1]


def _fail_fillers(cards: Sequence[str]) -> list[str]:
    """Fail cards of suits not led (they never win), the ones worth nothing first."""
    led = _suit(cards[0])
    return [rank + suit for rank in _LOW_FIRST for suit in "CSH" if suit != led and rank + suit not in cards]


def _hold(
    trick: Sequence[str], must_trump: bool, rest: Sequence[str], size: int
) -> tuple[dict[str, list[str]], list[str]] | None:
    """Each seat's card of ``trick`` (led by S1) and ``size - 1`` more of ``rest``, so that every
    seat may play its card (a seat that does not follow the led suit holds none of it, and, under
    ``void-play: must-trump``, no trump either when it plays a fail card); two go to the blind.
    ``None`` when no seat may hold some card."""
    led = _suit(trick[0])
    holds: dict[str, list[str]] = {seat: [card] for seat, card in zip(SEATS, trick)}
    barred: dict[str, set[str]] = {}
    for seat, card in zip(SEATS, trick):
        suit = _suit(card)
        barred[seat] = set() if suit == led else {led} | ({"T"} if must_trump and suit != "T" else set())
    blind: list[str] = []
    # The most constrained cards first: those of the led suit (and trumps), then the others.
    for card in sorted(rest, key=lambda card: 0 if _suit(card) == led else 1 if _suit(card) == "T" else 2):
        holder = next((s for s in SEATS if len(holds[s]) < size and _suit(card) not in barred[s]), None)
        if holder is not None:
            holds[holder].append(card)
        elif len(blind) < 2:
            blind.append(card)
        else:
            return None  # no seat may hold it: the trick cannot be reached this way
    return holds, blind


def _deal(cards: Sequence[str], must_trump: bool, fillers: Sequence[str] | None = None) -> Deal | None:
    """A deal in which the trick ``cards`` (led by the first), completed with ``fillers`` (by
    default :func:`_fail_fillers`), can be played as the first trick; ``None`` when none fits."""
    trick = [*cards, *(_fail_fillers(cards) if fillers is None else fillers)[: 5 - len(cards)]]
    found = _hold(trick, must_trump, [card for card in CARDS if card not in trick], 6) if len(trick) == 5 else None
    if found is None:
        return None
    holds, blind = found
    return Deal("S5", {seat: tuple(holds[seat]) for seat in SEATS}, (blind[0], blind[1]))


_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


_QUEENS = ("QC", "QS", "QH", "QD")
"""The four highest trumps, highest first, under either jack-order."""


def _after_two_trump_tricks(cards: Sequence[str], must_trump: bool) -> tuple[Deal, tuple[tuple[str, ...], ...]] | None:
    """A deal in which the trick ``cards`` (completed with fillers that never win) is the third
    trick, and its two earlier tricks: S1 leads the two highest queens not in the trick and every
    other seat follows with trumps, so that by the third trick a seat may hold no trump (a trump
    led, fail cards played to it: a first trick cannot hold that, the fourteen trumps being
    somewhere). Each seat's card of the trick is first in its hand; ``None`` when none fits."""
    trick = [*cards, *_fail_fillers(cards)[: 5 - len(cards)]]
    queens = [queen for queen in _QUEENS if queen not in trick][:2]
    trumps = [card for card in _TRUMP_ORDER if card not in trick and card not in queens]
    if len(queens) < 2 or len(trumps) < 8:
        return None
    followed = {seat: trumps[2 * i : 2 * i + 2] for i, seat in enumerate(SEATS[1:])}
    earlier = tuple((queens[k], *(followed[seat][k] for seat in SEATS[1:])) for k in (0, 1))
    used = {*trick, *queens, *trumps[:8]}
    found = _hold(trick, must_trump, [card for card in CARDS if card not in used], 4)  # four cards left a seat
    if found is None:
        return None
    holds, blind = found
    hands = {seat: (*holds[seat], *(queens if seat == "S1" else followed[seat])) for seat in SEATS}
    return Deal("S5", hands, (blind[0], blind[1])), earlier


def _first_trick(
    cards: Sequence[str],
    options: Mapping[str, str],
    replay: Callable[[ReplayRequest], ReplayResponse],
    what: str,
    deal: Deal | None = None,
    earlier: Sequence[Sequence[str]] = (),
) -> tuple[Sequence[str], ReplayResponse]:
    """Replay a hand whose first trick holds ``cards`` (completed with fillers; or the first cards
    of ``deal``'s hands, played after the ``earlier`` tricks S1 leads): a leaster, or a hand the
    dealer's left picks and plays alone; the trick as played and the engine's answer. ``what``
    names the query in the reasons it gives up."""
    deal = deal or _deal(cards, options.get("void-play") == "must-trump")
    if deal is None:
        raise Unsupported(f"{what}: no deal lets every seat play its card of the trick")
    full = [deal.hands[seat][0] for seat in SEATS]
    if options.get("all-pass", "leaster") == "leaster":
        before: tuple[str, ...] = tuple(f"{seat} pass" for seat in SEATS)
    else:  # S1 picks, buries the blind and goes alone: no called card, the trick ranked as a leaster's
        bury, alone = f"S1 bury {deal.blind[0]} {deal.blind[1]}", "S1 alone"
        order = (alone, bury) if options.get("call-timing") == "call-then-bury" else (bury, alone)
        before = ("S1 pick", *order)
    plays = [f"{seat} play {card}" for trick in (*earlier, full) for seat, card in zip(SEATS, trick)]
    reply = replay(ReplayRequest(dict(options), deal, (*before, *plays)))
    if reply.rejected is not None or len(reply.tricks) <= len(earlier):
        raise Unsupported(f"{what}: the engine's replay of the trick gave no winner")
    return full, reply


def options_for_a_leaster(declared: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """One declared option per axis, a leaster on ``all-pass`` when the engine plays one (a
    ``card-points`` request carries no options: any the engine plays will do)."""
    options = {axis: choices[0] for axis, choices in declared.items() if choices}
    if "leaster" in declared.get("all-pass", ()):
        options["all-pass"] = "leaster"
    return options


_ZERO = tuple(rank + suit for suit in "CSHD" for rank in "789")
"""The cards worth no card point (points.card-values): a trick's fillers when counting points."""


def _zero_point_tricks(cards: Sequence[str], must_trump: bool) -> list[Deal]:
    """Deals whose first trick is ``cards`` (one to five) and cards worth nothing, in the orders
    worth trying: one of the cards led, then a card worth nothing led (a fail seven, eight or
    nine), each followed by fillers of the led suit first (every seat that can, follows), then
    others. Only the deals that can be dealt."""
    free = [card for card in _ZERO if card not in cards]
    orders = [[card, *(c for c in cards if c != card)] for card in cards]
    if len(cards) < 5:
        orders += [[lead, *cards] for lead in free if lead[1] != "D"]
    deals = []
    for order in orders:
        led = _suit(order[0])
        fillers = sorted((c for c in free if c not in order), key=lambda card: _suit(card) != led)
        deal = _deal(order, must_trump, fillers)
        if deal is not None:
            deals.append(deal)
    return deals


def _chunks(cards: Sequence[str]) -> list[list[str]]:
    """Cards in tricks' worths: grouped by the suit they follow, five at most a group."""
    groups: dict[str, list[str]] = {}
    for card in cards:
        groups.setdefault(_suit(card), []).append(card)
    return [group[i : i + 5] for group in groups.values() for i in range(0, len(group), 5)]


def card_points_by_replay(
    cards: Sequence[str], options: Mapping[str, str], replay: Callable[[ReplayRequest], ReplayResponse]
) -> int:
    """The card points of different cards, as the points of hands' first tricks holding them and
    cards worth nothing (sevens, eights, nines): a leaster's, or a lone picker's. More than five
    cards are counted five at most a hand (grouped by the suit they follow), and summed.

    :raises Unsupported: no cards or a card twice, no such deal, or the engine reports no points.
    """
    if not cards or len(set(cards)) != len(cards):
        raise Unsupported("card-points by replay: different cards, one at least")
    must_trump = options.get("void-play") == "must-trump"
    total = 0
    for group in _chunks(cards):
        deals = _zero_point_tricks(group, must_trump)
        if not deals:
            raise Unsupported("card-points by replay: no hand's first trick holds these cards")
        deal = deals[0]
        _, reply = _first_trick([deal.hands[seat][0] for seat in SEATS], options, replay, "card-points by replay", deal)
        points = reply.tricks[0].points
        if points is None:
            raise Unsupported("card-points by replay: the engine does not report a trick's points")
        total += points
    return total


def trick_winner_by_replay(
    request: TrickWinnerRequest, options: Mapping[str, str], replay: Callable[[ReplayRequest], ReplayResponse]
) -> int:
    """The index, in play order, of the winning card, from the engine's own replay of a hand whose
    first trick holds the cards (a leaster, or a lone picker's hand); a trump led with fail cards
    played to it is the hand's third trick, after two tricks of trumps.

    :raises Unsupported: the query names a called or under card,
        or no deal reaches the trick.
    """
    what = "trick-winner by replay"
    if request.called is not None or request.under is not None:
        raise Unsupported(f"{what} plays a hand without a called card")
    cards = tuple(request.cards)
    if not 1 <= len(cards) <= 5 or len(set(cards)) != len(cards):
        raise Unsupported(f"{what} needs one to five different cards")
    must_trump = options.get("void-play") == "must-trump"
    deal = _deal(cards, must_trump)
    earlier: tuple[tuple[str, ...], ...] = ()
    if deal is None:  # a trump led and fail cards played to it: the trick is played third
        deal, earlier = _after_two_trump_tricks(cards, must_trump) or (None, ())
    _, reply = _first_trick(cards, options, replay, what, deal, earlier)
    winner = reply.tricks[len(earlier)].winner
    if winner is None:
        raise Unsupported(f"{what}: the engine's replay of the trick gave no winner")
    return SEATS.index(winner)


# ``score`` through steps: a hand played to the described result, scored by the engine.

_TRUMP_ORDER = ("QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD", "KD", "9D", "8D", "7D")
_FAIL_RANKS = "ATK987"
ATTEMPTS = 3000
"""Random designs of a hand tried before a score query is left unsupported (each costs no replay)."""


def _points(cards: Sequence[str]) -> int:
    return sum(_POINTS.get(card[0], 0) for card in cards)


def _top(cards: Sequence[str]) -> str:
    """The card that takes a trick of these cards in which every seat follows the led card (a trump
    when there is one, else the highest card of the suit every card is of)."""
    trumps = [card for card in cards if card in _TRUMP_ORDER]
    if trumps:
        return min(trumps, key=_TRUMP_ORDER.index)
    return min(cards, key=lambda card: _FAIL_RANKS.index(card[0]))


@dataclass(frozen=True)
class ScoredHand:
    """A hand with a picker designed to reach a described result: its deal, actions and trick winners."""

    deal: Deal
    bury: str
    call: str
    plays: tuple[str, ...]
    winners: tuple[str, ...]
    picker: str
    partner: str | None


def _design(request: ScoreRequest, rng: random.Random) -> ScoredHand | None:
    """One random try at a hand giving the picker's side ``request``'s tricks and points.

    Every trick but the last is five cards of one suit (the two trump tricks, one per fail suit):
    every seat follows, so every play is legal under any option, and whoever holds the top card
    takes the trick. The last trick holds what is left (a trump at least), one card a seat: forced.
    The picker is S1 (the dealer S5's left picks first); called, the partner holds the called ace,
    which takes its suit's trick, or, for a side that takes less than that trick, is trumped there
    by a defender void in the suit (the only trick not all of one suit, its four cards of the suit
    and that defender's trump).
    """
    suit: str | None = None if request.alone else rng.choice("CSH")
    lost = suit is not None and rng.random() < 0.5  # the called ace trumped by a defender
    trumps = list(_TRUMP_ORDER)
    rng.shuffle(trumps)
    bias = rng.random()  # a third of the tries leave the trumps worth least, or most, to the last trick
    if bias < 2 / 3:
        trumps.sort(key=lambda card: _POINTS.get(card[0], 0) * (1 if bias < 1 / 3 else -1), reverse=True)
    ruff = trumps.pop(rng.randrange(10)) if lost else None
    fail_left: list[str] = []
    fail_groups: list[list[str]] = []
    for each in "CSH":
        ranks = [rank + each for rank in _FAIL_RANKS]
        if each == suit and lost:
            others = ranks[1:]
            rng.shuffle(others)
            fail_groups.append([ranks[0], *others[:3]])  # the ace, three of the suit (and the trump)
            fail_left += others[3:]
            continue
        left = rng.choice(ranks[1:] if each == suit else ranks)  # the called ace stays in its trick
        fail_left.append(left)
        fail_groups.append([card for card in ranks if card != left])
    leftovers = trumps[10:] + fail_left
    pairs = [pair for pair in itertools.combinations(leftovers, 2) if _points(pair) == request.bury_points]
    if not pairs:
        return None
    bury = rng.choice(pairs)
    groups = [trumps[:5], trumps[5:10], *fail_groups]
    rng.shuffle(groups)
    groups.append([card for card in leftovers if card not in bury])
    called = None if suit is None else "A" + suit
    at = None if called is None else next(i for i, group in enumerate(groups) if called in group)
    won = [
        combo
        for combo in itertools.combinations(range(6), request.picker_side_tricks)
        if sum(_points(groups[i]) + (_points([ruff]) if ruff and i == at else 0) for i in combo)
        == request.picker_side_trick_points
        and (at is None or (at in combo) != lost)
    ]
    if not won:
        return None
    side_tricks = set(rng.choice(won))
    picker = "S1"
    partner = None if called is None else rng.choice(SEATS[1:])
    defenders = [seat for seat in SEATS if seat not in (picker, partner)]
    void = rng.choice(defenders) if lost else None  # the defender void in the called suit
    hands: dict[str, list[str]] = {seat: [] for seat in SEATS}
    winners: list[str] = []
    plays: list[str] = []
    leader = picker  # the dealer's left leads the first trick
    for number, group in enumerate(groups):
        held: dict[str, str] = {}
        if number == at and ruff is not None and void is not None and partner is not None:
            winner = void
            rest = [card for card in group if card != called]
            rng.shuffle(rest)
            held = {void: ruff, partner: "A" + str(suit)}
            held.update(zip([seat for seat in SEATS if seat not in held], rest))
        else:
            top = _top(group)
            if number == at and partner is not None:
                winner = partner
            elif number in side_tricks:
                winner = rng.choice([picker] if partner is None else [picker, partner])
            else:
                winner = rng.choice(defenders)
            rest = [card for card in group if card != top]
            rng.shuffle(rest)
            if void is not None and winner != void:  # the void defender holds no card of the called suit
                plain = [card for card in rest if card[1] != suit or card in _TRUMP_ORDER]
                if not plain:
                    return None
                rest.remove(plain[0])
                held = {winner: top, void: plain[0]}
            else:
                held = {winner: top}
            held.update(zip([seat for seat in SEATS if seat not in held], rest))
        if number == at and lost and held[leader] == ruff:  # the called suit is led, not the trump
            return None
        for seat, card in held.items():
            hands[seat].append(card)
        start = SEATS.index(leader)
        plays += [f"{seat} play {held[seat]}" for seat in (SEATS[(start + k) % 5] for k in range(5))]
        winners.append(winner)
        leader = winner
    if called is not None and (sum(ace in hands[picker] for ace in ("AC", "AS", "AH")) == 3 or called in hands[picker]):
        return None
    if void is not None and any(card[1] == suit and card not in _TRUMP_ORDER for card in hands[void]):
        return None
    call = f"{picker} alone" if called is None else f"{picker} call {called}"
    deal = Deal("S5", {seat: tuple(cards) for seat, cards in hands.items()}, (bury[0], bury[1]))
    return ScoredHand(deal, f"{picker} bury {bury[0]} {bury[1]}", call, tuple(plays), tuple(winners), picker, partner)


def score_by_replay(request: ScoreRequest, replay: Callable[[ReplayRequest], ReplayResponse]) -> ScoreResponse:
    """The engine's score of a hand played to the described result: a hand is designed in which
    the picker's side takes exactly ``picker_side_tricks`` tricks worth
    ``picker_side_trick_points`` with ``bury_points`` buried (:func:`_design`, seeded by the
    request), replayed on the engine, and its outcome read as the score.

    :raises Unsupported: stakes other than 1 (a replay is one hand at stakes 1), no such hand
        found (no trick for a partner's side that holds the called ace's trick, say), the engine
        refusing an action of it, its trick winners not the designed ones, or no outcome.
    """
    what = "score by replay"
    if request.stakes != 1:
        raise Unsupported(f"{what}: a replayed hand is played at stakes 1")
    rng = random.Random(repr(request))
    for _ in range(ATTEMPTS):
        hand = _design(request, rng)
        if hand is None:
            continue
        for order in ((hand.bury, hand.call), (hand.call, hand.bury)):  # the options may put the call first
            actions = (f"{hand.picker} pick", *order, *hand.plays)
            reply = replay(ReplayRequest(dict(request.options), hand.deal, actions))
            if reply.rejected is None:
                break
        else:
            continue  # an action of this hand refused: another hand
        outcome = reply.outcome
        if outcome is None or not outcome.scores:
            raise Unsupported(f"{what}: the engine reports no scores at the end of the hand")
        said = [trick.winner for trick in reply.tricks]
        if any(seat is not None and seat != wanted for seat, wanted in zip(said, hand.winners)):
            raise Unsupported(f"{what}: the engine's tricks were not taken as designed ({said})")
        defender = next(seat for seat in SEATS if seat not in (hand.picker, hand.partner))
        return ScoreResponse(
            outcome.kind,
            outcome.scores[hand.picker],
            0 if hand.partner is None else outcome.scores[hand.partner],
            outcome.scores[defender],
            outcome.picker_side_points,
        )
    raise Unsupported(f"{what}: no hand found giving the picker's side these tricks and points")
