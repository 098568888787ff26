"""The game menu is quick: the filter has the focus, typing filters, the list's arrows move
while the filter keeps the focus, one Enter starts; the deal box comes next by Tab; games are
sorted by name with a plugin's among the others; each row says the game's family and decks;
house rules are offered only where they change something."""

from __future__ import annotations

from plugin_helpers import liar, manager_with, variant_class, variant_plugin
from textual.widgets import Input, OptionList
from uihelpers import SIZE, make_app

from spider_tui.config import Config
from spider_tui.engine import Game
from spider_tui.ui import SpiderApp
from spider_tui.ui.screens.game import GameScreen
from spider_tui.ui.screens.variants import VariantScreen, decks, difficulty, family


def shown(menu: VariantScreen) -> list[str]:
    olist = menu.query_one("#variant-list", OptionList)
    return [olist.get_option_at_index(i).id or "" for i in range(olist.option_count)]


def highlighted(menu: VariantScreen) -> str:
    olist = menu.query_one("#variant-list", OptionList)
    assert olist.highlighted is not None
    return olist.get_option_at_index(olist.highlighted).id or ""


async def open_menu(pilot) -> VariantScreen:
    await pilot.press("g")
    await pilot.pause()
    menu = pilot.app.screen
    assert isinstance(menu, VariantScreen)
    return menu


async def test_typing_filters_by_name_id_or_family_and_the_filter_has_the_focus():
    app = make_app(Game.new("spider-2suit", 1))
    async with app.run_test(size=SIZE) as pilot:
        menu = await open_menu(pilot)
        assert menu.focused is menu.query_one("#variant-filter", Input)
        assert highlighted(menu) == "spider-2suit"
        await pilot.press(*"YORK")
        await pilot.pause()
        assert shown(menu) == ["big-york", "york"]
        assert menu.variant_id in ("big-york", "york")
        await pilot.press(*["backspace"] * 4, *"free cells")
        await pilot.pause()
        cat = app.manager.catalog
        assert shown(menu) and all(family(cat.variants[v]) == "Free cells" for v in shown(menu))
        assert "spidercells" in shown(menu)
        await pilot.press(*["backspace"] * 10, *"russian-")  # an id
        await pilot.pause()
        assert shown(menu) == ["double-russian-spider", "russian-spider"]


async def test_arrows_move_the_list_and_one_enter_starts_that_game():
    app = make_app(Game.new("spider-2suit", 1))
    async with app.run_test(size=SIZE) as pilot:
        menu = await open_menu(pilot)
        await pilot.press(*"scorpion")
        await pilot.pause()
        ids = shown(menu)
        assert highlighted(menu) == ids[0]
        await pilot.press("down", "down")
        await pilot.pause()
        assert highlighted(menu) == ids[2] == menu.variant_id
        await pilot.press("up")
        await pilot.pause()
        assert menu.focused is menu.query_one("#variant-filter", Input)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.game.rules.id == ids[1]
        assert app.game.deal != 1 or app.game.rules.id != "spider-2suit"


