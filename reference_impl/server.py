"""The reference engine behind the JSON-lines engine protocol (``spec/PROTOCOL.md``).

:func:`handle_request` answers one request message (a decoded JSON object) with one reply
message. It is pure: no I/O, no state between calls. ``python -m reference_impl`` serves it on
standard input and output; the conformance harness also calls it in-process. Bad input (an
unknown card, a malformed action, an unknown option, a missing field) gives an error reply with
code ``invalid-request``; an unknown request type gives ``unsupported``; nothing raises.

This module imports nothing from ``conformance`` and validates messages by hand.

>>> handle_request({"id": 4, "type": "card-points", "cards": ["AS", "TS", "QC"]})
{'id': 4, 'points': 24}
>>> handle_request({"id": 5, "type": "card-points", "cards": ["ZZ"]})["error"]["code"]
'invalid-request'
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Callable, Mapping, Sequence
from importlib import metadata
from typing import Any

from reference_impl import queries
from reference_impl.cards import CARDS, Card, parse_card
from reference_impl.errors import IllegalActionError, SheepsheadError
from reference_impl.hand import Action, Hand, Outcome, Phase, parse_seat, seat_name
from reference_impl.profile import AXIS_FIELDS, Profile
from reference_impl.scoring import OutcomeKind
from reference_impl.session import Session

__all__ = ["ENGINE_NAME", "PROTOCOL_VERSION", "handle_request"]

PROTOCOL_VERSION = 1
"""The protocol version the reference engine speaks."""

ENGINE_NAME = "sheepshead-reference"

CAPABILITIES = (
    "replay",
    "deal-from-deck",
    "procedure",
    "rule-ids",
    "session",
    "trick-winner",
    "legal-plays",
    "callable-cards",
    "score",
    "card-points",
    "steps",
)
"""Every capability of the protocol: the reference engine answers them all."""

SEAT_NAMES = ("S1", "S2", "S3", "S4", "S5")

Message = dict[str, Any]


class _BadRequest(Exception):
    """The request cannot be understood (reply code ``invalid-request``)."""


# --------------------------------------------------------------------------- reading fields


def _field(message: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in message:
        raise _BadRequest(f"missing field {key!r}")
    value = message[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise _BadRequest(f"field {key!r} has the wrong type: {value!r}")
    return value


def _cards(message: Mapping[str, Any], key: str) -> list[Card]:
    values = _field(message, key, list)
    if not all(isinstance(value, str) for value in values):
        raise _BadRequest(f"field {key!r} must be a list of card codes")
    return [card if (card := _CANONICAL.get(value)) is not None else parse_card(value) for value in values]


_CANONICAL: dict[str, Card] = {str(card): card for card in CARDS}
"""Card codes as the harness spells them (a dictionary hit; anything else is parsed)."""


def _optional_card(message: Mapping[str, Any], key: str) -> Card | None:
    value = message.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise _BadRequest(f"field {key!r} must be a card code or null")
    return parse_card(value)


def _seat(value: Any, key: str) -> int:
    if not isinstance(value, str):
        raise _BadRequest(f"field {key!r} must be a seat S1-S5")
    return parse_seat(value)


@functools.lru_cache(maxsize=64)
def _profile_of(options: frozenset[tuple[str, str]]) -> Profile:
    # An axis left out is its default (PROTOCOL.md 4.2): the harness sends an engine only the
    # axes its handshake names. The defaults are the spec's, which is what the standard profile is.
    return Profile.named("standard").with_options(dict(options), name="protocol")


def _profile(message: Mapping[str, Any]) -> Profile:
    options = _field(message, "options", dict)
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
        raise _BadRequest("field 'options' must map axis ids to option ids")
    return _profile_of(frozenset(options.items()))


def _actions(message: Mapping[str, Any]) -> list[Action]:
    texts = _field(message, "actions", list)
    actions = []
    for index, text in enumerate(texts):
        if not isinstance(text, str):
            raise _BadRequest(f"actions[{index}] is not a string: {text!r}")
        try:
            actions.append(_parsed_action(text))  # cached: a replay repeats its prefix's texts
        except SheepsheadError as error:
            raise _BadRequest(f"actions[{index}]: {error}") from None
    return actions


def _new_hand(message: Mapping[str, Any], profile: Profile, stakes: int) -> Hand:
    """The hand of a message's ``deal``, with its optional ``tie_break`` (``leaster.tie``)."""
    deal = message.get("deal")
    if not isinstance(deal, dict):
        raise _BadRequest("field 'deal' must be an object")
    dealer = _seat(deal.get("dealer"), "deal.dealer")
    if deal.get("deck") is not None:
        hand = Hand.from_deck(profile, dealer, _cards(deal, "deck"), stakes=stakes)
    else:
        hands = _field(deal, "hands", dict)
        if sorted(hands) != list(SEAT_NAMES):
            raise _BadRequest("field 'deal.hands' must have exactly the keys S1-S5")
        dealt = [_cards(hands, seat) for seat in SEAT_NAMES]
        hand = Hand.from_hands(profile, dealer, dealt, _cards(deal, "blind"), stakes=stakes)
    if message.get("tie_break") is not None:
        hand.tie_break = _seat(message["tie_break"], "tie_break")
    return hand


