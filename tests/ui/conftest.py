"""UI test set-up: a private SPIDER_TUI_HOME and hand-made tables.

``SPIDER_TUI_HOME`` points into a temporary folder before anything of spider_tui loads, so a
test run never reads or writes the player's real settings, saves or statistics.
"""

from __future__ import annotations

import os
import tempfile

os.environ["SPIDER_TUI_HOME"] = tempfile.mkdtemp(prefix="spider-tui-ui-home-")

from collections.abc import Callable  # noqa: E402

import pytest  # noqa: E402
from uihelpers import position_text  # noqa: E402

from spider_tui.engine import Game  # noqa: E402


@pytest.fixture
def board(table) -> Callable[..., Game]:
    """``board(columns, filler=N, **position keys) -> Game`` (cards left out go face down
    under column N)."""

    def make(columns, filler: int | None = None, **kw) -> Game:
        return table(position_text(columns, **kw), filler=filler)

    return make
