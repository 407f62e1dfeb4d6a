"""Narrate an engine's replay of a hand: each ruling with the rule id behind it.

:func:`narrate_hand` turns a :class:`~sheepshead_spec.record_actions.HandPlan` and the engine's
:class:`~conformance.adapter.ReplayResponse` into lines: the deal, the auction, the bury, the
call and the partner, every trick (who led, who won and why, the points), the outcome with its
scoring rule and each seat's score, or the first illegal action with the rule it breaks and its
``file:line``. The engine decides; the narration only names the rule that explains the decision.
Every rule id cited is collected in :attr:`Narration.cited`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sheepshead_spec.record_actions import HandPlan, left_of

from conformance.adapter import HandOutcome, ReplayResponse, TrickRecord
from conformance.cases.blame import forbidding_rules
from conformance.cases.following import follows

__all__ = ["Narration", "card_points", "is_trump", "narrate_hand", "signed"]

_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
_SUIT_NAMES = {"C": "club", "S": "spade", "H": "heart", "D": "diamond"}
OUTCOME_RULES: Mapping[str, tuple[str, str]] = {
    "win": ("scoring.win", "the picker's side took 61 to 90 points"),
    "schneider": ("scoring.schneider", "the picker's side took 91 points or more"),
    "all-tricks": ("scoring.all-tricks", "the picker's side took every trick"),
    "loss": ("scoring.loss", "the picker's side took 31 to 60 points"),
    "schneidered": ("scoring.schneidered", "the picker's side took 30 points or fewer"),
    "no-tricks": ("scoring.no-tricks", "the picker's side took no trick"),
    "leaster": ("leaster.fewest-points-wins", "nobody picked and a leaster was played"),
    "redeal": ("all-pass.redeal", "nobody picked and the hand is thrown in"),
    "doubler": ("all-pass.doubler", "nobody picked; the next hand counts double"),
    "schwanzer": ("all-pass.schwanzer", "nobody picked; the hands were shown and the most trump power paid"),
    "revoke": ("procedure.revoke-penalty", "a revoke was claimed: the revoking side loses the hand"),
}
"""Outcome word -> (the rule that defines it, what it means)."""


def is_trump(card: str) -> bool:
    """Whether a card is a trump (``deck.trump-cards``): every queen, jack and diamond."""
    return card[0] in "QJ" or card[1] == "D"


def card_points(cards: Sequence[str]) -> int:
    """The card points of some cards (``points.card-values``)."""
    return sum(_POINTS.get(card[0], 0) for card in cards)


def signed(scores: Mapping[str, int]) -> str:
    """``S1 +1, S2 -1`` (seats in order)."""
    return ", ".join(f"{seat} {scores[seat]:+d}" for seat in sorted(scores))


@dataclass
class Narration:
    """The lines of a narration and the rule ids they cite."""

    lines: list[str] = field(default_factory=list)
    cited: dict[str, None] = field(default_factory=dict)
    """Rule ids in order of first citation."""

    def say(self, text: str, *rules: str, indent: int = 0) -> None:
        """Add a line ending with the rules it relies on, ``(rule.a, rule.b)``."""
        for rule in rules:
            self.cited.setdefault(rule, None)
        cite = f" ({', '.join(rules)})" if rules else ""
        self.lines.append("  " * indent + text + cite)


@dataclass(frozen=True)
class _Context:
    plan: HandPlan
    response: ReplayResponse
    options: Mapping[str, str]
    file: str
    statements: Mapping[str, str]
    stakes: int


def _holder(plan: HandPlan, card: str) -> str | None:
    for seat, cards in plan.deal.hands.items():
        if card in cards:
            return seat
    return None


def _deal(n: Narration, plan: HandPlan) -> None:
    deal = plan.deal
    if deal.deck is not None:
        n.say(f"Deal: {deal.dealer} deals the pack 3-2-3, from {left_of(deal.dealer)}", "deal.three-two-three")
    else:
        n.say(f"Deal: {deal.dealer} deals six cards each and two to the blind", "deal.six-cards-and-blind")
    for seat, cards in deal.hands.items():
        n.say(f"{seat}: {' '.join(cards)}", indent=1)
    n.say(f"blind: {' '.join(deal.blind)}", indent=1)


def _auction(n: Narration, ctx: _Context, index: int, action: str) -> None:
    seat, word = action.split(" ", 1)
    plan = ctx.plan
    if index == 0:
        n.say(f"Auction: {seat}, the dealer's left, speaks first", "auction.order")
    if word == "pick":
        n.say(f"{seat} picks: the first to pick is the picker", "auction.first-pick-ends", indent=1)
        n.say(f"{seat} takes the blind {' '.join(plan.deal.blind)}", "auction.picker-takes-blind", indent=1)
        return
    n.say(f"{seat} passes", "auction.pick-or-pass", indent=1)
    auction = [a for a in plan.actions if a.endswith((" pass", " pick"))]
    if index == 4 and len(auction) == 5 and all(a.endswith(" pass") for a in auction):
        choice = ctx.options.get("all-pass", "leaster")
        rule = {
            "leaster": "leaster.every-player-for-themselves",
            "doubler": "all-pass.doubler",
            "redeal": "all-pass.redeal",
            "schwanzer": "all-pass.schwanzer",
        }.get(choice, "all-pass.table-choice")
        n.say("All five passed: the table's all-pass rule decides", "all-pass.table-choice", indent=1)
        what = {
            "leaster": "a leaster is played, every player for themselves",
            "doubler": "the hand is thrown in and the next one counts double",
            "redeal": "the hand is thrown in and dealt again",
            "schwanzer": "the hands are shown and the most trump power pays each other player",
        }.get(choice, choice)
        n.say(f"all-pass={choice}: {what}", rule, indent=2)
        if choice == "schwanzer":
            _schwanzer(n, ctx)


_POWER_ORDER = "QC QS QH QD {jacks} JH JD AD TD KD 9D 8D 7D"


def _schwanzer(n: Narration, ctx: _Context) -> None:
    """Each seat's trump power and, on a tie for the most, how the schwanzer-tie option settles it."""
    hands = ctx.plan.deal.hands
    power = {
        seat: sum(3 if c[0] == "Q" else 2 if c[0] == "J" else 1 if c[1] == "D" else 0 for c in hands[seat])
        for seat in sorted(hands)
    }
    shown = ", ".join(f"{seat} {value}" for seat, value in power.items())
    n.say(f"Trump power (3 a queen, 2 a jack, 1 another diamond): {shown}", "all-pass.schwanzer", indent=2)
    most = max(power.values())
    tied = [seat for seat, value in power.items() if value == most]
    if len(tied) < 2:
        n.say(f"{tied[0]} alone has the most ({most}) and pays 1 to each other player", "all-pass.schwanzer", indent=2)
        return
    rule = ctx.options.get("schwanzer-tie", "nobody")
    if rule == "highest-trump-pays":
        jacks = ctx.options.get("jack-order", "clubs-first")
        order = _POWER_ORDER.format(jacks="JC JS" if jacks == "clubs-first" else "JS JC").split()
        card, payer = next((c, s) for c in order for s in tied if c in hands[s])
        how = f"{payer} holds the highest trump of them, {card} (jack-order: {jacks}), and pays 1 to each other player"
    elif rule == "all-tied-pay":
        k = len(tied)
        how = f"each of them pays 1 to every other player: {-(5 - k):+d} each, {k:+d} to each other player"
    else:
        how = "nobody pays"
    n.say(f"{', '.join(tied)} tie with {most}: {how} (schwanzer-tie: {rule})", "all-pass.schwanzer-tie", indent=2)


