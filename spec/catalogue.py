"""The rules catalogue and the variant profiles as typed, frozen values.

:func:`spec_from_data` turns the two YAML documents (already valid against
their schemas) into a :class:`Spec`; :func:`sheepshead_spec.load_spec` reads and
checks them first.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any, Literal, cast

__all__ = [
    "AREA_IDS",
    "Area",
    "Axis",
    "Basis",
    "Cite",
    "Erratum",
    "Option",
    "Profile",
    "Reference",
    "Rule",
    "Source",
    "Spec",
    "Text",
    "derived_profile",
    "spec_from_data",
    "split_profile",
]

AREA_IDS: tuple[str, ...] = (
    "deck",
    "ranking",
    "points",
    "deal",
    "auction",
    "bury",
    "call",
    "alone",
    "crack",
    "play",
    "trick",
    "scoring",
    "all-pass",
    "leaster",
    "session",
    "procedure",
)
"""The closed list of rule areas, in the order the spec presents them."""

Basis = Literal["seed", "derived", "tradition", "practice"]
"""Why a rule holds: a seed text says so, it follows from other rules, players' tradition as
references describe it, or common table practice that no source read gives (said so in a note)."""


@dataclass(frozen=True)
class Text:
    """One of the five seed texts, cited by file name."""

    file: str
    """File name in the seeds folder, e.g. ``003_439d41fb8f900a15.txt``."""
    language: str
    """BCP-47 language tag of the text."""
    family: str
    """``translated-article`` or ``guide``."""
    title: str
    """Title of the text."""
    description: str
    """What the text is and how far to trust it."""


@dataclass(frozen=True)
class Reference:
    """An outside reference, cited by id."""

    id: str
    """Short upper-case id, e.g. ``W``."""
    title: str
    """Human-readable title."""
    url: str | None = None
    """Where to find it, if online."""
    note: str | None = None
    """What it is used for."""


@dataclass(frozen=True)
class Area:
    """A group of rules; the prefix of every rule id in it."""

    id: str
    """One of :data:`AREA_IDS`."""
    title: str
    """Heading."""
    description: str
    """What the area covers."""


@dataclass(frozen=True)
class Source:
    """A verbatim quote from one line of a seed text."""

    seed: str
    """File name of the seed text (one of :attr:`Spec.texts`)."""
    line: int
    """1-based line in that file."""
    quote: str
    """Verbatim substring of that line, in the original language."""
    gloss: str
    """English meaning of the quote."""


@dataclass(frozen=True)
class Cite:
    """A short verbatim quote from an outside reference, with the address of its page."""

    ref: str
    """Reference id (one of :attr:`Spec.references`)."""
    quote: str
    """The words, exactly as the page has them (a short phrase, no ellipsis)."""
    url: str
    """The address of the page that says it."""
    read_in: str | None = None
    """Where the words were read, when that was a copy of the page rather than the page itself."""


@dataclass(frozen=True)
class Rule:
    """One atomic, normative rule with a stable id."""

    id: str
    """Stable id ``<area>.<name>``, e.g. ``trick.highest-trump-wins``."""
    area: str
    """Area id; equals the prefix of :attr:`id`."""
    title: str
    """Short title for headings."""
    statement: str
    """Normative English (MUST / MUST NOT / MAY)."""
    basis: Basis
    """Why the rule holds."""
    sources: tuple[Source, ...] = ()
    """Quotes from the seed texts (non-empty when :attr:`basis` is ``seed``)."""
    derived_from: tuple[str, ...] = ()
    """Rule ids this rule follows from (non-empty when :attr:`basis` is ``derived``)."""
    references: tuple[str, ...] = ()
    """Reference ids (non-empty when :attr:`basis` is ``tradition``)."""
    cites: tuple[Cite, ...] = ()
    """The quotes its references' claims rest on: at least one per id in :attr:`references`."""
    axes: tuple[str, ...] = ()
    """Variant axes this rule depends on (``axis`` in YAML: one id or a list)."""
    note: str | None = None
    """Clarification (markdown)."""
    errata: tuple[str, ...] = ()
    """Errata touching this rule."""


