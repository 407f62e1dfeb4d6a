"""How a conformance check says that an engine's answer is wrong, and how values are shown.

A step or a fixture that finds the engine's answer contradicting the rules raises
:class:`Mismatch` (one finding) or :class:`Mismatches` (several, e.g. every wrong expectation of a
hand record). The case loop turns them into the checks of a run, from which
:class:`~conformance.judge.results.CaseResult` (and every report, the pytest plugin's too) is made.

>>> error = Mismatch("trick 3 winner", "S3", "S4", location="fixtures/hands/x.yaml:21")
>>> str(error)
'fixtures/hands/x.yaml:21: trick 3 winner: expected S3, got S4'
>>> show(("QC", "AH")), show(None), show({"S1": 2, "S2": -2})
('QC AH', 'nothing', 'S1 +2, S2 -2')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["CaseEnds", "Mismatch", "NotApplicable", "Mismatches", "ScenarioError", "rejection_text", "show", "show_set"]


def show(value: object, *, signed: bool = True) -> str:
    """A value as a report shows it: cards and actions space-separated, score maps signed.

    :param value: a string, number, ``None``, sequence or mapping.
    :param signed: whether a mapping's numbers are score changes (``S2 +37``); card points and
        trick counts are not (``S2 37``).
    :return: its display text.
    """
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        parts = []
        for key, item in value.items():
            number = isinstance(item, int) and not isinstance(item, bool)
            text = (f"{item:+d}" if signed else str(item)) if number else show(item, signed=signed)
            parts.append(f"{key} {text}")
        return ", ".join(parts)
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        separator = ", " if any(" " in str(item) for item in items) else " "
        return separator.join(str(item) for item in items) if items else "none"
    return str(value)


def rejection_text(rule: str | None, message: str) -> str:
    """How an engine's rejection reads in a report: ``rejected under play.follow-suit: <message>``."""
    text = "rejected" + (f" under {rule}" if rule else "")
    return f"{text}: {message}" if message else text


def show_set(values: Sequence[str] | set[str] | frozenset[str]) -> str:
    """A set of cards or actions, sorted so that reports are stable."""
    return show(sorted(set(values)))


@dataclass(eq=False)
class Mismatch(AssertionError):
    """The engine's answer differs from what the rules require."""

    what: str
    """What was checked, e.g. ``trick 3 winner`` or ``legal plays of S2``."""
    expected: object
    actual: object
    location: str = ""
    """``file:line`` of the expectation (or of the action the engine mishandled)."""
    note: str = ""
    """Extra context, e.g. the rule the engine named."""
    rules: tuple[str, ...] = ()
    """The rules the evidence points at (a diagnosis), when the check can tell."""
    topic: str = ""
    """What kind of check failed, when it is not the step's own (e.g. ``play`` for a rejected
    setup action found while answering a later step); see :mod:`conformance.cases.blame`."""
    named: str | None = None
    """The rule the engine named in refusing an action the rules allow (blamed when it is one of
    the case's rules about that action, as a record's refusal is)."""

    def __post_init__(self) -> None:
        super().__init__(str(self))

    @property
    def expected_text(self) -> str:
        """:attr:`expected` as shown in reports."""
        return self.expected if isinstance(self.expected, str) else show(self.expected)

    @property
    def actual_text(self) -> str:
        """:attr:`actual` as shown in reports."""
        return self.actual if isinstance(self.actual, str) else show(self.actual)

    def __str__(self) -> str:
        where = f"{self.location}: " if self.location else ""
        note = f" ({self.note})" if self.note else ""
        return f"{where}{self.what}: expected {self.expected_text}, got {self.actual_text}{note}"


class Mismatches(AssertionError):
    """Several findings about one case; the first is the headline."""

    def __init__(self, items: Sequence[Mismatch]) -> None:
        if not items:
            raise ValueError("Mismatches needs at least one Mismatch")
        self.items = tuple(items)
        super().__init__("\n".join(str(item) for item in self.items))

    @property
    def first(self) -> Mismatch:
        """The first finding (its location, expected and actual head the report)."""
        return self.items[0]


class ScenarioError(Exception):
    """A scenario or fixture is written in a way the harness cannot carry out (a suite bug)."""


@dataclass(eq=False)
class CaseEnds(Exception):
    """A scenario reached the action that the options under test forbid (``Given under
    cracking=off, S4 crack is rejected under rule crack.table-choice``): the engine's answer to
    it is the case's last check, and the steps after it are not reached."""

    action: str
    expected: str
    actual: str
    rules: tuple[str, ...]
    agrees: bool
    note: str = ""


class NotApplicable(Exception):
    """The options under test make the scenario impossible (``Given under all-pass=schwanzer the
    scenario does not apply: …``). The case loop never plans such a run (``run`` and the pytest
    plugin report it as not applicable); raised only if a run is asked for anyway."""
