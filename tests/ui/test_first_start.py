"""A first start (no settings, no saved game) asks once how many suits (issue 33 item 5): the
answer plays at once, is written to the settings, and the question never comes again."""

from __future__ import annotations

import argparse

import pytest
from uihelpers import SIZE, comes_up, settle

from spider_tui.cli.play import build_app
from spider_tui.config import load_config
from spider_tui.ui.screens.welcome import SuitsScreen


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    return tmp_path


def start(**asked):
    """The app as ``spider-tui`` starts it (with ``asked``: its command-line options)."""
    args = {"variant": None, "deal": None, "house_rules": [], **asked}
    return build_app(argparse.Namespace(**args))


@pytest.mark.parametrize("key, variant", [("1", "spider-1suit"), ("2", "spider-2suit"),
                                          ("4", "spider-4suit")])
async def test_a_first_start_asks_how_many_suits_once(home, key, variant):
    app = start()
    async with app.run_test(size=SIZE) as pilot:
        await comes_up(pilot, SuitsScreen)
        assert isinstance(app.screen, SuitsScreen)
        assert "suits" in app.screen.body
        await pilot.press(key)
        await settle(pilot)
        assert app.screen is app.game_screen
        assert app.game.variant == variant and app.game.actions == 0
        await pilot.press("q")
    config, notices = load_config()
    assert config.variant == variant and notices == []
    app = start()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen is app.game_screen  # never asked again
        assert app.game.variant == variant
        await pilot.press("n")  # a new deal is of the variant chosen too
        await settle(pilot)
        assert app.game.variant == variant


async def test_escape_keeps_the_game_dealt_and_is_remembered_too(home):
    app = start()
    async with app.run_test(size=SIZE) as pilot:
        await comes_up(pilot, SuitsScreen)  # the question is asked
        dealt = app.game
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is app.game_screen and app.game is dealt
    assert load_config()[0].variant == dealt.variant
    app = start()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen is app.game_screen


async def test_no_question_with_a_settings_file_or_a_game_asked_for(home):
    app = start(variant="spider-2suit", deal=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen is app.game_screen and app.game.variant == "spider-2suit"
    (home / "config.toml").write_text('theme = "spider-light"\n', encoding="utf-8")
    (home / "save.json").unlink()
    app = start()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen is app.game_screen
