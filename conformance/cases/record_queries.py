"""A hand record asked as queries, for an engine that answers queries but cannot replay a hand.

Every moment of a record is also a position (``spec/hand-records.md`` section 14): the harness
follows the record itself, card by card, with nothing but the record's text (each seat's cards,
the picker, the bury, the call, the trick so far, whether the called suit was led), and asks

- at every play, the ``legal-plays`` query of the seat to act: the card the record plays must be
  among them (the record says every action is legal), or must not be when it is the action the
  record (or, under the options in effect, its ``illegal.at``) declares illegal; where the record
  states the whole legal set (``expect.legal``), the sets must be equal;
- at every call, the ``callable-cards`` query of the picker;
- at every complete trick, the ``trick-winner`` and ``card-points`` queries, compared with the
  record's trick expectations (the winner is implied by the next lead where none is stated);
- at the end of a hand with a picker, the ``score`` query with the picker's side's card points
  and tricks, compared with the record's outcome and scores.

A record needing what no query expresses (a revoke, a claim; an illegal auction action, bury or
play of a card not held; a session) is unsupported here. Nothing in this module knows an engine:
the card classes and points are those of the deck rules (``deck.trump-cards``,
``points.card-values``), the same under every option.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from sheepshead_spec.record_actions import SEATS, HandPlan, resolve
from sheepshead_spec.records import action_key, card_code

from conformance.adapter import (
    Adapter,
    CallableCardsRequest,
    Capability,
    CardPointsRequest,
    EngineInfo,
    LegalPlaysRequest,
    ScoreRequest,
    ScoreResponse,
    Unsupported,
)
from conformance.cases.blame import (
    outcome_rules,
    permitting_rules,
    refused_rules,
    rules_for,
    score_rules,
    set_rules,
    trick_winner_rules,
)
from conformance.cases.following import ASKABLE, QUERY_CAPABILITIES, Followed, card_points_of
from conformance.cases.mismatches import show

__all__ = ["QUERY_CAPABILITIES", "doubler_stakes", "judge_by_queries", "legal_cards", "score_findings"]


class _Judge(Protocol):  # the record judge of conformance.cases.records, as far as this module uses it
    rules: tuple[str, ...]
    options: Mapping[str, str]
    rule_ids: bool

    def value(self, expect: Mapping[str, Any], key: str) -> Any: ...

    def add(
        self,
        label: str,
        rules: Sequence[str],
        expected: object,
        actual: object,
        path: Sequence[str | int],
        note: str = "",
    ) -> None: ...

    def differs(
        self,
        label: str,
        rules: Sequence[str],
        expected: object,
        actual: object,
        path: Sequence[str | int],
        note: str = "",
    ) -> None: ...

    def unasked(
        self, label: str, rules: Sequence[str], expected: object, why: str, path: Sequence[str | int]
    ) -> None: ...


def judge_by_queries(
    judge: _Judge,
    plan: HandPlan,
    adapter: Adapter,
    info: EngineInfo,
    options: Mapping[str, str],
    profile: str,
    prefix: tuple[str | int, ...] = (),
    stakes: int = 1,
) -> None:
    """Judge one hand record (or one hand of a session) through the engine's queries (see the
    module docstring).

    :param judge: collects the checks.
    :param options: the options the engine is asked to play (sent with every query).
    :param profile: the named profile of the options judged, for ``by: profile`` tables.
    :param prefix: the hand's path in its document (``("hands", 1)`` in a session).
    :param stakes: the doubler multiplier the hand is played for (a session's doubled hand).
    :raises Unsupported: the engine has none of the queries, or the record needs a replay.
    """
    capabilities = info.capabilities
    if not capabilities & QUERY_CAPABILITIES:
        raise Unsupported("the engine lacks capability replay (and every query a record can be asked as)")
    illegal = judge.value(plan.expect, "illegal")
    expected_rule = illegal.get("rule") if isinstance(illegal, Mapping) else None
    last = len(plan.actions) - 1
    if isinstance(illegal, Mapping) and "at" in illegal:
        last = plan.written.index(action_key(illegal["at"]))
    negative_at = last if expected_rule is not None else None
    accepted = tuple(
        rule for rule in (expected_rule, *(illegal.get("also", ()) if isinstance(illegal, Mapping) else ())) if rule
    )
    for index, action in enumerate(plan.actions[: last + 1]):
        verb = action.split()[1]
        if verb in ("revoke", "claim"):
            raise Unsupported("a revoke or a claim is judged only through a replay (capability replay)")
    unaskable = _unaskable_refusal(plan.actions[negative_at], accepted, capabilities) if negative_at is not None else ""
    tricks = judge.value(plan.expect, "tricks")
    expected_tricks: list[Mapping[str, Any]] = list(tricks) if isinstance(tricks, list) else []
    moments = judge.value(plan.expect, "legal")
    legal_sets: dict[int, tuple[Mapping[str, Any], int]] = {}
    if isinstance(moments, list):
        for number, moment in enumerate(moments):
            legal_sets[int(moment["after"])] = (moment, number)

    followed = Followed.start(plan.deal.hands, plan.deal.blind)
    won: list[tuple[str, int]] = []  # each complete trick's winner and points
    plays = 0
    legality = rules_for("legal-plays", judge.rules)
    for index, action in enumerate(plan.actions[: last + 1]):
        words = action.split()
        seat, verb = words[0], words[1]
        path = plan.paths[index]
        negative = index == negative_at
        if negative and unaskable:  # the moments before it were asked; the refusal itself no query shows
            judge.unasked(
                f"legality of {action!r}", accepted, f"refused under {' or '.join(accepted)}", unaskable, path
            )
            return
        if verb == "call" and Capability.CALLABLE_CARDS in capabilities:
            answer = adapter.callable_cards(
                CallableCardsRequest(dict(options), tuple(followed.hands[seat]), followed.buried)
            )
            card = card_code(words[2])
            offered = set(answer.under if len(words) > 3 else answer.calls)
            what = f"{'under ' if len(words) > 3 else ''}calls open to {seat} include {card}"
            call_rules = (
                accepted
                if negative
                else (rules_for("callable", judge.rules) if card in offered else refused_rules(action, judge.rules))
            )
            judge.add(what, call_rules, not negative, card in offered, path)
            if negative:
                return
        elif verb == "play":
            card = card_code(words[2])
            playable: set[str] | None = None  # the seat's legal plays, asked once at this moment
            if Capability.LEGAL_PLAYS in capabilities:
                if negative and card not in followed.hands[seat]:
                    why = "a play of a card not in hand is judged only through a replay (capability replay)"
                    judge.unasked(
                        f"legality of {action!r}", accepted, f"refused under {' or '.join(accepted)}", why, path
                    )
                    return
                playable = {card_code(c) for c in adapter.legal_plays(followed.legal_request(options, seat))}
            if plays in legal_sets and playable is not None:
                moment, number = legal_sets[plays]
                applies, wanted = resolve(moment["cards"], judge.options, profile)
                if applies and wanted is not None and moment["seat"] == seat:
                    expected = sorted(card_code(c) for c in wanted)
                    rules = set_rules(plan.deal, judge.options, plan.actions[:index], seat, expected, sorted(playable))
                    judge.add(
                        f"legal plays of {seat} after {plays} play{'s' if plays != 1 else ''}",
                        rules or legality,
                        show(expected),
                        show(sorted(playable)),
                        (*prefix, "expect", "legal", number, "cards"),
                    )
            if playable is not None:
                what = f"legal plays of {seat} include {card} (trick {len(won) + 1})"
                if negative:
                    judge.add(what, accepted or legality, "no", "yes" if card in playable else "no", path)
                    return
                rules = (
                    legality
                    if card in playable
                    else (permitting_rules(plan.deal, judge.options, plan.actions[:index], action) or legality)
                )
                judge.add(what, rules, "yes", "yes" if card in playable else "no", path)
            elif negative:
                raise Unsupported("the engine lacks capability legal-plays")
            plays += 1
        followed.apply(action)
        if verb == "play" and not followed.trick:  # the play completed a trick
            number = len(followed.tricks)
            winner = _complete_trick(
                judge, plan, followed, number, expected_tricks, adapter, options, capabilities, prefix
            )
            if winner is None:
                return  # no winner to go on with (none stated, no next lead)
            won.append((winner, card_points_of([c for _, c in followed.tricks[-1]])))
    picker = followed.picker
    if negative_at is not None or len(won) < 6 or picker is None:
        return
    side = {picker} if plan.alone or followed.partner is None else {picker, followed.partner}
    stated = judge.value(plan.expect, "picker_side")
    if isinstance(stated, Mapping) and "tricks" in stated:
        judge.add(
            "tricks of the picker's side",
            rules_for("trick-winner", judge.rules),
            stated["tricks"],
            sum(1 for seat, _ in won if seat in side),
            (*prefix, "expect", "picker_side", "tricks"),
        )
    if Capability.SCORE not in capabilities:
        return
    _check_score(judge, plan, won, picker, followed.partner, followed.buried, adapter, options, prefix, stakes)


def _unaskable_refusal(action: str, rules: Sequence[str], capabilities: frozenset[Capability]) -> str:
    """Why no query shows the refusal of ``action`` under ``rules`` (``""``: a query does: a play
    missing from the seat's legal plays, a call missing from the picker's calls)."""
    verb = action.split()[1]
    if not set(rules) & ASKABLE.get(verb, frozenset()):
        return f"an illegal {verb} under {' or '.join(rules)} is judged only through a replay (capability replay)"
    if verb == "call" and Capability.CALLABLE_CARDS not in capabilities:
        return "the engine lacks capability callable-cards (or replay)"
    if verb == "play" and Capability.LEGAL_PLAYS not in capabilities:
        return "the engine lacks capability legal-plays (or replay)"
    return ""


def doubler_stakes(plans: Sequence[HandPlan], options: Mapping[str, str]) -> list[int]:
    """The doubler multiplier each hand of a session is played for, read from the session's
    hands as the rules give it: under ``all-pass: doubler`` a deal all five pass is thrown in
    (``all-pass.doubler``) and doubles the next hand with a picker; consecutive doublers double
    that many hands under ``doubler-stacking: queue``, only the next one under ``single``
    (``all-pass.doubler-stacking``). Nothing here asks the engine: a query-only engine is asked to
    score each doubled hand at these stakes.

    >>> from sheepshead_spec.record_actions import Deal
    >>> passed, picked = (HandPlan(Deal("S1", {}, ("", "")), (), (), (), {}, picker) for picker in (None, "S1"))
    >>> doubler_stakes([passed, passed, picked, picked, picked], {"all-pass": "doubler"})
    [1, 1, 2, 2, 1]
    >>> doubler_stakes([passed, passed, picked, picked], {"all-pass": "doubler", "doubler-stacking": "single"})
    [1, 1, 2, 1]
    """
    stakes: list[int] = []
    doubled = 0  # hands still to be played at double stakes
    for plan in plans:
        if plan.picker is None:  # all passed: a doubler, a leaster, a redeal or a schwanzer
            stakes.append(1)
            if options.get("all-pass") == "doubler":
                doubled = doubled + 1 if options.get("doubler-stacking", "queue") == "queue" else 1
            continue
        stakes.append(2 if doubled else 1)
        doubled = max(0, doubled - 1)
    return stakes


def legal_cards(
    adapter: Adapter,
    options: Mapping[str, str],
    hand: Sequence[str],
    trick: Sequence[tuple[str, str]],
    earlier: int,
    seat: str,
    picker: str | None,
    partner: str | None,
    called: str | None,
    under: str | None,
    called_suit_led: bool,
) -> set[str]:
    """The ``legal-plays`` answer for ``seat`` holding ``hand`` with ``trick`` on the table, after
    ``earlier`` complete tricks; the seat's role is read from the picker and the partner."""
    role = "leaster" if picker is None else "picker" if seat == picker else "partner" if seat == partner else "defender"
    request = LegalPlaysRequest(
        dict(options), tuple(hand), tuple(card for _, card in trick), earlier + 1, role, called, under, called_suit_led
    )
    return {card_code(card) for card in adapter.legal_plays(request)}


def _complete_trick(
    judge: _Judge,
    plan: HandPlan,
    followed: Followed,
    number: int,
    expected: Sequence[Mapping[str, Any]],
    adapter: Adapter,
    options: Mapping[str, str],
    capabilities: frozenset[Capability],
    prefix: tuple[str | int, ...] = (),
) -> str | None:
    """Check complete trick ``number`` (1-based)'s winner and points; the winner the hand goes on with."""
    trick = followed.tricks[number - 1]
    cards = [card for _, card in trick]
    seats = [seat for seat, _ in trick]
    stated = expected[number - 1] if number <= len(expected) else {}
    winner: str | None = stated.get("winner")
    path: tuple[str | int, ...] = (*prefix, "expect", "tricks", number - 1)
    if winner is None:  # the next trick's leader (play.winner-leads)
        later = [a.split()[0] for a in plan.actions if a.split()[1] == "play"]
        lead = 5 * number
        winner = later[lead] if lead < len(later) else None
        path = plan.paths[[i for i, a in enumerate(plan.actions) if a.split()[1] == "play"][lead]] if winner else path
    if winner is None and number == 6 and Capability.TRICK_WINNER in capabilities:
        # The last trick: no lead follows to say who won it. The engine's answer goes on to the
        # score, checked by the picker's side's tricks where the record states them.
        index = adapter.trick_winner(followed.trick_request(options, number))
        return seats[index] if 0 <= index < len(seats) else None
    if winner is not None and Capability.TRICK_WINNER in capabilities:
        index = adapter.trick_winner(followed.trick_request(options, number))
        actual = seats[index] if 0 <= index < len(seats) else f"card {index}"
        rules = rules_for("trick-winner", judge.rules)
        if actual != winner and actual in seats:
            rules = trick_winner_rules(
                cards,
                cards[seats.index(winner)],
                cards[seats.index(actual)],
                called=followed.called,
                under=followed.under,
                case_rules=judge.rules,
            )
        judge.add(f"winner of trick {number} ({' '.join(cards)})", rules, winner, actual, path)
    if "points" in stated and Capability.CARD_POINTS in capabilities:
        points = adapter.card_points(CardPointsRequest(tuple(cards)))
        judge.add(
            f"points of trick {number}",
            rules_for("trick-points", judge.rules),
            stated["points"],
            points,
            (*prefix, "expect", "tricks", number - 1, "points"),
        )
    return winner


def _scored(rules: Sequence[str]) -> tuple[str, ...]:
    """The rules a ``score`` query's answer can show: not those of a deal all pass or of a session
    (the query scores a hand with a picker at the stakes it is sent; who doubled them is not its
    answer)."""
    return tuple(rule for rule in rules if rule.split(".", 1)[0] not in ("all-pass", "session")) or (
        "scoring.stakes-multiply",
    )


def score_findings(
    request: ScoreRequest,
    answer: ScoreResponse,
    kind: str | None,
    roles: Mapping[str, int | None] | None,
    *,
    case_rules: Sequence[str] = (),
    raises: int = 0,
) -> list[tuple[str, tuple[str, ...], str, str]]:
    """The ``score`` query's answer against an expected outcome class and score changes by role
    (``picker``, ``partner``, ``defender``): the judge of a score query, for a record asked as
    queries and for the fuzzer alike. Each finding is ``(what, rules, expected, actual)``, the
    rules those a difference breaks (else the case's); no scores finding follows a wrong class.

    >>> from conformance.adapter import ScoreRequest, ScoreResponse
    >>> request = ScoreRequest({}, 80, 10, 4)
    >>> score_findings(request, ScoreResponse("schneider", 4, 2, -2), "win", {"picker": 2, "partner": 1, "defender": -1})
    [('outcome', ('scoring.schneider-thresholds',), 'win', 'schneider')]
    """
    found: list[tuple[str, tuple[str, ...], str, str]] = []
    picker_points = request.picker_side_trick_points + request.bury_points
    if kind is not None:
        rules = _scored(rules_for("outcome", case_rules))
        if answer.kind != kind:
            rules = outcome_rules(kind, answer.kind, picker_points=picker_points) or rules
        found.append(("outcome", rules, kind, answer.kind))
        if answer.kind != kind:
            return found
    if roles is not None:
        actual = {"picker": answer.picker, "partner": answer.partner, "defender": answer.defender}
        wanted = {role: roles.get(role) for role in actual}
        rules = _scored(rules_for("scores", case_rules))
        if wanted != actual:
            partner = "defender" if request.alone else "partner"  # alone: four defenders
            by_seat = dict(zip(SEATS, ("picker", partner, "defender", "defender", "defender"), strict=True))
            rules = (
                score_rules(
                    kind,
                    {seat: int(wanted[role] or 0) for seat, role in by_seat.items()},
                    {seat: actual[role] for seat, role in by_seat.items()},
                    alone=request.alone,
                    stakes=request.stakes,
                    raises=raises,
                    case_rules=case_rules,
                    bump=request.options.get("double-on-the-bump") == "on",
                )
                or rules
            )
        found.append(("scores", rules, show(wanted), show(actual)))
    return found


def _check_score(
    judge: _Judge,
    plan: HandPlan,
    won: Sequence[tuple[str, int]],
    picker: str,
    partner: str | None,
    buried: Sequence[str],
    adapter: Adapter,
    options: Mapping[str, str],
    prefix: tuple[str | int, ...] = (),
    doubled: int = 1,
) -> None:
    """The ``score`` query for the hand's result, against the record's outcome and scores
    (``doubled``: the doubler multiplier of a session's hand; the cracks double it further)."""
    kind = judge.value(plan.expect, "outcome")
    scores = judge.value(plan.expect, "scores")
    if not isinstance(kind, str) and not isinstance(scores, Mapping):
        return
    alone = plan.alone or partner is None
    side = {picker} if alone else {picker, partner}
    trick_points = sum(points for seat, points in won if seat in side)
    tricks = sum(1 for seat, _ in won if seat in side)
    request = ScoreRequest(dict(options), trick_points, card_points_of(buried), tricks, alone, doubled << plan.raises)
    answer = adapter.score(request)
    roles = None
    if isinstance(scores, Mapping):
        defender = next(seat for seat in SEATS if seat not in side)
        roles = {
            "picker": scores.get(picker),
            "partner": scores.get(partner, 0) if partner and not alone else 0,
            "defender": scores.get(defender),
        }
    labels = {
        "outcome": f"outcome of the hand ({trick_points} card points in {tricks} tricks, {request.bury_points} buried)",
        "scores": "scores of the hand (picker, partner, each defender)",
    }
    findings = score_findings(
        request, answer, kind if isinstance(kind, str) else None, roles, case_rules=judge.rules, raises=plan.raises
    )
    for what, rules, expected, actual in findings:
        judge.add(labels[what], rules, expected, actual, (*prefix, "expect", what))
