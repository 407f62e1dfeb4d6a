"""An independent, deliberately naive model of one hand, for counting action sequences (perft).

Written from ``spec/SPEC.md`` alone: it shares no code with ``reference_impl`` (no card tables,
no legality code, no state machine). Cards are plain two-character codes (``'QC'``, ``'TD'``),
seats are ``1``..``5`` and hands are Python sets, so that it is easy to read against the rule
text, not fast. The variant options come from the spec's own profile table
(``sheepshead_spec.load_spec().profile_options``).

Actions are strings in the engine's text form (``S3 pick``, ``S3 bury 7S TS``,
``S3 call AH``, ``S3 call AH under 8D``, ``S3 alone``, ``S1 play QC``); a bury lists its two
cards in :func:`card_key` order so that a bury has exactly one spelling (see
:func:`normalise_action`).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = [
    "ALL_CARDS",
    "Model",
    "card_key",
    "divide",
    "divide_tables",
    "model_from_record_data",
    "normalise_action",
    "perft",
    "perft_table",
]

SUIT_LETTERS = "CSHD"
RANK_LETTERS = "ATKQJ987"
ALL_CARDS: tuple[str, ...] = tuple(r + s for s in SUIT_LETTERS for r in RANK_LETTERS)

# points.card-values
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
# ranking.fail-order + ranking.fail-king-below-ten: A > 10 > K > 9 > 8 > 7
FAIL_STRENGTH = {"A": 6, "T": 5, "K": 4, "9": 3, "8": 2, "7": 1}
TRUMP_SUIT = "trump"


def trump_order(jack_order: str) -> list[str]:
    """ranking.trump-order, highest first (axis jack-order)."""
    jacks = ["JC", "JS"] if jack_order == "clubs-first" else ["JS", "JC"]
    return ["QC", "QS", "QH", "QD", *jacks, "JH", "JD", "AD", "TD", "KD", "9D", "8D", "7D"]


def is_trump(card: str) -> bool:
    """deck.trump-cards: queens, jacks and diamonds."""
    return card[1] == "D" or card[0] in "QJ"


def card_key(card: str) -> tuple[int, int]:
    """A fixed sort order for card codes (suit C S H D, then rank A T K Q J 9 8 7)."""
    return SUIT_LETTERS.index(card[1]), RANK_LETTERS.index(card[0])


def normalise_card(text: str) -> str:
    raw = text.strip().upper()
    rank, suit = raw[:-1], raw[-1]
    rank = "T" if rank == "10" else rank
    suit = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"}.get(suit, suit)
    card = rank + suit
    if card not in ALL_CARDS:
        raise ValueError(f"not a card: {text!r}")
    return card


def normalise_action(text: str) -> str:
    """One spelling per action: canonical cards, the bury's two cards sorted by :func:`card_key`."""
    words = text.split()
    seat, verb, rest = words[0].upper(), words[1].lower(), words[2:]
    if verb == "bury":
        cards = sorted((normalise_card(c) for c in rest), key=card_key)
        return " ".join([seat, verb, *cards])
    if verb == "call":
        parts = [seat, verb, normalise_card(rest[0])]
        if len(rest) == 3:
            parts += ["under", normalise_card(rest[2])]
        return " ".join(parts)
    if verb in ("play", "revoke"):  # a revoke: a held card the rules of play forbid, played all the same
        return f"{seat} {verb} {normalise_card(rest[0])}"
    if verb == "blitz":
        return f"{seat} blitz {rest[0].lower()}"
    return f"{seat} {verb}"


def left(seat: int) -> int:
    return seat % 5 + 1


