"""Loaded by pytest before the suites: makes the example Scorpion plugin package
(examples/scorpion-plugin) load through its entry point exactly as it would once pip-installed,
so the variant plays in tests without installing it. Tests that check installing and
uninstalling it run in subprocesses, which this does not reach."""

import sys
from importlib.metadata import EntryPoint
from pathlib import Path

_SRC = Path(__file__).parent / "examples" / "scorpion-plugin" / "src"
sys.path.insert(0, str(_SRC))

from spider_tui.plugins import manager  # noqa: E402

manager.EXTRA_ENTRY_POINTS.append(EntryPoint("scorpion", "spider_tui_scorpion", "spider_tui"))
