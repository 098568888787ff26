"""The board as a player sees it at 80×24 (update with ``pytest --snapshot-update`` after a
deliberate change, and look at the SVG before committing it)."""

from __future__ import annotations

from spider_tui.engine import Game
from uihelpers import SIZE, make_app


def test_spider_4suit_board_80x24(snap_compare):
    assert snap_compare(make_app(Game.new("spider-4suit", 2024)), terminal_size=SIZE)


def test_big_spider_board_80x24(snap_compare):
    assert snap_compare(make_app(Game.new("big-spider", 2024)), terminal_size=SIZE)

