"""A minimal Textual app that opens one modal screen over a small board screen with bindings,
so that a screen's tests do not depend on the whole game app."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

SIZE = (80, 24)
_UNSET = object()


class Board(Screen[None]):
    BINDINGS = [
        Binding("u,z", "noop", "Undo", id="undo"),
        Binding("d", "noop", "Deal", id="deal"),
        Binding("x", "noop", "No id"),  # not rebindable: no id
    ]

    def compose(self) -> ComposeResult:
        yield Static("the board")

    def action_noop(self) -> None:
        pass


class Host(App[None]):
    """Opens ``make_screen()`` over :class:`Board`; ``result`` is what it dismissed with."""

    BINDINGS = [Binding("q", "quit", "Quit", id="quit")]

    def __init__(self, make_screen: Callable[[], Screen]) -> None:
        super().__init__()
        self.make_screen = make_screen
        self.result: Any = _UNSET

    def on_mount(self) -> None:
        self.push_screen(Board())
        self.push_screen(self.make_screen(), self._done)

    def _done(self, result: Any) -> None:
        self.result = result

    @property
    def dismissed(self) -> bool:
        return self.result is not _UNSET


def inside_screen(app: App, widget: Widget) -> bool:
    """Is ``widget`` shown, whole, inside the terminal?"""
    region = widget.region
    return region.area > 0 and Region(0, 0, *app.size).contains_region(region)


def plain(cell: Any) -> str:
    return cell.plain if isinstance(cell, Text) else str(cell)
