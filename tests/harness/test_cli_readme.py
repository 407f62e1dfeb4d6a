"""The README's two adapter examples, extracted and run: an in-process adapter and a subprocess
engine, both wrapping the same toy engine (trick winners and card points only)."""

from __future__ import annotations

import itertools
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sheepshead_spec import load_spec

from conformance.adapter import (
    Adapter,
    CardPointsRequest,
    Deal,
    ReplayRequest,
    TrickWinnerRequest,
    Unsupported,
)
from conformance.engines.loading import load_engine

README = Path(__file__).resolve().parents[2] / "README.md"
SPEC = load_spec()
TRICKS = [
    ("AH", "TH", "7D"),
    ("9C", "AC", "KC", "TC", "7C"),
    ("KS", "JC", "AS", "9S", "8S"),
    ("JS", "JC"),
    ("JC", "JS", "QD"),
    ("7H",),
    ("KH", "9H", "TH", "AS", "AC"),
    ("8D", "AD", "TD"),
]


def readme_block(name: str) -> str:
    """The code block of the README whose info string is ``python <name>``."""
    match = re.search(
        rf"^```python {re.escape(name)}\n(.*?)^```$", README.read_text(encoding="utf-8"), re.MULTILINE | re.DOTALL
    )
    assert match, f"no ```python {name} block in README.md"
    return match[1]


@pytest.mark.parametrize("name", ["my_adapter.py", "toy_engine.py"])
def test_readme_examples_are_short(name: str) -> None:
    assert len(readme_block(name).splitlines()) < 80


@pytest.fixture
def example_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("my_adapter.py", "toy_engine.py"):
        (tmp_path / name).write_text(readme_block(name), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "my_adapter", raising=False)
    return tmp_path


@pytest.fixture
def reference() -> Iterator[Adapter]:
    adapter = load_engine("reference")
    yield adapter
    adapter.close()


def _agrees_with_reference(adapter: Adapter, reference: Adapter) -> None:
    info = adapter.info()
    assert (info.name, info.version) == ("toy-engine", "0.1")
    checked = 0
    skipped = set()
    for profile, cards in itertools.product(SPEC.profiles, TRICKS):
        options = SPEC.profile_options(profile.id)
        if info.supports(options, SPEC.profile_options("standard")):
            skipped.add(profile.id)
            continue
        request = TrickWinnerRequest(options, cards)
        assert adapter.trick_winner(request) == reference.trick_winner(request), (profile.id, cards)
        checked += 1
    # wikipedia and sheepsheadai let a called ten win its suit, which the toy does not declare;
    # the subprocess toy, written before the schneider-line and cracking axes and the schwanzer
    # option, declares none of them (it leaves the axes out: ninety-one, no cracking)
    toy_lacks = {"ninety-line", "schwanzer", "schwanzer-all-tied", "cracking", "capped-cracking", "capped-cracking-64"}
    toy_lacks |= {"blitz-at-the-pick"}
    toy_lacks |= {"compromised-redeal"}  # nor the revoke-penalty axis (it plays no revokes)
    assert {"wikipedia", "sheepsheadai"} <= skipped <= {"wikipedia", "sheepsheadai", *toy_lacks}
    assert checked == (len(SPEC.profiles) - len(skipped)) * len(TRICKS)
    for cards in TRICKS:
        points = CardPointsRequest(cards)
        assert adapter.card_points(points) == reference.card_points(points)
    with pytest.raises(Unsupported):
        adapter.trick_winner(TrickWinnerRequest(SPEC.profile_options("standard"), ("AS", "8D"), "AS", "8D"))
    with pytest.raises(Unsupported):
        adapter.replay(ReplayRequest(SPEC.profile_options("standard"), Deal("S5", {}, ("TS", "7S")), ()))


def test_the_in_process_example(example_dir: Path, reference: Adapter) -> None:
    adapter = load_engine("python:my_adapter:ToyAdapter")
    assert isinstance(adapter, Adapter)
    _agrees_with_reference(adapter, reference)
    adapter.close()


def test_the_subprocess_example(example_dir: Path, reference: Adapter) -> None:
    adapter = load_engine(f"cmd:{sys.executable} {example_dir / 'toy_engine.py'}")
    try:
        _agrees_with_reference(adapter, reference)
    finally:
        adapter.close()


def test_a_python_engine_beside_the_user_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from .synthetic import run_cli

    (tmp_path / "my_adapter.py").write_text(readme_block("my_adapter.py"), encoding="utf-8")
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    monkeypatch.delitem(sys.modules, "my_adapter", raising=False)
    monkeypatch.chdir(tmp_path)
    record = Path(__file__).resolve().parents[2] / "spec" / "examples" / "ordinary-win-deck.yaml"
    outcome = run_cli(["check", str(record), "--engine", "python:my_adapter:ToyAdapter"])
    # imported from the working directory; the toy cannot replay hands: each moment is asked as a
    # query (it knows trick winners and card points), and it agrees with the record
    assert outcome.status == 0, outcome.out + outcome.err
    assert "replays no hand: each moment of the record was asked as a query" in outcome.out
    assert "agrees   winner of trick 1" in outcome.out


def test_the_readmes_position_ruling_is_what_check_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's end-to-end position example: its record is the fixture, and its console
    block is check's output, word for word."""
    from tests.harness.synthetic import run_cli

    text = README.read_text(encoding="utf-8")
    command = "sheepshead-conformance check fixtures/positions/void-defender-holding-one-trump.yaml"
    match = re.search(rf"^```console\n\$ {re.escape(command)}\n(.*?)^```$", text, re.MULTILINE | re.DOTALL)
    assert match, "no console block of the position ruling in README.md"
    record = re.search(r"^```yaml\n(format: sheepshead-position/1\n.*?)^```$", text, re.MULTILINE | re.DOTALL)
    assert record, "no position record in README.md"
    root = README.parent
    fixture = (root / "fixtures/positions/void-defender-holding-one-trump.yaml").read_text(encoding="utf-8")
    assert record[1] == "".join(line + "\n" for line in fixture.splitlines() if not line.startswith("#"))
    monkeypatch.chdir(root)
    outcome = run_cli(command.split()[1:])
    assert outcome.status == 0 and outcome.out == match[1]
