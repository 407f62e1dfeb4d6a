"""A stand-in Sheepshead engine in the shape of the Python game objects of public engines
(notes/engine-shapes.md): a ``Game`` built with options, a known deal set by overwriting its
``hands`` and ``blind`` right after construction, seats 1-5 where seat 1 always bids and leads
first (it has no dealer), actions as strings (``"PICK"``, ``"PASS"``, ``"BURY 10D"`` one card at a
time, ``"CALL AH"``, ``"ALONE"``, ``"PLAY QC"``; an under call in two steps, ``"CALL AS"`` then
``"UNDER 8D"``), and ``act`` returning ``False`` on an illegal action. Its rules are fixed and its
own, written for the tests: the picker buries, then calls an ace (or a ten when holding all three
fail aces, or goes alone); a picker who can call neither may call the ace of a suit it holds no
card of, then names one card of its hand as the under card, which plays as a card of the called
suit and never wins a trick; a void player may play anything;
a no-tricker is judged by card points; losses count double (double on the bump); in a leaster the
blind goes to the first trick's winner. One practice of several real engines is kept on purpose:
the picker's side is schneider from 90 points, not 91.
"""

from __future__ import annotations

import random

POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
TRUMP = ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "10D", "KD", "9D", "8D", "7D"]
FAIL = ["A", "10", "K", "9", "8", "7"]


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return "T" if card in TRUMP else card[-1]


def points(cards: list[str]) -> int:
    return sum(POINTS.get(rank(card), 0) for card in cards)