class Model:
    """One hand: state plus the legal actions in it (from the spec's rule statements)."""

    def __init__(
        self, options: Mapping[str, str], dealer: int, hands: Mapping[int, Iterable[str]], blind: Iterable[str]
    ):
        self.opt = dict(options)
        self.dealer = dealer
        self.hands: dict[int, set[str]] = {s: set(hands[s]) for s in range(1, 6)}
        self.blind = set(blind)
        assert all(len(h) == 6 for h in self.hands.values()) and len(self.blind) == 2
        assert set().union(*self.hands.values(), self.blind) == set(ALL_CARDS)
        self.phase = "auction"
        self.turn = left(dealer)  # auction.order
        self.passes = 0
        self.picker: int | None = None
        self.partner: int | None = None
        self.called: str | None = None
        self.under: str | None = None
        self.alone = False
        self.buried: set[str] = set()
        self.leaster = False
        self.tricks: list[list[tuple[int, str]]] = []  # finished tricks, (seat, card) in play order
        self.trick: list[tuple[int, str]] = []
        self.called_first_lead: int | None = None  # index of the trick that first led the called suit
        self.cracked_by: int | None = None
        self.recracked = False
        self.shown: set[str] = set()  # blitzed queens
        order = trump_order(self.opt["jack-order"])
        self.trump_rank = {card: len(order) - i for i, card in enumerate(order)}

    def copy(self) -> Model:
        other = copy.copy(self)
        other.hands = {s: set(cards) for s, cards in self.hands.items()}
        other.buried = set(self.buried)
        other.tricks = list(self.tricks)  # finished tricks are never changed
        other.trick = list(self.trick)
        other.shown = set(self.shown)
        return other

    # ---------------------------------------------------------------- card classes in this hand

    @property
    def called_suit(self) -> str | None:
        return None if self.called is None else self.called[1]

    def suit(self, card: str) -> str:
        """deck.trump-is-one-suit; call.under-card: the under card belongs to the called suit."""
        if card == self.under:
            return self.called_suit  # type: ignore[return-value]
        return TRUMP_SUIT if is_trump(card) else card[1]

    def strength(self, card: str, first_called_lead: bool = True) -> int:
        """A card's strength in a trick; ``first_called_lead``: the trick is not a lead of the
        called suit after its first one (it decides the called ten under until-led)."""
        if card == self.under:
            return -1  # trick.under-never-wins
        if is_trump(card):
            return 100 + self.trump_rank[card]  # ranking.trump-beats-fail
        if card == self.called and card[0] == "T":
            rank = self.opt["called-ten-rank"]
            # trick.called-ten-rank: above the ace of its suit under wins-suit; under until-led
            # only in the trick that leads the called suit for the first time.
            if rank == "wins-suit" or (rank == "until-led" and first_called_lead):
                return 7
        return FAIL_STRENGTH[card[0]]

    def trick_winner(self, trick: list[tuple[int, str]], number: int | None = None) -> int:
        """The winner of ``trick``, the ``number``-th (0-based; default: the trick being played)."""
        index = len(self.tricks) if number is None else number
        led = self.suit(trick[0][1])
        # A lead of the called suit after its first lead: the called suit was led before this trick.
        first = not (led == self.called_suit and self.called_first_lead is not None and self.called_first_lead < index)
        trumps = [(s, c) for s, c in trick if self.suit(c) == TRUMP_SUIT]
        candidates = trumps or [(s, c) for s, c in trick if self.suit(c) == led]
        seat, card = max(candidates, key=lambda sc: self.strength(sc[1], first))
        # The under card can only be the best card of the led suit if nobody else followed it,
        # which the partner's duty (play.partner-plays-called-card) makes impossible.
        assert card != self.under, "an under card would win the trick"
        return seat

    # ---------------------------------------------------------------- legal actions

    def legal_actions(self) -> list[str]:
        if self.phase == "scored":
            return []
        me = f"S{self.turn}"
        if self.phase == "auction":  # auction.pick-or-pass
            return [f"{me} pick", f"{me} pass"]
        if self.phase == "bury":
            return [f"{me} bury {a} {b}" for a, b in self.legal_burials()] + self.blitzes()
        if self.phase == "call":
            return [*(f"{me} call {c}" for c in self.legal_calls()), f"{me} alone", *self.blitzes()]
        return [f"{me} play {c}" for c in sorted(self.legal_plays(), key=card_key)] + self.window()

    def blitzes(self) -> list[str]:
        """crack.blitz: the blitzes of the queen pairs not yet shown, by their holders. Under
        blitzing at-the-pick from the pick on (the bury, the call, the window), crack or none;
        under queens only in the window, after a crack."""
        blitzing = self.opt.get("blitzing", "off")
        if self.opt.get("cracking", "off") == "off" or blitzing == "off" or self.leaster:
            return []
        if self.tricks or self.trick or (blitzing == "queens" and self.cracked_by is None):
            return []
        out = []
        for colour, pair in (("black", {"QC", "QS"}), ("red", {"QH", "QD"})):
            holders = [s for s in range(1, 6) if pair <= self.hands[s]]
            if holders and not pair & self.shown:
                out.append(f"S{holders[0]} blitz {colour}")
        return out

    def window(self) -> list[str]:
        """crack.window, crack.who, crack.recrack, crack.blitz: between the call and the first
        card of a picker's hand, not turns."""
        if self.opt.get("cracking", "off") == "off" or self.leaster or self.tricks or self.trick:
            return []
        assert self.picker is not None
        out = []
        if self.cracked_by is None:  # defenders seated after the picker, up to the dealer
            after = []
            seat = self.picker
            while seat != self.dealer:
                seat = left(seat)
                after.append(seat)
            out += [f"S{s} crack" for s in after if s != self.partner]
        elif not self.recracked:
            out += [f"S{s} recrack" for s in (self.picker, self.partner) if s is not None]
        return out + self.blitzes()

    def legal_burials(self) -> list[tuple[str, str]]:
        cards = sorted(self.hands[self.turn], key=card_key)
        pairs = [(a, b) for i, a in enumerate(cards) for b in cards[i + 1 :]]  # bury.any-two-cards
        if self.called is None:
            return pairs
        # call-then-bury: play.hold-card-kept forbids burying the last card of the called suit
        # (the under card, after an under call).
        if self.under is not None:
            hold = {self.under}
        elif self.ace_hold() is not None:
            hold = {self.ace_hold()}  # play.ace-kept-for-called-ten
        elif self.called[0] == "T" and self.opt["ten-call-ace"] == "in-hand":
            hold = {f"A{self.called[1]}"}  # call.ten-when-all-aces: the ten was called by its ace in hand
        else:
            hold = {c for c in self.hands[self.turn] if not is_trump(c) and c[1] == self.called_suit}
        return [(a, b) for a, b in pairs if hold - {a, b}]

    def legal_calls(self) -> list[str]:
        hand = self.hands[self.turn]
        own = hand | self.buried  # call.not-own-card

        def fail_of(suit: str, cards: set[str]) -> set[str]:
            return {c for c in cards if not is_trump(c) and c[1] == suit}

        if {"AC", "AS", "AH"} <= own:  # call.ten-when-all-aces
            calls = [f"T{s}" for s in "CSH" if f"T{s}" not in own and fail_of(s, hand)]
            if self.opt["ten-call-ace"] == "in-hand" or self.opt["ten-call-hold"] == "the-ace":
                calls = [call for call in calls if f"A{call[1]}" in hand]  # the ten's own ace in hand
        else:  # call.ace-of-held-fail-suit
            calls = [f"A{s}" for s in "CSH" if f"A{s}" not in own and fail_of(s, hand) - {f"A{s}"}]
        if not calls and self.opt["no-callable-suit"] == "under":  # call.under-card
            for s in "CSH":
                if f"A{s}" not in own and not fail_of(s, hand):
                    calls += [f"A{s} under {u}" for u in sorted(hand, key=card_key)]
        return calls

    def ace_hold(self) -> str | None:
        """Under ten-call-hold the-ace, after a ten call: the ace of its suit, the picker's hold card
        while the picker holds it (play.ace-kept-for-called-ten)."""
        if self.opt["ten-call-hold"] != "the-ace" or not self.called or self.called[0] != "T" or self.picker is None:
            return None
        ace = f"A{self.called[1]}"
        return ace if ace in self.hands[self.picker] else None

    def legal_plays(self) -> set[str]:
        seat = self.turn
        hand = self.hands[seat]
        last_trick = len(self.tricks) == 5
        called_suit = self.called_suit
        pending = called_suit is not None and self.called_first_lead is None
        of_called = {c for c in hand if self.suit(c) == called_suit} if called_suit else set()
        if not self.trick:  # play.lead-any-card, with the duties around the called card
            legal = set(hand)
            if pending and seat == self.partner:  # play.partner-leads-called-card
                legal -= of_called - {self.called}
            after_first_lead = self.opt["called-suit-lead"] == "after-first-lead"
            if pending and seat == self.picker and after_first_lead and hand - of_called and not last_trick:
                legal -= of_called  # play.picker-leads-called-suit
            ace = self.ace_hold()
            if pending and seat == self.picker and ace is not None:
                legal -= of_called - {ace}  # play.ace-kept-for-called-ten: a lead of the suit is the ace
            return legal
        led = self.suit(self.trick[0][1])
        follow = {c for c in hand if self.suit(c) == led}  # play.follow-suit, play.follow-trump
        if follow:
            first_lead_now = self.called_first_lead == len(self.tricks)
            if seat == self.partner and led == called_suit and first_lead_now and self.called is not None:
                return {self.called}  # play.partner-plays-called-card
            ace = self.ace_hold()
            if seat == self.picker and led == called_suit and first_lead_now and ace is not None:
                return {ace}  # play.ace-kept-for-called-ten: the ace answers the first lead
            return follow
        legal = set(hand)  # play.void-in-led-suit
        if self.opt["void-play"] == "must-trump" and led != TRUMP_SUIT:
            trumps = {c for c in hand if self.suit(c) == TRUMP_SUIT}
            if trumps:
                legal = trumps
        if pending and not last_trick:
            ace = self.ace_hold()
            if seat == self.picker and ace is not None:
                legal.discard(ace)  # play.ace-kept-for-called-ten: the ace is the hold card
            elif seat == self.picker and len(of_called) == 1:
                legal -= of_called  # play.hold-card-kept
            if seat == self.partner:
                legal.discard(self.called)  # play.partner-keeps-called-card
        assert legal, "a seat with cards has no legal play"
        return legal

    # ---------------------------------------------------------------- applying actions

    def apply(self, action: str, *, check: bool = True) -> None:
        """Apply an action; raise AssertionError unless it is legal in this model.

        ``check=False`` skips the check, for actions taken from :meth:`legal_actions`.
        """
        if check:
            action = normalise_action(action)
            legal = self.legal_actions()
            assert action in legal, f"{action!r} is not legal here; legal: {legal}"
        words = action.split()
        verb = words[1]
        seat = self.turn
        if verb == "crack":
            self.cracked_by = int(words[0][1])
        elif verb == "recrack":
            self.recracked = True
        elif verb == "blitz":
            self.shown |= {"QC", "QS"} if words[2] == "black" else {"QH", "QD"}
        elif verb == "pick":  # auction.first-pick-ends, auction.picker-takes-blind
            self.picker = seat
            self.hands[seat] |= self.blind
            self.phase = "bury" if self.opt["call-timing"] == "bury-then-call" else "call"
        elif verb == "pass":
            self.passes += 1
            self.turn = left(seat)
            if self.passes == 5:  # all-pass.table-choice
                if self.opt["all-pass"] == "leaster":
                    self.leaster = True
                    self.phase = "play"
                    self.turn = left(self.dealer)
                else:
                    self.phase = "scored"
        elif verb == "bury":
            self.buried = set(words[2:])
            self.hands[seat] -= self.buried
            if self.opt["call-timing"] == "bury-then-call":
                self.phase = "call"
            else:
                self.start_play()
        elif verb in ("call", "alone"):
            if verb == "alone":
                self.alone = True
            else:
                self.called = words[2]
                self.under = words[4] if len(words) == 5 else None
                (self.partner,) = [s for s in range(1, 6) if self.called in self.hands[s]]
                assert self.partner != self.picker
            if self.opt["call-timing"] == "bury-then-call":
                self.start_play()
            else:
                self.phase = "bury"
        else:  # a play, or a revoke (procedure.revoke-claimed: the card stays played)
            card = words[2]
            self.hands[seat].remove(card)
            if (
                not self.trick
                and self.called_first_lead is None
                and self.called
                and self.suit(card) == self.called_suit
            ):
                self.called_first_lead = len(self.tricks)
            self.trick.append((seat, card))
            if len(self.trick) < 5:
                self.turn = left(seat)  # play.clockwise-one-card
            else:
                winner = self.trick_winner(self.trick)
                self.tricks.append(self.trick)
                self.trick = []
                self.turn = winner  # play.winner-leads
                if len(self.tricks) == 6:
                    self.phase = "scored"

    def start_play(self) -> None:
        self.phase = "play"
        self.turn = left(self.dealer)  # play.first-lead


