"""Cases from the Gherkin features: one per scenario, one per ``Examples:`` row of an outline.

The features are parsed once (the official Gherkin parser, through pytest-bdd's feature model, so
that outlines, backgrounds and ``Rule:`` blocks render exactly as under pytest), each step is
matched once against the step vocabulary of :mod:`conformance.cases.steps`, and a case then runs its
steps in a plain loop on a fresh :class:`~conformance.cases.table.Table`. Every ``Then`` step is one
:class:`~conformance.cases.model.Check`; after a differing ``Then`` the remaining steps still run,
so that later differences show as consequences of the first.

**One case for every option.** Outline rows that play the same moment (the same ``Given`` and
``When`` steps) under different options (``@double-on-the-bump:off`` and ``…:on`` Examples) are
one case with an expectation for each option: it runs the row of the options under test, and
keeps the id and line of its first row. A scenario whose ``Given`` actions hold both the bury and
the call is replayed in the order the engine plays (:mod:`conformance.cases.call_order`), so it
has an expectation under both ``call-timing`` options. ``Given under AXIS=OPTION, ACTION is
rejected …`` makes the refusal the expectation under that option, and ``Given under AXIS=OPTION
the scenario does not apply: REASON`` says the options make it impossible (*not applicable*).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sheepshead_spec import Spec

from conformance.adapter import Adapter, AdapterError, Capability, EngineInfo, Unsupported
from conformance.cases.blame import action_topic, rules_for
from conformance.cases.call_order import has_bury_and_call
from conformance.cases.featurelint import ScenarioInfo, Tag, Vocabulary, lint_features, parse_tag
from conformance.cases.mismatches import CaseEnds, Mismatch, NotApplicable, ScenarioError
from conformance.cases.model import Aids, Case, CaseRun, Check, Config, Verdict, pinned, possible, raised
from conformance.cases.table import Table

__all__ = ["ScenarioProblems", "scenario_cases"]


class ScenarioProblems(Exception):
    """Feature files that cannot become cases; :attr:`problems` lists each ``file:line: message``."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(self.problems))


_STEP_TOPICS: Mapping[str, str] = {
    "then_legal_plays": "legal-plays",
    "then_turn": "turn",
    "then_phase": "phase",
    "then_trick": "trick-winner",
    "then_partner": "partner",
    "then_side": "side-totals",
    "then_outcome": "outcome",
    "then_scores": "scores",
    "then_seats": "seat-points",
    "then_leaster_winner": "leaster-winner",
    "then_totals": "session",
    "then_hand_scores": "hand-scores",
    "then_hand_rejected": "session",
    "then_card_points": "card-points",
    "then_beats": "trick-winner",
    "then_trick_winner": "trick-winner",
    "then_callable": "callable",
    "then_under_calls": "callable",
    "then_role_scores": "scores",
    "then_credited": "side-totals",
}
"""The blame topic of each Then step (:mod:`conformance.cases.blame`)."""


@dataclass(frozen=True)
class _Step:
    keyword: str
    text: str
    type: str
    location: str
    function: Callable[..., Any]
    arguments: Mapping[str, Any]


def _definitions() -> list[Any]:
    from conformance.cases.steplint import step_definitions

    return step_definitions()


def _bind(step: Any, location: str, definitions: Sequence[Any]) -> _Step:
    matching = [d for d in definitions if d.type in (None, step.type) and d.parser.is_matching(step.name)]
    if len(matching) != 1:
        what = "no step definition matches" if not matching else "several step definitions match"
        raise ScenarioError(f"{location}: {what} {step.type} step {step.name!r}")
    definition = matching[0]
    arguments = dict(definition.parser.parse_arguments(step.name) or {})
    for name, convert in (definition.converters or {}).items():
        if name in arguments:
            arguments[name] = convert(arguments[name])
    parameters = inspect.signature(definition.step_func).parameters
    arguments = {name: value for name, value in arguments.items() if name in parameters}
    if "datatable" in parameters:
        if step.datatable is None:
            raise ScenarioError(f"{location}: step {step.name!r} needs a data table")
        arguments["datatable"] = step.datatable.raw()
    if "docstring" in parameters:
        if step.docstring is None:
            raise ScenarioError(f"{location}: step {step.name!r} needs a doc string")
        arguments["docstring"] = step.docstring
    return _Step(step.keyword.strip(), step.name, step.type, location, definition.step_func, arguments)


