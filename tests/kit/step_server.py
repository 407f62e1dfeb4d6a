"""The reference hand behind the protocol's step messages (``start``, ``apply``, ``result``): a
plumbing check of the protocol path of capability ``steps``. Run as
``python -m tests.kit.step_server``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script: the project root

from conformance.adapter import Deal  # noqa: E402
from tests.kit.reference_steps import ReferenceSteps  # noqa: E402


def _state(engine: ReferenceSteps) -> dict[str, Any]:
    turn = engine.turn()
    return {"turn": turn, "legal": None if turn is None else engine.legal_actions()}


def _answer(engine: ReferenceSteps, message: dict[str, Any]) -> dict[str, Any]:
    kind, request_id = message.get("type"), message.get("id")
    if kind == "hello":
        info = engine.info()
        return {
            "id": 0,
            "protocol": 1,
            "name": "step-server",
            "version": "1",
            "capabilities": ["steps", "rule-ids", "deal-from-deck"],
            "options": {axis: list(options) for axis, options in info.options.items()},
        }
    if kind == "start":
        deal = message["deal"]
        hands = {seat: tuple(cards) for seat, cards in (deal["hands"] or {}).items()}
        blind = tuple(deal["blind"] or ())
        engine.start(
            Deal(deal["dealer"], hands, blind, None if deal["deck"] is None else tuple(deal["deck"])),
            message["options"],
        )
        return {"id": request_id, **_state(engine)}
    if kind == "apply":
        step = engine.apply(message["action"])
        return {
            "id": request_id,
            "accepted": step.accepted,
            "reason": step.reason or None,
            "rule": step.rule,
            **_state(engine),
        }
    if kind == "result":
        result = engine.result()
        outcome = result.outcome
        return {
            "id": request_id,
            "over": result.over,
            "tricks": [{"winner": t.winner, "points": t.points} for t in result.tricks],
            "outcome": None
            if outcome is None
            else {
                "kind": outcome.kind,
                "scores": dict(outcome.scores),
                "picker": outcome.picker,
                "partner": outcome.partner,
                "picker_side_points": outcome.picker_side_points,
                "picker_side_tricks": outcome.picker_side_tricks,
                "defender_points": outcome.defender_points,
                "defender_tricks": outcome.defender_tricks,
                "seat_points": None if outcome.seat_points is None else dict(outcome.seat_points),
                "seat_tricks": None if outcome.seat_tricks is None else dict(outcome.seat_tricks),
                "leaster_winner": outcome.leaster_winner,
            },
        }
    return {"id": request_id, "error": {"code": "unsupported", "message": f"no {kind} here"}}


def main() -> None:
    engine = ReferenceSteps()
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "shutdown":
            return
        sys.stdout.write(json.dumps(_answer(engine, message)) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
