"""Issue 23, item 6 on screen: a variant or house rule whose name looks like Rich markup opens in
the game menu and on the help screen as the text it is, and no control character reaches the
terminal from them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from uihelpers import SIZE

from spider_tui.config import Config
from spider_tui.engine import Game
from spider_tui.plugins.manager import load_plugins
from spider_tui.ui import SpiderApp
from spider_tui.ui.screens.help import HelpScreen
from spider_tui.ui.screens.variants import VariantScreen

HOSTILE = Path(__file__).resolve().parents[2] / "tests" / "hostile" / "files"
HOUSE = """\
format = "spider-house-rules/1"

[[house_rule]]
id = "markup-rule"
name = "[/] rule ["
description = "[bold]not bold[/bold]"
set = { deal_needs_full = false }
"""


@pytest.fixture
def manager(tmp_path, monkeypatch):
    (tmp_path / "variants").mkdir()
    shutil.copy(HOSTILE / "variants" / "markup-name.toml", tmp_path / "variants")
    (tmp_path / "variants" / "markup-rules.toml").write_text(HOUSE, encoding="utf-8")
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    mgr = load_plugins()
    assert mgr.problems == []
    return mgr


@pytest.fixture
def app(manager) -> SpiderApp:
    """The app playing the variant with a markup name, the markup house rule on."""
    game = Game.new("markup-name", 1, ["markup-rule"], catalog=manager.catalog)
    return SpiderApp(Config(), game, manager=manager)


def _rendered(widget) -> str:
    return str(widget.render())


async def test_the_game_menu_shows_markup_in_names_as_text(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, VariantScreen)
        listed = app.screen.query_one("#variant-list")
        ids = [listed.get_option_at_index(i).id for i in range(listed.option_count)]
        prompt = listed.get_option_at_index(ids.index("markup-name")).prompt
        assert str(prompt).split("  ")[0] == "[/bold] evil ["  # then its family and decks
        listed.highlighted = ids.index("markup-name")
        await pilot.pause()
        assert "[/bold] evil [: [bold red]not bold[/]" in _rendered(
            app.screen.query_one("#variant-desc"))
        assert "[/] rule [" in str(app.screen.query_one("#hr-markup-rule").label)


async def test_the_help_screen_shows_markup_in_names_as_text(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = _rendered(app.screen.query_one("#help-text"))
        assert "[/bold] evil [" in text and "[blink]Rules[/blink] are text too." in text
        assert "[/] rule [: [bold]not bold[/bold]" in text
