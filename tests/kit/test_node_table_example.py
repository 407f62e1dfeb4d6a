"""The JavaScript table example (``adapters/examples/js-table``) at the protocol: its stand-in's
awkward habits, each handled by the Node helper, seen in the replies to one scripted hand.

- the table changes its state before it refuses (a refused play has left the hand, a refused bury
  has taken both cards out): the helper replays the hand from its start, so the reply after a
  refusal is the state before it, and the card is still there later;
- the table calls a suit and picks the ace or the ten itself: asked ``call AH`` while holding AH,
  it would call TH, and the adapter refuses; its lastAction lets the helper check every action;
- the table lists neither calls nor burials: the helper lists them by trial;
- its cards are objects {rank, suit, id};
- when all pass it plays a schwanzer, not a leaster.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ADAPTER = ROOT / "adapters" / "examples" / "js-table" / "adapter.js"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not on this machine: the JavaScript example cannot run")

DEAL = {
    "dealer": "S5",
    "hands": {
        "S1": ["AH", "7H", "8C", "QC", "QS", "JD"],
        "S2": ["QH", "QD", "JC", "JS", "JH", "AD"],
        "S3": ["TD", "KD", "9D", "8D", "7D", "AC"],
        "S4": ["TC", "KC", "9C", "7C", "AS", "TS"],
        "S5": ["KS", "8S", "7S", "TH", "KH", "9H"],
    },
    "blind": ["9S", "8H"],
    "deck": None,
}
"""S1 (the dealer's left, the table's seat 0) picks: AH 7H 8C QC QS JD 9S 8H."""

ACTIONS = [
    "S1 pick",
    "S1 call AH",  # 1: the table would call TH (the picker holds AH): refused
    "S1 call AC",
    "S1 bury 9S",  # 3: one card: refused
    "S1 bury 8C 9S",  # 4: no club left for the called suit: refused, after the table took both out
    "S1 bury 8H 9S",
    "S1 play 7H",
    "S2 play JH",
    "S3 play 7D",
    "S4 play 7C",
    "S5 play KS",  # 10: hearts led, S5 holds hearts: refused, after the card left S5's hand
    "S5 play 9H",
    "S2 play QH",
    "S3 play TD",
    "S4 play TC",
]


def _replies(actions: list[str], *, result: bool = False) -> list[dict[str, Any]]:
    requests = [
        {"id": 0, "type": "hello", "protocol": 1},
        {"id": 1, "type": "start", "options": {}, "deal": DEAL},
        *({"id": 2 + n, "type": "apply", "action": action} for n, action in enumerate(actions)),
        *([{"id": 99, "type": "result"}] if result else []),
    ]
    done = subprocess.run(
        [NODE or "node", str(ADAPTER)],
        input="".join(json.dumps(r) + "\n" for r in requests),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_the_table_examples_habits_are_handled_by_the_helper() -> None:
    hello, start, *applied = _replies(ACTIONS)
    assert hello["capabilities"] == ["steps"]
    assert start["turn"] == "S1" and start["legal"] == ["S1 pick", "S1 pass"]  # by trial
    accepted = "".join("y" if reply.get("accepted") else "n" for reply in applied)
    assert accepted == "ynynnyyyyynyyyy", [reply.get("error") or reply.get("reason") for reply in applied]
    picked, ace_asked, called, one_card, no_club, buried = applied[:6]
    # calls by trial: the table's own (a ten when the picker holds the ace: TH, its planted bug)
    assert picked["legal"] == ["S1 alone", "S1 call AC", "S1 call AS", "S1 call TH"]
    assert ace_asked["reason"] == "the table calls TH of that suit" and ace_asked["legal"] == picked["legal"]
    burials = called["legal"]
    assert len(burials) == 21 and not [b for b in burials if "8C" in b]  # 28 pairs, less those burying the only club
    assert one_card["legal"] == no_club["legal"] == burials  # the hand as it was before each refusal
    assert buried["legal"] == ["S1 play AH", "S1 play 7H", "S1 play 8C", "S1 play QC", "S1 play QS", "S1 play JD"]
    refused_play = applied[10]
    assert refused_play["turn"] == "S5" and refused_play["legal"] == ["S5 play TH", "S5 play KH", "S5 play 9H"]
    # trick 2, trump led, S5 void of trump: every card it holds, KS among them (put back by the replay)
    assert applied[-1]["legal"] == ["S5 play KS", "S5 play 8S", "S5 play 7S", "S5 play TH", "S5 play KH"]


def test_the_table_example_plays_a_schwanzer_when_all_pass() -> None:
    """Trump power in the six cards dealt: S1 8 (QC QS JD), S2 13 (QH QD JC JS JH AD), S3 5, S4 and
    S5 none: S2 pays 4."""
    *_, last_pass, result = _replies([f"S{n} pass" for n in range(1, 6)], result=True)
    assert last_pass["accepted"] is True and last_pass["turn"] is None
    assert result["over"] is True and result["tricks"] == []
    assert result["outcome"] == {"kind": "schwanzer", "scores": {"S1": 1, "S2": -4, "S3": 1, "S4": 1, "S5": 1}}
