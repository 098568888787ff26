"""Playing with the mouse: one-tap moves, equal places, select-then-drop, drag and drop."""

from __future__ import annotations

from uihelpers import SIZE, card_offset, column, kings, make_app

from spider_tui.engine import Game


def tap_table(board):
    """7♥ in column 1 can go on 8♠ (column 2) or 8♥ (column 3)."""
    return board([([], ["7H"]), ([], ["8S"]), ([], ["8H"])] + kings(7), filler=4)


def tie_table(board):
    """7♥ in column 1 can go on 8♠ (column 2) or 8♣ (column 3): equally good."""
    return board([([], ["7H"]), ([], ["8S"]), ([], ["8C"])] + kings(7), filler=4)


async def test_one_tap_sends_a_card_to_its_own_suit(board):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert app.game.moves_played() == ["1>3"]
        assert [len(c) for c in app.game.state.cols[:3]] == [0, 1, 2]
        assert list(column(app, 3).view.cards) == app.game.state.cols[2]


async def test_equal_places_select_and_highlight_then_a_click_chooses(board):
    app = make_app(tie_table(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert app.game.actions == 0
        screen = app.game_screen
        assert screen.selector.selection is not None and screen.selector.selection.targets == (1, 2)
        assert column(app, 2).view.target and column(app, 3).view.target
        assert not column(app, 4).view.target
        assert column(app, 1).view.selected_from == 0
        await pilot.click("#col-3", offset=card_offset(app, 3))
        await pilot.pause()
        assert app.game.moves_played() == ["1>3"]
        assert screen.selector.selection is None and not column(app, 3).view.target


async def test_tapping_the_selected_cards_again_takes_the_best_place(board):
    app = make_app(tie_table(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert app.game.moves_played() == ["1>2"]


async def test_one_tap_off_selects_then_drops_where_clicked(board):
    app = make_app(tap_table(board), one_tap=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert app.game.actions == 0 and app.game_screen.selector.selection is not None
        # Both 8s take it; the player, not the ranking, decides: the off-suit one.
        assert column(app, 2).view.target and column(app, 3).view.target
        await pilot.click("#col-2", offset=(2, 0))
        await pilot.pause()
        assert app.game.moves_played() == ["1>2"]


async def test_an_illegal_drop_says_why_and_changes_nothing(board):
    app = make_app(tap_table(board), one_tap=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.click("#col-5", offset=card_offset(app, 5))
        await pilot.pause()
        assert app.game.actions == 0
        assert "7♥ cannot go onto" in app.game_screen.last_message
        assert "it takes" in app.game_screen.last_message


async def test_drag_and_drop_highlights_targets_and_moves(board):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.mouse_down("#col-1", offset=card_offset(app, 1))
        await pilot.hover("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        # While dragging, both columns that take 7♥ light up, and nothing has moved yet.
        assert column(app, 2).view.target and column(app, 3).view.target
        assert not column(app, 5).view.target
        assert app.game.actions == 0
        await pilot.mouse_up("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert app.game.moves_played() == ["1>2"]  # the drop decides, not the ranking
        assert not column(app, 2).view.target


async def test_an_illegal_drag_names_the_rule_and_changes_nothing(board):
    g = board([([], ["9S", "8H", "7H"]), ([], ["9D"])] + kings(8), filler=3)
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        before = app.game.to_position()
        # 9♠ 8♥ 7♥ cannot be lifted as one: the suit changes at the 8.
        await pilot.mouse_down("#col-1", offset=card_offset(app, 1, 0))
        await pilot.hover("#col-2", offset=card_offset(app, 2))
        await pilot.mouse_up("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert app.game.to_position() == before and app.game.actions == 0
        assert "not one suit" in app.game_screen.last_message


async def test_clicking_the_stock_deals(board):
    g = board([([], ["7H"]), ([], ["8S"]), ([], ["8H"])] + kings(7), filler=4,
              stock=["2S", "3S", "4S", "5S", "6S", "7S", "9S", "TS", "JS", "QS"])
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#stock", offset=(2, 0))
        await pilot.pause()
        assert app.game.moves_played() == ["d"] and app.game.deals_left == 0


async def test_one_tap_never_breaks_a_joined_run_by_itself(board):
    # Column 1 ends 8♣ 7♠ 6♥ 5♥: 5♥ could go onto 6♦, but only by leaving 6♥.
    g = board([([], ["8C", "7S", "6H", "5H"]), ([], ["6D"])] + kings(8), filler=3)
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert app.game.actions == 0
        assert "5♥ has nowhere useful to go" in app.game_screen.last_message
        # The place is lit; a second click there moves it anyway.
        assert column(app, 2).view.target
        await pilot.click("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert app.game.moves_played() == ["1>2"]


async def test_a_second_tap_on_cards_with_nowhere_useful_to_go_puts_them_back(board):
    g = board([([], ["8C", "7S", "6H", "5H"]), ([], ["6D"])] + kings(8), filler=3)
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert app.game.actions == 0 and app.game_screen.selector.selection is None


async def test_one_tap_prefers_a_bare_king_to_one_on_face_down_cards(board):
    # Q♠ can go onto a K♠ on two face-down cards (column 2) or a bare K♠ (column 3).
    others = [([], [c]) for c in ["KD", "KC", "KD", "KC", "AD", "AC", "AH"]]
    g = board([([], ["QS"]), (["2C", "3C"], ["KS"]), ([], ["KS"])] + others, filler=4)
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert app.game.moves_played() == ["1>3"]


async def test_one_tap_prefers_the_longer_run_in_suit(board):
    # A♠ can go onto a lone 2♠ (column 2) or the end of 7♠…2♠ (column 3).
    g = board([([], ["QH", "AS"]), ([], ["2S"]), ([], ["7S", "6S", "5S", "4S", "3S", "2S"])]
              + kings(7), filler=4)
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert app.game.moves_played() == ["1>3"]


async def test_a_click_on_the_felt_does_nothing():
    # Issue 24: 1-suit deal 5 at 80×24, a click at column 36, row 21 (well below column 5's
    # last card) moved a card.
    app = make_app(Game.new("spider-1suit", 5))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.game_screen
        await pilot.click(offset=(35, 20))
        await pilot.pause()
        assert app.game.actions == 0 and screen.selector.selection is None
        # Beside the exposed card of column 5, in the gap before column 6: felt too.
        x, y = card_offset(app, 5)
        col = column(app, 5)
        await pilot.click("#col-5", offset=(col.size.width - 1, y))
        await pilot.pause()
        assert app.game.actions == 0 and screen.selector.selection is None
        # The column's number is not a card either.
        await pilot.click("#col-5", offset=(3, 0))
        await pilot.pause()
        assert app.game.actions == 0 and screen.selector.selection is None


async def test_with_cards_picked_up_a_click_anywhere_in_a_lane_drops_them_there(board):
    app = make_app(tap_table(board), one_tap=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert app.game_screen.selector.selection is not None
        # Far below 8♠ in column 2, on the felt.
        await pilot.click("#col-2", offset=(0, column(app, 2).size.height - 2))
        await pilot.pause()
        assert app.game.moves_played() == ["1>2"]


async def test_a_drag_released_over_its_own_column_changes_nothing(board):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        x, y = card_offset(app, 1)
        await pilot.mouse_down("#col-1", offset=(x, y))
        await pilot.hover("#col-1", offset=(x, y + 5))
        await pilot.mouse_up("#col-1", offset=(x, y + 5))
        await pilot.pause()
        assert app.game.actions == 0 and app.game_screen.selector.selection is None
        # Out to another column and back again: still nothing.
        await pilot.mouse_down("#col-1", offset=(x, y))
        await pilot.hover("#col-3", offset=card_offset(app, 3))
        await pilot.hover("#col-1", offset=(x, y))
        await pilot.mouse_up("#col-1", offset=(x, y))
        await pilot.pause()
        assert app.game.actions == 0 and app.game_screen.selector.selection is None


async def test_a_drag_released_off_the_table_changes_nothing(board):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.mouse_down("#col-1", offset=card_offset(app, 1))
        await pilot.hover("#status", offset=(30, 0))
        await pilot.mouse_up("#status", offset=(30, 0))
        await pilot.pause()
        assert app.game.actions == 0
        # Released off the table with no motion reported in between: not a click either.
        await pilot.mouse_down("#col-1", offset=card_offset(app, 1))
        await pilot.mouse_up("#status", offset=(30, 0))
        await pilot.pause()
        assert app.game.actions == 0


async def test_escape_during_a_drag_cancels_it(board):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.mouse_down("#col-1", offset=card_offset(app, 1))
        await pilot.hover("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert column(app, 2).view.target
        await pilot.press("escape")
        await pilot.pause()
        assert not column(app, 2).view.target and not app.game_screen.ghost.display
        await pilot.mouse_up("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert app.game.actions == 0
