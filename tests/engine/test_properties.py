"""Property tests: random legal hands under every profile keep the engine's invariants.

Hypothesis draws a profile's hand (a pack order, the dealer, how many seats pass before a pick,
the stakes) and a stream of choices among the legal actions, plays it to the end, and checks at
every step and at the end:

- the 32 cards are conserved: hands + bury + played cards + the blind while nobody holds it;
- a legal action exists until the hand is scored, and none after; each is the turn seat's;
- ``is_legal(a) == (a in legal_actions())`` over every card of the pack at each play step, over
  every pair of cards at a bury and every call that can be written at a call;
  ``legal_play_mask()`` is exactly the play actions of ``legal_actions()``;
- well-formed but illegal actions (wrong seat, a card not held, a card the rules forbid, a bury
  of the wrong size, a call of an uncallable card, any action once the hand is over) raise
  :class:`IllegalActionError` naming a rule of the spec, and change nothing;
- card points total 120, each side's points and each seat's points are what the spec says, the
  score changes are zero-sum and are the spec's scores (an independent scorer below);
- writing the hand as a record (``dumps``), reading it back (``loads``) and replaying it gives
  the same position, the same tricks and the same outcome, finished or not.

``derandomize=True`` makes every run draw the same examples.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from sheepshead_spec import load_spec

from reference_impl.cards import CARDS, Card, cards_of
from reference_impl.errors import IllegalActionError
from reference_impl.hand import Action, ActionKind, Hand, Phase
from reference_impl.profile import Profile, profile_names
from reference_impl.record import dumps, loads, replay

PROFILES = profile_names()
ALL = (1 << 32) - 1

# points.card-values, written out again here rather than taken from the engine.
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
PLAY_RULES = {
    "play.follow-suit",
    "play.follow-trump",
    "play.void-in-led-suit",
    "play.hold-card-kept",
    "play.partner-keeps-called-card",
    "play.partner-plays-called-card",
    "play.partner-leads-called-card",
    "play.picker-leads-called-suit",
}
TURN_RULES = {
    Phase.AUCTION: {"auction.order", "auction.pick-or-pass"},  # a seat that already passed: either
    Phase.BURY: {"bury.two-cards"},
    Phase.CALL: {"call.partner-or-alone"},
    Phase.PLAY: {"play.clockwise-one-card", "play.first-lead", "play.winner-leads"},
}

SETTINGS = settings(
    max_examples=20,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


@functools.cache
def spec_rule_ids() -> frozenset[str]:
    return frozenset(rule.id for rule in load_spec().rules)


def points_of(card: Card) -> int:
    return POINTS[str(card)[0]]


def is_trump(card: Card) -> bool:
    code = str(card)
    return code[1] == "D" or code[0] in "QJ"


# ----------------------------------------------------------------------------------- drawing hands


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[int], int, int, int, random.Random]:
    deck = draw(st.permutations(range(32)))
    dealer = draw(st.integers(1, 5))
    passes = draw(st.integers(0, 5))  # seats that pass before one picks; 5: all pass
    stakes = draw(st.sampled_from([1, 1, 2]))
    chooser = draw(st.randoms(use_true_random=False))
    return deck, dealer, passes, stakes, chooser


def new_hand(profile: str, deck: list[int], dealer: int, stakes: int) -> Hand:
    return Hand.from_deck(Profile.named(profile), dealer, [CARDS[i] for i in deck], stakes=stakes)


def choose(hand: Hand, passes: int, chooser: random.Random) -> Action:
    legal = hand.legal_actions()
    if hand.phase is Phase.AUCTION:
        kind = ActionKind.PASS if len(hand.actions) < passes else ActionKind.PICK
        (action,) = [a for a in legal if a.kind is kind]
        return action
    return chooser.choice(legal)


def play_out(hand: Hand, passes: int, chooser: random.Random) -> Iterator[Hand]:
    """Yield the hand before each action, then once more when it is scored."""
    while hand.phase is not Phase.SCORED:
        yield hand
        assert len(hand.actions) < 50, "the hand does not end"
        hand.apply(choose(hand, passes, chooser))
    yield hand


# ------------------------------------------------------------------------------------- invariants


def check_conservation(hand: Hand) -> None:
    parts = [hand.hand_of(seat) for seat in range(1, 6)]
    parts.append(hand.buried)
    parts += [1 << card for trick in hand.tricks for card in trick.cards]
    parts += [1 << card for _, card in hand.current_trick]
    if hand.picker is None:
        parts.append(hand.blind)  # not taken: before the pick, in a leaster, after a throw-in
    union = 0
    for part in parts:
        union |= part
    assert sum(part.bit_count() for part in parts) == 32 and union == ALL, f"cards lost or doubled: {hand.position()}"
    # Hand sizes: six each, eight for the picker between the pick and the bury, minus plays.
    played = [0] * 5
    for trick in hand.tricks:
        for seat in trick.seats:
            played[seat - 1] += 1
    for seat, _ in hand.current_trick:
        played[seat - 1] += 1
    for seat in range(1, 6):
        size = (
            6
            - played[seat - 1]
            + (2 if seat == hand.picker and not hand.buried and hand.phase is not Phase.PLAY else 0)
        )
        assert hand.hand_of(seat).bit_count() == size, f"S{seat} holds the wrong number of cards: {hand.position()}"


def check_legal_actions(hand: Hand) -> None:
    legal = hand.legal_actions()
    if hand.phase is Phase.SCORED:
        assert legal == [] and hand.turn is None
        return
    assert legal, f"no legal action before the end of the hand: {hand.position()}"
    assert len(set(legal)) == len(legal), "legal_actions lists an action twice"
    seat = hand.turn
    assert seat is not None
    window = [action for action in legal if action.kind in WINDOW_KINDS]
    legal = [action for action in legal if action.kind not in WINDOW_KINDS]
    assert all(action.seat == seat for action in legal), f"an action for a seat not on turn: {legal}"
    assert all(hand.is_legal(action) for action in window + legal)
    check_window(hand, window)
    legal_set = set(legal)
    if hand.phase is Phase.PLAY:
        mask = hand.legal_play_mask()
        assert all(action.kind is ActionKind.PLAY for action in legal)
        assert {action.cards[0] for action in legal} == set(cards_of(mask)) and len(legal) == mask.bit_count()
        assert mask & ~hand.hand_of(seat) == 0, "a legal card the seat does not hold"
        for card in CARDS:  # every card of the pack, held or not
            action = Action.play(seat, card)
            assert hand.is_legal(action) == (action in legal_set), f"is_legal({action}) disagrees: {hand.position()}"
    elif hand.phase is Phase.BURY:
        held = list(cards_of(hand.hand_of(seat)))
        assert len(held) == 8
        for i, first in enumerate(held):
            for second in held[i + 1 :]:
                action = Action.bury(seat, (first, second))
                assert hand.is_legal(action) == (action in legal_set), f"is_legal({action}) disagrees"
                # A bury is a set of two cards: the order they are named in does not matter.
                assert hand.is_legal(Action.bury(seat, (second, first))) == hand.is_legal(action)
    elif hand.phase is Phase.CALL:
        assert Action.alone(seat) in legal_set  # alone.declare: always open to the picker
        for card in CARDS:
            action = Action.call(seat, card)
            assert hand.is_legal(action) == (action in legal_set), f"is_legal({action}) disagrees"
        for ace in (Card.AC, Card.AS, Card.AH):
            for under in cards_of(hand.hand_of(seat)):
                action = Action.call(seat, ace, under)
                assert hand.is_legal(action) == (action in legal_set), f"is_legal({action}) disagrees"
    else:
        assert legal == [Action.pick(seat), Action.pass_blind(seat)]


WINDOW_KINDS = (ActionKind.CRACK, ActionKind.RECRACK, ActionKind.BLITZ)


def check_window(hand: Hand, window: list[Action]) -> None:
    """The cracks, re-cracks and blitzes listed are exactly those accepted (area crack), and
    they are listed only in the window, under a profile that plays them."""
    if window:
        open_now = hand.window_open() or hand.blitz_open()  # a blitz at the pick opens before the window
        assert hand.profile.cracking != "off" and open_now, f"window actions out of the window: {window}"
    listed = set(window)
    for seat in range(1, 6):
        for action in (
            Action.crack(seat),
            Action.recrack(seat),
            Action.blitz(seat, "black"),
            Action.blitz(seat, "red"),
        ):
            assert hand.is_legal(action) == (action in listed), f"is_legal({action}) disagrees: {hand.position()}"


def illegal_candidates(hand: Hand, chooser: random.Random) -> list[tuple[Action, set[str] | None]]:
    """Well-formed actions that must be rejected here, each with the rule ids it may cite
    (None: any rule of the spec)."""
    legal = hand.legal_actions()
    phase = hand.phase
    seat = hand.turn
    if phase is Phase.SCORED:
        return [(Action.play(1, Card.QC), None), (Action.pass_blind(1), None), (Action.alone(1), None)]
    assert seat is not None
    out: list[tuple[Action, set[str] | None]] = []
    other = chooser.choice([s for s in range(1, 6) if s != seat])
    model = chooser.choice([action for action in legal if action.kind not in WINDOW_KINDS])
    out.append((model._replace(seat=other), TURN_RULES[phase]))  # the wrong seat
    window = [Action.crack(other), Action.recrack(other), Action.blitz(other, chooser.choice(["black", "red"]))]
    out += [(action, CRACK_RULES) for action in window]
    held = hand.hand_of(seat)
    if phase is Phase.AUCTION:
        out.append((Action.play(seat, chooser.choice(CARDS)), None))
        out.append((Action.bury(seat, (Card.QC, Card.QS)), None))
    elif phase is Phase.BURY:
        cards = list(cards_of(held))
        out.append((Action.bury(seat, (cards[0],)), {"bury.two-cards"}))
        out.append((Action.bury(seat, tuple(cards[:3])), {"bury.two-cards"}))
        out.append((Action.bury(seat, (cards[0], cards[0])), {"bury.cards-from-hand"}))
        missing = chooser.choice(list(cards_of(ALL & ~held)))
        out.append((Action.bury(seat, (cards[0], missing)), {"bury.cards-from-hand"}))
        out.append((Action.play(seat, cards[0]), None))
    elif phase is Phase.CALL:
        out.append((Action.call(seat, chooser.choice(list(cards_of(held)))), None))  # a card it holds
        out.append((Action.call(seat, Card.AD), None))  # the ace of diamonds is trump
        out.append((Action.call(seat, Card.QC), None))
        out.append((Action.call(seat, Card.AH, Card.AH), None))
        out.append((Action.play(seat, chooser.choice(list(cards_of(held)))), None))
    else:
        missing = chooser.choice(list(cards_of(ALL & ~held)))
        out.append((Action.play(seat, missing), {"play.card-in-hand"}))
        forbidden = list(cards_of(held & ~hand.legal_play_mask()))
        if forbidden:
            card = chooser.choice(forbidden)
            out.append((Action.play(seat, card), expected_play_rules(hand, card)))
        out.append((Action.alone(seat), None))
        out.append((Action.pass_blind(seat), None))
    return [(action, rules) for action, rules in out if action not in legal]


CRACK_RULES = {"crack.table-choice", "crack.window", "crack.who", "crack.recrack", "crack.blitz"}


def expected_play_rules(hand: Hand, card: Card) -> set[str]:
    """The rules a held but forbidden card may break; following suit where it decides alone."""
    trick = hand.current_trick
    seat = hand.turn
    assert seat is not None
    if trick and hand.under is None:
        led = trick[0][1]
        led_suit = "T" if is_trump(led) else str(led)[1]
        suit = "T" if is_trump(card) else str(card)[1]
        same = [c for c in cards_of(hand.hand_of(seat)) if ("T" if is_trump(c) else str(c)[1]) == led_suit]
        if same and suit != led_suit:
            return {"play.follow-trump" if led_suit == "T" else "play.follow-suit"}
    return PLAY_RULES


def check_rejections(hand: Hand, chooser: random.Random) -> None:
    before = hand.position()
    count = len(hand.actions)
    for action, rules in illegal_candidates(hand, chooser):
        assert not hand.is_legal(action), f"{action} should be illegal: {before}"
        with pytest.raises(IllegalActionError) as verified:
            hand.verify(action)
        with pytest.raises(IllegalActionError) as applied:
            hand.apply(action)
        for error in (verified.value, applied.value):
            assert error.rule_id in spec_rule_ids(), f"{action}: unknown rule id {error.rule_id!r}"
            if rules is not None:
                assert error.rule_id in rules, f"{action}: cites {error.rule_id}, expected one of {sorted(rules)}"
        assert verified.value.rule_id == applied.value.rule_id
        assert hand.position() == before and len(hand.actions) == count, f"rejected {action} changed the hand"


# -------------------------------------------------------------------------------- the end of hand


def expected_result(hand: Hand) -> tuple[str, tuple[int, ...], int | None]:
    """(outcome kind, scores, leaster winner) from the spec's scoring rules, worked out here."""
    profile = hand.profile
    if hand.picker is None and not hand.is_leaster:
        if profile.all_pass == "schwanzer":  # all-pass.schwanzer: the shown hands' trump power
            powers = [
                sum(3 if str(c)[0] == "Q" else 2 if str(c)[0] == "J" else str(c)[1] == "D" for c in cards_of(dealt))
                for dealt in hand.dealt_hands
            ]
            most = [seat for seat, power in enumerate(powers) if power == max(powers)]
            if len(most) > 1 and profile.schwanzer_tie == "nobody":  # all-pass.schwanzer-tie
                most = []
            elif len(most) > 1 and profile.schwanzer_tie == "highest-trump-pays":  # by the jack order
                jacks = "JC JS" if profile.jack_order == "clubs-first" else "JS JC"
                order = f"QC QS QH QD {jacks} JH JD AD TD KD 9D 8D 7D".split()
                held = [{str(c) for c in cards_of(hand.dealt_hands[seat])} for seat in range(5)]
                most = [next(seat for card in order for seat in most if card in held[seat])]
            k = len(most)  # every payer pays 1 to every other seat: -(5 - k) each, +k to the others
            scores = tuple((-(5 - k) if seat in most else k) * hand.stakes for seat in range(5))
            return "schwanzer", scores if k else (0, 0, 0, 0, 0), None
        return profile.all_pass, (0, 0, 0, 0, 0), None  # all-pass.redeal / all-pass.doubler
    seat_points = [0] * 5
    seat_tricks = [0] * 5
    for trick in hand.tricks:
        seat_points[trick.winner - 1] += sum(points_of(c) for c in trick.cards)
        seat_tricks[trick.winner - 1] += 1
    blind = sum(points_of(c) for c in cards_of(hand.blind))
    if hand.is_leaster:
        taker = {"last-trick": hand.tricks[-1].winner, "first-trick": hand.tricks[0].winner}.get(profile.leaster_blind)
        if taker is not None:
            seat_points[taker - 1] += blind  # leaster.blind
        eligible = [s for s in range(5) if seat_tricks[s] or profile.leaster_needs_trick == "no"]
        fewest = min(seat_points[s] for s in eligible)
        winners = [s for s in eligible if seat_points[s] == fewest]
        if len(winners) == 1:
            won = tuple((4 if s == winners[0] else -1) * hand.stakes for s in range(5))
            return "leaster", won, winners[0] + 1
        if profile.leaster_tie == "no-exchange":
            return "leaster", (0, 0, 0, 0, 0), None
        if profile.leaster_tie == "random":  # the draw, else clockwise from the dealer's left
            order = [hand.tie_break - 1] if hand.tie_break else []
            order += [(hand.dealer + i) % 5 for i in range(5)]
            drawn = next(s for s in order if s in winners)
            return "leaster", tuple((4 if s == drawn else -1) * hand.stakes for s in range(5)), drawn + 1
        n = len(winners)
        return "leaster", tuple(((5 - n) if s in winners else -n) * hand.stakes for s in range(5)), None
    picker = hand.picker
    assert picker is not None
    side = {picker} if hand.partner is None else {picker, hand.partner}
    trick_points = sum(seat_points[s - 1] for s in side)
    tricks = sum(seat_tricks[s - 1] for s in side)
    bury = sum(points_of(c) for c in cards_of(hand.buried))
    if profile.no_tricker == "tricks":
        sweep = "all-tricks" if tricks == 6 else "no-tricks" if tricks == 0 else None
    else:
        sweep = "no-tricks" if trick_points == 0 else "all-tricks" if trick_points + bury == 120 else None
    total = trick_points + bury
    kind = sweep or (
        "schneider"
        if total >= (90 if profile.schneider_line == "ninety" else 91)
        else "win"
        if total >= 61
        else "loss"
        if total >= 31
        else "schneidered"
    )
    unit = {"win": 1, "schneider": 2, "all-tricks": 3, "loss": -1, "schneidered": -2, "no-tricks": -3}[kind]
    factor = hand.stakes * (2 if unit < 0 and profile.double_on_the_bump == "on" else 1)
    factor *= 2 ** sum(a.kind in WINDOW_KINDS for a in hand.actions)  # crack.doubles
    if profile.stakes_cap == "sixteen":
        factor = min(factor, 16)  # crack.cap
    elif profile.stakes_cap == "sixty-four-with-tiers" and abs(unit) * factor > 64:
        unit, factor = (1 if unit > 0 else -1), 64  # crack.cap: a plain win or loss times 64
    if hand.alone:
        picker_unit, partner_unit = 4 * unit, 0  # alone.scoring
    elif kind == "no-tricks" and profile.defender_sweep == "partner-off-hook":
        picker_unit, partner_unit = 3 * unit, 0
    else:
        picker_unit, partner_unit = 2 * unit, unit
    changes = [-unit * factor] * 5
    changes[picker - 1] = picker_unit * factor
    if hand.partner is not None:
        changes[hand.partner - 1] = partner_unit * factor
    return kind, tuple(changes), None


