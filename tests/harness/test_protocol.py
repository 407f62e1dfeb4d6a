"""The protocol schemas and the codec: messages carry exactly the adapter dataclasses, replies
that break the protocol are refused naming the request, and error replies map to outcomes."""

from __future__ import annotations

import dataclasses
import doctest
import importlib
import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from conformance.adapter import (
    AdapterError,
    CallableCardsResponse,
    Capability,
    CardPointsRequest,
    Deal,
    EngineInfo,
    HandOutcome,
    Rejection,
    ReplayRequest,
    ReplayResponse,
    ScoreResponse,
    SessionResponse,
    TrickRecord,
    TrickWinnerRequest,
    Unsupported,
)
from conformance.engines.protocol import (
    PROTOCOL_VERSION,
    REQUEST_KINDS,
    ProtocolError,
    action_key,
    decode_hello,
    decode_reply,
    encode_request,
    hello_message,
    kind_of,
    shutdown_message,
)
from conformance.engines.protocol_adapter import ProtocolAdapter
from conformance.engines.protocol_schemas import SCHEMA_BASE, load_schema, problems_in, schema_names
from conformance.engines.reference import ReferenceAdapter
from reference_impl.server import handle_request
from tests.harness.samples import options, sample_requests

SAMPLES = sample_requests()
KINDS = sorted(set(REQUEST_KINDS.values()))
STANDARD = options("standard")


def _sample_ids() -> list[str]:
    return [name for name, _ in SAMPLES]


# --------------------------------------------------------------------------- the schemas


def test_there_is_one_schema_per_message_and_an_envelope() -> None:
    expected = {"envelope", "error-response", "hello-request", "hello-response", "shutdown-request"}
    expected |= {f"{kind}-{side}" for kind in KINDS for side in ("request", "response")}
    assert set(schema_names()) == expected


@pytest.mark.parametrize("name", schema_names())
def test_each_schema_is_draft_2020_12_with_its_id(name: str) -> None:
    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"{SCHEMA_BASE}{name}.schema.json"
    assert schema["title"] and schema["description"]


def _undescribed(node: Any, path: str) -> list[str]:
    """Paths of properties and definitions below ``node`` that lack a description."""
    missing: list[str] = []
    if isinstance(node, dict):
        for group in ("properties", "$defs", "patternProperties"):
            for key, sub in node.get(group, {}).items():
                if not isinstance(sub, dict) or not sub.get("description"):
                    missing.append(f"{path}/{group}/{key}")
        for key, sub in node.items():
            missing += _undescribed(sub, f"{path}/{key}")
    elif isinstance(node, list):
        for index, sub in enumerate(node):
            missing += _undescribed(sub, f"{path}/{index}")
    return missing


@pytest.mark.parametrize("name", schema_names())
def test_every_message_property_and_definition_has_a_description(name: str) -> None:
    assert _undescribed(load_schema(name), name) == []


def _fields(cls: type) -> set[str]:
    return {field.name for field in dataclasses.fields(cls)}


def _properties(name: str, pointer: str = "") -> set[str]:
    node: Any = load_schema(name)
    for part in [p for p in pointer.split("/") if p]:
        node = node[part]
    return set(node["properties"])


@pytest.mark.parametrize(
    ("cls", "schema", "pointer", "extra"),
    [
        (ReplayResponse, "envelope", "$defs/hand-result", set()),
        (Rejection, "envelope", "$defs/rejection", set()),
        (TrickRecord, "envelope", "$defs/trick", set()),
        (HandOutcome, "envelope", "$defs/outcome", set()),
        (Deal, "envelope", "$defs/deal", set()),
        (SessionResponse, "session-response", "", {"id"}),
        (CallableCardsResponse, "callable-cards-response", "", {"id"}),
        (ScoreResponse, "score-response", "", {"id"}),
        (EngineInfo, "hello-response", "", {"id", "protocol"}),
    ],
)
def test_reply_fields_are_the_dataclass_fields(cls: type, schema: str, pointer: str, extra: set[str]) -> None:
    assert _properties(schema, pointer) == _fields(cls) | extra


@pytest.mark.parametrize("cls", list(REQUEST_KINDS))
def test_request_fields_are_the_dataclass_fields(cls: type) -> None:
    per_hand = {"tie_breaks"} if cls.__name__ == "SessionRequest" else set()  # sent inside each hand, as tie_break
    assert _properties(f"{REQUEST_KINDS[cls]}-request") == (_fields(cls) - per_hand) | {"id", "type"}


def test_capability_names_in_the_schema_are_the_capability_enum() -> None:
    assert load_schema("envelope")["$defs"]["capability"]["enum"] == [c.value for c in Capability]


