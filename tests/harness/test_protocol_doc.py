"""``spec/PROTOCOL.md`` cannot drift: its examples validate and are the reference engine's real
answers, and its schema excerpts equal the schema files."""

from __future__ import annotations

import pytest

from conformance.engines.protocol_schemas import problems_in, schema_names
from reference_impl.server import handle_request
from tests.harness.protocol_doc import DOC, Block, blocks, render_excerpts

TEXT = DOC.read_text(encoding="utf-8")
BLOCKS = blocks(TEXT)
EXAMPLES = [block for block in BLOCKS if block.kind == "example"]


def _id(block: Block) -> str:
    return f"line {block.line}: {block.target}"


def test_the_document_has_examples_and_excerpts() -> None:
    assert len(EXAMPLES) >= 19
    assert any(block.kind == "excerpt" for block in BLOCKS)
    assert TEXT.count("```json") == len(BLOCKS), "every JSON block must be marked example= or excerpt="


@pytest.mark.parametrize("block", EXAMPLES, ids=_id)
def test_each_example_validates_against_its_schema(block: Block) -> None:
    assert block.target in schema_names()
    assert problems_in(block.target, block.message) == []
    assert problems_in("envelope", block.message) == []


def test_every_message_kind_has_an_example() -> None:
    shown = {block.target for block in EXAMPLES}
    assert shown == set(schema_names()) - {"envelope"}


def test_the_schema_excerpts_equal_the_schema_files() -> None:
    assert render_excerpts(TEXT) == TEXT, "run: python -m tests.harness.protocol_doc"


def test_the_example_replies_are_the_reference_engines_answers() -> None:
    requests = {b.message["id"]: b.message for b in EXAMPLES if b.target.endswith("-request")}
    replies = {
        b.message["id"]: b.message for b in EXAMPLES if b.target.endswith("-response") and "error" not in b.message
    }
    checked = 0
    for request_id, reply in replies.items():
        if request_id == 0:
            continue  # the handshake example is a made-up engine, as the document says
        assert handle_request(requests[request_id]) == reply, f"example reply {request_id}"
        checked += 1
    assert checked == 12  # nine queries and replays, and the three step messages in order


def test_example_ids_are_unique_per_direction() -> None:
    for side in ("-request", "-response"):
        ids = [b.message["id"] for b in EXAMPLES if b.target.endswith(side) and b.message["id"] is not None]
        assert len(ids) == len(set(ids)), side