@dataclass(frozen=True)
class Option:
    """One answer to a variant axis."""

    id: str
    """Option id, unique within its axis."""
    summary: str
    """One-line description."""
    sources: tuple[Source, ...] = ()
    """Seed quotes supporting this option."""
    references: tuple[str, ...] = ()
    """Reference ids supporting this option."""
    cites: tuple[Cite, ...] = ()
    """The quotes its references' claims rest on: at least one per id in :attr:`references`."""
    note: str | None = None
    """Clarification (markdown)."""
    unsourced: str | None = None
    """Why the option is modelled although no text or reference states it."""


@dataclass(frozen=True)
class Axis:
    """A point where the texts or players disagree, with its options."""

    id: str
    """Axis id, e.g. ``jack-order``."""
    title: str
    """Heading."""
    question: str
    """The question the options answer."""
    area: str
    """Area it mainly affects."""
    options: tuple[Option, ...]
    """The possible answers."""
    default: str
    """Option id chosen when nothing else is said."""
    rationale: str
    """Why :attr:`default` is the default."""
    applies_when: str | None = None
    """Condition under which the axis matters at all."""

    def option(self, option_id: str) -> Option:
        """The option with this id.

        :raises KeyError: if there is none.
        """
        for option in self.options:
            if option.id == option_id:
                return option
        raise KeyError(f"axis {self.id!r} has no option {option_id!r}")


@dataclass(frozen=True)
class Erratum:
    """A mistake in a seed text and how the spec reads it."""

    id: str
    """Erratum id."""
    title: str
    """Heading."""
    sources: tuple[Source, ...]
    """Where the mistake is."""
    description: str
    """What is wrong."""
    resolution: str
    """How the spec reads it."""
    axis: str | None = None
    """Axis keeping the literal reading as an option, if any."""
    option: str | None = None
    """That option, with :attr:`axis`."""


@dataclass(frozen=True)
class Profile:
    """A named set of variant choices."""

    id: str
    """Profile id, e.g. ``standard``."""
    title: str
    """Heading."""
    description: str
    """Who plays this way."""
    options: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), hash=False)
    """Axis id -> option id, as written (only overrides when :attr:`inherits` is set)."""
    inherits: str | None = None
    """Parent profile id; ``None`` for the root."""
    cites: tuple[Cite, ...] = ()
    """The quotes of the references its description names (``[W]``): at least one per name."""


