"""The winnability meter and the peek on the board (issue 32 item 1), and the way back from a
lost game to its point of no return (item 2)."""

from __future__ import annotations

import threading

import pytest
from ai_positions import LOST_AT, LOST_DEAL, LOST_MOVES
from uihelpers import SIZE, make_app

from spider_tui.ai.odds import Chances, Peek
from spider_tui.config import Config
from spider_tui.engine import Game
from spider_tui.plugins.manager import get_manager
from spider_tui.store import SaveStore, StatsStore
from spider_tui.ui import SpiderApp, meter
from spider_tui.ui.screens.review import ReviewScreen
from spider_tui.ui.screens.stuck import StuckScreen
from spider_tui.ui.session import Session


def meter_workers(app) -> list:
    return [w for w in app.game_screen.workers if w.group == "meter"]


@pytest.mark.meter
async def test_keys_are_handled_while_the_meter_computes(monkeypatch):
    release = threading.Event()
    asked: list[int] = []

    def blocked(game, cancelled, report):
        asked.append(game.actions)
        while not release.wait(0.01):  # a search that does not end until released
            if cancelled():
                return None
        return Chances(8, 5, 0)

    monkeypatch.setattr(meter, "estimate", blocked)
    app = make_app(Game.new("spider-2suit", 7), meter=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert asked == [0] and app.game_screen.meter.text == meter.WORKING
        await pilot.press("9", "7")  # played at once, the search still running
        assert app.game.moves_played() == ["9>7"]
        await pilot.press("u")
        assert app.game.moves_played() == []
        assert not release.is_set()
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        # Each change of the table superseded the search before: the last answer shows.
        assert app.game_screen.meter.text == "win ~62% (8)"
        assert "win ~62% (8)" in app.game_screen.status_bar.render().plain


@pytest.mark.meter
async def test_the_setting_turns_the_meter_off():
    app = make_app(Game.new("spider-2suit", 7), meter=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("9", "7")
        await pilot.pause()
        assert app.game_screen.meter.started == 0 and meter_workers(app) == []
        assert "win" not in app.game_screen.status_bar.render().plain


@pytest.mark.meter
async def test_the_meter_shows_a_fair_estimate_on_the_status_line_at_80_columns():
    app = make_app(Game.new("spider-1suit", 3), meter=True)
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = app.game_screen.meter.text
        assert text.startswith("win ") and text.endswith("(8)")
        line = app.game_screen.status_bar.render().plain
        assert line.startswith("Spider 1 suit") and line.endswith(text) and len(line) <= 80


def session_at(tmp_path) -> Session:
    return Session(Config(meter=False), manager=get_manager(),
                   saves=SaveStore(tmp_path / "save.json"),
                   stats=StatsStore(tmp_path / "stats.json"), config_path=tmp_path / "c.toml")


async def test_the_peek_counts_as_a_hint(tmp_path, monkeypatch):
    monkeypatch.setattr(meter, "ask", lambda tables, moves, cancelled: Peek("won"))
    session = session_at(tmp_path)
    game, _ = session.start(game=Game.new("spider-2suit", 7))
    app = SpiderApp(Config(meter=False), game, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("i")
        await app.game_screen.workers.wait_for_complete()
        await pilot.pause()
        assert session.meta.hints_used == 1
        assert app.game_screen.last_message == Peek("won").words()


async def test_after_a_loss_the_point_of_no_return_is_shown_and_the_game_goes_back_there():
    game = Game.new("spider-1suit", LOST_DEAL)
    moves = LOST_MOVES.split()
    for m in moves[:-1]:
        game.play(m)
    app = make_app(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("0", "9")  # the last move: stuck
        await pilot.pause()
        assert isinstance(app.screen, StuckScreen)
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await app.screen.workers.wait_for_complete()
        await pilot.pause()
        review = app.screen.review
        assert review is not None and review.last_won == LOST_AT and review.exact
        body = str(app.screen.query_one(".dialog-body").render())
        assert f"after move {LOST_AT}; move {LOST_AT + 1}" in body
        undos = app.game.undos
        await pilot.press("b")
        await pilot.pause()
        assert app.game.moves_played() == moves[:LOST_AT]
        assert app.game.undos == undos + len(moves) - LOST_AT  # each undo counted
        hint = app.game_screen.autoplay.hint_shown
        assert hint is not None and str(hint.move) == review.line[0]
        assert app.game_screen.last_message.startswith(f"Back to move {LOST_AT}")
