"""The code keeps its shape: ruff's checks (pyflakes, pycodestyle, import order, pyupgrade,
bugbear; configured in pyproject.toml) and the import contracts (the layers from the engine up
to the command line, a pure engine, no import circle; ``[tool.importlinter]`` in pyproject.toml)
hold for the whole tree, and mypy finds the engine's and the AI's types consistent
(``[tool.mypy]``). Run by hand: ``ruff check .``, ``lint-imports`` and ``mypy``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing() -> None:
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_import_contracts_hold() -> None:
    done = subprocess.run([sys.executable, "-c",
                           "import sys; from importlinter.cli import lint_imports_command; "
                           "sys.exit(lint_imports_command())"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing(tmp_path: Path) -> None:
    # Its cache in a folder of the test's own: nothing is left in the tree, nothing stale read.
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache")],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
