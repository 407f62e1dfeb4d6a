"""Checks of the suite's feature files that pytest-bdd does not make, and their tag vocabulary.

Every scenario of ``features/`` carries tags from a closed vocabulary (``spec/rules.yaml`` and
``spec/variants.yaml``):

``@rule:<rule-id>``
    a rule the scenario checks; at least one per scenario (on the scenario, its ``Rule:`` or the
    ``Feature:``), never on an ``Examples:`` block.
``@<axis>:<option>``
    the scenario (or the rows of the ``Examples:`` block) holds only under profiles choosing
    that option; several options of one axis mean "any of them".
``@profile:<name>``
    only under that profile (several: any of them).
``@requires:<capability>``
    the engine capability the scenario needs (:class:`~conformance.adapter.Capability`).

:func:`lint_features` parses the files with the official Gherkin parser and returns every problem
as ``file:line: message``: unknown tags, rule, option or profile ids, scenarios without a rule tag,
duplicate scenario names (pytest-bdd would silently keep only the last one), scenarios without
steps. It also records the line of every ``Examples:`` row (:class:`FeatureIndex`), so a failing
outline row can be reported at its own line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gherkin.errors import ParserError
from gherkin.parser import Parser
from sheepshead_spec import Spec

from conformance.adapter import Capability

__all__ = ["FeatureIndex", "ScenarioInfo", "Tag", "Vocabulary", "lint_features", "parse_tag"]

_GHERKIN_ERROR = re.compile(r"^\((\d+):\d+\): (.*)$", re.MULTILINE)
"""A line of a Gherkin parser error: ``(line:column): message``."""


@dataclass(frozen=True)
class Tag:
    """A tag of our vocabulary, parsed."""

    kind: str
    """``rule``, ``option``, ``profile``, ``requires`` or ``other`` (a tag without a colon)."""
    name: str
    """The rule id, axis id, profile id or capability (the whole tag for ``other``)."""
    value: str = ""
    """The option id (``option`` tags)."""


def parse_tag(tag: str, axes: Iterable[str]) -> Tag | None:
    """Read a tag (with or without its ``@``) as one of our kinds.

    >>> parse_tag("@rule:play.follow-suit", ["jack-order"])
    Tag(kind='rule', name='play.follow-suit', value='')
    >>> parse_tag("jack-order:spades-first", ["jack-order"])
    Tag(kind='option', name='jack-order', value='spades-first')
    >>> parse_tag("@slow", []), parse_tag("@colour:red", [])
    (Tag(kind='other', name='slow', value=''), None)

    :param tag: the tag text.
    :param axes: the axis ids of the spec.
    :return: the parsed tag; ``None`` for a colon tag whose prefix is none of ours.
    """
    text = tag[1:] if tag.startswith("@") else tag
    prefix, colon, value = text.partition(":")
    if not colon:
        return Tag("other", text)
    if prefix in ("rule", "profile", "requires"):
        return Tag(prefix, value)
    if prefix in set(axes):
        return Tag("option", prefix, value)
    return None


@dataclass(frozen=True)
class Vocabulary:
    """The ids a tag may name."""

    rules: frozenset[str]
    axes: Mapping[str, frozenset[str]]
    profiles: frozenset[str]
    capabilities: frozenset[str] = frozenset(c.value for c in Capability)

    @classmethod
    def from_spec(cls, spec: Spec) -> Vocabulary:
        """The vocabulary of a loaded spec."""
        return cls(
            rules=frozenset(rule.id for rule in spec.rules),
            axes={axis.id: frozenset(option.id for option in axis.options) for axis in spec.axes},
            profiles=frozenset(profile.id for profile in spec.profiles),
        )

    def problem(self, tag: str) -> str | None:
        """What is wrong with a tag, or ``None`` when it is one of ours and names known ids."""
        parsed = parse_tag(tag, self.axes)
        if parsed is None:
            prefix = tag.lstrip("@").partition(":")[0]
            return (
                f"unknown tag {tag}: {prefix!r} is not 'rule', 'profile', 'requires' or a variant axis "
                f"({', '.join(sorted(self.axes))})"
            )
        if parsed.kind == "rule" and parsed.name not in self.rules:
            return f"unknown rule id {parsed.name!r} in tag {tag} (see spec/rules.yaml)"
        if parsed.kind == "profile" and parsed.name not in self.profiles:
            return f"unknown profile {parsed.name!r} in tag {tag}; profiles: {', '.join(sorted(self.profiles))}"
        if parsed.kind == "requires" and parsed.name not in self.capabilities:
            known = ", ".join(sorted(self.capabilities))
            return f"unknown capability {parsed.name!r} in tag {tag}; capabilities: {known}"
        if parsed.kind == "option" and parsed.value not in self.axes[parsed.name]:
            options = ", ".join(sorted(self.axes[parsed.name]))
            return f"axis {parsed.name!r} has no option {parsed.value!r} (tag {tag}); options: {options}"
        return None


@dataclass(frozen=True)
class ScenarioInfo:
    """Where a scenario is, and its tags from every level."""

    file: Path
    name: str
    line: int
    tags: tuple[str, ...]
    """Feature, ``Rule:`` and scenario tags, without ``@``."""
    row_lines: tuple[int, ...] = ()
    """The line of each ``Examples:`` row, in pytest-bdd's parametrization order."""
    row_tags: tuple[tuple[str, ...], ...] = ()
    """The ``Examples:`` block tags of each row, without ``@``."""