def check_outcome(hand: Hand) -> None:
    outcome = hand.outcome
    assert outcome is not None and hand.phase is Phase.SCORED
    assert sum(outcome.scores) == 0, f"not zero-sum: {outcome.scores}"  # scoring.zero-sum
    kind, scores, leaster_winner = expected_result(hand)
    assert (outcome.kind.value, outcome.scores, outcome.leaster_winner) == (kind, scores, leaster_winner), (
        hand.position()
    )
    for trick in hand.tricks:
        assert trick.points == sum(points_of(c) for c in trick.cards)  # points.trick-to-winner
    trick_total = sum(trick.points for trick in hand.tricks)
    blind = sum(points_of(c) for c in cards_of(hand.blind))
    if hand.picker is not None:
        bury = sum(points_of(c) for c in cards_of(hand.buried))
        assert len(hand.tricks) == 6 and trick_total + bury == 120  # points.total-120
        assert outcome.picker_side_points + outcome.defender_points == 120
        assert outcome.picker_side_tricks + outcome.defender_tricks == 6
        side = {hand.picker} if hand.partner is None else {hand.picker, hand.partner}
        side_tricks = [t for t in hand.tricks if t.winner in side]
        credited = sum(t.points for t in side_tricks)
        if side_tricks or hand.profile.bury_on_no_trick == "picker":
            credited += bury  # points.side-totals, axis bury-on-no-trick
        assert outcome.picker_side_points == credited
        assert outcome.picker_side_tricks == len(side_tricks)
        assert outcome.partner == hand.partner and outcome.picker == hand.picker
        assert sum(outcome.seat_points) == trick_total + (credited - sum(t.points for t in side_tricks))
    elif hand.is_leaster:
        assert len(hand.tricks) == 6 and trick_total + blind == 120
        nobody = blind if hand.profile.leaster_blind == "nobody" else 0
        assert sum(outcome.seat_points) + nobody == 120  # leaster.blind
        assert sum(outcome.seat_tricks) == 6
    elif outcome.kind.value == "schwanzer":
        assert hand.tricks == []  # all-pass.schwanzer: nothing is played
    else:
        assert hand.tricks == [] and outcome.scores == (0, 0, 0, 0, 0)  # all-pass.redeal / doubler