# --------------------------------------------------------------------------- writing results


def _seat_values(values: Sequence[int]) -> dict[str, int]:
    return dict(zip(SEAT_NAMES, values))


def _seat_or_none(seat: int | None) -> str | None:
    return None if seat is None else seat_name(seat)


def _outcome(outcome: Outcome) -> Message:
    thrown_in = outcome.kind in (OutcomeKind.REDEAL, OutcomeKind.DOUBLER, OutcomeKind.SCHWANZER)  # not played
    has_picker = outcome.picker is not None
    return {
        "kind": outcome.kind.value,
        "scores": _seat_values(outcome.scores),
        "picker": _seat_or_none(outcome.picker),
        "partner": _seat_or_none(outcome.partner),
        "picker_side_points": outcome.picker_side_points if has_picker else None,
        "picker_side_tricks": outcome.picker_side_tricks if has_picker else None,
        "defender_points": outcome.defender_points if has_picker else None,
        "defender_tricks": outcome.defender_tricks if has_picker else None,
        "seat_points": None if thrown_in else _seat_values(outcome.seat_points),
        "seat_tricks": None if thrown_in else _seat_values(outcome.seat_tricks),
        "leaster_winner": _seat_or_none(outcome.leaster_winner),
        # only after a tie: the replies of every other hand stay as they were before the field
        **({"leaster_tied": [seat_name(seat) for seat in outcome.leaster_tied]} if outcome.leaster_tied else {}),
    }


def _short(error: IllegalActionError) -> str:
    """The error's message without the position dump (the request already describes it)."""
    return error.reason


def _play(hand: Hand, actions: Sequence[Action]) -> Message:
    """Apply the actions in order, stop at the first illegal one, and describe the hand."""
    rejected = None
    for index, action in enumerate(actions):
        try:
            hand.apply(action)
        except IllegalActionError as error:
            rejected = {"index": index, "rule": error.rule_id, "message": _short(error)}
            break
    scored = hand.phase is Phase.SCORED
    return {
        "applied": len(actions) if rejected is None else rejected["index"],
        "rejected": rejected,
        "turn": _seat_or_none(hand.turn),
        "phase": hand.phase.value,
        "legal": None if scored else [str(action) for action in hand.legal_actions()],
        "tricks": [
            {
                "leader": seat_name(t.leader),
                "cards": [str(c) for c in t.cards],
                "winner": seat_name(t.winner),
                "points": t.points,
            }
            for t in hand.tricks
        ],
        "outcome": None if hand.outcome is None else _outcome(hand.outcome),
        # the partner the table knows before the end: once the called card has fallen
        **({"partner": _seat_or_none(hand.partner)} if hand.partner_revealed_in is not None and not scored else {}),
    }