@dataclass(frozen=True)
class Spec:
    """The whole catalogue: texts, references, areas, rules, axes, errata, profiles."""

    spec_version: str
    """Version of the spec data."""
    texts: tuple[Text, ...]
    """The seed texts."""
    references: tuple[Reference, ...]
    """Outside references."""
    areas: tuple[Area, ...]
    """Areas, in presentation order."""
    rules: tuple[Rule, ...]
    """Rules, in file order."""
    axes: tuple[Axis, ...] = ()
    """Variant axes."""
    errata: tuple[Erratum, ...] = ()
    """Errata in the seed texts."""
    profiles: tuple[Profile, ...] = ()
    """Named profiles."""
    hand_records: bool = False
    """Whether ``hand-records.md`` ships next to the catalogue."""

    @cached_property
    def _rules(self) -> dict[str, Rule]:
        return {r.id: r for r in self.rules}

    @cached_property
    def _axes(self) -> dict[str, Axis]:
        return {a.id: a for a in self.axes}

    @cached_property
    def _profiles(self) -> dict[str, Profile]:
        return {p.id: p for p in self.profiles}

    def rule(self, rule_id: str) -> Rule:
        """The rule with this id.

        :raises KeyError: if there is none.
        """
        return self._rules[rule_id]

    def axis(self, axis_id: str) -> Axis:
        """The axis with this id.

        :raises KeyError: if there is none.
        """
        return self._axes[axis_id]

    def profile(self, profile_id: str) -> Profile:
        """The profile with this id.

        :raises KeyError: if there is none.
        """
        return self._profiles[profile_id]

    def area(self, area_id: str) -> Area:
        """The area with this id.

        :raises KeyError: if there is none.
        """
        return {a.id: a for a in self.areas}[area_id]

    def erratum(self, erratum_id: str) -> Erratum:
        """The erratum with this id.

        :raises KeyError: if there is none.
        """
        return {e.id: e for e in self.errata}[erratum_id]

    def reference(self, reference_id: str) -> Reference:
        """The outside reference with this id.

        :raises KeyError: if there is none.
        """
        return {r.id: r for r in self.references}[reference_id]

    def text(self, file: str) -> Text:
        """The seed text with this file name.

        :raises KeyError: if there is none.
        """
        return {t.file: t for t in self.texts}[file]

    def rules_in_area(self, area_id: str) -> tuple[Rule, ...]:
        """The rules of one area, in file order."""
        return tuple(r for r in self.rules if r.area == area_id)

    def rules_on_axis(self, axis_id: str) -> tuple[Rule, ...]:
        """The rules that depend on one axis, in file order."""
        return tuple(r for r in self.rules if axis_id in r.axes)

    def profile_chain(self, profile_id: str) -> tuple[Profile, ...]:
        """The profile and its ancestors, root first.

        :raises KeyError: if the profile or an ancestor does not exist.
        :raises ValueError: if inheritance loops.
        """
        chain: list[Profile] = []
        seen: list[str] = []
        current: str | None = profile_id
        while current is not None:
            if current in seen:
                loop = " -> ".join([*seen[seen.index(current) :], current])
                raise ValueError(f"profile inheritance cycle: {loop}")
            seen.append(current)
            profile = self.profile(current)
            chain.append(profile)
            current = profile.inherits
        return tuple(reversed(chain))

    def profile_options(self, profile_id: str) -> dict[str, str]:
        """The resolved choices of a profile: its parent's, updated by its own.

        A profile id may carry options on top, ``standard+defender-sweep=partner-off-hook`` (a
        *derived* profile, :func:`derived_profile`; check it first with :meth:`derived_problem`).

        >>> spec = Spec("0", (), (), (), (), profiles=(
        ...     Profile("standard", "S", "", {"a": "x", "b": "y"}),
        ...     Profile("club", "C", "", {"b": "z"}, inherits="standard")))
        >>> spec.profile_options("club")
        {'a': 'x', 'b': 'z'}
        >>> spec.profile_options("club+a=w")
        {'a': 'w', 'b': 'z'}

        :param profile_id: the profile.
        :return: axis id -> option id.
        :raises KeyError: if the profile or an ancestor does not exist.
        :raises ValueError: if inheritance loops.
        """
        base, changes = split_profile(profile_id)
        resolved: dict[str, str] = {}
        for profile in self.profile_chain(base):
            resolved.update(profile.options)
        resolved.update(changes)
        return resolved

    def derived_problem(self, profile_id: str) -> str | None:
        """What is wrong with a profile id, derived or not (one line), or ``None``."""
        base, changes = split_profile(profile_id)
        if base not in self._profiles:
            return f"unknown profile {base!r}"
        for axis_id, option_id in changes.items():
            if axis_id not in self._axes:
                return f"unknown axis {axis_id!r} (in {axis_id}={option_id})"
            options = [option.id for option in self._axes[axis_id].options]
            if option_id not in options:
                return f"axis {axis_id} has no option {option_id!r} (its options: {', '.join(options)})"
        return None


def split_profile(profile_id: str) -> tuple[str, dict[str, str]]:
    """A profile id's named profile and the options set on top of it.

    >>> split_profile("standard+void-play=must-trump+jack-order=diamonds-first")
    ('standard', {'void-play': 'must-trump', 'jack-order': 'diamonds-first'})
    """
    base, *changes = profile_id.split("+")
    return base, dict(change.partition("=")[::2] for change in changes)


