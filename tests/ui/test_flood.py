"""A flood of keys, clicks, drags and resizes over every screen never raises, and the game saved
afterwards is the game played (issue 29).

Each setup starts the app as the command does (with a session saving into a temporary folder)
on a game with other piles than Spider's columns, or on a screen of its own (won, stuck, a
game asked for over a saved one). A seeded random player then sends keys one by one and in
bursts (as a fast typist's terminal hands them over), single, double and right clicks, drags
paced and at once, wheel turns and terminal resizes, from small to large. Whatever screen
comes up, the flood goes on there: the help, the menus, the settings, the statistics, the
command palette, the dialogs.

The seeds are fixed, so a run is repeatable; a failure prints the actions up to the one that
failed. ``SPIDER_TUI_FLOOD_SEEDS=N`` floods each setup with N seeds instead of one (for a long
hunt by hand, not for the suite's time budget).
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from textual import events
from uihelpers import _key_event, kings, settle

from spider_tui.config import Config
from spider_tui.engine import Game
from spider_tui.plugins.manager import get_manager
from spider_tui.store import SaveStore, StatsStore
from spider_tui.ui import SpiderApp
from spider_tui.ui.session import Session

SEEDS = int(os.environ.get("SPIDER_TUI_FLOOD_SEEDS", "1"))

#: Keys of the board, the app, the dialogs, the menus and the settings, and some for typing
#: into the palette and the fields. ``q`` and ``ctrl+q`` (quit) are left out: the flood ends
#: with its own quit.
KEYS = (
    "u z Z U r R ctrl+y home end ctrl+r p P H d D n N g G h j k l left right up down "
    "enter space f F c C w W escape e equals_sign a A 1 2 3 4 5 6 7 8 9 0 "
    "exclamation_mark at number_sign question_mark f1 t o O s S ctrl+p y Y x m i "
    "tab shift+tab ctrl+s ctrl+pagedown ctrl+pageup delete backspace pageup pagedown"
).split()
SIZES = ((80, 24), (80, 24), (100, 30), (60, 20), (132, 43), (40, 12), (20, 6), (81, 25))

CLUBS = ["KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C"]


def random_actions(rnd: random.Random, n: int) -> list[tuple]:
    """``n`` actions of a player who presses everything fast. Places on the screen are
    fractions of its size, so that they stay on it after a resize."""
    out: list[tuple] = []
    spot = lambda: (round(rnd.random(), 3), round(rnd.random(), 3))  # noqa: E731
    for _ in range(n):
        r = rnd.random()
        if r < 0.36:
            out.append(("burst", tuple(rnd.choice(KEYS) for _ in range(rnd.randint(1, 5)))))
        elif r < 0.50:
            out.append(("press", rnd.choice(KEYS)))
        elif r < 0.66:
            out.append(("click", *spot(), rnd.choice((1, 1, 1, 3)), rnd.choice((1, 1, 2))))
        elif r < 0.82:
            out.append(("drag", *spot(), *spot(), rnd.randint(1, 4), rnd.random() < 0.5))
        elif r < 0.88:
            out.append(("scroll", *spot(), rnd.random() < 0.5))
        elif r < 0.95:
            out.append(("resize", *rnd.choice(SIZES)))
        else:
            out.append(("wait", rnd.choice((0.02, 0.1))))
    return out


def _at(app: SpiderApp, fx: float, fy: float) -> tuple[int, int]:
    w, h = app.size
    return min(w - 1, int(fx * w)), min(h - 1, int(fy * h))


def _mouse(kind: type, x: int, y: int, button: int = 1) -> events.MouseEvent:
    return kind(None, x, y, 0, 0, button, False, False, False, screen_x=x, screen_y=y)


async def play(pilot, action: tuple) -> None:
    """Send one action, as the terminal would."""
    app: SpiderApp = pilot.app
    kind, *args = action
    if kind == "burst":
        for key in args[0]:
            app.post_message(_key_event(key))
    elif kind == "press":
        await pilot.press(args[0])
    elif kind == "click":
        fx, fy, button, times = args
        x, y = _at(app, fx, fy)
        for _ in range(times):
            app.post_message(_mouse(events.MouseDown, x, y, button))
            app.post_message(_mouse(events.MouseUp, x, y, button))
    elif kind == "drag":
        fx, fy, gx, gy, steps, at_once = args
        (x, y), (x2, y2) = _at(app, fx, fy), _at(app, gx, gy)
        path = [(x + (x2 - x) * i // steps, y + (y2 - y) * i // steps)
                for i in range(1, steps + 1)]
        app.post_message(_mouse(events.MouseDown, x, y))
        for px, py in path:
            if not at_once:
                await pilot.pause()
            app.post_message(_mouse(events.MouseMove, px, py))
        app.post_message(_mouse(events.MouseUp, x2, y2))
    elif kind == "scroll":
        fx, fy, up = args
        x, y = _at(app, fx, fy)
        app.post_message(_mouse(events.MouseScrollUp if up else events.MouseScrollDown, x, y,
                                0))
    elif kind == "resize":
        await pilot.resize_terminal(*args)
    elif kind == "wait":
        await pilot.pause(args[0])
    await pilot.pause()


@dataclass(frozen=True)
class Part:
    """A game the flood plays for a while."""

    name: str
    game: Callable[[Any], Game]
    #: How many actions the flood sends in this game.
    length: int = 25
    #: Keys pressed first (the last move of a game about to be won or stuck).
    first: tuple[str, ...] = ()


def _new(variant: str, deal: int) -> Callable[[Any], Game]:
    return lambda board: Game.new(variant, deal)


SPIDER = Part("spider", _new("spider-4suit", 11))
FREE_CELLS = Part("free cells", _new("spidercells", 5))
WASTE = Part("a waste", _new("rachel", 5))
CELLS_AND_FOUNDATIONS = Part("cells and foundations", _new("cicely", 5))
SCORPION = Part("scorpion", _new("scorpion", 5))
RESERVES = Part("reserves", _new("applegate", 5))
WON = Part("won", lambda board: board([([], CLUBS), ([], ["AC"])] + [([], [])] * 8,
                                      completed=["S", "S", "H", "H", "D", "D", "C"]),
           length=12, first=("2", "1"))
STUCK = Part("stuck", lambda board: board([(["2D"], ["7H"]), ([], ["8S"])] + kings(8),
                                          filler=3), length=12, first=("1", "2"))

#: Each flood is one run of the app, over its games in turn (each started as a new game from
#: the game menu starts it, whatever screen is open then).
FLOODS = {
    "spider, cells, foundations, won": [SPIDER, FREE_CELLS, CELLS_AND_FOUNDATIONS, WON],
    "waste, scorpion, reserves, stuck": [WASTE, SCORPION, RESERVES, STUCK],
    # The command line asked for a game over a saved one in progress: the app asks first.
    "a game asked for over a saved one": [Part("asked", _new("spider-1suit", 3), length=15)],
}


def session_at(path) -> Session:
    return Session(Config(hint_budget_ms=10), manager=get_manager(),
                   saves=SaveStore(path / "save.json"), stats=StatsStore(path / "stats.json"),
                   config_path=path / "config.toml")


def assert_saved(path, game: Game, where: str) -> None:
    """The saved game loads and is ``game``, move for move."""
    saved = SaveStore(path / "save.json").load().game
    assert saved is not None, f"{where}: nothing was saved"
    assert (saved.variant, saved.deal) == (game.variant, game.deal), where
    assert saved.actions == game.actions, f"{where}: the move counter"
    assert saved.moves_played() == game.moves_played(), where
    assert saved.to_position() == game.to_position(), where


async def flood(parts: list[Part], board, path, seed: int, *, saved: bool) -> None:
    if saved:
        first = session_at(path)
        game, _ = first.start(game=Game.new("spider-2suit", 7))
        game.play("9>7")
        first.after_action(game)
        first.on_quit(game)
    session = session_at(path)
    game, notices = session.start(game=parts[0].game(board))
    app = SpiderApp(session.config, game, session=session, notices=notices)
    rnd = random.Random(seed)
    done: list[str] = []
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            for i, part in enumerate(parts):
                done.append(f"-- {part.name}")
                if i:
                    while len(app.screen_stack) > 1:  # as the player closes what is open
                        app.screen.dismiss()
                        await settle(pilot)
                    app.start_game(part.game(board))
                    await settle(pilot)
                if part.first:
                    await pilot.press(*part.first)
                for action in random_actions(rnd, part.length):
                    done.append(repr(action))
                    await play(pilot, action)
                await settle(pilot)
                assert_saved(path, app.game, f"after {part.name}")
            played = app.game
            done.append("quit")
            await app.action_quit()  # what the q key does on the board
    except BaseException as e:
        log = "\n".join(f"  {a}" for a in done)
        raise AssertionError(f"seed {seed}: {type(e).__name__}: {e}\nafter:\n{log}") from e
    assert_saved(path, played, "after quitting")


@pytest.mark.parametrize("name", list(FLOODS))
def test_a_flood_of_input_never_raises_and_the_game_is_saved(name, board, tmp_path,
                                                             monkeypatch):
    # Textual's palette can save a screenshot into the current folder.
    monkeypatch.chdir(tmp_path)
    base = sum(map(ord, name)) * 1000
    for seed in range(base, base + SEEDS):
        path = tmp_path / str(seed)
        path.mkdir()
        asyncio.run(flood(FLOODS[name], board, path, seed, saved=name.startswith("a game")))
