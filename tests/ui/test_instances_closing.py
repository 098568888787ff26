"""Keys and actions that arrive while the app is closing are ignored (issue 23: ``q`` then ``s``
pressed quickly printed a ``NoMatches`` traceback on exit)."""

from __future__ import annotations

from textual import events
from uihelpers import SIZE

from spider_tui.config import Config
from spider_tui.engine import Game
from spider_tui.plugins.manager import get_manager
from spider_tui.store import SaveStore, StatsStore
from spider_tui.ui import SpiderApp
from spider_tui.ui.session import Session


def keys_at_once(app: SpiderApp, *keys: str) -> None:
    """Queue key presses back to back, as a fast typist does (``pilot.press`` waits for each
    to be handled before sending the next)."""
    for key in keys:
        app.post_message(events.Key(key, key))


async def test_q_then_s_at_once_quits_cleanly(tmp_path):
    session = Session(Config(), manager=get_manager(), saves=SaveStore(tmp_path / "save.json"),
                      stats=StatsStore(tmp_path / "stats.json"))
    game, _ = session.start(game=Game.new("spider-2suit", 7))
    app = SpiderApp(Config(), game, session=session)
    async with app.run_test(size=SIZE) as pilot:  # re-raises what went wrong in the app
        keys_at_once(app, "q", "s", "o", "question_mark", "9", "7")
        await pilot.pause()
    assert app.return_code == 0
    assert app.game.moves_played() == []  # the move keys after q did nothing either
    assert SaveStore(tmp_path / "save.json").load().game.moves_played() == []


async def test_an_action_run_while_closing_is_ignored(tmp_path):
    app = SpiderApp(Config(), Game.new("spider-2suit", 7))
    async with app.run_test(size=SIZE) as pilot:
        app.exit()
        assert await app.run_action("stats") is False
        assert await app.run_action("settings") is False
        await pilot.pause()
    assert app.return_code == 0
