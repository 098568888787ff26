"""``spider-tui`` with no command, or ``spider-tui play``: start the game, resuming the saved one.

``--variant ID`` / ``--deal N`` / ``--house-rule ID`` start that deal instead; a bad id or number
is a one-line error (exit status 2) before the screen changes.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from functools import partial
from typing import Any

from ..engine import deadline
from .common import add_game_choice


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("play", help="start the game (the default)")
    add_game_choice(p, "start")
    return p


def _config(manager: Any) -> tuple[Any, list[str]]:
    from .. import config as config_module

    load = getattr(config_module, "load_config", None)
    if load is None:
        return config_module.Config(), []
    return load(manager=manager)


def requested_game(args: argparse.Namespace, config: Any, manager: Any) -> Any:
    """The game the command line asks for, or ``None`` (then the app decides)."""
    from ..engine import Game

    variant = getattr(args, "variant", None)
    deal = getattr(args, "deal", None)
    house_rules = getattr(args, "house_rules", None) or []
    if variant is None and deal is None and not house_rules:
        return None
    return Game.new(variant or config.variant, deal, house_rules, catalog=manager.catalog,
                    scoring=config.scoring or None)


def build_app(args: argparse.Namespace) -> Any:
    """The app as ``spider-tui`` starts it: the settings read, the saved game resumed (or the
    game the command line asks for), everything kept on disk. ``SpiderError`` for a bad id or
    deal on the command line."""
    from ..plugins.manager import get_manager

    manager = get_manager()
    config, notices = _config(manager)
    # A bad id or deal on the command line is a one-line error before the screen changes.
    game = requested_game(args, config, manager)
    from ..ui import SpiderApp
    from ..ui.session import Session

    session = Session(config, manager=manager)
    # The saved game is resumed unless the command line asked for another.
    game, more = session.start(game=game)
    return SpiderApp(config, game, manager=manager, notices=notices + more, session=session)


def run(args: argparse.Namespace) -> int:
    return run_app(build_app(args))


def run_app(app: Any) -> int:
    """Run ``app`` until it quits (``play``, ``replay``, ``watch``)."""
    deadline.on_give_up(partial(_give_up, app))
    try:
        app.run()
    finally:
        deadline.on_give_up(None)
    _leave_hung_threads()
    return 0


def _give_up(app: Any) -> None:
    """A plugin's code holds the screen's thread and will not stop, though interrupted again
    and again: put the terminal back and quit. The game was saved after the last action."""
    driver = getattr(app, "_driver", None)
    try:
        if driver is not None:
            driver.stop_application_mode()
    except Exception:  # noqa: BLE001 - whatever state the terminal is in, we quit
        pass
    sys.stderr.write("spider-tui: a plugin's code would not stop, so spider-tui quit; the game "
                     "is saved as it was after your last action (spider-tui plugins names "
                     "the plugins)\n")
    sys.stderr.flush()
    os._exit(3)


def _leave_hung_threads() -> None:
    """The screen has closed. A search still running in a worker thread (a plugin's rule that
    never returns, asked there) must not keep the program from ending: Python would wait for
    it for ever, so leave at once (everything is saved by now)."""
    if any(t.is_alive() and not t.daemon for t in threading.enumerate()
           if t is not threading.main_thread()):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)
