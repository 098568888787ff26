"""A screen over the board answers once, however fast keys and clicks come (issue 29).

A fast typist's keys, and the two clicks of a double click, reach a screen together: the
second arrives before the first has been dealt with. A screen that answered the first must
let the others be: a second answer would take away the board under it (Textual's
``ScreenStackError: Can't pop screen``) or answer for another screen. ``burst`` and
``burst_clicks`` hand keys and clicks over as the terminal does, all at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from screenhost import Board, Host
from textual.command import CommandPalette
from textual.screen import Screen
from uihelpers import SIZE, burst, burst_clicks, card_offset, comes_up, make_app, settle

from spider_tui.config import Config
from spider_tui.engine import Game
from spider_tui.plugins.manager import get_manager
from spider_tui.store import SaveStore, StatsStore
from spider_tui.ui import SpiderApp
from spider_tui.ui.screens.confirm import ConfirmScreen, KeepSavedScreen
from spider_tui.ui.screens.elsewhere import ElsewhereScreen
from spider_tui.ui.screens.game import GameScreen
from spider_tui.ui.screens.pause import PauseScreen
from spider_tui.ui.screens.stuck import StuckScreen
from spider_tui.ui.screens.won import WonScreen
from spider_tui.ui.session import Session

CLUBS = ["KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C"]


def session_at(tmp_path) -> Session:
    return Session(Config(), manager=get_manager(), saves=SaveStore(tmp_path / "save.json"),
                   stats=StatsStore(tmp_path / "stats.json"), config_path=tmp_path / "c.toml")


def on_board(app: SpiderApp) -> bool:
    return isinstance(app.screen, GameScreen) and len(app.screen_stack) == 1


class Answers(Host):
    """Every answer the screen gave, in order (the screen host keeps the last one only)."""

    def __init__(self, make_screen: Callable[[], Screen]) -> None:
        super().__init__(make_screen)
        self.answers: list[Any] = []

    def _done(self, result: Any) -> None:
        self.answers.append(result)


def a_move(game: Game) -> list[str]:
    """The keys of a move (or the deal) of ``game``: "3", "7" for 3>7."""
    moves = [str(m) for m in game.legal_moves() if not m.is_deal and ":" not in str(m)]
    if not moves:
        return ["d"]
    return [str(int(c) % 10) for c in moves[0].split(">")]


def a_game() -> Game:
    return Game.new("spider-2suit", 7)


DIALOGS = {
    "confirm": (lambda: ConfirmScreen("Start a new deal?"), "y", "yes"),
    "keep-saved": (lambda: KeepSavedScreen(a_game(), Game.new("spider-1suit", 3)), "n", "new"),
    "stuck": (lambda: StuckScreen(a_game()), "u", "undo"),
    "won": (lambda: WonScreen(a_game()), "g", "choose"),
    "elsewhere": (lambda: ElsewhereScreen("another spider-tui (pid 4242)"), "t", "take"),
}


@pytest.mark.parametrize("name", list(DIALOGS))
async def test_every_dialog_answers_once_to_a_key_typed_twice_or_a_button_clicked_twice(name):
    make, key, answer = DIALOGS[name]
    for how in ("keys", "clicks"):
        app = Answers(make)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            if how == "keys":
                await burst(pilot, key, key, "escape")
            else:
                await burst_clicks(pilot, f"#answer-{answer}", (1, 0))
            assert app.answers == [answer], how
            assert isinstance(app.screen, Board), how


async def test_the_pause_goes_on_once_whatever_follows_fast():
    app = make_app(a_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("9", "7")
        await pilot.press("p")
        assert isinstance(app.screen, PauseScreen)
        await burst(pilot, "x", "y")
        assert on_board(app) and app.game.moves_played() == ["9>7"]
        await pilot.press("p")
        await burst_clicks(pilot, offset=(40, 12))
        assert on_board(app) and app.game.moves_played() == ["9>7"]


async def test_a_new_deal_is_refused_once_and_confirmed_once(tmp_path):
    session = session_at(tmp_path)
    game, _ = session.start(game=a_game())
    app = SpiderApp(Config(), game, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("9", "7", "n")
        await burst(pilot, "n", "n")
        assert on_board(app) and app.game is game and app.game.moves_played() == ["9>7"]
        for answer in ("keys", "clicks"):
            await pilot.press("n")
            assert isinstance(app.screen, ConfirmScreen)
            if answer == "keys":
                await burst(pilot, "y", "y")
            else:
                await burst_clicks(pilot, "#answer-yes", (1, 0))
            assert on_board(app) and app.game.actions == 0, answer
            played = 1 if answer == "keys" else 2
            assert session.stats.load().get("spider-2suit").played == played
            # A move in the new deal, so that the next new deal asks again.
            await pilot.press(*a_move(app.game))


async def test_a_deal_that_leaves_the_game_stuck_then_two_keys(board):
    # Fives on the table; the last deal brings Kings and Jacks: nothing can move after it.
    fives = [([], [f"5{s}"]) for s in "SHDC"] * 2 + [([], ["3S"]), ([], ["3H"])]
    stock = ["KS", "KH", "KD", "KC"] * 2 + ["JS", "JH"]
    for keys, after in ((("u", "u"), []), (("n", "n"), None)):
        app = make_app(board(fives, filler=1, stock=stock))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("d")
            await pilot.pause()
            assert isinstance(app.screen, StuckScreen)
            await burst(pilot, *keys)
            assert on_board(app)
            if after is not None:
                assert app.game.moves_played() == after and app.game.undos == 1
            else:
                assert app.game.actions == 0 and app.game.variant == "spider-4suit"


async def test_a_won_game_then_new_deal_twice_fast(board):
    game = board([([], CLUBS), ([], ["AC"])] + [([], [])] * 8,
                 completed=["S", "S", "H", "H", "D", "D", "C"])
    app = make_app(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert isinstance(app.screen, WonScreen)
        await burst(pilot, "n", "n")
        assert on_board(app) and app.game is not game and app.game.actions == 0


async def test_a_game_asked_for_over_a_saved_one_is_started_once(tmp_path):
    session = session_at(tmp_path)
    saved, _ = session.start(game=a_game())
    saved.play("9>7")
    session.after_action(saved)
    again = session_at(tmp_path)
    kept, _ = again.start(game=Game.new("spider-1suit", 3))
    app = SpiderApp(Config(), kept, session=again)
    async with app.run_test(size=SIZE) as pilot:
        await comes_up(pilot, KeepSavedScreen)
        assert isinstance(app.screen, KeepSavedScreen)
        await burst(pilot, "n", "n")
        assert on_board(app) and (app.game.variant, app.game.deal) == ("spider-1suit", 3)
        assert again.stats.load().get("spider-2suit").played == 1


async def test_a_screen_closed_before_it_has_come_up_goes_away_quietly():
    # Under a flood the key that closes a screen can be dealt with before the screen has
    # come up: help then looked for its text that was already gone (NoMatches: '#help-scroll').
    app = make_app(a_game())
    async with app.run_test(size=SIZE) as pilot:
        app.action_help()
        app.screen.dismiss()
        await settle(pilot)
        assert on_board(app)
        await pilot.press("9", "7")
        app.new_deal()
        assert isinstance(app.screen, ConfirmScreen)
        app.screen.dismiss("no")
        await settle(pilot)
        assert on_board(app) and app.game.moves_played() == ["9>7"]


async def test_a_double_click_beside_the_command_palette_closes_it_once():
    app = make_app(a_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await burst_clicks(pilot, offset=(40, 23))
        assert on_board(app)