def _depends(tags: Sequence[Tag], spec: Spec) -> tuple[dict[str, frozenset[str]], frozenset[str]]:
    """The axis dependence and required capabilities that a scenario's and its row's tags declare.

    ``@<axis>:<option>`` tags restrict the options with an expectation (several on one axis: any
    of them); ``@profile:<name>`` tags pin every axis to a profile's options (several: any of them).
    """
    depends: dict[str, set[str]] = {}
    requires = {tag.name for tag in tags if tag.kind == "requires"}
    for tag in tags:
        if tag.kind == "option":
            depends.setdefault(tag.name, set()).add(tag.value)
        elif tag.kind == "profile":
            for axis, options in pinned(spec.profile_options(tag.name)).items():
                depends.setdefault(axis, set()).update(options)
    return {axis: frozenset(options) for axis, options in depends.items()}, frozenset(requires)


def _row_ids(rows: Sequence[Mapping[str, str]]) -> list[str]:
    ids = ["-".join(row.values()) for row in rows]
    out = []
    for index, own in enumerate(ids):
        same = [i for i, other in enumerate(ids) if other == own]
        out.append(own + (f"_{same.index(index)}" if len(same) > 1 else ""))
    return out


def _topic_rules(step: _Step, table: Table, case_rules: Sequence[str], error: Mismatch | None) -> tuple[str, ...]:
    if error is not None and error.rules:
        return error.rules
    if error is not None and error.named and Capability.RULE_IDS in table.info.capabilities:
        # A legal action refused under a rule of the case about it: the engine applied that rule
        # where it does not hold (as a record's refusal is blamed).
        topic = error.topic or action_topic(table.attempt.action if table.attempt is not None else "")
        if error.named in rules_for(topic, case_rules):
            return (error.named,)
    if error is not None and error.topic:
        return rules_for(error.topic, case_rules)
    name = getattr(step.function, "__name__", "")
    if name in ("then_accepted", "then_rejected"):
        expected_rule = step.arguments.get("rule")  # one rule, or those of "under rule A or B"
        if expected_rule:
            return tuple(expected_rule) if isinstance(expected_rule, tuple) else (str(expected_rule),)
        action = table.attempt.action if table.attempt is not None else ""
        return rules_for(action_topic(action), case_rules)
    if name == "then_legal_actions":
        actions = step.arguments.get("actions") or ("",)
        return rules_for(action_topic(str(actions[0])), case_rules)
    return rules_for(_STEP_TOPICS.get(name, ""), case_rules)


def _runner(steps: Sequence[_Step], rules: tuple[str, ...]) -> Callable[[Adapter, EngineInfo, Config, Aids], CaseRun]:
    def run(adapter: Adapter, info: EngineInfo, config: Config, aids: Aids) -> CaseRun:
        table = Table(adapter, info, "", config.request, config.expect, rules, aids)
        checks: list[Check] = []
        for number, step in enumerate(steps):
            try:
                step.function(sheepshead_table=table, **step.arguments)
            except CaseEnds as end:
                verdict = Verdict.AGREES if end.agrees else Verdict.DIFFERS
                under = ", ".join(
                    f"{axis}={option}"
                    for axis, option in sorted(config.expect.items())
                    if _refused_under(steps, end.action, axis, option)
                )
                checks.append(
                    Check(
                        f"legality of {end.action!r}" + (f" under {under}" if under else ""),
                        end.rules or rules_for(action_topic(end.action), rules),
                        verdict,
                        end.expected,
                        end.actual,
                        step.location,
                        end.note,
                    )
                )
                checks += [
                    Check(
                        f"{later.keyword} {later.text}",
                        (),
                        Verdict.UNREACHED,
                        location=later.location,
                        note="not reached: the options under test forbid an earlier action",
                    )
                    for later in steps[number + 1 :]
                    if later.type == "then"
                ]
                break
            except NotApplicable as error:  # never planned: a case written wrongly
                return CaseRun(tuple(checks), suite_error=f"{step.location}: {error} (yet the case was run)")
            except Mismatch as error:
                checks.append(
                    Check(
                        f"{step.keyword} {step.text}",
                        _topic_rules(step, table, rules, error),
                        Verdict.DIFFERS,
                        error.expected_text,
                        error.actual_text,
                        error.location or step.location,
                        error.note,
                    )
                )
                if step.type != "then":
                    break
            except Unsupported as error:
                if step.type == "then" and table.by_queries():  # what no query shows: left out, the rest judged
                    rules_of_step = _topic_rules(step, table, rules, None)
                    checks.append(
                        Check(
                            f"{step.keyword} {step.text}", rules_of_step, Verdict.UNASKED, "", str(error), step.location
                        )
                    )
                    continue
                if any(check.verdict is Verdict.DIFFERS for check in checks):
                    break
                return CaseRun(tuple(checks), unsupported=str(error))
            except AdapterError as error:
                return CaseRun(tuple(checks), error=error, error_location=step.location)
            except ScenarioError as error:
                return CaseRun(tuple(checks), suite_error=f"{step.location}: {step.keyword} {step.text}: {error}")
            except Exception as error:  # noqa: BLE001 - an in-process adapter's own bug: an engine error, no traceback
                return CaseRun(tuple(checks), error=raised(error), error_location=step.location)
            else:
                if step.type == "then":
                    checks.append(
                        Check(
                            f"{step.keyword} {step.text}",
                            _topic_rules(step, table, rules, None),
                            Verdict.AGREES,
                            location=step.location,
                        )
                    )
        return CaseRun(tuple(checks), queried=table.by_queries())

    return run


