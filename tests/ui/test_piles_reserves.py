"""Reserves on the screen (Three Blind Mice: two reserve cards, building down in suit): their
cards played by a tap, a drag or the keys; nothing goes onto them."""

from __future__ import annotations

import pytest
from uihelpers import PILE_SPOT, SIZE, card_offset, column, make_app, pile, piles_position

from spider_tui.engine.piles import RESERVE


@pytest.fixture
def mice(table):
    """7♦ on reserve 1 goes onto 8♦ (column 1); 4♣ on reserve 2 has nowhere to go."""
    def make(reserves=(("7D",), ("4C",))):
        others = [([], [c]) for c in ["KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC"]]
        return table(piles_position([([], ["8D"]), ([], ["5S"])] + others,
                                    variant="three-blind-mice",
                                    reserves=[list(r) for r in reserves]), filler=2)
    return make


async def test_the_reserves_show_their_cards_and_counts(mice):
    app = make_app(mice((("2D", "7D"), ("4C",))))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        r1 = pile(app, "r1")
        assert r1.view.count == 2 and r1.view.show_count and r1.view.movable
        assert "7♦" in "".join(seg.text for seg in r1.render_line(1))


async def test_a_tap_on_a_reserve_plays_its_card_or_says_it_has_nowhere_to_go(mice):
    app = make_app(mice())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#pile-r2", offset=PILE_SPOT)
        await pilot.pause()
        assert app.game.actions == 0
        assert app.game_screen.last_message == "4♣ has nowhere to go"
        await pilot.click("#pile-r1", offset=PILE_SPOT)
        await pilot.pause()
        assert app.game.moves_played() == ["r1>1"]
        # An empty reserve says so when clicked.
        await pilot.click("#pile-r1", offset=PILE_SPOT)
        await pilot.pause()
        assert app.game_screen.last_message == "Reserve 1 is empty"


async def test_a_drag_from_a_reserve_and_a_refused_drop_onto_one(mice):
    app = make_app(mice())
    async with app.run_test(size=SIZE) as pilot:
        before = app.game.to_position()
        await pilot.mouse_down("#col-1", offset=card_offset(app, 1))
        await pilot.hover("#pile-r2", offset=PILE_SPOT)
        await pilot.mouse_up("#pile-r2", offset=PILE_SPOT)
        await pilot.pause()
        assert app.game.to_position() == before
        assert app.game_screen.last_message == "Nothing can be put on a reserve"
        await pilot.mouse_down("#pile-r1", offset=PILE_SPOT)
        await pilot.hover("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert column(app, 1).view.target and not column(app, 2).view.target
        await pilot.mouse_up("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert app.game.moves_played() == ["r1>1"]


async def test_a_drag_from_a_reserve_released_over_it_moves_nothing(mice):
    app = make_app(mice())
    async with app.run_test(size=SIZE) as pilot:
        before = app.game.to_position()
        await pilot.mouse_down("#pile-r1", offset=PILE_SPOT)
        await pilot.hover("#col-5", offset=card_offset(app, 5))
        await pilot.hover("#pile-r1", offset=(2, 1))
        await pilot.mouse_up("#pile-r1", offset=(2, 1))
        await pilot.pause()
        assert app.game.to_position() == before and app.game_screen.selector.selection is None


async def test_the_cursor_reaches_a_reserve_and_plays_its_card(mice):
    app = make_app(mice())
    async with app.run_test(size=SIZE) as pilot:
        screen = app.game_screen
        await pilot.press("right", "up")  # no stock in this game: the reserve nearest
        assert screen.cursor.top == RESERVE and pile(app, "r1").view.cursor
        await pilot.press("right")
        assert screen.cursor.top == RESERVE + 1
        await pilot.press("left", "enter")
        assert screen.selector.selection.src == RESERVE and column(app, 1).view.target
        await pilot.press("1")
        await pilot.pause()
        assert app.game.moves_played() == ["r1>1"]