async def test_tab_reaches_the_deal_box_which_takes_digits_and_enter_deals_that_number():
    app = make_app(Game.new("spider-2suit", 1))
    async with app.run_test(size=SIZE) as pilot:
        menu = await open_menu(pilot)
        await pilot.press(*"wasp ii")
        await pilot.pause()
        assert highlighted(menu) == "wasp-ii"
        await pilot.press("tab")
        await pilot.pause()
        assert menu.focused is menu.query_one("#deal-input", Input)
        await pilot.press("4", "2", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.game.rules.id == "wasp-ii" and app.game.deal == 42


async def test_plugin_games_are_sorted_among_the_others():
    rules = liar(variant_class(), vid="liar", base="spider-1suit", name="Kaleidoscope")
    mgr = manager_with(variant_plugin(rules))
    app = SpiderApp(Config(), Game.new("spider-2suit", 1, catalog=mgr.catalog), manager=mgr)
    async with app.run_test(size=SIZE) as pilot:
        menu = await open_menu(pilot)
        ids = shown(menu)
        names = [mgr.catalog.variants[v].name.casefold() for v in ids]
        assert names == sorted(names)
        assert ids.index("liar") + 1 == ids.index("kiev")  # Kaleidoscope, Kiev: not after York
        assert ids[-1] != "liar"


async def test_rows_say_family_decks_and_difficulty():
    app = make_app(Game.new("spider-2suit", 1))
    async with app.run_test(size=SIZE) as pilot:
        menu = await open_menu(pilot)
        olist = menu.query_one("#variant-list", OptionList)
        cat = app.manager.catalog
        row = str(olist.get_option("spider-1suit").prompt)
        assert "Spider (one suit)" in row and "Spider" in row.split("suit)")[1]
        # Two decks, and the difficulty of the shipped table (spider_tui/data/ratings.json).
        assert row.split()[-2:] == ["2", difficulty("spider-1suit")]
        assert difficulty("spider-1suit") in ("easy", "medium", "hard", "expert")
        assert decks(cat.variants["spider-4decks"]) == 4
        assert decks(cat.variants["spider-3x3"]) == 3 and decks(cat.variants["spiderette"]) == 1
        assert family(cat.variants["spidercells"]) == "Free cells"
        assert family(cat.variants["simple-simon"]) == "Open"
        assert family(cat.variants["scorpion"]) == "Scorpion"


async def test_relaxed_deal_is_not_offered_for_spidercells():
    app = make_app(Game.new("spider-2suit", 1))
    async with app.run_test(size=SIZE) as pilot:
        menu = await open_menu(pilot)
        assert menu.query("#hr-relaxed-deal")  # Spider has a stock
        await pilot.press(*"spidercells")
        await pilot.pause()
        assert menu.variant_id == "spidercells"
        assert not menu.query("#hr-relaxed-deal")
        assert menu.query("#hr-manual-removal")


async def test_a_filter_matching_nothing_says_so_and_enter_starts_nothing():
    app = make_app(Game.new("spider-2suit", 1))
    async with app.run_test(size=SIZE) as pilot:
        game = app.game
        menu = await open_menu(pilot)
        await pilot.press(*"zzzq")
        await pilot.pause()
        assert shown(menu) == []
        empty = menu.query_one("#variant-empty")
        assert empty.display and "No game matches" in str(empty.render())
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is menu and app.game is game
        assert "zzzq" in str(menu.query_one("#variant-error").render())
        await pilot.press("backspace", "backspace", "backspace", "backspace")
        await pilot.pause()
        assert len(shown(menu)) == len(app.manager.catalog.variants)
        assert not empty.display


async def test_escape_closes_the_menu_and_keeps_the_game():
    app = make_app(Game.new("spider-2suit", 1))
    async with app.run_test(size=SIZE) as pilot:
        game = app.game
        await open_menu(pilot)
        await pilot.press(*"york", "escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.game is game
        menu = await open_menu(pilot)  # opens again as new
        assert menu.query_one("#variant-filter", Input).value == ""
        assert highlighted(menu) == "spider-2suit"
        assert len(shown(menu)) == len(app.manager.catalog.variants)


async def test_a_click_on_a_row_picks_that_game_and_typing_goes_on_to_the_filter():
    app = make_app(Game.new("spider-2suit", 1))
    async with app.run_test(size=SIZE) as pilot:
        menu = await open_menu(pilot)
        await pilot.press(*"wasp")
        await pilot.pause()
        ids = shown(menu)
        assert ids == ["wasp", "wasp-ii"] and highlighted(menu) == "wasp"
        await pilot.click("#variant-list", offset=(2, 1))  # the second row
        await pilot.pause()
        assert menu.variant_id == ids[1] == highlighted(menu)
        assert menu.focused is menu.query_one("#variant-filter", Input)
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.game.rules.id == ids[1]


def _fake_table():
    from spider_tui.ai.rating import GameRating, Table

    def game(vid, bot, hrs=(), tiers=None):
        return GameRating(vid, hrs, 10, 10, 0, bot, 100.0, 100.0, 1.0,
                          tiers or {"easy": (), "medium": (), "hard": ()})

    return Table("1-10", 1000, 10, (
        game("spider-1suit", 9, tiers={"easy": (11, 12), "medium": (13,), "hard": ()}),
        game("spider-2suit", 5),
        game("spider-4suit", 0, tiers={"easy": (), "medium": (), "hard": (41,)}),
        game("spider-4suit", 2, ("open",), tiers={"easy": (42,), "medium": (), "hard": ()}),
        game("scorpion", 2),
    ))


async def test_the_menu_shows_difficulty_orders_by_it_and_filters_on_it(monkeypatch):
    from spider_tui.ui import hinting

    monkeypatch.setattr(hinting, "shipped", _fake_table)
    app = make_app(Game.new("spider-2suit", 1))
    async with app.run_test(size=SIZE) as pilot:
        menu = await open_menu(pilot)
        olist = menu.query_one("#variant-list", OptionList)
        row = str(olist.get_option_at_index(shown(menu).index("spider-1suit")).prompt)
        assert row.rstrip().endswith("easy")
        row = str(olist.get_option_at_index(shown(menu).index("york")).prompt)
        assert not row.rstrip().endswith(("easy", "medium", "hard", "expert"))  # not rated
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert shown(menu)[:4] == ["spider-1suit", "spider-2suit", "scorpion", "spider-4suit"]
        assert "easiest first" in str(menu.query_one("#variant-title").render())
        assert highlighted(menu) == "spider-2suit"  # still on the game it was on
        await pilot.press(*"expert")
        await pilot.pause()
        assert shown(menu) == ["spider-4suit"]
        await pilot.press(*["backspace"] * 6)
        await pilot.click("#variant-head")  # the heading orders by name again
        await pilot.pause()
        assert shown(menu) == sorted(shown(menu), key=lambda v: (
            app.manager.catalog.variants[v].name.casefold(), v))


async def test_the_menu_deals_an_easy_medium_or_hard_deal_of_the_rated_ones(monkeypatch):
    from spider_tui.ui import hinting
    from spider_tui.ui.widgets.toggles import Choice

    monkeypatch.setattr(hinting, "shipped", _fake_table)
    app = make_app(Game.new("spider-1suit", 1))
    async with app.run_test(size=SIZE) as pilot:
        menu = await open_menu(pilot)
        assert menu.query_one("#deal-easy", Choice).display
        assert "one of 2 rated" in str(menu.query_one("#deal-easy", Choice).label)
        assert menu.query_one("#deal-medium", Choice).display
        assert not menu.query_one("#deal-hard", Choice).display  # none of that tier
        menu.query_one("#deal-medium", Choice).value = True
        await pilot.pause()
        choice = menu.choice()
        assert (choice.variant, choice.deal, choice.kind) == ("spider-1suit", 13, "medium")
        menu.query_one("#deal-easy", Choice).value = True
        await pilot.pause()
        assert menu.choice().deal in (11, 12)
        # Another game: its own tiers; with a house rule ticked, the tiers of that row.
        await pilot.press(*"four suits")
        await pilot.pause()
        assert menu.variant_id == "spider-4suit"
        assert not menu.query_one("#deal-easy", Choice).display
        assert menu.query_one("#deal-random", Choice).value  # the easy choice went away
        assert menu.query_one("#deal-hard", Choice).display
        menu.query_one("#hr-open").value = True
        await pilot.pause()
        assert menu.query_one("#deal-easy", Choice).display
        assert not menu.query_one("#deal-hard", Choice).display
        menu.query_one("#deal-easy", Choice).value = True
        await pilot.pause()
        choice = menu.choice()
        assert (choice.deal, choice.house_rules, choice.kind) == (42, ("open",), "easy")
        await pilot.press("enter")
        await pilot.pause()
        assert (app.game.rules.id, app.game.deal) == ("spider-4suit", 42)
