"""Helpers for the UI tests: hand-made tables and where things are on screen."""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Callable, Sequence
from time import monotonic

import tomli_w
from textual import events
from textual.keys import _character_to_key, _get_unicode_name_from_key

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


def key_bar(app: SpiderApp) -> str:
    """The key bar under the board, as the screen shows it (its last row)."""
    return screen_text(app).splitlines()[-1]


async def until(pilot, condition: Callable[[], object], seconds: float = 10.0) -> None:
    """Pause until ``condition()`` holds, or give up after ``seconds`` (the test's own
    assertion then says what is wrong). For what the app does only after the screen has been
    drawn, which no fixed number of pauses waits for on a busy machine: the key bar is built
    after a refresh, and a dialog asked for at the start comes up after the first one."""
    end = monotonic() + seconds
    while not condition() and monotonic() < end:
        await pilot.pause()


async def comes_up(pilot, screen: type) -> None:
    """Wait until a screen of type ``screen`` is on top and mounted (its widgets are there and
    it takes keys): the questions the app asks at the start come up after its first
    refresh."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, screen) and app.screen.is_mounted)


async def search_palette(pilot, title: str) -> None:
    """Type ``title`` into the open command palette and wait until its search (which runs in
    the background) lists the command of that title first, so that ``Enter`` runs it. (The
    list's options are lines of one widget, not widgets a query could find.)"""
    from textual.command import CommandList
    from textual.widgets import Input

    palette = pilot.app.screen
    palette.query_one(Input).value = title
    found = palette.query_one(CommandList)
    for _ in range(50):
        await pilot.pause(0.05)
        if found.option_count and found.get_option_at_index(0).prompt.plain.startswith(title):
            break


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


# ------------------------------------------------------------------ a fast player


def _key_event(key: str) -> events.Key:
    """The key event the terminal driver makes for ``key`` (as ``pilot.press`` makes it)."""
    try:
        char = key if len(key) == 1 else unicodedata.lookup(_get_unicode_name_from_key(key))
    except KeyError:
        char = None
    return events.Key(key, char)


async def settle(pilot) -> None:
    """Wait until every screen has dealt with what was sent (a key that bubbles up from a
    screen reaches the app only after a first pause)."""
    for _ in range(3):
        await pilot.pause()


async def burst(pilot, *keys: str) -> None:
    """``keys`` as a fast typist's terminal hands them over: all at once, so that a screen gets
    the next key before it has dealt with the one before (``pilot.press`` waits for each
    key to be dealt with, which no player does)."""
    for key in keys:
        pilot.app.post_message(_key_event(key))
    await settle(pilot)


async def burst_clicks(pilot, widget=None, offset: tuple[int, int] = (0, 0), *,
                       times: int = 2, button: int = 1) -> None:
    """A double (``times`` 2) click at ``offset`` from ``widget`` (a selector, a widget or the
    screen), the presses and releases handed over at once as the terminal does for a fast
    double click (``pilot.click(times=2)`` waits between them)."""
    app = pilot.app
    target = app.screen if widget is None else (
        app.screen.query_one(widget) if isinstance(widget, str) else widget)
    x, y = target.region.offset + offset
    for _ in range(times):
        for kind in (events.MouseDown, events.MouseUp):
            app.post_message(kind(None, x, y, 0, 0, button, False, False, False,
                                  screen_x=x, screen_y=y))
    await settle(pilot)


# ------------------------------------------------------------------ keys without the idle wait


def _queued(app) -> bool:
    """Whether a message is queued (or held back to be merged) or a callback is due in the
    app or any widget of any open screen, or a widget is not yet mounted."""
    nodes = [app]
    for screen in app.screen_stack:
        nodes += screen.walk_children(with_self=True)
    for node in nodes:
        queue = node.__dict__.get("_message_queue")
        if (queue is not None and not queue.empty()) or node._pending_message is not None:
            return True
        if node._next_callbacks or (node.is_attached and not node.is_mounted):
            return True
    return False


async def settled(pilot, rounds: int = 500) -> None:
    """Wait until the app has dealt with everything it was sent and what that led to, by
    looking: every widget of every screen has handled what was queued for it
    (``_wait_for_screen``, as ``pilot.press`` ends), again until nothing new is queued and no
    widget is still being mounted; an animation or a worker running is waited for; a layout
    or repaint due is made at once (as ``pilot.pause`` ends), and the app looked at again.
    ``pilot.press`` and ``pilot.pause`` wait instead for the processor to stay idle for
    20 ms, twice a key: most of a UI test's time. If the app never settles, one ordinary
    pause after ``rounds`` looks. It looks at Textual's private parts: where a Textual
    release no longer has one, it waits as ``pilot.pause`` does instead."""
    try:
        await _settled(pilot, rounds)
    except AttributeError:  # a Textual without one of the parts looked at
        await pilot.pause()
        await pilot.pause()


async def _settled(pilot, rounds: int) -> None:
    app = pilot.app
    for _ in range(rounds):
        await pilot._wait_for_screen()
        if app._exception is not None or app._closing or not app.is_running:
            return  # it is quitting (or it failed: the test's ``run_test`` raises that)
        screen = app.screen
        if _queued(app):
            await asyncio.sleep(0)
        elif app.animator._animations or any(not w.is_finished for w in app.workers):
            await asyncio.sleep(0.005)
        elif screen._layout_required or screen._repaint_required or screen._dirty_widgets:
            screen._on_timer_update()
        else:
            return
    await pilot.pause()


async def press(pilot, *keys: str) -> None:
    """``pilot.press(*keys)``: each key sent as the terminal driver sends it, once the app has
    dealt with the one before; waiting by looking (:func:`settled`), not for the processor to
    fall idle."""
    app = pilot.app
    for key in keys:
        if len(key) == 1 and not key.isalnum():
            key = _character_to_key(key)
        event = _key_event(key)
        event.set_sender(app)
        app.post_message(event)
        await settled(pilot)