@dataclass(frozen=True)
class _Row:
    """One scenario row, before rows of the same moment are joined into one case."""

    case_id: str
    location: str
    rules: tuple[str, ...]
    depends: dict[str, frozenset[str]]
    requires: frozenset[str]
    steps: list[_Step]
    inapplicable: tuple[tuple[Mapping[str, str], str], ...]


def _step_name(step: _Step) -> str:
    return getattr(step.function, "__name__", "")


def _refused_under(steps: Sequence[_Step], action: str, axis: str, option: str) -> bool:
    return any(
        _step_name(step) == "given_refused_under"
        and step.arguments.get("action") == action
        and step.arguments["when"].get(axis) == option
        for step in steps
    )


_CALL_PHASE_VERBS = ("pick", "bury", "call", "alone")


def _declared(
    steps: Sequence[_Step], depends: dict[str, frozenset[str]], every: Mapping[str, frozenset[str]]
) -> tuple[dict[str, frozenset[str]], tuple[tuple[Mapping[str, str], str], ...]]:
    """A row's dependence with what its steps add: the options of its ``Given under …`` steps,
    and both call orders when its ``Given`` actions hold the bury and the call and no ``When``
    step tries a pick, bury or call (the order the engine plays is the one replayed)."""
    out = dict(depends)
    inapplicable: list[tuple[Mapping[str, str], str]] = []
    for step in steps:
        name = _step_name(step)
        if name not in ("given_not_applicable", "given_refused_under"):
            continue
        when: Mapping[str, str] = step.arguments["when"]
        for axis, option in when.items():
            if axis not in every or option not in every[axis]:
                raise ScenarioError(f"{step.location}: {step.text!r}: no option {axis}={option} in spec/variants.yaml")
            if name == "given_not_applicable":
                continue
            out[axis] = out[axis] | {option} if axis in out else every[axis]
        if name == "given_not_applicable":
            inapplicable.append((dict(when), str(step.arguments["reason"])))
    out = possible(out, inapplicable, every)
    given = [a for step in steps if _step_name(step) == "given_actions" for a in step.arguments["actions"]]
    tried = [str(step.arguments.get("action", "")) for step in steps if step.type == "when"]
    if (
        len(out.get("call-timing", ())) == 1
        and has_bury_and_call(given)
        and not any(action.split()[1:2] and action.split()[1] in _CALL_PHASE_VERBS for action in tried)
    ):
        out["call-timing"] = every["call-timing"]
    return out, tuple(inapplicable)


def _overlap(one: Mapping[str, frozenset[str]], other: Mapping[str, frozenset[str]]) -> bool:
    """Whether some options satisfy both dependences (an axis one of them leaves out: any)."""
    return all(one[axis] & other[axis] for axis in one.keys() & other.keys())


def _same_moments(rows: Sequence[_Row]) -> list[list[_Row]]:
    """The rows grouped into cases: rows with the same ``Given`` and ``When`` steps whose options
    never overlap are one case; every other row is a case of its own."""
    by_moment: dict[tuple[tuple[str, str], ...], list[_Row]] = {}
    for row in rows:
        key = tuple((step.type, step.text) for step in row.steps if step.type != "then")
        by_moment.setdefault(key, []).append(row)
    groups: list[list[_Row]] = []
    for same in by_moment.values():
        apart = len(same) > 1 and all(
            not _overlap(a.depends, b.depends) for i, a in enumerate(same) for b in same[i + 1 :]
        )
        groups += [same] if apart else [[row] for row in same]
    return sorted(groups, key=lambda group: rows.index(group[0]))