def _bury(n: Narration, seat: str, cards: list[str]) -> None:
    points = card_points(cards)
    n.say(f"Bury: {seat} lays away {' '.join(cards)}", "bury.two-cards")
    n.say(f"{points} points, counted for the picker's side", "points.bury-counts-for-picker", indent=1)


_RAISES = {
    "crack": "Crack",
    "recrack": "Re-crack",
    "blitz black": "Blitz (QC QS shown)",
    "blitz red": "Blitz (QH QD shown)",
}
_RAISE_RULES = {
    "crack": ("crack.who", "crack.doubles"),
    "recrack": ("crack.recrack", "crack.doubles"),
    "blitz black": ("crack.blitz", "crack.doubles"),
    "blitz red": ("crack.blitz", "crack.doubles"),
}


def _call(n: Narration, ctx: _Context, seat: str, rest: str) -> None:
    plan = ctx.plan
    if rest == "alone":
        n.say(f"Call: {seat} goes alone", "alone.declare")
        n.say(f"{seat} plays against the other four", "alone.teams", indent=1)
        return
    words = rest.split()
    card = words[1]
    if len(words) == 4:
        n.say(
            f"Call: {seat} calls {card} under {words[3]}: no fail suit to call from, so {words[3]}"
            " stands face down for the called suit",
            "call.no-callable-suit",
            "call.under-card",
        )
    elif card[0] == "T":
        n.say(f"Call: {seat} holds every fail ace and calls {card}", "call.ten-when-all-aces")
    else:
        n.say(f"Call: {seat} calls {card}, the ace of a fail suit {seat} holds", "call.ace-of-held-fail-suit")
    holder = _holder(plan, card)
    if holder is not None and holder != seat:
        n.say(
            f"{holder} holds {card} and is the partner, unknown to the others until it falls",
            "call.partner-is-holder",
            "call.partner-secret",
            indent=1,
        )


