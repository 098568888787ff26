"""Playing with the keyboard: cursor and Enter, column digits, undo and redo, deal, hint."""

from __future__ import annotations

from spider_tui.engine import Game
from uihelpers import SIZE, column, kings, make_app


def tap_table(board):
    return board([([], ["7H"]), ([], ["8S"]), ([], ["8H"])] + kings(7), filler=4)


async def test_cursor_enter_picks_up_and_drops(board):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right")  # the first arrow shows the cursor, on column 1
        assert column(app, 1).view.cursor == 0
        await pilot.press("enter")
        assert app.game_screen.selection is not None
        await pilot.press("l", "right", "enter")  # vi keys and arrows both move it
        assert app.game.moves_played() == ["1>3"]


async def test_escape_puts_picked_cards_back(board):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "space", "escape")
        assert app.game_screen.selection is None and app.game.actions == 0


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
        first = app.game_screen.hint_shown
        assert first is not None and app.game.is_legal(first.move)
        assert app.game_screen.last_message.startswith("Hint")
        src = column(app, first.move.src + 1).view
        assert src.hint_from >= 0
        assert column(app, first.move.dst + 1).view.hint_target
        if len(app.game_screen.hint.hints) > 1:
            await pilot.press("H")
            assert app.game_screen.hint_shown != first


async def test_no_useful_hint_says_so(board):
    # 7♥ may hop from 8♠ to 8♣ and back, which gains nothing; nothing else moves.
    g = board([([], ["8S", "7H"]), ([], ["8C"])] + kings(8), filler=3)
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("H")
        assert app.game_screen.hint_shown is None
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
    import spider_tui.ui.screens.game as game_screen

    monkeypatch.setattr(game_screen, "DEMO_STEP_SECONDS", 0.02)
    app = make_app(Game.new("spider-1suit", 19), hint_budget_ms=50)
    async with app.run_test(size=SIZE) as pilot:
        app.game_screen.start_demo()
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
