"""Check the spec data: schemas, cross-references, profiles, seed quotes, SPEC.md.

:func:`check_spec` runs every check and collects all problems;
:func:`load_spec` returns a :class:`~sheepshead_spec.catalogue.Spec` only when
the data is consistent. The individual ``check_*`` functions are public so
that tests can run them one by one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .cache import content_key, read_entry, write_entry
from .catalogue import AREA_IDS, Cite, Source, Spec, spec_from_data
from .problems import PathPart, Problem, SpecError
from .render import render_spec_markdown
from .resources import SeedsLocation, checkout_root, find_seeds, package_dir
from .schemas import validate_document
from .yamldoc import YamlDocument, display_path, load_yaml_document

__all__ = [
    "CheckReport",
    "SpecDocuments",
    "check_areas",
    "check_axes",
    "check_cites",
    "check_links",
    "check_options_used",
    "check_profiles",
    "check_quotes",
    "check_rendered",
    "check_spec",
    "check_unique_ids",
    "load_documents",
    "load_spec",
    "read_seed_lines",
]


@dataclass(frozen=True)
class SpecDocuments:
    """The two YAML documents of a spec, with their lines."""

    rules: YamlDocument
    """``rules.yaml``."""
    variants: YamlDocument
    """``variants.yaml``."""


Check = Callable[[Spec, SpecDocuments], list[Problem]]


def _duplicates(doc: YamlDocument, ids: Iterable[tuple[Sequence[PathPart], str]], kind: str) -> list[Problem]:
    first: dict[str, Sequence[PathPart]] = {}
    problems = []
    for path, value in ids:
        if value in first:
            line = doc.line(first[value])
            problems.append(doc.problem(path, f"duplicate {kind} {value!r} (first on line {line})"))
        else:
            first[value] = path
    return problems


def check_unique_ids(spec: Spec, docs: SpecDocuments) -> list[Problem]:
    """Ids are unique: texts, references, areas, rules, axes, options per axis, errata, profiles."""
    r, v = docs.rules, docs.variants
    problems = _duplicates(r, ((("texts", i, "file"), t.file) for i, t in enumerate(spec.texts)), "text")
    problems += _duplicates(r, ((("references", i, "id"), x.id) for i, x in enumerate(spec.references)), "reference id")
    problems += _duplicates(r, ((("areas", i, "id"), a.id) for i, a in enumerate(spec.areas)), "area")
    problems += _duplicates(r, ((("rules", i, "id"), x.id) for i, x in enumerate(spec.rules)), "rule id")
    problems += _duplicates(v, ((("axes", i, "id"), a.id) for i, a in enumerate(spec.axes)), "axis id")
    for i, axis in enumerate(spec.axes):
        options = ((("axes", i, "options", j, "id"), o.id) for j, o in enumerate(axis.options))
        problems += _duplicates(v, options, "option id")
    problems += _duplicates(v, ((("errata", i, "id"), e.id) for i, e in enumerate(spec.errata)), "erratum id")
    problems += _duplicates(v, ((("profiles", i, "id"), p.id) for i, p in enumerate(spec.profiles)), "profile id")
    return problems


def check_areas(spec: Spec, docs: SpecDocuments) -> list[Problem]:
    """Areas come in the closed order; each rule's area is its id prefix and is listed."""
    r = docs.rules
    problems = []
    listed = [a.id for a in spec.areas]
    expected = [a for a in AREA_IDS if a in listed]
    if listed != expected and len(set(listed)) == len(listed):
        problems.append(r.problem(["areas"], "areas must be listed in the order " + ", ".join(expected)))
    for i, rule in enumerate(spec.rules):
        prefix = rule.id.split(".", 1)[0]
        if rule.area != prefix:
            problems.append(
                r.problem(
                    ["rules", i, "area"],
                    f"area {rule.area!r} differs from the id prefix {prefix!r}",
                )
            )
        if rule.area not in listed:
            problems.append(r.problem(["rules", i, "area"], f"area {rule.area!r} is not in areas"))
    for i, axis in enumerate(spec.axes):
        if axis.area not in listed:
            problems.append(docs.variants.problem(["axes", i, "area"], f"area {axis.area!r} is not in areas"))
    return problems