def check_record_round_trip(hand: Hand) -> None:
    text = dumps(hand)
    result = replay(loads(text))
    assert result.error is None, f"the engine rejects its own record: {result.error}\n{text}"
    again = result.hand
    assert again.position() == hand.position(), text
    assert again.tricks == hand.tricks
    assert again.current_trick == hand.current_trick
    assert again.outcome == hand.outcome
    assert [str(a) for a in again.actions] == record_order(hand.actions)


def record_order(actions: list[Action]) -> list[str]:
    """The actions in the order a record keeps them: a blitz made between the bury and the call
    (blitzing at-the-pick) is written in ``cracks`` and replayed after the call (hand-records.md 5.7)."""
    texts = [str(action) for action in actions]
    verbs = [text.split()[1] for text in texts]
    calls = [i for i, verb in enumerate(verbs) if verb in ("call", "alone")]
    if "bury" in verbs and calls and verbs.index("bury") < calls[0]:
        bury, call = verbs.index("bury"), calls[0]
        return texts[: bury + 1] + [texts[call]] + texts[bury + 1 : call] + texts[call + 1 :]
    return texts


# ------------------------------------------------------------------------------------------ tests


@pytest.mark.parametrize("profile", PROFILES)
@SETTINGS
@given(deal=deals())
def test_random_hands_keep_the_invariants(profile: str, deal: tuple[list[int], int, int, int, random.Random]) -> None:
    deck, dealer, passes, stakes, chooser = deal
    hand = new_hand(profile, deck, dealer, stakes)
    for state in play_out(hand, passes, chooser):
        check_conservation(state)
        check_legal_actions(state)
    check_outcome(hand)
    assert hand.turn is None and hand.legal_actions() == []
    assert hand.outcome is not None
    event(f"outcome {hand.outcome.kind.value}")
    event(
        "call: "
        + (
            "alone"
            if hand.alone
            else "under"
            if hand.under is not None
            else "ten"
            if hand.called is not None and str(hand.called)[0] == "T"
            else "ace"
            if hand.called is not None
            else "none"
        )
    )


@pytest.mark.parametrize("profile", PROFILES)
@SETTINGS
@given(deal=deals())
def test_rejected_actions_change_nothing(profile: str, deal: tuple[list[int], int, int, int, random.Random]) -> None:
    deck, dealer, passes, stakes, chooser = deal
    hand = new_hand(profile, deck, dealer, stakes)
    for state in play_out(hand, passes, chooser):
        check_rejections(state, chooser)


@pytest.mark.parametrize("profile", PROFILES)
@SETTINGS
@given(deal=deals(), stop=st.integers(0, 45))
def test_records_replay_to_the_same_hand(
    profile: str, deal: tuple[list[int], int, int, int, random.Random], stop: int
) -> None:
    deck, dealer, passes, _stakes, chooser = deal
    hand = new_hand(profile, deck, dealer, 1)  # a record does not carry the stakes
    for state in play_out(hand, passes, chooser):
        if len(state.actions) == stop:  # a record that stops part-way through the hand
            check_record_round_trip(state.copy())
    check_record_round_trip(hand)
