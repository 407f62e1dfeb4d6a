"""Baselines: the known failures of an engine, so that CI fails only on what changed.

``run --write-baseline FILE`` records every failed or erred case as an entry keyed by
``case id @ profile`` (sorted, no dates, so the file diffs cleanly); ``run --baseline FILE``
then fails only on *new* failures and on entries that now pass ("fixed: remove from
baseline"), as toml-test and wpt do. A ``.json`` file is written as JSON, anything else as YAML;
both are read.

>>> from conformance.judge.results import CaseResult, Status
>>> old = Baseline("demo", "1", (BaselineEntry("a", "standard", "failed", ("trick.x",)),))
>>> now = [CaseResult("a", "fixture", "standard", ("trick.x",), Status.PASSED),
...        CaseResult("b", "fixture", "standard", ("play.y",), Status.FAILED)]
>>> verdict = compare(old, now)
>>> [r.key for r in verdict.new], [e.key for e in verdict.fixed], verdict.ok
(['b @ standard'], ['a @ standard'], False)
"""

from __future__ import annotations

import json
import stat
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from sheepshead_spec import parse_yaml_document

from conformance.judge.results import CaseResult, Status
from conformance.judge.summary import PROBLEM_STATUSES, sorted_results

__all__ = [
    "BASELINE_FORMAT",
    "Baseline",
    "BaselineComparison",
    "BaselineEntry",
    "BaselineError",
    "baseline_from_results",
    "compare",
    "dumps_baseline",
    "parse_baseline",
    "read_baseline",
    "write_baseline",
]

BASELINE_FORMAT = "sheepshead-baseline/1"
"""The ``format`` value of a baseline file."""


class BaselineError(Exception):
    """A baseline file cannot be read or written (a configuration error: exit status 2)."""


@dataclass(frozen=True)
class BaselineEntry:
    """One expected failure."""

    case: str
    """The case id."""
    profile: str
    """The profile it fails under, or (judged under the engine's own rule set) the options of the
    case's axes it was judged under (``any options`` when it depends on none)."""
    status: str
    """``failed`` or ``error``."""
    rules: tuple[str, ...] = ()
    """The rule ids the case checks (for the reader; not part of the key)."""

    @property
    def key(self) -> str:
        """``case @ profile``, as :attr:`CaseResult.key`."""
        return f"{self.case} @ {self.profile}"


@dataclass(frozen=True)
class Baseline:
    """An engine's known failures."""

    engine_name: str
    engine_version: str
    entries: tuple[BaselineEntry, ...]

    def by_key(self) -> dict[str, BaselineEntry]:
        """The entries by key."""
        return {entry.key: entry for entry in self.entries}


@dataclass(frozen=True)
class BaselineComparison:
    """A run compared with a baseline."""

    new: tuple[CaseResult, ...]
    """Failed or erred cases the baseline does not list: they fail the run."""
    fixed: tuple[BaselineEntry, ...]
    """Baseline entries whose case now passes: they fail the run until removed."""
    expected: tuple[CaseResult, ...]
    """Failed or erred cases the baseline lists (tolerated)."""
    not_run: tuple[tuple[BaselineEntry, Status], ...]
    """Baseline entries whose case was unsupported or skipped this time (informational)."""

    @property
    def ok(self) -> bool:
        """Nothing new failed and no entry is stale."""
        return not self.new and not self.fixed


def baseline_from_results(results: Iterable[CaseResult], engine_name: str, engine_version: str) -> Baseline:
    """The baseline that expects exactly the failures and errors of ``results``."""
    entries = tuple(
        BaselineEntry(r.case_id, r.profile or r.config_text, r.status.value, tuple(r.rules))
        for r in sorted_results(results)
        if r.status in PROBLEM_STATUSES
    )
    return Baseline(engine_name, engine_version, entries)


def compare(baseline: Baseline, results: Sequence[CaseResult]) -> BaselineComparison:
    """Compare a run with a baseline.

    Entries whose case did not run at all (outside the selection) are ignored.

    :param baseline: the expected failures.
    :param results: the run.
    :return: what is new, what is fixed, what is as expected.
    """
    expected_keys = baseline.by_key()
    now = {r.key: r for r in results}
    new: list[CaseResult] = []
    expected: list[CaseResult] = []
    for result in sorted_results(results):
        if result.status in PROBLEM_STATUSES:
            (expected if result.key in expected_keys else new).append(result)
    fixed: list[BaselineEntry] = []
    not_run: list[tuple[BaselineEntry, Status]] = []
    for key in sorted(expected_keys):
        current = now.get(key)
        if current is None:
            continue
        if current.status is Status.PASSED:
            fixed.append(expected_keys[key])
        elif current.status in (Status.UNSUPPORTED, Status.SKIPPED):
            not_run.append((expected_keys[key], current.status))
    return BaselineComparison(tuple(new), tuple(fixed), tuple(expected), tuple(not_run))


