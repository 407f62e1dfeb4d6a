"""``sheepshead-conformance spec site DIR``: the spec as one self-contained web page.

Writes ``DIR/index.html`` (:func:`sheepshead_spec.site.render_site`) from the installed spec,
``disputes.md`` and the suite's own tests: every scenario (its Gherkin, outline rows together)
and every fixture record (its YAML), each with the rules it checks.
"""

from __future__ import annotations

import argparse
import os
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path

import yaml
from sheepshead_spec import Spec, package_dir
from sheepshead_spec.site import AllPassRow, ScoringRow, SiteTest, render_site

from conformance.cases.catalog import features_root, fixtures_root, suite_cases
from conformance.cases.model import Case
from conformance.cli.support import EXIT_OK, Environment, UsageError, spec_or_usage_error

__all__ = ["add_parser", "all_pass_rows", "scoring_rows", "site_tests"]


def add_parser(spec_commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``spec site``."""
    site = spec_commands.add_parser(
        "site",
        help="write the spec as one self-contained web page",
        description="Write DIR/index.html: every rule with its statement, its seed quotes beside"
        " their glosses, its axis options and the profiles that choose them, and the tests that"
        " check it; the variant comparison table; the disputes pages; every test's source. The page"
        " needs no network and no other file, and reads without its search script.",
    )
    site.add_argument("dir", metavar="DIR", help="the folder to write index.html into (made if missing)")
    site.set_defaults(handler=_site)


def _source(root: Path, relative: str) -> list[str]:
    return (root / relative).read_text(encoding="utf-8").splitlines()


def _scenario_text(lines: Sequence[str], line: int) -> tuple[int, str]:
    """The Gherkin of the scenario around 1-based ``line``: from its ``Scenario`` line (with the
    tags just above it) to the line before the next scenario or rule."""
    start = line - 1
    while start > 0 and not lines[start].lstrip().startswith(("Scenario", "Example:")):
        start -= 1
    first = start
    while first > 0 and lines[first - 1].lstrip().startswith("@"):
        first -= 1
    end = start + 1
    while end < len(lines) and not lines[end].lstrip().startswith(("Scenario", "Example:", "Rule:")):
        end += 1
    while end > start + 1 and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("@")):
        end -= 1  # the next scenario's tags and the blank lines before them
    body = lines[first:end]
    indent = min(len(text) - len(text.lstrip()) for text in body if text.strip())
    return start + 1, "\n".join(text[indent:] for text in body)


def _anchor(text: str) -> str:
    return "test-" + re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def site_tests(cases: Sequence[Case] | None = None) -> list[SiteTest]:
    """The suite's tests as the page shows them: one per scenario (its outline rows together) and
    one per record, in the suite's order."""
    features, fixtures = features_root(), fixtures_root()
    tests: dict[str, SiteTest] = {}
    for case in cases if cases is not None else suite_cases():
        file, _, line = case.location.rpartition(":")
        if case.kind == "scenario":
            relative = file.removeprefix("features/")
            start, text = _scenario_text(_source(features, relative), int(line))
            key = f"{file}:{start}"
            title = case.id.split("::", 1)[1].split("[", 1)[0]
        else:
            key = file
            text = (fixtures / file.removeprefix("fixtures/")).read_text(encoding="utf-8").rstrip("\n")
            title, start = file.removeprefix("fixtures/"), 1
        known = tests.get(key)
        rules = tuple(dict.fromkeys((*(known.rules if known else ()), *case.rules)))
        tests[key] = SiteTest(_anchor(key), case.kind, title, f"{file}:{start}", rules, text)
    for path in sorted((fixtures / "irregular").glob("*.yaml")):  # ruled on by `check`, not engine cases
        key = f"fixtures/{path.relative_to(fixtures).as_posix()}"
        text = path.read_text(encoding="utf-8").rstrip("\n")
        data = yaml.safe_load(text) or {}
        rules = tuple(str(rule) for rule in data.get("rules") or ())
        tests[key] = SiteTest(_anchor(key), "irregularity", key.removeprefix("fixtures/"), f"{key}:1", rules, text)
    return list(tests.values())


_LONGEST_NAME = 255  # bytes in one path component (NAME_MAX of common file systems)
_LONGEST_PATH = 4096  # bytes in a whole path (PATH_MAX on Linux)


def _checked_folder(text: str) -> Path:
    """The folder of ``spec site DIR``, checked before anything is rendered.

    :raises UsageError: the path is empty or too long, is not a folder, or its ``index.html`` is
        a folder.
    """
    if not text.strip():
        raise UsageError("spec site: give the folder to write index.html into (an empty path names none)")
    folder = Path(text)
    if len(os.fsencode(text)) > _LONGEST_PATH:
        raise UsageError(f"spec site: the path is {len(os.fsencode(text))} bytes long; at most {_LONGEST_PATH}")
    for part in folder.parts:
        if len(os.fsencode(part)) > _LONGEST_NAME:
            raise UsageError(
                f"spec site: the folder name {part[:40]}… is {len(os.fsencode(part))} bytes long;"
                f" a name has at most {_LONGEST_NAME}"
            )
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{text}: not a folder")
    target = folder / "index.html"
    if target.is_dir() and not target.is_symlink():
        raise UsageError(f"{target}: is a folder, not a page")
    return folder


_RESULTS = (  # (outcome, what the picker's side took, its trick points, bury points, tricks)
    ("all-tricks", "every trick", 110, 10, 6),
    ("schneider", "91 to 120 card points", 100, 0, 5),
    ("win", "61 to 90 card points", 70, 0, 3),
    ("loss", "31 to 60 card points", 45, 0, 2),
    ("schneidered", "30 card points or fewer, and a trick", 20, 0, 1),
    ("no-tricks", "no trick", 0, 0, 0),
)
"""A result of each outcome class, well inside its range under every option."""

_BOUNDARIES = (("90 card points", 90, 0, 4), ("60 card points", 60, 0, 3), ("a trick, but no card points", 0, 0, 1))
"""Boundaries a table disputes: 90 (a schneider?), 60 (a win?), a trick of no card points."""


def scoring_rows(spec: Spec) -> list[ScoringRow]:
    """The page's scoring table, as the reference engine scores each described result (through the
    ``score`` query, as any engine is asked): every axis at its default, then each option that
    changes a row."""
    from conformance.adapter import ScoreRequest
    from conformance.engines.reference import ReferenceAdapter

    engine = ReferenceAdapter()
    base = spec.profile_options("standard")

    def figures(options: dict[str, str], points: int, bury: int, tricks: int) -> tuple[str, tuple[int, ...]]:
        shared = engine.score(ScoreRequest(options, points, bury, tricks, False, 1))
        alone = engine.score(ScoreRequest(options, points, bury, tricks, True, 1))
        return shared.kind, (shared.picker, shared.partner, shared.defender, alone.picker, alone.defender)

    def text(kind: str, values: tuple[int, ...]) -> str:
        signed = [f"{v:+d}" if v else "0" for v in values]
        return f"{kind}: {' / '.join(signed[:3])}; alone {' / '.join(signed[3:])}"

    rows = []
    results = [(o, took, p, b, t) for o, took, p, b, t in _RESULTS]
    results += [(f"at {label}", label, p, b, t) for label, p, b, t in _BOUNDARIES]
    try:
        for outcome, took, points, bury, tricks in results:
            kind, values = figures(base, points, bury, tricks)
            changes = []
            for axis in spec.axes:
                for option in axis.options:
                    if option.id == base.get(axis.id):
                        continue
                    other = figures({**base, axis.id: option.id}, points, bury, tricks)
                    if other != (kind, values):
                        changes.append((f"{axis.id}={option.id}", text(*other)))
            name = kind if outcome.startswith("at ") else outcome
            took_text = f"exactly {took}" if outcome.startswith("at ") and took[0].isdigit() else took
            rows.append(ScoringRow(name, took_text, values[:3], values[3:], tuple(changes)))  # type: ignore[arg-type]
    finally:
        engine.close()
    return rows


def all_pass_rows(spec: Spec) -> list[AllPassRow]:
    """What a deal all five pass costs each seat, as the reference engine scores it (every axis
    at its default, then each tie option): a leaster's winner, a schwanzer's payer, a doubler and a
    redeal."""
    from reference_impl.profile import Profile
    from reference_impl.scoring import leaster_scores, schwanzer_scores

    def each(scores: Sequence[int], role: str, other: str = "each other seat") -> str:
        if not any(scores):
            return "nobody scores"
        first, rest = scores[0], scores[-1]
        return f"{role} {first:+d}, {other} {rest:+d}"

    single = ([10, 30, 25, 30, 25], [1, 2, 1, 1, 1])  # S1 the fewest card points, with a trick
    tie = ([10, 10, 40, 30, 30], [1, 1, 2, 1, 1])  # S1 and S2 tie for the fewest
    leaster = Profile.named("standard")
    _, won = leaster_scores(leaster, *single)
    ties = []
    for option in (o.id for o in spec.axis("leaster-tie").options):
        _, scores = leaster_scores(leaster.with_options({"leaster-tie": option}), *tie, draw=(0,))
        text = (
            "each tied seat " + f"{scores[0]:+d}, each other seat {scores[-1]:+d}" if any(scores) else "nobody scores"
        )
        if option == "random":
            text = f"the seat the draw picks {scores[0]:+d}, each other seat {scores[-1]:+d}"
        ties.append((f"leaster-tie={option} (a tie for the fewest)", text))
    payers = {"nobody": [], "highest-trump-pays": [0], "all-tied-pay": [0, 1]}
    schwanzer_ties = []
    for option in (o.id for o in spec.axis("schwanzer-tie").options):
        scores = schwanzer_scores(payers[option])
        who = "the tied seat holding the highest trump" if option == "highest-trump-pays" else "each tied seat"
        schwanzer_ties.append((f"schwanzer-tie={option} (a tie for the most)", each(scores, who)))
    return [
        AllPassRow(
            "leaster",
            "all pass, and the table plays a leaster: the fewest card points win",
            each(won, "the winner"),
            tuple(ties),
        ),
        AllPassRow(
            "schwanzer",
            "all pass, and the hands are shown: the most trump power pays",
            each(schwanzer_scores([0]), "the payer"),
            tuple(schwanzer_ties),
        ),
        AllPassRow(
            "doubler",
            "all pass, and the cards are thrown in",
            "nobody scores; the next hand counts double",
            (
                ("doubler-stacking=queue", "as many doubled hands as doublers in a row"),
                ("doubler-stacking=single", "one doubled hand, however many doublers in a row"),
            ),
        ),
        AllPassRow("redeal", "all pass, and the cards are dealt again", "nobody scores, nothing doubled"),
    ]


def _site(args: argparse.Namespace, env: Environment) -> int:
    spec: Spec = spec_or_usage_error()
    folder = _checked_folder(args.dir)
    target = folder / "index.html"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # A temporary file beside the page, made before rendering (so an unwritable folder is
        # found at once) and renamed over it after: a write cut short never leaves half a page,
        # and a symlink at index.html is replaced, never followed.
        handle, temporary = tempfile.mkstemp(prefix=".index.html.", suffix=".tmp", dir=folder)
        out = os.fdopen(handle, "w", encoding="utf-8", newline="\n")
    except OSError as error:
        raise UsageError(f"{args.dir}: cannot write index.html: {error.strerror or error}") from None
    try:
        disputes = (package_dir() / "disputes.md").read_text(encoding="utf-8")
        page = render_site(
            spec, disputes=disputes, tests=site_tests(), scoring=scoring_rows(spec), all_pass=all_pass_rows(spec)
        )
        with out:
            out.write(page)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except OSError as error:
        raise UsageError(f"{args.dir}: cannot write index.html: {error.strerror or error}") from None
    finally:
        out.close()
        if os.path.lexists(temporary):
            os.unlink(temporary)
    env.out.write(f"wrote {target} ({len(page.encode('utf-8')) // 1024} KiB)\n")
    return EXIT_OK