def _why(
    n: Narration, ctx: _Context, trick: Sequence[tuple[str, str]], record: TrickRecord, called_led_before: bool
) -> None:
    """Why the trick's winner won (``called_led_before``: the called suit was led in an earlier trick)."""
    led = trick[0][1]
    by_seat = dict(trick)
    if record.winner is None:
        n.say("the engine does not say who took this trick", indent=1)
        return
    card = by_seat.get(record.winner)
    cards = [c for _, c in trick]
    if card is None:
        n.say(f"the engine names {record.winner} as the winner, who played no card here", indent=1)
        return
    trumps = [c for c in cards if is_trump(c)]
    rank = ctx.options.get("called-ten-rank", "normal")
    # A called ten takes its suit under wins-suit, and under until-led on the suit's first lead only.
    called_ten = (
        card == ctx.plan.called
        and card[0] == "T"
        and (rank == "wins-suit" or (rank == "until-led" and not called_led_before))
    )
    if is_trump(card):
        jacks = ctx.options.get("jack-order", "clubs-first")
        black = card in ("JC", "JS") and {"JC", "JS"} <= set(cards) and not any(c[0] == "Q" for c in cards)
        order = f": {card} above {'JS' if card == 'JC' else 'JC'} (jack-order: {jacks})" if black else ""
        n.say(
            f"{record.winner} wins with {card}, the highest trump{order}",
            "trick.highest-trump-wins",
            *(("ranking.trump-order",) if black else ()),
            indent=1,
        )
    elif called_ten and not trumps:
        takes = "its suit" if rank == "wins-suit" else "the first lead of its suit"
        n.say(
            f"{record.winner} wins with {card}: the called ten takes {takes} (called-ten-rank: {rank})",
            "trick.called-ten-rank",
            indent=1,
        )
    elif trumps:
        n.say(
            f"{record.winner} wins with {card} although trump was played (the engine's ruling;"
            " no rule lets a fail card beat a trump)",
            "ranking.trump-beats-fail",
            indent=1,
        )
    else:
        suit = "trump" if is_trump(led) else _SUIT_NAMES[led[1]]
        n.say(
            f"{record.winner} wins with {card}: no trump played, the highest {suit}",
            "trick.highest-of-led-suit-wins",
            indent=1,
        )
        called = ctx.plan.called
        if rank == "until-led" and called_led_before and called in cards and called[0] == "T" and led[1] == called[1]:
            n.say(
                f"{called} ranks as any ten: its suit was led before (called-ten-rank: until-led)",
                "trick.called-ten-rank",
                indent=2,
            )
    if record.points is None:
        n.say(f"the engine does not say how many points {record.winner} took", indent=2)
    else:
        n.say(f"{record.points} points to {record.winner}", "points.trick-to-winner", indent=2)
    if ctx.plan.called in cards and not ctx.plan.alone:
        holder = next(s for s, c in trick if c == ctx.plan.called)
        n.say(f"{ctx.plan.called} falls: {holder} is revealed as the partner", "play.partner-revealed", indent=1)
    if ctx.plan.under in cards:
        n.say(f"{ctx.plan.under} is the under card: it never wins", "trick.under-never-wins", indent=1)


