"""Cases from position records (``sheepshead-position/1``, hand-records.md 14): one moment of a
hand, judged through the direct queries.

A position's ``legal`` and ``illegal`` expectations are asked of the engine as a ``legal-plays``
query (the seat's hand, the trick so far, the trick number, the seat's role, the called card and
whether its suit was led); a complete trick's ``winner`` and ``points`` as ``trick-winner`` and
``card-points`` queries. A position depends on the axes of its variant tables (every option) and
on those its ``variants`` pin (that option only).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sheepshead_spec import Spec
from sheepshead_spec.record_actions import resolve
from sheepshead_spec.records import LoadedRecord, card_code

from conformance.adapter import (
    Adapter,
    AdapterError,
    Capability,
    CardPointsRequest,
    EngineInfo,
    LegalPlaysRequest,
    Rejection,
    ReplayRequest,
    TrickWinnerRequest,
    Unsupported,
)
from conformance.cases.blame import rules_for
from conformance.cases.following import follows
from conformance.cases.mismatches import show
from conformance.cases.model import Aids, Case, CaseRun, Check, Config, Verdict, pinned, possible, raised

__all__ = ["Position", "legal_by_replay", "position_case", "position_depends"]


class Position:
    """A position record's moment, read once (cards in canonical codes)."""

    def __init__(self, record: LoadedRecord) -> None:
        data: Mapping[str, Any] = record.data["position"]
        self.record = record
        self.to_act: str | None = data.get("to_act")
        self.hand = tuple(card_code(card) for card in data.get("hand") or ())
        plays = [str(text).split() for text in data.get("trick") or ()]
        self.trick_seats = tuple(words[0].upper() for words in plays)
        self.trick = tuple(card_code(words[1]) for words in plays)
        self.trick_number = int(data.get("earlier_tricks") or 0) + 1
        self.picker: str | None = data.get("picker")
        self.called = card_code(data["called"]) if data.get("called") else None
        self.under = card_code(data["under"]) if data.get("under") else None
        self.called_suit_led = bool(data.get("called_suit_led", False))
        self.buried = tuple(card_code(card) for card in data.get("buried") or ())
        partner = data.get("partner", "unknown")
        if partner == "unknown":  # not stated: the seat to play is the partner if it holds the called card
            partner = self.to_act if self.called is not None and self.called in self.hand else None
        self.partner: str | None = partner

    @property
    def role(self) -> str:
        """The seat to play's role: ``picker``, ``partner``, ``defender`` or ``leaster``."""
        if self.picker is None:
            return "leaster"
        if self.to_act == self.picker:
            return "picker"
        return "partner" if self.to_act is not None and self.to_act == self.partner else "defender"

    def describe(self) -> str:
        """One line: ``S2 (defender) to play to trick 4, after S1 9H; holds QD KS 7C; AH called``."""
        called = f"; {self.called} called" + (f" under {self.under}" if self.under else "") if self.called else ""
        if self.called and self.called_suit_led:
            called += ", its suit led before"
        led = (
            f", after {' '.join(f'{s} {c}' for s, c in zip(self.trick_seats, self.trick))}"
            if self.trick
            else ", leading"
        )
        if self.to_act is None:
            return f"Trick {self.trick_number}: {' '.join(f'{s} {c}' for s, c in zip(self.trick_seats, self.trick))}{called}"
        return f"{self.to_act} ({self.role}) to play to trick {self.trick_number}{led}; holds {' '.join(self.hand)}{called}"

    def legal_request(self, options: Mapping[str, str]) -> LegalPlaysRequest:
        return LegalPlaysRequest(
            dict(options),
            self.hand,
            self.trick,
            self.trick_number,
            self.role,
            self.called,
            self.under,
            self.called_suit_led,
        )

    def trick_request(self, options: Mapping[str, str]) -> TrickWinnerRequest:
        """The ``trick-winner`` query of a complete trick (whether the called suit was led before
        decides a called ten under ``called-ten-rank: until-led``)."""
        return TrickWinnerRequest(dict(options), self.trick, self.called, self.under, self.called_suit_led)


