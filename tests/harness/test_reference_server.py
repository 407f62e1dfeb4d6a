"""The reference engine's protocol server: bad input gives structured error replies, never a
crash; ``python -m reference_impl`` writes replies only; it knows nothing of ``conformance``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.engines.protocol import encode_request
from reference_impl.__main__ import serve
from reference_impl.server import handle_request
from sheepshead_spec import load_spec
from tests.harness.samples import options, sample_requests

SAMPLES = dict(sample_requests())
STANDARD = options("standard")


def _message(name: str, **changes: Any) -> dict[str, Any]:
    message = encode_request(3, SAMPLES[name])
    message.update(changes)
    return message


def _error(reply: dict[str, Any]) -> tuple[str, str]:
    assert set(reply) == {"id", "error"}, reply
    return reply["error"]["code"], reply["error"]["message"]


@pytest.mark.parametrize(
    ("message", "code", "words"),
    [
        (_message("card-points", cards=["ZZ"]), "invalid-request", "unknown card code 'ZZ'"),
        (_message("card-points", cards="QC"), "invalid-request", "field 'cards' has the wrong type"),
        (
            _message("trick-winner", options={**STANDARD, "void-play": "sometimes"}),
            "invalid-request",
            "unknown option 'sometimes'",
        ),
        (
            _message("trick-winner", options={**STANDARD, "colour": "red"}),
            "invalid-request",
            "unknown variant axis 'colour'",
        ),
        (
            _message("replay-rejected", actions=["S1 pass", "S2 dance a jig"]),
            "invalid-request",
            "actions[1]: malformed action 'S2 dance a jig'",
        ),
        (_message("replay-rejected", actions=["S7 pass"]), "invalid-request", "unknown seat 'S7'"),
        (_message("replay-rejected", stakes=None), "invalid-request", "field 'stakes' has the wrong type"),
        (_message("replay-rejected", deal={"dealer": "S5"}), "invalid-request", "missing field 'hands'"),
        (_message("legal-plays-follow", role="kibitzer"), "invalid-request", "unknown role 'kibitzer'"),
        (
            _message("trick-winner-called-suit-led", called_suit_led="yes"),
            "invalid-request",
            "field 'called_suit_led' has the wrong type",
        ),
        (_message("score-win", bury_points=99), "invalid-request", "out of range"),
        (_message("session-two-hands", hands=[]), "invalid-request", "non-empty list"),
        ({"id": 5, "type": "teleport"}, "unsupported", "unknown request type 'teleport'"),
        ({"id": 5, "type": "shutdown"}, "invalid-request", "shutdown has no reply"),
    ],
)
def test_bad_input_gives_an_error_reply(message: dict[str, Any], code: str, words: str) -> None:
    reply = handle_request(message)
    assert reply["id"] == message["id"]
    got_code, text = _error(reply)
    assert (got_code, words in text) == (code, True), text


def test_a_repeated_card_in_the_deal_is_invalid() -> None:
    message = _message("replay-rejected")
    message["deal"]["hands"]["S1"][0] = message["deal"]["hands"]["S2"][0]
    code, text = _error(handle_request(message))
    assert code == "invalid-request" and "repeats a card" in text


@pytest.mark.parametrize("message", [[1, 2], "hello", {"type": "hello"}, {"id": -1, "type": "hello"}, {"id": True}])
def test_a_message_without_a_readable_id_gets_an_error_with_a_null_id(message: Any) -> None:
    reply = handle_request(message)
    assert reply["id"] is None and reply["error"]["code"] == "invalid-request"


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.sampled_from(["QC", "S1 pass", "AH", "S9", "", "ZZ"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["id", "cards", "hand", "deal", "options", "x"]), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(
    kind=st.sampled_from(
        ["replay", "session", "trick-winner", "legal-plays", "callable-cards", "score", "card-points", "hello"]
    ),
    fields=st.dictionaries(
        st.sampled_from(
            [
                "options",
                "cards",
                "hand",
                "trick",
                "deal",
                "actions",
                "stakes",
                "hands",
                "called",
                "role",
                "trick_number",
                "protocol",
            ]
        ),
        _JSON,
        max_size=6,
    ),
)
def test_the_server_answers_any_junk_with_a_reply(kind: str, fields: dict[str, Any]) -> None:
    reply = handle_request({"id": 9, "type": kind, **fields})
    assert reply["id"] == 9
    json.dumps(reply)  # always plain JSON
    if "error" in reply:
        assert reply["error"]["code"] in ("invalid-request", "unsupported"), reply


def test_the_handshake_offers_every_option_of_the_spec() -> None:
    reply = handle_request({"id": 0, "type": "hello", "protocol": 1, "suite": "x"})
    spec = load_spec()
    offered = {axis: set(options) for axis, options in reply["options"].items()}
    assert offered == {axis.id: {option.id for option in axis.options} for axis in spec.axes}
    assert reply["protocol"] == 1 and reply["name"] == "sheepshead-reference"


def test_the_handshake_answers_another_version_with_its_own() -> None:
    assert handle_request({"id": 0, "type": "hello", "protocol": 7, "suite": "x"})["protocol"] == 1


def test_the_serving_loop_answers_each_line_and_stops_at_shutdown() -> None:
    lines = [
        b'{"id":0,"type":"hello","protocol":1,"suite":"t"}',
        b"",
        b"not json",
        b'{"id":1,"type":"card-points","cards":["AS"]}',
        b'{"id":2,"type":"shutdown"}',
        b'{"id":3,"type":"card-points","cards":["AS"]}',
    ]
    out = io.BytesIO()
    assert serve(io.BytesIO(b"\n".join(lines) + b"\n"), out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [reply["id"] for reply in replies] == [0, None, 1]
    assert replies[1]["error"]["code"] == "invalid-request"
    assert replies[2] == {"id": 1, "points": 11}


def test_the_serving_loop_ends_at_the_end_of_input() -> None:
    out = io.BytesIO()
    assert serve(io.BytesIO(b'{"id":1,"type":"card-points","cards":[]}'), out) == 0
    assert out.getvalue() == b'{"id":1,"points":0}\n'


def test_python_m_reference_impl_writes_replies_only_and_exits_cleanly() -> None:
    requests = b'{"id":0,"type":"hello","protocol":1,"suite":"t"}\n{"id":1,"type":"card-points","cards":["TD"]}\n'
    done = subprocess.run(
        [sys.executable, "-m", "reference_impl"], input=requests, capture_output=True, timeout=30, check=False
    )
    assert done.returncode == 0 and done.stderr == b""
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [reply["id"] for reply in replies] == [0, 1] and replies[1]["points"] == 10


def test_the_reference_engine_imports_nothing_from_conformance() -> None:
    code = "import sys, reference_impl.server, reference_impl.__main__; print(sorted(m for m in sys.modules if m.split('.')[0] == 'conformance'))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30, check=True)
    assert done.stdout.strip() == "[]"


def test_called_suit_led_decides_a_called_ten_under_until_led_and_absent_means_not_led() -> None:
    """PROTOCOL.md 5.4: 9H TH AH with TH called under until-led: after an earlier heart lead AH
    (index 2) wins; on hearts' first lead, the field left out, TH (index 1)."""
    led = _message("trick-winner-called-suit-led")
    assert handle_request(led) == {"id": 3, "winner": 2}
    first = {key: value for key, value in led.items() if key != "called_suit_led"}
    assert handle_request(first) == {"id": 3, "winner": 1}
    assert handle_request({**led, "called_suit_led": False}) == {"id": 3, "winner": 1}


def test_an_axis_left_out_of_the_options_is_its_default() -> None:
    """PROTOCOL.md 4.2: the harness sends an engine only the axes its handshake names."""
    full = handle_request(_message("trick-winner"))
    partial = handle_request({**_message("trick-winner"), "options": {"void-play": "free"}})
    assert "error" not in partial and partial == full
