"""Under which configurations each case runs against an engine.

Under the engine's **rule set** (the default), a case runs once for every combination of options
of the axes it depends on that the engine plays and the case has an expectation for; a case that
depends on no axis runs once. Each combination that differs from the rule set on exactly one axis
becomes a **probe** of that axis: the engine is asked to play what it declares, and its answer is
compared with the expectation of the option it does not declare, so that its variants can be read
from its behaviour. A case with no combination the engine plays is *unsupported*, with the reason
shared by its group.

Under **named profiles** (``--profile``), a case runs once per distinct combination the selected
profiles choose on its axes (so a case that depends on no axis runs once, not once per profile);
a profile whose option the case has no expectation for does not apply; one whose option the
engine does not play makes the case unsupported.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from sheepshead_spec import Spec

from conformance.adapter import EngineInfo
from conformance.cases.model import Case, Config
from conformance.judge.ruleset import RuleSet

__all__ = ["Planned", "plan_case", "plan_profiles"]


@dataclass(frozen=True)
class Planned:
    """One run of a case, or why it does not run."""

    case: Case
    config: tuple[tuple[str, str], ...]
    """The options of the case's axes."""
    run: Config | None
    """``None``: not run (see :attr:`status` and :attr:`reason`)."""
    status: str = "run"
    """``run``, ``probe``, ``unsupported`` or ``skipped``."""
    reason: str = ""
    profiles: tuple[str, ...] = ()


def _missing_capability(case: Case, info: EngineInfo) -> str | None:
    capabilities = {capability.value for capability in info.capabilities}
    missing = sorted(case.requires - capabilities)
    return f"capability {', '.join(missing)} missing" if missing else None


def _axis_reason(axis: str, case: Case, rules: RuleSet) -> str:
    wanted = "|".join(sorted(case.depends[axis]))
    if not rules.plays(axis):
        return f"axis {axis}: the engine plays none of the listed options ({rules.unlisted.get(axis, 'not declared')})"
    return f"axis {axis}: the engine plays {'|'.join(rules.plays(axis))}, the case needs {wanted}"


def plan_case(case: Case, rules: RuleSet, info: EngineInfo, *, probes: bool = True) -> list[Planned]:
    """The runs of ``case`` under the engine's rule set ``rules``."""
    missing = _missing_capability(case, info)
    if missing is not None:
        return [Planned(case, (), None, "unsupported", missing)]
    options = case.axis_options()
    axes = sorted(options)
    planned: list[Planned] = []
    inapplicable: list[str] = []
    for combo in itertools.product(*(sorted(options[axis]) for axis in axes)):
        chosen = dict(zip(axes, combo, strict=True))
        off = [axis for axis in axes if chosen[axis] not in rules.plays(axis)]
        reason = case.not_applicable(chosen)
        if reason is not None:
            if not off:
                inapplicable.append(reason)
            continue
        if not case.covers(chosen):
            continue
        request = rules.request(chosen)
        run = Config(request, {**request, **chosen})
        config = tuple(sorted(chosen.items()))
        if not off:
            planned.append(Planned(case, config, run))
        elif len(off) == 1 and probes:
            planned.append(Planned(case, config, run, "probe", f"probe of axis {off[0]}"))
    if not any(p.status == "run" for p in planned):
        if inapplicable:
            planned.insert(0, Planned(case, (), None, "skipped", inapplicable[0]))
            return planned
        # The cause is an axis where the engine plays none of the options the case has an
        # expectation for (one where it plays none of the listed options first).
        blocking = [a for a in axes if not options[a] & set(rules.plays(a))] or axes
        axis = min(blocking, key=lambda a: (rules.plays(a) != (), a))
        planned.insert(0, Planned(case, (), None, "unsupported", _axis_reason(axis, case, rules)))
    return planned


def plan_profiles(case: Case, profiles: Sequence[str], rules: RuleSet, info: EngineInfo, spec: Spec) -> list[Planned]:
    """The runs of ``case`` under named profiles, one per distinct combination on its axes."""
    missing = _missing_capability(case, info)
    by_config: dict[tuple[tuple[str, str], ...], list[str]] = {}
    skipped: list[str] = []
    reasons: dict[str, str] = {}
    for profile in profiles:
        options = spec.profile_options(profile)
        chosen = {axis: options[axis] for axis in case.axis_options()}
        reason = case.not_applicable(chosen)
        if reason is not None:
            skipped.append(profile)
            reasons.setdefault("skipped", reason)
            continue
        if not case.covers(chosen):
            skipped.append(profile)
            axis = next((a for a in sorted(chosen) if chosen[a] not in case.depends.get(a, {chosen[a]})), "")
            needs = f"{axis}={'|'.join(sorted(case.depends[axis]))}" if axis else "another combination of options"
            reasons.setdefault("skipped", f"not applicable: needs {needs}")
            continue
        by_config.setdefault(tuple(sorted(chosen.items())), []).append(profile)
    planned: list[Planned] = []
    for config, names in by_config.items():
        chosen = dict(config)
        if missing is not None:
            planned.append(Planned(case, config, None, "unsupported", missing, tuple(names)))
            continue
        off = [axis for axis in sorted(chosen) if chosen[axis] not in rules.plays(axis)]
        if off:
            reason = (
                f"axis {off[0]}: the engine plays {rules.describe(off[0])}, profile {names[0]} needs {chosen[off[0]]}"
            )
            planned.append(Planned(case, config, None, "unsupported", reason, tuple(names)))
            continue
        options = spec.profile_options(names[0])
        request = rules.request({axis: options[axis] for axis in options})
        planned.append(Planned(case, config, Config(request, {**request, **chosen}), profiles=tuple(names)))
    if not by_config and skipped:
        planned.append(Planned(case, (), None, "skipped", reasons["skipped"], tuple(skipped)))
    return planned
