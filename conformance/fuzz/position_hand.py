"""A whole hand that leads to a position, for engines that replay hands but answer no
``legal-plays`` query (the hand builder :class:`conformance.cases.model.Aids` carries, passed to
the run by every front end from :func:`conformance.runner.install_reference_aids`: the cases never
import an engine).

A position says only what the rules need (the seat's cards, the trick, the trick number, the
roles, whether the called suit was led). :func:`hand_to_position` deals the other cards at
random, picks a dealer, lets the picker pick, bury and call, and plays the earlier tricks at
random, the reference engine keeping every action legal under the case's options, until the
hand reaches the position: the right seat leads the current trick, the called suit was led or
not, the seat holds exactly its cards. The search is seeded by the record, so a case always
builds the same hand; the engine under test is then asked about that hand only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from conformance.adapter import Deal
from conformance.cases.positions import Position
from conformance.engines.reference import ReferenceSteps
from conformance.kit.translate import CARDS

__all__ = ["hand_to_position"]

SEATS = ("S1", "S2", "S3", "S4", "S5")
ATTEMPTS = 400
"""Random hands tried before giving up (a typical position is reached within a few dozen)."""


def _trump(card: str) -> bool:
    return card[0] in "QJ" or card[1] == "D"


def _suit(card: str) -> str:
    return "T" if _trump(card) else card[1]


def _left(seat: str, steps: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + steps) % 5]


def _deal(position: Position, rng: random.Random) -> Deal | None:
    """A random deal that gives each seat the cards the position says it plays or holds (the seat
    to play: its cards now, and as many others as it played in the earlier tricks)."""
    fixed: dict[str, list[str]] = {seat: [] for seat in SEATS}
    if position.to_act is not None:
        fixed[position.to_act] += position.hand
    for seat, card in zip(position.trick_seats, position.trick):
        fixed[seat].append(card)
    holder = position.partner
    if position.called is not None and not any(position.called in cards for cards in fixed.values()):
        others = [s for s in SEATS if s not in (position.picker, position.to_act)]
        holder = holder if holder in others else rng.choice(others)
        fixed[holder].append(position.called)
    if position.under is not None and position.picker is not None and position.under not in fixed[position.picker]:
        fixed[position.picker].append(position.under)
    if position.called is not None and position.called[0] == "T" and position.picker is not None:
        # a ten is called only by a picker holding all three fail aces (call.ten-when-all-aces):
        # dealt to the picker those not placed already, so that random deals find the moment
        placed = {card for cards in fixed.values() for card in cards} | set(position.buried or ())
        fixed[position.picker] += [ace for ace in ("AC", "AS", "AH") if ace not in placed]
    used = {card for cards in fixed.values() for card in cards}
    buried = [card for card in (position.buried or ()) if card not in used]
    rest = [card for card in CARDS if card not in used and card not in buried]
    rng.shuffle(rest)
    hands: dict[str, list[str]] = {}
    for seat in SEATS:
        wanted = 6 - len(fixed[seat])
        if wanted < 0:
            return None
        hands[seat], rest = fixed[seat] + rest[:wanted], rest[wanted:]
    if position.picker is not None and buried:  # the bury is in the picker's eight cards: the blind holds it
        blind, rest = buried + rest[: 2 - len(buried)], rest[2 - len(buried) :]
    else:
        blind, rest = rest[:2], rest[2:]
    if rest or any(len(cards) != 6 for cards in hands.values()) or len(blind) != 2:
        return None
    return Deal(rng.choice(SEATS), {seat: tuple(cards) for seat, cards in hands.items()}, (blind[0], blind[1]))


def _attempt(
    position: Position, options: Mapping[str, str], rng: random.Random, steps: ReferenceSteps
) -> tuple[Deal, tuple[str, ...]] | None:
    deal = _deal(position, rng)
    if deal is None:
        return None
    steps.start(deal, options)
    actions: list[str] = []

    def apply(action: str) -> bool:
        if not steps.apply(action).accepted:
            return False
        actions.append(action)
        return True

    seat = _left(deal.dealer)
    for _ in range(5):  # the auction: pass until the picker, who picks
        if seat == position.picker:
            if not apply(f"{seat} pick"):
                return None
            break
        if not apply(f"{seat} pass"):
            return None
        seat = _left(seat)
    picker = position.picker
    if picker is not None:
        held = list(deal.hands[picker]) + list(deal.blind)
        keep = set(position.hand if position.to_act == picker else ()) | {
            c for s, c in zip(position.trick_seats, position.trick) if s == picker
        }
        if position.under is not None:
            keep.add(position.under)
        free = [c for c in held if c not in keep]
        if not position.buried and len(free) < 2:
            return None
        bury = list(position.buried or rng.sample(free, 2))
        call = (
            "alone"
            if position.called is None
            else f"call {position.called}" + (f" under {position.under}" if position.under else "")
        )
        bury_action, call_action = f"{picker} bury {' '.join(bury)}", f"{picker} {call}"
        if apply(bury_action):
            if not apply(call_action):
                return None
        elif not (apply(call_action) and apply(bury_action)):  # the options put the call first
            return None
    reserved: dict[str, set[str]] = {seat: set() for seat in SEATS}
    if position.to_act is not None:
        reserved[position.to_act] |= set(position.hand)
    for seat, card in zip(position.trick_seats, position.trick):
        reserved[seat].add(card)
    called_suit = _suit(position.called) if position.called is not None and not _trump(position.called) else None
    led_called = False
    for _ in range(position.trick_number - 1):
        for place in range(5):
            turn = steps.turn()
            if turn is None:
                return None
            plays = [
                a for a in steps.legal_actions() or () if a.split()[1] == "play" and a.split()[2] not in reserved[turn]
            ]
            if place == 0 and called_suit is not None:
                wanted = [a for a in plays if _suit(a.split()[2]) == called_suit]
                if position.called_suit_led and not led_called and wanted and rng.random() < 0.7:
                    plays = wanted
                elif not position.called_suit_led:
                    plays = [a for a in plays if a not in wanted]
            if not plays:
                return None
            action = rng.choice(plays)
            if place == 0 and called_suit is not None and _suit(action.split()[2]) == called_suit:
                led_called = True
            if not apply(action):
                return None
    if led_called != position.called_suit_led and called_suit is not None:
        return None
    leader = position.trick_seats[0] if position.trick_seats else position.to_act
    if steps.turn() != leader:
        return None
    for seat, card in zip(position.trick_seats, position.trick):
        if not apply(f"{seat} play {card}"):
            return None
    if position.to_act is not None and (
        steps.turn() != position.to_act or held_cards(deal, actions, position.to_act) != set(position.hand)
    ):
        return None
    return deal, tuple(actions)


def hand_to_position(
    position: Position, options: Mapping[str, str], seed: str, attempts: int = ATTEMPTS
) -> tuple[Deal, tuple[str, ...]] | None:
    """A deal and the actions that lead to ``position`` under ``options``, every action legal;
    ``None`` when no hand was found within ``attempts`` random tries."""
    steps = ReferenceSteps()
    for attempt in range(attempts):
        found = _attempt(position, options, random.Random(f"{seed}:{attempt}"), steps)
        if found is not None:
            return found
    return None


def held_cards(deal: Deal, actions: Sequence[str], seat: str) -> set[str]:
    """The cards ``seat`` holds after ``actions`` (the blind taken and the bury laid away by the picker)."""
    held = set(deal.hands[seat])
    for action in actions:
        words = action.split()
        if words[0] != seat:
            continue
        if words[1] == "pick":
            held |= set(deal.blind)
        elif words[1] == "bury":
            held -= set(words[2:])
        elif words[1] == "play":
            held.discard(words[2])
    return held
