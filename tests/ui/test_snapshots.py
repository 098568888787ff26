"""The board as a player sees it at 80×24 (update with ``pytest --snapshot-update`` after a
deliberate change, and look at the SVG before committing it)."""

from __future__ import annotations

from uihelpers import SIZE, make_app

from spider_tui.engine import Game


def test_spider_4suit_board_80x24(snap_compare):
    assert snap_compare(make_app(Game.new("spider-4suit", 2024)), terminal_size=SIZE)


def test_big_spider_board_80x24(snap_compare):
    assert snap_compare(make_app(Game.new("big-spider", 2024)), terminal_size=SIZE)



def test_a_long_column_at_200x60(snap_compare, board):
    """Covered cards take more rows on a tall screen (face-up three, face-down two)."""
    spades = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S"]
    g = board([(["2C", "3C", "4C", "5C"], spades), (["6H"], ["9H", "8D"])]
              + [([], [k]) for k in ["KH", "KD", "KC", "KS", "KH", "KD"]]
              + [([], ["QH"]), ([], ["QD"])], filler=10)
    assert snap_compare(make_app(g), terminal_size=(200, 60))