def _trick_header(n: Narration, number: int, trick: Sequence[tuple[str, str]]) -> None:
    leader = trick[0][0]
    rule = "play.first-lead" if number == 1 else "play.winner-leads"
    n.say(f"Trick {number}: {leader} leads", rule)
    n.say(", ".join(f"{seat} {card}" for seat, card in trick), indent=1)


def outcome_meaning(kind: str, options: Mapping[str, str], outcome: HandOutcome | None = None) -> str:
    """What an outcome word means under ``options``, naming the axis that decided it where one
    did (the schneider line, what makes a no-tricker)."""
    meaning = OUTCOME_RULES.get(kind, ("", kind))[1]
    line = options.get("schneider-line", "ninety-one")
    top = 90 if line == "ninety" else 91
    by_points = options.get("no-tricker", "tricks") == "points"
    points = outcome.picker_side_points if outcome is not None else None
    tricks = outcome.picker_side_tricks if outcome is not None else None
    if kind == "win":
        meaning = f"the picker's side took 61 to {top - 1} points" + (" (schneider-line: ninety)" if top == 90 else "")
    elif kind == "schneider":
        meaning = f"the picker's side took {top} points or more (schneider-line: {line})"
        if points == 120 and not by_points:
            meaning += (
                f", all 120 but {tricks if tricks is not None else 'not all six'} tricks: only every trick"
                " scores as all-tricks (no-tricker: tricks)"
            )
    elif kind == "loss" and points == 60:
        meaning = "the picker's side took 31 to 60 points: at 60 to 60 the defenders win"
    elif kind == "all-tricks":
        meaning = (
            "the defenders took no card points: the picker's side has all 120 (no-tricker: points)"
            if by_points
            else "the picker's side took every trick (no-tricker: tricks)"
        )
    elif kind == "no-tricks":
        if by_points:
            won = f", though it took {tricks} trick{'s' if tricks != 1 else ''}" if tricks else ""
            meaning = f"the picker's side took no card points in tricks{won} (no-tricker: points)"
        else:
            meaning = "the picker's side took no trick (no-tricker: tricks)"
    return meaning


def _bury_on_no_trick(n: Narration, ctx: _Context, outcome: HandOutcome) -> None:
    """Where the engine put the bury on a hand whose picker's side took no trick or no card points
    in tricks, and the bury-on-no-trick option that decides it."""
    bury = next((a.split()[2:] for a in ctx.plan.actions if a.split()[1] == "bury"), None)
    if bury is None or outcome.picker_side_points is None or outcome.picker is None:
        return
    side = {outcome.picker, outcome.partner}
    won = [t for t in ctx.response.tricks if t.winner in side]
    if any(t.points is None for t in won):
        return
    trick_points = sum(t.points or 0 for t in won)
    if won and trick_points:
        return  # the side took card points in tricks: the bury is its own under every option
    points = card_points(bury)
    rule = ctx.options.get("bury-on-no-trick", "picker")
    why = "took no trick" if not won else "took no card points in tricks"
    if outcome.picker_side_points == trick_points + points:
        n.say(
            f"The bury's {points} points count for the picker's side, which {why} (bury-on-no-trick: {rule})",
            "points.bury-counts-for-picker",
            indent=1,
        )
    elif outcome.picker_side_points == trick_points:
        n.say(
            f"The bury's {points} points go to the defenders: the picker's side {why} (bury-on-no-trick: {rule})",
            "points.bury-counts-for-picker",
            indent=1,
        )


