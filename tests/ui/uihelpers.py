"""Helpers for the UI tests: hand-made tables and where things are on screen."""

from __future__ import annotations

from typing import Sequence

import tomli_w

from spider_tui.config import Config
from spider_tui.engine import Game
from spider_tui.ui import SpiderApp

SIZE = (80, 24)
_KINGS = ["KS", "KH", "KD", "KC"] * 2


def kings(n: int) -> list[tuple[list[str], list[str]]]:
    """``n`` columns holding one King each: they take nothing and go nowhere."""
    return [([], [k]) for k in _KINGS[:n]]


def position_text(columns: Sequence[tuple[Sequence[str], Sequence[str]]], *,
                  variant: str = "spider-4suit", stock: Sequence[str] = (),
                  completed: Sequence[str] = (), house_rules: Sequence[str] = ()) -> str:
    """A position file: ``columns`` is ``[(down cards, up cards), ...]``, column 1 first."""
    return tomli_w.dumps({
        "format": "spider-position/1", "variant": variant, "house_rules": list(house_rules),
        "completed": list(completed), "stock": list(stock),
        "columns": [{"down": list(d), "up": list(u)} for d, u in columns],
    })


def make_app(game: Game | None = None, **settings) -> SpiderApp:
    return SpiderApp(Config(**settings), game)


def column(app: SpiderApp, n: int):
    """Column ``n`` (1-based) of the game screen."""
    return app.game_screen.columns[n - 1]


def card_offset(app: SpiderApp, n: int, index: int = -1) -> tuple[int, int]:
    """Where card ``index`` (default: the exposed one) of column ``n`` is drawn, relative to
    the column widget."""
    col = column(app, n)
    if index < 0:
        index = len(col.view.cards) + index
    for y in range(1, col.size.height):
        kind, i = col.hit(1, y)
        if i == index and kind == "card":
            return (2, y)
    raise AssertionError(f"card {index} of column {n} is not on screen")


def screen_text(app: SpiderApp) -> str:
    """The screen as a player reads it: its characters, one line per row."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


async def help_rows(app: SpiderApp, pilot) -> list[str]:
    """Every row of the help screen's text, scrolled through from top to bottom."""
    scroll = app.screen.query_one("#help-scroll")
    scroll.scroll_home(animate=False)
    await pilot.pause()
    rows: list[str] = []
    while True:
        box = scroll.content_region
        lines = screen_text(app).splitlines()[box.y:box.bottom]
        rows += [line[box.x:box.right].rstrip() for line in lines]
        if scroll.scroll_y >= scroll.max_scroll_y:
            return rows
        scroll.scroll_relative(y=box.height, animate=False)
        await pilot.pause()


def piles_position(columns: Sequence[tuple[Sequence[str], Sequence[str]]], *, variant: str,
                   stock: Sequence[str] = (), completed: Sequence = (),
                   **piles: Sequence) -> str:
    """A ``spider-position/2`` file with piles beyond the columns: ``cells``, ``reserves``,
    ``foundations`` (lists of card lists, bottom first), ``waste`` (a card list), ``redeals``."""
    return tomli_w.dumps({
        "format": "spider-position/2", "variant": variant, "house_rules": [],
        "completed": list(completed), "stock": list(stock),
        **{k: v if isinstance(v, int) else [list(p) if not isinstance(p, str) else p for p in v]
           for k, v in piles.items()},
        "columns": [{"down": list(d), "up": list(u)} for d, u in columns],
    })


def pile(app: SpiderApp, name: str):
    """The slot of pile ``name`` (``c1``, ``r2``, ``f1``, ``w``) in the top row."""
    return app.game_screen.query_one(f"#pile-{name}")


#: Where to click a pile's slot: on its card, under its name.
PILE_SPOT = (1, 1)
