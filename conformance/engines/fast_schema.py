"""A fast yes/no check of a message against a protocol schema, for the common case: a valid reply.

Validating every subprocess reply with :mod:`jsonschema` cost two thirds of a subprocess run.
:func:`compile_schema` turns a schema into nested Python closures that only answer "valid or
not". It is *sound for acceptance*: it accepts a message only when JSON Schema (draft 2020-12)
accepts it; a keyword it does not implement exactly makes it answer "not valid", and the caller
then asks :mod:`jsonschema`, which has the last word and gives the reasons
(:func:`conformance.engines.protocol_schemas.problems_in`). A test compares both on real traffic
and on mutated messages.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urldefrag, urljoin

from sheepshead_spec.schemas import ecma_pattern

__all__ = ["Check", "compile_schema"]

Check = Callable[[Any], bool]

_ANNOTATIONS = frozenset(
    {
        "$schema",
        "$id",
        "$comment",
        "$defs",
        "title",
        "description",
        "examples",
        "default",
        "deprecated",
        "readOnly",
        "writeOnly",
    }
)
"""Keywords that never change validity."""


def _never(_: Any) -> bool:
    return False


def _always(_: Any) -> bool:
    return True


def _canon(value: Any) -> Any:
    """A hashable form under JSON Schema equality: ``1 == 1.0``, ``True != 1``, objects unordered."""
    if isinstance(value, bool):
        return ("b", value)
    if isinstance(value, (int, float)):
        if isinstance(value, float) and math.isfinite(value) and value.is_integer():
            return ("n", int(value))
        return ("n", value)
    if isinstance(value, str):
        return ("s", value)
    if value is None:
        return ("z",)
    if isinstance(value, list):
        return ("l", tuple(_canon(item) for item in value))
    if isinstance(value, dict):
        return ("d", frozenset((key, _canon(item)) for key, item in value.items()))
    return ("?", id(value))  # not JSON: equal to nothing else


_TYPES: dict[str, Check] = {
    "null": lambda v: v is None,
    "boolean": lambda v: isinstance(v, bool),
    "string": lambda v: isinstance(v, str),
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),  # 1.0 is left to jsonschema
}


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class _Compiler:
    def __init__(self, documents: Mapping[str, Mapping[str, Any]]) -> None:
        self.documents = documents
        """``$id`` (without fragment) -> schema document."""
        self.compiled: dict[tuple[str, str], Check] = {}

    def resolve(self, base: str, ref: str) -> tuple[str, str, Any] | None:
        """``(document uri, pointer, schema)`` of a ``$ref`` seen in document ``base``."""
        uri, fragment = urldefrag(urljoin(base, ref))
        document = self.documents.get(uri)
        if document is None or (fragment and not fragment.startswith("/")):
            return None
        node: Any = document
        for part in fragment.split("/")[1:] if fragment else ():
            part = part.replace("~1", "/").replace("~0", "~")
            if not isinstance(node, dict) or part not in node:
                return None
            node = node[part]
        return uri, fragment, node

    def ref(self, base: str, ref: str) -> Check:
        target = self.resolve(base, ref)
        if target is None:
            return _never
        uri, pointer, schema = target
        key = (uri, pointer)
        if key not in self.compiled:
            cell: list[Check] = []
            self.compiled[key] = lambda value: cell[0](value)  # recursion-safe placeholder
            cell.append(self.schema(uri, schema))
            self.compiled[key] = cell[0]
        return self.compiled[key]

    def evaluated(self, base: str, schema: Mapping[str, Any], depth: int = 0) -> tuple[set[str], list[str]] | None:
        """Property names and patterns an object schema evaluates at its own level (through
        ``$ref`` and ``allOf``), for ``unevaluatedProperties``; ``None`` when that depends on
        conditional branches (then the compiled check answers "not valid")."""
        if depth > 20 or any(k in schema for k in ("anyOf", "oneOf", "not", "if", "dependentSchemas")):
            return None
        names = set(schema.get("properties", {}))
        patterns = list(schema.get("patternProperties", {}))
        if schema.get("additionalProperties", None) not in (None, False):
            return None  # everything is evaluated then; rare, leave it to jsonschema
        parts: list[tuple[str, Mapping[str, Any]]] = []
        if "$ref" in schema:
            target = self.resolve(base, schema["$ref"])
            if target is None or not isinstance(target[2], dict):
                return None
            parts.append((target[0], target[2]))
        parts += [(base, item) for item in schema.get("allOf", ()) if isinstance(item, dict)]
        for part_base, part in parts:
            found = self.evaluated(part_base, part, depth + 1)
            if found is None:
                return None
            names |= found[0]
            patterns += found[1]
        return names, patterns

    def schema(self, base: str, schema: Any) -> Check:  # noqa: C901 - one branch per keyword
        if schema is True:
            return _always
        if schema is False or not isinstance(schema, dict):
            return _never
        checks: list[Check] = []
        for keyword, value in schema.items():
            if keyword in _ANNOTATIONS:
                continue
            check = self.keyword(base, schema, keyword, value)
            if check is None:
                return _never  # not implemented exactly: jsonschema decides
            checks.append(check)
        if not checks:
            return _always
        if len(checks) == 1:
            return checks[0]
        if len(checks) == 2:
            first, second = checks
            return lambda value: first(value) and second(value)
        return _all_of(checks)

    def keyword(self, base: str, schema: Mapping[str, Any], keyword: str, value: Any) -> Check | None:  # noqa: C901
        if keyword == "type":
            names = [value] if isinstance(value, str) else list(value)
            tests = [_TYPES[name] for name in names if name in _TYPES]
            if len(tests) != len(names):
                return None
            return tests[0] if len(tests) == 1 else (lambda v: any(test(v) for test in tests))
        if keyword == "$ref":
            return self.ref(base, value)
        if keyword == "const":
            wanted = _canon(value)
            return lambda v: _canon(v) == wanted
        if keyword == "enum":
            allowed = {_canon(item) for item in value}
            return lambda v: _canon(v) in allowed
        if keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            bound = value
            compares: dict[str, Check] = {
                "minimum": lambda v: v >= bound,
                "maximum": lambda v: v <= bound,
                "exclusiveMinimum": lambda v: v > bound,
                "exclusiveMaximum": lambda v: v < bound,
            }
            compare = compares[keyword]
            return lambda v: not _is_number(v) or compare(v)
        if keyword in ("minLength", "maxLength"):
            size = value
            if keyword == "minLength":
                return lambda v: not isinstance(v, str) or len(v) >= size
            return lambda v: not isinstance(v, str) or len(v) <= size
        if keyword == "pattern":
            regex = re.compile(ecma_pattern(value))
            return lambda v: not isinstance(v, str) or regex.search(v) is not None
        if keyword in ("minItems", "maxItems"):
            size = value
            if keyword == "minItems":
                return lambda v: not isinstance(v, list) or len(v) >= size
            return lambda v: not isinstance(v, list) or len(v) <= size
        if keyword == "uniqueItems":
            if not value:
                return _always
            return _unique_items
        if keyword == "items":
            if not isinstance(value, (dict, bool)) or "prefixItems" in schema:
                return None
            return _items(self.schema(base, value))
        if keyword == "required":
            wanted = tuple(value)
            return lambda v: not isinstance(v, dict) or all(name in v for name in wanted)
        if keyword == "properties":
            props = {name: self.schema(base, sub) for name, sub in value.items()}

            def properties(v: Any) -> bool:
                if not isinstance(v, dict):
                    return True
                for key, item in v.items():
                    check = props.get(key)
                    if check is not None and not check(item):
                        return False
                return True

            return properties
        if keyword == "patternProperties":
            pats = [(re.compile(ecma_pattern(p)), self.schema(base, sub)) for p, sub in value.items()]
            return lambda v: (
                not isinstance(v, dict)
                or all(check(item) for key, item in v.items() for regex, check in pats if regex.search(key))
            )
        if keyword == "additionalProperties":
            known = set(schema.get("properties", {}))
            regexes = [re.compile(p) for p in schema.get("patternProperties", {})]
            extra = self.schema(base, value)
            return lambda v: (
                not isinstance(v, dict)
                or all(
                    extra(item)
                    for key, item in v.items()
                    if key not in known and not any(r.search(key) for r in regexes)
                )
            )
        if keyword == "unevaluatedProperties":
            found = self.evaluated(base, schema)
            if found is None:
                return None
            known, patterns = found
            regexes = [re.compile(p) for p in patterns]
            extra = self.schema(base, value)
            return lambda v: (
                not isinstance(v, dict)
                or all(
                    extra(item)
                    for key, item in v.items()
                    if key not in known and not any(r.search(key) for r in regexes)
                )
            )
        if keyword == "propertyNames":
            names_check = self.schema(base, value)
            return lambda v: not isinstance(v, dict) or all(names_check(key) for key in v)
        if keyword in ("anyOf", "allOf"):
            branches = [self.schema(base, sub) for sub in value]
            if keyword == "anyOf":
                return lambda v: any(branch(v) for branch in branches)
            return lambda v: all(branch(v) for branch in branches)
        # Everything above is exact or stricter than JSON Schema, and combines monotonically, so a
        # "valid" is always right. "not" and "oneOf" are not monotone (a stricter branch could turn
        # "invalid" into "valid"): they, and any keyword not listed, are left to jsonschema.
        return None


def _unique_items(value: Any) -> bool:
    if not isinstance(value, list):
        return True
    if all(type(item) is str for item in value):  # the usual list (cards, actions): no canonical form needed
        return len(set(value)) == len(value)
    return len({_canon(item) for item in value}) == len(value)


_KNOWN_STRINGS = 4096
"""How many valid strings an ``items`` check remembers (the same few hundred actions and cards
recur in every reply)."""


def _items(item: Check) -> Check:
    known: set[str] = set()  # strings the item check passed: it is a function of the value alone

    def items(value: Any) -> bool:
        if not isinstance(value, list):
            return True
        for x in value:
            if type(x) is str and x in known:
                continue
            if not item(x):
                return False
            if type(x) is str and len(known) < _KNOWN_STRINGS:
                known.add(x)
        return True

    return items


def _all_of(checks: list[Check]) -> Check:
    def every(value: Any) -> bool:
        for check in checks:
            if not check(value):
                return False
        return True

    return every


def compile_schema(schema: Mapping[str, Any], documents: Mapping[str, Mapping[str, Any]]) -> Check:
    """A yes/no check of ``schema`` (its ``$id`` the base of its references).

    :param documents: every schema a ``$ref`` may reach, by ``$id``.
    """
    base = str(schema.get("$id", ""))
    compiler = _Compiler({urldefrag(uri)[0]: doc for uri, doc in documents.items()})
    return compiler.schema(base, schema)
