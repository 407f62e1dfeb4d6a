"""spec/disputes.md quotes the seed texts verbatim, quotes outside references only in words the
spec records for them, and covers every axis and erratum."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
from sheepshead_spec import find_seeds, load_spec

from .conftest import SPEC_DIR

DISPUTES = SPEC_DIR / "disputes.md"
# A quote in the original language, then its citation: «quote» (`003:62`).
CITED_QUOTE = re.compile(r"«([^»]*)»\s*\(`(\d{3}):(\d+)`\)")
# An outside reference's words, then the reference: “words” ([W](SPEC.md#ref-W)).
OUTSIDE_QUOTE = re.compile(r"“([^“”]+)”\s*\(\[([A-Z][A-Z0-9-]*)\]\(SPEC\.md#ref-\2\)\)")


def test_every_quote_is_on_its_cited_line() -> None:
    seeds = find_seeds(SPEC_DIR)
    if seeds.path is None:
        pytest.skip(f"seed texts not found: {seeds.origin}")
    files = {path.name[:3]: path for path in seeds.path.glob("*.txt")}
    text = DISPUTES.read_text(encoding="utf-8")
    checked, misses = 0, []
    for match in CITED_QUOTE.finditer(text):
        quote, seed, line = match.group(1).replace("\n", " "), match.group(2), int(match.group(3))
        lines = files[seed].read_text(encoding="utf-8").split("\n")
        checked += 1
        if line > len(lines) or quote not in lines[line - 1]:
            at = text.count("\n", 0, match.start()) + 1
            misses.append(f"disputes.md:{at}: «{quote[:60]}» is not on line {line} of text {seed}")
    assert checked > 100
    assert not misses, "\n".join(misses)


def _words(text: str) -> str:
    return " ".join(text.split())


def test_every_outside_quote_is_a_quote_the_spec_records_for_that_reference() -> None:
    """The page quotes a reference only in words that rules.yaml or variants.yaml record for it
    (whose cites give the page's address), so that no quote on it is unsourced or paraphrased."""
    spec = load_spec()
    recorded: dict[str, list[str]] = defaultdict(list)
    entries = [*spec.rules, *(o for a in spec.axes for o in a.options), *spec.profiles]
    for entry in entries:
        for cite in entry.cites:
            recorded[cite.ref].append(_words(cite.quote))
    text = DISPUTES.read_text(encoding="utf-8")
    checked, misses = 0, []
    for match in OUTSIDE_QUOTE.finditer(text):
        quote, ref = _words(match.group(1)), match.group(2)
        checked += 1
        if not any(quote in words for words in recorded[ref]):
            at = text.count("\n", 0, match.start()) + 1
            misses.append(f"disputes.md:{at}: “{quote[:60]}” is not among the quotes of [{ref}] in the spec")
    assert checked > 40
    assert not misses, "\n".join(misses)


def test_every_axis_and_erratum_has_a_section() -> None:
    spec = load_spec()
    text = DISPUTES.read_text(encoding="utf-8")
    anchors = [f'<a id="axis-{axis.id}"></a>' for axis in spec.axes]
    anchors += [f'<a id="erratum-{erratum.id}"></a>' for erratum in spec.errata]
    missing = [anchor for anchor in anchors if anchor not in text]
    assert not missing, missing


def test_every_axis_has_a_quick_answer_naming_its_default_and_every_other_choice() -> None:
    spec = load_spec()
    text = DISPUTES.read_text(encoding="utf-8")
    table = text.split("## Quick answers", 1)[1].split("\n\n", 2)[1]
    rows = {m[1]: m[0] for m in re.finditer(r"^\|.*\(#axis-([a-z0-9-]+)\).*$", table, re.MULTILINE)}
    missing = [axis.id for axis in spec.axes if axis.id not in rows]
    assert not missing, f"no quick answer for {missing}"
    for axis in spec.axes:
        row = rows[axis.id]
        chosen = {spec.profile_options(p.id)[axis.id] for p in spec.profiles}
        unnamed = [option for option in sorted(chosen) if f"`{option}`" not in row]
        assert not unnamed, f"the quick answer of {axis.id} does not name {unnamed}"
