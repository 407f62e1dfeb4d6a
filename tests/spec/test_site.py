"""``sheepshead-conformance spec site DIR``: one self-contained page, checked as a file and then in
a real headless browser (Chromium from the system packages, driven by its command line: the DOM
after the search script ran, and a phone-sized screenshot). The browser check is skipped, saying
why, on a machine without Chromium."""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest
from sheepshead_spec import load_spec

from tests.harness.synthetic import run_cli

SPEC = load_spec()
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    outcome = run_cli(["spec", "site", str(folder)])
    assert outcome.status == 0 and outcome.out.startswith(f"wrote {folder / 'index.html'} ("), outcome.out + outcome.err
    return folder / "index.html"


def test_the_page_needs_no_other_file(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert "<script src" not in text and "<link" not in text and "@import" not in text
    assert not re.search(r'\bsrc="', text) and "url(" not in text
    external = [
        href for href in re.findall(r'href="([^"#][^"]*)"', text) if not href.startswith(("https://", "http://"))
    ]
    assert external == [], external  # only links out to the references; no asset, no file of the repository


def test_every_link_within_the_page_has_its_anchor(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    ids = set(re.findall(r'\bid="([^"]+)"', text))
    dead = sorted({href for href in re.findall(r'href="#([^"]*)"', text)} - ids)
    assert dead == []
    assert len(ids) == len(re.findall(r'\bid="', text)), "an id is used twice"


def test_every_rule_with_its_sources_quotes_options_and_tests(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    articles = dict(re.findall(r'<article class="rule" id="([^"]+)".*?>(.*?)</article>', text, re.S))
    assert list(articles) == [rule.id for rule in SPEC.rules]
    for rule in SPEC.rules:
        body = articles[rule.id]
        assert "Tested by" in body, f"{rule.id}: no test"
        for source in rule.sources:  # the quote beside its gloss, in one row
            beside = r"</td><td data-label=\"In English\">"
            assert re.search(re.escape(_escaped(source.quote)) + beside + re.escape(_escaped(source.gloss)), body)
        for cite in rule.cites:  # an outside quote beside its reference and its page
            row = (
                rf'<td data-label="Reference"><a href="#ref-{re.escape(cite.ref)}">{re.escape(cite.ref)}</a></td>'
                rf'<td data-label="It says" lang="en">{re.escape(_escaped(cite.quote))}</td>'
                rf'<td data-label="Where"><a href="{re.escape(_escaped(cite.url))}">page</a>'
            )
            assert re.search(row, body), f"{rule.id}: {cite.quote}"
        for axis in rule.axes:
            for option in SPEC.axis(axis).options:
                assert f"<code>{option.id}</code>" in body
    jack = articles["ranking.trump-order"]
    assert '<a href="#profile-translated-article">translated-article</a>' in jack  # chooses spades-first


def test_the_comparison_the_disputes_and_the_tests(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    table = text.split('<section id="comparison">', 1)[1].split("</section>", 1)[0]
    assert table.count('<tr><th><a href="#axis-') == len(SPEC.axes)
    assert table.count('<th><a href="#profile-') == len(SPEC.profiles)
    assert table.count('<div class="axis-card">') == len(SPEC.axes)  # the phone's view of the same table
    disputes = text.split('<section id="disputes">', 1)[1].split('<section id="tests">', 1)[0]
    assert 'id="dispute-axis-leaster-tie"' in disputes and 'href="#ref-IMP-A"' in disputes
    tests = text.split('<section id="tests">', 1)[1]
    assert "fixtures/positions/void-defender-holding-one-trump.yaml:1" in tests
    assert "Scenario Outline: S1 and S2 tie with 14 points each" in tests


def _escaped(text: str) -> str:
    import html

    return html.escape(" ".join(text.split()))


def _browser() -> str:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("no Chromium on this machine (Debian: apt-get install chromium): the page's browser check is skipped")


def _run_browser(browser: str, profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [browser, *FLAGS, f"--user-data-dir={profile}", *args], capture_output=True, text=True, timeout=120, check=False
    )


def _search_index(page: Path) -> list[dict[str, object]]:
    import json

    text = page.read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="search-index">(.*?)</script>', text, re.S)
    assert found, "no search index in the page"
    return list(json.loads(found[1]))


def test_the_search_covers_rules_axes_disputes_and_quick_answers(page: Path) -> None:
    entries = _search_index(page)
    kinds = {(e["kind"], e["anchor"]) for e in entries}
    assert {("rule", rule.id) for rule in SPEC.rules} <= kinds
    assert {("variant axis", f"axis-{axis.id}") for axis in SPEC.axes} <= kinds
    assert {("dispute", f"dispute-axis-{axis.id}") for axis in SPEC.axes} <= kinds
    quick = [e for e in entries if e["kind"] == "quick answer"]
    assert len(quick) >= len(SPEC.axes) and any("is 60 card points a win?" == e["title"] for e in quick)
    text = page.read_text(encoding="utf-8")
    anchors = set(re.findall(r' id="([^"]+)"', text))
    assert {str(e["anchor"]) for e in entries} <= anchors  # every hit leads somewhere


def test_the_scoring_table_has_the_hand_worked_figures(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    section = text.split('<section id="scoring">', 1)[1].split("</section>", 1)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", section)
    cells = {re.sub(r"<[^>]+>", "", row.split("</td>")[1]): row for row in rows if "<td" in row}
    minus = "\u2212"
    # a win 2 / 1 / -1 (alone 4 / -1); a loss the reverse; the defenders' sweep -6 / -3 / +3,
    # -9 / 0 / +3 when the partner is let off the hook; 90 points a schneider only under ninety
    assert f"+2 / +1 / {minus}1" in cells["61 to 90 card points"] and f"+4 / {minus}1" in cells["61 to 90 card points"]
    assert f"{minus}2 / {minus}1 / +1" in cells["31 to 60 card points"]
    assert "double-on-the-bump=on</code>: loss: -4 / -2 / +2" in cells["31 to 60 card points"]
    assert "defender-sweep=partner-off-hook</code>: no-tricks: -9 / 0 / +3" in cells["no trick"]
    assert "schneider-line=ninety</code>: schneider: +4 / +2 / -2" in cells["exactly 90 card points"]
    assert "no-tricker=points</code>: no-tricks: -6 / -3 / +3" in cells["a trick, but no card points"]


def test_the_scoring_table_says_what_a_deal_all_pass_costs_and_the_cap_of_sixty_four(page: Path) -> None:
    """Worked by hand: a leaster's winner takes 1 from each of four (+4, -1 each); two tied under
    split take 1 from each of the three others (+3, -2 each); a schwanzer's payer gives 1 to each
    (-4, +1); two payers under all-tied-pay each give 1 to the three others (-3, +2)."""
    text = page.read_text(encoding="utf-8")
    section = text.split('<section id="scoring">', 1)[1].split("</section>", 1)[0]
    assert "stakes-cap: sixty-four-with-tiers</code> at most sixty-four" in section
    passed = section.split("When all five pass", 1)[1]
    rows = {re.sub(r"<[^>]+>", "", row.split("</td>")[0]): row for row in re.findall(r"<tr>(.*?)</tr>", passed)}
    assert "the winner +4, each other seat -1" in rows["leaster"]
    assert "leaster-tie=split (a tie for the fewest)</code>: each tied seat +3, each other seat -2" in rows["leaster"]
    assert "the payer -4, each other seat +1" in rows["schwanzer"]
    assert (
        "schwanzer-tie=all-tied-pay (a tie for the most)</code>: each tied seat -3, each other seat +2"
        in rows["schwanzer"]
    )
    assert "the next hand counts double" in rows["doubler"] and "nobody scores" in rows["redeal"]


def test_the_search_box_in_a_real_browser(page: Path, tmp_path: Path) -> None:
    browser = _browser()
    done = _run_browser(browser, tmp_path / "profile", "--dump-dom", f"{page.as_uri()}?q=ten+called")
    assert done.returncode == 0, done.stderr[-2000:]
    dom = done.stdout
    assert '<form class="search" id="search" role="search">' in dom  # shown by the script
    hits = re.findall(r'<li><a href="#([^"]+)">', dom.split('<ol id="hits">', 1)[1].split("</ol>", 1)[0])
    assert 1 <= len(hits) <= 12 and "call.ten-when-all-aces" in hits, hits
    assert hits[0] in ("dispute-axis-called-ten-rank", "axis-called-ten-rank"), hits  # its title says it
    assert re.search(r'<span id="count" aria-live="polite">\d+ hits', dom)


_LAYOUT = """<!doctype html><html><body><pre id="out">pending</pre>
<iframe id="phone" src="index.html?q=ten+called" style="width:390px;height:844px;border:0"></iframe>
<iframe id="desk" src="index.html?q=ten+called" style="width:1366px;height:768px;border:0"></iframe>
<script>
var results = {}, left = 2;
function measure(frame) {
  var d = frame.contentDocument, w = frame.contentWindow, hit = d.querySelector("#hits li a");
  results[frame.id] = {viewport: d.documentElement.clientWidth, scroll: d.documentElement.scrollWidth,
    hitBottom: hit ? hit.getBoundingClientRect().bottom : null, height: w.innerHeight};
  if (--left === 0) { document.getElementById("out").textContent = JSON.stringify(results); }
}
["phone", "desk"].forEach(function (id) {
  var f = document.getElementById(id); f.addEventListener("load", function () { measure(f); });
});
</script></body></html>
"""


def test_nothing_overflows_and_the_first_hit_is_in_view_at_390_and_1366_px(page: Path, tmp_path: Path) -> None:
    import json

    browser = _browser()
    harness = page.parent / "layout-check.html"  # beside the page: the frames read it as the same origin
    harness.write_text(_LAYOUT, encoding="utf-8")
    done = _run_browser(browser, tmp_path / "profile", "--allow-file-access-from-files", "--dump-dom", harness.as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    found = re.search(r'<pre id="out">([^<]*)</pre>', done.stdout)
    assert found and found[1] != "pending", done.stdout[-2000:]
    for width, measured in json.loads(found[1]).items():
        assert measured["scroll"] <= measured["viewport"], (width, measured)  # no horizontal scrolling
        assert measured["hitBottom"] is not None and measured["hitBottom"] <= measured["height"], (width, measured)


def test_a_phone_sized_screenshot(page: Path, tmp_path: Path) -> None:
    browser = _browser()
    shot = tmp_path / "phone.png"
    done = _run_browser(browser, tmp_path / "profile", "--window-size=412,915", f"--screenshot={shot}", page.as_uri())
    assert done.returncode == 0 and shot.is_file(), done.stderr[-2000:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (412, 915)
    pixels = zlib.decompress(b"".join(_chunks(data, b"IDAT")))
    assert len(set(pixels)) > 32, "the screenshot is blank"  # text and links drawn, not one colour


def _chunks(data: bytes, kind: bytes) -> list[bytes]:
    found, offset = [], 8
    while offset < len(data):
        length = struct.unpack(">I", data[offset : offset + 4])[0]
        if data[offset + 4 : offset + 8] == kind:
            found.append(data[offset + 8 : offset + 8 + length])
        offset += 12 + length
    return found


ASKED = [  # (the question in the address, the ruling under standard), each worked by hand
    # S2 void in hearts, holding QD KS 7C: any card (void-play free)
    ("ask=legal&role=defender&called=AH&n=4&trick=9H&hand=QD,KS,7C", "may play 7C KS QD"),
    # QC, the only trump, takes 9H KH QC AH 7H: 0 + 4 + 3 + 11 + 0 = 18 points
    ("ask=trick&called=AH&trick=9H,KH,QC,AH,7H", "QC wins, 18 points"),
    # 90 card points in 4 tricks: a win at 2 / 1 / -1 (a schneider needs 91)
    ("ask=score&points=90&bury=0&tricks=4", "win: the picker +2, the partner +1, each defender -1"),
    # the picker holding 7H on the called suit's first lead must follow it
    ("ask=legal&role=picker&called=AH&n=4&trick=9H&hand=7H,QS,AD", "may play 7H"),
    # a leaster: JD led, the seat holds one trump, 7D, and must follow with it
    ("ask=legal&role=leaster&n=2&trick=JD&hand=7D,AC,9H", "may play 7D"),
    # TH called, hearts led before: no trump, AH the highest heart under normal (a ten below its
    # ace): 0 + 10 + 11 + 0 + 0 = 21 points
    ("ask=trick&called=TH&led=1&trick=9H,TH,AH,7C,8S", "AH wins, 21 points"),
]


def test_the_ask_panel_is_in_the_page_with_the_rules_module_inline(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert '<section id="ask" hidden>' in text  # shown only by its script: the page reads the same without it
    assert "globalThis.SheepsheadRules" in text and 'id="ask-config"' in text
    assert text.count('<button type="button" data-card=') == 32


@pytest.mark.parametrize(("query", "ruling"), ASKED, ids=[q.split("&")[0] + str(i) for i, (q, _) in enumerate(ASKED)])
def test_the_ask_panel_rules_in_a_real_browser(page: Path, tmp_path: Path, query: str, ruling: str) -> None:
    browser = _browser()
    done = _run_browser(browser, tmp_path / "profile", "--dump-dom", f"{page.as_uri()}?{query}")
    assert done.returncode == 0, done.stderr[-2000:]
    found = re.search(r'<div id="ask-answer" aria-live="polite" data-answer="([^"]*)"', done.stdout)
    assert found, done.stdout[-2000:]
    assert found[1] == ruling


def test_the_ask_panel_rules_a_called_ten_after_its_suit_was_led(page: Path, tmp_path: Path) -> None:
    """9H TH AH 7C 8S with TH called and hearts led before: TH beats AH under wins-suit only; under
    until-led it ranks as any ten after its suit's first lead, as under normal."""
    browser = _browser()
    done = _run_browser(browser, tmp_path / "profile", "--dump-dom", f"{page.as_uri()}?{ASKED[-1][0]}")
    answer = done.stdout.split('<div id="ask-answer"', 1)[1].split("</div>", 1)[0]
    rows = re.findall(r"<code>([a-z-]+)</code></td><td data-label=\"Answer\">([^<]*)</td>", answer)
    assert ("wins-suit", "TH wins, 21 points") in rows and ("until-led", "AH wins, 21 points") in rows, rows
    assert ("normal", "AH wins, 21 points") in rows


def test_the_ask_panel_names_the_axis_that_changes_the_ruling(page: Path, tmp_path: Path) -> None:
    browser = _browser()
    done = _run_browser(browser, tmp_path / "profile", "--dump-dom", f"{page.as_uri()}?{ASKED[0][0]}")
    answer = done.stdout.split('<div id="ask-answer"', 1)[1].split("</div>", 1)[0]
    assert '<a href="#axis-void-play">void-play</a></td><td data-label="Option"><code>must-trump</code></td>' in answer
    assert '<td data-label="Answer">may play QD</td>' in answer  # only the trump under must-trump
    assert '<a href="#play.void-in-led-suit">' in answer
