"""Finish for me says the condition that holds for the game in play (issue 33 item 7)."""

from __future__ import annotations

from spider_tui.engine import Game
from spider_tui.ui.finishing import can_finish, why_not_finish


def test_a_game_with_hidden_cards_asks_for_every_card_face_up(catalog):
    game = Game.new("spider-1suit", deal=3, catalog=catalog)
    assert not can_finish(game)
    assert "every card is face up and the stock is empty" in why_not_finish(game)


def test_a_game_dealt_face_up_asks_for_every_column_in_order(catalog):
    game = Game.new("simple-simon", deal=1, catalog=catalog)
    why = why_not_finish(game)
    assert not can_finish(game)
    # Every card is face up and there is no stock: saying so would be no reason at all.
    assert "face up and the stock is empty" not in why
    assert "every column lies in order" in why

