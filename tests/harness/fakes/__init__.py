"""Misbehaving engines for the harness's own tests, each a small script run as a subprocess.

Each script answers like the reference engine (:func:`reference_impl.server.handle_request`)
except for one fault, named in its docstring; most take the request kind to misbehave on as
their argument. Build a command line with :func:`fake_argv`:

>>> fake_argv("crash_on", "trick-winner")[1:]  # doctest: +ELLIPSIS
['.../fakes/crash_on.py', 'trick-winner']
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["FAKES_DIR", "fake_argv", "fake_names"]

FAKES_DIR = Path(__file__).resolve().parent
"""The folder of the fake engine scripts."""


def fake_names() -> list[str]:
    """The names of the fake engines (script names without ``.py``)."""
    return sorted(path.stem for path in FAKES_DIR.glob("*.py") if not path.stem.startswith("_"))


def fake_argv(name: str, *args: str) -> list[str]:
    """The command line running fake engine ``name`` with this Python interpreter.

    :raises ValueError: there is no such fake.
    """
    script = FAKES_DIR / f"{name}.py"
    if not script.is_file():
        raise ValueError(f"no fake engine {name!r}; known: {fake_names()}")
    return [sys.executable, str(script), *args]
