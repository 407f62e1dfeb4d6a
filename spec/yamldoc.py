"""Safe YAML loading that remembers the line of every value.

The document is composed into a node tree with :class:`yaml.SafeLoader`, then
constructed; walking the tree gives the 1-based line of every path, so a
problem found in the data can point at its line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .problems import PathPart, Problem, format_path

__all__ = ["YamlDocument", "display_path", "load_yaml_document", "parse_yaml_document"]

_STR_TAG = "tag:yaml.org,2002:str"
_MERGE_TAG = "tag:yaml.org,2002:merge"
_RECURSIVE = "recursive alias"


def display_path(path: Path) -> str:
    """Name a file for the user: relative to the working directory when inside it.

    :param path: the file.
    :return: a relative POSIX path, or the absolute path.
    """
    absolute = path.absolute()
    try:
        return absolute.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return str(absolute)


@dataclass(frozen=True)
class YamlDocument:
    """A loaded YAML document with the line of each of its values."""

    file: str
    """The file name shown in problems."""
    data: Any
    """The constructed data; mapping keys are always strings."""
    lines: dict[tuple[PathPart, ...], int] = field(repr=False)
    """1-based line of each path: a mapping entry's key line, a list item's first line."""

    def line(self, path: Sequence[PathPart]) -> int:
        """The line of ``path``, or of its nearest ancestor that exists.

        :param path: keys and indices from the root.
        :return: a 1-based line number.
        """
        parts = tuple(path)
        while parts:
            if parts in self.lines:
                return self.lines[parts]
            parts = parts[:-1]
        return self.lines.get((), 1)

    def problem(self, path: Sequence[PathPart], message: str) -> Problem:
        """Make a :class:`Problem` located at ``path`` in this document.

        :param path: keys and indices from the root.
        :param message: what is wrong.
        :return: the problem, with file, line and rendered path.
        """
        return Problem(self.file, self.line(path), format_path(path), message)


def _walk(
    node: yaml.Node,
    path: tuple[PathPart, ...],
    file: str,
    lines: dict[tuple[PathPart, ...], int],
    problems: list[Problem],
    active: frozenset[int],
) -> None:
    if id(node) in active:  # its data could never be JSON
        problems.append(Problem(file, node.start_mark.line + 1, format_path(path), _RECURSIVE))
        return
    active = active | {id(node)}
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE_TAG:  # "<<: *base": its keys may be overridden here
                continue
            line = key_node.start_mark.line + 1
            key = str(key_node.value) if isinstance(key_node, yaml.ScalarNode) else "?"
            if not (isinstance(key_node, yaml.ScalarNode) and key_node.tag == _STR_TAG):
                problems.append(
                    Problem(
                        file,
                        line,
                        format_path(path),
                        f"mapping key {key!r} is not a string; quote it",
                    )
                )
            if key in seen:
                problems.append(
                    Problem(
                        file,
                        line,
                        format_path((*path, key)),
                        f"duplicate key {key!r} (first on line {seen[key]})",
                    )
                )
                continue
            seen[key] = line
            lines[(*path, key)] = line
            _walk(value_node, (*path, key), file, lines, problems, active)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            lines[(*path, index)] = item.start_mark.line + 1
            _walk(item, (*path, index), file, lines, problems, active)


def _stringify_keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _stringify_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_stringify_keys(v) for v in value]
    return value


def _yaml_error_problem(file: str, text: str, error: yaml.YAMLError) -> Problem:
    if isinstance(error, yaml.MarkedYAMLError) and error.problem_mark is not None:
        mark = error.problem_mark
        parts = [p for p in (error.context, error.problem) if p]
        message = "; ".join(parts) or "invalid YAML"
        return Problem(
            file, mark.line + 1, "", f"invalid YAML: {message} (column {mark.column + 1})"
        )
    if isinstance(error, yaml.reader.ReaderError):
        line = text.count("\n", 0, error.position) + 1
        return Problem(file, line, "", f"invalid YAML: {error.reason} (#x{error.character:04x})")
    return Problem(file, None, "", f"invalid YAML: {error}")


_FAST_LOADER: Any = getattr(yaml, "CSafeLoader", None)
"""PyYAML's libyaml-based safe loader, when installed: it parses ten times faster. Its error
messages differ from the pure-Python parser's, so a document it rejects is parsed again by the
pure-Python loader, whose messages are the ones reported."""


def parse_yaml_document(text: str, file: str) -> tuple[YamlDocument | None, list[Problem]]:
    """Parse YAML text safely, keeping the line of every value.

    Duplicate keys and non-string keys are reported (PyYAML would silently keep
    the last value, or read ``on:`` as ``True``). A syntax error gives one
    problem with its line and no document.

    :param text: the YAML source.
    :param file: the name to use in problems.
    :return: the document (``None`` when it cannot be parsed) and the problems.
    """
    if _FAST_LOADER is not None:
        try:
            yaml.reader.Reader(text)  # the pure-Python reader's check of unprintable characters
            parsed = _parse_with(_FAST_LOADER, text, file)
        except yaml.YAMLError:
            parsed = None
        if parsed is not None:
            return parsed
    return _parse_with(yaml.SafeLoader, text, file, report=True) or (None, [])


def _parse_with(loader_class: Any, text: str, file: str, *,
                report: bool = False) -> tuple[YamlDocument | None, list[Problem]] | None:  # fmt: skip
    """Parse with one loader class; a YAML error is a problem when ``report``, else ``None``."""
    try:
        loader = loader_class(text)
    except yaml.YAMLError as error:  # the reader rejects unprintable characters at once
        if not report:
            return None
        return None, [_yaml_error_problem(file, text, error)]
    lines: dict[tuple[PathPart, ...], int] = {(): 1}
    problems: list[Problem] = []
    try:
        node = loader.get_single_node()
        if node is None:
            return YamlDocument(file, None, lines), problems
        lines[()] = node.start_mark.line + 1
        _walk(node, (), file, lines, problems, frozenset())  # before merges are flattened
        if any(p.message == _RECURSIVE for p in problems):
            return None, problems
        data = loader.construct_document(node)
    except yaml.YAMLError as error:
        if not report:
            return None
        return None, [_yaml_error_problem(file, text, error)]
    finally:
        loader.dispose()
    return YamlDocument(file, _stringify_keys(data), lines), problems


def load_yaml_document(
    path: Path, file: str | None = None
) -> tuple[YamlDocument | None, list[Problem]]:
    """Read and parse a YAML file; see :func:`parse_yaml_document`.

    :param path: the file to read (UTF-8).
    :param file: the name to use in problems; defaults to :func:`display_path`.
    :return: the document (``None`` when unreadable) and the problems.
    """
    name = display_path(path) if file is None else file
    try:
        raw = path.read_bytes()
    except OSError as error:
        return None, [Problem(name, None, "", f"cannot read file: {error.strerror or error}")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        return None, [Problem(name, line, "", f"not UTF-8: {error.reason} at byte {error.start}")]
    return parse_yaml_document(text, name)
