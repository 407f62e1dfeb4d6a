"""Synthetic case results, a fake suite runner and fake engines for the CLI and report tests.

The CLI takes its runner and engine loader from an :class:`~conformance.cli.Environment`;
these fakes stand in for :func:`conformance.runner.run_engine` and
:func:`conformance.engines.loading.load_engine`, so the tests are fast and do not run pytest.
"""

from __future__ import annotations

import fnmatch
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from conformance.adapter import Capability, EngineInfo
from conformance.cli import Environment, main
from conformance.engines.loading import load_engine
from conformance.judge.selection import Selection
from conformance.judge.results import CaseResult, Status, areas_of

FOLLOW = "features/play/follow-suit.feature::Holding a club, follow a club lead"
TRUMP = "features/trick/trump.feature::The highest trump takes the trick"
JACKS_CLUBS = "features/ranking/jacks.feature::Clubs jack over spades jack"
JACKS_SPADES = "features/ranking/jacks.feature::Spades jack over clubs jack"
WIN = "fixtures/hands/scoring/win-ordinary.yaml"
LEASTER = "features/leaster/blind.feature::The blind goes to the last trick"


def case(
    case_id: str,
    rules: Sequence[str],
    status: Status,
    profile: str = "standard",
    **fields: Any,
) -> CaseResult:
    """A case result; ``kind`` follows from the id."""
    kind = "fixture" if case_id.startswith("fixtures/") else "scenario"
    return CaseResult(case_id, kind, profile, tuple(rules), status, areas=areas_of(rules), **fields)


def standard_results() -> list[CaseResult]:
    """A run under ``standard``: two passes, a failure with stderr, an error, an unsupported and a
    skipped case."""
    return [
        case(TRUMP, ["trick.highest-trump-wins"], Status.PASSED, duration=0.01),
        case(WIN, ["scoring.win", "points.side-totals"], Status.PASSED, location=f"{WIN}:1"),
        case(
            FOLLOW,
            ["play.follow-suit"],
            Status.FAILED,
            location="features/play/follow-suit.feature:12",
            message="legal plays of S2: expected AC, got AC QC",
            expected="AC",
            actual="AC QC",
            detail="engine stderr:\nwarning: | pipes | and <xml> & \x01 control",
        ),
        case(
            "fixtures/hands/play/revoke.yaml",
            ["play.follow-suit"],
            Status.ERROR,
            location="fixtures/hands/play/revoke.yaml:20",
            message="engine crashed on request 7 (replay)",
            detail="Traceback (most recent call last):\n  boom",
        ),
        case(LEASTER, ["leaster.blind"], Status.UNSUPPORTED, message="option all-pass=leaster"),
        case(JACKS_SPADES, ["ranking.trump-order"], Status.SKIPPED, message="jack-order=spades-first only"),
    ]


def passing_results(profiles: Sequence[str] = ("standard",)) -> list[CaseResult]:
    """Every case passes."""
    return [case(TRUMP, ["trick.highest-trump-wins"], Status.PASSED, profile=p) for p in profiles] + [
        case(WIN, ["scoring.win"], Status.PASSED, profile=p) for p in profiles
    ]


@dataclass
class FakeRunner:
    """Stands in for ``run_engine``: returns canned results per engine, filtered by the selection."""

    results: dict[str, list[CaseResult]]
    calls: list[tuple[str, list[str], list[str], list[str]]] = field(default_factory=list)
    raises: Exception | None = None

    def __call__(
        self,
        engine: str,
        *,
        selection: Selection,
        progress: Callable[[int, int, CaseResult], None] | None = None,
    ) -> list[CaseResult]:
        """``selection.profiles`` ``None``: the engine's own rule set (every canned result)."""
        profiles, rule_globs, areas = selection.profiles, selection.rule_globs, selection.areas
        self.calls.append((engine, list(profiles or ()), list(rule_globs), list(areas)))
        if self.raises is not None:
            raise self.raises
        chosen = [
            r
            for r in self.results.get(engine, [])
            if (profiles is None or r.profile in profiles)
            and (not rule_globs or any(fnmatch.fnmatch(x, g) for x in r.rules for g in rule_globs))
            and (not areas or any(x.split(".")[0] in areas for x in r.rules))
        ]
        for done, result in enumerate(chosen, start=1):
            if progress is not None:
                progress(done, len(chosen), result)
        return chosen


@dataclass
class FakeEngine:
    """An adapter that only answers the handshake (the fake runner does the rest)."""

    name: str
    version: str = "9.9"

    def info(self) -> EngineInfo:
        return EngineInfo(self.name, self.version, frozenset({Capability.REPLAY}), {})

    def close(self) -> None:
        pass


def fake_loader(names: dict[str, str]) -> Callable[[str], object]:
    """An engine loader knowing the engine texts in ``names`` (text -> engine name); others go
    to the real loader (so unknown texts give its usage error)."""

    def load(text: str) -> object:
        if text in names:
            return FakeEngine(names[text])
        return load_engine(text)

    return load


@dataclass
class Outcome:
    """What one CLI call did."""

    status: int
    out: str
    err: str


def run_cli(
    argv: Sequence[str], runner: FakeRunner | None = None, loader: Callable[[str], object] | None = None
) -> Outcome:
    """Call ``main`` with captured streams and the fakes."""
    out, err = io.StringIO(), io.StringIO()
    ticks = iter(range(1000))
    env = Environment(
        run_engine=runner,
        load_engine=loader,  # type: ignore[arg-type]
        stdout=out,
        stderr=err,
        clock=lambda: float(next(ticks)),
    )
    try:
        status = main(list(argv), env=env)
    except SystemExit as exit_:  # argparse syntax errors
        status = exit_.code if isinstance(exit_.code, int) else 2
    return Outcome(status, out.getvalue(), err.getvalue())


def with_profile(results: Sequence[CaseResult], profile: str) -> list[CaseResult]:
    """The same results under another profile."""
    return [replace(r, profile=profile) for r in results]
