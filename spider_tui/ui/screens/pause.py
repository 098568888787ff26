"""The game paused: the board hidden, the clock stopped, until any key or click."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from ..widgets.status_bar import clock
from .modal import Modal


class PauseScreen(Modal[None]):
    """Opaque, so nothing of the table shows; the clock stops as under any screen over the
    board (:meth:`SpiderApp.board_covered`)."""

    def __init__(self, elapsed: float) -> None:
        super().__init__(id="pause")
        self.elapsed = elapsed

    def compose(self) -> ComposeResult:
        with Vertical(id="pause-box"):
            yield Static("Paused", id="pause-title")
            yield Static(f"The clock is stopped at {clock(self.elapsed)}.\n"
                         "Press any key or click to go on.", id="pause-body", markup=False)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self.dismiss(None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        event.stop()
        self.dismiss(None)
