"""Free cells on the screen (Spidercells: four cells, alternate colours): a tap, a drag and the
keys to and from a cell, refusals in the engine's words, drags that come to nothing."""

from __future__ import annotations

import pytest
from uihelpers import PILE_SPOT, SIZE, card_offset, column, make_app, pile, piles_position

from spider_tui.engine.piles import CELL


@pytest.fixture
def cells_game(table):
    """5♣ (column 1) has nowhere to go but a cell; 7♥ in free cell 1 goes onto 8♠ (column 2)."""
    def make():
        return table(piles_position(
            [([], ["5C"]), ([], ["8S"]), ([], ["QD"]), ([], ["KH"]), ([], ["KD"]),
             ([], ["JD"]), ([], ["9D"]), ([], ["2H"])],
            variant="spidercells", cells=[["7H"], [], [], []]), filler=8)
    return make


async def test_the_cells_are_drawn_with_their_names_and_cards(cells_game):
    app = make_app(cells_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert [p.view.label for p in app.game_screen.piles] == ["c1", "c2", "c3", "c4"]
        assert pile(app, "c1").view.cards == (app.game.state.piles[8][-1],)
        assert pile(app, "c1").view.movable and not pile(app, "c2").view.cards


async def test_a_tap_on_a_cell_plays_its_card_where_it_fits(cells_game):
    app = make_app(cells_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#pile-c1", offset=PILE_SPOT)
        await pilot.pause()
        assert app.game.moves_played() == ["c1>2"]
        assert not pile(app, "c1").view.cards


async def test_a_tap_on_a_card_with_no_other_place_parks_it_in_a_free_cell(cells_game):
    app = make_app(cells_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        # One empty cell stands for all: the first.
        assert app.game.moves_played() == ["1>c2"]


async def test_picked_up_cards_light_the_free_cells_and_a_click_puts_them_there(cells_game):
    app = make_app(cells_game(), one_tap=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert all(pile(app, c).view.target for c in ("c2", "c3", "c4"))
        assert not pile(app, "c1").view.target
        await pilot.click("#pile-c3", offset=PILE_SPOT)
        await pilot.pause()
        assert app.game.moves_played() == ["1>c3"]


async def test_a_drag_into_a_chosen_cell_and_back_out(cells_game):
    app = make_app(cells_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.mouse_down("#col-1", offset=card_offset(app, 1))
        await pilot.hover("#pile-c4", offset=PILE_SPOT)
        await pilot.pause()
        assert pile(app, "c4").view.target and column(app, 1).view.selected_from == 0
        await pilot.mouse_up("#pile-c4", offset=PILE_SPOT)
        await pilot.pause()
        assert app.game.moves_played() == ["1>c4"]
        await pilot.mouse_down("#pile-c1", offset=PILE_SPOT)
        await pilot.hover("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert pile(app, "c1").view.selected and column(app, 2).view.target
        await pilot.mouse_up("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert app.game.moves_played() == ["1>c4", "c1>2"]


async def test_a_drop_on_a_full_cell_says_why_and_changes_nothing(cells_game):
    app = make_app(cells_game())
    async with app.run_test(size=SIZE) as pilot:
        before = app.game.to_position()
        await pilot.mouse_down("#col-1", offset=card_offset(app, 1))
        await pilot.hover("#pile-c1", offset=PILE_SPOT)
        await pilot.mouse_up("#pile-c1", offset=PILE_SPOT)
        await pilot.pause()
        assert app.game.to_position() == before
        assert app.game_screen.last_message == "Free cell 1 is full"


async def test_a_drag_dropped_back_or_cancelled_moves_nothing(cells_game):
    app = make_app(cells_game())
    async with app.run_test(size=SIZE) as pilot:
        before = app.game.to_position()
        await pilot.mouse_down("#pile-c1", offset=PILE_SPOT)
        await pilot.hover("#col-3", offset=card_offset(app, 3))
        await pilot.hover("#pile-c1", offset=(2, 1))
        await pilot.mouse_up("#pile-c1", offset=(2, 1))
        await pilot.pause()
        assert app.game.to_position() == before and app.game_screen.selector.selection is None
        await pilot.mouse_down("#pile-c1", offset=PILE_SPOT)
        await pilot.hover("#col-2", offset=card_offset(app, 2))
        await pilot.press("escape")
        await pilot.mouse_up("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert app.game.to_position() == before and not pile(app, "c1").view.selected


async def test_the_cursor_goes_up_to_the_cells_and_enter_moves_a_cell_card(cells_game):
    app = make_app(cells_game())
    async with app.run_test(size=SIZE) as pilot:
        screen = app.game_screen
        await pilot.press("right")  # shows the cursor, on column 1
        await pilot.press("up")     # from its top card up to the top row
        assert screen.cursor.top == CELL and pile(app, "c1").view.cursor
        assert column(app, 1).view.cursor is None
        await pilot.press("enter")
        assert screen.selector.selection is not None and screen.selector.selection.src == CELL
        await pilot.press("right", "left")  # along the top row and back
        assert screen.cursor.top == CELL
        await pilot.press("down")   # to the column under it (no stock in this game: 1)
        assert screen.cursor.top is None and column(app, 1).view.cursor == 0
        await pilot.press("right", "enter")  # onto 8♠ in column 2
        await pilot.pause()
        assert app.game.moves_played() == ["c1>2"]


async def test_the_c_key_puts_picked_up_cards_in_a_cell_or_picks_a_cell_card(cells_game):
    app = make_app(cells_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "c")
        await pilot.pause()
        assert app.game.moves_played() == ["1>c2"]
        # Nothing picked up: the card of the first cell that has one; again: the next.
        await pilot.press("c")
        assert app.game_screen.selector.selection.src == CELL
        await pilot.press("c")
        assert app.game_screen.selector.selection.src == CELL + 1
        await pilot.press("c", "2")
        await pilot.pause()
        assert app.game.moves_played() == ["1>c2", "c1>2"]


async def test_the_c_key_in_a_game_without_cells_says_so(board):
    from uihelpers import kings

    app = make_app(board([([], ["7H"]), ([], ["6C"])] + kings(8), filler=1))  # 6♣ onto 7♥: not stuck
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert app.game_screen.last_message == "This game has no free cells"


async def test_a_game_with_no_stock_counts_none():
    """Spidercells is dealt whole: the status line says nothing of a stock; Spider does."""
    from uihelpers import screen_text

    from spider_tui.engine import Game

    for variant, has_stock in (("spidercells", False), ("spider-1suit", True)):
        app = make_app(Game.new(variant, 1))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            status = screen_text(app).splitlines()[0]
            assert ("Stock" in status) == has_stock, status
