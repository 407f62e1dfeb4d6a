"""``smoke``: passes on the reference and on the example adapters, and fails with advice (what was
sent, what came back, what to fix) on adapters with one mistake each (a capability without its
callback is named by the engine loader before smoke starts)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.harness.synthetic import run_cli

REPO = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)


def _smoke(engine: str) -> tuple[int, list[str]]:
    outcome = run_cli(["smoke", "--engine", engine])
    assert "Traceback" not in outcome.err, outcome.err
    return outcome.status, outcome.out.splitlines()


def test_smoke_passes_on_the_reference() -> None:
    status, lines = _smoke("reference")
    assert status == 0, lines
    names = [line.split()[1] for line in lines[1:-1] if line.startswith("  ok ")]
    assert names[:7] == ["handshake", "trick-winner", "legal-plays", "callable-cards", "score", "card-points", "replay"]
    assert lines[-1].startswith("all checks passed in ")


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed: the JavaScript examples are skipped")
@pytest.mark.parametrize("example", ["js-table", "js-rules"])
def test_smoke_passes_on_the_javascript_examples(example: str) -> None:
    status, lines = _smoke(f"cmd:{NODE} adapters/examples/{example}/adapter.js")
    assert status == 0, lines


def test_smoke_passes_on_the_python_example(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO / "adapters/examples/python-game")
    status, lines = _smoke("python:adapter:engine")
    assert status == 0, lines


def test_a_declared_capability_without_its_callback_is_named_before_anything_runs() -> None:
    outcome = run_cli(["smoke", "--engine", "python:tests.kit.smoke_engines:no_score_callback"])
    assert outcome.status == 2 and "neither an adapter (missing: score)" in outcome.err, outcome.err
    assert "Traceback" not in outcome.err


@pytest.mark.parametrize(
    ("engine", "check", "detail", "fix"),
    [
        ("mislabelled_capability", "trick-winner", "the engine answered 3, the reference 2", "index (0-based"),
        ("state_changed_by_refusal", "refused action", "the engine has S5 to act", "leave the hand unchanged"),
        ("one_card_bury", "refused action", "S3 bury TS (one card); the engine accepted it", "a bury is two cards"),
        (
            "follows_no_suit",
            "legal-plays",
            "the engine answered ['7C', '8H', 'KS', 'QD'], the reference ['8H']",
            "play.follow-suit",
        ),
        ("unknown_option", "handshake", "unknown options ['void-play=sometimes']", "declare only axes and options"),
    ],
)
def test_smoke_fails_on_a_mistaken_adapter_with_advice(engine: str, check: str, detail: str, fix: str) -> None:
    status, lines = _smoke(f"python:tests.kit.smoke_engines:{engine}")
    assert status == 1, lines
    at = next(i for i, line in enumerate(lines) if line.startswith("  FAIL") and line[7:].startswith(check))
    assert detail in lines[at], lines[at]
    assert lines[at + 1].strip().startswith("fix: ") and fix in lines[at + 1], lines[at + 1]


@pytest.mark.parametrize(
    ("engine", "mistake"),
    [
        ("apply_without_answer", "apply returned None"),
        ("calls_the_ten", "apply was asked 'S3 call AH' and the engine made 'S3 call TH'"),
    ],
)
def test_smoke_names_the_step_adapters_own_mistake_with_its_callback(engine: str, mistake: str) -> None:
    """A step engine's adapter that forgets apply's answer, or lets the engine call the ten when
    asked for the ace: the adapter's mistake, naming apply, never a rule the engine breaks."""
    status, lines = _smoke(f"python:tests.kit.smoke_engines:{engine}")
    assert status == 1, lines
    failed = [i for i, line in enumerate(lines) if line.startswith("  FAIL") and "the adapter's mistake: " in line]
    assert failed and any(mistake in lines[i] for i in failed), lines
    assert all(lines[i + 1].strip() == "fix: mend the adapter's callback the message names" for i in failed)
