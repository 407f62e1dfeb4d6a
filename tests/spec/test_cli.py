"""The ``sheepshead-conformance`` command line: exit codes and output, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from sheepshead_spec import SEEDS_ENV, load_spec, render_spec_markdown

from conformance.cli import main

from .conftest import REPO, MakeSpec, line_of


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = exit_.code if isinstance(exit_.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def test_check_ok(make_spec: MakeSpec, capsys: pytest.CaptureFixture[str]) -> None:
    made = make_spec()
    status, out, err = _run(capsys, "spec", "check", "--spec-dir", str(made.spec_dir), "--seeds", str(made.seeds_dir))
    assert (status, err) == (0, "")
    assert out == "spec OK: 3 rules, 1 axes, 2 profiles, 1 texts; 3 quotes checked\n"


def test_check_reports_every_problem(make_spec: MakeSpec, capsys: pytest.CaptureFixture[str]) -> None:
    made = make_spec(
        rules=[("axis: jack-order", "axis: queen-order")],
        variants=[("jack-order: spades-first", "jack-order: clubs-first")],
    )
    status, out, err = _run(capsys, "spec", "check", "--spec-dir", "spec", "--seeds", str(made.seeds_dir))
    assert status == 1
    assert out.splitlines() == [
        f"spec/rules.yaml:{line_of(made.rules, 'queen-order')}: rules[1].axis: no axis 'queen-order' in variants.yaml",
        f"spec/variants.yaml:{line_of(made.variants, 'id: spades-first')}: axes[0].options[1].id:"
        " option 'spades-first' is not chosen by any profile",
    ]
    assert err == "2 problems found\n"


def test_check_reports_bad_yaml_without_traceback(make_spec: MakeSpec, capsys: pytest.CaptureFixture[str]) -> None:
    made = make_spec(rules=[("rules:\n", "rules: [\n")])
    status, out, err = _run(capsys, "spec", "check", "--spec-dir", "spec", "--seeds", str(made.seeds_dir))
    assert status == 1
    assert out.startswith("spec/rules.yaml:") and "invalid YAML" in out
    assert "Traceback" not in out + err


def test_check_notes_absent_seeds(
    make_spec: MakeSpec, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(SEEDS_ENV, raising=False)
    make_spec()
    status, out, err = _run(capsys, "spec", "check", "--spec-dir", "spec")
    assert status == 0
    assert out == "spec OK: 3 rules, 1 axes, 2 profiles, 1 texts\n"
    assert err.startswith("note: seed quotes not checked: ")


def test_check_finds_the_checkout_around_the_working_directory(
    make_spec: MakeSpec,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    made = make_spec(rules=[("axis: jack-order", "axis: queen-order")])
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    monkeypatch.setenv(SEEDS_ENV, str(made.seeds_dir))
    status, out, _ = _run(capsys, "spec", "check")
    assert status == 1
    assert out.startswith(f"{tmp_path}/spec/rules.yaml:")


def test_render_writes_and_checks(make_spec: MakeSpec, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    made = make_spec()
    target = tmp_path / "out.md"
    status, out, _ = _run(capsys, "spec", "render", "--spec-dir", "spec", "--output", str(target))
    assert status == 0 and out == "wrote out.md\n"
    assert target.read_text(encoding="utf-8") == render_spec_markdown(load_spec(made.spec_dir))
    status, out, _ = _run(capsys, "spec", "render", "--spec-dir", "spec", "--output", str(target), "--check")
    assert (status, out) == (0, "out.md is up to date\n")
    target.write_text("old\n", encoding="utf-8")
    status, out, _ = _run(capsys, "spec", "render", "--spec-dir", "spec", "--output", str(target), "--check")
    assert status == 1 and out.startswith("out.md:1: out of date")
    assert target.read_text(encoding="utf-8") == "old\n"  # --check never writes


def test_render_to_stdout(make_spec: MakeSpec, capsys: pytest.CaptureFixture[str]) -> None:
    made = make_spec()
    status, out, _ = _run(capsys, "spec", "render", "--spec-dir", "spec", "-o", "-")
    assert status == 0 and out == render_spec_markdown(load_spec(made.spec_dir))


def test_render_defaults_to_spec_md_of_a_checkout(
    make_spec: MakeSpec, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    make_spec()
    status, _, err = _run(capsys, "spec", "render", "--spec-dir", "spec")
    assert status == 2 and "not the spec/ folder of a checkout" in err
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    status, out, _ = _run(capsys, "spec", "render", "--spec-dir", "spec")
    assert (status, out) == (0, "wrote spec/SPEC.md\n")
    status, out, _ = _run(capsys, "spec", "check", "--spec-dir", "spec", "--seeds", "seeds")
    assert status == 0 and out.endswith("; SPEC.md up to date\n")


def test_render_refuses_an_invalid_spec(
    make_spec: MakeSpec, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    make_spec(variants=[("default: clubs-first", "default: hearts-first")])
    status, out, _ = _run(capsys, "spec", "render", "--spec-dir", "spec", "-o", str(tmp_path / "x.md"))
    assert status == 1 and "default 'hearts-first' is not an option" in out
    assert not (tmp_path / "x.md").exists()


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["spec"],
        ["spec", "frobnicate"],
        ["spec", "check", "--bogus"],
        ["spec", "check", "--spec-dir", "/nonexistent"],
        ["spec", "render", "--spec-dir", "spec", "-o", "-", "--check"],
    ],
    ids=[
        "no-command",
        "no-subcommand",
        "unknown-subcommand",
        "unknown-option",
        "no-such-spec-dir",
        "check-stdout",
    ],
)
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str], make_spec: MakeSpec) -> None:
    make_spec()
    status, _, err = _run(capsys, *argv)
    assert status == 2
    assert "usage:" in err or "error:" in err


def test_real_checkout_passes(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """What the README's first command runs, from the repository root."""
    monkeypatch.chdir(REPO)
    status, out, _ = _run(capsys, "spec", "check")
    assert status == 0, out
    assert out.startswith("spec OK: ")


