"""The examples in the docstrings of sheepshead_spec run and pass."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "sheepshead_spec",
    "sheepshead_spec.catalogue",
    "sheepshead_spec.problems",
    "sheepshead_spec.record_actions",
    "sheepshead_spec.records",
    "sheepshead_spec.validation",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), verbose=False)
    assert result.attempted > 0
    assert result.failed == 0
