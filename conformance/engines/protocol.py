"""The JSON messages of the engine protocol (``spec/PROTOCOL.md``), to and from the adapter types.

:func:`encode_request` turns a request dataclass of :mod:`conformance.adapter` into the message
the engine receives; :func:`decode_reply` turns the engine's reply back into the response type
of the matching :class:`~conformance.adapter.Adapter` method. Both adapters use them: the
in-process :class:`~conformance.engines.reference.ReferenceAdapter` and the
:class:`~conformance.engines.subprocess_adapter.SubprocessAdapter`, so the default path exercises the
very messages a subprocess engine sees.

A reply that breaks the protocol raises :class:`ProtocolError` (an :class:`AdapterError` of
kind ``bad-reply``) naming the request id and what is wrong (with validation on, an invalid
request the harness built raises one of kind ``bad-request``); an error reply raises
:class:`~conformance.adapter.Unsupported` (code ``unsupported``) or an :class:`AdapterError` of
kind ``engine-error`` (any other code).

>>> from conformance.adapter import CardPointsRequest
>>> encode_request(7, CardPointsRequest(cards=("QC", "TD")))
{'id': 7, 'type': 'card-points', 'cards': ['QC', 'TD']}
>>> decode_reply(7, "card-points", {"id": 7, "points": 13})
13
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from importlib import metadata
from typing import Any, Final

from conformance.adapter import (
    AdapterError,
    CallableCardsRequest,
    CallableCardsResponse,
    Capability,
    CardPointsRequest,
    Deal,
    EngineInfo,
    HandOutcome,
    LegalPlaysRequest,
    Rejection,
    ReplayRequest,
    ReplayResponse,
    ScoreRequest,
    ScoreResponse,
    SessionRequest,
    SessionResponse,
    TrickRecord,
    TrickWinnerRequest,
    Unsupported,
    action_key,
)
from conformance.engines.protocol_schemas import problems_in
from conformance.kit.steps import ApplyRequest, ResultRequest, StartRequest, Step, StepResult, StepState, StepTrick

__all__ = [
    "PROTOCOL_VERSION",
    "REQUEST_KINDS",
    "Request",
    "ProtocolError",
    "VALIDATE_ENV",
    "action_key",
    "capability_of",
    "decode_hello",
    "decode_reply",
    "encode_request",
    "withhold_dealt_cards",
    "hello_message",
    "kind_of",
    "shutdown_message",
    "suite_version",
    "validation_default",
]

PROTOCOL_VERSION: Final = 1
"""The protocol version this harness speaks (``hello.protocol``)."""

VALIDATE_ENV: Final = "SHEEPSHEAD_PROTOCOL_VALIDATE"
"""Environment variable: ``1`` switches on schema validation of all live traffic by default."""

Request = (
    ReplayRequest
    | SessionRequest
    | TrickWinnerRequest
    | LegalPlaysRequest
    | CallableCardsRequest
    | ScoreRequest
    | CardPointsRequest
    | StartRequest
    | ApplyRequest
    | ResultRequest
)
"""Any request an adapter can be asked."""

REQUEST_KINDS: Final[dict[type, str]] = {
    ReplayRequest: "replay",
    SessionRequest: "session",
    TrickWinnerRequest: "trick-winner",
    LegalPlaysRequest: "legal-plays",
    CallableCardsRequest: "callable-cards",
    ScoreRequest: "score",
    CardPointsRequest: "card-points",
    StartRequest: "start",
    ApplyRequest: "apply",
    ResultRequest: "result",
}
"""Request dataclass -> the message ``type`` (also its capability's name, but for the step messages)."""

_STEP_KINDS = frozenset({"start", "apply", "result"})
"""The message kinds of capability ``steps``."""


class ProtocolError(AdapterError):
    """A message that breaks the protocol: kind ``bad-reply`` for the engine's reply, or
    ``bad-request`` for a request the harness built (found with validation on: a harness bug)."""

    def __init__(self, request_id: int | None, problem: str, *, detail: str = "", kind: str = "bad-reply") -> None:
        super().__init__(kind, f"request {request_id}: {problem}", detail=detail)
        self.request_id = request_id
        self.problem = problem


def validation_default() -> bool:
    """Whether live traffic is validated when an adapter is not told (``$SHEEPSHEAD_PROTOCOL_VALIDATE``)."""
    return os.environ.get(VALIDATE_ENV, "").strip().lower() in ("1", "true", "yes", "on")


def suite_version() -> str:
    """The version of the installed suite (``hello.suite``)."""
    try:
        return metadata.version("sheepshead-conformance")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def kind_of(request: Request) -> str:
    """The message ``type`` of a request dataclass, e.g. ``trick-winner``.

    :raises TypeError: not a request dataclass.
    """
    try:
        return REQUEST_KINDS[type(request)]
    except KeyError:
        raise TypeError(f"not a protocol request: {request!r}") from None


def capability_of(kind: str) -> Capability:
    """The capability a request kind belongs to (each kind is named after its capability, but
    ``start``, ``apply`` and ``result``, which are ``steps``)."""
    return Capability.STEPS if kind in _STEP_KINDS else Capability(kind)


# --------------------------------------------------------------------------- requests


def hello_message(suite: str | None = None) -> dict[str, Any]:
    """The handshake request (always id 0)."""
    return {"id": 0, "type": "hello", "protocol": PROTOCOL_VERSION, "suite": suite or suite_version()}


def shutdown_message(request_id: int) -> dict[str, Any]:
    """The request that ends a connection (the engine does not reply)."""
    return {"id": request_id, "type": "shutdown"}


def _deal(deal: Deal) -> dict[str, Any]:
    return {
        "dealer": deal.dealer,
        "hands": {seat: list(cards) for seat, cards in deal.hands.items()},
        "blind": list(deal.blind),
        "deck": None if deal.deck is None else list(deal.deck),
    }


def withhold_dealt_cards(message: dict[str, Any]) -> dict[str, Any]:
    """For an engine with capability ``deal-from-deck``: null the ``hands`` and ``blind`` of
    every deal that gives a ``deck``, so that the engine must deal the pack itself."""
    deals = [message.get("deal")] + [hand.get("deal") for hand in message.get("hands") or [] if isinstance(hand, dict)]
    for deal in deals:
        if isinstance(deal, dict) and deal.get("deck") is not None:
            deal["hands"] = None
            deal["blind"] = None
    return message


def _tie_break(seat: str | None) -> dict[str, str]:
    """The optional ``tie_break`` field: sent only when a record states a draw, so an engine
    written before the field existed never sees it otherwise."""
    return {} if seat is None else {"tie_break": seat}


def _body(request: Request) -> dict[str, Any]:
    """The message fields of a request, every field present (null for none)."""
    if isinstance(request, StartRequest):
        return {"options": dict(request.options), "deal": _deal(request.deal), **_tie_break(request.tie_break)}
    if isinstance(request, ApplyRequest):
        return {"action": request.action}
    if isinstance(request, ResultRequest):
        return {}
    if isinstance(request, ReplayRequest):
        return {
            "options": dict(request.options),
            "deal": _deal(request.deal),
            "actions": list(request.actions),
            "stakes": request.stakes,
            **_tie_break(request.tie_break),
        }
    if isinstance(request, SessionRequest):
        draws = request.tie_breaks or (None,) * len(request.hands)
        return {
            "options": dict(request.options),
            "hands": [
                {"deal": _deal(deal), "actions": list(actions), **_tie_break(draw)}
                for (deal, actions), draw in zip(request.hands, draws, strict=True)
            ],
        }
    if isinstance(request, TrickWinnerRequest):
        body: dict[str, Any] = {
            "options": dict(request.options),
            "cards": list(request.cards),
            "called": request.called,
            "under": request.under,
        }
        if request.called_suit_led:  # optional: left out when false, as engines before it expect
            body["called_suit_led"] = True
        return body
    if isinstance(request, LegalPlaysRequest):
        return {
            "options": dict(request.options),
            "hand": list(request.hand),
            "trick": list(request.trick),
            "trick_number": request.trick_number,
            "role": request.role,
            "called": request.called,
            "under": request.under,
            "called_suit_led": request.called_suit_led,
        }
    if isinstance(request, CallableCardsRequest):
        return {"options": dict(request.options), "hand": list(request.hand), "buried": list(request.buried)}
    if isinstance(request, ScoreRequest):
        return {
            "options": dict(request.options),
            "picker_side_trick_points": request.picker_side_trick_points,
            "bury_points": request.bury_points,
            "picker_side_tricks": request.picker_side_tricks,
            "alone": request.alone,
            "stakes": request.stakes,
        }
    return {"cards": list(request.cards)}


def encode_request(request_id: int, request: Request, *, validate: bool = False) -> dict[str, Any]:
    """The message for ``request``, with id ``request_id``.

    :param validate: check the message against its schema (a harness self-check).
    :raises ProtocolError: with ``validate``, the message breaks its schema (a harness bug or a
        request built with non-canonical cards or action texts).
    """
    kind = kind_of(request)
    message = {"id": request_id, "type": kind, **_body(request)}
    if validate:
        problems = problems_in(f"{kind}-request", message)
        if problems:
            raise ProtocolError(
                request_id, f"the harness built an invalid {kind} request: {'; '.join(problems)}", kind="bad-request"
            )
    return message


# --------------------------------------------------------------------------- replies


def _check_reply(request_id: int, kind: str, reply: Any, *, validate: bool) -> Mapping[str, Any]:
    """The reply as a mapping once its id, error and (with ``validate``) schema are checked."""
    if not isinstance(reply, Mapping):
        raise ProtocolError(request_id, f"the {kind} reply is a JSON {type(reply).__name__}, not an object")
    if reply.get("id") != request_id:
        raise ProtocolError(request_id, f"the {kind} reply carries id {reply.get('id')!r}, expected {request_id}")
    if "error" in reply:
        _raise_error_reply(request_id, kind, reply, validate=validate)
    if validate:
        problems = problems_in(f"{kind}-response", reply)
        if problems:
            raise ProtocolError(request_id, f"invalid {kind} reply: {'; '.join(problems)}")
    return reply


def _raise_error_reply(request_id: int, kind: str, reply: Mapping[str, Any], *, validate: bool) -> None:
    if validate:
        problems = problems_in("error-response", reply)
        if problems:
            raise ProtocolError(request_id, f"invalid error reply: {'; '.join(problems)}")
    error = reply["error"]
    if not isinstance(error, Mapping):
        raise ProtocolError(request_id, "invalid error reply: error is not an object")
    code, message = error.get("code"), error.get("message", "")
    if code == "unsupported":
        raise Unsupported(f"the engine does not support this {kind} request: {message}")
    raise AdapterError("engine-error", f"request {request_id} ({kind}): the engine answered error {code!r}: {message}")


def decode_hello(reply: Any, *, validate: bool = True) -> tuple[int, EngineInfo]:
    """The protocol version and the :class:`EngineInfo` of a handshake reply.

    The version is returned, not checked: the caller compares it with :data:`PROTOCOL_VERSION`
    (an engine speaking another version answers in that version's terms, so a reply whose
    ``protocol`` differs is not checked further).

    :raises ProtocolError: the reply is not a handshake reply.
    :raises AdapterError: kind ``engine-error`` or ``protocol-version``, when the engine
        answered the handshake with an error reply.
    """
    if not isinstance(reply, Mapping):
        raise ProtocolError(0, f"the hello reply is a JSON {type(reply).__name__}, not an object")
    version = reply.get("protocol")
    if isinstance(version, int) and not isinstance(version, bool) and version != PROTOCOL_VERSION:
        return version, EngineInfo(str(reply.get("name", "?")), str(reply.get("version", "?")), frozenset(), {})
    error = reply.get("error")
    if reply.get("id") == 0 and isinstance(error, Mapping) and error.get("code") in ("unsupported", "protocol-version"):
        raise AdapterError(
            "protocol-version",
            f"the engine refused the handshake for protocol version {PROTOCOL_VERSION} "
            f"(error {error.get('code')!r}: {error.get('message', '')})",
        )
    try:
        checked = _check_reply(0, "hello", reply, validate=validate)
        hello: tuple[int, EngineInfo] = _converted(0, "hello", checked, _hello)
    except RecursionError:
        raise ProtocolError(0, "the hello reply is nested too deeply to be a protocol message") from None
    return hello


def _hello(reply: Mapping[str, Any]) -> tuple[int, EngineInfo]:
    known = {capability.value for capability in Capability}
    unknown = [name for name in reply["capabilities"] if name not in known]
    if unknown:
        raise ValueError(f"unknown capabilities {unknown}")
    info = EngineInfo(
        name=str(reply["name"]),
        version=str(reply["version"]),
        capabilities=frozenset(Capability(name) for name in reply["capabilities"]),
        options={axis: tuple(options) for axis, options in reply["options"].items()},
        homepage=reply.get("homepage"),
        unlisted={str(axis): str(note) for axis, note in (reply.get("unlisted") or {}).items()},
    )
    return int(reply["protocol"]), info


def _seat_map(values: Any) -> dict[str, int] | None:
    return None if values is None else {seat: int(value) for seat, value in values.items()}


def _trick(data: Mapping[str, Any]) -> TrickRecord:
    return TrickRecord(
        leader=data["leader"], cards=tuple(data["cards"]), winner=data["winner"], points=int(data["points"])
    )


def _outcome(data: Mapping[str, Any] | None) -> HandOutcome | None:
    if data is None:
        return None
    return HandOutcome(
        kind=data["kind"],
        scores=_seat_map(data["scores"]) or {},
        picker=data.get("picker"),
        partner=data.get("partner"),
        picker_side_points=data.get("picker_side_points"),
        picker_side_tricks=data.get("picker_side_tricks"),
        defender_points=data.get("defender_points"),
        defender_tricks=data.get("defender_tricks"),
        seat_points=_seat_map(data.get("seat_points")),
        seat_tricks=_seat_map(data.get("seat_tricks")),
        leaster_winner=data.get("leaster_winner"),
        leaster_tied=tuple(data["leaster_tied"]) if data.get("leaster_tied") else None,
    )


def _hand_result(data: Mapping[str, Any]) -> ReplayResponse:
    rejected = data.get("rejected")
    legal = data.get("legal")
    return ReplayResponse(
        applied=int(data["applied"]),
        rejected=None
        if rejected is None
        else Rejection(index=int(rejected["index"]), rule=rejected.get("rule"), message=rejected.get("message", "")),
        turn=data.get("turn"),
        phase=data.get("phase"),
        legal=None if legal is None else tuple(legal),
        tricks=tuple(_trick(trick) for trick in data.get("tricks") or ()),
        outcome=_outcome(data.get("outcome")),
        partner=data.get("partner"),
    )


def _session(data: Mapping[str, Any]) -> SessionResponse:
    return SessionResponse(
        hands=tuple(_hand_result(hand) for hand in data["hands"]),
        totals=_seat_map(data["totals"]) or {},
        rejected_hand=data.get("rejected_hand"),
        rule=data.get("rule"),
    )


def _strings(values: Sequence[Any]) -> tuple[str, ...]:
    if not all(isinstance(value, str) for value in values):
        raise ValueError(f"expected a list of strings, got {list(values)!r}")
    return tuple(values)


def _step_state(data: Mapping[str, Any]) -> StepState:
    legal = data.get("legal")
    accepted = bool(data.get("accepted", True))
    step = Step(accepted, "" if accepted else str(data.get("reason") or ""), None if accepted else data.get("rule"))
    return StepState(step, data.get("turn"), None if legal is None else _strings(legal))


def _step_result(data: Mapping[str, Any]) -> StepResult:
    tricks = tuple(StepTrick(trick.get("winner"), trick.get("points")) for trick in data.get("tricks") or ())
    return StepResult(tricks, data.get("over"), _outcome(data.get("outcome")))


_DECODERS: Final[dict[str, Any]] = {
    "start": _step_state,
    "apply": _step_state,
    "result": _step_result,
    "replay": _hand_result,
    "session": _session,
    "trick-winner": lambda data: int(data["winner"]),
    "legal-plays": lambda data: _strings(data["cards"]),
    "callable-cards": lambda data: CallableCardsResponse(
        calls=_strings(data["calls"]), under=_strings(data.get("under") or ())
    ),
    "score": lambda data: ScoreResponse(
        kind=data["kind"],
        picker=int(data["picker"]),
        partner=int(data["partner"]),
        defender=int(data["defender"]),
        picker_side_points=data.get("picker_side_points"),
    ),
    "card-points": lambda data: int(data["points"]),
}


def _converted(request_id: int, kind: str, reply: Mapping[str, Any], convert: Any) -> Any:
    """``convert(reply)``; a reply too broken to convert (without validation) is a bad reply."""
    try:
        return convert(reply)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        what = f"missing field {error}" if isinstance(error, KeyError) else str(error)
        raise ProtocolError(request_id, f"malformed {kind} reply: {what}") from None


def decode_reply(request_id: int, kind: str, reply: Any, *, validate: bool = True) -> Any:
    """The response value of the :class:`~conformance.adapter.Adapter` method for ``kind``.

    :param request_id: the id of the request; the reply must echo it.
    :param kind: the request's ``type`` (``replay``, ``trick-winner``, …).
    :param validate: check the reply against its schema (always on for subprocess engines).
    :return: :class:`ReplayResponse`, :class:`SessionResponse`, ``int`` (trick-winner,
        card-points), ``tuple[str, ...]`` (legal-plays), :class:`CallableCardsResponse` or
        :class:`ScoreResponse`.
    :raises ProtocolError: the reply breaks the protocol.
    :raises Unsupported: the engine answered the error ``unsupported``.
    :raises AdapterError: kind ``engine-error``: the engine answered another error.
    """
    try:
        checked = _check_reply(request_id, kind, reply, validate=validate)
        return _converted(request_id, kind, checked, _DECODERS[kind])
    except RecursionError:
        raise ProtocolError(request_id, f"the {kind} reply is nested too deeply to be a protocol message") from None