def test_the_fixture_scan_reads_plain_rule_lists_as_yaml_reads_them() -> None:
    """``explain`` and ``rules`` read the fixtures' ``rules:`` lists without a YAML parser where
    they are plain ids (conformance.cases.coverage._plain_rules); the answer is YAML's."""
    from pathlib import Path

    import conformance.cases.coverage as coverage

    folder = Path(__file__).resolve().parents[2] / "fixtures"
    fast = list(coverage.scan_fixtures(folder))
    original = coverage._plain_rules
    try:
        coverage._plain_rules = lambda text, start: None  # type: ignore[assignment]
        by_yaml = list(coverage.scan_fixtures(folder))
    finally:
        coverage._plain_rules = original
    assert fast == by_yaml and len(fast) > 1000


def test_explain_imports_neither_pytest_nor_jsonschema_nor_the_case_loop() -> None:
    """A quick command starts at once: it imports only its own module (conformance.cli.commands),
    and reads the spec from its cache once checked (sheepshead_spec.cache). Import-based, so the
    answer does not depend on the machine's speed."""
    import subprocess
    import sys

    heavy = (
        "pytest",
        "jsonschema",
        "markdown_it",
        "conformance.plugin",
        "conformance.fuzz",
        "conformance.judge.run",
        "reference_impl",
    )
    script = (
        "import sys; from conformance.cli import main; status = main(['explain', 'trick.highest-trump-wins']);"
        f" print(sorted(m for m in {heavy!r} if m in sys.modules), file=sys.stderr); sys.exit(status)"
    )
    subprocess.run([sys.executable, "-c", script], capture_output=True, check=True)  # checks and caches the spec
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert "trick.highest-trump-wins: The highest trump wins" in done.stdout
    assert done.stderr.strip().splitlines()[-1] == "[]", done.stderr