# --------------------------------------------------------------------------- encoding


@pytest.mark.parametrize(("name", "request_"), SAMPLES, ids=_sample_ids())
def test_every_request_encodes_to_a_valid_message(name: str, request_: Any) -> None:
    message = encode_request(41, request_, validate=True)
    assert message["id"] == 41 and message["type"] == kind_of(request_)
    assert json.loads(json.dumps(message)) == message  # plain JSON data
    assert problems_in("envelope", message) == []


def test_called_suit_led_is_sent_only_when_true() -> None:
    """PROTOCOL.md 5.4: a trick-winner request carries ``called_suit_led`` only when it is true, so
    the requests of an engine written before the field are unchanged."""
    plain = encode_request(1, TrickWinnerRequest(STANDARD, ("AH", "TH"), called="TH"), validate=True)
    assert "called_suit_led" not in plain
    led = encode_request(
        2, TrickWinnerRequest(STANDARD, ("AH", "TH"), called="TH", called_suit_led=True), validate=True
    )
    assert led["called_suit_led"] is True
    assert problems_in("trick-winner-request", {**plain, "called_suit_led": "yes"})


def test_the_handshake_and_shutdown_messages_are_valid() -> None:
    hello = hello_message("9.9.9")
    assert hello == {"id": 0, "type": "hello", "protocol": PROTOCOL_VERSION, "suite": "9.9.9"}
    assert problems_in("hello-request", hello) == []
    assert problems_in("shutdown-request", shutdown_message(12)) == []


def test_validation_refuses_a_request_with_a_short_play_naming_the_request() -> None:
    sample = dict(SAMPLES)["replay-rejected"]
    assert isinstance(sample, ReplayRequest)
    broken = dataclasses.replace(sample, actions=("S1 pass", "S1 QC"))
    with pytest.raises(ProtocolError) as caught:
        encode_request(17, broken, validate=True)
    assert caught.value.kind == "bad-request"
    assert str(caught.value).startswith("request 17: the harness built an invalid replay request")
    assert "actions[1]: 'S1 QC' does not match" in str(caught.value)
    assert encode_request(17, broken)["actions"] == ["S1 pass", "S1 QC"]  # not rewritten


def test_an_unknown_request_type_is_refused() -> None:
    with pytest.raises(TypeError, match="not a protocol request"):
        encode_request(1, "card-points")  # type: ignore[arg-type]


def test_action_key_ignores_the_order_of_buried_cards_only() -> None:
    assert action_key("S3 bury KH 7C") == action_key("S3 bury 7C KH")
    assert action_key("S3 call AS under 8D") != action_key("S3 call 8D under AS")


# --------------------------------------------------------------------------- decoding


@pytest.mark.parametrize(("name", "request_"), SAMPLES, ids=_sample_ids())
def test_every_reference_reply_is_valid_and_decodes(name: str, request_: Any) -> None:
    kind = kind_of(request_)
    reply = handle_request(encode_request(5, request_))
    assert problems_in(f"{kind}-response", reply) == []
    assert problems_in("envelope", reply) == []
    decode_reply(5, kind, reply, validate=True)


def test_decode_turns_every_reply_into_the_adapter_types() -> None:
    assert decode_reply(3, "trick-winner", {"id": 3, "winner": 2}) == 2
    assert decode_reply(3, "legal-plays", {"id": 3, "cards": ["AC"]}) == ("AC",)
    assert decode_reply(3, "callable-cards", {"id": 3, "calls": ["AH"]}) == CallableCardsResponse(("AH",), ())
    assert decode_reply(
        3, "score", {"id": 3, "kind": "win", "picker": 2, "partner": 1, "defender": -1}
    ) == ScoreResponse("win", 2, 1, -1, None)
    assert decode_reply(3, "replay", {"id": 3, "applied": 0, "x-ms": 4}) == ReplayResponse(applied=0)


