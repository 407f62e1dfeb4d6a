"""The SPEC.md renderer: complete, linked and reproducible."""

from __future__ import annotations

import re

import pytest
from sheepshead_spec import Spec, load_spec, render_spec_markdown

from .conftest import SPEC_DIR, MakeSpec

ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
LINK = re.compile(r"\]\(#([^)]+)\)")


@pytest.fixture(scope="module")
def real_spec() -> Spec:
    return load_spec(SPEC_DIR)


def _check_document(spec: Spec, text: str) -> None:
    anchors = ANCHOR.findall(text)
    assert len(anchors) == len(set(anchors)), "duplicate anchors"
    missing = sorted(set(LINK.findall(text)) - set(anchors))
    assert missing == [], f"links to missing anchors: {missing}"
    for rule in spec.rules:
        assert f'<a id="{rule.id}"></a>' in text
    for axis in spec.axes:
        assert f'<a id="axis-{axis.id}"></a>' in text
    for prefix, ids in (
        ("area-", [a.id for a in spec.areas]),
        ("profile-", [p.id for p in spec.profiles]),
        ("erratum-", [e.id for e in spec.errata]),
        ("ref-", [r.id for r in spec.references]),
    ):
        for id_ in ids:
            assert f'<a id="{prefix}{id_}"></a>' in text
    assert text.endswith("\n") and not text.endswith("\n\n")


def test_real_spec_renders_completely(real_spec: Spec) -> None:
    text = render_spec_markdown(real_spec)
    _check_document(real_spec, text)
    assert text == render_spec_markdown(load_spec(SPEC_DIR))  # reproducible


def test_rules_appear_in_area_order(real_spec: Spec) -> None:
    text = render_spec_markdown(real_spec)
    positions = [
        text.index(f'<a id="{rule.id}"></a>') for area in real_spec.areas for rule in real_spec.rules_in_area(area.id)
    ]
    assert positions == sorted(positions)


def test_made_up_spec_renders(make_spec: MakeSpec) -> None:
    spec = load_spec(make_spec().spec_dir)
    text = render_spec_markdown(spec)
    _check_document(spec, text)
    assert '## <a id="hand-records"></a>' not in text
    rule = text[text.index('<a id="trick.highest-trump-wins"></a>') :]
    rule = rule[: rule.index("\n### ")]
    assert "> The highest trump MUST win the trick." in rule
    assert "- **Basis:** tradition" in rule
    assert "- **References:** [W](#ref-W)" in rule
    assert (
        "- **Quoted:**\n  - [W](#ref-W): “The highest trump takes the trick.” ([page](https://example.org/rules))"
        in rule
    )
    assert (
        "    - Quoted:\n      - [W](#ref-W): “The jack of spades is higher” ([page](https://example.org/rules),"
        " read in [a copy](https://example.org/copy))"
    ) in text
    assert "- **Variant axis:** [`jack-order`](#axis-jack-order)" in rule
    assert "- **Errata:** [`bad-list`](#erratum-bad-list)" in rule
    assert "line 3: “Kløverknekt er høyere” (*Jack of clubs is higher*)" in text
    assert "| [`jack-order`](#axis-jack-order) | clubs-first | **spades-first** |" in text


def test_hand_records_section_follows_the_file(make_spec: MakeSpec) -> None:
    made = make_spec()
    (made.spec_dir / "hand-records.md").write_text("# Hand records\n", encoding="utf-8")
    text = render_spec_markdown(load_spec(made.spec_dir))
    assert "[hand-records.md](hand-records.md)" in text
    assert "- [Hand records](#hand-records)" in text


def test_markdown_in_quotes_is_escaped(make_spec: MakeSpec) -> None:
    made = make_spec(
        rules=[("gloss: You are five players", "gloss: 'You *are* [five] | players'")],
    )
    text = render_spec_markdown(load_spec(made.spec_dir))
    assert r"(*You \*are\* \[five\] \| players*)" in text
