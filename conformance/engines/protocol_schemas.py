"""The JSON Schemas of the engine protocol (``spec/schema/protocol/``) and validation against them.

Each message kind has one schema file, ``<kind>-request.schema.json`` or
``<kind>-response.schema.json`` (plus ``error-response`` and ``envelope``); they refer to each
other by ``$id``, all under :data:`SCHEMA_BASE`.

>>> problems_in("card-points-request", {"id": 3, "type": "card-points", "cards": ["QC", "10D"]})
["cards[1]: '10D' does not match '^[AKQJT987][CSHD]$'"]
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, relevance
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from sheepshead_spec import format_path, package_dir
from sheepshead_spec.schema_validator import StrictValidator

from conformance.engines.fast_schema import Check, compile_schema

__all__ = ["SCHEMA_BASE", "problems_in", "schema_dir", "schema_names", "load_schema"]

SCHEMA_BASE = "https://sheepshead-conformance.example/schema/protocol/"
"""The ``$id`` prefix of every protocol schema."""

_SUFFIX = ".schema.json"
_MAX_PROBLEMS = 3


def schema_dir() -> Path:
    """The folder holding the protocol schemas (``spec/schema/protocol`` in a checkout)."""
    return package_dir() / "schema" / "protocol"


def schema_names() -> list[str]:
    """The names of the protocol schemas, e.g. ``replay-request`` (file name without suffix)."""
    return sorted(path.name.removesuffix(_SUFFIX) for path in schema_dir().glob("*" + _SUFFIX))


@functools.cache
def load_schema(name: str) -> dict[str, Any]:
    """The schema ``<name>.schema.json`` as data.

    :raises FileNotFoundError: there is no such schema.
    """
    data: dict[str, Any] = json.loads((schema_dir() / (name + _SUFFIX)).read_text(encoding="utf-8"))
    return data


@functools.cache
def _registry() -> Registry[Any]:
    resources = [
        (schema["$id"], Resource.from_contents(schema, default_specification=DRAFT202012))
        for schema in (load_schema(name) for name in schema_names())
    ]
    return Registry().with_resources(resources)


@functools.cache
def _validator(name: str) -> Draft202012Validator:
    validator: Draft202012Validator = StrictValidator(load_schema(name), registry=_registry())
    return validator


@functools.cache
def _fast(name: str) -> Check:
    documents = {load_schema(other)["$id"]: load_schema(other) for other in schema_names()}
    return compile_schema(load_schema(name), documents)


def _describe(error: ValidationError) -> str:
    # A failed oneOf says only "not valid under any of the given schemas": show the closest branch.
    while error.context:
        error = min(error.context, key=relevance)
    where = format_path(list(error.absolute_path))
    reason = error.message
    if error.validator in ("additionalProperties", "unevaluatedProperties") and isinstance(error.instance, dict):
        unexpected = _unexpected_keys(error.instance, error.schema if isinstance(error.schema, dict) else {})
        if unexpected:
            reason = f"unexpected field{'s' if len(unexpected) > 1 else ''} {', '.join(map(repr, unexpected))}"
    return f"{where}: {reason}" if where else reason


def _unexpected_keys(instance: dict[str, Any], schema: dict[str, Any]) -> list[str]:
    """The keys a closed object schema does not allow (its properties and patterns aside)."""
    if "$ref" in schema:  # a closed $ref'd definition: its properties are the ones named there
        return []
    allowed = set(schema.get("properties", {}))
    patterns = [re.compile(pattern) for pattern in schema.get("patternProperties", {})]
    return [key for key in instance if key not in allowed and not any(p.search(key) for p in patterns)]


def _shallow_first(error: ValidationError) -> tuple[int, bool]:
    return len(error.absolute_path), error.validator in ("anyOf", "oneOf")


def problems_in(name: str, message: Mapping[str, Any]) -> list[str]:
    """What is wrong with ``message`` according to schema ``name`` (empty when it is valid).

    At most three problems are listed, the most relevant first, each as ``path: reason``. A valid
    message is recognised by a compiled check first (:mod:`conformance.engines.fast_schema`);
    only a message it does not accept is validated by :mod:`jsonschema`, which decides.
    """
    if _fast(name)(message):
        return []
    errors = sorted(_validator(name).iter_errors(message), key=_shallow_first)
    problems = [_describe(error) for error in errors[:_MAX_PROBLEMS]]
    if len(errors) > _MAX_PROBLEMS:
        problems.append(f"and {len(errors) - _MAX_PROBLEMS} more")
    return problems
