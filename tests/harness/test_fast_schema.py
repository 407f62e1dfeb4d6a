"""The compiled protocol check (:mod:`conformance.engines.fast_schema`) never accepts what
JSON Schema rejects, and accepts the real traffic (else it would not make anything faster).

The traffic is every request and reply of the reference engine while the fixture cases run; the
mutations are seeded edits of those messages of the kinds a broken engine sends (a field left
out, added, retyped, a card misspelt, a number out of range, a duplicated list item).
"""

from __future__ import annotations

import copy
import random
from collections import defaultdict
from functools import cache
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import conformance.engines.reference as reference_module
from conformance.cases.catalog import suite_cases
from conformance.engines import protocol_schemas
from conformance.engines.reference import ReferenceAdapter
from conformance.judge.run import run_cases
from sheepshead_spec import load_spec

PER_KIND = 150


@cache
def _traffic() -> dict[str, list[Any]]:
    """Schema name -> messages the reference engine answered or was sent (at most PER_KIND each)."""
    seen: dict[str, list[Any]] = defaultdict(list)
    original = reference_module.handle_request

    def recording(message: Any) -> Any:
        reply = original(message)
        kind = message.get("type")
        for name, item in ((f"{kind}-request", message), (f"{kind}-response", reply)):
            if "error" in item:
                name = "error-response"
            if len(seen[name]) < PER_KIND:
                seen[name].append(copy.deepcopy(item))
        return reply

    cases = [case for case in suite_cases() if case.kind in ("fixture", "perft")][:60]
    cases += [case for case in suite_cases() if case.kind == "scenario"][::4]
    reference_module.handle_request = recording  # type: ignore[assignment]
    try:
        adapter = ReferenceAdapter()
        spec = load_spec()
        run_cases(cases, adapter, adapter.info(), spec, [p.id for p in spec.profiles], probes=False)
    finally:
        reference_module.handle_request = original  # type: ignore[assignment]
    return dict(seen)


def _validator(name: str) -> Draft202012Validator:
    return protocol_schemas._validator(name)


def _mutations(message: Any, rng: random.Random) -> list[Any]:
    """Edits of ``message``: one change each, at a random depth."""
    out = []
    paths: list[list[Any]] = []

    def walk(node: Any, path: list[Any]) -> None:
        paths.append(path)
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, [*path, key])
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, [*path, index])

    walk(message, [])
    replacements = [None, 1, -1, 7, 1.5, True, "", "10D", "S6", "x", [], {}, ["QC", "QC"], {"x-note": 1}, 10**20]
    for path in rng.sample(paths, min(len(paths), 12)):
        for replacement in rng.sample(replacements, 4):
            edited = copy.deepcopy(message)
            if not path:
                out.append(replacement)
                continue
            parent = edited
            for part in path[:-1]:
                parent = parent[part]
            parent[path[-1]] = replacement
            out.append(edited)
        edited = copy.deepcopy(message)
        parent = edited
        for part in path[:-1]:
            parent = parent[part]
        if path and isinstance(parent, dict):
            del parent[path[-1]]
            out.append(edited)
        if path and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[path[-1]]))
            out.append(edited)
        target = edited if not path else parent
        if isinstance(target, dict):
            extra = copy.deepcopy(message)
            node = extra
            for part in path[:-1]:
                node = node[part]
            if isinstance(node, dict):
                node["unexpected"] = 1
                out.append(extra)
    return out


def test_the_real_traffic_is_recorded_for_the_hot_kinds() -> None:
    traffic = _traffic()
    for name in ("replay-request", "replay-response", "legal-plays-response", "trick-winner-response"):
        assert traffic.get(name), name


@pytest.mark.parametrize("name", protocol_schemas.schema_names())
def test_the_compiled_check_accepts_valid_traffic_and_never_accepts_an_invalid_message(name: str) -> None:
    messages = _traffic().get(name, [])
    fast = protocol_schemas._fast(name)
    exact = _validator(name)
    for message in messages:
        assert exact.is_valid(message), (name, message)
        assert fast(message), (name, message)  # else the compiled check speeds nothing up
    rng = random.Random(f"fast-schema:{name}")
    rejected = 0
    for message in messages[:15]:
        for mutated in _mutations(message, rng):
            if fast(mutated):
                assert exact.is_valid(mutated), (name, mutated)
            elif not exact.is_valid(mutated):
                rejected += 1
    assert not messages or rejected > 0, name


def test_a_keyword_it_does_not_implement_leaves_the_answer_to_jsonschema() -> None:
    from conformance.engines.fast_schema import compile_schema

    schema = {"$id": "https://x.example/s.json", "not": {"type": "string"}}
    assert compile_schema(schema, {schema["$id"]: schema})(3) is False  # jsonschema would say valid
    one_of = {"$id": "https://x.example/o.json", "oneOf": [{"type": "integer"}, {"type": "number"}]}
    assert compile_schema(one_of, {one_of["$id"]: one_of})(1.5) is False
    integer = {"$id": "https://x.example/i.json", "type": "integer", "const": 1}
    check = compile_schema(integer, {integer["$id"]: integer})
    assert check(1) and not check(True) and not check(1.0)  # 1.0 (an integer to JSON Schema) is left to it
    unique = {"$id": "https://x.example/u.json", "uniqueItems": True}
    check = compile_schema(unique, {unique["$id"]: unique})
    assert not check([1, 1.0]) and check([1, True]) and not check([{"a": 1}, {"a": 1.0}])