def position_depends(record: LoadedRecord, spec: Spec) -> dict[str, frozenset[str]]:
    """The axes a position's expectations depend on, with the options they are written for."""
    options = {axis.id: frozenset(option.id for option in axis.options) for axis in spec.axes}
    depends: dict[str, frozenset[str]] = {}
    if "profile" in record.data:
        depends = pinned(spec.profile_options(record.profile))

    def tables(value: Any) -> None:
        if isinstance(value, Mapping):
            if "by" in value and value["by"] != "profile":
                depends.setdefault(str(value["by"]), options[str(value["by"])])
            for item in value.values():
                tables(item)
        elif isinstance(value, list):
            for item in value:
                tables(item)

    tables(record.data.get("expect") or {})
    for axis, option in record.variants.items():
        depends[axis] = frozenset({option})
    return possible(depends, record.not_applicable, options)


def _requires(record: LoadedRecord) -> frozenset[str]:
    """The capabilities a position needs (its legal sets are asked as a ``legal-plays`` query, or
    of a whole hand built to reach the position, :func:`legal_by_replay`: the runner says which)."""
    expect = record.data.get("expect") or {}
    needed = set()
    trick = expect.get("trick") or {}
    if "winner" in trick:
        needed.add(Capability.TRICK_WINNER.value)
    if "points" in trick:
        needed.add(Capability.CARD_POINTS.value)
    return frozenset(needed)


def described_position(
    hand: Sequence[str],
    role: str,
    trick: Sequence[str],
    trick_number: int,
    called: str | None,
    under: str | None,
    called_suit_led: bool,
) -> Position:
    """A scenario's described position (``a defender holding …``) as a position record's moment,
    its seats chosen: the trick led by S1, the seat to play next; the picker the seat to play, the
    seat after it (its partner being the seat to play), or the first seat of the others (a
    defender); nobody in a leaster; the trick, when not stated, the one a hand of that size plays
    to. What a position record says is all a built hand needs."""
    seats = ("S1", "S2", "S3", "S4", "S5")
    to_act = seats[len(trick)]
    if trick_number == 1 and len(hand) < 6:  # not stated: the trick a hand of that size plays to
        trick_number = 7 - len(hand)
    others = [seat for seat in seats if seat != to_act]
    picker = None if role == "leaster" else to_act if role == "picker" else others[0]
    moment: dict[str, Any] = {
        "to_act": to_act,
        "hand": list(hand),
        "trick": [f"{seat} {card}" for seat, card in zip(seats, trick)],
        "earlier_tricks": trick_number - 1,
        "picker": picker,
        "called_suit_led": called_suit_led,
    }
    if called is not None:
        moment["called"] = called
        moment["partner"] = to_act if role == "partner" else None if role == "defender" else "unknown"
    if under is not None:
        moment["under"] = under
    return Position(LoadedRecord("<described position>", {"position": moment}, lambda path: 0))


def legal_by_replay(
    position: Position, adapter: Adapter, config: Config, seed: str, plays: Sequence[str], aids: Aids
) -> tuple[list[str], dict[str, Rejection | None]] | str:
    """The legal plays of the seat to play in a whole hand built to reach the position
    (``aids.reach``, passed in by the front end), and the engine's answer to each of ``plays``
    made there; or why there is none."""
    if aids.reach is None:
        return "no hand builder was given to reach a position through a replay (Aids.reach)"
    built = aids.reach(position, config.expect, seed)
    if built is None:
        return "no legal hand reaching this position was found under these options"
    deal, actions = built
    reply = adapter.replay(ReplayRequest(dict(config.request), deal, actions))
    if reply.rejected is not None:
        return f"the engine refused {actions[reply.rejected.index]!r} of the hand built to reach the position"
    if reply.turn != position.to_act or reply.legal is None:
        return f"the engine gives the turn to {reply.turn or 'nobody'}" if reply.turn != position.to_act else ""
    legal = [a.split()[2] for a in reply.legal if a.split()[:2] == [position.to_act, "play"] and len(a.split()) == 3]
    answers: dict[str, Rejection | None] = {}
    for card in plays:
        tried = adapter.replay(ReplayRequest(dict(config.request), deal, (*actions, f"{position.to_act} play {card}")))
        answers[card] = tried.rejected
    return legal, answers


