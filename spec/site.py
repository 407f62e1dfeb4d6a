"""The spec as one self-contained web page (``sheepshead-conformance spec site DIR``).

One HTML file, no external asset: inline CSS, and a few lines of inline script for the search
box (the page reads the same without it; the box is shown only when the script runs). It holds
every rule with its statement, its seed quotes beside their glosses, its axis options and the
profiles that choose each, and the tests that check it; the variant comparison table; the
disputes pages; and every test rendered as its source (a Gherkin scenario, a YAML record).

The prose (the scope, the axes, errata, profiles, references and texts) is ``SPEC.md`` and
``disputes.md`` rendered as CommonMark (``markdown-it-py``), with the links between the two
documents turned into links within the page.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from markdown_it import MarkdownIt

from .catalogue import Rule, Source, Spec
from .render import render_spec_markdown

__all__ = ["SiteTest", "render_site"]


@dataclass(frozen=True)
class SiteTest:
    """A test shown on the page: a scenario or a fixture record."""

    anchor: str
    """Its id in the page (``test-…``)."""
    kind: str
    """``scenario``, ``fixture``, ``perft`` or ``position``."""
    title: str
    location: str
    """``file:line`` in the repository."""
    rules: tuple[str, ...]
    text: str
    """Its source: the scenario's Gherkin, or the record's YAML."""


_CSS = """
:root { --ink: #1d1d1f; --muted: #5f6368; --line: #d9dce1; --tint: #f4f6f8; --accent: #0b57d0; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); }
header, main { max-width: 60rem; margin: 0 auto; padding: 0 1rem; }
header { padding-top: 1rem; border-bottom: 1px solid var(--line); }
nav { display: flex; flex-wrap: wrap; gap: .2rem .9rem; }
main { overflow-wrap: anywhere; }
a { color: var(--accent); }
h1 { font-size: 1.6rem; margin: .2rem 0; }
h2 { font-size: 1.35rem; margin-top: 2.2rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.15rem; margin-top: 1.8rem; }
h4 { font-size: 1rem; margin: 0 0 .4rem; }
code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; font-size: .88em; }
pre { background: var(--tint); padding: .6rem; overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
blockquote { margin: .4rem 0; padding: .4rem .8rem; border-left: 4px solid var(--accent); background: var(--tint); }
table { border-collapse: collapse; margin: .5rem 0; display: block; overflow-x: auto; }
th, td { border: 1px solid var(--line); padding: .25rem .45rem; vertical-align: top; text-align: left; }
th { background: var(--tint); }
.rule, .test { border: 1px solid var(--line); border-radius: 6px; padding: .7rem .9rem; margin: .9rem 0; }
.meta { color: var(--muted); font-size: .9em; }
.search { margin: .6rem 0; }
.search input { font-size: 1rem; padding: .35rem .5rem; width: min(100%, 24rem); }
details summary { cursor: pointer; }
"""

_SCRIPT = """
(function () {
  var form = document.getElementById("search"), box = document.getElementById("q");
  var count = document.getElementById("count"), rules = document.querySelectorAll("article.rule");
  form.hidden = false;
  function run() {
    var words = box.value.toLowerCase().split(/\\s+/).filter(Boolean), shown = 0;
    rules.forEach(function (rule) {
      var text = rule.getAttribute("data-search"), hit = words.every(function (w) { return text.indexOf(w) >= 0; });
      rule.hidden = !hit; if (hit) { shown++; }
    });
    count.textContent = words.length ? shown + " of " + rules.length + " rules" : "";
  }
  box.addEventListener("input", run);
  form.addEventListener("submit", function (event) { event.preventDefault(); run(); });
  var asked = new URLSearchParams(window.location.search).get("q");
  if (asked) { box.value = asked; run(); }
})();
"""


def _e(text: str) -> str:
    return html.escape(" ".join(str(text).split()))


def _markdown() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": True}).enable("table")


_LINK = re.compile(r'href="([^"]*)"')


def _site_links(rendered: str, *, prefix: str = "") -> str:
    """Links of a rendered document made links within the page: ``SPEC.md#x`` -> ``#x``; with
    ``prefix`` (the disputes pages), the document's own anchors ``#x`` -> ``#<prefix>x``."""

    def link(match: re.Match[str]) -> str:
        target = match[1]
        if target.startswith("SPEC.md"):
            target = "#" + target.partition("#")[2] if "#" in target else "#top"
        elif target.startswith("disputes.md"):
            target = "#" + prefix + target.partition("#")[2] if "#" in target else "#disputes"
        elif target.startswith("#") and prefix:
            target = "#" + prefix + target[1:]
        return f'href="{target}"'

    rendered = _LINK.sub(link, rendered)
    # a link to another file of the repository leads nowhere from a page on its own: its text stays
    rendered = re.sub(r'<a href="(?!#|https?:)([^"]*)">(.*?)</a>', r'<span class="file" title="\1">\2</span>', rendered)
    if prefix:
        rendered = re.sub(r'<a id="([^"]+)">', lambda m: f'<a id="{prefix}{m[1]}">', rendered)
    return rendered


def _sections(markdown: str) -> tuple[str, str]:
    """SPEC.md cut in two: the introduction (before the contents) and everything from the
    variant axes on; the areas and rules between them are rendered by :func:`_rule`."""
    intro, _, rest = markdown.partition('## <a id="contents"></a>Contents')
    _, _, tail = rest.partition('## <a id="variant-axes"></a>Variant axes')
    intro = intro.split("\n", 1)[1]  # the title is the page's own
    intro = re.sub(r"<!--.*?-->\n", "", intro, flags=re.S)
    intro = re.sub(r"^Spec version .*\n", "", intro, flags=re.M)  # the page's header says it
    return intro, '## <a id="variant-axes"></a>Variant axes' + tail


def _rule_links(ids: Iterable[str]) -> str:
    return ", ".join(f'<a href="#{_e(i)}"><code>{_e(i)}</code></a>' for i in ids)


def _anchors(prefix: str, ids: Iterable[str]) -> str:
    return ", ".join(f'<a href="#{prefix}{_e(i)}">{_e(i)}</a>' for i in ids)


def _rule(
    spec: Spec, rule: Rule, resolved: Mapping[str, Mapping[str, str]], tests: Sequence[SiteTest], md: MarkdownIt
) -> str:
    search = " ".join([rule.id, rule.title, rule.statement, rule.basis, *rule.axes]).lower()
    parts = [
        f'<article class="rule" id="{_e(rule.id)}" data-search="{_e(search)}">',
        f'<h4><a href="#{_e(rule.id)}"><code>{_e(rule.id)}</code></a>: {_e(rule.title)}</h4>',
        f"<blockquote>{_e(rule.statement)}</blockquote>",
        f'<p class="meta">Basis: <strong>{_e(rule.basis)}</strong>'
        + (f" · derived from {_rule_links(rule.derived_from)}" if rule.derived_from else "")
        + (f" · references: {_anchors('ref-', rule.references)}" if rule.references else "")
        + (f" · errata: {_anchors('erratum-', rule.errata)}" if rule.errata else "")
        + "</p>",
    ]
    if rule.sources:
        rows = "".join(_source_row(spec, source) for source in rule.sources)
        parts.append(
            f"<table><thead><tr><th>Text</th><th>The text says</th><th>In English</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>"
        )
    for axis_id in rule.axes:
        axis = spec.axis(axis_id)
        rows = ""
        for option in axis.options:
            chosen = [p for p, options in resolved.items() if options.get(axis.id) == option.id]
            profiles = ", ".join(f'<a href="#profile-{_e(p)}">{_e(p)}</a>' for p in chosen) or "no profile"
            default = " (default)" if option.id == axis.default else ""
            rows += f"<tr><td><code>{_e(option.id)}</code>{default}</td><td>{_e(option.summary)}</td><td>{profiles}</td></tr>"
        parts.append(
            f'<p>Variant axis <a href="#axis-{_e(axis.id)}"><code>{_e(axis.id)}</code></a>: {_e(axis.question)}</p>'
            f"<table><thead><tr><th>Option</th><th>Reading</th><th>Chosen by</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>"
        )
    if rule.note:
        parts.append(f"<div><strong>Note.</strong> {md.render(rule.note)}</div>")
    mine = [test for test in tests if rule.id in test.rules]
    if mine:
        links = ", ".join(f'<a href="#{_e(t.anchor)}">{_e(t.title)}</a>' for t in mine)
        plural = "s" if len(mine) != 1 else ""
        parts.append(f"<details><summary>Tested by {len(mine)} test{plural}</summary><p>{links}</p></details>")
    else:
        parts.append('<p class="meta">No test names this rule.</p>')
    return "\n".join([*parts, "</article>"])


def _source_row(spec: Spec, source: Source) -> str:
    """A seed quote beside its gloss, linked to its text."""
    anchor = "text-" + source.seed.removesuffix(".txt")
    return (
        f'<tr><td><a href="#{_e(anchor)}">{_e(source.seed[:3])}</a>:{source.line}</td>'
        f'<td lang="{_language(spec, source.seed)}">{_e(source.quote)}</td><td>{_e(source.gloss)}</td></tr>'
    )


def _language(spec: Spec, seed: str) -> str:
    languages = {"Norwegian": "no", "Malay": "ms", "Serbian": "sr", "Korean": "ko"}
    text = {t.file: t for t in spec.texts}.get(seed)
    return languages.get(text.language, "") if text is not None else ""


def _comparison(spec: Spec, resolved: Mapping[str, Mapping[str, str]]) -> str:
    """Every axis against every profile, a choice that differs from the default in bold."""
    head = "".join(f'<th><a href="#profile-{_e(p.id)}">{_e(p.id)}</a></th>' for p in spec.profiles)
    rows = []
    for axis in spec.axes:
        cells = []
        for profile in spec.profiles:
            value = resolved[profile.id].get(axis.id, "?")
            cells.append(f"<td><strong>{_e(value)}</strong></td>" if value != axis.default else f"<td>{_e(value)}</td>")
        rows.append(f'<tr><th><a href="#axis-{_e(axis.id)}">{_e(axis.id)}</a></th>' + "".join(cells) + "</tr>")
    return (
        f'<section id="comparison"><h2>Variant comparison</h2><p>Each profile\'s option on every axis; '
        f"<strong>bold</strong>: not the axis's default.</p><table><thead><tr><th>Axis</th>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></section>"
    )


def _test(test: SiteTest) -> str:
    return (
        f'<article class="test" id="{_e(test.anchor)}"><h4>{_e(test.title)}</h4>'
        f'<p class="meta">{_e(test.kind)} · <code>{_e(test.location)}</code> · checks {_rule_links(test.rules)}</p>'
        f"<pre>{html.escape(test.text)}</pre></article>"
    )


def render_site(spec: Spec, *, disputes: str, tests: Sequence[SiteTest]) -> str:
    """The page (``index.html``): the spec, the disputes pages and the tests.

    :param disputes: the text of ``disputes.md``.
    :param tests: the suite's tests, each naming the rules it checks.
    """
    md = _markdown()
    resolved = {profile.id: spec.profile_options(profile.id) for profile in spec.profiles}
    intro, tail = _sections(render_spec_markdown(spec))
    areas = []
    for area in spec.areas:
        rules = "\n".join(_rule(spec, rule, resolved, tests, md) for rule in spec.rules_in_area(area.id))
        areas.append(
            f'<section id="area-{_e(area.id)}"><h3>{_e(area.title)}</h3>{md.render(area.description)}{rules}</section>'
        )
    contents = "".join(
        f'<li><a href="#area-{_e(a.id)}">{_e(a.title)}</a> ({len(spec.rules_in_area(a.id))})</li>' for a in spec.areas
    )
    counts = (
        f"Spec version {_e(spec.spec_version)}: {len(spec.rules)} rules in {len(spec.areas)} areas,"
        f" {len(spec.axes)} variant axes, {len(spec.profiles)} profiles, {len(tests)} tests."
    )
    return (
        "\n".join(
            [
                "<!doctype html>",
                '<html lang="en"><head><meta charset="utf-8">',
                '<meta name="viewport" content="width=device-width, initial-scale=1">',
                "<title>Sheepshead rules specification</title>",
                f"<style>{_CSS}</style></head><body>",
                '<header id="top"><h1>Sheepshead rules specification</h1>',
                f'<p class="meta">{counts}</p>',
                '<nav><a href="#scope">Scope</a><a href="#rules">Rules</a><a href="#comparison">Variants</a>'
                '<a href="#disputes">Disputes</a><a href="#tests">Tests</a><a href="#references">References</a></nav>',
                '<form class="search" id="search" role="search" hidden><label>Search the rules '
                '<input id="q" name="q" type="search" placeholder="a rule id or words: ten called"></label> '
                '<span id="count" aria-live="polite"></span></form>',
                "</header><main>",
                f'<section id="intro">{_site_links(md.render(intro))}</section>',
                f'<section id="rules"><h2>Rules</h2><ul>{contents}</ul>' + "".join(areas) + "</section>",
                _comparison(spec, resolved),
                f'<section id="spec-details">{_site_links(md.render(tail))}</section>',
                f'<section id="disputes"><h2>Disputes</h2>{_site_links(md.render(disputes), prefix="dispute-")}</section>',
                '<section id="tests"><h2>Tests</h2><p>Every scenario and record of the suite, with the rules it checks.</p>'
                + "".join(_test(t) for t in tests)
                + "</section>",
                f"</main><script>{_SCRIPT}</script></body></html>",
            ]
        )
        + "\n"
    )
