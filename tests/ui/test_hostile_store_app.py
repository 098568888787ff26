"""The app with a hand-edited save.json and stats.json (issue 23, item 4): it starts, the
statistics screen opens, and a won game is still counted."""

from __future__ import annotations

import shutil
from pathlib import Path

from uihelpers import SIZE, position_text

from spider_tui.config import Config
from spider_tui.engine import Game
from spider_tui.plugins.manager import get_manager
from spider_tui.store import SaveStore, StatsStore
from spider_tui.ui import SpiderApp
from spider_tui.ui.session import Session

HOSTILE = Path(__file__).resolve().parents[1] / "hostile" / "store"


async def test_the_app_starts_and_shows_statistics_after_hand_edited_files(tmp_path):
    shutil.copy(HOSTILE / "save-elapsed-1e400.json", tmp_path / "save.json")
    shutil.copy(HOSTILE / "stats-best-time-1e400.json", tmp_path / "stats.json")
    session = Session(Config(), manager=get_manager(), saves=SaveStore(tmp_path / "save.json"),
                      stats=StatsStore(tmp_path / "stats.json"))
    game, notices = session.start()
    assert not game.started and len(notices) == 1 and "moved to" in notices[0]
    app = SpiderApp(Config(), game, session=session, notices=notices)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        from spider_tui.ui.screens.stats import StatsScreen

        assert isinstance(app.screen, StatsScreen)
        note = str(app.screen.query_one("#stats-note").render())
        assert "moved to" in note
        await pilot.press("escape")
        one_move_left = [([], [r + "S" for r in "KQJT98765432"]), ([], ["AS"])] + [([], [])] * 8
        win = Game.from_position(position_text(one_move_left, variant="spider-1suit",
                                               completed=["S"] * 7))
        app.start_game(win)
        app.act("move", win.resolve("2>1"))
        await pilot.pause()
    assert session.stats.load().get("spider-1suit").won == 1
