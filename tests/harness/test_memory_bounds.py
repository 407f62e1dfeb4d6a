"""Memory stays bounded on large hostile inputs: ``check`` on 10 MB records of several shapes
peaks under 256 MiB (measured as the child process's peak resident set, VmHWM; a count of
memory, not a timing)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc")

ROOT = Path(__file__).resolve().parents[2]
BASE = (ROOT / "fixtures" / "hands" / "ordinary-win-deck.yaml").read_text(encoding="utf-8")
LIMIT_KIB = 256 * 1024
# VmHWM, the peak resident set of this process image: ru_maxrss would also count the pytest
# process this child was forked from (the kernel carries it over the exec).
CHILD = """
import sys
from conformance.cli import main
status = main(["check", sys.argv[1]])
peak = next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(peak, status)
"""

SHAPES = {
    "one long string": lambda: BASE + "x-note: '" + "x" * 10_000_000 + "'\n",
    "as many values as allowed": lambda: BASE + "x-list:\n" + "".join(f"  - {'y' * 90}{i}\n" for i in range(99_000)),
    "far too many values": lambda: BASE + "x-list: [" + ", ".join(["KH"] * 2_500_000) + "]\n",
    "many small mappings": lambda: BASE + "x-nest:\n" + "".join("  - {a: [1, 2, {b: c}]}\n" for _ in range(400_000)),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_check_on_a_ten_megabyte_record_stays_under_256_mib(tmp_path: Path, shape: str) -> None:
    path = tmp_path / "big.yaml"
    path.write_text(SHAPES[shape](), encoding="utf-8")
    assert 6_000_000 < path.stat().st_size <= 10_500_000
    done = subprocess.run([sys.executable, "-c", CHILD, str(path)], capture_output=True, text=True, timeout=120)
    peak, status = done.stdout.split()[-2:]
    assert status in ("0", "2"), done.stderr  # read, or refused with file:line
    assert "Traceback" not in done.stderr
    assert int(peak) < LIMIT_KIB, f"{shape}: {int(peak) // 1024} MiB"