@pytest.mark.parametrize(
    ("reply", "problem"),
    [
        ([1, 2], "request 8: the trick-winner reply is a JSON list, not an object"),
        ({"id": 9, "winner": 1}, "request 8: the trick-winner reply carries id 9, expected 8"),
        ({"winner": 1}, "request 8: the trick-winner reply carries id None, expected 8"),
        ({"id": 8, "winner": 7}, "request 8: invalid trick-winner reply: winner: 7 is greater than the maximum of 4"),
        (
            {"id": 8, "winer": 1},
            "request 8: invalid trick-winner reply: 'winner' is a required property; unexpected field 'winer'",
        ),
        ({"id": 8, "error": "boom"}, "request 8: invalid error reply: error: 'boom' is not of type 'object'"),
    ],
)
def test_a_reply_out_of_protocol_is_a_bad_reply_naming_the_request(reply: Any, problem: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        decode_reply(8, "trick-winner", reply)
    assert caught.value.kind == "bad-reply"
    assert caught.value.request_id == 8
    assert str(caught.value) == problem


def test_without_validation_a_broken_reply_is_still_a_bad_reply() -> None:
    with pytest.raises(ProtocolError, match=r"request 4: malformed replay reply: missing field 'applied'"):
        decode_reply(4, "replay", {"id": 4}, validate=False)
    with pytest.raises(ProtocolError, match=r"request 4: malformed legal-plays reply: expected a list of strings"):
        decode_reply(4, "legal-plays", {"id": 4, "cards": [1]}, validate=False)


def test_an_unsupported_error_reply_is_unsupported() -> None:
    reply = {"id": 6, "error": {"code": "unsupported", "message": "no leasters here"}}
    with pytest.raises(Unsupported, match="does not support this replay request: no leasters here"):
        decode_reply(6, "replay", reply)


def test_any_other_error_reply_is_an_engine_error_with_its_code() -> None:
    reply = {"id": 6, "error": {"code": "internal", "message": "lost the deck"}}
    with pytest.raises(AdapterError) as caught:
        decode_reply(6, "score", reply)
    assert caught.value.kind == "engine-error"
    assert str(caught.value) == "request 6 (score): the engine answered error 'internal': lost the deck"


def test_the_handshake_reply_gives_the_engine_info() -> None:
    version, info = decode_hello(handle_request(hello_message()))
    assert version == PROTOCOL_VERSION
    assert info.name == "sheepshead-reference"
    assert info.capabilities == frozenset(Capability)
    assert info.supports(STANDARD) == []


def test_a_handshake_in_another_version_is_returned_unchecked() -> None:
    version, info = decode_hello({"id": 0, "protocol": 2, "name": "future", "whatever": True})
    assert (version, info.name, info.capabilities) == (2, "future", frozenset())


def test_a_refused_handshake_is_a_protocol_version_error() -> None:
    with pytest.raises(AdapterError) as caught:
        decode_hello({"id": 0, "error": {"code": "unsupported", "message": "I speak 3"}})
    assert caught.value.kind == "protocol-version"
    assert "protocol version 1" in str(caught.value) and "I speak 3" in str(caught.value)


def test_a_handshake_with_an_unknown_capability_is_a_bad_reply() -> None:
    reply = handle_request(hello_message())
    reply["capabilities"] = ["replay", "telepathy"]
    with pytest.raises(
        ProtocolError, match=r"request 0: invalid hello reply: capabilities\[1\]: 'telepathy' is not one of"
    ):
        decode_hello(reply)


# --------------------------------------------------------------------------- adapters made of messages


class _CardPointsOnly(ProtocolAdapter):
    """Declares only card-points; any exchange of another kind would be a harness bug."""

    def __init__(self) -> None:
        super().__init__(validate=True)
        self.sent: list[dict[str, Any]] = []

    def info(self) -> EngineInfo:
        return EngineInfo("mini", "1", frozenset({Capability.CARD_POINTS}), {})

    def _exchange(self, request_id: int, kind: str, message: dict[str, Any]) -> Any:
        self.sent.append(message)
        return handle_request(message)


def test_a_request_of_an_undeclared_capability_is_unsupported_and_never_sent() -> None:
    adapter = _CardPointsOnly()
    with pytest.raises(Unsupported, match="does not declare capability 'trick-winner'"):
        adapter.trick_winner(TrickWinnerRequest(STANDARD, ("AH", "TH")))
    assert adapter.card_points(CardPointsRequest(("AH",))) == 11
    assert [message["type"] for message in adapter.sent] == ["card-points"]
    assert [message["id"] for message in adapter.sent] == [1]


@pytest.mark.parametrize(("name", "request_"), SAMPLES, ids=_sample_ids())
def test_the_reference_adapter_answers_through_the_messages(name: str, request_: Any) -> None:
    adapter = ReferenceAdapter(validate=True)
    kind = kind_of(request_)
    answer = getattr(adapter, kind.replace("-", "_"))(request_)
    assert answer == decode_reply(1, kind, handle_request(encode_request(1, request_)))


@pytest.mark.parametrize(
    "module",
    [
        "conformance.engines.protocol",
        "conformance.engines.protocol_schemas",
        "conformance.engines.reference",
        "reference_impl.server",
        "tests.harness.fakes",
    ],
)
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
