"""The layout is the architecture: each part of the harness imports only what its job needs.

- ``reference_impl`` never imports the harness;
- only ``conformance/engines`` (the in-process reference adapter) and ``conformance/gates`` (the
  mutants) touch the reference engine: everything else knows an engine only through
  :mod:`conformance.adapter`;
- ``cases``, ``judge`` and ``reports`` never start or talk to an engine themselves
  (``conformance.engines``);
- ``reports`` read results: they never build cases or run anything;
- the adapter kit (``kit``) knows only the adapter interface, like an adapter author;
- ``judge`` does not know how its results are shown;
- only the command line imports the command line.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "reference_impl": ("conformance",),
    "conformance/cases": (
        "reference_impl",
        "conformance.engines",
        "conformance.reports",
        "conformance.cli",
        "conformance.gates",
    ),
    "conformance/judge": (
        "reference_impl",
        "conformance.engines",
        "conformance.reports",
        "conformance.cli",
        "conformance.gates",
    ),
    "conformance/reports": (
        "reference_impl",
        "conformance.engines",
        "conformance.cases",
        "conformance.runner",
        "conformance.cli",
        "conformance.gates",
    ),
    "conformance/engines": (
        "conformance.cases",
        "conformance.judge",
        "conformance.reports",
        "conformance.cli",
        "conformance.gates",
    ),
    "conformance/gates": ("conformance.cli", "conformance.reports"),
    "conformance/kit": (
        "reference_impl",
        "conformance.engines",
        "conformance.cases",
        "conformance.judge",
        "conformance.reports",
        "conformance.cli",
        "conformance.gates",
        "conformance.runner",
    ),
    "conformance/suite": ("reference_impl", "conformance.cli"),
    "conformance/fuzz": ("reference_impl", "conformance.reports", "conformance.cli", "conformance.gates"),
}


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


@pytest.mark.parametrize("folder", sorted(FORBIDDEN))
def test_each_part_imports_only_what_its_job_needs(folder: str) -> None:
    files = sorted((REPO / folder).rglob("*.py"))
    assert files, folder
    broken = [
        f"{path.relative_to(REPO)}:{line}: imports {module}"
        for path in files
        for line, module in _imports(path)
        for banned in FORBIDDEN[folder]
        if module == banned or module.startswith(banned + ".")
    ]
    assert not broken, "\n".join(broken)


def test_the_top_of_the_harness_holds_only_its_public_entry_points() -> None:
    top = sorted(path.name for path in (REPO / "conformance").glob("*.py"))
    assert top == ["__init__.py", "adapter.py", "plugin.py", "runner.py", "versions.py"]


def test_every_package_is_installed() -> None:
    """A subpackage missing from pyproject.toml works in a checkout and is absent once installed."""
    import tomllib

    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(path.parent.relative_to(REPO).parts) for path in (REPO / "conformance").rglob("__init__.py")}
    found |= {".".join(path.parent.relative_to(REPO).parts) for path in (REPO / "reference_impl").rglob("__init__.py")}
    assert found - listed == set()
