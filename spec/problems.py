"""Problems found in spec files, reported as ``file:line: path: message``.

Every check in this package collects *all* the problems it finds as
:class:`Problem` values instead of raising on the first one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["PathPart", "Problem", "SpecError", "format_path"]

PathPart = str | int
"""One step of a path into a YAML or JSON document: a mapping key or a list index."""

_PLAIN_KEY = re.compile(r"[A-Za-z0-9_-]+")


def format_path(parts: Iterable[PathPart]) -> str:
    """Render a document path the way problems show it.

    >>> format_path(["rules", 4, "sources", 0, "quote"])
    'rules[4].sources[0].quote'
    >>> format_path(["profiles", 1, "options", "a key"])
    "profiles[1].options['a key']"

    :param parts: mapping keys and list indices, from the document root.
    :return: the dotted path, empty for the root.
    """
    out: list[str] = []
    for part in parts:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif _PLAIN_KEY.fullmatch(part):
            out.append(f".{part}" if out else part)
        else:
            out.append(f"[{part!r}]")
    return "".join(out)


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in one file.

    >>> str(Problem("spec/rules.yaml", 12, "rules[0].id", "duplicate rule id 'deck.x'"))
    "spec/rules.yaml:12: rules[0].id: duplicate rule id 'deck.x'"
    """

    file: str
    """The file, as shown to the user (relative to the working directory when inside it)."""
    line: int | None
    """1-based line in :attr:`file`, or ``None`` when no line applies."""
    path: str
    """The path of the offending value inside the document (see :func:`format_path`), or ``""``."""
    message: str
    """What is wrong, as one short sentence fragment."""

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"


class SpecError(ValueError):
    """The spec data could not be loaded; :attr:`problems` says why."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        """Every problem found."""
        first = str(self.problems[0]) if self.problems else "invalid spec"
        more = len(self.problems) - 1
        super().__init__(first if more <= 0 else f"{first} (and {more} more problems)")