def _source_links(
    doc: YamlDocument, path: Sequence[PathPart], sources: Sequence[Source], files: set[str]
) -> list[Problem]:
    return [
        doc.problem([*path, j, "seed"], f"seed {s.seed!r} is not one of texts[].file in rules.yaml")
        for j, s in enumerate(sources)
        if s.seed not in files
    ]


def check_links(spec: Spec, docs: SpecDocuments) -> list[Problem]:
    """Every id mentioned exists: derived_from, references, axis, errata, seeds; versions agree."""
    r, v = docs.rules, docs.variants
    rules = {x.id for x in spec.rules}
    refs = {x.id for x in spec.references}
    axes = {a.id: a for a in spec.axes}
    errata = {e.id for e in spec.errata}
    files = {t.file for t in spec.texts}
    problems: list[Problem] = []
    for i, rule in enumerate(spec.rules):
        for j, other in enumerate(rule.derived_from):
            if other == rule.id:
                problems.append(r.problem(["rules", i, "derived_from", j], "a rule cannot derive from itself"))
            elif other not in rules:
                problems.append(r.problem(["rules", i, "derived_from", j], f"no rule {other!r}"))
        for j, ref in enumerate(rule.references):
            if ref not in refs:
                problems.append(r.problem(["rules", i, "references", j], f"no reference {ref!r}"))
        for j, axis_id in enumerate(rule.axes):
            where: list[PathPart] = ["rules", i, "axis"]
            if len(rule.axes) > 1:
                where.append(j)
            if axis_id not in axes:
                problems.append(r.problem(where, f"no axis {axis_id!r} in variants.yaml"))
        for j, erratum in enumerate(rule.errata):
            if erratum not in errata:
                problems.append(r.problem(["rules", i, "errata", j], f"no erratum {erratum!r} in variants.yaml"))
        problems += _source_links(r, ["rules", i, "sources"], rule.sources, files)
    for i, axis in enumerate(spec.axes):
        for j, option in enumerate(axis.options):
            path: list[PathPart] = ["axes", i, "options", j]
            for k, ref in enumerate(option.references):
                if ref not in refs:
                    problems.append(v.problem([*path, "references", k], f"no reference {ref!r} in rules.yaml"))
            problems += _source_links(v, [*path, "sources"], option.sources, files)
    for i, err in enumerate(spec.errata):
        problems += _source_links(v, ["errata", i, "sources"], err.sources, files)
        if err.axis is None:
            continue
        options = {o.id for o in axes[err.axis].options} if err.axis in axes else set()
        if err.axis not in axes:
            problems.append(v.problem(["errata", i, "axis"], f"no axis {err.axis!r}"))
        elif err.option is not None and err.option not in options:
            message = f"axis {err.axis!r} has no option {err.option!r}"
            problems.append(v.problem(["errata", i, "option"], message))
    version = v.data.get("spec_version")
    if version != spec.spec_version:
        problems.append(v.problem(["spec_version"], f"{version!r} differs from rules.yaml's {spec.spec_version!r}"))
    return problems


_NAMED_REFERENCE = re.compile(r"\[([A-Z][A-Z0-9-]*)\]")
"""A reference named in prose, ``[W]``."""