class Game:
    def __init__(self, double_on_bump: bool = True, seed: int | None = None) -> None:
        deck = [r + s for s in "CSHD" for r in ("A", "10", "K", "Q", "J", "9", "8", "7")]
        random.Random(seed).shuffle(deck)
        self.hands = [deck[6 * i : 6 * i + 6] for i in range(5)]  # seat 1 is hands[0]
        self.blind = deck[30:]
        self.double_on_bump = double_on_bump
        self.current, self.passes, self.picker, self.partner = 1, 0, None, None
        self.phase = "auction"  # auction, bury, call, under, play, over
        self.buried: list[str] = []
        self.called: str | None = None
        self.under: str | None = None
        self.leaster = False
        self.trick: list[tuple[int, str]] = []
        self.tricks: list[tuple[int, list[str], int]] = []  # leader, cards, winner
        self.called_led = False
        self.scores: list[int] = []
        self.side_points = self.side_tricks = 0  # the picker's side's card points (bury included) and tricks
        self.outcome = ""

    def hand(self, seat: int) -> list[str]:
        return self.hands[seat - 1]

    def legal_actions(self) -> list[str]:
        seat, hand = self.current, self.hand(self.current)
        if self.phase == "auction":
            return ["PICK", "PASS"]
        if self.phase == "bury":
            return [f"BURY {card}" for card in hand]
        if self.phase == "call":
            return [f"CALL {card}" for card in self.calls() + self.under_calls()] + ["ALONE"]
        if self.phase == "under":
            return [f"UNDER {card}" for card in hand]
        if self.phase == "play":
            return [f"PLAY {card}" for card in self.playable(seat)]
        return []

    def calls(self) -> list[str]:
        hand = self.hand(self.current)
        own = hand + self.buried
        aces = [f"A{s}" for s in "CSH"]
        if all(ace in own for ace in aces):
            return [f"10{s}" for s in "CSH" if f"10{s}" not in own and any(suit(c) == s for c in hand)]
        return [a for a in aces if a not in own and any(suit(c) == a[-1] for c in hand)]

    def under_calls(self) -> list[str]:
        hand = self.hand(self.current)
        if self.calls():
            return []
        return [f"A{s}" for s in "CSH" if f"A{s}" not in hand + self.buried and not any(suit(c) == s for c in hand)]

    def suit_of(self, card: str) -> str:
        return self.called[-1] if card == self.under and self.called else suit(card)

    def playable(self, seat: int) -> list[str]:
        hand, called = self.hand(seat), self.called
        called_suit = called[-1] if called else None
        if not self.trick:
            if seat == self.partner and not self.called_led:
                return [c for c in hand if c == called or self.suit_of(c) != called_suit]
            return hand
        led = self.suit_of(self.trick[0][1])
        follow = [c for c in hand if self.suit_of(c) == led]
        if follow:
            if seat == self.partner and led == called_suit and called in follow and not self.called_led_before():
                return [called]  # type: ignore[list-item]
            return follow
        legal = list(hand)
        if called and not self.called_led and len(self.tricks) < 5:
            if seat == self.picker and len([c for c in hand if self.suit_of(c) == called_suit]) == 1:
                legal = [c for c in legal if self.suit_of(c) != called_suit]
            elif seat == self.partner:
                legal = [c for c in legal if c != called]
        return legal

    def called_led_before(self) -> bool:
        return any(self.suit_of(cards[0]) == (self.called or "")[-1:] for _, cards, _ in self.tricks)

    def act(self, action: str) -> bool:
        if action not in self.legal_actions():
            return False
        verb, _, card = action.partition(" ")
        seat = self.current
        if verb == "PICK":
            self.picker, self.phase = seat, "bury"
            self.hand(seat).extend(self.blind)
        elif verb == "PASS":
            self.passes += 1
            self.current = seat % 5 + 1
            if self.passes == 5:
                self.leaster, self.phase, self.current = True, "play", 1
        elif verb == "BURY":
            self.hand(seat).remove(card)
            self.buried.append(card)
            if len(self.buried) == 2:
                self.phase = "call"
        elif verb in ("CALL", "ALONE"):
            self.called = card or None
            self.partner = next((s for s in range(1, 6) if card and card in self.hand(s)), None)
            self.phase, self.current = ("under", seat) if card in self.under_calls() else ("play", 1)
        elif verb == "UNDER":
            self.under, self.phase, self.current = card, "play", 1
        else:
            self.play(seat, card)
        return True

    def play(self, seat: int, card: str) -> None:
        self.hand(seat).remove(card)
        if not self.trick and self.called and self.suit_of(card) == self.called[-1]:
            self.called_led = True
        self.trick.append((seat, card))
        self.current = seat % 5 + 1
        if len(self.trick) < 5:
            return
        led = self.suit_of(self.trick[0][1])
        power = {
            c: -1
            if c == self.under
            else (100 - TRUMP.index(c))
            if c in TRUMP
            else (50 - FAIL.index(rank(c)))
            if suit(c) == led
            else 0
            for _, c in self.trick
        }
        winner = max(self.trick, key=lambda play: power[play[1]])[0]
        self.tricks.append((self.trick[0][0], [c for _, c in self.trick], winner))
        self.trick, self.current = [], winner
        if len(self.tricks) == 6:
            self.score()

    def score(self) -> None:
        self.phase = "over"
        won = [0] * 5
        for _, cards, winner in self.tricks:
            won[winner - 1] += points(cards)
        if self.leaster:
            won[self.tricks[0][2] - 1] += points(self.blind)
            takers = {winner for _, _, winner in self.tricks}
            fewest = min(won[s - 1] for s in takers)
            low = [s for s in takers if won[s - 1] == fewest]
            self.scores = [4 if [s] == low else -1 if len(low) == 1 else 0 for s in range(1, 6)]
            self.outcome = "leaster"
            return
        side = {self.picker, self.partner} - {None}
        in_tricks = sum(won[s - 1] for s in side)  # type: ignore[operator]
        total = self.side_points = in_tricks + points(self.buried)
        self.side_tricks = sum(1 for _, _, winner in self.tricks if winner in side)
        unit = (
            3
            if total == 120
            else -3
            if in_tricks == 0
            else 2
            if total >= 90
            else 1
            if total >= 61
            else -1
            if total >= 31
            else -2
        )
        self.outcome = {3: "all-tricks", 2: "schneider", 1: "win", -1: "loss", -2: "schneidered", -3: "no-tricks"}[unit]
        unit *= 2 if unit < 0 and self.double_on_bump else 1
        self.scores = [
            (4 if self.partner is None else 2) * unit if s == self.picker else unit if s == self.partner else -unit
            for s in range(1, 6)
        ]