# --------------------------------------------------------------------------- requests


def _hello(message: Mapping[str, Any]) -> Message:
    _field(message, "protocol", int)
    hints = typing.get_type_hints(Profile)
    return {
        "protocol": PROTOCOL_VERSION,
        "name": ENGINE_NAME,
        "version": _version(),
        "capabilities": list(CAPABILITIES),
        "options": {axis: list(typing.get_args(hints[field])) for axis, field in AXIS_FIELDS.items()},
    }


def _version() -> str:
    try:
        return metadata.version("sheepshead-conformance")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def _replay(message: Mapping[str, Any]) -> Message:
    profile = _profile(message)
    stakes = _field(message, "stakes", int)
    hand = _new_hand(message, profile, stakes)
    return _play(hand, _actions(message))


def _session(message: Mapping[str, Any]) -> Message:
    profile = _profile(message)
    hands = _field(message, "hands", list)
    if not hands or not all(isinstance(hand, dict) for hand in hands):
        raise _BadRequest("field 'hands' must be a non-empty list of objects")
    first_deal = hands[0].get("deal")
    session = Session(
        profile, first_dealer=_seat(first_deal.get("dealer") if isinstance(first_deal, dict) else None, "deal.dealer")
    )
    results: list[Message] = []
    rejected_hand, rule = None, None
    for index, data in enumerate(hands):
        actions = _actions(data)
        deal = data.get("deal")
        try:
            session.verify_dealer(_seat(deal.get("dealer") if isinstance(deal, dict) else None, "deal.dealer"))
        except IllegalActionError as error:
            rejected_hand, rule = index, error.rule_id
            break
        hand = _new_hand(data, profile, session.next_stakes)
        result = _play(hand, actions)
        results.append(result)
        if result["rejected"] is not None:
            break
        if hand.phase is Phase.SCORED:
            session.finish_hand(hand)
    return {"hands": results, "totals": _seat_values(session.totals), "rejected_hand": rejected_hand, "rule": rule}


def _trick_winner(message: Mapping[str, Any]) -> Message:
    led = message.get("called_suit_led", False)  # optional: absent means not led
    if not isinstance(led, bool):
        raise _BadRequest(f"field 'called_suit_led' has the wrong type: {led!r}")
    winner = queries.trick_winner(
        _profile(message),
        _cards(message, "cards"),
        _optional_card(message, "called"),
        _optional_card(message, "under"),
        called_suit_led=led,
    )
    return {"winner": winner}


def _legal_plays(message: Mapping[str, Any]) -> Message:
    cards = queries.legal_plays(
        _profile(message),
        _cards(message, "hand"),
        _cards(message, "trick"),
        trick_number=_field(message, "trick_number", int),
        role=_field(message, "role", str),
        called=_optional_card(message, "called"),
        under=_optional_card(message, "under"),
        called_suit_led=_field(message, "called_suit_led", bool),
    )
    return {"cards": [str(card) for card in cards]}


def _callable_cards(message: Mapping[str, Any]) -> Message:
    calls, under = queries.callable_cards(_profile(message), _cards(message, "hand"), _cards(message, "buried"))
    return {"calls": [str(card) for card in calls], "under": [str(card) for card in under]}


def _score(message: Mapping[str, Any]) -> Message:
    result = queries.score(
        _profile(message),
        picker_side_trick_points=_field(message, "picker_side_trick_points", int),
        bury_points=_field(message, "bury_points", int),
        picker_side_tricks=_field(message, "picker_side_tricks", int),
        alone=_field(message, "alone", bool),
        stakes=_field(message, "stakes", int),
    )
    return {
        "kind": str(getattr(result.kind, "value", result.kind)),
        "picker": result.picker,
        "partner": result.partner,
        "defender": result.defender,
        "picker_side_points": result.picker_side_points,
    }