def perft(model: Model, depth: int) -> int:
    """Sequences of exactly ``depth`` legal actions (a sequence cut short by the end is not counted)."""
    return perft_table(model, depth)[depth]


def perft_table(model: Model, depth: int) -> list[int]:
    """``[perft(0), perft(1), ..., perft(depth)]`` in one walk of the tree."""
    table = [1] + [0] * depth
    _walk(model, depth, 1, table)
    return table


def _walk(model: Model, depth: int, level: int, table: list[int]) -> None:
    actions = model.legal_actions()
    table[level] += len(actions)
    if level == depth:
        return
    for action in actions:
        child = model.copy()
        child.apply(action, check=False)
        _walk(child, depth, level + 1, table)


def divide(model: Model, depth: int) -> dict[str, int]:
    """``{first action: perft of the rest}``."""
    return {action: table[-1] for action, table in divide_tables(model, depth).items()}


def divide_tables(model: Model, depth: int) -> dict[str, list[int]]:
    """``{first action: perft_table(after it, depth - 1)}``."""
    tables = {}
    for action in model.legal_actions():
        child = model.copy()
        child.apply(action, check=False)
        tables[action] = perft_table(child, depth - 1)
    return tables


def model_from_record_data(data: Mapping[str, Any], options: Mapping[str, str]) -> Model:
    """Build the model from a hand record (hands-and-blind deal) and apply its actions."""
    seat_of = {f"S{s}": s for s in range(1, 6)}
    dealer = seat_of[data["dealer"]]
    deal = data["deal"]
    hands = {seat_of[k]: [normalise_card(str(c)) for c in v] for k, v in deal["hands"].items()}
    model = Model(options, dealer, hands, [normalise_card(str(c)) for c in deal["blind"]])
    for text in data.get("auction") or []:
        model.apply(text)
    steps = []
    if "bury" in data:
        steps.append(("bury", f"S{model.picker} bury " + " ".join(str(c) for c in data["bury"])))
    if "call" in data:
        call = data["call"]
        if call == "alone":
            text = f"S{model.picker} alone"
        elif isinstance(call, dict):
            text = f"S{model.picker} call {call['card']} under {call['under']}"
        else:
            text = f"S{model.picker} call {call}"
        steps.append(("call", text))
    if options["call-timing"] == "call-then-bury":
        steps.sort(key=lambda step: step[0] == "bury")
    for _, text in steps:
        model.apply(text)
    for text in data.get("cracks") or []:
        model.apply(text)
    for trick in data.get("plays") or []:
        for play in trick:
            seat, card = play.split()
            model.apply(f"{seat} play {card}")
    return model
