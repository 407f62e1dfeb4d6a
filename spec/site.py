"""The spec as one self-contained web page (``sheepshead-conformance spec site DIR``).

One HTML file, no external asset: inline CSS, and a few lines of inline script for the search
box (the page reads the same without it; the box is shown only when the script runs). It holds
every rule with its statement, its seed quotes beside their glosses, the words of its outside
references beside the address of their pages, its axis options and the
profiles that choose each, and the tests that check it; the variant comparison table; the
disputes pages; and every test rendered as its source (a Gherkin scenario, a YAML record).

The prose (the scope, the axes, errata, profiles, references and texts) is ``SPEC.md`` and
``disputes.md`` rendered as CommonMark (``markdown-it-py``), with the links between the two
documents turned into links within the page.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from markdown_it import MarkdownIt

from .catalogue import Cite, Rule, Source, Spec
from .render import render_spec_markdown
from .resources import package_dir

__all__ = ["AllPassRow", "ScoringRow", "SiteTest", "render_site"]


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


@dataclass(frozen=True)
class ScoringRow:
    """One outcome of the scoring table: what each seat pays or takes, by option."""

    outcome: str
    """The outcome class (``win``, ``schneider``, …)."""
    took: str
    """What the picker's side took, in words (``61 to 90 card points``)."""
    shared: tuple[int, int, int]
    """Picker, partner, each defender, with a partner (every axis at its default)."""
    alone: tuple[int, int]
    """The picker alone, each defender."""
    by_option: tuple[tuple[str, str], ...] = ()
    """``(axis=option, figures)`` for every option that changes this row's figures or outcome."""


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
.cards { display: none; }
.axis-card { border: 1px solid var(--line); border-radius: 6px; padding: .4rem .7rem; margin: .5rem 0; }
.axis-card ul { margin: .2rem 0; padding-left: 1.1rem; }
#hits { margin: .3rem 0 .6rem; padding-left: 1.4rem; }
#hits li { margin: .15rem 0; }
#hits .kind { color: var(--muted); font-size: .85em; }
#ask fieldset { border: 1px solid var(--line); margin: .4rem 0; }
#ask label { display: inline-block; margin: .15rem .6rem .15rem 0; }
#ask input[type=number] { width: 4.5rem; }
.deck { display: grid; grid-template-columns: repeat(8, minmax(0, 1fr)); gap: .2rem; max-width: 30rem; }
.deck button { font: inherit; padding: .35rem 0; border: 1px solid var(--line); border-radius: 4px; background: #fff; }
.deck button[aria-pressed="true"] { background: var(--accent); color: #fff; }
#ask-answer { border-left: 4px solid var(--accent); padding: .2rem .8rem; margin: .6rem 0; }
@media (max-width: 40rem) {
  .wide { display: none; }
  .cards { display: block; }
  table.stack, table.stack tbody, table.stack tr, table.stack td { display: block; width: 100%; }
  table.stack thead { display: none; }
  table.stack tr { border: 1px solid var(--line); margin: .4rem 0; }
  table.stack td { border: 0; border-top: 1px solid var(--line); }
  table.stack td:first-child { border-top: 0; }
  table.stack td[data-label]::before { content: attr(data-label) ": "; font-weight: 600; }
  main table:not(.stack) { font-size: .9em; }
}
"""

_SCRIPT = """
(function () {
  var form = document.getElementById("search"), box = document.getElementById("q");
  var count = document.getElementById("count"), hits = document.getElementById("hits");
  var index = JSON.parse(document.getElementById("search-index").textContent);
  form.hidden = false;
  function score(entry, words) {
    var total = 0;
    for (var i = 0; i < words.length; i++) {
      var w = words[i], s = 0;
      if (entry.id.indexOf(w) >= 0) { s += 8; }
      if (entry.title.indexOf(w) >= 0) { s += 4; }
      if (entry.text.indexOf(w) >= 0) { s += 1; }
      if (!s) { return 0; }
      total += s;
    }
    return total + entry.weight;
  }
  function run() {
    var words = box.value.toLowerCase().split(/\\s+/).filter(Boolean);
    hits.textContent = "";
    if (!words.length) { count.textContent = ""; hits.hidden = true; return; }
    var found = [];
    index.forEach(function (entry) { var s = score(entry, words); if (s) { found.push([s, entry]); } });
    found.sort(function (a, b) { return b[0] - a[0]; });
    count.textContent = found.length + (found.length === 1 ? " hit" : " hits") +
      (found.length > 12 ? ", the best 12:" : "");
    found.slice(0, 12).forEach(function (pair) {
      var li = document.createElement("li"), a = document.createElement("a"), kind = document.createElement("span");
      a.href = "#" + pair[1].anchor; a.textContent = pair[1].label;
      kind.className = "kind"; kind.textContent = " " + pair[1].kind;
      li.appendChild(a); li.appendChild(kind); hits.appendChild(li);
    });
    hits.hidden = !found.length;
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
            f'<table class="stack"><thead><tr><th>Text</th><th>The text says</th><th>In English</th></tr></thead>'
            f"<tbody>{rows}</tbody></table>"
        )
    if rule.cites:
        rows = "".join(_cite_row(cite) for cite in rule.cites)
        parts.append(
            f'<table class="stack"><thead><tr><th>Reference</th><th>It says</th><th>Where</th></tr></thead>'
            f"<tbody>{rows}</tbody></table>"
        )
    for axis_id in rule.axes:
        axis = spec.axis(axis_id)
        rows = ""
        for option in axis.options:
            chosen = [p for p, options in resolved.items() if options.get(axis.id) == option.id]
            profiles = ", ".join(f'<a href="#profile-{_e(p)}">{_e(p)}</a>' for p in chosen) or "no profile"
            default = " (default)" if option.id == axis.default else ""
            rows += (
                f'<tr><td data-label="Option"><code>{_e(option.id)}</code>{default}</td>'
                f'<td data-label="Reading">{_e(option.summary)}</td><td data-label="Chosen by">{profiles}</td></tr>'
            )
        parts.append(
            f'<p>Variant axis <a href="#axis-{_e(axis.id)}"><code>{_e(axis.id)}</code></a>: {_e(axis.question)}</p>'
            f'<table class="stack"><thead><tr><th>Option</th><th>Reading</th><th>Chosen by</th></tr></thead>'
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
        f'<tr><td data-label="Text"><a href="#{_e(anchor)}">{_e(source.seed[:3])}</a>:{source.line}</td>'
        f'<td data-label="It says" lang="{_language(spec, source.seed)}">{_e(source.quote)}</td>'
        f'<td data-label="In English">{_e(source.gloss)}</td></tr>'
    )


def _cite_row(cite: Cite) -> str:
    """An outside reference's words beside the page that says them (and the copy read, if any)."""
    where = f'<a href="{_e(cite.url)}">page</a>'
    if cite.read_in is not None:
        where += f', read in <a href="{_e(cite.read_in)}">a copy</a>'
    return (
        f'<tr><td data-label="Reference"><a href="#ref-{_e(cite.ref)}">{_e(cite.ref)}</a></td>'
        f'<td data-label="It says" lang="en">{_e(cite.quote)}</td><td data-label="Where">{where}</td></tr>'
    )


def _language(spec: Spec, seed: str) -> str:
    languages = {"Norwegian": "no", "Malay": "ms", "Serbian": "sr", "Korean": "ko"}
    text = {t.file: t for t in spec.texts}.get(seed)
    return languages.get(text.language, "") if text is not None else ""


def _comparison(spec: Spec, resolved: Mapping[str, Mapping[str, str]]) -> str:
    """Every axis against every profile, a choice that differs from the default in bold: a table
    on a wide screen, one card per axis (each option with the profiles that choose it) on a phone."""
    head = "".join(f'<th><a href="#profile-{_e(p.id)}">{_e(p.id)}</a></th>' for p in spec.profiles)
    rows, cards = [], []
    for axis in spec.axes:
        cells = []
        for profile in spec.profiles:
            value = resolved[profile.id].get(axis.id, "?")
            cells.append(f"<td><strong>{_e(value)}</strong></td>" if value != axis.default else f"<td>{_e(value)}</td>")
        rows.append(f'<tr><th><a href="#axis-{_e(axis.id)}">{_e(axis.id)}</a></th>' + "".join(cells) + "</tr>")
        items = []
        for option in axis.options:
            chosen = [p.id for p in spec.profiles if resolved[p.id].get(axis.id) == option.id]
            who = ", ".join(chosen) if chosen else "no profile"
            default = " (default)" if option.id == axis.default else ""
            items.append(f"<li><code>{_e(option.id)}</code>{default}: {_e(who)}</li>")
        cards.append(
            f'<div class="axis-card"><a href="#axis-{_e(axis.id)}"><strong>{_e(axis.id)}</strong></a>'
            f'<div class="meta">{_e(axis.question)}</div><ul>{"".join(items)}</ul></div>'
        )
    return (
        f'<section id="comparison"><h2>Variant comparison</h2><p>Each profile\'s option on every axis; '
        f'<strong>bold</strong>: not the axis\'s default.</p><table class="wide"><thead><tr><th>Axis</th>{head}'
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        f'<div class="cards">{"".join(cards)}</div></section>'
    )


@dataclass(frozen=True)
class AllPassRow:
    """One outcome of a deal all five pass: who pays or takes what, by option."""

    outcome: str
    """``leaster``, ``schwanzer``, ``doubler``, ``redeal``."""
    when: str
    """When it is the outcome, in words."""
    figures: str
    """What each seat takes or pays, every axis at its default."""
    by_option: tuple[tuple[str, str], ...] = ()
    """``(axis=option, figures)`` for each option that changes it (a tie, a leaster's blind)."""


def _figures(values: Sequence[int]) -> str:
    return " / ".join(f"{value:+d}".replace("-", "\u2212") if value else "0" for value in values)


def _options_cell(by_option: Sequence[tuple[str, str]]) -> str:
    """The "Other options" cell of a scoring row: each option that changes it, with its figures."""
    changes = "".join(f"<li><code>{_e(option)}</code>: {_e(figures)}</li>" for option, figures in by_option)
    return f'<td data-label="Other options">{f"<ul>{changes}</ul>" if changes else "the same under every option"}</td>'


def _all_pass(rows: Sequence[AllPassRow]) -> str:
    """The table of a deal all five pass: a leaster, a schwanzer, a doubler or a redeal."""
    if not rows:
        return ""
    body = [
        f'<tr><td data-label="Outcome"><a href="#axis-all-pass"><code>{_e(row.outcome)}</code></a></td>'
        f'<td data-label="When">{_e(row.when)}</td><td data-label="Each seat">{_e(row.figures)}</td>'
        f"{_options_cell(row.by_option)}</tr>"
        for row in rows
    ]
    return (
        "<h3>When all five pass</h3>"
        '<table class="stack"><thead><tr><th>Outcome</th><th>When</th><th>Each seat</th><th>Other options</th>'
        f"</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def _scoring(rows: Sequence[ScoringRow], all_pass: Sequence[AllPassRow] = ()) -> str:
    """The scoring table in the manner of a rules page: what each seat takes or pays for each
    outcome, with the options that change a row beside it, the multipliers under it, and what a
    deal all five pass costs."""
    if not rows:
        return ""
    body = [
        f'<tr><td data-label="Outcome"><a href="#scoring.{_e(row.outcome)}"><code>{_e(row.outcome)}</code></a></td>'
        f'<td data-label="The picker\'s side took">{_e(row.took)}</td>'
        f'<td data-label="Picker / partner / each defender">{_figures(row.shared)}</td>'
        f'<td data-label="Alone: picker / each defender">{_figures(row.alone)}</td>'
        f"{_options_cell(row.by_option)}</tr>"
        for row in rows
    ]
    return (
        '<section id="scoring"><h2>What each side pays</h2>'
        "<p>One hand's score changes, every axis at its default; a row lists the options that change it.</p>"
        '<table class="stack"><thead><tr><th>Outcome</th><th>The picker\'s side took</th>'
        "<th>Picker / partner / each defender</th><th>Alone: picker / each defender</th><th>Other options</th>"
        f"</tr></thead><tbody>{''.join(body)}</tbody></table>"
        '<p>Every figure is multiplied by the stakes (<a href="#scoring.stakes-multiply"><code>scoring.stakes-multiply'
        "</code></a>): two after a doubler (all-pass <code>doubler</code>), two more for a loss under double on the bump"
        ' (<code>double-on-the-bump: on</code>), two for each crack, re-crack and blitz (<a href="#crack.doubles">'
        "<code>crack.doubles</code></a>); under <code>stakes-cap: sixteen</code> at most sixteen, and under"
        " <code>stakes-cap: sixty-four-with-tiers</code> at most sixty-four, a schneider's and a sweep's own"
        ' multiple counted too (<a href="#crack.cap"><code>crack.cap</code></a>).</p>'
        f"{_all_pass(all_pass)}</section>"
    )


_DECK = [rank + suit for suit in "CSHD" for rank in "AKQJT987"]
_CALLABLE = ("AC", "AS", "AH", "TC", "TS", "TH")


def _select(name: str, label: str, values: Sequence[tuple[str, str]], chosen: str = "") -> str:
    options = "".join(
        f'<option value="{_e(v)}"{" selected" if v == chosen else ""}>{_e(text)}</option>' for v, text in values
    )
    return f'<label>{_e(label)} <select name="{name}">{options}</select></label>'


def _number(name: str, label: str, low: int, high: int, value: int) -> str:
    return f'<label>{_e(label)} <input name="{name}" type="number" min="{low}" max="{high}" value="{value}"></label>'


def _ask_panel(spec: Spec) -> str:
    """The Ask panel: a position tapped in and ruled on in the browser by the rules module
    (``ask-rules.js``, judged by the suite like any engine) under standard and every option that
    changes the answer. Hidden unless its script runs; the page reads the same without it."""
    axis_rules = {axis.id: [r.id for r in spec.rules if axis.id in r.axes] for axis in spec.axes}
    config = {
        "profiles": {p.id: spec.profile_options(p.id) for p in spec.profiles},
        "axisRules": axis_rules,
    }
    cards = "".join(f'<button type="button" data-card="{c}" aria-pressed="false">{c}</button>' for c in _DECK)
    called = [("", "none (alone, or a leaster)"), *((c, c) for c in _CALLABLE)]
    under = [("", "none"), *((c, c) for c in _DECK)]
    roles = [(r, r) for r in ("defender", "picker", "partner", "leaster")]
    numbers = [(str(n), str(n)) for n in range(1, 7)]
    return (
        '<section id="ask" hidden><h2>Ask</h2><p>Tap a position in and read the ruling: under the standard'
        " options, under every option of every axis that changes it, and by profile. It runs in the page,"
        " with no server.</p>"
        '<form id="ask-form"><fieldset><legend>The question</legend>'
        '<label><input type="radio" name="q" value="legal" checked> What may the seat play?</label> '
        '<label><input type="radio" name="q" value="trick"> Who wins the trick?</label> '
        '<label><input type="radio" name="q" value="score"> What does a result score?</label></fieldset>'
        f'<div data-for="legal trick">{_select("called", "Called card", called)} {_select("under", "Under card", under)}</div>'
        f'<div data-for="legal">{_select("role", "The seat is the", roles)} {_select("n", "Trick", numbers)}</div>'
        '<div data-for="legal trick"><label><input type="checkbox" name="led"> The called suit was led before</label>'
        "</div>"
        '<div data-for="legal"><p>Tap cards into: <label><input type="radio" name="into" value="trick" checked> the trick so far</label> '
        '<label><input type="radio" name="into" value="hand"> the seat\'s hand</label></p></div>'
        '<div data-for="trick"><p>Tap the five cards of the trick, the led card first.</p></div>'
        f'<div data-for="legal trick"><div class="deck">{cards}</div>'
        '<p>Trick: <span id="ask-trick">none</span> · Hand: <span id="ask-hand">none</span> '
        '<button type="button" id="ask-clear">Clear</button></p></div>'
        '<div data-for="score">'
        + _number("points", "Card points of the picker's side, the bury included", 0, 120, 61)
        + _number("bury", "of them in the bury", 0, 22, 0)
        + _number("tricks", "Tricks taken", 0, 6, 3)
        + _number("stakes", "Stakes (a doubler, cracks)", 1, 64, 1)
        + '<label><input type="checkbox" name="alone"> The picker went alone</label></div></form>'
        '<div id="ask-answer" aria-live="polite"></div>'
        f'<script type="application/json" id="ask-config">{json.dumps(config, separators=(",", ":"))}</script>'
        "</section>"
    )


def _ask_scripts() -> str:
    """The rules module and the panel's script, inline (they never hold ``</script``)."""
    module = (package_dir() / "ask-rules.js").read_text(encoding="utf-8")
    panel = (package_dir() / "ask_panel.js").read_text(encoding="utf-8")
    if "</script" in module.lower() or "</script" in panel.lower():
        raise ValueError("an inline script may not hold </script")
    return f"<script>{module}</script><script>{panel}</script>"


def _disputes_index(disputes: str) -> list[dict[str, object]]:
    """The disputes pages as search entries: each section (its anchor, heading and text) and
    each quick answer (its question and answer)."""
    entries: list[dict[str, object]] = []
    for match in re.finditer(r'<a id="([^"]+)"></a>\n## ([^\n]+)\n(.*?)(?=\n<a id="|\Z)', disputes, re.S):
        anchor, heading, text = match[1], match[2], match[3]
        if anchor == "contents":
            continue
        entries.append(_entry("dispute", "dispute-" + anchor, heading, anchor, heading, text, 2))
    table = disputes.split("## Quick answers", 1)[1].split("\n\n", 2)[1] if "## Quick answers" in disputes else ""
    for number, line in enumerate(table.splitlines()[2:]):
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) < 3:
            continue
        question = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", cells[0])
        link = re.search(r"\(#([^)]+)\)", cells[0])
        anchor = "dispute-" + link[1] if link else "dispute-quick-answers"
        entries.append(_entry("quick answer", anchor, question, f"quick-{number}", question, " ".join(cells), 3))
    return entries


def _entry(kind: str, anchor: str, label: str, key: str, title: str, text: str, weight: int) -> dict[str, object]:
    plain = re.sub(r"<[^>]+>|[`*_]|\]\([^)]*\)", " ", text)
    return {
        "kind": kind,
        "anchor": anchor,
        "label": " ".join(label.split()),
        "id": key.lower(),
        "title": " ".join(title.split()).lower(),
        "text": " ".join(plain.split()).lower(),
        "weight": weight,
    }


def _search_index(spec: Spec, disputes: str) -> str:
    """Every rule, axis, dispute page and quick answer as a search entry, as JSON for the page's
    script (``</`` escaped, so that it cannot close the script element)."""
    entries = [
        _entry("rule", r.id, f"{r.id}: {r.title}", r.id, r.title, " ".join([r.statement, r.basis, *r.axes]), 0)
        for r in spec.rules
    ]
    for axis in spec.axes:
        text = " ".join([axis.question, *(f"{o.id} {o.summary}" for o in axis.options)])
        entries.append(
            _entry("variant axis", "axis-" + axis.id, f"{axis.id}: {axis.title}", axis.id, axis.title, text, 1)
        )
    entries += _disputes_index(disputes)
    return json.dumps(entries, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def _test(test: SiteTest) -> str:
    return (
        f'<article class="test" id="{_e(test.anchor)}"><h4>{_e(test.title)}</h4>'
        f'<p class="meta">{_e(test.kind)} · <code>{_e(test.location)}</code> · checks {_rule_links(test.rules)}</p>'
        f"<pre>{html.escape(test.text)}</pre></article>"
    )


def render_site(
    spec: Spec,
    *,
    disputes: str,
    tests: Sequence[SiteTest],
    scoring: Sequence[ScoringRow] = (),
    all_pass: Sequence[AllPassRow] = (),
) -> str:
    """The page (``index.html``): the spec, the scoring table, the disputes pages and the tests.

    :param disputes: the text of ``disputes.md``.
    :param tests: the suite's tests, each naming the rules it checks.
    :param scoring: the scoring table's rows (none: no table).
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
                '<nav><a href="#ask">Ask</a><a href="#scope">Scope</a><a href="#rules">Rules</a>'
                '<a href="#comparison">Variants</a>'
                + ('<a href="#scoring">Scoring</a>' if scoring else "")
                + '<a href="#disputes">Disputes</a><a href="#tests">Tests</a><a href="#references">References</a></nav>',
                '<form class="search" id="search" role="search" hidden><label>Search rules, axes and disputes '
                '<input id="q" name="q" type="search" placeholder="a rule id or words: ten called"></label> '
                '<span id="count" aria-live="polite"></span><ol id="hits" hidden></ol></form>',
                "</header><main>",
                _ask_panel(spec),
                f'<section id="intro">{_site_links(md.render(intro))}</section>',
                f'<section id="rules"><h2>Rules</h2><ul>{contents}</ul>' + "".join(areas) + "</section>",
                _comparison(spec, resolved),
                _scoring(scoring, all_pass),
                f'<section id="spec-details">{_site_links(md.render(tail))}</section>',
                f'<section id="disputes"><h2>Disputes</h2>{_site_links(md.render(disputes), prefix="dispute-")}</section>',
                '<section id="tests"><h2>Tests</h2><p>Every scenario and record of the suite, with the rules it checks.</p>'
                + "".join(_test(t) for t in tests)
                + "</section>",
                f'</main><script type="application/json" id="search-index">{_search_index(spec, disputes)}</script>',
                f"<script>{_SCRIPT}</script>{_ask_scripts()}</body></html>",
            ]
        )
        + "\n"
    )
