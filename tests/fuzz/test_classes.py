"""One class per bug: a class is named by what differs and the rule it breaks, never by the trick,
seat, card or seed that showed it, so the same bug gets the same class in every run, and two bugs
blamed on the same rule by a coarser reading get two.

Every engine here is a wrong engine of the project's own: the mutants, two of them planted in one
engine, and fakes written here.
"""

from __future__ import annotations

import contextlib
import doctest
import importlib
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from sheepshead_spec import load_spec

from conformance.engines.reference import ReferenceAdapter, ReferenceSteps
from conformance.fuzz.choices import Choices
from conformance.fuzz.driver import play_hand
from conformance.fuzz.run import FuzzRun, fuzz
from conformance.gates.mutants import MUTANTS, Mutant, MutantAdapter
from conformance.kit import Step, StepAdapter, StepResult
from tests.harness.synthetic import run_cli

SPEC = load_spec()


def _classes(engine: object, seed: str, hands: int = 100) -> dict[str, int]:
    """The class names of a run (kept as found), with their counts."""
    run: FuzzRun = fuzz(
        engine,  # type: ignore[arg-type]
        ReferenceSteps(),
        SPEC,
        hands=hands,
        seed=seed,
        query_reference=ReferenceAdapter(),
        shrink_tries=0,
    )
    return {group.divergence.class_name: group.count for group in run.groups.values()}


# Each of these fell into several classes before (by the trick number, the verb, the hand's kind,
# whether a session or a hand showed it, what a wrongly dealt pack happened to change), and most
# of them into other classes under another seed.
SAME_BUG = {
    "play.dealer-leads": {"turn play.first-lead"},
    "points.king-counts-three": {"trick-points points.card-values"},
    "session.doubler-ignored": {"session-scores all-pass.doubler"},
    "deal.two-three-three": {"deal deal.three-two-three"},
    "scoring.double-on-the-bump-on-wins": {
        "scores scoring.double-on-the-bump",
        "score-query scoring.double-on-the-bump",
    },
    "crack.window-open-in-first-trick": {"offered crack.window"},
    "leaster.no-trick-needed": {"outcome leaster.needs-trick"},
    "play.hold-card-kept-in-last-trick": {"not-offered play.hold-card-last-trick"},
}


@pytest.mark.parametrize("mutant", sorted(SAME_BUG))
def test_the_same_bug_has_the_same_classes_under_two_seeds(mutant: str) -> None:
    for seed in ("t", "u"):
        assert set(_classes(MutantAdapter(MUTANTS[mutant]), seed)) == SAME_BUG[mutant], seed


def _both(first: str, second: str) -> MutantAdapter:
    """One engine with two of the project's mutants planted."""

    @contextlib.contextmanager
    def patch() -> Iterator[None]:
        with MUTANTS[first].patch(), MUTANTS[second].patch():
            yield

    return MutantAdapter(Mutant(f"{first}+{second}", "both mistakes", patch))


def test_two_planted_bugs_with_the_same_verb_and_rule_are_two_classes() -> None:
    """A seat void in the led suit is offered only trumps (void-play must-trump, not the table's),
    and queens follow their printed suit: both leave out plays that play.void-in-led-suit permits
    (one class before); the second is what counting a queen as of its printed suit gives."""
    found = _classes(_both("play.void-must-trump", "deck.queens-follow-printed-suit"), "t", hands=200)
    assert {"not-offered play.void-in-led-suit", "not-offered play.void-in-led-suit + deck.trump-cards"} <= set(found)
    alone = _classes(MutantAdapter(MUTANTS["play.void-must-trump"]), "t", hands=200)
    assert "not-offered play.void-in-led-suit + deck.trump-cards" not in alone