def _as_data(baseline: Baseline) -> dict[str, Any]:
    return {
        "format": BASELINE_FORMAT,
        "engine": {"name": baseline.engine_name, "version": baseline.engine_version},
        "entries": [
            {"case": e.case, "profile": e.profile, "status": e.status, "rules": list(e.rules)}
            for e in sorted(baseline.entries, key=lambda e: e.key)
        ],
    }


def dumps_baseline(baseline: Baseline, *, as_json: bool = False) -> str:
    """The baseline file's text: sorted entries under a header naming the engine, no dates.

    :param as_json: write JSON instead of YAML.
    """
    data = _as_data(baseline)
    if as_json:
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    header = (
        f"# Known failures of {baseline.engine_name} {baseline.engine_version}"
        " (sheepshead-conformance baseline).\n"
        "# Written by `sheepshead-conformance run --write-baseline`; `run --baseline` fails only\n"
        "# on failures not listed here and on entries that now pass (remove those).\n"
    )
    body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1_000_000)
    return header + body


def write_baseline(baseline: Baseline, path: Path) -> None:
    """Write a baseline file (JSON when the name ends in ``.json``, else YAML).

    :raises BaselineError: the file cannot be written.
    """
    text = dumps_baseline(baseline, as_json=path.suffix.lower() == ".json")
    try:
        with path.open("w", encoding="utf-8", newline="\n") as out:
            out.write(text)
    except OSError as error:
        raise BaselineError(f"cannot write baseline {path}: {error.strerror or error}") from None


def _entry(item: Any, index: int, where: str) -> BaselineEntry:
    if not isinstance(item, Mapping):
        raise BaselineError(f"{where}: entries[{index}] is not a mapping")
    missing = [k for k in ("case", "profile", "status") if not isinstance(item.get(k), str)]
    if missing:
        raise BaselineError(f"{where}: entries[{index}] needs a text {missing[0]!r}")
    if item["status"] not in {s.value for s in PROBLEM_STATUSES}:
        raise BaselineError(f"{where}: entries[{index}].status must be 'failed' or 'error', not {item['status']!r}")
    rules = item.get("rules") or []
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise BaselineError(f"{where}: entries[{index}].rules must be a list of rule ids")
    return BaselineEntry(item["case"], item["profile"], item["status"], tuple(rules))


def parse_baseline(text: str, where: str) -> Baseline:
    """Read a baseline from its text (YAML or JSON).

    :param where: the file name, for messages.
    :raises BaselineError: the text is not a baseline.
    """
    # The hardened loader (size, nesting and alias limits; every YAML error as file:line).
    document, problems = parse_yaml_document(text, where)
    if document is None or problems:
        first = problems[0] if problems else None
        raise BaselineError(f"{first}" if first is not None else f"{where}: not valid YAML or JSON")
    data = document.data
    if not isinstance(data, Mapping) or data.get("format") != BASELINE_FORMAT:
        raise BaselineError(f"{where}: not a baseline (format: {BASELINE_FORMAT} missing)")
    engine = data.get("engine", {})
    entries = data.get("entries", [])
    if not isinstance(engine, Mapping) or not isinstance(entries, list):
        raise BaselineError(f"{where}: 'engine' must be a mapping and 'entries' a list")
    return Baseline(
        str(engine.get("name", "")),
        str(engine.get("version", "")),
        tuple(_entry(item, index, where) for index, item in enumerate(entries)),
    )


def read_baseline(path: Path) -> Baseline:
    """Read a baseline file.

    :raises BaselineError: it cannot be read or is not a baseline.
    """
    try:
        if not stat.S_ISREG(path.stat().st_mode):  # reading a pipe would wait for a writer forever
            raise BaselineError(f"cannot read baseline {path}: not a regular file (a folder, a pipe or a device)")
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise BaselineError(f"cannot read baseline {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise BaselineError(f"cannot read baseline {path}: not UTF-8 text") from None
    return parse_baseline(text, str(path))
