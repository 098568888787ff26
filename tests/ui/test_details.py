"""The details a player notices first (issue 33 item 6): the cursor keeps its column, no deal on
the key bar without a stock, a click with places lit acts on the card clicked, a run that
cannot be lifted is refused at the press, no count on a pile of one card, a two-line message
keeps the table clear, the wheel's first step scrolls, the statistics scroll by whole columns,
and the palette shows a letter bound in both cases lower-case."""

from __future__ import annotations

from textual.events import MouseScrollUp
from uihelpers import (
    SIZE,
    card_offset,
    column,
    key_bar,
    kings,
    make_app,
    pile,
    piles_position,
    screen_text,
    settle,
    until,
)

from spider_tui.engine import Game
from spider_tui.engine.piles import STOCK


async def test_the_cursor_comes_back_down_to_the_column_it_went_up_from():
    app = make_app(Game.new("spider-1suit", 3))
    async with app.run_test(size=SIZE) as pilot:
        cursor = app.game_screen.cursor
        await pilot.press("l", *["l"] * 6)  # the first key shows the cursor
        assert (cursor.col, cursor.top) == (6, None)
        while cursor.top is None:
            await pilot.press("k")
        assert cursor.top == STOCK
        await pilot.press("j")
        assert (cursor.col, cursor.top) == (6, None)
        assert column(app, 7).view.cursor is not None


async def test_the_cursor_moved_along_the_top_row_goes_down_below_where_it_is(table):
    # Rachel's top row: the stock, then the waste; from column 6 up to the waste, then left to
    # the stock: down from there is column 1, under the stock.
    g = table(piles_position([([], ["9S"]), ([], ["5H"]), ([], ["KS"]), ([], ["KH"]),
                              ([], ["KD"]), ([], ["KC"])], variant="rachel",
                             stock=["4C", "QD", "JS"], waste=["2C", "7D", "3S", "8H"]), filler=6)
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        cursor = app.game_screen.cursor
        await pilot.press("l", "l")
        assert cursor.col == 1
        while cursor.top is None:
            await pilot.press("k")
        stop = cursor.top
        await pilot.press("j")
        assert (cursor.col, cursor.top) == (1, None)  # back where it came from
        await pilot.press("k")
        assert cursor.top == stop
        stops = cursor.top_stops()
        await pilot.press("h" if stops.index(stop) > 0 else "l")
        other = cursor.top
        assert other != stop
        await pilot.press("j")
        below = app.game_screen.cursor._nearest(cursor._top_widget(other), app.game_screen.columns)
        assert (cursor.col, cursor.top) == (below, None)


async def test_a_game_with_no_stock_has_no_deal_on_the_key_bar():
    app = make_app(Game.new("spider-1suit", 3))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: key_bar(app).strip())  # the keys are drawn
        assert "d Deal" in key_bar(app)
    app = make_app(Game.new("spidercells", 3))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: key_bar(app).strip())
        bar = key_bar(app)
        assert "Deal" not in bar and "u Undo" in bar
        await pilot.press("d")  # the key still answers, saying why
        assert "no stock" in app.game_screen.last_message
    # A new game of another variant brings it back.
    app = make_app(Game.new("spidercells", 3))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: key_bar(app).strip())
        app.start_game(Game.new("spider-1suit", 3))
        await until(pilot, lambda: "d Deal" in key_bar(app))  # rebuilt after a refresh
        assert "d Deal" in key_bar(app)


def lit_and_another(board):
    """7♥ (column 1) goes as well onto 8♠ (column 2) as onto 8♣ (column 3); 6♠ (column 4)
    goes onto 7♥ alone."""
    return board([([], ["7H"]), ([], ["8S"]), ([], ["8C"]), ([], ["6S"])] + kings(6), filler=5)