def _leaster_why(n: Narration, ctx: _Context, outcome: HandOutcome) -> None:
    """Where the blind went, who could not win, and how a tie was settled, each by its axis."""
    blind = card_points(ctx.plan.deal.blind)
    where = ctx.options.get("leaster-blind", "last-trick")
    tricks = ctx.response.tricks
    taker = (
        (tricks[-1].winner if where == "last-trick" else tricks[0].winner if where == "first-trick" else None)
        if tricks
        else None
    )
    if where == "nobody":
        n.say(
            f"The blind ({' '.join(ctx.plan.deal.blind)}, {blind} points) counts for nobody (leaster-blind: nobody)",
            "leaster.blind",
            indent=1,
        )
    elif taker is not None:
        which = "last" if where == "last-trick" else "first"
        n.say(
            f"The blind ({' '.join(ctx.plan.deal.blind)}, {blind} points) goes to {taker}, who took the {which} trick"
            f" (leaster-blind: {where})",
            "leaster.blind",
            indent=1,
        )
    seat_tricks = outcome.seat_tricks or {}
    trickless = [seat for seat, won in sorted(seat_tricks.items()) if won == 0]
    if trickless and ctx.options.get("leaster-needs-trick", "yes") == "yes":
        n.say(
            f"{' and '.join(trickless)} took no trick and cannot win (leaster-needs-trick: yes)",
            "leaster.needs-trick",
            indent=1,
        )
    elif trickless:
        n.say(
            f"{' and '.join(trickless)} took no trick, and may win all the same (leaster-needs-trick: no)",
            "leaster.needs-trick",
            indent=1,
        )
    points = outcome.seat_points or {}
    eligible = {
        seat: value
        for seat, value in points.items()
        if seat_tricks.get(seat, 1) > 0 or ctx.options.get("leaster-needs-trick", "yes") == "no"
    }
    if not eligible:
        return
    fewest = min(eligible.values())
    tied = sorted(seat for seat, value in eligible.items() if value == fewest)
    if len(tied) > 1:
        rule = ctx.options.get("leaster-tie", "no-exchange")
        how = {
            "no-exchange": "nobody scores",
            "split": "each of them collects 1 from each player outside the tie",
            "random": f"a draw gives the leaster to {outcome.leaster_winner or 'one of them'}",
        }.get(rule, rule)
        n.say(f"{', '.join(tied)} tie with {fewest} points: {how} (leaster-tie: {rule})", "leaster.tie", indent=1)