def derived_profile(profile_id: str, options: Mapping[str, str]) -> str:
    """The id of ``profile_id`` with ``options`` set on top (the later setting of an axis wins).

    >>> derived_profile("standard", {"void-play": "must-trump"})
    'standard+void-play=must-trump'
    """
    base, changes = split_profile(profile_id)
    changes.update(options)
    return "+".join([base, *(f"{axis}={option}" for axis, option in changes.items())])


def _sources(items: Any) -> tuple[Source, ...]:
    return tuple(Source(seed=s["seed"], line=s["line"], quote=s["quote"], gloss=s["gloss"]) for s in items or ())


def _cites(items: Any) -> tuple[Cite, ...]:
    return tuple(Cite(ref=c["ref"], quote=c["quote"], url=c["url"], read_in=c.get("read_in")) for c in items or ())


def _strings(items: Any) -> tuple[str, ...]:
    return tuple(cast(list[str], items or []))


def spec_from_data(rules: Any, variants: Any, *, hand_records: bool = False) -> Spec:
    """Build a :class:`Spec` from the two parsed YAML documents.

    .. warning:: The documents must already be valid against
       ``rules.schema.json`` and ``variants.schema.json``; this function does
       not check them (use :func:`sheepshead_spec.load_spec`).

    :param rules: the parsed ``rules.yaml``.
    :param variants: the parsed ``variants.yaml``.
    :param hand_records: whether ``hand-records.md`` exists next to them.
    :return: the catalogue.
    """
    return Spec(
        spec_version=rules["spec_version"],
        texts=tuple(Text(t["file"], t["language"], t["family"], t["title"], t["description"]) for t in rules["texts"]),
        references=tuple(Reference(r["id"], r["title"], r.get("url"), r.get("note")) for r in rules["references"]),
        areas=tuple(Area(a["id"], a["title"], a["description"]) for a in rules["areas"]),
        rules=tuple(
            Rule(
                id=r["id"],
                area=r["area"],
                title=r["title"],
                statement=r["statement"],
                basis=r["basis"],
                sources=_sources(r.get("sources")),
                derived_from=_strings(r.get("derived_from")),
                references=_strings(r.get("references")),
                cites=_cites(r.get("cites")),
                axes=_strings([r["axis"]] if isinstance(r.get("axis"), str) else r.get("axis")),
                note=r.get("note"),
                errata=_strings(r.get("errata")),
            )
            for r in rules["rules"]
        ),
        axes=tuple(
            Axis(
                id=a["id"],
                title=a["title"],
                question=a["question"],
                area=a["area"],
                options=tuple(
                    Option(
                        id=o["id"],
                        summary=o["summary"],
                        sources=_sources(o.get("sources")),
                        references=_strings(o.get("references")),
                        cites=_cites(o.get("cites")),
                        note=o.get("note"),
                        unsourced=o.get("unsourced"),
                    )
                    for o in a["options"]
                ),
                default=a["default"],
                rationale=a["rationale"],
                applies_when=a.get("applies_when"),
            )
            for a in variants["axes"]
        ),
        errata=tuple(
            Erratum(
                id=e["id"],
                title=e["title"],
                sources=_sources(e["sources"]),
                description=e["description"],
                resolution=e["resolution"],
                axis=e.get("axis"),
                option=e.get("option"),
            )
            for e in variants.get("errata") or ()
        ),
        profiles=tuple(
            Profile(
                id=p["id"],
                title=p["title"],
                description=p["description"],
                options=MappingProxyType(dict(p.get("options") or {})),
                inherits=p.get("inherits"),
                cites=_cites(p.get("cites")),
            )
            for p in variants["profiles"]
        ),
        hand_records=hand_records,
    )
