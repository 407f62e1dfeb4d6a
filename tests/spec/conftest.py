"""Fixtures for the spec tooling tests: the real spec, and a small made-up one to break."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from sheepshead_spec import CheckReport, SeedsLocation, check_spec

REPO = Path(__file__).resolve().parents[2]
"""The checkout these tests belong to."""
SPEC_DIR = REPO / "spec"
"""Its spec/ folder (the real data)."""
SCHEMA_DIR = SPEC_DIR / "schema"
"""The real schemas, also used for the made-up spec."""

SEED = "000_0000000000000000.txt"
SEED_TEXT = """Sheepshead
Dere er fem spillere.
Kløverknekt er høyere enn sparknekt.
Sparknekt er høyere.
"""

RULES = f"""\
spec_version: "0.1.0"
texts:
  - file: {SEED}
    language: nb
    family: guide
    title: A made-up guide
    description: Four lines written for these tests.
references:
  - id: W
    title: A reference
areas:
  - id: deck
    title: Players and pack
    description: Cards.
  - id: trick
    title: Tricks
    description: Who wins a trick.
rules:
  - id: deck.five-players
    area: deck
    title: Five players
    statement: A hand MUST be played by five players.
    basis: seed
    sources:
      - seed: {SEED}
        line: 2
        quote: Dere er fem spillere
        gloss: You are five players
  - id: trick.highest-trump-wins
    area: trick
    title: Highest trump wins
    statement: The highest trump MUST win the trick.
    basis: tradition
    references: [W]
    cites:
      - {{ref: W, quote: The highest trump takes the trick., url: "https://example.org/rules"}}
    axis: jack-order
    errata: [bad-list]
  - id: trick.five-cards
    area: trick
    title: Five cards to a trick
    statement: A trick MUST hold five cards.
    basis: derived
    derived_from: [deck.five-players]
"""

VARIANTS = f"""\
spec_version: "0.1.0"
axes:
  - id: jack-order
    title: Order of the black jacks
    question: Does the jack of clubs rank above the jack of spades?
    area: trick
    options:
      - id: clubs-first
        summary: JC above JS.
        sources:
          - {{seed: {SEED}, line: 3, quote: Kløverknekt er høyere, gloss: Jack of clubs is higher}}
      - id: spades-first
        summary: JS above JC.
        references: [W]
        cites:
          - {{ref: W, quote: "The jack of spades is higher", url: "https://example.org/rules", read_in: "https://example.org/copy"}}
    default: clubs-first
    rationale: The guide says so.
errata:
  - id: bad-list
    title: A bad list
    sources:
      - {{seed: {SEED}, line: 4, quote: Sparknekt er høyere, gloss: The jack of spades is higher}}
    description: The list puts the jack of spades first.
    resolution: Read it as clubs first.
    axis: jack-order
    option: spades-first
profiles:
  - id: standard
    title: Standard
    description: The default.
    options:
      jack-order: clubs-first
  - id: literal
    title: Literal
    description: The list as written.
    inherits: standard
    options:
      jack-order: spades-first
"""


def line_of(text: str, needle: str, occurrence: int = 1) -> int:
    """The 1-based line of the ``occurrence``-th line containing ``needle``."""
    hits = [n for n, line in enumerate(text.splitlines(), 1) if needle in line]
    assert len(hits) >= occurrence, f"{needle!r} occurs {len(hits)} times"
    return hits[occurrence - 1]


@dataclass(frozen=True)
class MadeUpSpec:
    """A small spec written to a temporary folder."""

    spec_dir: Path
    seeds_dir: Path
    rules: str
    variants: str

    def check(self, seeds: SeedsLocation | None = None, spec_md: Path | None = None) -> CheckReport:
        """Run :func:`check_spec`, by default with the made-up seed text."""
        seeds = SeedsLocation(self.seeds_dir, "test", explicit=True) if seeds is None else seeds
        return check_spec(self.spec_dir, seeds=seeds, spec_md=spec_md)

    def problems(self) -> list[str]:
        """The problems of :meth:`check`, as printed (files relative to the test folder)."""
        return [str(p) for p in self.check().problems]


MakeSpec = Callable[..., MadeUpSpec]


@pytest.fixture
def make_spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MakeSpec:
    """Write the made-up spec, with textual replacements, and return it.

    Call as ``make_spec(rules=[(old, new)], variants=[(old, new)])``; each
    ``old`` must occur in the base text.
    """
    monkeypatch.chdir(tmp_path)  # problems then name spec/rules.yaml, as in a checkout

    def make(
        rules: list[tuple[str, str]] = [],  # noqa: B006 - never mutated
        variants: list[tuple[str, str]] = [],  # noqa: B006
        seed_text: str = SEED_TEXT,
    ) -> MadeUpSpec:
        texts = {"rules": RULES, "variants": VARIANTS}
        for name, edits in (("rules", rules), ("variants", variants)):
            for old, new in edits:
                assert old in texts[name], f"{old!r} is not in the base {name}.yaml"
                texts[name] = texts[name].replace(old, new, 1)
        spec_dir = tmp_path / "spec"
        seeds_dir = tmp_path / "seeds"
        spec_dir.mkdir(exist_ok=True)
        seeds_dir.mkdir(exist_ok=True)
        (spec_dir / "rules.yaml").write_text(texts["rules"], encoding="utf-8")
        (spec_dir / "variants.yaml").write_text(texts["variants"], encoding="utf-8")
        (seeds_dir / SEED).write_text(seed_text, encoding="utf-8")
        (spec_dir / "schema").mkdir(exist_ok=True)
        for name in ("rules", "variants"):
            schema = SCHEMA_DIR / f"{name}.schema.json"
            (spec_dir / "schema" / schema.name).write_bytes(schema.read_bytes())
        return MadeUpSpec(spec_dir, seeds_dir, texts["rules"], texts["variants"])

    return make
