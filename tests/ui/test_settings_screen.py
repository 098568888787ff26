"""The settings screen, on a minimal host app: every setting can be changed with the mouse or the
keyboard, Save returns a Config with the changes, Cancel returns None, keys can be remapped, and
it all fits 80x24."""

from __future__ import annotations

import dataclasses

import pytest
from screenhost import SIZE, Host, inside_screen
from textual.widgets import Button, Checkbox, Input, OptionList, Select, Static

from spider_tui.config import Config
from spider_tui.engine.catalog import Catalog
from spider_tui.plugins.manager import get_manager
from spider_tui.ui.screens.settings import SettingsScreen, keys_problem, rebindable

THEMES = [("textual-dark", "Dark"), ("textual-light", "Light")]


def host(config: Config | None = None, **kw) -> Host:
    kw.setdefault("themes", THEMES)
    return Host(lambda: SettingsScreen(config or Config(theme="textual-dark"), **kw))


async def choose(pilot, select_id: str, label: str) -> None:
    """Open a Select with a click and click the option called ``label``."""
    select = pilot.app.screen.query_one(f"#{select_id}", Select)
    await pilot.click(f"#{select_id}")
    await pilot.pause()
    overlay = select.query_one("SelectOverlay", OptionList)
    labels = [str(o.prompt) for o in overlay.options]
    i = labels.index(label)
    overlay.scroll_to(y=max(0, i - 1), animate=False)  # a long list (every variant) scrolls
    await pilot.pause()
    await pilot.click(overlay, offset=(2, i - round(overlay.scroll_offset.y)))
    await pilot.pause()


async def tab(pilot, name: str) -> None:
    await pilot.click(f"#show-{name}")
    await pilot.pause()


async def save(pilot) -> Config:
    await pilot.click("#save")
    await pilot.pause()
    assert pilot.app.dismissed
    return pilot.app.result


async def test_saving_unchanged_returns_the_same_settings():
    cfg = Config(variant="spider-2suit", house_rules=["open"], scoring="built",
                 theme="textual-light", one_tap=False, hint_budget_ms=300, animation="off",
                 keymap={"undo": "x", "elsewhere": "y"})
    app = host(cfg)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        result = await save(pilot)
    assert result == cfg and result is not cfg


@pytest.mark.parametrize("how", ["escape", "click"])
async def test_cancel_returns_none(how):
    app = host()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if how == "escape":
            await pilot.press("escape")
        else:
            await pilot.click("#cancel")
        await pilot.pause()
    assert app.dismissed and app.result is None


async def test_every_setting_changes_with_the_mouse():
    app = host()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await choose(pilot, "variant", "Spider (two suits)")
        await pilot.click("#hr-relaxed-deal")
        await choose(pilot, "scoring", "Solitaire City")
        await pilot.click("#confirm-new-game")
        await tab(pilot, "play")
        await choose(pilot, "theme", "Light")
        for box in ("#one-tap", "#four-colour", "#hint-peek", "#meter", "#animation-fast"):
            await pilot.click(box)
        await pilot.click("#hint-budget")
        await pilot.press("end", "backspace", "backspace", "backspace", "5", "0", "0")
        result = await save(pilot)
    assert result == Config(variant="spider-2suit", house_rules=["relaxed-deal"],
                            scoring="solitaire-city", theme="textual-light", one_tap=False,
                            four_colour=False, hint_peek=True, hint_budget_ms=500,
                            meter=False, confirm_new_game=False, animation="fast")


