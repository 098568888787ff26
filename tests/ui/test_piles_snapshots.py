"""The top row of piles as a player sees it at 80×24, one game of each kind of pile (update with
``pytest --snapshot-update`` after a deliberate change, and read the SVG before committing it)."""

from __future__ import annotations

import pytest
from uihelpers import SIZE, make_app

from spider_tui.engine import Game


@pytest.mark.parametrize("variant", [
    "spidercells",       # four free cells
    "spidike",           # four foundations built card by card
    "rachel",            # the waste
    "three-blind-mice",  # two reserves
    "cicely",            # the most piles on top: eight cells and eight foundations
    "trillium",          # face-up cards under face-down ones
])
def test_piles_board_80x24(snap_compare, variant):
    assert snap_compare(make_app(Game.new(variant, 2024)), terminal_size=SIZE)