@dataclass
class FeatureIndex:
    """Every scenario of a set of feature files, by ``(absolute file, scenario name)``."""

    scenarios: dict[tuple[str, str], ScenarioInfo] = field(default_factory=dict)

    def get(self, file: str | Path, name: str) -> ScenarioInfo | None:
        """The scenario named ``name`` in ``file`` (an absolute path), if indexed."""
        return self.scenarios.get((str(Path(file).resolve()), name))


def _tags(node: Mapping[str, Any]) -> list[tuple[str, int]]:
    return [(tag["name"], tag["location"]["line"]) for tag in node.get("tags", ())]


def _lint_file(path: Path, shown: str, vocabulary: Vocabulary, index: FeatureIndex) -> list[str]:
    problems: list[str] = []
    try:
        document: Any = Parser().parse(path.read_text(encoding="utf-8"))
    except ParserError as error:  # "(line:column): message" lines
        found = _GHERKIN_ERROR.findall(str(error))
        return [f"{shown}:{line}: {message}" for line, message in found] or [f"{shown}: {error}"]
    except OSError as error:
        return [f"{shown}: cannot read: {error.strerror or error}"]
    feature = document.get("feature")
    if not feature:
        return [f"{shown}:1: no Feature in the file"]

    def check(tags: Sequence[tuple[str, int]]) -> None:
        for tag, line in tags:
            message = vocabulary.problem(tag)
            if message:
                problems.append(f"{shown}:{line}: {message}")

    feature_tags = _tags(feature)
    check(feature_tags)
    seen: dict[str, int] = {}

    def scenario(node: Mapping[str, Any], inherited: list[tuple[str, int]]) -> None:
        line = node["location"]["line"]
        name = node["name"]
        own = _tags(node)
        check(own)
        if name in seen:
            problems.append(
                f"{shown}:{line}: duplicate scenario name {name!r} (also line {seen[name]}); "
                "pytest-bdd would run only one of them"
            )
        seen.setdefault(name, line)
        if not node.get("steps"):
            problems.append(f"{shown}:{line}: scenario {name!r} has no steps")
        tags = [tag for tag, _ in inherited + own]
        if not any(tag.startswith("@rule:") for tag in tags):
            problems.append(f"{shown}:{line}: scenario {name!r} has no @rule:<rule-id> tag")
        row_lines: list[int] = []
        row_tags: list[tuple[str, ...]] = []
        for examples in node.get("examples", ()):
            block = _tags(examples)
            check(block)
            for tag, tag_line in block:
                if tag.startswith("@rule:"):
                    problems.append(f"{shown}:{tag_line}: put {tag} on the scenario, not on an Examples block")
            for row in examples.get("tableBody", ()):
                row_lines.append(row["location"]["line"])
                row_tags.append(tuple(tag.lstrip("@") for tag, _ in block))
        info = ScenarioInfo(path, name, line, tuple(t.lstrip("@") for t in tags), tuple(row_lines), tuple(row_tags))
        index.scenarios[(str(path.resolve()), name)] = info

    for child in feature.get("children", ()):
        if "scenario" in child:
            scenario(child["scenario"], feature_tags)
        elif "rule" in child:
            rule = child["rule"]
            rule_tags = _tags(rule)
            check(rule_tags)
            for grandchild in rule.get("children", ()):
                if "scenario" in grandchild:
                    scenario(grandchild["scenario"], feature_tags + rule_tags)
    return problems


def lint_features(
    paths: Iterable[Path], vocabulary: Vocabulary, *, root: Path | None = None, prefix: str = "features"
) -> tuple[FeatureIndex, list[str]]:
    """Check feature files and index their scenarios.

    :param paths: ``.feature`` files.
    :param vocabulary: the ids tags may name.
    :param root: when given, files below it are shown as ``<prefix>/<path relative to root>``.
    :param prefix: see ``root``.
    :return: the index, and every problem as ``file:line: message`` (empty: all good).
    """
    index = FeatureIndex()
    problems: list[str] = []
    for path in sorted(paths):
        shown = str(path)
        if root is not None:
            try:
                shown = f"{prefix}/{path.relative_to(root).as_posix()}"
            except ValueError:
                pass
        problems += _lint_file(path, shown, vocabulary, index)
    return index, problems
