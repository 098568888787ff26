"""One table of actions (actions.py): the bindings, the keymap's ids, the palette, the key bar
and the help screen all come from it, so a key remapped in the settings shows everywhere."""

from __future__ import annotations

from uihelpers import SIZE, help_rows, key_bar, make_app, until

from spider_tui.actions import ACTIONS, typed_keys
from spider_tui.config import KEYMAP_IDS
from spider_tui.engine import Game
from spider_tui.ui.screens.game import GameScreen


def palette(app) -> dict[str, str]:
    return {c.title: c.help for c in app.get_system_commands(app.screen)}


def test_every_action_with_keys_is_a_binding_and_a_keymap_id():
    from spider_tui.ui.app import SpiderApp

    bound = {b.id for b in (*SpiderApp.BINDINGS, *GameScreen.BINDINGS)}
    assert bound == {a.id for a in ACTIONS if a.keys} == KEYMAP_IDS


def test_keys_are_shown_as_typed():
    assert typed_keys(["u", "z", "U", "Z"]) == "u or z"
    assert typed_keys(["H"]) == "H"
    assert typed_keys(["question_mark", "f1"]) == "? or f1"
    assert typed_keys(["ctrl+r"]) == "ctrl+r"


async def test_the_palette_shows_the_keys_as_typed_and_runs_the_board_s_actions():
    app = make_app(Game.new("spider-1suit", 3))
    async with app.run_test(size=SIZE) as pilot:
        texts = palette(app)
        assert texts["Undo"].endswith("(u or z)")
        assert texts["Restart this deal"].endswith("(ctrl+r)")
        assert texts["Help"].endswith("(? or f1)")
        start = app.game.to_position()
        await pilot.press("d")
        assert app.game.to_position() != start
        undo = next(c for c in app.get_system_commands(app.screen) if c.title == "Undo")
        await undo.callback()
        await pilot.pause()
        assert app.game.to_position() == start and app.game.undos == 1


async def test_a_remapped_key_shows_in_the_palette_the_key_bar_and_the_help():
    app = make_app(Game.new("spider-1suit", 3), keymap={"undo": "x,ctrl+z", "help": "f2"})
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: key_bar(app).strip())  # the keys are drawn
        assert palette(app)["Undo"].endswith("(x or ctrl+z)")
        assert palette(app)["Help"].endswith("(f2)")
        bar = key_bar(app)
        assert "x Undo" in bar and "f2 Help" in bar and "u Undo" not in bar
        await pilot.press("f2")
        await pilot.pause()
        rows = await help_rows(app, pilot)
        line = next(r for r in rows if "Undo (as often" in r)
        assert line.split()[:2] == ["x", "^z"]
