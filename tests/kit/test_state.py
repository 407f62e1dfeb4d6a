"""The kit does the state handling: a refused action leaves the hand unchanged, and the legal
actions of a moment the engine cannot list are found by trying each candidate on a copy.

The stand-ins are the reference hand driven by its steps (:mod:`tests.kit.reference_steps`) with
one habit of ``notes/engine-shapes.md`` each: a flag set before a refusal, legal actions listed
only for plays. Expected values are the rules' (what the seat to act may do in the deal below),
or the suite's own records and scenarios.
"""

from __future__ import annotations

import doctest
import random
from collections.abc import Mapping, Sequence

import pytest

import conformance.kit.trial
from conformance.adapter import AdapterError, Deal, ReplayRequest
from conformance.judge.results import Status
from conformance.kit import Step, StepAdapter
from conformance.kit.trial import candidates
from conformance.runner import run_engine

from .reference_steps import EXAMPLE_DEAL, ReferenceSteps

DEAL = EXAMPLE_DEAL
"""S1 passes, S2 picks (eight cards: QC QD TD AC KS 9H and the blind's TS 7S)."""

BURY_THEN_CALL = {"call-timing": "bury-then-call"}


class FlagBeforeRefusal(ReferenceSteps):
    """Sets a flag before it refuses an action (as an engine that marks an under card played and
    only then refuses the card), and once the flag is set gives nobody the turn, lists no legal
    action and refuses everything: a hand it does not put back is broken."""

    def start(self, deal: Deal, options: Mapping[str, str]) -> None:
        self.flagged = False
        self.starts = getattr(self, "starts", 0) + 1
        super().start(deal, options)

    def turn(self) -> str | None:
        return None if self.flagged else super().turn()

    def legal_actions(self) -> list[str]:
        return [] if self.flagged else super().legal_actions()

    def apply(self, action: str) -> Step:
        if self.flagged:
            return Step.reject("the table is in an error state")
        step = super().apply(action)
        self.flagged = not step.accepted
        return step


class FlagBeforeRefusalWithCopies(FlagBeforeRefusal):
    """The same, with ``snapshot``/``restore``: the kit restores instead of replaying."""

    restores = 0

    def snapshot(self) -> object:
        return (self._hand().copy(), self.flagged)

    def restore(self, state: object) -> None:
        assert isinstance(state, tuple)
        self.hand, self.flagged = state
        self._legal = {}
        self.restores += 1


class PlaysOnly(ReferenceSteps):
    """Lists its legal actions only in the play; burials, calls, under calls and the auction are
    not listed (``None``)."""

    def legal_actions(self) -> list[str] | None:  # type: ignore[override]
        return super().legal_actions() if self._hand().phase.value == "play" else None


class PlaysOnlyWithCopies(PlaysOnly, FlagBeforeRefusalWithCopies):
    """Lists only plays, sets a flag before a refusal, and keeps copies."""

    def legal_actions(self) -> list[str] | None:  # type: ignore[override]
        return [] if self.flagged else PlaysOnly.legal_actions(self)


def _replay(engine: ReferenceSteps, actions: Sequence[str], options: Mapping[str, str] | None = None, **kwargs: bool):  # type: ignore[no-untyped-def]
    return StepAdapter(engine, check_turn=False, **kwargs).replay(
        ReplayRequest(dict(options or {}), DEAL, tuple(actions))
    )


def test_docstring_examples() -> None:
    result = doctest.testmod(conformance.kit.trial)
    assert result.attempted > 0 and result.failed == 0


# 1. A refused action leaves the hand unchanged: the kit's job.


@pytest.mark.parametrize("engine", [FlagBeforeRefusal, FlagBeforeRefusalWithCopies])
def test_a_refusal_that_changed_the_engine_leaves_the_hand_as_it_was(engine: type[FlagBeforeRefusal]) -> None:
    """After S1 passes, S2 may pick or pass (auction.order); a play then is refused, and the hand is
    still S2's to pick or pass."""
    reply = _replay(engine(), ("S1 pass", "S2 play QC"))
    assert reply.applied == 1 and reply.rejected is not None and reply.rejected.index == 1
    assert reply.turn == "S2" and reply.phase == "auction"
    assert set(reply.legal or ()) == {"S2 pick", "S2 pass"}