class SchneiderLinesMoved(ReferenceSteps):
    """Two planted scoring bugs: 85 to 90 picker points are a schneider, 31 to 35 a schneider
    against the picker (both one class, blamed on scoring.schneider-thresholds, before)."""

    def result(self) -> StepResult:
        result = super().result()
        outcome = result.outcome
        if outcome is None or outcome.picker_side_points is None:
            return result
        points, kind = outcome.picker_side_points, outcome.kind
        wrong = "schneider" if kind == "win" and 85 <= points <= 90 else None
        wrong = "schneidered" if kind == "loss" and 31 <= points <= 35 else wrong
        if wrong is None:
            return result
        return StepResult(result.tricks, result.over, type(outcome)(**{**outcome.__dict__, "kind": wrong}))


def test_two_planted_bugs_on_one_rule_are_split_by_the_line_that_decides() -> None:
    run = fuzz(StepAdapter(SchneiderLinesMoved()), ReferenceSteps(), SPEC, hands=600, seed="t", shrink_tries=0)
    assert {group.divergence.class_name for group in run.groups.values()} == {
        "outcome scoring.schneider-thresholds + scoring.schneider",
        "outcome scoring.schneider-thresholds + scoring.schneidered",
    }


class RefusesTenLeads(ReferenceSteps):
    """Lists no legal actions and refuses any lead of a ten, in whichever trick."""

    def legal_actions(self) -> None:  # type: ignore[override]
        return None

    def apply(self, action: str) -> Step:
        hand = self._hand()
        words = action.split()
        if hand.phase.value == "play" and not hand.current_trick and words[1] == "play" and words[2][0] == "T":
            return Step.reject("no ten leads")
        return super().apply(action)


def test_a_lead_refused_is_one_class_in_the_first_trick_and_later() -> None:
    """The lead a refusing engine misses is blamed on the rule that permits it (play.lead-any-card,
    or the called suit's exceptions), never on which trick it leads (play.first-lead, winner-leads)."""
    info = ReferenceSteps().info()
    options = SPEC.profile_options("standard")
    by_trick: dict[bool, set[str]] = {True: set(), False: set()}
    for number in range(1, 80):
        hand = play_hand(number, Choices(f"t:{number}"), ReferenceSteps(), RefusesTenLeads(), options, info)
        if hand.divergence is not None:
            assert hand.divergence.kind == "refused", hand.divergence.describe()
            first_trick = sum(" play " in action for action in hand.actions[: hand.divergence.at]) < 5
            by_trick[first_trick].add(hand.divergence.class_name)
    assert "refused play.lead-any-card" in by_trick[True] & by_trick[False]
    assert not any("first-lead" in name or "winner-leads" in name for names in by_trick.values() for name in names)


def test_runs_of_two_seeds_merge_by_class(tmp_path: Path) -> None:
    """fuzz report over runs of two seeds: one entry per class, the counts summed, the example the
    earliest game with its seed."""
    loader = lambda text: MutantAdapter(MUTANTS["points.king-counts-three"])  # noqa: E731
    counts = []
    for seed in ("t", "u"):
        argv = ["fuzz", "--engine", "m", "--hands", "20", "-q", "--seed", seed, "--shrink", "0", "--format", "json"]
        outcome = run_cli([*argv, "--output", str(tmp_path / seed)], loader=loader)
        assert outcome.status == 1, outcome.err
        counts.append({d["class"]: d["count"] for d in json.loads(outcome.out)["divergences"]})
    assert counts[0].keys() == counts[1].keys() == {"trick-points points.card-values"}
    merged = run_cli(["fuzz", "report", str(tmp_path / "t"), str(tmp_path / "u"), "--format", "json"])
    data = json.loads(merged.out)
    assert [(d["class"], d["count"]) for d in data["divergences"]] == [
        ("trick-points points.card-values", sum(count["trick-points points.card-values"] for count in counts))
    ]
    assert data["divergences"][0]["seed"] in ("t", "u")
    text = run_cli(["fuzz", "report", str(tmp_path / "t"), str(tmp_path / "u")]).out
    assert "× trick-points points.card-values" in text and " of seed " in text


@pytest.mark.parametrize("name", ["conformance.fuzz.classes", "conformance.cases.blame"])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
