"""What a case is, and what one run of it produced.

A :class:`Case` is one scenario row, fixture record or perft position. Its :attr:`Case.depends`
names the variant axes its expected results depend on, and for each the options it has an
expectation for; on every other axis any option gives the same expected result (the dependence
gate in ``tests/suite`` proves it against the reference engine by flipping each axis).

Running a case under a :class:`Config` yields a :class:`CaseRun`: an ordered list of
:class:`Check` values, each tied to the rule ids it checks, in the order the hand happened (the
legality of action *k*, trick *n*'s winner and points, side totals, outcome, scores). The first
check that differs is the case's *divergence*: its rules are blamed; later differing checks are
consequences and are counted against no rule.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from conformance.adapter import Adapter, AdapterError, Deal, EngineInfo
    from conformance.cases.positions import Position

__all__ = [
    "NO_AIDS",
    "Aids",
    "Case",
    "CaseRun",
    "Check",
    "Config",
    "HandBuilder",
    "Verdict",
    "judged_rules",
    "pinned",
    "possible",
    "raised",
]


class Verdict(str, enum.Enum):
    """How one check came out."""

    AGREES = "agrees"
    DIFFERS = "differs"
    UNREPORTED = "unreported"
    """The engine did not report the value (``None``): not checked, never a failure; a case with
    such a check and no difference is *unsupported*, never passed."""
    UNREACHED = "unreached"
    """The record stops before this expectation can be seen under this configuration (a negative
    record whose last action is legal here): not checked, and not the engine's doing."""
    UNASKED = "unasked"
    """No query shows this, and the engine cannot replay (it answers queries only): not checked.
    The case is judged *in part*: only the rules its agreeing or differing checks concern are
    counted for it (:func:`judged_rules`)."""

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Check:
    """One comparison of an engine answer with an expectation."""

    label: str
    """What was compared, e.g. ``winner of trick 3`` or ``legality of 'S2 play QC'``."""
    rules: tuple[str, ...]
    """The rule ids this check checks: the ones blamed when it is the first difference."""
    verdict: Verdict
    expected: str = ""
    actual: str = ""
    location: str = ""
    """``file:line`` of the expectation, step or action."""
    note: str = ""


@dataclass(frozen=True)
class Config:
    """The options of one run of a case.

    ``request`` is what the engine is asked to play (one option per axis); ``expect`` is the
    configuration the case's expectations are read for. They differ only in a *probe*: a run that
    asks the engine to play what it declares and compares the answer with the expectation of an
    option it does not declare, to read from its behaviour which option it plays.
    """

    request: Mapping[str, str]
    expect: Mapping[str, str]


@dataclass(frozen=True)
class CaseRun:
    """What one run of a case produced."""

    checks: tuple[Check, ...] = ()
    unsupported: str | None = None
    """Why the engine could not serve the case (then it is not judged)."""
    error: AdapterError | None = None
    """The engine crashed, hung or broke the protocol (after ``checks``)."""
    error_location: str = ""
    suite_error: str | None = None
    """The case cannot be carried out as written: a bug of the suite, never of the engine."""
    reply: object | None = None
    """The engine's raw answer (a record's ``ReplayResponse`` or ``SessionResponse``), for
    narration; ``None`` for scenarios and perft positions."""
    queried: bool = False
    """The case was asked as queries (the engine cannot replay): only the rules a query's answer
    shows count for it (:func:`~conformance.cases.following.shown_by_queries`)."""

    @property
    def unreported(self) -> tuple[Check, ...]:
        """The checks whose value the engine did not report."""
        return tuple(check for check in self.checks if check.verdict is Verdict.UNREPORTED)

    @property
    def unasked(self) -> tuple[Check, ...]:
        """The checks no query could make (the case asked as queries is judged in part)."""
        return tuple(check for check in self.checks if check.verdict is Verdict.UNASKED)

    @property
    def divergence(self) -> Check | None:
        """The first check that differs, if any."""
        return next((check for check in self.checks if check.verdict is Verdict.DIFFERS), None)

    @property
    def consequences(self) -> tuple[Check, ...]:
        """The differing checks after the first: reported, counted against no rule."""
        differing = [check for check in self.checks if check.verdict is Verdict.DIFFERS]
        return tuple(differing[1:])


def judged_rules(
    case_rules: Sequence[str], checks: Sequence[Check], shown: Callable[[str], bool] | None = None
) -> tuple[str, ...]:
    """The rules of ``case_rules`` that some made check (agreeing or differing) concerns: what a
    case judged in part counts for. A rule only unasked checks concern is not among them, nor one
    ``shown`` says the checks' answers cannot show (a query's answer and whose turn it is).

    >>> made = Check("winner of trick 1", ("trick.highest-trump-wins",), Verdict.AGREES)
    >>> unasked = Check("whose turn it is", ("play.winner-leads",), Verdict.UNASKED)
    >>> judged_rules(("trick.highest-trump-wins", "play.winner-leads"), (made, unasked))
    ('trick.highest-trump-wins',)
    """
    made = {rule for check in checks if check.verdict in (Verdict.AGREES, Verdict.DIFFERS) for rule in check.rules}
    return tuple(rule for rule in case_rules if rule in made and (shown is None or shown(rule)))