def test_without_the_kit_undoing_it_the_stand_in_is_broken_by_its_refusal() -> None:
    """The stand-in's habit is real: with ``undo_refusals`` off, its hand is left broken."""
    reply = _replay(FlagBeforeRefusal(), ("S1 pass", "S2 play QC"), undo_refusals=False)
    assert reply.turn is None and reply.legal == ()


def test_snapshot_and_restore_are_used_when_the_engine_has_them() -> None:
    engine = FlagBeforeRefusalWithCopies()
    _replay(engine, ("S1 pass", "S2 play QC"))
    assert engine.starts == 1 and engine.restores == 1  # restored, not replayed
    replayed = FlagBeforeRefusal()
    _replay(replayed, ("S1 pass", "S2 play QC"))
    assert replayed.starts == 2  # started again from the deal, S1's pass re-applied


@pytest.mark.parametrize("engine", [FlagBeforeRefusal, FlagBeforeRefusalWithCopies])
def test_the_suite_judges_an_engine_that_changes_its_state_before_refusing_as_the_reference(
    engine: type[FlagBeforeRefusal],
) -> None:
    """The negative records and the scenarios of the bury and the call (each refusal is followed by
    the turn and legal actions of the hand as it was) all pass."""
    results = run_engine(StepAdapter(engine(), check_turn=False), probes=False, areas=["bury", "call"]).results
    wrong = [f"{r.case_id}: {r.message}" for r in results if r.status in (Status.FAILED, Status.ERROR)]
    assert not wrong, "\n".join(wrong[:5])
    assert sum(r.status is Status.PASSED for r in results) > 40


def test_an_engine_whose_start_does_not_reset_the_hand_is_named() -> None:
    """Replaying from the deal needs ``start`` to begin a new hand: one that keeps the old hand
    refuses what it accepted before, and the kit says so, as the adapter's mistake."""

    class KeepsItsHand(ReferenceSteps):
        def start(self, deal: Deal, options: Mapping[str, str]) -> None:
            if self.hand is None:
                super().start(deal, options)

    with pytest.raises(AdapterError) as raised:
        _replay(KeepsItsHand(), ("S1 pass", "S2 play QC"))
    assert raised.value.kind == "adapter-error" and "start and apply are not repeatable" in str(raised.value)


# 2. Legal by trial: burials, calls, under calls and plays.


def test_the_burials_and_calls_an_engine_cannot_list_are_found_by_trial() -> None:
    """S2 picked: any two of its eight cards may be buried (bury.two-cards: C(8, 2) = 28 pairs),
    then it calls the ace of a fail suit it holds a card of and does not hold the ace of: spades
    (KS, TS, 7S) or hearts (9H), not clubs (it holds AC); or goes alone."""
    engine = PlaysOnly()
    after_pick = _replay(engine, ("S1 pass", "S2 pick"), BURY_THEN_CALL)
    assert after_pick.phase == "bury" and after_pick.legal is not None and len(after_pick.legal) == 28
    assert "S2 bury 7S TS" in after_pick.legal and all(a.split()[1] == "bury" for a in after_pick.legal)
    after_bury = _replay(engine, ("S1 pass", "S2 pick", "S2 bury 7S TS"), BURY_THEN_CALL)
    assert after_bury.phase == "call" and set(after_bury.legal or ()) == {"S2 call AH", "S2 call AS", "S2 alone"}
    auction = _replay(engine, ("S1 pass",), BURY_THEN_CALL)
    assert set(auction.legal or ()) == {"S2 pick", "S2 pass"}


UNDER_DEAL = Deal(
    "S5",
    {
        "S1": ("AH", "JD", "9D", "9C", "8S", "8H"),
        "S2": ("QC", "QD", "TD", "AC", "AS", "9H"),
        "S3": ("QS", "JC", "AD", "KD", "7H", "KC"),
        "S4": ("QH", "JS", "TS", "TC", "7S", "TH"),
        "S5": ("JH", "KS", "8C", "7C", "9S", "KH"),
    },
    ("8D", "7D"),
)


def test_an_under_call_is_found_by_trial() -> None:
    """S2 picks and buries 9H 8D, keeping QC QD TD AC AS 7D: it holds the clubs and spades aces and
    no heart, and not all three aces, so no ace or ten may be called (call.no-callable-suit); under
    ``no-callable-suit: under`` it may call AH with any of its six cards as the under card
    (call.under-card), or go alone."""
    options = {**BURY_THEN_CALL, "no-callable-suit": "under"}
    request = ReplayRequest(options, UNDER_DEAL, ("S1 pass", "S2 pick", "S2 bury 9H 8D"))
    for engine in (PlaysOnly(), PlaysOnlyWithCopies()):
        reply = StepAdapter(engine, check_turn=False).replay(request)
        kept = ("QC", "QD", "TD", "AC", "AS", "7D")
        assert set(reply.legal or ()) == {f"S2 call AH under {card}" for card in kept} | {"S2 alone"}


