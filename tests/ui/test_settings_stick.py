"""Settings stick however they are changed (issue 33 item 3): a theme chosen with the key or the
palette and the palette's toggles are written to ``config.toml`` at once, the player's other keys
kept, and the next start has them; a settings file that cannot be written is said, once."""

from __future__ import annotations

import argparse

import pytest
from textual.command import CommandPalette
from uihelpers import SIZE, search_palette, settle

from spider_tui.cli.play import build_app
from spider_tui.config import load_config
from spider_tui.tomlfile import load as load_toml


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    return tmp_path


def start():
    """The app as ``spider-tui --variant spider-1suit --deal 3`` starts it."""
    return build_app(argparse.Namespace(variant="spider-1suit", deal=3, house_rules=[]))


async def from_palette(pilot, title: str) -> None:
    """Open the command palette, look for ``title`` and run the first command found."""
    await pilot.press("ctrl+p")
    await settle(pilot)
    assert isinstance(pilot.app.screen, CommandPalette)
    await search_palette(pilot, title)
    await pilot.press("enter")
    await settle(pilot)


async def test_a_theme_chosen_with_the_key_is_there_at_the_next_start(home):
    app = start()
    async with app.run_test(size=SIZE) as pilot:
        first = app.theme
        await pilot.press("t")
        chosen = app.theme
        assert chosen != first
        await pilot.press("q")
    assert load_config()[0].theme == chosen
    app = start()
    async with app.run_test(size=SIZE) as pilot:
        assert app.theme == chosen and app.config.theme == chosen
        await pilot.press("q")


async def test_a_theme_and_the_toggles_chosen_from_the_palette_are_there_at_the_next_start(home):
    app = start()
    async with app.run_test(size=SIZE) as pilot:
        assert app.config.one_tap and app.config.four_colour
        await from_palette(pilot, "Theme: High")
        chosen = app.theme
        assert chosen == "high-contrast"
        await from_palette(pilot, "One-tap moves: turn off")
        await from_palette(pilot, "Four-colour suits: turn off")
        assert not app.config.one_tap and not app.config.four_colour
    app = start()
    async with app.run_test(size=SIZE) as pilot:
        assert app.theme == chosen
        assert not app.config.one_tap and not app.config.four_colour
        await from_palette(pilot, "One-tap moves: turn on")
    config, notices = load_config()
    assert notices == [] and config.one_tap and not config.four_colour


async def test_a_hand_written_settings_file_keeps_its_other_keys(home):
    (home / "config.toml").write_text(
        '# mine\nvariant = "a-variant-i-will-install-again"\nhint_budget_ms = 500\n'
        'favourite = "kept"\n[keymap]\nundo = "x,u"\n', encoding="utf-8")
    app = start()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        chosen = app.theme
        await pilot.press("q")
    table = load_toml(home / "config.toml")
    assert table == {"format": "spider-config/1", "variant": "a-variant-i-will-install-again",
                     "hint_budget_ms": 500, "favourite": "kept", "keymap": {"undo": "x,u"},
                     "theme": chosen}


async def test_a_settings_file_that_cannot_be_written_is_said_once_never_raised(home):
    (home / "config.toml").mkdir()  # a folder where the file should be
    app = start()
    async with app.run_test(size=SIZE) as pilot:
        said = []
        app.notify = lambda message, **kw: said.append(message)
        await pilot.press("t", "t")
        await settle(pilot)
        assert len(said) == 1 and "config.toml" in said[0] and "not" in said[0]
        assert app.screen is app.game_screen