def trick_winner_by_built_hand(
    cards: Sequence[str],
    called: str | None,
    under: str | None,
    called_suit_led: bool,
    adapter: Adapter,
    config: Config,
    seed: str,
    aids: Aids,
) -> int | str:
    """The engine's winner of a complete trick with a called (or under) card, read from its replay
    of a whole hand built to play that trick (``aids.reach``; a partial trick completed with fail
    cards of suits neither led nor called, which never win): S1 leads it, as the first trick, or
    the second when the called suit was led before. The picker is the seat of the under card, or
    else one that did not play the called card, those following the called suit first (they may
    hold a hold card); the partner is the seat of the called card. The index of the winning card
    in play order, or why there is none."""
    if aids.reach is None:
        return "no hand builder was given to play the trick in a replayed hand (Aids.reach)"
    if called is None or not 1 <= len(cards) <= 5:
        return "only a trick with a called card is played in a built hand"
    led = follows(cards[0], None, None)
    # A partial trick is completed with fail cards of suits neither led nor called: they never win.
    fillers = [
        rank + suit
        for rank in "789KTA"
        for suit in "CSH"
        if suit not in (led, follows(called, None, None)) and rank + suit not in (*cards, called, under)
    ]
    cards = (*cards, *fillers[: 5 - len(cards)])
    seats = ("S1", "S2", "S3", "S4", "S5")
    seat_of = dict(zip(cards, seats))
    if under is not None and under in seat_of:
        pickers = [seat_of[under]]
    else:
        others = [seat for seat, card in zip(seats, cards) if card != called]
        pickers = sorted(
            others, key=lambda seat: follows(cards[seats.index(seat)], None, None) != follows(called, None, None)
        )
    earlier = 1 if called_suit_led else 0
    for picker in pickers:
        moment: dict[str, Any] = {
            "to_act": None,
            "trick": [f"{seat} {card}" for seat, card in zip(seats, cards)],
            "earlier_tricks": earlier,
            "picker": picker,
            "called": called,
            "partner": seat_of.get(called),
            "called_suit_led": called_suit_led,
        }
        if under is not None:
            moment["under"] = under
        position = Position(LoadedRecord("<a trick played in a built hand>", {"position": moment}, lambda path: 0))
        built = aids.reach(position, config.expect, f"{seed}:{picker}")
        if built is None:
            continue
        deal, actions = built
        reply = adapter.replay(ReplayRequest(dict(config.request), deal, actions))
        if reply.rejected is not None:
            return f"the engine refused {actions[reply.rejected.index]!r} of the hand built to play the trick"
        winner = reply.tricks[earlier].winner if len(reply.tricks) > earlier else None
        if winner not in seats:
            return "the engine's replay of the hand built to play the trick gave no winner"
        return seats.index(winner)
    return "no legal hand playing this trick was found under these options"


def _trick_winner(position: Position, adapter: Adapter, info: EngineInfo, config: Config, aids: Aids) -> int:
    """The engine's winner of the position's complete trick: its ``trick-winner`` query, or, for
    an engine that only replays, the trick played in a built hand (a trick with a called card)."""
    try:
        return adapter.trick_winner(position.trick_request(config.request))
    except Unsupported as why:
        if Capability.REPLAY not in info.capabilities or position.called is None or aids.reach is None:
            raise
        found = trick_winner_by_built_hand(
            position.trick,
            position.called,
            position.under,
            position.called_suit_led,
            adapter,
            config,
            position.record.where([]),
            aids,
        )
        if isinstance(found, str):
            raise Unsupported(f"{why}; and replaying a hand to the trick: {found}") from None
        return found


