"""Issue 24's additions: restart, undo all and redo all, pause, the cards of one rank."""

from __future__ import annotations

import pytest
from test_app_session import fake_clock
from uihelpers import SIZE, card_offset, column, help_rows, kings, make_app, screen_text

from spider_tui.engine import Game
from spider_tui.engine.cards import RANK, parse_card
from spider_tui.ui.screens.pause import PauseScreen
from spider_tui.ui.screens.won import WonScreen


def three_moves_table(board):
    """7♥ onto 8♠, then 6♣ onto 7♥, then 5♥ onto 6♣: three moves in a row."""
    return board([([], ["7H"]), ([], ["8S"]), ([], ["6C"]), ([], ["5H"])] + kings(6), filler=5)


async def play_three(pilot):
    await pilot.press("1", "2", "3", "2", "4", "2")


async def test_restart_goes_back_to_the_deal_as_one_action_and_undo_takes_it_back(board):
    app = make_app(three_moves_table(board))
    async with app.run_test(size=SIZE) as pilot:
        start = app.game.to_position()
        await play_three(pilot)
        played = app.game.to_position()
        assert app.game.actions == 3
        await pilot.press("ctrl+r")
        assert app.game.to_position() == start
        assert app.game.actions == 4 and app.game.undos == 1  # one action, one undo
        assert "Restarted" in app.game_screen.last_message
        await pilot.press("u")  # takes the restart back, as one action
        assert app.game.to_position() == played
        assert app.game.moves_played() == ["1>2", "3>2", "4>2"] and app.game.actions == 5
        await pilot.press("u")  # an ordinary undo again
        assert app.game.moves_played() == ["1>2", "3>2"]