def _cite_problems(
    doc: YamlDocument,
    path: Sequence[PathPart],
    references: Sequence[str],
    cites: Sequence[Cite],
    known: set[str],
    unknown: str,
) -> list[Problem]:
    """A reference id without a quote of it, and a quote of an unknown reference."""
    problems = [
        doc.problem([*path, "cites", k, "ref"], f"no reference {cite.ref!r}{unknown}")
        for k, cite in enumerate(cites)
        if cite.ref not in known
    ]
    quoted = {cite.ref for cite in cites}
    for j, ref in enumerate(references):
        if ref in known and ref not in quoted:
            message = f"reference {ref!r} has no quote: add to cites {{ref: {ref}, quote, url}}, the words it says"
            problems.append(doc.problem([*path, "references", j], message))
    return problems


def check_cites(spec: Spec, docs: SpecDocuments) -> list[Problem]:
    """Every outside claim carries its words: each reference id of a rule or an option, and each
    reference a profile's description names (``[W]``), has a quote in ``cites``; every quote is of
    a listed reference."""
    known = {x.id for x in spec.references}
    r, v = docs.rules, docs.variants
    problems: list[Problem] = []
    for i, rule in enumerate(spec.rules):
        problems += _cite_problems(r, ["rules", i], rule.references, rule.cites, known, "")
    for i, axis in enumerate(spec.axes):
        for j, option in enumerate(axis.options):
            path: list[PathPart] = ["axes", i, "options", j]
            problems += _cite_problems(v, path, option.references, option.cites, known, " in rules.yaml")
    for i, profile in enumerate(spec.profiles):
        problems += _cite_problems(v, ["profiles", i], (), profile.cites, known, " in rules.yaml")
        quoted = {cite.ref for cite in profile.cites}
        for name in dict.fromkeys(_NAMED_REFERENCE.findall(profile.description)):
            if name not in known:
                message = f"the description names [{name}], which is not a reference in rules.yaml"
            elif name not in quoted:
                message = (
                    f"the description names [{name}] but cites no quote of it: add to cites {{ref: {name}, quote, url}}"
                )
            else:
                continue
            problems.append(v.problem(["profiles", i, "description"], message))
    return problems


def check_axes(spec: Spec, docs: SpecDocuments) -> list[Problem]:
    """Every axis default is one of its options."""
    return [
        docs.variants.problem(["axes", i, "default"], f"default {axis.default!r} is not an option of the axis")
        for i, axis in enumerate(spec.axes)
        if axis.default not in {o.id for o in axis.options}
    ]


def check_profiles(spec: Spec, docs: SpecDocuments) -> list[Problem]:
    """One root profile setting every axis; parents exist; no cycles; valid choices."""
    v = docs.variants
    problems: list[Problem] = []
    ids = {p.id for p in spec.profiles}
    axes = {a.id: {o.id for o in a.options} for a in spec.axes}
    roots = [i for i, p in enumerate(spec.profiles) if p.inherits is None]
    if not roots:
        problems.append(v.problem(["profiles"], "no root profile (one without inherits)"))
    for i in roots[1:]:
        first = spec.profiles[roots[0]].id
        problems.append(
            v.problem(
                ["profiles", i, "id"],
                f"a second root profile (the first is {first!r}); add inherits",
            )
        )
    for i, profile in enumerate(spec.profiles):
        for axis_id, option_id in profile.options.items():
            where: list[PathPart] = ["profiles", i, "options", axis_id]
            if axis_id not in axes:
                problems.append(v.problem(where, f"no axis {axis_id!r}"))
            elif option_id not in axes[axis_id]:
                problems.append(v.problem(where, f"axis {axis_id!r} has no option {option_id!r}"))
        if profile.inherits is None:
            missing = [a for a in axes if a not in profile.options]
            if missing:
                problems.append(
                    v.problem(
                        ["profiles", i, "options"],
                        "the root profile must set every axis; missing: " + ", ".join(missing),
                    )
                )
        elif profile.inherits not in ids:
            problems.append(v.problem(["profiles", i, "inherits"], f"no profile {profile.inherits!r}"))
        else:
            try:
                spec.profile_chain(profile.id)
            except ValueError as error:
                problems.append(v.problem(["profiles", i, "inherits"], str(error)))
            except KeyError:
                pass  # the missing ancestor is reported on its own entry
    return problems


