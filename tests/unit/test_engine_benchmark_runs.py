"""The engine benchmark keeps working (its figures are printed, never asserted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engine_benchmark_quick_run():
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "engine_bench.py"), "--quick"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "generate + play + undo cycles" in out.stdout
    assert len(list((ROOT / "benchmarks" / "positions").glob("*.toml"))) >= 5
