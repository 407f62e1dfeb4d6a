"""Render the catalogue as one readable Markdown document, ``spec/SPEC.md``.

Every rule gets an anchor equal to its id (``SPEC.md#trick.highest-trump-wins``);
axes, errata, profiles, references and texts get ``axis-``, ``erratum-``,
``profile-``, ``ref-``, ``text-`` and ``area-`` anchors. The output depends on
the catalogue alone, so it is byte-for-byte reproducible.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .catalogue import Axis, Cite, Erratum, Profile, Rule, Source, Spec

__all__ = ["render_spec_markdown"]

_SPECIAL = re.compile(r"([\\`*_\[\]|])")


def _escape(text: str) -> str:
    """Inline text taken literally (titles, quotes, glosses)."""
    return _SPECIAL.sub(r"\\\1", " ".join(text.split())).replace("<", "&lt;")


def _block(text: str, indent: str = "") -> str:
    """Author markdown; continuation lines indented to stay in a list item."""
    lines = text.strip().splitlines()
    return "\n".join([lines[0], *(indent + line if line else "" for line in lines[1:])])


def _item(label: str, text: str) -> str:
    return f"- **{label}:** {_block(text, '  ')}"


def _anchor(anchor: str) -> str:
    return f'<a id="{anchor}"></a>'


def _text_anchor(file: str) -> str:
    return "text-" + file.removesuffix(".txt")


def _rule_link(rule_id: str) -> str:
    return f"[`{rule_id}`](#{rule_id})"


def _links(links: Iterable[str]) -> str:
    return ", ".join(links)


def _source(source: Source) -> str:
    return (
        f"[`{source.seed}`](#{_text_anchor(source.seed)}) line {source.line}: "
        f"“{_escape(source.quote)}” (*{_escape(source.gloss)}*)"
    )


def _sources(sources: Sequence[Source], indent: str) -> list[str]:
    return [f"{indent}- {_source(s)}" for s in sources]


def _cite(cite: Cite) -> str:
    """An outside quote, its reference and the page that says it (and the copy read, if any)."""
    where = f"[page]({cite.url})"
    if cite.read_in is not None:
        where += f", read in [a copy]({cite.read_in})"
    return f"[{cite.ref}](#ref-{cite.ref}): “{_escape(cite.quote)}” ({where})"


def _cites(cites: Sequence[Cite], indent: str) -> list[str]:
    return [f"{indent}- {_cite(c)}" for c in cites]


def _references(spec: Spec, ids: Iterable[str]) -> str:
    return _links(f"[{ref}](#ref-{ref})" for ref in ids)


def _resolved(spec: Spec) -> dict[str, dict[str, str]]:
    resolved = {}
    for profile in spec.profiles:
        try:
            resolved[profile.id] = spec.profile_options(profile.id)
        except (KeyError, ValueError):
            resolved[profile.id] = {}
    return resolved


def _intro(spec: Spec) -> list[str]:
    counts = (
        f"Spec version {spec.spec_version}: {len(spec.rules)} rules in {len(spec.areas)} areas, "
        f"{len(spec.axes)} variant axes, {len(spec.errata)} errata, {len(spec.profiles)} profiles, "
        f"{len(spec.texts)} seed texts."
    )
    return [
        "# Sheepshead rules specification",
        "",
        "<!-- Generated from rules.yaml and variants.yaml by `sheepshead-conformance spec render`."
        " Do not edit by hand. -->",
        "",
        counts,
        "",
        '## <a id="how-to-read"></a>How to read this document',
        "",
        "Each rule has a stable id such as `trick.highest-trump-wins`, which is also its anchor"
        " here (`SPEC.md#trick.highest-trump-wins`). The first part of the id is the rule's area."
        " The statement in the box is normative: MUST, MUST NOT and MAY are meant as in RFC 2119."
        " The basis says why the rule holds:",
        "",
        "- **seed**: one of the five seed texts states it. Its sources quote the text by file and"
        " line, in the original language, with an English gloss.",
        "- **derived**: it follows from the rules it is derived from.",
        "- **tradition**: the texts are silent and established practice, cited by its references, fills"
        " the gap. Each reference is quoted, in the words its page has, with the page's address.",
        "- **practice**: no text or reference read gives the rule; the spec follows common table"
        " practice, and its note says so.",
        "",
        "Where the texts or the players disagree, a rule names a [variant axis](#variant-axes)."
        " A [profile](#profiles) picks one option on every axis; `standard` is the root profile."
        " [Errata](#errata) list the mistakes in the seed texts and how this spec reads them.",
        "",
        "This file is generated from `rules.yaml` and `variants.yaml`: edit those, then run"
        " `sheepshead-conformance spec render`.",
        "",
        *(_linked(spec, line) for line in (*_SCOPE, *_SEVERAL_RULES)),
    ]


def _linked(spec: Spec, line: str) -> str:
    """``[rule](#rule)`` as a link when the spec has that rule, else as plain code."""
    known = {rule.id for rule in spec.rules}
    return re.sub(
        r"\[([a-z0-9-]+\.[a-z0-9-]+)\]\(#\1\)", lambda m: m.group(0) if m.group(1) in known else f"`{m.group(1)}`", line
    )


_SCOPE = [
    '## <a id="scope"></a>Scope',
    "",
    "**In.** Five-handed Sheepshead with a called partner, as the seed texts describe it: the"
    " 32-card pack and its fixed trump suit, the deal, picking, the bury, the call of an ace (a ten"
    " when the picker holds all three fail aces, an under when nothing can be called) or going"
    " alone, the play of six tricks, card points, scoring, what happens when all five pass"
    " (leaster, doubler, redeal, schwanzer), and sessions of hands with the deal rotating and doublers"
    " carried over. Cracking, re-cracking and blitzing are in as optional axes, off by default: no"
    " seed text mentions them, but many tables and engines play them. So is the table procedure"
    " for a revoke found later and an action out of turn (basis `practice`: no text gives it). Where the texts are silent or disagree, the common practice of the tables and"
    " engines cited under [References](#references) is included as a variant axis or a rule with"
    " the basis `tradition`.",
    "",
    "**Out, and why.**",
    "",
    "- *The jack-of-diamonds partner* (the holder of JD is the partner): a different partner rule,"
    " which none of the seed texts describes; every rule of the call and the hold card would change.",
    "- *Three-, four-, six- and seven-handed games*: the texts describe five players"
    " ([deck.five-players](#deck.five-players)); other table sizes change the deal, the blind and the"
    " scoring.",
    "- *Moster, mittler, schneidster and forced pick* when all pass: games that no seed text names"
    " (the texts name the leaster and the doubler, and 003 a redeal); the schwanzer is in, as a"
    " practice engines play.",
    "- *Cracking by a player who passed, castrating and crack-around-the-corner*: further doublings"
    " that no reference read describes precisely enough to test.",
    "- *Table procedure beyond a revoke and an action out of turn* (a misdeal, an exposed card, who"
    " may look at the bury): described in disputes.md but not rules, since the engine protocol"
    " cannot show them; no seed text gives any procedure.",
    "",
]

_SEVERAL_RULES = [
    '## <a id="several-rules"></a>When an action breaks several rules',
    "",
    "An illegal action can break more than one rule: the picker who plays a queen on the called"
    " suit's first lead while holding the hold card fails to follow suit"
    " ([play.follow-suit](#play.follow-suit)) and to follow the first lead with the hold card"
    " ([play.hold-card-on-first-lead](#play.hold-card-on-first-lead)). Every rule it breaks is broken;"
    " an engine naming any of them names a right one, and the judge accepts it (a negative record"
    " lists the others under `also`). The reference engine names one first, in this order, and"
    " lists the others after it:",
    "",
    "1. following suit or trump (`play.follow-suit`, `play.follow-trump`), which every text states"
    " first and which hold under every profile;",
    "2. the duties around the called card (`play.hold-card-on-first-lead`, `play.hold-card-kept`,"
    " `play.partner-plays-called-card`, `play.partner-keeps-called-card`), which hold under every"
    " profile but only while the called suit has not been led;",
    "3. must-trump (`play.void-in-led-suit`), which holds only under one option of the void-play axis.",
    "",
    "The most general rule comes first, so that the name an engine gives does not depend on the"
    " profile for the rules that every profile shares.",
    "",
]


def _contents(spec: Spec) -> list[str]:
    lines = ['## <a id="contents"></a>Contents', ""]
    for area in spec.areas:
        count = len(spec.rules_in_area(area.id))
        lines.append(f"- [{_escape(area.title)}](#area-{area.id}) ({count} rules)")
    lines += [
        "- [Variant axes](#variant-axes)",
        "- [Errata](#errata)",
        "- [Profiles](#profiles)",
        "- [References](#references)",
        "- [Texts](#texts)",
    ]
    if spec.hand_records:
        lines.append("- [Hand records](#hand-records)")
    return [*lines, ""]


def _rule(spec: Spec, rule: Rule) -> list[str]:
    lines = [
        f"### {_anchor(rule.id)}`{rule.id}`: {_escape(rule.title)}",
        "",
        *(f"> {line}" if line else ">" for line in rule.statement.strip().splitlines()),
        "",
        f"- **Basis:** {rule.basis}",
    ]
    if rule.sources:
        lines += ["- **Sources:**", *_sources(rule.sources, "  ")]
    if rule.derived_from:
        lines.append(f"- **Derived from:** {_links(_rule_link(r) for r in rule.derived_from)}")
    if rule.references:
        lines.append(f"- **References:** {_references(spec, rule.references)}")
    if rule.cites:
        lines += ["- **Quoted:**", *_cites(rule.cites, "  ")]
    if rule.axes:
        label = "Variant axis" if len(rule.axes) == 1 else "Variant axes"
        lines.append(f"- **{label}:** {_links(f'[`{a}`](#axis-{a})' for a in rule.axes)}")
    if rule.errata:
        lines.append(f"- **Errata:** {_links(f'[`{e}`](#erratum-{e})' for e in rule.errata)}")
    if rule.note:
        lines += ["", f"**Note.** {_block(rule.note)}"]
    return [*lines, ""]


def _areas(spec: Spec) -> list[str]:
    lines: list[str] = []
    for area in spec.areas:
        lines += [
            f"## {_anchor('area-' + area.id)}{_escape(area.title)}",
            "",
            _block(area.description),
            "",
        ]
        for rule in spec.rules_in_area(area.id):
            lines += _rule(spec, rule)
    return lines


def _axis(spec: Spec, axis: Axis, resolved: dict[str, dict[str, str]]) -> list[str]:
    lines = [
        f"### {_anchor('axis-' + axis.id)}{_escape(axis.title)} (`{axis.id}`)",
        "",
        f"**Question.** {_block(axis.question)}",
        "",
        _item("Area", f"[`{axis.area}`](#area-{axis.area})"),
    ]
    if axis.applies_when:
        lines.append(_item("Applies when", axis.applies_when))
    lines.append("- **Options:**")
    for option in axis.options:
        default = " (default)" if option.id == axis.default else ""
        lines.append(f"  - `{option.id}`{default}: {_block(option.summary, '    ')}")
        chosen = [f"[`{p}`](#profile-{p})" for p, opts in resolved.items() if opts.get(axis.id) == option.id]
        lines.append(f"    - Chosen by: {_links(chosen) or 'no profile'}")
        if option.sources:
            lines += ["    - Sources:", *_sources(option.sources, "      ")]
        if option.references:
            lines.append(f"    - References: {_references(spec, option.references)}")
        if option.cites:
            lines += ["    - Quoted:", *_cites(option.cites, "      ")]
        if option.unsourced:
            lines.append(f"    - No source: {_block(option.unsourced, '      ')}")
        if option.note:
            lines.append(f"    - Note: {_block(option.note, '      ')}")
    lines += ["", f"**Why `{axis.default}` is the default.** {_block(axis.rationale)}", ""]
    rules = spec.rules_on_axis(axis.id)
    if rules:
        lines += [f"Rules on this axis: {_links(_rule_link(r.id) for r in rules)}.", ""]
    return lines


def _erratum(spec: Spec, erratum: Erratum) -> list[str]:
    lines = [
        f"### {_anchor('erratum-' + erratum.id)}{_escape(erratum.title)} (`{erratum.id}`)",
        "",
        "- **Where:**",
        *_sources(erratum.sources, "  "),
        _item("What is wrong", erratum.description),
        _item("How this spec reads it", erratum.resolution),
    ]
    if erratum.axis is not None:
        kept = f"[`{erratum.axis}`](#axis-{erratum.axis})"
        if erratum.option is not None:
            kept += f", option `{erratum.option}`"
        lines.append(f"- **Literal reading kept as:** {kept}")
    touched = [r.id for r in spec.rules if erratum.id in r.errata]
    if touched:
        lines.append(f"- **Rules touched:** {_links(_rule_link(r) for r in touched)}")
    return [*lines, ""]


def _profile(profile: Profile) -> list[str]:
    lines = [f"### {_anchor('profile-' + profile.id)}{_escape(profile.title)} (`{profile.id}`)", ""]
    lines += [_block(profile.description), ""]
    if profile.cites:
        lines += ["Quoted:", "", *_cites(profile.cites, ""), ""]
    if profile.inherits is not None:
        changes = _links(f"`{a}`: `{o}`" for a, o in profile.options.items()) or "none"
        lines += [
            f"Inherits [`{profile.inherits}`](#profile-{profile.inherits}); changes {changes}.",
            "",
        ]
    return lines


def _profiles(spec: Spec, resolved: dict[str, dict[str, str]]) -> list[str]:
    lines = ['## <a id="profiles"></a>Profiles', ""]
    lines += [
        "Each profile picks one option on every axis. A profile that inherits starts from its"
        " parent's choices; in the table, **bold** marks a choice that differs from the parent's.",
        "",
    ]
    for profile in spec.profiles:
        lines += _profile(profile)
    header = ["Axis", *(f"[`{p.id}`](#profile-{p.id})" for p in spec.profiles)]
    lines += ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    for axis in spec.axes:
        cells = [f"[`{axis.id}`](#axis-{axis.id})"]
        for profile in spec.profiles:
            value = resolved[profile.id].get(axis.id, "?")
            parent = resolved.get(profile.inherits or "", {}).get(axis.id)
            cells.append(f"**{value}**" if profile.inherits and value != parent else value)
        lines.append("| " + " | ".join(cells) + " |")
    return [*lines, ""]


def _references_section(spec: Spec) -> list[str]:
    lines = ['## <a id="references"></a>References', ""]
    for ref in spec.references:
        title = f"[{_escape(ref.title)}]({ref.url})" if ref.url else _escape(ref.title)
        note = f" {_block(ref.note, '  ')}" if ref.note else ""
        lines.append(f"- {_anchor('ref-' + ref.id)}**{ref.id}**: {title}.{note}")
    return [*lines, ""]


def _texts(spec: Spec) -> list[str]:
    lines = [
        '## <a id="texts"></a>Texts',
        "",
        "The five seed texts, quoted by file name and 1-based line number.",
        "",
    ]
    for text in spec.texts:
        lines.append(
            f"- {_anchor(_text_anchor(text.file))}`{text.file}` ({text.language}, {text.family}):"
            f" {_escape(text.title)}. {_block(text.description, '  ')}"
        )
    return [*lines, ""]


def render_spec_markdown(spec: Spec) -> str:
    """Render the whole catalogue as Markdown, the contents of ``spec/SPEC.md``.

    :param spec: the catalogue (consistent, as :func:`~sheepshead_spec.load_spec` returns it).
    :return: the document, ending with exactly one newline.
    """
    resolved = _resolved(spec)
    lines = [*_intro(spec), *_contents(spec), *_areas(spec)]
    lines += ['## <a id="variant-axes"></a>Variant axes', ""]
    for axis in spec.axes:
        lines += _axis(spec, axis, resolved)
    lines += ['## <a id="errata"></a>Errata', ""]
    for erratum in spec.errata:
        lines += _erratum(spec, erratum)
    if not spec.errata:
        lines += ["None.", ""]
    lines += [*_profiles(spec, resolved), *_references_section(spec), *_texts(spec)]
    if spec.hand_records:
        lines += [
            '## <a id="hand-records"></a>Hand records',
            "",
            "How a whole hand is written down, for fixtures and for engines under test, is"
            " specified in [hand-records.md](hand-records.md); its JSON Schemas are in"
            " [schema/](schema/).",
            "",
        ]
    return "\n".join(lines).rstrip("\n") + "\n"
