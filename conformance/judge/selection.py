"""Which cases a run covers: the profiles (or the engine's own rule set), the rule globs, the areas.

A :class:`Selection` is checked once, when it is made (:meth:`Selection.of`), against the spec:
every profile, area and rule glob must name something, with a "did you mean" hint when it does
not. The runner and the commands pass the checked value on, so nothing checks it twice.
"""

from __future__ import annotations

import difflib
import fnmatch
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sheepshead_spec import Spec, derived_profile, split_profile

__all__ = ["Selection", "SelectionError", "closest", "parse_options"]


class SelectionError(ValueError):
    """A profile, area or rule glob that names nothing in the spec (one line, with a hint)."""

    def __init__(self, message: str, option: str) -> None:
        super().__init__(message)
        self.option = option
        """What was wrong: ``profile``, ``option``, ``area`` or ``rule``."""


def closest(word: str, choices: Sequence[str], n: int = 3) -> list[str]:
    """The choices most like ``word`` (for "did you mean" hints).

    >>> closest("trick.highest-trmp-wins", ["trick.highest-trump-wins", "deck.five-players"])
    ['trick.highest-trump-wins']
    """
    found = difflib.get_close_matches(word, choices, n=n, cutoff=0.5)
    if not found:
        found = [c for c in choices if word and (word in c or c in word)][:n]
    return found


def _hint(word: str, choices: Sequence[str]) -> str:
    near = closest(word, choices)
    return f"; did you mean {', '.join(near)}?" if near else ""


def _glob_hint(glob: str, spec: Spec) -> str:
    """A hint for a rule glob matching nothing: a close area (``tricks.*`` -> ``trick.*``) or
    close rule ids."""
    literal = re.split(r"[*?\[]", glob, maxsplit=1)[0]
    area, dot, _ = literal.partition(".")
    areas = [a.id for a in spec.areas]
    if area not in areas:
        near = closest(area, areas, n=1)
        if near:
            return f"; did you mean {near[0]}{dot}{glob[len(area) + len(dot) :] if dot else '.*'}?"
    return _hint(literal, [r.id for r in spec.rules])


def _profiles(spec: Spec, chosen: Sequence[str], options: Mapping[str, str]) -> tuple[str, ...]:
    known = [p.id for p in spec.profiles]
    out: list[str] = []
    for name in chosen:
        for item in known if name == "all" else [name]:
            base = split_profile(item)[0]
            if "=" in base:
                raise SelectionError(
                    f"{base!r} is an option, not a profile: give --option {base}"
                    f" (on top of --profile P, standard by default), or the profile standard+{base}",
                    "profile",
                )
            if base not in known:
                raise SelectionError(
                    f"unknown profile {base!r}{_hint(base, known)} (known: {', '.join(known)}, all)", "profile"
                )
            item = derived_profile(item, options) if options else item
            problem = spec.derived_problem(item)
            if problem is not None:
                raise SelectionError(problem, "option")
            if item not in out:
                out.append(item)
    return tuple(out)


def parse_options(texts: Sequence[str], spec: Spec) -> dict[str, str]:
    """``--option AXIS=OPTION`` arguments as a mapping, each checked against the spec.

    :raises SelectionError: not ``AXIS=OPTION``, or an axis or option the spec does not have
        (with a "did you mean" hint), or one axis given two different options.
    """
    axes = {axis.id: [option.id for option in axis.options] for axis in spec.axes}
    chosen: dict[str, str] = {}
    for text in texts:
        axis, equals, option = text.partition("=")
        if not equals or not axis or not option:
            raise SelectionError(f"--option {text!r}: give AXIS=OPTION, e.g. void-play=must-trump", "option")
        if axis not in axes:
            raise SelectionError(f"--option {text!r}: unknown axis {axis!r}{_hint(axis, list(axes))}", "option")
        if option not in axes[axis]:
            raise SelectionError(
                f"--option {text!r}: axis {axis} has no option {option!r} (its options: {', '.join(axes[axis])})",
                "option",
            )
        if chosen.get(axis, option) != option:
            raise SelectionError(
                f"--option {text!r}: axis {axis} is already set to {chosen[axis]} (give each axis once)", "option"
            )
        chosen[axis] = option
    return chosen


@dataclass(frozen=True)
class Selection:
    """A checked selection of cases."""

    profiles: tuple[str, ...] | None = None
    """Named profiles in the spec's order, ``all`` expanded; ``None``: the engine's own rule set."""
    rule_globs: tuple[str, ...] = ()
    """Keep cases checking a rule id matching one of these (all when empty)."""
    areas: tuple[str, ...] = ()
    """Keep cases checking a rule of one of these areas (all when empty)."""

    @classmethod
    def of(
        cls,
        spec: Spec,
        profiles: Sequence[str] | None = None,
        rule_globs: Sequence[str] | None = None,
        areas: Sequence[str] | None = None,
        *,
        need_rules: bool = True,
        options: Mapping[str, str] | None = None,
    ) -> Selection:
        """Check a selection against the spec.

        :param profiles: profile ids or ``all``; ``None`` or empty: the engine's own rule set (or
            ``standard`` when ``options`` are given).
        :param options: options set on top of every profile (``--option AXIS=OPTION``): each
            profile becomes a derived one, ``standard+void-play=must-trump``.
        :param need_rules: the selection must keep at least one rule.
        :raises SelectionError: a profile, area or glob names nothing, or nothing is left.
        """
        known_areas = [a.id for a in spec.areas]
        for area in areas or ():
            if area not in known_areas:
                raise SelectionError(
                    f"unknown area {area!r}{_hint(area, known_areas)} (known: {', '.join(known_areas)})", "area"
                )
        ids = [r.id for r in spec.rules]
        for glob in rule_globs or ():
            if not fnmatch.filter(ids, glob):
                raise SelectionError(f"--rule {glob!r} matches no rule id{_glob_hint(glob, spec)}", "rule")
        if options and not profiles:
            profiles = ["standard"]
        chosen = cls(
            _profiles(spec, profiles, options or {}) if profiles else None, tuple(rule_globs or ()), tuple(areas or ())
        )
        if need_rules and not chosen.rule_ids(spec):
            raise SelectionError(
                f"no rule matches --rule {' '.join(chosen.rule_globs)} within --area {' '.join(chosen.areas)}", "rule"
            )
        return chosen

    def keeps(self, rules: Sequence[str]) -> bool:
        """Whether a case checking ``rules`` is selected."""
        if self.rule_globs and not any(fnmatch.fnmatchcase(rule, glob) for rule in rules for glob in self.rule_globs):
            return False
        return not self.areas or any(rule.split(".", 1)[0] in self.areas for rule in rules)

    def rule_ids(self, spec: Spec) -> list[str]:
        """The rule ids of the spec this selection keeps, in the spec's order."""
        return [
            rule.id
            for rule in spec.rules
            if (not self.rule_globs or any(fnmatch.fnmatchcase(rule.id, glob) for glob in self.rule_globs))
            and (not self.areas or rule.area in self.areas)
        ]