def check_options_used(spec: Spec, docs: SpecDocuments) -> list[Problem]:
    """Every option of every axis is chosen by at least one resolved profile.

    Skipped while some profile does not resolve (:func:`check_profiles` reports that).
    """
    try:
        resolved = [spec.profile_options(p.id) for p in spec.profiles]
    except (KeyError, ValueError):
        return []
    chosen = {(a, o) for options in resolved for a, o in options.items()}
    return [
        docs.variants.problem(["axes", i, "options", j, "id"], f"option {option.id!r} is not chosen by any profile")
        for i, axis in enumerate(spec.axes)
        for j, option in enumerate(axis.options)
        if (axis.id, option.id) not in chosen
    ]


def read_seed_lines(path: Path) -> list[str]:
    """The lines of a seed text, numbered as ``sed -n Np`` numbers them (index 0 is line 1).

    :param path: the seed file (UTF-8).
    :return: its lines without line ends.
    :raises OSError: if it cannot be read.
    :raises UnicodeDecodeError: if it is not UTF-8.
    """
    text = path.read_text(encoding="utf-8")
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    return lines[:-1] if text.endswith("\n") else lines


def _all_sources(spec: Spec) -> Iterable[tuple[str, list[PathPart], Source]]:
    for i, rule in enumerate(spec.rules):
        for j, s in enumerate(rule.sources):
            yield "rules", ["rules", i, "sources", j], s
    for i, axis in enumerate(spec.axes):
        for j, option in enumerate(axis.options):
            for k, s in enumerate(option.sources):
                yield "variants", ["axes", i, "options", j, "sources", k], s
    for i, err in enumerate(spec.errata):
        for j, s in enumerate(err.sources):
            yield "variants", ["errata", i, "sources", j], s


def check_quotes(spec: Spec, docs: SpecDocuments, seeds: Path) -> tuple[list[Problem], int]:
    """Every quote is a verbatim substring of its line of its seed text.

    :param spec: the catalogue.
    :param docs: its documents, to locate problems.
    :param seeds: the folder of seed texts.
    :return: the problems, and how many quotes were checked.
    """
    problems: list[Problem] = []
    texts: dict[str, list[str]] = {}
    for i, text in enumerate(spec.texts):
        try:
            texts[text.file] = read_seed_lines(seeds / text.file)
        except (OSError, UnicodeDecodeError) as error:
            reason = "not found" if isinstance(error, FileNotFoundError) else f"unreadable ({error})"
            problems.append(docs.rules.problem(["texts", i, "file"], f"{reason} in {seeds}"))
    checked = 0
    for which, path, source in _all_sources(spec):
        lines = texts.get(source.seed)
        if lines is None:
            continue  # unknown or unreadable seed: reported above or by check_links
        doc = docs.rules if which == "rules" else docs.variants
        checked += 1
        if source.line > len(lines):
            message = f"line {source.line} is past the end of {source.seed} ({len(lines)} lines)"
            problems.append(doc.problem([*path, "line"], message))
        elif source.quote not in lines[source.line - 1]:
            message = f"{source.quote!r} not found on line {source.line} of {source.seed}"
            elsewhere = [n for n, line in enumerate(lines, 1) if source.quote in line]
            if elsewhere:
                message += "; it is on line " + ", ".join(str(n) for n in elsewhere[:5])
            problems.append(doc.problem([*path, "quote"], message))
    return problems, checked


