"""``spec site`` writes safely: a checked path, a folder checked before rendering, a page renamed
into place (never half-written, never through a symlink), and clear messages instead of tracebacks."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import conformance.cli.site as site
from tests.harness.synthetic import run_cli

PAGE = "<!doctype html><title>stub</title>"


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Stub the renderer (these tests are about writing), counting its calls."""
    calls: list[int] = []

    def render(*args: object, **kwargs: object) -> str:
        calls.append(1)
        return PAGE

    monkeypatch.setattr(site, "render_site", render)
    monkeypatch.setattr(site, "site_tests", lambda: [])
    return calls


def test_an_empty_path_is_a_usage_error_and_writes_nothing(
    rendered: list[int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    outcome = run_cli(["spec", "site", ""])
    assert outcome.status == 2 and "an empty path names none" in outcome.err, outcome.err
    assert not (tmp_path / "index.html").exists() and not rendered


def test_an_over_long_folder_name_is_a_usage_error_not_a_traceback(rendered: list[int], tmp_path: Path) -> None:
    outcome = run_cli(["spec", "site", str(tmp_path / ("x" * 300))])
    assert outcome.status == 2 and "a name has at most 255" in outcome.err, outcome.err
    assert "Traceback" not in outcome.err and not rendered


def test_a_symlink_at_index_html_is_replaced_and_its_target_left_alone(rendered: list[int], tmp_path: Path) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me", encoding="utf-8")
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "index.html").symlink_to(precious)
    outcome = run_cli(["spec", "site", str(folder)])
    assert outcome.status == 0, outcome.err
    assert precious.read_text(encoding="utf-8") == "keep me"
    assert not (folder / "index.html").is_symlink()
    assert (folder / "index.html").read_text(encoding="utf-8") == PAGE
    assert sorted(p.name for p in folder.iterdir()) == ["index.html"]  # no temporary file left


def test_an_unwritable_folder_is_found_before_rendering(rendered: list[int], tmp_path: Path) -> None:
    if os.geteuid() == 0:  # root writes anywhere: a file in the way stands for the locked folder
        blocker = tmp_path / "file"
        blocker.write_text("", encoding="utf-8")
        folder = blocker / "site"
    else:
        folder = tmp_path / "locked"
        folder.mkdir(mode=0o500)
    outcome = run_cli(["spec", "site", str(folder)])
    assert outcome.status == 2 and "cannot write index.html" in outcome.err, outcome.err
    assert not rendered


def test_a_write_cut_short_leaves_the_old_page_whole(
    rendered: list[int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "index.html").write_text("the old page", encoding="utf-8")

    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(site.os, "fsync", full_disk)
    outcome = run_cli(["spec", "site", str(folder)])
    assert outcome.status == 2 and "No space left on device" in outcome.err, outcome.err
    assert (folder / "index.html").read_text(encoding="utf-8") == "the old page"
    assert sorted(p.name for p in folder.iterdir()) == ["index.html"]


def test_index_html_that_is_a_folder_is_a_usage_error(rendered: list[int], tmp_path: Path) -> None:
    (tmp_path / "index.html").mkdir()
    outcome = run_cli(["spec", "site", str(tmp_path)])
    assert outcome.status == 2 and "is a folder, not a page" in outcome.err, outcome.err
    assert not rendered


def test_one_axis_given_two_options_is_a_usage_error() -> None:
    outcome = run_cli(["run", "--option", "void-play=free", "--option", "void-play=must-trump"])
    assert outcome.status == 2, outcome.out + outcome.err
    assert "axis void-play is already set to free" in outcome.err, outcome.err
    again = run_cli(["run", "--option", "void-play=free", "--option", "void-play=free", "--rule", "nothing.*"])
    assert "already set" not in again.err  # the same option twice is no conflict
