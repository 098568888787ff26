"""The AI is not optional to the screen: an exception from it is a bug, logged and told to the
player as a failure, never turned into a made-up hint or move."""

from __future__ import annotations

from test_features import nearly_won, until
from uihelpers import SIZE, make_app

from spider_tui.engine import Game


class Broken(Exception):
    pass


def _raise(*args, **kwargs):
    raise Broken("the search fell over")


async def test_a_hint_that_raises_is_reported_not_replaced(monkeypatch):
    from spider_tui.ui import hinting

    monkeypatch.setattr(hinting.Adviser, "hints", _raise)
    app = make_app(Game.new("spider-1suit", 3))
    notices = []
    monkeypatch.setattr(app, "notify", lambda message, **kw: notices.append((message, kw)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("H")
        await pilot.pause()
        screen = app.game_screen
        assert screen.autoplay.hint_shown is None
        assert screen.last_message == "Hint failed: the search fell over"
        assert notices and "Broken: the search fell over" in notices[-1][0]
        assert notices[-1][1]["severity"] == "error"
        assert app.game.actions == 0


async def test_a_demo_whose_bot_raises_stops_and_says_so(monkeypatch):
    from spider_tui.ai import bot
    from spider_tui.ui.screens.game import autoplay

    monkeypatch.setattr(autoplay, "DEMO_STEP_SECONDS", 0.02)
    monkeypatch.setattr(bot.Autoplayer, "next_move", _raise)
    app = make_app(Game.new("spider-1suit", 3))
    monkeypatch.setattr(app, "notify", lambda message, **kw: None)
    async with app.run_test(size=SIZE) as pilot:
        app.game_screen.autoplay.start_demo()
        await until(pilot, lambda: app.game_screen.autoplay.demo_timer is None)
        assert app.game_screen.last_message == "Demo failed: the search fell over"
        assert app.game.actions == 0


async def test_a_solver_that_raises_is_reported_by_finish_for_me(board, monkeypatch):
    from spider_tui.ai import solver

    monkeypatch.setattr(solver, "solve", _raise)
    app = make_app(nearly_won(board, down=(), up=("3S", "2S")))
    notices = []
    monkeypatch.setattr(app, "notify", lambda message, **kw: notices.append(message))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await until(pilot, lambda: "failed" in app.game_screen.last_message)
        assert app.game_screen.last_message == "Finish for me failed: the search fell over"
        assert any("Broken" in n for n in notices) and app.game.actions == 0
