"""The app with plugins that misbehave (issue 23, items 9 and 10): the game goes on, the player
is told which plugin failed, and nothing played is lost."""

from __future__ import annotations

import dataclasses

from plugin_helpers import Plugin, manager_with
from uihelpers import SIZE

from spider_tui.config import Config
from spider_tui.engine import Game, RuleSet, default_catalog
from spider_tui.plugins import ThemeSpec
from spider_tui.plugins.manager import PluginManager
from spider_tui.store import SaveMeta, SaveStore, StatsStore
from spider_tui.ui import SpiderApp
from spider_tui.ui.screens.game import GameScreen
from spider_tui.ui.session import Session


def session_at(tmp_path, mgr: PluginManager) -> Session:
    return Session(Config(), manager=mgr,
                   saves=SaveStore(tmp_path / "save.json", catalog=mgr.catalog),
                   stats=StatsStore(tmp_path / "stats.json"), config_path=tmp_path / "c.toml")


def notices(app: SpiderApp) -> str:
    return "\n".join(n.message for n in app._notifications)


class Failing:
    """A scoring scheme whose score() raises."""

    id, name, description = "failing", "Failing", "raises"

    def score(self, game):
        raise ZeroDivisionError("kaput")


async def test_sys_exit_in_action_played_is_reported_and_the_move_is_saved(tmp_path):
    def action_played(game, step, kind):
        raise SystemExit(0)

    mgr = manager_with(Plugin("quitter", action_played=action_played))
    session = session_at(tmp_path, mgr)
    game, _ = session.start(game=Game.new("spider-2suit", 7, catalog=mgr.catalog))
    app = SpiderApp(Config(), game, manager=mgr, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("9", "7")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, GameScreen)
        assert app.game.moves_played() == ["9>7"]
        assert "quitter: action_played raised SystemExit" in notices(app)
        saved = SaveStore(tmp_path / "save.json", catalog=mgr.catalog).load().game
        assert saved is not None and saved.moves_played() == ["9>7"]
        await pilot.press("u")  # the game goes on (the plugin is switched off)
        assert app.game.moves_played() == []


async def test_a_scheme_whose_score_raises_is_switched_off_and_the_game_starts(tmp_path):
    mgr = manager_with(Plugin("scorer", register_scoring=lambda register: register(Failing())))
    # A saved game that names the scheme: every start used to crash on it.
    game = Game.new("spider-1suit", 3, scoring="failing", catalog=mgr.catalog)
    game.play("d")
    SaveStore(tmp_path / "save.json", catalog=mgr.catalog).save(game, SaveMeta())
    session = session_at(tmp_path, mgr)
    resumed, _ = session.start()
    assert resumed.scoring.id == "failing"
    app = SpiderApp(Config(), resumed, manager=mgr, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.game is resumed and app.game.scoring.id == "classic"
        assert ("scorer: scoring scheme 'failing' failed and is switched off for new games: "
                "score() raised ZeroDivisionError: kaput; scored with Classic instead"
                ) in notices(app)
        await pilot.press("u")  # plays on, scored by classic
        assert app.game.actions == 2 and app.game.score == 498


async def test_bad_themes_are_reported_at_start_and_t_cycles_through_the_good_ones():
    bad = [ThemeSpec(id="ugly", name="Ugly", colors={"primary": "#123456", "background": 42}),
           ThemeSpec(id="uglier", name="Uglier", colors={"primary": "#123456"},
                     variables={"card-face": "not a colour"}),
           ThemeSpec(id="none", name="None", colors={})]
    good = ThemeSpec(id="fine", name="Fine", colors={"primary": "#4a7bd0"})
    mgr = manager_with(Plugin("painter", register_themes=lambda register: [
        register(t) for t in [*bad, good]]))
    app = SpiderApp(Config(), Game.new("spider-1suit", 1, catalog=mgr.catalog), manager=mgr)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for name in ("ugly", "uglier", "none"):
            assert f"painter: theme '{name}' is broken and not used" in notices(app)
        seen = set()
        for _ in range(2 * len(app.spider_themes)):
            await pilot.press("t")
            await pilot.pause()
            seen.add(app.theme)
        assert "fine" in seen and not seen & {"ugly", "uglier", "none"}
        assert isinstance(app.screen, GameScreen)


def _liar() -> RuleSet:
    """spider-1suit, but its deal_targets names column 99 after the first deal."""
    cls = type("Liar", (RuleSet,), {"deal_targets": lambda self, t: [0, 99]
                                    if t.stock_left < 50 else RuleSet.deal_targets(self, t)})
    base = default_catalog().variant("spider-1suit")
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}
    return cls(**{**fields, "id": "liar", "name": "Liar", "source": ""})


async def test_a_variant_whose_deal_gives_nonsense_refuses_it_is_switched_off_and_is_kept(
        tmp_path):
    rules = _liar()
    mgr = manager_with(Plugin("liars", register_variants=lambda register: register(rules)))
    session = session_at(tmp_path, mgr)
    game, _ = session.start(game=Game.new("liar", 3, catalog=mgr.catalog))
    app = SpiderApp(Config(), game, manager=mgr, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        before = app.game.to_position()
        await pilot.press("d")
        await pilot.pause()
        assert app.game_screen.last_message == (
            "The rules of Liar (variant 'liar', from liars) failed: deal_targets() returned "
            "[0, 99]: there is no column 99 (the 10 columns are 0 to 9)")
        assert app.game.to_position() == before
        assert "liars: variant 'liar' failed and is switched off for new games" in notices(app)
        await pilot.press("H")  # the hint does not trip over it either
        await pilot.press("n")  # no new game of it in this run: this one is kept
        await pilot.pause()
        assert app.game is game and "switched off" in app.game_screen.last_message
        await pilot.press("u")
        assert app.game.deals_left == 5
        await pilot.press("q")
    saved = SaveStore(tmp_path / "save.json", catalog=manager_with(Plugin(
        "liars", register_variants=lambda register: register(_liar()))).catalog).load().game
    assert saved is not None and saved.rules.id == "liar" and saved.redo_stack


async def test_a_why_not_message_that_is_not_one_is_shown_as_the_plugins_failure():
    from uihelpers import card_offset

    from spider_tui.engine import State
    from spider_tui.engine.cards import card

    cls = type("Mute", (RuleSet,), {"why_not_linked": lambda self, upper, lower: None})
    base = default_catalog().variant("spider-1suit")
    rules = cls(**{f.name: getattr(base, f.name) for f in dataclasses.fields(base)})
    # Column 1 holds 9♠ under 5♠: the 9 cannot be lifted, and the plugin cannot say why.
    cols = [[card(9, 0), card(5, 0)], [card(6, 0)]] + [[card(13, 0)]] * 8
    game = Game(rules, State(rules, cols, [0] * 10, []))
    app = SpiderApp(Config(), game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click("#col-1", offset=card_offset(app, 1, 0))
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "why_not_linked() returned None, not a message" in app.game_screen.last_message
