"""Validate YAML documents against the JSON Schemas in ``schema/``.

Schema errors become :class:`~sheepshead_spec.problems.Problem` values that
point at the line of the offending value. References between schema files
resolve by ``$id`` or by relative file path. The validator itself
(:mod:`sheepshead_spec.schema_validator`, built on jsonschema) is imported only when a document is
checked, so that reading the spec from its cache (:mod:`sheepshead_spec.cache`) does not pay for it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .problems import Problem
from .yamldoc import YamlDocument, load_yaml_document

__all__ = ["ecma_pattern", "read_json", "validate_document", "validate_yaml_against_schema"]


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def ecma_pattern(pattern: str) -> str:
    """A JSON Schema ``pattern`` for Python's ``re.search`` with ECMA-262's meaning of a final
    ``$``: the end of the string. Python's ``$`` also matches before a final newline, so that
    ``"KH\n"`` would pass for a card.

    >>> import re
    >>> bool(re.search(ecma_pattern("^[AK][CH]$"), "KH\n")), bool(re.search(ecma_pattern("^[AK][CH]$"), "KH"))
    (False, True)
    """
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        return pattern[:-1] + r"\Z"
    return pattern


def validate_document(doc: YamlDocument, schema_path: Path) -> list[Problem]:
    """Validate a loaded document against a JSON Schema file.

    :param doc: the document (its lines locate the problems).
    :param schema_path: the schema; Draft 2020-12 unless its ``$schema`` says otherwise.
        Other ``*.json`` files in its folder and below can be ``$ref``-erenced.
    :return: every problem, sorted by line; problems with the schema itself
        are reported against the schema file.
    """
    from .schema_validator import validate  # jsonschema, imported only when a document is checked

    return validate(doc, schema_path)


def validate_yaml_against_schema(path: Path, schema_path: Path, *, file: str | None = None) -> list[Problem]:
    """Load a YAML file and validate it against a JSON Schema.

    A file that is not valid YAML gives one problem with its line.

    :param path: the YAML file.
    :param schema_path: the JSON Schema file.
    :param file: the name to use in problems (default: :func:`display_path`).
    :return: every problem found, YAML problems first.
    """
    doc, problems = load_yaml_document(path, file)
    if doc is None:
        return problems
    return problems + validate_document(doc, schema_path)
