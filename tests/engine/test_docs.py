"""The engine's docstring examples and the README's engine example run and say what they claim."""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
import os
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
MODULES = [
    "reference_impl.actions",
    "reference_impl.cards",
    "reference_impl.hand",
    "reference_impl.profile",
    "reference_impl.queries",
    "reference_impl.record",
    "reference_impl.rules",
    "reference_impl.scoring",
    "reference_impl.session",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), verbose=False)
    assert result.attempted > 0
    assert result.failed == 0


def test_readme_engine_example_prints_what_its_comments_say() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## The reference engine") :]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    source = code.group(1)
    # Each "print(...)  # <output>" line states exactly what it prints.
    claims = [line.split("# ", 1)[1].strip() for line in source.splitlines() if line.startswith("print(")]
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(REPO)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(source, "README.md", "exec"), {})  # noqa: S102 - our own README
    finally:
        os.chdir(cwd)
    assert out.getvalue().splitlines() == claims