def _card_points(message: Mapping[str, Any]) -> Message:
    return {"points": queries.card_points(_cards(message, "cards"))}


# The step messages (capability ``steps``) play one hand at a time; the hand in progress is the
# server's only state (one engine process, or one in-process server, serves one harness).
_STEPPED: list[Hand] = []


def _stepped() -> Hand:
    if not _STEPPED:
        raise _BadRequest("no hand in progress: send start first")
    return _STEPPED[0]


@functools.lru_cache(maxsize=4096)
def _action_text(action: Action) -> str:
    return str(action)  # the same few hundred actions recur in every hand


@functools.lru_cache(maxsize=4096)
def _parsed_action(text: str) -> Action:
    return Action.parse(text)


def _step_state(hand: Hand) -> Message:
    scored = hand.phase is Phase.SCORED
    return {
        "turn": _seat_or_none(hand.turn),
        "legal": None if scored else [_action_text(a) for a in hand.legal_actions()],
    }


def _start(message: Mapping[str, Any]) -> Message:
    hand = _new_hand(message, _profile(message), 1)
    _STEPPED[:] = [hand]
    return _step_state(hand)


def _apply(message: Mapping[str, Any]) -> Message:
    hand = _stepped()
    text = _field(message, "action", str)
    try:
        hand.apply(_parsed_action(text))
    except IllegalActionError as error:
        return {"accepted": False, "reason": _short(error), "rule": error.rule_id, **_step_state(hand)}
    return {"accepted": True, **_step_state(hand)}


def _result(message: Mapping[str, Any]) -> Message:
    hand = _stepped()
    return {
        "over": hand.phase is Phase.SCORED,
        "tricks": [{"winner": seat_name(t.winner), "points": t.points} for t in hand.tricks],
        "outcome": None if hand.outcome is None else _outcome(hand.outcome),
    }


_HANDLERS: dict[str, Callable[[Mapping[str, Any]], Message]] = {
    "hello": _hello,
    "replay": _replay,
    "session": _session,
    "trick-winner": _trick_winner,
    "legal-plays": _legal_plays,
    "callable-cards": _callable_cards,
    "score": _score,
    "card-points": _card_points,
    "start": _start,
    "apply": _apply,
    "result": _result,
}


def _error(request_id: int | None, code: str, message: str) -> Message:
    return {"id": request_id, "error": {"code": code, "message": message}}


def handle_request(message: dict[str, Any]) -> dict[str, Any]:
    """The reply to one request message.

    ``shutdown`` has no reply: the serving loop (``python -m reference_impl``) ends on it, and
    this function answers it with an ``invalid-request`` error.

    :param message: a decoded request, e.g. ``{"id": 1, "type": "card-points", "cards": ["QC"]}``.
    :return: the reply: the request's ``id`` and the result fields, or ``id`` and ``error``.
    """
    if not isinstance(message, dict):
        return _error(None, "invalid-request", f"a request must be a JSON object, not {type(message).__name__}")
    request_id = message.get("id")
    if not isinstance(request_id, int) or isinstance(request_id, bool) or request_id < 0:
        return _error(None, "invalid-request", f"a request needs a non-negative integer id, not {request_id!r}")
    kind = message.get("type")
    if kind == "shutdown":
        return _error(request_id, "invalid-request", "shutdown has no reply; the serving loop ends the connection")
    handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        return _error(request_id, "unsupported", f"unknown request type {kind!r}")
    try:
        return {"id": request_id, **handler(message)}
    except (_BadRequest, SheepsheadError) as error:
        return _error(request_id, "invalid-request", str(error))
    except Exception as error:  # a bug in the engine: still a reply, never a crash
        return _error(request_id, "internal", f"{type(error).__name__}: {error}")
