"""The game screen's parts talk to it through messages: the pointer says what the player did
with the mouse (a click, a drag begun, cards let go), the demo posts each move it plays; the
screen decides and plays. A move that arrives once its demo has stopped is not played."""

from __future__ import annotations

from test_play_mouse import tap_table
from uihelpers import SIZE, card_offset, make_app

from spider_tui.engine import Game
from spider_tui.ui.hits import CardHit
from spider_tui.ui.screens.game.autoplay import AutoMove
from spider_tui.ui.screens.game.pointer import Clicked, DragStarted, Dropped


def record(monkeypatch, screen) -> list:
    """The messages posted to ``screen`` from now on (still delivered)."""
    posted: list = []
    post = screen.post_message

    def spy(message):
        posted.append(message)
        return post(message)

    monkeypatch.setattr(screen, "post_message", spy)
    return posted


async def test_a_click_reaches_the_screen_as_clicked(board, monkeypatch):
    app = make_app(tap_table(board), one_tap=False)
    async with app.run_test(size=SIZE) as pilot:
        posted = record(monkeypatch, app.game_screen)
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        clicks = [m for m in posted if isinstance(m, Clicked)]
        assert [m.hit for m in clicks] == [CardHit(0, "card", 0)]
        assert app.game_screen.selector.selection.src == 0  # picked up: no one-tap


async def test_a_drag_reaches_the_screen_as_drag_started_then_dropped(board, monkeypatch):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        posted = record(monkeypatch, app.game_screen)
        await pilot.mouse_down("#col-1", offset=card_offset(app, 1))
        await pilot.hover("#col-2", offset=card_offset(app, 2))
        await pilot.mouse_up("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        kinds = [type(m) for m in posted if isinstance(m, (Clicked, DragStarted, Dropped))]
        assert kinds == [DragStarted, Dropped]
        drop = next(m for m in posted if isinstance(m, Dropped))
        assert (drop.src, drop.count, drop.dst) == (0, 1, 1)
        assert app.game.moves_played() == ["1>2"]


async def test_the_demo_posts_one_move_at_a_time_and_a_late_one_is_not_played():
    app = make_app(Game.new("spider-1suit", 3))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.game_screen
        game = app.game
        move = next(m for m in game.legal_moves() if not m.is_deal)
        asked = []

        class Player:
            def next_move(self, game):
                asked.append(game.actions)
                return move

        autoplay = screen.autoplay
        autoplay.play(Player(), "Demo", "Demo", 60.0)  # no step comes by itself
        autoplay.step()
        autoplay.step()  # the move posted is not played yet: this step waits
        assert asked == [0] and game.actions == 0
        await pilot.pause()
        assert game.actions == 1
        # A move still on its way when the demo stops is dropped, not played.
        stale = autoplay.demo_player
        autoplay.stop()
        screen.post_message(AutoMove(stale, move))
        await pilot.pause()
        assert game.actions == 1 and screen.last_message == "Demo stopped"


async def test_a_tick_on_its_way_when_the_demo_stopped_asks_nothing_and_says_nothing():
    app = make_app(Game.new("spider-1suit", 3))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.game_screen
        asked = []

        class Player:
            def next_move(self, game):
                asked.append(game.actions)

        autoplay = screen.autoplay
        autoplay.play(Player(), "Demo", "Demo", 60.0)  # no step comes by itself
        autoplay.stop()
        autoplay.step()  # the timer's tick, already on its way when the demo stopped
        await pilot.pause()
        # Before, it asked nobody and said "nothing useful is left" over the demo's last
        # word (the failure a raising bot had just reported, say).
        assert asked == [] and screen.last_message == "Demo stopped"