def _outcome(n: Narration, ctx: _Context, outcome: HandOutcome) -> None:
    rule = OUTCOME_RULES.get(outcome.kind, ("", outcome.kind))[0]
    meaning = outcome_meaning(outcome.kind, ctx.options, outcome)
    if outcome.kind == "revoke":  # the axis that decided the penalty
        penalty = ctx.options.get("revoke-penalty", "loses-hand")
        size = "a schneider" if penalty == "schneider" else "a plain loss"
        meaning = (
            f"a revoke was claimed: the revoking side loses the hand, scored as {size} (revoke-penalty: {penalty})"
            if penalty != "redeal"
            else "a revoke was claimed: the hand is compromised, scores nothing and is dealt again by the same"
            " dealer (revoke-penalty: redeal)"
        )
    if outcome.picker is not None and outcome.picker_side_points is not None:
        side = outcome.picker if not outcome.partner else f"{outcome.picker} and {outcome.partner}"
        won = outcome.picker_side_tricks
        tricks = f", {won} trick{'s' if won != 1 else ''}" if won is not None else ""
        n.say(
            f"Count: the picker's side ({side}) has {outcome.picker_side_points} points{tricks};"
            f" the defenders {outcome.defender_points}",
            "points.side-totals",
        )
    if outcome.kind in ("all-tricks", "no-tricks", "schneider", "win", "loss", "schneidered"):
        _bury_on_no_trick(n, ctx, outcome)
    if outcome.kind == "leaster":
        _leaster_why(n, ctx, outcome)
    if outcome.kind == "leaster" and outcome.leaster_winner:
        n.say(f"Outcome: leaster, won by {outcome.leaster_winner} with the fewest points", rule)
    elif outcome.kind == "leaster":
        n.say("Outcome: leaster, with no single winner", rule)
    else:
        n.say(f"Outcome: {outcome.kind}: {meaning}", *((rule,) if rule else ()))
    scoring = ["scoring.zero-sum"]
    if outcome.kind == "leaster":
        scoring.insert(0, "leaster.scoring")
    if ctx.plan.alone:
        scoring.insert(0, "alone.scoring")
    if ctx.stakes > 1:
        scoring.append("scoring.stakes-multiply")
    factors = []  # each multiplier of the hand, then their product and the cap it meets
    if ctx.stakes > 1:
        factors.append(f"x{ctx.stakes} from the doubler")
    raises = ctx.plan.raises
    if raises:
        scoring.append("crack.doubles")
        factors.append(
            f"x{1 << raises} from {raises} crack{'s' if raises != 1 else ''} and blitz{'es' if raises != 1 else ''}"
        )
    bumped = outcome.kind in ("loss", "schneidered", "no-tricks") and ctx.options.get("double-on-the-bump") == "on"
    if bumped:
        scoring.append("scoring.double-on-the-bump")
        factors.append("x2 for the picker's side's loss (double-on-the-bump: on)")
    factor = (ctx.stakes * (2 if bumped else 1)) << raises
    stakes = ", ".join(factors) + (f" = x{factor}" if len(factors) > 1 else "")
    tier = {"schneider": 2, "schneidered": 2, "all-tricks": 3, "no-tricks": 3}.get(outcome.kind, 1)
    if ctx.options.get("stakes-cap") == "sixteen" and factor > 16:
        scoring.append("crack.cap")
        stakes += ", capped at x16 (stakes-cap: sixteen)"
    elif ctx.options.get("stakes-cap") == "sixty-four-with-tiers" and tier * factor > 64:
        scoring.append("crack.cap")
        plain = "loss" if outcome.kind in ("loss", "schneidered", "no-tricks") else "win"
        stakes += f", x{tier} for the tier = x{tier * factor}, capped at x64 a plain {plain} (stakes-cap: sixty-four-with-tiers)"
    stakes = f" ({stakes})" if stakes else ""
    n.say(f"Scores{stakes}: {signed(outcome.scores)}", *scoring, indent=1)


def _rejected(n: Narration, ctx: _Context, index: int) -> None:
    rejection = ctx.response.rejected
    assert rejection is not None
    action = ctx.plan.actions[index]
    where = f"{ctx.file}:{ctx.plan.lines[index]}"
    if rejection.rule:
        statement = ctx.statements.get(rejection.rule, "(no such rule in the spec)")
        n.say(f"ILLEGAL: {action} ({where}) breaks {rejection.rule}:", indent=1)
        for line in textwrap.wrap(" ".join(statement.split()), 92):
            n.say(line, indent=3)
        n.cited.setdefault(rejection.rule, None)
    else:
        n.say(f"ILLEGAL: {action} ({where}) is rejected; the engine names no rule", indent=1)
    if rejection.message:
        n.say(f"engine: {rejection.message}", indent=2)
    left = len(ctx.plan.actions) - index - 1
    later = f"{left} later action{'s' if left != 1 else ''} not replayed" if left else "the record ends here"
    n.say(f"The replay stops at the first illegal action ({later}).", indent=1)


