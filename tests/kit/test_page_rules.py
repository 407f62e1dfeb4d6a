"""The spec page's JavaScript rules module (``spec/ask-rules.js``), judged by the whole suite.

The module answers the direct queries (legal plays, trick winner, card points, callable cards,
score) under every option of every axis those answers read; ``adapters/node/examples/
page-rules-engine.js`` serves it through the Node helper as an engine declaring all five query
capabilities and every option of every axis. Under its own rule set, and under every profile,
it must fail nothing and run every case its capabilities allow. The module also has to load as
a plain browser script (the page inlines it) and to name the axes of ``spec/variants.yaml``.
"""

from __future__ import annotations

import functools
import json
import shlex
import shutil
import subprocess
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from sheepshead_spec import load_spec

from conformance.judge.results import Status
from conformance.judge.verdict import coverage_of, reason_kind
from conformance.runner import SuiteRun, run_engine

ROOT = Path(__file__).resolve().parents[2]
MODULE = ROOT / "spec" / "ask-rules.js"
ENGINE = ROOT / "adapters" / "node" / "examples" / "page-rules-engine.js"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not on this machine: the JavaScript module cannot run")
QUERIES = {"trick-winner", "legal-plays", "callable-cards", "score", "card-points"}


@functools.cache
def _run(profile: str | None) -> SuiteRun:
    return run_engine(f"cmd:{shlex.join([NODE or 'node', str(ENGINE)])}", [profile] if profile else None)


def _node(script: str, *arguments: str) -> Any:
    """Run ``script`` with the module's path (and ``arguments``) as its arguments; its output, as JSON."""
    done = subprocess.run(
        [NODE or "node", "-e", script, str(MODULE), *arguments], capture_output=True, text=True, timeout=60, check=True
    )
    return json.loads(done.stdout)


@needs_node
@pytest.mark.parametrize("profile", [None, "all"], ids=["own-rule-set", "profile-all"])
def test_the_page_rules_module_passes_every_case_its_capabilities_allow(profile: str | None) -> None:
    run = _run(profile)
    spec = load_spec()
    assert run.info is not None and set(run.info.capabilities) == QUERIES
    assert {axis: set(options) for axis, options in run.info.options.items()} == {
        axis.id: {option.id for option in axis.options} for axis in spec.axes
    }
    problems = [f"{r.key}: {r.message}" for r in run.results if r.status in (Status.FAILED, Status.ERROR)]
    assert not problems, problems[:10]
    coverage = coverage_of(run.results)
    assert coverage.ran == coverage.allowed, coverage.describe()
    # nothing was left out for an option or an engine answer: only what needs a replay or a session
    left = {r.reason for r in run.results if r.status is Status.UNSUPPORTED}
    assert {reason for reason in left if reason_kind(reason or "") != "capabilities"} == set()
    assert coverage.ran >= 0.7 * coverage.cases, coverage.describe()


@needs_node
def test_the_module_is_a_browser_script_and_names_the_axes_of_the_spec() -> None:
    script = """
    const fs = require("fs"), vm = require("vm");
    const text = fs.readFileSync(process.argv[1], "utf8");
    const page = vm.createContext({});  // a browser-like global: no module, no require
    vm.runInContext(text, page);
    const rules = page.SheepsheadRules, required = require(process.argv[1]);
    console.log(JSON.stringify({ axes: rules.AXES, same: Object.keys(rules).join() === Object.keys(required).join(),
      inlinable: !/<\\/script/i.test(text), winner: rules.trickWinner(["AH", "TH", "7D"], {}),
      points: required.cardPoints(["AS", "TS", "QC"]) }));
    """
    answer = _node(script)
    assert answer["same"] and answer["inlinable"] and (answer["winner"], answer["points"]) == (2, 24)
    axes = {axis.id: axis for axis in load_spec().axes}
    for axis, options in answer["axes"].items():  # the default first, then the other options
        assert options[0] == axes[axis].default and set(options) == {o.id for o in axes[axis].options}, axis
    assert (files("sheepshead_spec") / "ask-rules.js").is_file()  # package data, for the page


# Picker positions the suite asks only at an axis's default, where the answer does not depend on
# the axis (an engine playing both options is asked them once), or not at all, each under the
# other option with the answer the rule statements give (its case, or its reason, in a comment).
POSITIONS: list[tuple[dict[str, Any], dict[str, str], list[str]]] = [
    # play.picker-leads-called-suit under after-first-lead: holding only the called suit, and
    # in the last trick, the picker may lead it (features/play/hold-card.feature)
    ({"hand": ["7H", "9H"], "trickNumber": 5}, {"called-suit-lead": "after-first-lead"}, ["7H", "9H"]),
    ({"hand": ["7H"], "trickNumber": 6}, {"called-suit-lead": "after-first-lead"}, ["7H"]),
    # play.ace-kept-for-called-ten: holding only clubs after a ten call, the picker may lead them
    # under after-first-lead, and "a picker leading the suit before [its first lead] MUST lead"
    # the ace (the reference engine allows 8C and 9C here too)
    (
        {"hand": ["8C", "AC", "9C"], "trickNumber": 4, "called": "TC"},
        {"called-suit-lead": "after-first-lead", "ten-call-hold": "the-ace"},
        ["AC"],
    ),
    # call.under-card: the under card counts as a card of the called suit, so, though a diamond,
    # it is no trump that must-trump would require on a club lead; it is the hold card, kept
    (
        {"hand": ["8D", "KH", "9H"], "trick": ["7C"], "trickNumber": 4, "called": "AS", "under": "8D"},
        {"void-play": "must-trump"},
        ["KH", "9H"],
    ),
]


@needs_node
def test_the_module_answers_picker_positions_the_suite_asks_only_at_a_default() -> None:
    picker = {"trick": [], "role": "picker", "called": "AH", "under": None, "calledSuitLed": False}
    asked = [[{**picker, **position}, options] for position, options, _ in POSITIONS]
    script = """
    const rules = require(process.argv[1]);
    const asked = JSON.parse(process.argv[2]);
    console.log(JSON.stringify(asked.map(([position, options]) => rules.legalPlays(position, options))));
    """
    answers = _node(script, json.dumps(asked))
    assert [sorted(cards) for cards in answers] == [sorted(legal) for _, _, legal in POSITIONS]