async def test_with_places_lit_a_click_on_another_card_plays_that_card(board):
    app = make_app(lit_and_another(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        sel = app.game_screen.selector.selection
        assert sel is not None and sel.targets == (1, 2) and app.game.actions == 0
        await pilot.click("#col-4", offset=card_offset(app, 4))
        await pilot.pause()
        assert app.game.moves_played() == ["4>1"]  # 6♠ went where it goes, as a fresh click
        assert app.game_screen.selector.selection is None


async def test_with_places_lit_a_click_on_a_card_that_goes_nowhere_says_so(board):
    app = make_app(lit_and_another(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.click("#col-6", offset=card_offset(app, 6))  # a King: nowhere to go
        await pilot.pause()
        assert app.game.actions == 0 and app.game_screen.selector.selection is None
        assert "nowhere to go" in app.game_screen.last_message
        # A lit place still takes the cards.
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.click("#col-3", offset=card_offset(app, 3))
        await pilot.pause()
        assert app.game.moves_played() == ["1>3"]


async def test_a_run_that_cannot_be_lifted_is_refused_at_the_press_with_no_ghost(board):
    g = board([([], ["9S", "8H", "7H"]), ([], ["9D"])] + kings(8), filler=3)
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.game_screen
        await pilot.mouse_down("#col-1", offset=card_offset(app, 1, 0))
        assert "not one suit" in screen.last_message  # at the press
        await pilot.hover("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert screen.pointer.drag is None and not screen.ghost.display
        assert not any(column(app, n).view.target for n in range(1, 11))
        screen.message_bar.clear()
        await pilot.mouse_up("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert app.game.actions == 0 and screen.last_message.count("not one suit") == 1
        # The run that can be lifted still drags.
        await pilot.mouse_down("#col-1", offset=card_offset(app, 1, 1))
        await pilot.hover("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert screen.pointer.drag is not None and screen.ghost.display


async def test_a_pile_of_one_card_shows_no_count(table):
    g = table(piles_position([([], ["9S"]), ([], ["5H"]), ([], ["KS"]), ([], ["KH"]),
                              ([], ["KD"]), ([], ["KC"])], variant="rachel",
                             stock=["4C", "QD", "JS"], waste=["8H"]), filler=6)
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        label = "".join(seg.text for seg in pile(app, "w").render_line(0))
        assert "w" in label and "w:" not in label
        await pilot.click("#stock", offset=(2, 1))  # a second card: now it is counted
        await pilot.pause()
        assert "w:2" in "".join(seg.text for seg in pile(app, "w").render_line(0))


async def test_a_reserve_of_one_card_shows_no_count(table):
    others = [([], [c]) for c in ["KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC"]]
    g = table(piles_position([([], ["8D"]), ([], ["5S"])] + others,
                             variant="three-blind-mice", reserves=[["7D"], ["2D", "4C"]]),
              filler=2)
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "r1:" not in "".join(seg.text for seg in pile(app, "r1").render_line(0))
        assert "r2:2" in "".join(seg.text for seg in pile(app, "r2").render_line(0))


async def test_a_two_line_hint_at_80x12_leaves_the_cards_it_names_in_sight():
    app = make_app(Game.new("spider-1suit", 3))
    async with app.run_test(size=(80, 12)) as pilot:
        await pilot.press("H")
        for _ in range(100):
            await pilot.pause(0.05)
            if app.game_screen.autoplay.hint_shown is not None:
                break
        await pilot.pause()
        screen = app.game_screen
        bar = screen.message_bar
        assert bar.size.height == 2, bar.text
        move = screen.autoplay.hint_shown.move
        lines = screen_text(app).splitlines()
        assert screen.table.region.bottom <= bar.region.y  # no row of the table under it
        # The card moved and the card it goes onto are drawn above the message, whole.
        for col in (move.src, move.dst):
            widget = screen.columns[col]
            exposed = len(widget.view.cards) - 1
            rows = [y for y in range(widget.size.height) if widget.hit(1, y) == ("card", exposed)]
            assert rows, f"column {col + 1}'s last card is not drawn"
            assert widget.region.y + rows[0] < bar.region.y
        assert lines[bar.region.y].strip().startswith("Hint")
        bar.clear()
        await pilot.pause()
        await pilot.pause()
        assert screen.table.styles.margin.bottom == 0


async def test_the_first_wheel_step_shows_a_card_more(board):
    run = ["KS", "QH", "JS", "TH", "9S", "8H", "7S", "6H", "5S", "4H", "3S", "2H", "AS"]
    run2 = ["KD", "QC", "JD", "TC", "9D", "8C", "7D", "6C", "5D", "4C", "3D", "2C", "AD"]
    others = [([], [c]) for c in ("KH", "KC", "KH", "KC", "QS", "QD", "QS", "QD", "JH")]
    g = board([(["5C", "6D", "7C", "8D"], run + run2)] + others, filler=2)
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        col = app.game_screen.columns[0]

        def shown() -> set[int]:
            return {col.hit(1, y)[1] for y in range(1, col.size.height)
                    if col.hit(1, y)[0] == "card"}

        before = shown()
        x, y = col.region.offset + card_offset(app, 1)
        app.post_message(MouseScrollUp(None, x, y, 0, 0, 0, False, False, False,
                                       screen_x=x, screen_y=y))  # as the terminal sends it
        await settle(pilot)  # the app hands it to the screen, the screen to the column
        after = shown()
        assert col.scroll == 1
        assert min(after) == min(before) - 1  # a card more at the top


async def test_the_palette_shows_a_letter_bound_in_both_cases_lower_case():
    app = make_app(Game.new("spider-1suit", 3), keymap={"finish": "A,a", "hint": "H"})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        texts = {c.title: c.help for c in app.get_system_commands(app.screen)}
        assert texts["Finish for me"].endswith("(a; any key stops it)")
        assert texts["Hint"].endswith("(H)")
        assert app.game_screen.key_label("finish") == "a"
