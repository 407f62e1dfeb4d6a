"""The JSON Schema validator behind :func:`sheepshead_spec.schemas.validate_document` (jsonschema,
Draft 2020-12 with patterns anchored as JSON Schema means them), and its problems by line.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import SchemaError, ValidationError
from jsonschema.protocols import Validator
from jsonschema.validators import validator_for
from referencing import Registry, Resource
from referencing.exceptions import NoSuchResource, Unresolvable
from referencing.jsonschema import DRAFT202012

from .problems import PathPart, Problem, format_path
from .schemas import read_json, ecma_pattern
from .yamldoc import YamlDocument, display_path

__all__ = ["StrictValidator", "validate"]

_BOOL_HINT = "; YAML reads unquoted yes/no/on/off/true/false as booleans, so quote it"


def _retrieve(uri: str) -> Resource:
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        raise NoSuchResource(uri)
    try:
        contents = read_json(Path(unquote(parsed.path)))
    except (OSError, ValueError) as error:
        raise NoSuchResource(uri) from error
    return Resource.from_contents(contents, default_specification=DRAFT202012)


def _registry(schema_dir: Path) -> Registry[Any]:
    """Every ``*.json`` below ``schema_dir``, by ``$id`` and by file URI."""
    resources: list[tuple[str, Resource]] = []
    for path in sorted(schema_dir.rglob("*.json")):
        try:
            contents = read_json(path)
        except (OSError, ValueError):
            continue  # reported when that schema itself is used
        resource = Resource.from_contents(contents, default_specification=DRAFT202012)
        resources.append((path.resolve().as_uri(), resource))
        if isinstance(contents, dict) and isinstance(contents.get("$id"), str):
            resources.append((contents["$id"], resource))
    # referencing defines Registry with attrs in a way mypy cannot see through
    return Registry(retrieve=_retrieve).with_resources(resources)  # type: ignore[call-arg]


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Any:
    if validator.is_type(instance, "string") and not re.search(ecma_pattern(pattern), instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


StrictValidator = validators.extend(Draft202012Validator, {"pattern": _pattern})  # type: ignore[no-untyped-call]
"""Draft 2020-12, with patterns anchored as JSON Schema means them (:func:`ecma_pattern`)."""


@lru_cache(maxsize=32)
def _validator(schema_path: Path, mtime_ns: int) -> tuple[Validator | None, tuple[Problem, ...]]:
    name = display_path(schema_path)
    try:
        schema = read_json(schema_path)
    except OSError as error:
        return None, (Problem(name, None, "", f"cannot read schema: {error.strerror or error}"),)
    except json.JSONDecodeError as error:
        return None, (Problem(name, error.lineno, "", f"invalid JSON: {error.msg}"),)
    if not isinstance(schema, dict):
        return None, (Problem(name, 1, "", "a schema must be a JSON object"),)
    if "$id" not in schema:  # let relative $refs resolve against the file itself
        schema = {**schema, "$id": schema_path.resolve().as_uri()}
    cls: type[Validator] = validator_for(schema, default=StrictValidator)
    if cls is Draft202012Validator:
        cls = StrictValidator
    try:
        cls.check_schema(schema)
    except SchemaError as error:
        where = format_path(error.absolute_path)
        return None, (Problem(name, None, where, f"invalid schema: {error.message}"),)
    return cls(schema, registry=_registry(schema_path.parent)), ()


def _short(value: Any) -> str:
    text = repr(value)
    if len(text) <= 60:
        return text
    if isinstance(value, dict):
        return f"a mapping with {len(value)} keys"
    if isinstance(value, list):
        return f"a list of {len(value)} items"
    return text[:57] + "..."


def _problems(doc: YamlDocument, error: ValidationError) -> list[Problem]:
    path: list[PathPart] = list(error.absolute_path)
    instance, schema = error.instance, error.schema
    if error.validator == "additionalProperties" and isinstance(instance, dict):
        assert isinstance(schema, dict)
        allowed = schema.get("properties", {})
        patterns = list(schema.get("patternProperties", {}))
        if not patterns:
            listed = ", ".join(allowed) or "none"
            return [
                doc.problem([*path, key], f"unexpected property {key!r} (allowed: {listed})")
                for key in instance
                if key not in allowed
            ]
    message = error.message
    if error.validator in ("anyOf", "oneOf") and isinstance(error.validator_value, list):
        branches = error.validator_value
        if all(isinstance(b, dict) and list(b) == ["required"] for b in branches):
            keys = ", ".join(str(k) for b in branches for k in b["required"])
            return [doc.problem(path, f"needs at least one of: {keys}")]
        deepest = max(error.context or [], key=lambda e: len(e.absolute_path), default=None)
        if deepest is not None and len(deepest.absolute_path) > len(path):
            return _problems(doc, deepest)  # a branch fits but for a detail: report the detail
        description = schema.get("description") if isinstance(schema, dict) else None
        if isinstance(description, str) and description:
            expected = description[0].lower() + description[1:].rstrip(".")
            message = f"{_short(instance)} is not valid here; expected {expected}"
    if len(repr(instance)) > 60:
        message = message.replace(repr(instance), _short(instance))
    in_then = list(error.absolute_schema_path)[-2:-1] == ["then"]
    if in_then and isinstance(schema, dict) and isinstance(schema.get("description"), str):
        message += f" ({schema['description']})"  # says why the condition applies
    if error.validator == "type" and isinstance(instance, bool):
        message += _BOOL_HINT
    return [doc.problem(path, message)]


_VALID: dict[tuple[Path, int, str], None] = {}
"""The documents found valid, by schema (file and time) and by the ``repr`` of their data: a
document's validity depends on its data alone, so one read again (a record checked by ``check``
after the case loop loaded it, a fixture loaded by several tests) is not validated again. Only
valid documents are kept (a problem's line depends on the document's layout too)."""

_VALID_ENTRIES = 4096
_VALID_TEXT_LIMIT = 100_000
"""Documents larger than this (as ``repr``) are validated every time, never kept."""


def validate(doc: YamlDocument, schema_path: Path) -> list[Problem]:
    """See :func:`sheepshead_spec.schemas.validate_document`."""
    try:
        mtime = schema_path.stat().st_mtime_ns
    except OSError:
        mtime = 0
    resolved = schema_path.resolve()
    validator, schema_problems = _validator(resolved, mtime)
    if validator is None:
        return list(schema_problems)
    text = repr(doc.data)
    key = (resolved, mtime, text) if len(text) <= _VALID_TEXT_LIMIT else None
    if key is not None and key in _VALID:
        return []
    problems: list[Problem] = []
    try:
        for error in validator.iter_errors(doc.data):
            problems.extend(_problems(doc, error))
    except Unresolvable as error:
        name = display_path(schema_path)
        return [Problem(name, None, "", f"invalid schema: cannot resolve {error.ref!r}")]
    if key is not None and not problems:
        if len(_VALID) >= _VALID_ENTRIES:
            _VALID.clear()
        _VALID[key] = None
    return sorted(problems, key=lambda p: (p.line or 0, p.path, p.message))