def check_rendered(spec: Spec, spec_md: Path) -> list[Problem]:
    """``SPEC.md`` equals what :func:`~sheepshead_spec.render.render_spec_markdown` produces.

    :param spec: the catalogue.
    :param spec_md: the committed ``SPEC.md``.
    :return: one problem naming the first differing line, or none.
    """
    name = display_path(spec_md)
    hint = "run `sheepshead-conformance spec render`"
    try:
        actual = spec_md.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return [Problem(name, None, "", f"cannot read ({error}); {hint}")]
    expected = render_spec_markdown(spec)
    if actual == expected:
        return []
    got, want = actual.splitlines(keepends=True), expected.splitlines(keepends=True)
    line = next(
        (n for n, (a, b) in enumerate(zip(got, want, strict=False), 1) if a != b),
        min(len(got), len(want)) + 1,
    )
    return [Problem(name, line, "", f"out of date (differs from the rendered spec from this line); {hint}")]


CONSISTENCY_CHECKS: tuple[Check, ...] = (
    check_unique_ids,
    check_areas,
    check_links,
    check_cites,
    check_axes,
    check_profiles,
    check_options_used,
)
"""The checks that need only the two documents."""


@dataclass(frozen=True)
class CheckReport:
    """The outcome of :func:`check_spec`."""

    problems: tuple[Problem, ...]
    """Every problem, in file then line order."""
    spec: Spec | None
    """The catalogue, when both documents were valid against their schemas."""
    seeds: SeedsLocation
    """Where the seed texts were looked for."""
    quotes_checked: int = 0
    """How many quotes were compared with the seed texts."""
    rendered_checked: bool = False
    """Whether ``SPEC.md`` was compared with the renderer."""

    @property
    def ok(self) -> bool:
        """Whether no problem was found."""
        return not self.problems


def load_documents(spec_dir: Path, schema_dir: Path | None = None) -> tuple[SpecDocuments | None, list[Problem]]:
    """Load ``rules.yaml`` and ``variants.yaml`` and validate them against their schemas.

    :param spec_dir: the folder holding both files.
    :param schema_dir: the folder holding the schemas (default: ``spec_dir/schema``).
    :return: the documents, or ``None`` when either one is unreadable, not YAML,
        or not valid against its schema; and the problems of both files.
    """
    schemas = spec_dir / "schema" if schema_dir is None else schema_dir
    problems: list[Problem] = []
    docs: list[YamlDocument | None] = []
    for name in ("rules", "variants"):
        doc, found = load_yaml_document(spec_dir / f"{name}.yaml")
        if doc is not None:
            found += validate_document(doc, schemas / f"{name}.schema.json")
        problems += found
        docs.append(None if found else doc)
    rules, variants = docs
    if rules is None or variants is None:
        return None, problems
    return SpecDocuments(rules, variants), problems


def _consistent(spec_dir: Path, schema_dir: Path | None) -> tuple[Spec | None, SpecDocuments | None, list[Problem]]:
    docs, problems = load_documents(spec_dir, schema_dir)
    if docs is None:
        return None, None, problems
    spec = spec_from_data(docs.rules.data, docs.variants.data, hand_records=(spec_dir / "hand-records.md").is_file())
    for check in CONSISTENCY_CHECKS:
        problems += check(spec, docs)
    return spec, docs, problems


def _sorted(problems: Iterable[Problem]) -> tuple[Problem, ...]:
    return tuple(sorted(set(problems), key=lambda p: (p.file, p.line or 0, p.path, p.message)))