async def test_undoing_a_restart_keeps_the_moves_undone_before_it_to_be_redone():
    # Issue 33 item 2: a deal undone before the restart came back with the restart's undo.
    app = make_app(Game.new("spider-1suit", 3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("6", "1", "d", "u")
        before = (app.game.to_position(), app.game.moves_played(), app.game.redo_stack[:])
        assert "Stock 5" in screen_text(app)
        await pilot.press("ctrl+r", "u")
        assert "as it was" in app.game_screen.last_message
        assert (app.game.to_position(), app.game.moves_played(), app.game.redo_stack) == before
        assert "Stock 5" in screen_text(app)
        await pilot.press("r")  # the deal undone before the restart is redone
        assert app.game.moves_played() == ["6>1", "d"]
        assert "nothing to redo" not in app.game_screen.last_message.lower()


async def test_restart_is_the_same_game_not_a_new_one(board):
    app = make_app(three_moves_table(board))
    async with app.run_test(size=SIZE) as pilot:
        game = app.game
        await play_three(pilot)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.game is game and app.screen is app.game_screen  # no question, no new deal


async def test_after_a_restart_a_new_move_makes_undo_ordinary_again(board):
    app = make_app(three_moves_table(board))
    async with app.run_test(size=SIZE) as pilot:
        await play_three(pilot)
        await pilot.press("ctrl+r", "1", "2", "u")
        assert app.game.moves_played() == []


async def test_undo_all_and_redo_all(board):
    app = make_app(three_moves_table(board))
    async with app.run_test(size=SIZE) as pilot:
        start = app.game.to_position()
        await play_three(pilot)
        played = app.game.to_position()
        await pilot.press("home")
        assert app.game.to_position() == start and app.game.undos == 3
        assert "3 moves undone" in app.game_screen.last_message
        await pilot.press("end")
        assert app.game.to_position() == played and app.game.redos == 3
        await pilot.press("end")
        assert "nothing to redo" in app.game_screen.last_message.lower()


async def test_restart_undo_all_and_pause_are_in_the_palette_and_the_help(board):
    app = make_app(three_moves_table(board))
    async with app.run_test(size=SIZE) as pilot:
        names = [c.title for c in app.get_system_commands(app.screen)]
        for wanted in ("Restart this deal", "Undo all", "Redo all", "Pause", "Same rank"):
            assert wanted in names
        await pilot.press("question_mark")
        await pilot.pause()
        text = " ".join(" ".join(await help_rows(app, pilot)).split())
        for wanted in ("Restart this deal", "Undo all", "Redo all", "Pause", "rank at the cursor", "as one action",
                       "right button"):
            assert wanted in text, wanted
        assert "^r" in text and "home" in text and "end" in text


async def test_the_new_keys_can_be_remapped(board):
    app = make_app(three_moves_table(board), keymap={"restart": "x", "pause": "w"})
    async with app.run_test(size=SIZE) as pilot:
        start = app.game.to_position()
        await play_three(pilot)
        await pilot.press("x")
        assert app.game.to_position() == start
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, PauseScreen)


async def test_pause_hides_the_board_and_stops_the_clock_until_any_key(board, monkeypatch):
    advance = fake_clock(monkeypatch)
    app = make_app(three_moves_table(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "2")
        advance(10)
        app._tick()
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PauseScreen)
        text = screen_text(app)
        assert "Paused" in text and "7♥" not in text and "8♠" not in text  # no card shows
        advance(100)
        app._tick()
        assert round(app.game.elapsed) == 10
        await pilot.press("u")  # any key goes on, and does nothing else
        await pilot.pause()
        assert app.screen is app.game_screen and app.game.moves_played() == ["1>2"]
        advance(3)
        app._tick()
        assert round(app.game.elapsed) == 13


async def test_a_click_ends_the_pause(board):
    app = make_app(three_moves_table(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        await pilot.click(offset=(3, 3))
        await pilot.pause()
        assert app.screen is app.game_screen and app.game.actions == 0


def ranks_table(board):
    """Three 7s face up (two exposed, one covered), a face-down 7 under column 4."""
    return board([([], ["7H"]), ([], ["8S", "7S"]), ([], ["7C", "6D"]), (["7D"], ["9S"])]
                 + kings(6), filler=5)


def lit(app) -> set[tuple[int, int]]:
    """(column, card index) of every card drawn lit as of the same rank."""
    out = set()
    for n in range(1, 11):
        col = column(app, n)
        style = col.palette.style("card--same-rank")
        for y, strip in enumerate(col._strips or []):
            kind, index = col.hit(2, y)
            if kind == "card" and any(seg.style and seg.style.bgcolor == style.bgcolor
                                      and seg.style.underline for seg in strip):
                out.add((n, index))
    return out


async def test_a_right_click_lights_every_face_up_card_of_the_rank_until_released(board):
    app = make_app(ranks_table(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.mouse_down("#col-1", offset=card_offset(app, 1), button=3)
        await pilot.pause()
        assert app.game_screen.same_rank == RANK[parse_card("7H")]
        assert lit(app) == {(1, 0), (2, 1), (3, 0)}  # not the face-down 7♦
        assert app.game.actions == 0 and app.game_screen.selector.selection is None
        await pilot.mouse_up("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert app.game_screen.same_rank is None and lit(app) == set()


async def test_a_right_click_on_felt_or_a_face_down_card_lights_nothing(board):
    app = make_app(ranks_table(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.mouse_down("#col-1", offset=(2, 12), button=3)
        await pilot.pause()
        assert app.game_screen.same_rank is None
        await pilot.mouse_down("#col-5", offset=(2, 1), button=3)
        await pilot.pause()
        assert app.game_screen.same_rank is None


async def test_the_same_rank_key_lights_the_cursor_card_and_any_key_puts_it_out(board):
    app = make_app(ranks_table(board))
    async with app.run_test(size=SIZE) as pilot:
        # The first arrow shows the cursor on column 1; on to 7♣, covered, in column 3.
        await pilot.press("right", "right", "right", "up", "e")
        await pilot.pause()
        assert lit(app) == {(1, 0), (2, 1), (3, 0)}
        await pilot.press("e")  # the same key again: off, and nothing else
        assert lit(app) == set() and app.game.actions == 0
        await pilot.press("e", "right")  # any other key: off, and it does its own job
        assert lit(app) == set() and column(app, 4).view.cursor is not None


def long_column_table(board):
    """Column 1: four face-down cards under K♠ down to 4♠; the rest Kings and Queens."""
    spades = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S"]
    return board([(["2C", "3C", "4C", "5C"], spades)] + kings(7)[1:]
                 + [([], ["QH"]), ([], ["QD"]), ([], ["QC"])], filler=10)


async def test_a_200x60_board_gives_covered_cards_more_rows(board):
    app = make_app(long_column_table(board))
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        col = column(app, 1)
        rows = [col.hit(6, y) for y in range(col.size.height)]
        cards = [y for y, (kind, _) in enumerate(rows) if kind in ("card", "face")]
        assert cards[-1] + col.region.y >= 45  # the column reaches down the screen
        assert sum(1 for kind, i in rows if kind == "back" and i == 0) == 2
        assert sum(1 for kind, i in rows if kind == "card" and i == 4) == 3  # K♠: 3 rows
        text = screen_text(app).splitlines()
        assert "K♠" in text[col.region.y + cards[0]]
        # A click on a covered card's lower row is a click on that card: 9♠ and the cards
        # on it go nowhere (no 10 takes them), the player is told so.
        nine = [y for y, (kind, i) in enumerate(rows) if kind == "card" and i == 8]
        await pilot.click("#col-1", offset=(6, nine[-1]))
        await pilot.pause()
        assert "9♠" in app.game_screen.last_message and app.game.actions == 0
        await pilot.press("right", "down", "down")  # the cursor starts on the run's King
        assert col.view.cursor == 6


async def test_a_200x60_board_at_the_start_is_taller_than_before():
    app = make_app(Game.new("spider-4suit", 2024))
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        col = column(app, 1)
        used = [y for y in range(col.size.height) if col.hit(6, y)[0] != "felt"]
        assert len(used) >= 1 + 5 * 2 + 7  # number, five face-down cards, the exposed one


async def test_the_dragged_image_shows_every_card_of_the_run(board):
    run = ["9S", "8S", "7S", "6S", "5S"]
    app = make_app(board([([], run), ([], ["TH"])] + kings(8), filler=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.mouse_down("#col-1", offset=card_offset(app, 1, 0))
        await pilot.hover("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        ghost = app.game_screen.ghost
        assert ghost.display
        region = ghost.region
        rows = screen_text(app).splitlines()[region.y:region.bottom]
        assert [r[region.x:region.right].strip() for r in rows] == [
            "9♠", "8♠", "7♠", "6♠", "5♠"]
        await pilot.mouse_up("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert app.game.moves_played() == ["1>2"] and not ghost.display


def test_a_run_too_long_for_the_room_left_is_folded_in_the_middle():
    from spider_tui.ui.widgets.sprite import fold

    assert fold(5, 10) == [0, 1, 2, 3, 4]
    assert fold(13, 6) == [0, None, 9, 10, 11, 12]
    assert fold(13, 2) == [11, 12]


async def test_the_settings_open_again_as_new_without_the_changes_not_saved():
    from textual.widgets import Checkbox, RadioSet, Select

    from spider_tui.ui.screens.settings import SettingsScreen

    app = make_app(Game.new("spider-2suit", 1), variant="spider-2suit", animation="fast")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        first = app.screen
        assert isinstance(first, SettingsScreen)
        first.query_one("#variant", Select).value = "spider-1suit"
        await pilot.click("#confirm-new-game")
        await pilot.click("#show-play")
        await pilot.click("#one-tap")
        await pilot.click("#animation-off")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.game_screen
        await pilot.press("o")
        await pilot.pause()
        again = app.screen
        assert again is first  # kept, not built again
        assert again.query_one("#variant", Select).value == "spider-2suit"
        assert again.query_one("#confirm-new-game", Checkbox).value
        assert again.query_one("#tab-game").display and not again.query_one("#tab-play").display
        await pilot.click("#show-play")
        assert again.query_one("#one-tap", Checkbox).value
        assert again.query_one("#animation", RadioSet).pressed_button.id == "animation-fast"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.config.variant == "spider-2suit" and app.config.animation == "fast"


async def test_the_game_menu_opens_again_as_new():
    from textual.widgets import Checkbox, Input, OptionList, RadioSet

    from spider_tui.ui.screens.variants import VariantScreen

    app = make_app(Game.new("spider-2suit", 1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, VariantScreen)
        await pilot.press("down")  # another variant
        await pilot.pause()
        assert menu.variant_id != "spider-2suit"
        menu.query_one("#deal-input", Input).value = "42"
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        assert app.screen is menu
        olist = menu.query_one("#variant-list", OptionList)
        assert menu.variant_id == "spider-2suit"
        assert olist.get_option_at_index(olist.highlighted).id == "spider-2suit"
        assert menu.query_one("#deal-input", Input).value == ""
        assert menu.query_one("#deal-kind", RadioSet).pressed_button.id == "deal-random"
        assert not any(b.value for b in menu.query("#house-rules Checkbox")
                       if isinstance(b, Checkbox))
        await pilot.press("down")
        await pilot.click("#start")
        await pilot.pause()
        assert app.game.rules.id != "spider-2suit"


def nearly_won(board, down=("2S",), up=("3S",)):
    """Seven runs done; K♠…4♠ in column 2, A♠ in column 3, and column 1 as given."""
    run = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S"]
    return board([(list(down), list(up)), ([], run), ([], ["AS"])] + [([], [])] * 7,
                 variant="spider-1suit", completed=["S"] * 7)


@pytest.fixture
def quick_steps(monkeypatch):
    from spider_tui.ui.screens.game import autoplay

    monkeypatch.setattr(autoplay, "FINISH_STEP_SECONDS", 0.02)


async def until(pilot, done, seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if done():
            return
        await pilot.pause(0.05)
    raise AssertionError("it did not happen in time")


async def test_finish_for_me_is_offered_once_every_card_is_face_up(board):
    app = make_app(nearly_won(board))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.game_screen
        assert "finish" not in screen.drawing.info.lower()
        await pilot.press("1", "2")  # 3♠ onto 4♠ turns 2♠ over: nothing is hidden now
        assert app.game.state.down[0] == 0
        assert "Every card is face up: a finishes the game for you" in screen.last_message
        assert "a: finish for me" in screen.drawing.info


async def test_finish_for_me_plays_the_solver_s_line_to_the_win(board, quick_steps):
    app = make_app(nearly_won(board, down=(), up=("3S", "2S")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await until(pilot, lambda: app.game.status == "won")
        assert app.game.moves_played() == ["1>2", "3>2"]
        await until(pilot, lambda: isinstance(app.screen, WonScreen))


async def test_finish_for_me_is_in_the_palette_and_the_help(board):
    app = make_app(nearly_won(board))
    async with app.run_test(size=SIZE) as pilot:
        assert "Finish for me" in [c.title for c in app.get_system_commands(app.screen)]
        await pilot.press("question_mark")
        await pilot.pause()
        text = " ".join(" ".join(await help_rows(app, pilot)).split())
        assert "Finish for me" in text


async def test_any_key_stops_finish_for_me(board, monkeypatch):
    from spider_tui.ui.screens.game import autoplay

    monkeypatch.setattr(autoplay, "FINISH_STEP_SECONDS", 5.0)  # no move comes by itself
    app = make_app(nearly_won(board, down=(), up=("3S", "2S")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await until(pilot, lambda: app.game_screen.autoplay.demo_timer is not None)
        await pilot.press("x")
        assert app.game_screen.autoplay.demo_timer is None and app.game.actions == 0
        assert "Finish for me stopped" in app.game_screen.last_message


@pytest.mark.parametrize("status, said", [
    ("unwinnable", "There is no way to win from here"),
    ("unknown", "The solver found no win in 8 s"),
])
async def test_finish_for_me_says_plainly_when_the_solver_finds_no_win(board, monkeypatch,
                                                                       status, said):
    from spider_tui.ai import solver

    monkeypatch.setattr(solver, "solve",
                        lambda game, limit: solver.Solution(status, [], 0, float(limit)))
    app = make_app(nearly_won(board, down=(), up=("3S", "2S")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await until(pilot, lambda: said in app.game_screen.last_message)
        assert app.game.actions == 0


async def test_finish_for_me_with_cards_face_down_says_when_it_can(board):
    app = make_app(nearly_won(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        assert "once every card is face up" in app.game_screen.last_message
        assert app.game.actions == 0
