"""The outcome of each test case, as data (what every report format is made from)."""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

__all__ = ["CaseResult", "Progress", "Status"]


class Status(str, enum.Enum):
    """How a test case ended."""

    PASSED = "passed"
    FAILED = "failed"
    """The engine answered, and the answer contradicts the rules."""
    UNSUPPORTED = "unsupported"
    """The engine lacks a capability or variant option the case needs; not a failure."""
    SKIPPED = "skipped"
    """The case does not apply under the selected profile."""
    ERROR = "error"
    """The engine could not answer: it crashed, hung, or answered out of protocol."""

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class CaseResult:
    """One test case run against one engine under one profile."""

    case_id: str
    """Stable id: ``features/play/follow_suit.feature::Scenario name[row]`` or ``fixtures/…yaml``."""
    kind: str
    """``scenario`` or ``fixture``."""
    profile: str
    rules: tuple[str, ...]
    """The rule ids the case checks."""
    status: Status
    location: str = ""
    """``file:line`` of the scenario or fixture (of the failing step or action when known)."""
    message: str = ""
    expected: str = ""
    actual: str = ""
    detail: str = ""
    """Extra context: the engine's stderr, a traceback of a harness bug, the step text."""
    duration: float = 0.0
    areas: tuple[str, ...] = field(default=())
    """The rule areas (prefixes of :attr:`rules`)."""
    config: tuple[tuple[str, str], ...] = ()
    """The options of the axes the case depends on that it was judged under (empty: it depends
    on no axis, and ran once)."""
    profiles: tuple[str, ...] = ()
    """The selected profiles this result stands for (empty when judged under the engine's rule set)."""
    blamed: tuple[str, ...] = ()
    """The rules of the first divergence (failed cases): the only rules the failure counts against."""
    consequences: tuple[str, ...] = ()
    """Later differing checks of the same case, one line each: reported, counted against no rule."""
    reason: str = ""
    """Why an unsupported or skipped case did not run, in a form shared by every case of its group
    (``capability replay missing``, ``axis call-timing: the engine plays call-then-bury``)."""
    probe: bool = False
    """A probe: the engine's answer compared with an option it does not declare, only to read its
    variants from its behaviour (never counted as passed or failed)."""
    checks: int = 0
    """How many checks the case made."""
    unjudged: tuple[str, ...] = ()
    """Rules the case names that this run could not judge: the engine answers queries and cannot
    replay, and no query shows them (whose turn it is, the auction, a session's totals). The case
    is judged *in part*: :attr:`rules` holds only the rules it judged, and only those count."""

    @property
    def config_text(self) -> str:
        """``axis=option, …`` of :attr:`config`, or ``any options``."""
        return ", ".join(f"{axis}={option}" for axis, option in self.config) or "any options"

    @property
    def key(self) -> str:
        """Identity across runs (baselines): the case id and the profile, or (judged under an
        engine's own rule set) the options of the case's axes it was judged under."""
        if self.profile:
            return f"{self.case_id} @ {self.profile}"
        return f"{self.case_id} @ {self.config_text}"


def areas_of(rules: Sequence[str]) -> tuple[str, ...]:
    """The distinct areas of rule ids, in order of first appearance."""
    seen: dict[str, None] = {}
    for rule in rules:
        seen.setdefault(rule.split(".", 1)[0], None)
    return tuple(seen)


Progress = Callable[[int, int, CaseResult], None]
"""``progress(done, total, result)``: called as each judged run finishes (``run``, ``matrix``)."""
