"""Where the spec data, the checkout and the seed texts are.

The data files ship inside the :mod:`sheepshead_spec` package and are found
with :mod:`importlib.resources`. In a git checkout that package *is* the
``spec/`` folder, the repository root is its parent, and the five seed texts
live in ``<root>/../shared/seeds`` unless ``SHEEPSHEAD_SEEDS`` names another folder.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

__all__ = [
    "SEEDS_ENV",
    "SeedsLocation",
    "checkout_root",
    "find_checkout",
    "find_seeds",
    "package_dir",
]

SEEDS_ENV = "SHEEPSHEAD_SEEDS"
"""Environment variable naming the folder of seed texts, overriding the default."""


def package_dir() -> Path:
    """The folder holding the installed spec data (``spec/`` itself in a checkout).

    :return: the directory of the :mod:`sheepshead_spec` package.
    :raises RuntimeError: if the package is not on the file system (e.g. zipped).
    """
    root = files(__package__ or "sheepshead_spec")
    if not isinstance(root, Path):
        raise RuntimeError(f"spec data is not a directory on disk: {root!r}")
    return root


def checkout_root(spec_dir: Path) -> Path | None:
    """The repository root when ``spec_dir`` is the ``spec/`` folder of a checkout.

    :param spec_dir: a folder holding ``rules.yaml``.
    :return: its parent when that holds ``pyproject.toml``, else ``None``.
    """
    folder = spec_dir.resolve()
    parent = folder.parent
    return parent if folder.name == "spec" and (parent / "pyproject.toml").is_file() else None


def find_checkout(start: Path) -> Path | None:
    """Find the checkout containing ``start`` (a folder), searching upwards.

    :param start: where to begin, usually the working directory.
    :return: the first folder holding ``pyproject.toml`` and ``spec/rules.yaml``, or ``None``.
    """
    for folder in (start.resolve(), *start.resolve().parents):
        if (folder / "pyproject.toml").is_file() and (folder / "spec" / "rules.yaml").is_file():
            return folder
    return None


@dataclass(frozen=True)
class SeedsLocation:
    """Where the seed texts are, or why they were not found."""

    path: Path | None
    """The folder of seed texts, or ``None`` when absent."""
    origin: str
    """How it was chosen: a sentence naming the environment variable or the default place."""
    explicit: bool = False
    """Whether the user asked for this folder; then its absence is an error, not a skip."""


def find_seeds(spec_dir: Path) -> SeedsLocation:
    """Locate the seed texts for the spec in ``spec_dir``.

    :param spec_dir: the folder holding ``rules.yaml``.
    :return: ``$SHEEPSHEAD_SEEDS`` if set, else ``<checkout>/../shared/seeds`` if it exists.
    """
    override = os.environ.get(SEEDS_ENV)
    if override:
        folder = Path(override)
        if folder.is_dir():
            return SeedsLocation(folder, f"{SEEDS_ENV}={override}", explicit=True)
        return SeedsLocation(None, f"{SEEDS_ENV}={override} is not a folder", explicit=True)
    root = checkout_root(spec_dir)
    if root is None:
        return SeedsLocation(None, f"{spec_dir} is not the spec/ folder of a checkout and {SEEDS_ENV} is not set")
    folder = root.parent / "shared" / "seeds"
    if folder.is_dir():
        return SeedsLocation(folder, f"{folder} (next to the checkout)")
    return SeedsLocation(None, f"{folder} does not exist and {SEEDS_ENV} is not set")
