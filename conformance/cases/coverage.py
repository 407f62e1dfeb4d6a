"""Which scenarios and fixtures test which rule: ``@rule:`` tags in ``features/`` and
``rules:`` lists in ``fixtures/``.

The folders are found as the installed packages :mod:`sheepshead_features` and
:mod:`sheepshead_fixtures` (:mod:`importlib.resources`), else as ``features/`` and
``fixtures/`` of the checkout around this package. Locations are shown as
``features/<path>:<line>`` and ``fixtures/<path>:<line>`` in both cases.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

import yaml

__all__ = ["RuleUses", "Use", "data_folder", "scan_features", "scan_fixtures"]

_SCENARIO = re.compile(r"^\s*(Feature|Rule|Scenario Outline|Scenario Template|Scenario|Example):\s*(.*)$")


@dataclass(frozen=True)
class Use:
    """A scenario or fixture that tests a rule."""

    location: str
    """``features/…feature:line`` or ``fixtures/…yaml:line``."""
    title: str
    """The scenario's name, or the fixture's id and description."""


def data_folder(package: str, folder: str) -> Path | None:
    """The folder of an installed data package, else the checkout's folder of that name.

    :param package: ``sheepshead_features`` or ``sheepshead_fixtures``.
    :param folder: ``features`` or ``fixtures``.
    :return: the folder, or ``None`` when neither exists.
    """
    try:
        importlib.import_module(package)
        root = files(package)
        if isinstance(root, Path) and root.is_dir():
            return root
    except ImportError:
        pass
    checkout = Path(__file__).resolve().parents[1] / folder
    return checkout if checkout.is_dir() else None


def _tags(line: str) -> list[str]:
    text = line.split("#", 1)[0] if not line.lstrip().startswith("#") else ""
    return [word for word in text.split() if word.startswith("@")]


def scan_features(root: Path, prefix: str = "features") -> Iterator[tuple[str, Use]]:
    """``(rule id, use)`` for every ``@rule:`` tag of every ``.feature`` file below ``root``.

    A tag on a ``Feature`` (or ``Rule``) covers the feature as a whole and is reported at the
    feature's line; a tag on a scenario at the scenario's line.
    """
    for path in sorted(root.rglob("*.feature")):
        name = f"{prefix}/{path.relative_to(root).as_posix()}"
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        pending: list[str] = []
        for number, line in enumerate(lines, start=1):
            stripped = line.strip()
            if stripped.startswith("@"):
                pending += _tags(line)
                continue
            match = _SCENARIO.match(line)
            if match:
                for tag in pending:
                    if tag.startswith("@rule:"):
                        yield tag[len("@rule:") :], Use(f"{name}:{number}", f"{match[1]}: {match[2].strip()}")
                pending = []
            elif stripped and not stripped.startswith("#"):
                pending = []


_TOP_KEY = re.compile(r"^([A-Za-z_][\w-]*):")


def _top_level(lines: list[str], key: str) -> tuple[int, str] | None:
    """The 0-based first line and the text of a top-level ``key:`` entry of a YAML mapping."""
    for start, line in enumerate(lines):
        match = _TOP_KEY.match(line)
        if match and match[1] == key:
            end = start + 1
            while end < len(lines) and (not lines[end].strip() or lines[end][0] in " \t-#"):
                end += 1
            return start, "\n".join(lines[start:end])
    return None


_ID = r"[A-Za-z0-9][\w.-]*"
_FLOW = re.compile(rf"^rules:[ \t]*\[[ \t]*((?:{_ID}[ \t]*,[ \t]*)*(?:{_ID})?)[ \t]*\][ \t]*(?:#.*)?$")
_ITEM = re.compile(rf"^[ \t]+-[ \t]+({_ID})[ \t]*(?:#.*)?$")
_PLAIN_ID = re.compile(rf"^id:[ \t]*({_ID})[ \t]*(?:#.*)?$")


def _plain_rules(text: str, start: int) -> list[tuple[str, int]] | None:
    """The rule ids and 1-based lines of a ``rules:`` entry written as a one-line flow list of
    plain ids or as a block list of them; ``None`` for any other spelling (parsed as YAML)."""
    lines = text.split("\n")
    flow = _FLOW.match(lines[0])
    if flow is not None and len(lines) == 1:
        return [(rule.strip(), start + 1) for rule in flow[1].split(",") if rule.strip()]
    if lines[0].split("#", 1)[0].strip() != "rules:":
        return None
    found: list[tuple[str, int]] = []
    for offset, line in enumerate(lines[1:], start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        item = _ITEM.match(line)
        if item is None:
            return None
        found.append((item[1], start + offset + 1))
    return found


def scan_fixtures(root: Path, prefix: str = "fixtures") -> Iterator[tuple[str, Use]]:
    """``(rule id, use)`` for every entry of the top-level ``rules:`` list of every YAML file
    below ``root``; only that entry (and ``id``) is parsed, so large files cost little."""
    for path in sorted(root.rglob("*.yaml")):
        name = f"{prefix}/{path.relative_to(root).as_posix()}"
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        found = _top_level(lines, "rules")
        if found is None:
            continue
        start, text = found
        plain = _plain_rules(text, start)
        if plain is not None:  # the usual spelling, read without a YAML parser
            ident = _top_level(lines, "id")
            match = _PLAIN_ID.match(ident[1]) if ident else None
            if match or ident is None:
                title = match[1] if match else path.stem
                for rule, line in plain:
                    yield rule, Use(f"{name}:{line}", title)
                continue
        try:
            node = yaml.compose(text, Loader=yaml.SafeLoader)
            ident = _top_level(lines, "id")
            title = str(yaml.safe_load(ident[1])["id"]) if ident else path.stem
        except (yaml.YAMLError, TypeError, KeyError):
            continue
        if not isinstance(node, yaml.MappingNode) or not isinstance(node.value[0][1], yaml.SequenceNode):
            continue
        for item in node.value[0][1].value:
            if isinstance(item, yaml.ScalarNode):
                yield str(item.value), Use(f"{name}:{start + item.start_mark.line + 1}", title)


@dataclass(frozen=True)
class RuleUses:
    """Every rule's scenarios and fixtures."""

    scenarios: dict[str, list[Use]]
    fixtures: dict[str, list[Use]]

    @classmethod
    def scan(cls, features: Path | None = None, fixtures: Path | None = None) -> RuleUses:
        """Scan the suite's folders (found by :func:`data_folder` unless given)."""
        features = features or data_folder("sheepshead_features", "features")
        fixtures = fixtures or data_folder("sheepshead_fixtures", "fixtures")
        scenarios: dict[str, list[Use]] = {}
        records: dict[str, list[Use]] = {}
        if features is not None:
            for rule, use in scan_features(features):
                scenarios.setdefault(rule, []).append(use)
        if fixtures is not None:
            for rule, use in scan_fixtures(fixtures):
                records.setdefault(rule, []).append(use)
        return cls(scenarios, records)

    def count(self, rule: str) -> int:
        """How many scenarios and fixtures test a rule."""
        return len(self.scenarios.get(rule, ())) + len(self.fixtures.get(rule, ()))