def check_spec(
    spec_dir: Path | None = None,
    *,
    schema_dir: Path | None = None,
    seeds: SeedsLocation | None = None,
    spec_md: Path | None = None,
) -> CheckReport:
    """Run every check on the spec in ``spec_dir`` and collect all problems.

    YAML and schema problems of both files are always reported; the other
    checks run only when both documents are valid against their schemas.

    :param spec_dir: the folder with ``rules.yaml`` and ``variants.yaml``
        (default: the installed :mod:`sheepshead_spec` data).
    :param schema_dir: the folder with the schemas (default: ``spec_dir/schema``).
    :param seeds: where the seed texts are (default: :func:`~sheepshead_spec.resources.find_seeds`);
        when absent, quotes are not checked, which is a problem only if the location was explicit.
    :param spec_md: the ``SPEC.md`` to compare with the renderer (default: ``spec_dir/SPEC.md``
        when ``spec_dir`` is the ``spec/`` folder of a checkout and that file exists).
    :return: the report.
    """
    folder = package_dir() if spec_dir is None else spec_dir
    seeds = find_seeds(folder) if seeds is None else seeds
    spec, docs, problems = _consistent(folder, schema_dir)
    if spec is None or docs is None:
        return CheckReport(_sorted(problems), None, seeds)
    checked = 0
    if seeds.path is not None:
        found, checked = check_quotes(spec, docs, seeds.path)
        problems += found
    elif seeds.explicit:
        problems.append(Problem(display_path(folder), None, "", f"seed texts not found: {seeds.origin}"))
    if spec_md is None and checkout_root(folder) is not None and (folder / "SPEC.md").is_file():
        spec_md = folder / "SPEC.md"
    if spec_md is not None:
        problems += check_rendered(spec, spec_md)
    return CheckReport(_sorted(problems), spec, seeds, checked, spec_md is not None)


def load_spec(spec_dir: Path | None = None, *, schema_dir: Path | None = None) -> Spec:
    """Load the spec, checked against its schemas and for consistency.

    Seed quotes and ``SPEC.md`` are not checked here (see :func:`check_spec`).

    >>> spec = load_spec()
    >>> spec.profile("standard").inherits is None
    True

    :param spec_dir: the folder with ``rules.yaml`` and ``variants.yaml``
        (default: the installed :mod:`sheepshead_spec` data).
    :param schema_dir: the folder with the schemas (default: ``spec_dir/schema``).
    :return: the catalogue.
    :raises SpecError: listing every problem, if there is any.
    """
    folder = package_dir() if spec_dir is None else spec_dir
    key = _load_key(folder, schema_dir)
    cached = _LOADED.get(key)
    if cached is not None:
        return cached
    content = content_key(_checked_files(folder, schema_dir))
    data = read_entry("spec", content)
    hand_records = (folder / "hand-records.md").is_file()
    if isinstance(data, dict) and isinstance(data.get("rules"), dict) and isinstance(data.get("variants"), dict):
        spec = spec_from_data(data["rules"], data["variants"], hand_records=hand_records)
    else:
        found, docs, problems = _consistent(folder, schema_dir)
        if found is None or docs is None or problems:
            raise SpecError(_sorted(problems))
        spec = found
        write_entry("spec", content, {"rules": docs.rules.data, "variants": docs.variants.data})
    _LOADED[key] = spec
    return spec


def _checked_files(folder: Path, schema_dir: Path | None) -> list[Path]:
    """Everything a spec's check depends on: both documents, whether ``hand-records.md`` exists,
    every schema, and the modules that read and check them (:mod:`sheepshead_spec.cache`)."""
    code = Path(__file__).parent
    return [
        folder / "rules.yaml",
        folder / "variants.yaml",
        folder / "hand-records.md",
        *sorted((schema_dir or folder / "schema").rglob("*.json")),
        *(code / f"{name}.py" for name in ("catalogue", "validation", "schemas", "yamldoc", "problems")),
    ]


_LOADED: dict[tuple[object, ...], Spec] = {}
"""Loaded specs by folder and file stamps: a spec is immutable, and loading one takes a quarter
of a second, so every caller in a process shares it until a file changes."""


def _load_key(folder: Path, schema_dir: Path | None) -> tuple[object, ...]:
    stamps: list[object] = [str(folder), str(schema_dir)]
    for path in sorted(folder.glob("*.yaml")) + sorted((schema_dir or folder / "schema").rglob("*.json")):
        stat = path.stat()
        stamps += [path.name, stat.st_mtime_ns, stat.st_size]
    return tuple(stamps)
