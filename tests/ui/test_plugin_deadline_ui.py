"""A plugin's rule that never returns does not freeze the table (issue 29, item 5): the action
is saved, the player is told which plugin failed, and quitting works."""

from __future__ import annotations

import json
import time

from plugin_helpers import liar, manager_with, variant_class, variant_plugin
from test_hostile_plugins_ui import notices, session_at
from uihelpers import SIZE

from spider_tui.config import Config
from spider_tui.engine import Game, deadline
from spider_tui.ui import SpiderApp


async def test_a_won_that_sleeps_is_stopped_and_q_quits_with_the_deal_saved(tmp_path,
                                                                          monkeypatch):
    monkeypatch.setattr(deadline, "PLUGIN_DEADLINE", 0.3)

    def won(self, table):
        if table.stock_left < 50:
            time.sleep(3600)
        return False

    mgr = manager_with(variant_plugin(liar(variant_class(won=won))))
    session = session_at(tmp_path, mgr)
    game, _ = session.start(game=Game.new("liar", 3, catalog=mgr.catalog))
    app = SpiderApp(Config(), game, manager=mgr, session=session)
    t0 = time.monotonic()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        assert app.game.state.stock_left == 40
        assert "won() did not answer within 0.3 s" in notices(app)
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running
    assert time.monotonic() - t0 < 10
    # Saved before the plugin was asked (its variant is switched off here, so read the file).
    saved = json.loads((tmp_path / "save.json").read_text(encoding="utf-8"))
    assert saved["game"]["moves"] == ["d"]
