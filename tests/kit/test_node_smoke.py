"""``smoke`` on Node adapters with one mistake each: the JavaScript table example
(``adapters/examples/js-table``) with one line changed. Each mistake is caught by the Node helper
and reported as an adapter error naming the callback (``adapter-error``, never a rule the
engine broke), or, for a mislabelled capability, by smoke's comparison with the reference."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.harness.synthetic import run_cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "adapters" / "examples" / "js-table"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not on this machine: the Node adapters cannot run")

CALL_CHECK = "      if (r.success && card(r.cards[0]) !== a.cards[0]) r = { error: `the table calls ${card(r.cards[0])} of that suit` };\n"
ANSWER = "    return { accepted: Boolean(r.success), reason: r.error };\n"
HEADER = '  name: "js-table", version: "2.0", capabilities: ["steps"], options: OPTIONS,\n'


def _broken(tmp_path: Path, old: str, new: str) -> str:
    """The example's adapter with ``old`` replaced by ``new``, as a ``cmd:`` engine."""
    source = (EXAMPLE / "adapter.js").read_text(encoding="utf-8")
    assert source.count(old) == 1, old
    source = source.replace(old, new)
    source = source.replace(
        'path.join(__dirname, "..", "..", "node", "sheepshead-adapter.js")',
        json.dumps(str(ROOT / "adapters" / "node" / "sheepshead-adapter.js")),
    ).replace('path.join(__dirname, "table.js")', json.dumps(str(EXAMPLE / "table.js")))
    adapter = tmp_path / "adapter.js"
    adapter.write_text(source, encoding="utf-8")
    return f"cmd:{NODE} {adapter}"


def _smoke(engine: str) -> tuple[int, list[str]]:
    outcome = run_cli(["smoke", "--engine", engine])
    assert "Traceback" not in outcome.err, outcome.err
    return outcome.status, outcome.out.splitlines()


@pytest.mark.parametrize(
    ("mistake", "old", "new", "check", "said"),
    [
        (
            "a bury passed on card by card, answered after the first",
            '    } else if (a.verb === "bury") r = table.bury(s, a.cards.map(obj));\n',
            '    } else if (a.verb === "bury") r = a.cards.length < 2 ? { success: true } : table.bury(s, a.cards.map(obj));\n',
            "refused action",
            "'adapter-error': apply: accepted \"S3 bury TS\", a bury of 1 card: a bury is two different cards",
        ),
        (
            "a forgotten return",
            ANSWER,
            "    ({ accepted: Boolean(r.success), reason: r.error });\n",
            "replay",
            "'adapter-error': apply: returned nothing: return true, false or {accepted, reason, rule}",
        ),
        (
            "a call by suit taken as the card asked",
            CALL_CHECK,
            "",
            "replay",
            '\'adapter-error\': apply: was asked "S3 call TC" and accepted it, but the engine did "S3 call AC"',
        ),
        (
            "a capability without its callback",
            HEADER,
            HEADER.replace('["steps"]', '["steps", "score"]'),
            "handshake",
            "'adapter-error': score: capability \"score\" is declared, but the engine has no score callback",
        ),
        (
            "a mislabelled capability (card points answered as a trick's winner)",
            HEADER,
            HEADER.replace('["steps"]', '["steps", "trick-winner"]')
            + "  trickWinner: (m) => ({ winner: m.cards.indexOf([...m.cards].sort()[0]) }),\n",
            "trick-winner",
            "the engine answered 4, the reference 2",
        ),
    ],
    ids=["one-card-bury", "no-answer", "other-action", "capability-without-callback", "mislabelled-capability"],
)
def test_smoke_fails_on_a_node_adapter_with_one_mistake(
    tmp_path: Path, mistake: str, old: str, new: str, check: str, said: str
) -> None:
    status, lines = _smoke(_broken(tmp_path, old, new))
    assert status == 1, (mistake, lines)
    failed = [line for line in lines if line.startswith("  FAIL")]
    at = next((line for line in failed if line[7:].startswith(check)), None)
    assert at is not None and said in at, (mistake, failed)
    if "adapter-error" in said:  # the helper's error names the callback, never a rule the engine broke
        assert "rule" not in at.split("'adapter-error': ", 1)[1].split(":")[0]


def test_smoke_passes_on_an_adapter_that_says_unsupported(tmp_path: Path) -> None:
    """`throw new Unsupported(reason)` is a check skipped, not failed."""
    engine = _broken(
        tmp_path,
        HEADER,
        HEADER.replace('["steps"]', '["steps", "trick-winner"]')
        + '  trickWinner() { throw new kit.Unsupported("the table cannot judge a loose trick"); },\n',
    )
    status, lines = _smoke(engine)
    assert status == 0, lines
    assert [line for line in lines if line.startswith("  skip trick-winner") and "loose trick" in line]