def narrate_hand(
    plan: HandPlan,
    response: ReplayResponse,
    options: Mapping[str, str],
    *,
    file: str,
    statements: Mapping[str, str],
    stakes: int = 1,
    narration: Narration | None = None,
) -> Narration:
    """Narrate the engine's replay of one hand.

    :param plan: the hand as sent to the engine.
    :param response: the engine's answer.
    :param options: the configuration the hand was played under.
    :param file: the record's file name (for ``file:line`` of an illegal action).
    :param statements: rule id -> statement (quoted for an illegal action).
    :param stakes: the multiplier the hand was played for (sessions, doublers).
    :param narration: add to this narration instead of a new one.
    :return: the narration.
    """
    n = narration if narration is not None else Narration()
    ctx = _Context(plan, response, options, file, statements, stakes)
    _deal(n, plan)
    rejected = response.rejected.index if response.rejected is not None else None
    trick: list[tuple[str, str]] = []
    number = 0
    called_led = False  # whether the called suit was led in a finished trick
    auction_index = 0
    revoked = ""  # the revoke of the trick being played, said once its trick is shown
    for index, action in enumerate(plan.actions):
        seat, _, rest = action.partition(" ")
        is_play = rest.startswith(("play ", "revoke "))
        if is_play:
            if not trick:
                number += 1
            trick.append((seat, rest.split()[1]))
            if rest.startswith("revoke ") and index != rejected:
                card = rest.split()[1]
                broken = forbidding_rules(plan.deal, options, plan.actions[:index], f"{seat} play {card}")
                what = broken[0] if broken else "a rule of play"
                revoked = f"{seat}'s {card} is a revoke: it breaks {what}, and the table does not notice"
                if broken:
                    n.cited.setdefault(broken[0], None)
            if index == rejected or len(trick) == 5 or index == len(plan.actions) - 1:
                shown = trick[:-1] if index == rejected else trick
                if shown:
                    _trick_header(n, number, shown)
                    if revoked:
                        n.say(revoked, "procedure.revoke-claimed", indent=1)
                        revoked = ""
                elif index == rejected:
                    n.say(f"Trick {number}: {seat} to lead")
        if index == rejected:
            _rejected(n, ctx, index)
            return n
        if index >= response.applied:
            n.say(f"{action}: not applied by the engine (it stopped after {response.applied})")
            return n
        if rest in ("pass", "pick"):
            _auction(n, ctx, auction_index, action)
            auction_index += 1
        elif rest.startswith("bury "):
            _bury(n, seat, rest.split()[1:])
        elif rest.startswith("call ") or rest == "alone":
            _call(n, ctx, seat, rest)
        elif rest in _RAISES:
            n.say(f"{_RAISES[rest]}: {seat} doubles the stakes", *_RAISE_RULES[rest])
        elif rest == "claim":
            if trick and len(trick) < 5:  # claimed in the middle of a trick
                _trick_header(n, number, trick)
                if revoked:
                    n.say(revoked, "procedure.revoke-claimed", indent=1)
                trick = []
            n.say(f"Claim: {seat} claims a revoke; the hand ends", "procedure.revoke-claimed")
        elif is_play and len(trick) == 5:
            if number <= len(response.tricks):
                _why(n, ctx, trick, response.tricks[number - 1], called_led)
            else:
                n.say("the engine reported no result for this trick", indent=1)
            if plan.called is not None and follows(trick[0][1], plan.under, plan.called) == plan.called[1]:
                called_led = True
            trick = []
    if response.outcome is not None:
        _outcome(n, ctx, response.outcome)
    elif trick:
        n.say(f"The record stops here, in trick {number}.")
    else:
        phase = response.phase or "unknown"
        n.say(f"The record stops here (phase {phase}, {response.turn or 'nobody'} to act).")
    return n
