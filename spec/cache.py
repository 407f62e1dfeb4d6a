"""A cache of checked spec data on disk, keyed by content, so that a command need not validate
``rules.yaml`` and ``variants.yaml`` against their schemas at every start.

An entry is the plain data of both documents as JSON (never pickled: a cache file cannot run
code), stored under the SHA-256 of everything the check depends on: both documents, every
schema, and the source of the modules that read and check them. A file that changes changes the
key, so a stale entry is never used; an unreadable or malformed entry is ignored and rewritten.
The cache is an optimisation only: where its folder cannot be written, nothing is cached.

The folder is ``$SHEEPSHEAD_CACHE`` (empty or ``off``: no cache), else
``$XDG_CACHE_HOME/sheepshead-conformance``, else ``~/.cache/sheepshead-conformance``.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

__all__ = ["CACHE_ENV", "cache_dir", "content_key", "read_entry", "write_entry"]

CACHE_ENV = "SHEEPSHEAD_CACHE"
"""Environment variable naming the cache folder (empty or ``off``: no cache)."""


def cache_dir() -> Path | None:
    """The cache folder (see the module docstring), or ``None`` when caching is off."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return None if chosen.strip() in ("", "off") else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "sheepshead-conformance"


def content_key(paths: Iterable[Path]) -> str:
    """The SHA-256 of the names and contents of ``paths``; a missing or unreadable file is hashed
    as absent."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode() + b"\0")
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"\1absent")
        digest.update(b"\0")
    return digest.hexdigest()


def _entry(kind: str, key: str) -> Path | None:
    folder = cache_dir()
    return None if folder is None else folder / f"{kind}-{key[:32]}.json"


def read_entry(kind: str, key: str) -> Any | None:
    """The cached value of ``kind`` for ``key``, or ``None`` (no cache, no entry, or a bad one)."""
    path = _entry(kind, key)
    if path is None:
        return None
    try:
        entry = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(entry, dict) or entry.get("key") != key:
        return None
    return entry.get("value")


def write_entry(kind: str, key: str, value: Any) -> None:
    """Store ``value`` (plain JSON data) for ``key``; silently nothing where the folder cannot be
    written. The file is written whole, then renamed into place, so that a reader never sees
    half of it."""
    path = _entry(kind, key)
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{kind}-", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump({"key": key, "value": value}, out, separators=(",", ":"))
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except (OSError, TypeError, ValueError):
        return  # an optimisation only
