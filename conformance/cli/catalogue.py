"""``sheepshead-conformance rules`` and ``explain``: browse the rule catalogue.

``rules [--area A]`` lists every rule (id, area, basis, how many scenarios and fixtures test it,
title). ``explain RULE-ID`` shows one rule in full: statement, basis, sources with their quotes
and glosses, the rules it is derived from and those derived from it, references with their
quotes, its variant axes with every option and the profiles choosing it, errata, and the
scenarios and fixtures that test it (``file:line``). An unknown id exits with status 2 and the closest ids.
"""

from __future__ import annotations

import argparse
import textwrap

from sheepshead_spec import Rule, Spec

from conformance.cases.coverage import RuleUses
from conformance.cli.commands import summary
from conformance.cli.support import (
    EXIT_FAILED,
    EXIT_OK,
    Environment,
    UsageError,
    selection_of,
    spec_or_usage_error,
)
from conformance.judge.selection import closest

__all__ = ["add_parser", "explain", "explain_text", "rules", "rules_text"]

_WIDTH = 100


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``rules`` and ``explain``."""
    listing = commands.add_parser(
        "rules",
        help=summary("rules"),
        description="List the rules: id, area, basis, number of scenarios and fixtures, title.",
    )
    listing.add_argument("--area", action="append", metavar="A", help="only rules of area A")
    listing.add_argument(
        "--coverage",
        action="store_true",
        help="print the number of scenarios and fixtures per rule, list the rules without any,"
        " and exit 1 if there is one",
    )
    listing.set_defaults(handler=rules)
    one = commands.add_parser(
        "explain",
        help=summary("explain"),
        description="Show a rule's statement, basis, sources, derivation, references, variant"
        " axes and options, and the scenarios and fixtures that test it.",
    )
    one.add_argument("rule_id", metavar="RULE-ID", help="e.g. trick.highest-trump-wins")
    one.set_defaults(handler=explain)


def rules_text(spec: Spec, areas: list[str], coverage: RuleUses) -> str:
    """The ``rules`` listing."""
    chosen = [r for r in spec.rules if not areas or r.area in areas]
    width = max((len(r.id) for r in chosen), default=2)
    area_width = max((len(r.area) for r in chosen), default=4)
    lines = [f"{'id'.ljust(width)}  {'area'.ljust(area_width)}  basis      tests  title"]
    for rule in chosen:
        lines.append(
            f"{rule.id.ljust(width)}  {rule.area.ljust(area_width)}  {rule.basis.ljust(9)}"
            f"  {coverage.count(rule.id):5d}  {rule.title}"
        )
    untested = sum(1 for r in chosen if not coverage.count(r.id))
    lines.append(f"{len(chosen)} rules, {untested} without a scenario or fixture")
    return "\n".join(lines) + "\n"


def _wrap(label: str, text: str) -> list[str]:
    pad = " " * (len(label) + 2)
    return textwrap.wrap(" ".join(text.split()), _WIDTH, initial_indent=f"{label}: ", subsequent_indent=pad)


def _axes(spec: Spec, rule: Rule) -> list[str]:
    out: list[str] = []
    for axis_id in rule.axes:
        axis = spec.axis(axis_id)
        out.append(f"  {axis.id}: {axis.question}")
        for option in axis.options:
            chosen_by = [p.id for p in spec.profiles if spec.profile_options(p.id).get(axis.id) == option.id]
            default = " (default)" if option.id == axis.default else ""
            profiles = f" [profiles: {', '.join(chosen_by)}]" if chosen_by else ""
            out.append(f"    {option.id}{default}: {option.summary}{profiles}")
    return out


def explain_text(spec: Spec, rule: Rule, coverage: RuleUses) -> str:
    """The ``explain`` page of one rule."""
    area = spec.area(rule.area)
    out = [f"{rule.id}: {rule.title}", f"area: {area.id} ({area.title})", f"basis: {rule.basis}"]
    out += _wrap("statement", rule.statement)
    if rule.note:
        out += _wrap("note", rule.note)
    if rule.sources:
        out.append("sources:")
        for source in rule.sources:
            out.append(f'  {source.seed}:{source.line}: "{source.quote}"')
            out += textwrap.wrap(source.gloss, _WIDTH, initial_indent="    gloss: ", subsequent_indent="           ")
    if rule.derived_from:
        out.append("derived from:")
        out += [f"  {d}: {spec.rule(d).title}" for d in rule.derived_from]
    followers = [r for r in spec.rules if rule.id in r.derived_from]
    if followers:
        out.append("rules derived from it:")
        out += [f"  {r.id}: {r.title}" for r in followers]
    if rule.references:
        out.append("references:")
        for ref_id in rule.references:
            ref = spec.reference(ref_id)
            url = f" <{ref.url}>" if ref.url else ""
            out.append(f"  {ref.id}: {ref.title}{url}")
            for cite in rule.cites:
                if cite.ref == ref_id:
                    out.append(f'    "{cite.quote}" <{cite.url}>')
    others = [cite for cite in rule.cites if cite.ref not in rule.references]
    if others:
        out.append("quoted in the note:")
        out += [f'  {cite.ref}: "{cite.quote}" <{cite.url}>' for cite in others]
    if rule.axes:
        out.append("variant axes:")
        out += _axes(spec, rule)
    if rule.errata:
        out.append("errata:")
        out += [f"  {e}: {spec.erratum(e).title}" for e in rule.errata]
    scenarios = coverage.scenarios.get(rule.id, [])
    fixtures = coverage.fixtures.get(rule.id, [])
    out.append(f"tested by: {len(scenarios)} scenarios, {len(fixtures)} fixtures")
    out += [f"  {use.location}: {use.title}" for use in scenarios]
    out += [f"  {use.location}: {use.title}" for use in fixtures]
    if not scenarios and not fixtures:
        out.append("  (nothing tests this rule yet)")
    return "\n".join(out) + "\n"


def rules(args: argparse.Namespace, env: Environment) -> int:
    """Carry out ``rules``."""
    spec = spec_or_usage_error()
    areas = list(selection_of(spec, None, None, args.area, need_rules=False).areas)
    coverage = RuleUses.scan()
    if not args.coverage:
        env.out.write(rules_text(spec, areas, coverage))
        return EXIT_OK
    env.out.write(coverage_text(spec, areas, coverage))
    untested = [r for r in spec.rules if (not areas or r.area in areas) and not coverage.count(r.id)]
    return EXIT_FAILED if untested else EXIT_OK


def coverage_text(spec: Spec, areas: list[str], coverage: RuleUses) -> str:
    """``rules --coverage``: scenarios and fixtures per rule, then the rules without any."""
    chosen = [r for r in spec.rules if not areas or r.area in areas]
    width = max((len(r.id) for r in chosen), default=2)
    lines = [f"{'rule'.ljust(width)}  scenarios  fixtures"]
    for rule in chosen:
        lines.append(
            f"{rule.id.ljust(width)}  {len(coverage.scenarios.get(rule.id, ())):9d}"
            f"  {len(coverage.fixtures.get(rule.id, ())):8d}"
        )
    untested = [r.id for r in chosen if not coverage.count(r.id)]
    lines.append(f"{len(chosen)} rules, {len(chosen) - len(untested)} tested, {len(untested)} without a test")
    lines += [f"  untested: {rule_id}" for rule_id in untested]
    return "\n".join(lines) + "\n"


def explain(args: argparse.Namespace, env: Environment) -> int:
    """Carry out ``explain``.

    :raises UsageError: no rule has that id (the message suggests the closest ids).
    """
    spec = spec_or_usage_error()
    ids = [r.id for r in spec.rules]
    if args.rule_id not in ids:
        near = closest(args.rule_id, ids, n=5)
        hint = f"; closest: {', '.join(near)}" if near else "; see `sheepshead-conformance rules`"
        raise UsageError(f"no rule {args.rule_id!r}{hint}")
    env.out.write(explain_text(spec, spec.rule(args.rule_id), RuleUses.scan()))
    return EXIT_OK