async def test_the_keyboard_reaches_the_settings_too():
    app = host(Config(variant="spider-2suit", theme="textual-dark"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.focused is app.screen.query_one("#variant")
        await pilot.press("enter", "down", "enter")  # the next variant in the list
        await pilot.press("tab", "space")  # the first house rule shown
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert app.dismissed
    listed = list(get_manager().catalog.variants)  # the order the list shows them in
    after = listed[listed.index("spider-2suit") + 1]
    assert app.result.variant == after and app.result.house_rules == ["relaxed-deal"]


async def test_house_rules_offered_follow_the_variant(catalog):
    # A variant that deals onto empty columns anyway: "relaxed-deal" changes nothing in it.
    relaxed = dataclasses.replace(catalog.variants["spider-1suit"], id="loose",
                                  name="Loose Spider", deal_needs_full=False)
    cat = Catalog()
    for rules in [catalog.variants["spider-1suit"], relaxed]:
        cat.add_variant(rules)
    for hr in catalog.house_rules.values():
        cat.add_house_rule(hr)
    for scheme in catalog.scoring.values():
        cat.add_scoring(scheme)
    app = host(Config(variant="spider-1suit", house_rules=["relaxed-deal"], theme="x"),
               catalog=cat)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#hr-relaxed-deal", Checkbox)
        assert box.display and box.value
        await choose(pilot, "variant", "Loose Spider")
        assert not box.display
        result = await save(pilot)
    assert (result.variant, result.house_rules) == ("loose", [])
    assert result.theme == "x"  # not installed, but the player did not pick another


async def test_a_bad_hint_budget_is_refused_until_fixed():
    app = host()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await tab(pilot, "play")
        budget = app.screen.query_one("#hint-budget", Input)
        budget.value = "5"
        await pilot.click("#save")
        await pilot.pause()
        assert not app.dismissed
        error = str(app.screen.query_one("#settings-error", Static).render())
        assert "not between 10 and 10000" in error
        budget.value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not app.dismissed
        budget.value = "2000"
        result = await save(pilot)
    assert result.hint_budget_ms == 2000


async def test_the_keys_of_the_app_and_of_the_screen_below_are_listed():
    app = host()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await tab(pilot, "keys")
        olist = app.screen.query_one("#key-list", OptionList)
        lines = {o.id: str(o.prompt) for o in olist.options}
    assert lines == {"quit": "Quit: q", "undo": "Undo: u z", "deal": "Deal: d"}


async def test_typing_new_keys_remaps_a_binding():
    app = host(Config(theme="textual-dark", keymap={"elsewhere": "y"}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await tab(pilot, "keys")
        olist = app.screen.query_one("#key-list", OptionList)
        ids = [o.id for o in olist.options]
        await pilot.click(olist, offset=(2, ids.index("undo")))
        await pilot.pause()
        field = app.screen.query_one("#key-input", Input)
        assert field.value == "u,z"
        await pilot.click(field)
        await pilot.press("end", *["backspace"] * 3, *"x,ctrl+z")
        await pilot.pause()
        assert str(olist.get_option("undo").prompt).startswith("Undo: x ^z")
        result = await save(pilot)
    assert result.keymap == {"elsewhere": "y", "undo": "x,ctrl+z"}


async def test_pressing_the_new_key_remaps_a_binding():
    app = host()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await tab(pilot, "keys")
        olist = app.screen.query_one("#key-list", OptionList)
        await pilot.click(olist, offset=(2, [o.id for o in olist.options].index("deal")))
        await pilot.click("#key-capture")
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert app.screen.query_one("#key-input", Input).value == "ctrl+e"
        await pilot.click("#key-capture")
        await pilot.press("escape")  # gives up waiting for a key, and stays on the screen
        await pilot.pause()
        assert not app.dismissed
        result = await save(pilot)
    assert result.keymap == {"deal": "ctrl+e"}


async def test_default_puts_the_keys_back_and_a_clash_is_pointed_out():
    app = host(Config(theme="textual-dark", keymap={"quit": "ctrl+q"}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await tab(pilot, "keys")
        assert app.screen.query_one("#key-input", Input).value == "ctrl+q"  # quit comes first
        await pilot.click("#key-default")
        await pilot.pause()
        field = app.screen.query_one("#key-input", Input)
        assert field.value == "q"
        field.value = "d"
        await pilot.pause()
        note = str(app.screen.query_one("#key-note", Static).render())
        assert "d is also Deal" in note
        field.value = "ctrl q"
        await pilot.pause()
        assert "join modifiers with +" in str(app.screen.query_one("#key-note").render())
        await pilot.click("#save")
        await pilot.pause()
        assert not app.dismissed  # the keys typed are not keys
        field.value = "q"
        await pilot.pause(0.3)  # a Button ignores a second click within its 0.2 s press effect
        result = await save(pilot)
    assert result.keymap == {}


@pytest.mark.parametrize("name", ["game", "play", "keys"])
async def test_every_control_fits_80x24(name):
    app = host()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await tab(pilot, name)
        shown = [w for w in app.screen.query(f"#tab-{name} *").results()
                 if isinstance(w, (Button, Checkbox, Input, Select, OptionList))
                 and w.display and w.id != "key-catcher"]
        assert shown
        for widget in [*shown, app.screen.query_one("#save"), app.screen.query_one("#cancel")]:
            assert inside_screen(app, widget), widget


def test_rebindable_takes_the_first_binding_of_each_id():
    from textual.binding import Binding

    found = rebindable([Binding("a", "x", "Ex", id="x"), ("b", "y", "Why"),
                        Binding("c", "x", "Again", id="x"), Binding("e, f", "z", "", id="zed")])
    assert [(r.id, r.description, r.default) for r in found] == [
        ("x", "Ex", "a"), ("zed", "Zed", "e,f")]


@pytest.mark.parametrize("text, ok", [("u", True), ("u,ctrl+z", True), (" u , z ", True),
                                      ("", False), ("u,", False), ("ctrl z", False)])
def test_keys_problem(text, ok):
    assert (keys_problem(text) is None) == ok

