"""Finish for me is offered when it finishes a game, not when it would solve one."""

from __future__ import annotations

from spider_tui.engine import Game
from spider_tui.ui.finishing import can_finish

RANKS = "KQJT98765432"


def open_position(columns: list[list[str]]) -> Game:
    """A Spidercells table (dealt all face up, no stock) with these columns, cells empty."""
    out = ['format = "spider-position/2"', 'variant = "spidercells"', "deal = 1",
           "completed = []", "stock = []", "cells = [[], [], [], []]"]
    for up in columns + [[]] * (8 - len(columns)):
        out += ["[[columns]]", "down = []", "up = [" + ", ".join(f'"{c}"' for c in up) + "]"]
    return Game.from_position("\n".join(out) + "\n")


def test_an_open_game_is_not_offered_at_its_deal():
    game = Game.new("spidercells", 2024)
    assert not any(game.state.down) and not game.state.stock_left
    assert not can_finish(game)


def test_an_open_game_is_offered_once_every_column_lies_in_order():
    # Spidercells builds in alternate colours: K♠ Q♥ J♠ … and K♥ Q♠ J♥ …, likewise ♦ ♣.
    ordered = []
    for black, red in (("S", "H"), ("C", "D")):
        for first, second in ((black, red), (red, black)):
            ordered.append([r + (first if k % 2 == 0 else second) for k, r in enumerate(RANKS)])
    ordered += [["A" + suit] for suit in "SHDC"]
    assert can_finish(open_position(ordered))
    # One column out of order (a 2 on an Ace): not yet.
    ordered[4].append(ordered[0].pop())
    assert not can_finish(open_position(ordered))


def test_a_game_dealt_face_down_is_offered_once_every_card_is_seen():
    game = Game.new("spider-1suit", 1)
    assert not can_finish(game)


def test_a_stock_turned_back_hides_nothing():
    # Rachel (every card dealt face up) with one redeal: once the waste is turned back into
    # the stock the player has seen every stock card, in order, so nothing is hidden (the
    # rule the hint and the bot follow the solver by), and Finish for me is offered though
    # the stock is not empty.
    from spider_tui.engine.catalog import default_catalog

    game = Game.new(default_catalog().variant("rachel").with_changes(redeals=1), 1)
    assert not can_finish(game)
    while game.state.stock_left:
        game.play("d")
    game.play("d")
    assert game.state.stock_left and can_finish(game)
