"""The app with a Session: every action is saved, a new deal mid-game counts the old one as
given up, a win is counted, and quitting keeps the game to resume."""

from __future__ import annotations

from spider_tui.config import Config
from spider_tui.engine import Game
from spider_tui.plugins.manager import get_manager
from spider_tui.store import SaveStore, StatsStore
from spider_tui.ui import SpiderApp
from spider_tui.ui.session import Session
from uihelpers import SIZE


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