def _judge(
    position: Position,
    rules: tuple[str, ...],
    adapter: Adapter,
    info: EngineInfo,
    config: Config,
    profile_of: Callable[[Mapping[str, str]], str],
    aids: Aids,
) -> list[Check]:
    record = position.record
    expect = record.data.get("expect") or {}
    checks: list[Check] = []
    profile = profile_of(config.expect)

    def value(key: Any) -> tuple[bool, Any]:
        return resolve(key, config.expect, profile)

    legal_rules = rules_for("legal-plays", rules)
    if "legal" in expect or "illegal" in expect:
        applies, plays = value(expect.get("illegal") or [])
        named: dict[str, Rejection | None] = {}
        if Capability.LEGAL_PLAYS in info.capabilities:
            answer = tuple(card_code(card) for card in adapter.legal_plays(position.legal_request(config.request)))
        elif Capability.REPLAY in info.capabilities:
            found = legal_by_replay(
                position,
                adapter,
                config,
                record.where([]),
                [card_code(item["play"]) for item in (plays if applies else ())],
                aids,
            )
            if isinstance(found, str):
                raise Unsupported(found or "the engine lists no legal actions")
            answer, named = tuple(found[0]), found[1]
        else:
            raise Unsupported("the engine lacks capability legal-plays (or replay)")
        offered = sorted(set(answer))
        if "legal" in expect:
            applies, wanted = value(expect["legal"])
            if applies:
                wanted_set = sorted({card_code(card) for card in wanted})
                verdict = Verdict.AGREES if wanted_set == offered else Verdict.DIFFERS
                checks.append(
                    Check(
                        f"legal plays of {position.to_act}",
                        legal_rules,
                        verdict,
                        show(wanted_set),
                        show(offered),
                        record.where(["expect", "legal"]),
                    )
                )
        for item in plays if applies else ():
            card, rule = card_code(item["play"]), str(item["rule"])
            verdict = Verdict.AGREES if card not in offered else Verdict.DIFFERS
            actual = "not among the legal plays" if card not in offered else "legal"
            refused = named.get(card)
            if card in named and refused is None:
                verdict, actual = Verdict.DIFFERS, "accepted"
            elif refused is not None and refused.rule and Capability.RULE_IDS in info.capabilities:
                actual = f"refused under {refused.rule}"
                if refused.rule != rule:
                    verdict = Verdict.DIFFERS
            checks.append(
                Check(
                    f"legality of {position.to_act} {card}",
                    (rule,),
                    verdict,
                    f"illegal under {rule}",
                    actual,
                    record.where(["expect", "illegal"]),
                )
            )
    trick = expect.get("trick") or {}
    if "winner" in trick:
        applies, seat = value(trick["winner"])
        if applies:
            index = _trick_winner(position, adapter, info, config, aids)
            actual = position.trick_seats[index] if 0 <= index < len(position.trick_seats) else f"card {index}"
            checks.append(
                Check(
                    "winner of the trick",
                    rules_for("trick-winner", rules),
                    Verdict.AGREES if actual == seat else Verdict.DIFFERS,
                    str(seat),
                    actual,
                    record.where(["expect", "trick", "winner"]),
                )
            )
    if "points" in trick:
        points = adapter.card_points(CardPointsRequest(position.trick))
        checks.append(
            Check(
                "points of the trick",
                rules_for("trick-points", rules),
                Verdict.AGREES if points == trick["points"] else Verdict.DIFFERS,
                str(trick["points"]),
                str(points),
                record.where(["expect", "trick", "points"]),
            )
        )
    return checks


def position_case(
    record: LoadedRecord, spec: Spec, case_id: str, profile_of: Callable[[Mapping[str, str]], str]
) -> Case:
    """One position record as a case.

    :param profile_of: the named profile whose options are exactly these (for ``by: profile``).
    """
    position = Position(record)
    rules = tuple(str(rule) for rule in record.data.get("rules") or ())

    def run(adapter: Adapter, info: EngineInfo, config: Config, aids: Aids) -> CaseRun:
        missing = sorted(_requires(record) - {capability.value for capability in info.capabilities})
        if missing:
            return CaseRun(unsupported=f"the engine lacks capability {', '.join(missing)}")
        try:
            return CaseRun(tuple(_judge(position, rules, adapter, info, config, profile_of, aids)))
        except Unsupported as error:
            return CaseRun(unsupported=str(error))
        except AdapterError as error:
            return CaseRun(error=error, error_location=record.where([]))
        except Exception as error:  # noqa: BLE001 - an in-process adapter's own bug: an engine error
            return CaseRun(error=raised(error), error_location=record.where([]))

    return Case(
        case_id,
        "position",
        record.where([]),
        rules,
        position_depends(record, spec),
        _requires(record),
        run,
        inapplicable=record.not_applicable,
    )
