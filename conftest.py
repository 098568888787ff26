"""Loaded by pytest before the suites: makes the example Scorpion plugin package
(examples/scorpion-plugin) load through its entry point exactly as it would once pip-installed,
so the variant plays in tests without installing it. Tests that check installing and
uninstalling it run in subprocesses, which this does not reach.

It also lets Python keep the bytecode it compiles, where the environment says not to
(PYTHONDONTWRITEBYTECODE): the suite starts many Python processes (a worker per core, the
command line in subprocesses), and each would compile the game again. Nothing a test checks
depends on it (tests/cli: 35 s -> 23 s under -n 2)."""

import os
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # the workers and subprocesses started later
sys.dont_write_bytecode = False  # this process, from here on

_SRC = Path(__file__).parent / "examples" / "scorpion-plugin" / "src"
sys.path.insert(0, str(_SRC))

from spider_tui.plugins import manager  # noqa: E402

manager.EXTRA_ENTRY_POINTS.append(EntryPoint("scorpion", "spider_tui_scorpion", "spider_tui"))