def _case(group: Sequence[_Row], every: Mapping[str, frozenset[str]]) -> Case:
    first = group[0]
    if len(group) == 1:
        return Case(
            first.case_id,
            "scenario",
            first.location,
            first.rules,
            first.depends,
            first.requires,
            _runner(first.steps, first.rules),
            inapplicable=first.inapplicable,
        )
    axes = sorted({axis for row in group for axis in row.depends})
    # Each row's expectations, its axes filled in: a row without an axis holds under its every option.
    expectations = tuple({axis: row.depends.get(axis, every[axis]) for axis in axes} for row in group)
    depends = {axis: frozenset().union(*(e[axis] for e in expectations)) for axis in axes}
    rules = tuple(sorted({rule for row in group for rule in row.rules}))
    runners = [(expectation, _runner(row.steps, rules)) for expectation, row in zip(expectations, group, strict=True)]

    def run(adapter: Adapter, info: EngineInfo, config: Config, aids: Aids) -> CaseRun:
        for expectation, runner in runners:
            if all(config.expect.get(axis) in options for axis, options in expectation.items()):
                return runner(adapter, info, config, aids)
        return CaseRun(suite_error=f"{first.location}: no row of the case for {dict(config.expect)}")

    inapplicable = tuple(item for row in group for item in row.inapplicable)
    return Case(
        first.case_id,
        "scenario",
        first.location,
        rules,
        depends,
        frozenset().union(*(row.requires for row in group)),
        run,
        expectations,
        inapplicable,
    )


def scenario_cases(features: Path, spec: Spec, *, prefix: str = "features") -> list[Case]:
    """Every scenario row under ``features`` as a case.

    :param features: a folder of ``.feature`` files (or one file).
    :param spec: the spec (tags are checked against it).
    :param prefix: how the folder is shown in case ids and locations.
    :raises ScenarioProblems: a feature with an unknown tag, a step no definition matches, …
    """
    from pytest_bdd.feature import get_features

    root = features if features.is_dir() else features.parent
    files = sorted(features.rglob("*.feature")) if features.is_dir() else [features]
    index, problems = lint_features(files, Vocabulary.from_spec(spec), root=root, prefix=prefix)
    if problems:
        raise ScenarioProblems(problems)
    axes = [axis.id for axis in spec.axes]
    every = {axis.id: frozenset(option.id for option in axis.options) for axis in spec.axes}
    definitions = _definitions()
    cases: list[Case] = []
    for feature in get_features([str(path) for path in files]):
        shown = f"{prefix}/{Path(feature.filename).resolve().relative_to(root.resolve()).as_posix()}"
        for template in feature.scenarios.values():
            info: ScenarioInfo | None = index.get(feature.filename, template.name)
            if info is None:  # pragma: no cover - the lint indexes every scenario it parses
                continue
            tags = [t for t in (parse_tag(tag, axes) for tag in info.tags) if t is not None]
            rows = [dict(row) for examples in template.examples for row in examples.as_contexts()]
            row_ids = _row_ids(rows)
            built: list[_Row] = []
            for number, context in enumerate(rows or [{}]):
                row_tags = [t for t in (parse_tag(tag, axes) for tag in info.row_tags[number]) if t] if rows else []
                line = info.row_lines[number] if rows else info.line
                case_id = f"{shown}::{template.name}" + (f"[{row_ids[number]}]" if rows else "")
                all_tags = [*tags, *row_tags]
                rules = tuple(sorted({tag.name for tag in all_tags if tag.kind == "rule"}))
                depends, requires = _depends(all_tags, spec)
                try:
                    steps = [
                        _bind(step, f"{shown}:{step.line_number}", definitions)
                        for step in template.render(context).steps
                    ]
                except ScenarioError as error:
                    problems.append(str(error))
                    continue
                if not steps:
                    problems.append(f"{shown}:{line}: scenario {template.name!r} has no steps")
                    continue
                try:
                    depends, inapplicable = _declared(steps, depends, every)
                except ScenarioError as error:
                    problems.append(f"{shown}:{line}: {error}")
                    continue
                built.append(_Row(case_id, f"{shown}:{line}", rules, depends, requires, steps, inapplicable))
            cases += [_case(group, every) for group in _same_moments(built)]
    if problems:
        raise ScenarioProblems(problems)
    return cases
