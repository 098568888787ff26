"""Playing with the keyboard: cursor and Enter, column digits, undo and redo, deal, hint."""

from __future__ import annotations

from uihelpers import SIZE, column, help_rows, kings, make_app

from spider_tui.engine import Game


def tap_table(board):
    return board([([], ["7H"]), ([], ["8S"]), ([], ["8H"])] + kings(7), filler=4)


async def test_cursor_enter_picks_up_and_drops(board):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right")  # the first arrow shows the cursor, on column 1
        assert column(app, 1).view.cursor == 0
        await pilot.press("enter")
        assert app.game_screen.selector.selection is not None
        await pilot.press("l", "right", "enter")  # vi keys and arrows both move it
        assert app.game.moves_played() == ["1>3"]


async def test_escape_puts_picked_cards_back(board):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "space", "escape")
        assert app.game_screen.selector.selection is None and app.game.actions == 0


async def test_digits_pick_a_source_then_a_target(board):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        assert column(app, 2).view.target and column(app, 3).view.target
        await pilot.press("2")
        assert app.game.moves_played() == ["1>2"]


async def test_undo_and_redo_keys(board):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "3")
        start = app.game.to_position()
        await pilot.press("u")
        assert app.game.moves_played() == [] and app.game.can_redo()
        await pilot.press("r")
        assert app.game.to_position() == start
        await pilot.press("z")
        assert app.game.moves_played() == []
        await pilot.press("ctrl+y")
        assert app.game.moves_played() == ["1>3"]
        assert app.game.actions == 5 and app.game.score == 495


async def test_deal_with_an_empty_column_is_refused_and_the_gap_lights_up(board):
    g = board([([], ["7H"]), ([], [])] + kings(8), filler=3,
              stock=["2S", "3S", "4S", "5S", "6S", "7S", "9S", "TS", "JS", "QS"])
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        assert app.game.actions == 0 and app.game.deals_left == 1
        assert app.game_screen.last_message == "Fill every empty column before you deal"
        assert column(app, 2).view.flash and not column(app, 1).view.flash


