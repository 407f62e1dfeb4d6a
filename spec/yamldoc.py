"""Safe YAML loading that remembers the line of every value.

The document is composed into a node tree with :class:`yaml.SafeLoader`, then
constructed; walking the tree gives the 1-based line of every path, so a
problem found in the data can point at its line.
"""

from __future__ import annotations

import stat

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


MAX_DEPTH = 64
"""Nesting deeper than this is refused: no record or spec file comes near it."""
MAX_VALUES = 100_000
"""Values a document may expand to (aliases counted each time they are used): a 500-byte alias
bomb ("billion laughs") would expand to billions and take the machine's memory."""
MAX_BYTES = 16 * 1024 * 1024
"""The largest YAML text read (a record is a few KiB)."""
_CONSTRUCTOR = yaml.constructor.SafeConstructor()


class _Walk:
    """A bounded walk over the composed nodes: lines, duplicate and non-string keys, depth,
    alias expansion, and scalars that explicit tags make unconstructible (``!!int S5``)."""

    def __init__(self, file: str, lines: dict[tuple[PathPart, ...], int], problems: list[Problem]) -> None:
        self.file, self.lines, self.problems = file, lines, problems
        self.budget = MAX_VALUES
        self.stopped = False
        self.failed = False
        """A problem that leaves no document to construct (the others are reported beside it)."""

    def fail(self, node: yaml.Node, path: tuple[PathPart, ...], message: str) -> None:
        self.failed = True
        where = format_path(path)
        if len(where) > 80:
            where = where[:77] + "…"
        self.problems.append(Problem(self.file, node.start_mark.line + 1, where, message))

    def walk(self, node: yaml.Node, path: tuple[PathPart, ...], active: frozenset[int]) -> None:
        if self.stopped:
            return
        self.budget -= 1
        if self.budget < 0:
            self.fail(node, path, f"the document expands to more than {MAX_VALUES} values (aliases used over and over)")
            self.stopped = True
            return
        if len(path) > MAX_DEPTH:
            self.fail(node, path, f"nested more than {MAX_DEPTH} levels deep")
            self.stopped = True
            return
        if id(node) in active:  # its data could never be JSON
            self.fail(node, path, _RECURSIVE)
            return
        if isinstance(node, yaml.ScalarNode):
            if node.tag != _STR_TAG:
                try:
                    _CONSTRUCTOR.construct_object(node, deep=True)
                except Exception as error:  # noqa: BLE001 - ValueError, OverflowError, ConstructorError...
                    tag = node.tag.rsplit(":", 1)[-1]
                    reason = getattr(error, "problem", None) or str(error)
                    self.fail(node, path, f"{node.value[:40]!r} is not a valid {tag}: {reason}")
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
                    self.problems.append(
                        Problem(self.file, line, format_path(path), f"mapping key {key!r} is not a string; quote it")
                    )
                if key in seen:
                    self.problems.append(
                        Problem(
                            self.file,
                            line,
                            format_path((*path, key)),
                            f"duplicate key {key!r} (first on line {seen[key]})",
                        )
                    )
                    continue
                seen[key] = line
                self.lines[(*path, key)] = line
                self.walk(value_node, (*path, key), active)
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                self.lines[(*path, index)] = item.start_mark.line + 1
                self.walk(item, (*path, index), active)


def _line(event: yaml.Event) -> int | None:
    mark = event.start_mark
    return None if mark is None else mark.line + 1


def _too_big(loader_class: Any, text: str, file: str) -> Problem | None:
    """The first value past :data:`MAX_VALUES`, or the first level past :data:`MAX_DEPTH`,
    found by streaming the parser's events before any node is built: composing a document of
    millions of values would take gigabytes before the walk could count them."""
    counter = loader_class(text)
    values = depth = 0
    try:
        while (event := counter.get_event()) is not None and not isinstance(event, yaml.StreamEndEvent):
            if isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent)):
                values += 1
            elif isinstance(event, yaml.CollectionStartEvent):
                values += 1
                depth += 1
                if depth > MAX_DEPTH:
                    return Problem(file, _line(event), "", f"nested more than {MAX_DEPTH} levels deep")
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
            if values > MAX_VALUES:
                return Problem(file, _line(event), "", f"the document has more than {MAX_VALUES} values")
    finally:
        counter.dispose()
    return None


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
        return Problem(file, mark.line + 1, "", f"invalid YAML: {message} (column {mark.column + 1})")
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
    if len(text) > MAX_BYTES:
        return None, [
            Problem(
                file,
                None,
                "",
                f"the text is {len(text)} characters long: more than a record may be ({MAX_BYTES} bytes)",
            )
        ]
    if _FAST_LOADER is not None:
        try:
            yaml.reader.Reader(text)  # the pure-Python reader's check of unprintable characters
            parsed = _parse_with(_FAST_LOADER, text, file)
        except yaml.YAMLError:
            parsed = None
        if parsed is not None:
            return parsed
    return _parse_with(yaml.SafeLoader, text, file, report=True) or (None, [])


def _parse_with(
    loader_class: Any, text: str, file: str, *, report: bool = False
) -> tuple[YamlDocument | None, list[Problem]] | None:
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
        too_big = _too_big(loader_class, text, file)
        if too_big is not None:
            return None, [too_big]
        node = loader.get_single_node()
        if node is None:
            return YamlDocument(file, None, lines), problems
        lines[()] = node.start_mark.line + 1
        walk = _Walk(file, lines, problems)
        walk.walk(node, (), frozenset())  # before merges are flattened
        if walk.failed:
            return None, problems
        data = loader.construct_document(node)
    except RecursionError:  # the pure-Python composer recurses once per level
        return None, [Problem(file, None, "", f"invalid YAML: nested more than {MAX_DEPTH} levels deep")]
    except yaml.YAMLError as error:
        if not report:
            return None
        return None, [_yaml_error_problem(file, text, error)]
    finally:
        loader.dispose()
    return YamlDocument(file, _stringify_keys(data), lines), problems


def load_yaml_document(path: Path, file: str | None = None) -> tuple[YamlDocument | None, list[Problem]]:
    """Read and parse a YAML file; see :func:`parse_yaml_document`.

    :param path: the file to read (UTF-8).
    :param file: the name to use in problems; defaults to :func:`display_path`.
    :return: the document (``None`` when unreadable) and the problems.
    """
    name = display_path(path) if file is None else file
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):  # reading a pipe would wait for a writer forever
            return None, [Problem(name, None, "", "not a regular file (a folder, a pipe or a device)")]
        size = status.st_size
        if size > MAX_BYTES:
            return None, [Problem(name, None, "", f"the file is {size} bytes: more than a record may be ({MAX_BYTES})")]
        raw = path.read_bytes()
    except OSError as error:
        return None, [Problem(name, None, "", f"cannot read file: {error.strerror or error}")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        return None, [Problem(name, line, "", f"not UTF-8: {error.reason} at byte {error.start}")]
    return parse_yaml_document(text, name)
