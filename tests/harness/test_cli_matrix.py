"""``sheepshead-conformance matrix``: classification of differences on synthetic results, and the
Markdown and HTML outputs."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from sheepshead_spec import load_spec

from conformance.judge.matrix import EngineRun, build_matrix, classify
from conformance.judge.results import CaseResult, Status

from .synthetic import FOLLOW, JACKS_CLUBS, JACKS_SPADES, LEASTER, TRUMP, FakeRunner, case, fake_loader, run_cli

SPEC = load_spec()
PROFILES = [p.id for p in SPEC.profiles]
CLUBS_FIRST = [p for p in PROFILES if SPEC.profile_options(p)["jack-order"] == "clubs-first"]


def _suite(status_of: Callable[[str, str], Status]) -> list[CaseResult]:
    """One engine's results under every profile. The jack cases apply only under their option
    (skipped elsewhere); ``status_of(case, profile)`` gives the status where a case applies."""
    rules = {
        TRUMP: "trick.highest-trump-wins",
        FOLLOW: "play.follow-suit",
        JACKS_CLUBS: "ranking.trump-order",
        JACKS_SPADES: "ranking.trump-order",
        LEASTER: "leaster.blind",
    }
    results = []
    for profile in PROFILES:
        for case_id, rule in rules.items():
            applies = {
                JACKS_CLUBS: profile in CLUBS_FIRST,
                JACKS_SPADES: profile not in CLUBS_FIRST,
            }.get(case_id, True)
            status = status_of(case_id, profile) if applies else Status.SKIPPED
            results.append(case(case_id, [rule], status, profile=profile))
    return results


GOOD = _suite(lambda c, p: Status.PASSED)
SPADES = _suite(lambda c, p: Status.FAILED if c == JACKS_CLUBS else Status.PASSED)
"""Always ranks the spades jack over the clubs jack."""
SLOPPY = _suite(lambda c, p: {FOLLOW: Status.FAILED, LEASTER: Status.UNSUPPORTED}.get(c, Status.PASSED))
"""Never checks follow-suit; has no leaster."""
CRASHY = _suite(lambda c, p: Status.ERROR if c == TRUMP else Status.PASSED)


def test_a_difference_matching_another_profile_is_a_variant() -> None:
    cell = classify(SPEC, SPADES, "ranking.trump-order", PROFILES)
    assert cell.verdict == "variant"
    assert {d.profile for d in cell.differences} == set(CLUBS_FIRST)
    for difference in cell.differences:
        assert difference.like == "translated-article"
        assert difference.variants == (("jack-order", "spades-first"),)
        assert difference.failing == (JACKS_CLUBS,)
        assert (
            difference.describe() == "implements variant jack-order=spades-first (passes as under translated-article)"
        )


def test_a_difference_no_profile_explains_is_wrong_under_every_profile() -> None:
    cell = classify(SPEC, SLOPPY, "play.follow-suit", ["standard"])
    assert cell.verdict == "wrong"
    assert [(d.profile, d.like, d.describe()) for d in cell.differences] == [
        ("standard", None, "wrong under every profile")
    ]
    assert cell.counts[Status.FAILED] == 1


def test_other_cells() -> None:
    assert classify(SPEC, GOOD, "ranking.trump-order", PROFILES).verdict == "pass"
    assert classify(SPEC, SLOPPY, "leaster.blind", PROFILES).verdict == "unsupported"
    assert classify(SPEC, CRASHY, "trick.highest-trump-wins", PROFILES).verdict == "error"
    assert classify(SPEC, GOOD, "deck.five-players", PROFILES).verdict == "none"
    # under translated-article alone, the spades engine passes the jack rule
    assert classify(SPEC, SPADES, "ranking.trump-order", ["translated-article"]).verdict == "pass"


def test_the_closest_passing_profile_is_named() -> None:
    # fails under tournament only. standard differs from tournament on double-on-the-bump only
    # (not an axis of trick.highest-trump-wins) and the failing case passes there: it is named
    results = _suite(lambda c, p: Status.FAILED if (c == TRUMP and p == "tournament") else Status.PASSED)
    (difference,) = classify(SPEC, results, "trick.highest-trump-wins", ["tournament"]).differences
    assert difference.like == "standard"
    assert difference.variants == (("double-on-the-bump", "off"),)


def test_a_profile_where_the_failing_case_passes_beats_the_rules_axis() -> None:
    # the clubs-first jack case fails under standard only and passes under tournament (also
    # clubs-first): the evidence points at double-on-the-bump, not at jack-order
    results = _suite(lambda c, p: Status.FAILED if (c == JACKS_CLUBS and p == "standard") else Status.PASSED)
    (difference,) = classify(SPEC, results, "ranking.trump-order", ["standard"]).differences
    assert (difference.like, difference.variants) == ("tournament", (("double-on-the-bump", "on"),))


def test_the_rules_axis_is_preferred_when_the_failing_case_does_not_apply_elsewhere() -> None:
    # the spades engine: under tournament (clubs-first) the case fails too; under
    # translated-article it does not apply, but the spades case passes: jack-order is named,
    # not the three other axes on which standard and translated-article differ
    (difference,) = classify(SPEC, SPADES, "ranking.trump-order", ["standard"]).differences
    assert difference.variants == (("jack-order", "spades-first"),)


def test_matrix_lists_covered_rules_in_spec_order_and_uncovered_ones() -> None:
    runs = [EngineRun("reference", "good", "1", tuple(GOOD)), EngineRun("cmd:x", "spades", "2", tuple(SPADES))]
    every = build_matrix(SPEC, runs, PROFILES)
    order = [r.id for r in SPEC.rules]
    assert list(every.rules) == sorted(every.rules, key=order.index)
    assert set(every.rules) == {"ranking.trump-order", "play.follow-suit", "trick.highest-trump-wins", "leaster.blind"}
    assert len(every.uncovered) == len(SPEC.rules) - 4
    # a selection keeps only its rules, even though its cases check others too
    table = build_matrix(SPEC, runs, PROFILES, ["ranking.trump-order", "play.follow-suit", "deck.five-players"])
    assert table.rules == ("ranking.trump-order", "play.follow-suit")
    assert table.uncovered == ("deck.five-players",)


def _matrix_cli(tmp_path: Path, *extra: str) -> tuple[int, str, str]:
    runner = FakeRunner({"reference": GOOD, "cmd:./spades": SPADES, "cmd:./sloppy": SLOPPY})
    loader = fake_loader({"reference": "good", "cmd:./spades": "spades", "cmd:./sloppy": "sloppy"})
    outcome = run_cli(
        ["matrix", "-q", "--engine", "reference", "--engine", "cmd:./spades", "--engine", "cmd:./sloppy", *extra],
        runner,
        loader,
    )
    # with --profile, every engine ran under every profile, whatever --profile says; without, under
    # its own rule set
    assert [call[1] for call in runner.calls] == [PROFILES if "--profile" in extra else []] * 3
    return outcome.status, outcome.out, outcome.err


def test_matrix_markdown(tmp_path: Path) -> None:
    status, out, err = _matrix_cli(tmp_path, "--profile", "standard")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "# Sheepshead conformance matrix"
    assert "| Rule | good 9.9 | spades 9.9 | sloppy 9.9 |" in lines
    assert ("| `ranking.trump-order` | 1 pass | 0 pass · 1 fail<br>variant jack-order=spades-first | 1 pass |") in lines
    assert "| `play.follow-suit` | 1 pass | 1 pass | 0 pass · 1 fail<br>**wrong under every profile** |" in lines
    assert "| `leaster.blind` | 1 pass | 1 pass | 0 pass · 1 unsup |" in lines
    assert (
        f"- `ranking.trump-order` under `standard`: implements variant jack-order=spades-first"
        f" (passes as under translated-article); failing: {JACKS_CLUBS}"
    ) in lines
    assert f"- `play.follow-suit` under `standard`: wrong under every profile; failing: {FOLLOW}" in lines
    assert "| good 9.9 | reference | 4 | 0 | 0 | 1 | 0 |" in lines


def test_matrix_html_is_self_contained(tmp_path: Path) -> None:
    page = tmp_path / "matrix.html"
    out_md = tmp_path / "matrix.md"
    status, out, err = _matrix_cli(tmp_path, "--profile", "all", "--html", str(page), "--output", str(out_md))
    assert status == 0 and out == ""
    assert err == f"wrote {out_md}\nwrote {page}\n"
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "<style>" in text
    assert not re.search(r"""(src|href)\s*=|<script|<link|@import|url\(""", text)
    assert '<td class="variant">' in text and '<td class="wrong">' in text
    assert "implements variant jack-order=spades-first (passes as under translated-article)" in text
    assert out_md.read_text(encoding="utf-8").startswith("# Sheepshead conformance matrix")


def test_two_engines_with_one_identity_are_told_apart(tmp_path: Path) -> None:
    runner = FakeRunner({"reference": GOOD, "cmd:./same": GOOD})
    loader = fake_loader({"reference": "twin", "cmd:./same": "twin"})
    outcome = run_cli(["matrix", "-q", "--engine", "reference", "--engine", "cmd:./same"], runner, loader)
    assert "| Rule | twin (reference) 9.9 | twin (cmd:./same) 9.9 |" in outcome.out


def test_matrix_usage_errors_exit_2() -> None:
    outcome = run_cli(["matrix", "--engine", "bogus"], FakeRunner({}), fake_loader({}))
    assert outcome.status == 2 and "engine 'bogus'" in outcome.err and "Traceback" not in outcome.err
    assert run_cli(["matrix"], FakeRunner({}), fake_loader({})).status == 2  # --engine is required
    outcome = run_cli(
        ["matrix", "--engine", "reference", "--profile", "nope"], FakeRunner({}), fake_loader({"reference": "x"})
    )
    assert outcome.status == 2 and "unknown profile 'nope'" in outcome.err


def test_matrix_progress_names_each_engine() -> None:
    runner = FakeRunner({"reference": GOOD})
    outcome = run_cli(["matrix", "--engine", "reference"], runner, fake_loader({"reference": "good"}))
    assert outcome.err.splitlines()[0] == "reference: running under its own rule set"
    outcome = run_cli(
        ["matrix", "--engine", "reference", "--profile", "all"], runner, fake_loader({"reference": "good"})
    )
    assert outcome.err.splitlines()[0] == f"reference: running under {len(PROFILES)} profiles"


def test_one_difference_under_several_profiles_is_listed_once(tmp_path: Path) -> None:
    status, out, _ = _matrix_cli(tmp_path, "--profile", "all")
    (line,) = [x for x in out.splitlines() if x.startswith("- `ranking.trump-order` under ")]
    assert line.startswith("- `ranking.trump-order` under " + ", ".join(f"`{p}`" for p in CLUBS_FIRST) + ": ")
    assert line.endswith(
        f"implements variant jack-order=spades-first (passes as under translated-article); failing: {JACKS_CLUBS}"
    )
    (line,) = [x for x in out.splitlines() if x.startswith("- `play.follow-suit` under ")]
    assert line.startswith(f"- `play.follow-suit` under all {len(PROFILES)} profiles: wrong under every profile")


def test_matrix_with_an_option_runs_every_profile_with_it_on_top() -> None:
    from tests.harness.synthetic import run_cli as cli

    outcome = cli(["matrix", "--engine", "reference", "--option", "void-play=must-trump", "--area", "play", "-q"])
    assert outcome.status == 0, outcome.err
    assert "Profiles: standard+void-play=must-trump ·" in outcome.out
    assert "run under every profile, reported under `standard+void-play=must-trump`" in outcome.out


def test_a_case_failing_under_two_option_sets_is_one_case_in_the_deviations() -> None:
    """The deviation counts are cases, not runs: one case failing under two option sets is
    '1 case', its two runs listed."""
    from conformance.judge.results import CaseResult, Status
    from conformance.reports.report_matrix import render_matrix_markdown

    def failed(option: str) -> CaseResult:
        return CaseResult(
            "fixtures/x.yaml",
            "fixture",
            "",
            ("play.follow-suit",),
            Status.FAILED,
            "x.yaml:3",
            expected="AC",
            actual="QC",
            config=(("void-play", option),),
            blamed=("play.follow-suit",),
        )

    run = EngineRun("cmd:x", "x", "1", (failed("free"), failed("must-trump")), own_rule_set=True)
    text = render_matrix_markdown(build_matrix(SPEC, [run], ()), suite="s", spec="s", protocol="p")
    assert "Deviations, by blamed rule (1 case):" in text
    assert "- `play.follow-suit`: 1 case" in text
    assert text.count("fixtures/x.yaml [void-play=") == 2


def test_run_and_matrix_give_the_same_coverage_figures() -> None:
    """One rounding for every coverage figure: 562 of 563 cases is 99 %, never 100 %, in run's
    summary line and in the matrix's brief alike (they share judge.verdict.percent)."""
    from conformance.judge.verdict import coverage_line, percent
    from conformance.reports.report_matrix import _coverage_brief

    assert percent(562, 563) == "99 %" and percent(1, 3) == "33 %"
    line = coverage_line(563, 562, {"capability session missing": 1}, 0)
    brief = _coverage_brief(563, 562, {"capability session missing": 1}, 0)
    assert "(99 %)" in line and brief.startswith(line)
