"""The biggest table a variant file may ask for is drawn and played without a crash, at the
smallest and at a big terminal (issue 29, item 7: foundation 1001 once took the waste's id)."""

from __future__ import annotations

import pytest
from biggest_table import BIGGEST
from plugin_helpers import Plugin, manager_with

from spider_tui.config import Config
from spider_tui.engine import Game, RuleSet
from spider_tui.ui import SpiderApp
from spider_tui.ui.screens.game import GameScreen


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_the_biggest_table_draws_and_plays(size):
    rules = RuleSet.from_dict(BIGGEST, source="biggest.toml")
    mgr = manager_with(Plugin("big", register_variants=lambda register: register(rules)))
    game = Game.new("biggest", 7, catalog=mgr.catalog)
    app = SpiderApp(Config(), game, manager=mgr)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in ("d", "1", "2", "w", "f", "c", "H", "u", "d", "escape"):
            await pilot.press(key)
        await pilot.click(offset=(size[0] // 2, size[1] // 2))
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, GameScreen)
