"""The app with a Session: every action is saved, a new deal mid-game counts the old one as
given up, a win is counted, and quitting keeps the game to resume."""

from __future__ import annotations

from uihelpers import SIZE, comes_up

from spider_tui.config import Config
from spider_tui.engine import Game
from spider_tui.plugins.manager import get_manager
from spider_tui.store import SaveStore, StatsStore
from spider_tui.ui import SpiderApp
from spider_tui.ui.session import Session


def session_at(tmp_path) -> Session:
    return Session(Config(), manager=get_manager(), saves=SaveStore(tmp_path / "save.json"),
                   stats=StatsStore(tmp_path / "stats.json"), config_path=tmp_path / "c.toml")


async def test_actions_are_saved_and_the_game_resumes(tmp_path):
    session = session_at(tmp_path)
    game, _ = session.start(game=Game.new("spider-2suit", 7))
    app = SpiderApp(Config(), game, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("9", "7")
        assert app.game.moves_played() == ["9>7"]
        await pilot.press("q")
    again = session_at(tmp_path)
    resumed, _ = again.start()
    assert resumed.deal == 7 and resumed.moves_played() == ["9>7"]
    # Start the app again on the resumed game: undo still reaches the deal as it was dealt.
    app = SpiderApp(Config(), resumed, session=again)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        assert app.game.moves_played() == []
        assert app.game.to_position() == Game.new("spider-2suit", 7).to_position()


async def test_a_new_deal_mid_game_counts_as_given_up(tmp_path):
    session = session_at(tmp_path)
    game, _ = session.start(game=Game.new("spider-2suit", 7))
    app = SpiderApp(Config(), game, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("9", "7", "n", "y")
        assert app.game.actions == 0 and app.game is not game
    row = session.stats.load().get("spider-2suit")
    assert row.played == 1 and row.won == 0


async def test_a_game_asked_for_over_a_saved_game_in_progress_asks_first(tmp_path):
    from spider_tui.ui.screens.confirm import KeepSavedScreen

    session = session_at(tmp_path)
    game, _ = session.start(game=Game.new("spider-2suit", 7))
    game.play("9>7")
    session.after_action(game)
    # As `spider-tui --variant spider-1suit --deal 3` does.
    for answer in ("r", "n"):
        again = session_at(tmp_path)
        kept, notices = again.start(game=Game.new("spider-1suit", 3))
        assert kept.moves_played() == ["9>7"] and notices == []
        app = SpiderApp(Config(), kept, session=again)
        async with app.run_test(size=SIZE) as pilot:
            await comes_up(pilot, KeepSavedScreen)
            assert isinstance(app.screen, KeepSavedScreen)
            assert "Resume the saved game" in str(app.screen.query_one("#answer-resume").label)
            await pilot.press(answer)
            await pilot.pause()
            if answer == "r":
                assert app.game is kept and app.game.moves_played() == ["9>7"]
                assert again.stats.load().rows() == []
            else:
                game = app.game
                assert (game.variant, game.deal, game.actions) == ("spider-1suit", 3, 0)
                assert again.stats.load().get("spider-2suit").played == 1
            await pilot.press("q")


def fake_clock(monkeypatch):
    """The app's clock, moved by hand: ``advance(seconds)``."""
    from spider_tui.ui import app as app_module

    now = [1000.0]
    monkeypatch.setattr(app_module, "monotonic", lambda: now[0], raising=False)

    def advance(seconds: float) -> None:
        now[0] += seconds
    return advance


async def test_the_clock_stops_under_any_screen_and_out_of_focus(tmp_path, monkeypatch):
    from textual import events

    advance = fake_clock(monkeypatch)
    session = session_at(tmp_path)
    game, _ = session.start(game=Game.new("spider-2suit", 7))
    app = SpiderApp(Config(), game, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("9", "7")
        advance(10)
        app._tick()
        assert round(app.game.elapsed) == 10
        for key in ("question_mark", "o", "s", "g", "ctrl+p"):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is not app.game_screen, key
            advance(30)
            app._tick()
            assert round(app.game.elapsed) == 10, key
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is app.game_screen, key
        advance(5)
        app._tick()
        assert round(app.game.elapsed) == 15
        app.post_message(events.AppBlur())
        await pilot.pause()
        advance(60)
        app._tick()
        assert round(app.game.elapsed) == 15
        app.post_message(events.AppFocus())
        await pilot.pause()
        advance(2)
        app._tick()
        assert round(app.game.elapsed) == 17


async def test_a_resumed_game_s_clock_starts_with_the_first_action(tmp_path, monkeypatch):
    advance = fake_clock(monkeypatch)
    session = session_at(tmp_path)
    game, _ = session.start(game=Game.new("spider-2suit", 7))
    game.play("9>7")
    game.elapsed = 42.0
    session.after_action(game)
    again = session_at(tmp_path)
    resumed, _ = again.start()
    app = SpiderApp(Config(), resumed, session=again)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        advance(100)  # the player has not come back to the game yet
        app._tick()
        assert app.game.elapsed == 42.0
        await pilot.press("u")
        advance(3)
        app._tick()
        assert round(app.game.elapsed) == 45


async def test_the_time_played_is_saved_every_few_seconds_and_out_of_focus(tmp_path,
                                                                          monkeypatch):
    from textual import events

    advance = fake_clock(monkeypatch)
    session = session_at(tmp_path)
    game, _ = session.start(game=Game.new("spider-2suit", 7))
    app = SpiderApp(Config(), game, session=session)

    def saved() -> float:
        return SaveStore(tmp_path / "save.json").load().game.elapsed

    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("9", "7")
        for _ in range(60):  # a minute of play, and no action: as if killed after it
            advance(1)
            app._tick()
        assert saved() >= 55
        advance(2)
        app.post_message(events.AppBlur())
        await pilot.pause()
        assert round(saved()) == 62