def raised(error: Exception) -> AdapterError:
    """An exception an in-process adapter raised (neither ``Unsupported`` nor ``AdapterError``)
    as an engine error of kind ``adapter-error``, its traceback in the detail: the run goes on."""
    import traceback

    from conformance.adapter import AdapterError

    detail = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    return AdapterError("adapter-error", f"the adapter raised {type(error).__name__}: {error}", detail=detail)


def pinned(options: Mapping[str, str]) -> dict[str, frozenset[str]]:
    """The dependence of a case written for a whole named profile (``profile:`` in a record, an
    ``@profile:`` tag): every axis pinned to that profile's option, since it does not say which
    axes matter."""
    return {axis: frozenset({option}) for axis, option in options.items()}


def possible(
    depends: Mapping[str, frozenset[str]],
    inapplicable: Sequence[tuple[Mapping[str, str], str]],
    every: Mapping[str, frozenset[str]],
) -> dict[str, frozenset[str]]:
    """``depends`` without the options a case says make it impossible (each alone): they have no
    expectation. An axis named only there depends on its other options."""
    out = dict(depends)
    for when, _ in inapplicable:
        for axis in when:
            impossible = {w[axis] for w, _ in inapplicable if axis in w and len(w) == 1}
            out[axis] = out.get(axis, every[axis]) - impossible
    return out


HandBuilder = Callable[["Position", Mapping[str, str], str], "tuple[Deal, tuple[str, ...]] | None"]
"""Builds a whole hand reaching a position under some options, seeded by a text; ``None``: none."""


@dataclass(frozen=True)
class Aids:
    """Help a run may take from outside the cases, never as an expectation, passed in explicitly
    by the front end (the cases import no engine): ``reach`` builds a whole hand reaching a
    position, so that an engine that only replays can be asked about it
    (:func:`conformance.fuzz.position_hand.hand_to_position`, with the reference's help)."""

    reach: HandBuilder | None = None


NO_AIDS = Aids()
"""No help: a position is asked only through the ``legal-plays`` query."""

Runner = Callable[["Adapter", "EngineInfo", Config, Aids], CaseRun]


@dataclass(frozen=True, eq=False)
class Case:
    """One scenario row, fixture record or perft position."""

    id: str
    """``features/<file>::<scenario>[<row>]`` or ``fixtures/<file>``."""
    kind: str
    """``scenario``, ``fixture`` or ``perft``."""
    location: str
    """``file:line`` of the scenario row or record."""
    rules: tuple[str, ...]
    """Every rule id the case checks (the union of its checks' rules)."""
    depends: Mapping[str, frozenset[str]]
    """Axis id -> the options the case has an expectation for; absent axes do not matter."""
    requires: frozenset[str]
    """Capabilities the case needs (before it is run)."""
    runner: Runner = field(repr=False)
    expectations: tuple[Mapping[str, frozenset[str]], ...] = ()
    """The option sets with an expectation, when they are not every combination of
    :attr:`depends` (a case made of several outline rows, each for some options); empty: every
    combination has one."""
    inapplicable: tuple[tuple[Mapping[str, str], str], ...] = ()
    """Options under which the case cannot happen at all, each with the reason (a leaster's blind
    under a table that never plays a leaster): such a run is *not applicable*, never unsupported."""

    def run(self, adapter: Adapter, info: EngineInfo, config: Config, aids: Aids = NO_AIDS) -> CaseRun:
        """Run the case once against an engine (``aids``: the front end's help, see :class:`Aids`)."""
        return self.runner(adapter, info, config, aids)

    def covers(self, chosen: Mapping[str, str]) -> bool:
        """Whether the case has an expectation under ``chosen`` (an option of each of its axes)."""
        if any(axis in chosen and chosen[axis] not in options for axis, options in self.depends.items()):
            return False
        return not self.expectations or any(
            all(chosen.get(axis) in options for axis, options in row.items()) for row in self.expectations
        )

    def axis_options(self) -> dict[str, frozenset[str]]:
        """Per axis, the options the case has an expectation for or says are not applicable."""
        out = dict(self.depends)
        for when, _ in self.inapplicable:
            for axis, option in when.items():
                out[axis] = out.get(axis, frozenset()) | {option}
        return out

    def not_applicable(self, chosen: Mapping[str, str]) -> str | None:
        """Why the case cannot happen under ``chosen``, or ``None``."""
        for when, reason in self.inapplicable:
            if all(chosen.get(axis) == option for axis, option in when.items()):
                return f"not applicable under {', '.join(f'{a}={o}' for a, o in when.items())}: {reason}"
        return None
