"""The waste on the screen (Rachel: the stock turns one card at a time onto it): its last cards
fanned, a tap on the stock turns a card, the waste's top card played by a tap, a drag or the
keys, and what cannot go onto it."""

from __future__ import annotations

import pytest
from uihelpers import (
    PILE_SPOT,
    SIZE,
    card_offset,
    column,
    make_app,
    pile,
    piles_position,
    screen_text,
)

from spider_tui.engine.cards import parse_card
from spider_tui.engine.piles import STOCK, WASTE
from spider_tui.ui.layout import WASTE_FAN


@pytest.fixture
def rachel(table):
    """8♥ tops the waste and goes onto 9♠ (column 1); the stock turns 4♣ next."""
    def make():
        return table(piles_position(
            [([], ["9S"]), ([], ["5H"]), ([], ["KS"]), ([], ["KH"]), ([], ["KD"]),
             ([], ["KC"])],
            variant="rachel", stock=["4C", "QD", "JS"], waste=["2C", "7D", "3S", "8H"]),
            filler=6)
    return make


async def test_the_waste_shows_its_last_cards_fanned_and_its_count(rachel):
    app = make_app(rachel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        w = pile(app, "w")
        assert w.view.cards == tuple(parse_card(c) for c in ["7D", "3S", "8H"])[-WASTE_FAN:]
        assert w.view.count == 4 and w.view.show_count
        text = "".join(seg.text for seg in w.render_line(1))
        assert "7♦" in text and "3♠" in text and "8♥" in text
        assert "w:4" in "".join(seg.text for seg in w.render_line(0))
        # The waste lies right of the stock, which counts the cards left to turn.
        assert w.region.x >= app.game_screen.stock.region.right
        assert app.game_screen.stock.word == "turns"


async def test_a_tap_on_the_stock_turns_a_card_onto_the_waste(rachel):
    app = make_app(rachel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#stock", offset=(2, 1))
        await pilot.pause()
        assert app.game.moves_played() == ["d"]
        assert pile(app, "w").view.cards[-1] == parse_card("4C")


async def test_a_tap_on_the_waste_plays_its_top_card_where_it_fits(rachel):
    app = make_app(rachel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#pile-w", offset=(pile(app, "w").size.width - 3, 1))
        await pilot.pause()
        assert app.game.moves_played() == ["w>1"]
        assert column(app, 1).view.cards[-1] == parse_card("8H")


async def test_a_drag_from_the_waste_and_a_refused_drop_onto_it(rachel):
    app = make_app(rachel())
    async with app.run_test(size=SIZE) as pilot:
        before = app.game.to_position()
        await pilot.mouse_down("#col-2", offset=card_offset(app, 2))
        await pilot.hover("#pile-w", offset=PILE_SPOT)
        await pilot.mouse_up("#pile-w", offset=PILE_SPOT)
        await pilot.pause()
        assert app.game.to_position() == before
        assert app.game_screen.last_message == "Nothing can be put on the waste"
        await pilot.mouse_down("#pile-w", offset=PILE_SPOT)
        await pilot.hover("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert pile(app, "w").view.selected and column(app, 1).view.target
        await pilot.mouse_up("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert app.game.moves_played() == ["w>1"]


async def test_a_drag_from_the_waste_dropped_on_the_stock_or_cancelled_moves_nothing(rachel):
    app = make_app(rachel())
    async with app.run_test(size=SIZE) as pilot:
        before = app.game.to_position()
        await pilot.mouse_down("#pile-w", offset=PILE_SPOT)
        await pilot.hover("#stock", offset=(2, 1))
        await pilot.mouse_up("#stock", offset=(2, 1))
        await pilot.pause()
        await pilot.mouse_down("#pile-w", offset=PILE_SPOT)
        await pilot.hover("#col-1", offset=card_offset(app, 1))
        await pilot.press("escape")
        await pilot.mouse_up("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert app.game.to_position() == before and app.game.actions == 0


async def test_the_w_key_picks_up_the_waste_card_and_a_digit_puts_it_down(rachel):
    app = make_app(rachel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w")
        assert app.game_screen.selector.selection.src == WASTE and pile(app, "w").view.selected
        await pilot.press("1")
        await pilot.pause()
        assert app.game.moves_played() == ["w>1"]
        # Twice: its best place at once.
        await pilot.press("u", "w", "w")
        await pilot.pause()
        assert app.game.moves_played() == ["w>1"] and app.game.actions == 3


async def test_the_cursor_turns_the_stock_and_takes_the_waste(rachel):
    app = make_app(rachel())
    async with app.run_test(size=SIZE) as pilot:
        screen = app.game_screen
        await pilot.press("right", "up")
        assert screen.cursor.top == STOCK and screen.stock.cursor
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.moves_played() == ["d"]
        await pilot.press("right")
        assert screen.cursor.top == WASTE and pile(app, "w").view.cursor
        await pilot.press("u", "enter", "down")
        await pilot.pause()
        assert screen.selector.selection is not None and screen.selector.selection.src == WASTE
        assert screen.cursor.col == 1  # the column under the waste
        await pilot.press("left", "enter")
        await pilot.pause()
        assert app.game.moves_played() == ["w>1"]


async def test_the_w_key_in_a_game_without_a_waste_says_so(board):
    from uihelpers import kings

    app = make_app(board([([], ["7H"]), ([], ["6C"])] + kings(8), filler=1))  # 6♣ onto 7♥: not stuck
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w")
        await pilot.pause()
        assert "This game has no waste" in app.game_screen.last_message


async def test_a_used_up_stock_offers_the_redeal_and_a_tap_turns_the_waste_back():
    # Rachel's table with three turns of the waste back (a variant made here).
    import tomllib

    from spider_tui.engine import Game, RuleSet

    text = open("variants/rachel.toml", encoding="utf-8").read()
    data = tomllib.loads(text)
    data["id"], data["name"] = "rachel-redeals", "Rachel with redeals"
    data["waste"]["redeals"] = 3
    game = Game.new(RuleSet.from_dict(data), 1)
    while game.state.stock_left:
        game.play("d")
    app = make_app(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        stock = app.game_screen.stock
        assert stock.redeal and stock.deals == 0
        r = stock.region
        rows = screen_text(app).splitlines()[r.y:r.bottom]
        assert any("↺" in row[r.x:r.right] and "redeal" in row for row in rows)
        waste_before = len(app.game.state.piles[-1])
        await pilot.click("#stock", offset=(2, 1))
        await pilot.pause()
        assert app.game.state.redeals == 1 and app.game.state.stock_left == waste_before
        assert not pile(app, "w").view.cards