def _random_prefixes(options: Mapping[str, str], seed: str, hands: int) -> list[tuple[Deal, tuple[str, ...]]]:
    """Seeded random hands, every prefix of each (the reference keeps every action legal)."""
    from conformance.kit.translate import CARDS

    rng = random.Random(seed)
    out = []
    for _ in range(hands):
        pack = list(CARDS)
        rng.shuffle(pack)
        deal = Deal(
            rng.choice(("S1", "S2", "S3", "S4", "S5")),
            {f"S{i}": tuple(pack[6 * i - 6 : 6 * i]) for i in range(1, 6)},
            (pack[30], pack[31]),
        )
        steps = ReferenceSteps()
        steps.start(deal, options)
        actions: list[str] = []
        while steps.turn() is not None and len(actions) < 12:
            out.append((deal, tuple(actions)))
            action = rng.choice(steps.legal_actions())
            assert steps.apply(action).accepted
            actions.append(action)
    return out


@pytest.mark.parametrize(
    "options",
    [
        BURY_THEN_CALL,
        {"call-timing": "call-then-bury", "no-callable-suit": "under"},
        {**BURY_THEN_CALL, "cracking": "crack", "blitzing": "queens"},
        {"call-timing": "call-then-bury", "cracking": "crack", "blitzing": "at-the-pick"},
        {**BURY_THEN_CALL, "all-pass": "leaster"},
    ],
    ids=["bury-then-call", "call-then-bury-under", "cracking", "blitz-at-the-pick", "leaster"],
)
def test_legal_by_trial_lists_what_the_engine_accepts_at_every_moment(options: dict[str, str]) -> None:
    """At every moment of seeded random hands, the actions found by trial (with a replay from
    the deal, and on copies) are exactly the ones the engine allows."""
    by_replay, on_copies = (
        StepAdapter(PlaysOnly(), check_turn=False),
        StepAdapter(PlaysOnlyWithCopies(), check_turn=False),
    )
    listed = StepAdapter(ReferenceSteps(), check_turn=False)
    for deal, actions in _random_prefixes(options, "trial", 12):
        request = ReplayRequest(dict(options), deal, actions)
        want = listed.replay(request)
        for adapter in (by_replay, on_copies):
            got = adapter.replay(request)
            assert (got.turn, got.phase) == (want.turn, want.phase), actions
            assert set(got.legal or ()) == set(want.legal or ()), actions


def test_the_suite_judges_an_engine_listing_only_plays_as_the_reference() -> None:
    """The auction, bury and call cases, whose legal sets are asked, all pass by trial."""
    results = run_engine(
        StepAdapter(PlaysOnly(), check_turn=False), probes=False, areas=["auction", "bury", "call"]
    ).results
    wrong = [f"{r.case_id}: {r.message}" for r in results if r.status in (Status.FAILED, Status.ERROR)]
    assert not wrong, "\n".join(wrong[:5])
    assert sum(r.status is Status.PASSED for r in results) > 80


def test_candidates_follow_the_phase_the_actions_reached() -> None:
    picked = ("S1 pass", "S2 pick")
    assert candidates(DEAL, (), "S1", {}) == ["S1 pick", "S1 pass"]
    assert {a.split()[1] for a in candidates(DEAL, picked, "S2", {})} == {"bury", "call", "alone"}
    assert {a.split()[1] for a in candidates(DEAL, (*picked, "S2 bury 7S TS"), "S2", {})} == {"call", "alone"}
    after_call = (*picked, "S2 bury 7S TS", "S2 call AH")
    assert candidates(DEAL, after_call, "S1", {}) == [f"S1 play {card}" for card in DEAL.hands["S1"]]
    cracking = candidates(DEAL, after_call, "S1", {"cracking": "crack"})
    assert "S4 crack" in cracking and "S2 recrack" in cracking and "S3 blitz black" not in cracking
    played = (*after_call, "S1 play 7D")
    assert "S4 crack" not in candidates(DEAL, played, "S2", {"cracking": "crack"})
    assert "S5 claim" in candidates(DEAL, (*after_call, "S1 revoke 7D"), "S2", {}, procedure=True)