async def test_hint_is_a_legal_move_shown_on_the_table_and_cycles(board):
    app = make_app(Game.new("spider-2suit", 7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("H")
        first = app.game_screen.autoplay.hint_shown
        assert first is not None and app.game.is_legal(first.move)
        assert app.game_screen.last_message.startswith("Hint")
        src = column(app, first.move.src + 1).view
        assert src.hint_from >= 0
        assert column(app, first.move.dst + 1).view.hint_target
        if len(app.game_screen.autoplay.hint.hints) > 1:
            await pilot.press("H")
            assert app.game_screen.autoplay.hint_shown != first


async def test_hints_never_move_a_whole_column_into_an_empty_one_nor_repeat_empties(board):
    # Columns 1, 5 and 7 are empty; column 2 holds K♠ alone, column 6 J♠ alone, column 9 9♠.
    g = board([([], []), ([], ["KS"]), (["4S"], ["5S"]), ([], ["6S", "3S"]), ([], []),
               ([], ["JS"]), ([], []), ([], ["8S"]), ([], ["9S"]), (["TS"], ["2S"])],
              filler=10, variant="spider-1suit")
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("H")
        hints = app.game_screen.autoplay.hint.hints
        shown = [app.game_screen.autoplay.hint_shown]
        for _ in hints[1:]:
            await pilot.press("H")
            shown.append(app.game_screen.autoplay.hint_shown)
        assert [h.move for h in shown] == [h.move for h in hints]
        st = app.game.state
        into_empty = [h.move for h in hints if not h.move.is_deal and not st.cols[h.move.dst]]
        # Never a move that changes nothing: a whole column into an empty one.
        assert not [m for m in into_empty if m.count == len(st.cols[m.src])
                    and not st.down[m.src]]
        # The empty columns are alike: each run goes into one of them, at most once.
        runs = [(m.src, m.count) for m in into_empty]
        assert len(runs) == len(set(runs)) and {m.dst for m in into_empty} <= {0}


async def test_no_useful_hint_says_so(board):
    # 7♥ may hop from 8♠ to 8♣ and back, which gains nothing; nothing else moves.
    g = board([([], ["8S", "7H"]), ([], ["8C"])] + kings(8), filler=3)
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("H")
        assert app.game_screen.autoplay.hint_shown is None
        assert "Nothing useful" in app.game_screen.last_message
        assert "undo" in app.game_screen.last_message


async def test_keymap_rebinds_by_binding_id(board):
    app = make_app(tap_table(board), keymap={"undo": "backspace"})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "3", "u")
        assert app.game.moves_played() == ["1>3"]
        await pilot.press("backspace")
        assert app.game.moves_played() == []


async def test_demo_plays_on_never_coming_back_and_any_key_stops_it(monkeypatch):
    from spider_tui.ui.screens.game import autoplay

    monkeypatch.setattr(autoplay, "DEMO_STEP_SECONDS", 0.02)
    app = make_app(Game.new("spider-1suit", 19), hint_budget_ms=50)
    async with app.run_test(size=SIZE) as pilot:
        app.game_screen.autoplay.start_demo()
        for _ in range(500):
            await pilot.pause(0.02)
            if app.game.actions >= 25:
                break
        await pilot.press("x")
        assert app.game_screen.last_message == "Demo stopped"
        played = app.game.moves_played()
        assert len(played) >= 25 and app.game.undos == 0
        await pilot.pause(0.2)
        assert app.game.moves_played() == played  # stopped means stopped
    # The demo plays as the bot does: never into a position it has been in before.
    replay = Game.new("spider-1suit", 19)
    positions = {replay.to_position()}
    for m in played:
        replay.play(m)
        positions.add(replay.to_position())
    assert len(positions) == len(played) + 1


async def test_a_plugin_variant_whose_deal_raises_is_refused_with_a_message_not_a_crash(
        variant_whose):
    rules = variant_whose("deal_targets", lambda table: table.stock_left < 50)
    app = make_app(Game.new(rules, deal=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        before = app.game.to_position()
        await pilot.press("d")
        assert app.game_screen.last_message == (
            "The rules of Spider (one suit) (variant 'spider-1suit', from spider-1suit.toml) "
            "failed: deal_targets() raised ZeroDivisionError: kaput")
        assert app.game.to_position() == before and app.game.deals_left == 4
        await pilot.press("u")  # and the game goes on
        assert app.game.deals_left == 5


async def test_big_spider_columns_11_to_13_have_keys_shown_in_the_help():
    from spider_tui.ui.screens.help import HelpScreen

    g = Game.new("big-spider", 2024)
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        # Shift+1, Shift+2, Shift+3 (! @ #) are columns 11, 12 and 13.
        for key, col in (("exclamation_mark", 10), ("at", 11), ("number_sign", 12)):
            await pilot.press(key)
            sel = app.game_screen.selector.selection
            assert sel is not None and sel.src == col, key
            await pilot.press("escape")
        m = next(m for m in app.game.legal_moves() if not m.is_deal and m.src >= 10)
        await pilot.press({10: "exclamation_mark", 11: "at", 12: "number_sign"}[m.src])
        await pilot.press(str((m.dst + 1) % 10) if m.dst < 10 else
                          {10: "exclamation_mark", 11: "at", 12: "number_sign"}[m.dst])
        assert app.game.actions == 1
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        rows = await help_rows(app, pilot)
        assert any(row.strip().startswith("! @ #") and "Columns 11–13" in row for row in rows)


async def test_a_column_picked_twice_never_breaks_a_joined_run(board):
    # Column 1 ends 8♣ 7♠ 6♥ 5♥; only 5♥ can move (onto 6♦), which would leave 6♥.
    g = board([([], ["8C", "7S", "6H", "5H"]), ([], ["6D"])] + kings(8), filler=3)
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "1")
        assert app.game.actions == 0
        await pilot.press("1", "2")  # the player names the place: it moves
        assert app.game.moves_played() == ["1>2"]
