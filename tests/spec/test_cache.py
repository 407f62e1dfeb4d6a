"""The spec cache: keyed by content, never stale, ignored when broken, off when asked."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sheepshead_spec import SpecError, load_spec, package_dir
from sheepshead_spec import cache
from sheepshead_spec.validation import _LOADED


@pytest.fixture
def spec_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the spec folder, and a cache folder of this test's own."""
    folder = tmp_path / "spec"
    shutil.copytree(package_dir(), folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "cache"))
    _LOADED.clear()
    return folder


def _entries(folder: Path) -> list[Path]:
    return sorted((folder.parent / "cache").glob("spec-*.json"))


def test_a_checked_spec_is_cached_and_read_back_equal(spec_copy: Path) -> None:
    first = load_spec(spec_copy)
    assert len(_entries(spec_copy)) == 1
    _LOADED.clear()
    again = load_spec(spec_copy)  # from the cache: no schema validation
    assert again == first


def test_a_changed_document_is_checked_again_and_its_problem_reported(spec_copy: Path) -> None:
    load_spec(spec_copy)
    rules = spec_copy / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("area: play", "area: nowhere", 1), encoding="utf-8")
    _LOADED.clear()
    with pytest.raises(SpecError) as raised:
        load_spec(spec_copy)
    assert "nowhere" in str(raised.value)


def test_a_broken_entry_is_ignored_and_rewritten(spec_copy: Path) -> None:
    first = load_spec(spec_copy)
    (entry,) = _entries(spec_copy)
    entry.write_text('{"key": "', encoding="utf-8")
    _LOADED.clear()
    assert load_spec(spec_copy) == first
    assert entry.read_text(encoding="utf-8").startswith('{"key":')
    assert len(entry.read_text(encoding="utf-8")) > 1000


@pytest.mark.parametrize("value", ["", "off"])
def test_the_cache_is_off_when_asked(spec_copy: Path, monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv(cache.CACHE_ENV, value)
    load_spec(spec_copy)
    assert cache.cache_dir() is None
    assert not (spec_copy.parent / "cache").exists()


def test_an_unwritable_cache_folder_costs_nothing_but_the_cache(
    spec_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = spec_copy.parent / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(cache.CACHE_ENV, str(blocker / "cache"))
    assert load_spec(spec_copy).rules
