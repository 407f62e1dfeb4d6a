"""Every hand record, under every option combination it has an expectation for, against the
independent model of :mod:`tests.engine.bruteforce` (written from the spec's rule statements; it
shares no code with ``reference_impl``).

The records' expected values are worked out by hand; this cross-checks what the model reaches:
every action the record plays is legal under the options, the action the record declares illegal
(its last one, or its ``illegal.at`` under these options) is not among the legal actions, and
every stated trick winner is the model's. The reference engine is checked against the same
records by the suite itself, so a record both disagree with is a record worked out wrong.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from sheepshead_spec import load_spec
from sheepshead_spec.record_actions import load_record, plan_hands, resolve
from sheepshead_spec.records import action_key

from conformance.cases.records import record_case

from . import bruteforce

REPO = Path(__file__).resolve().parents[2]
_SPEC = load_spec()
_EVERY = {axis.id: [option.id for option in axis.options] for axis in _SPEC.axes}


def _combinations() -> Iterator[tuple[str, Mapping[str, str]]]:
    for path in sorted((REPO / "fixtures").rglob("*.yaml")):
        record = load_record(path, _SPEC, file=path.relative_to(REPO).as_posix())
        data = record.data
        if record.is_session or record.is_position or record.is_irregularity or "x-perft" in data:
            continue
        if any("claim" in str(play) for trick in data.get("plays") or [] for play in trick):
            continue  # a claimed revoke ends the hand early; one that stands is played as a card
        case = record_case(record, _SPEC, record.file)
        axes = sorted(case.axis_options())
        for combo in itertools.product(*(_EVERY[axis] for axis in axes)):
            chosen = dict(zip(axes, combo, strict=True))
            if case.covers(chosen) and case.not_applicable(chosen) is None:
                yield record.file, {**_SPEC.profile_options("standard"), **record.variants, **chosen}


_RUNS = list(_combinations())


def test_the_cross_check_reaches_most_records() -> None:
    assert len({file for file, _ in _RUNS}) >= 100


@pytest.mark.parametrize(("file", "options"), _RUNS, ids=[f"{f}@{i}" for i, (f, _) in enumerate(_RUNS)])
def test_a_record_holds_in_the_independent_model(file: str, options: Mapping[str, str]) -> None:
    record = load_record(REPO / file, _SPEC, file=file)
    plan = plan_hands(record, options)[0]
    expect: Mapping[str, Any] = record.data.get("expect") or {}

    def value(key: str) -> Any:
        if key not in expect:
            return None
        applies, found = resolve(expect[key], options, "")
        return found if applies else None

    illegal = value("illegal")
    last = len(plan.actions) - 1
    if isinstance(illegal, Mapping) and "at" in illegal:
        last = plan.written.index(action_key(illegal["at"]))
    negative = isinstance(illegal, Mapping) and illegal.get("rule") is not None
    hands = {int(seat[1]): [bruteforce.normalise_card(c) for c in cards] for seat, cards in plan.deal.hands.items()}
    model = bruteforce.Model(
        options, int(plan.deal.dealer[1]), hands, [bruteforce.normalise_card(c) for c in plan.deal.blind]
    )
    for index, action in enumerate(plan.actions[: last + 1]):
        legal = model.legal_actions()
        normal = bruteforce.normalise_action(action)
        if negative and index == last:
            assert normal not in legal, f"{file}: {action!r} is legal in the model under {dict(options)}"
            return
        if normal.split()[1] == "revoke":  # a held card that is not a legal play, played all the same
            seat, _, card = normal.split()
            assert f"{seat} play {card}" not in legal and card in model.hands[int(seat[1])], f"{file}: {action!r}"
        else:
            assert normal in legal, f"{file}: {action!r} (action {index}) is not legal in the model: {legal}"
        model.apply(normal, check=False)
    tricks = value("tricks")
    for number, stated in enumerate(tricks or []):
        if number < len(model.tricks) and "winner" in stated:
            trick = model.tricks[number]
            assert f"S{model.trick_winner(trick, number)}" == stated["winner"], (
                f"{file}: trick {number + 1} under {dict(options)}"
            )
