"""The finished games kept (the game menu's "Replay a finished game"): the last first, with
their game, deal, date, result and moves; the one chosen is replayed on the board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import SpiderError
from ...engine.text import printable
from ...store.history import COLUMNS, GameRecord
from ..replaying import of_record
from .modal import Modal

if TYPE_CHECKING:
    from ..replaying import ReplayRequest

#: The widths of the list's columns (the game's name is cut with an ellipsis).
WIDTHS = (26, 9, 16, 9, 5, 7)


def _row(cells: list[str] | tuple[str, ...]) -> str:
    out = []
    for text, width in zip(cells, WIDTHS, strict=True):
        text = printable(text)
        out.append(text.ljust(width) if len(text) <= width else text[:width - 1] + "…")
    return " ".join(out).rstrip()


class FinishedScreen(Modal["ReplayRequest | None"]):
    """Choose a finished game to replay."""

    DEFAULT_CSS = """
    FinishedScreen { align: center middle; }
    #finished-box { width: 90; max-width: 100%; height: auto; max-height: 100%;
                    border: round $primary; background: $surface; padding: 0 1; }
    #finished-list { height: auto; max-height: 16; }
    #finished-note { color: $warning; height: auto; }
    #finished-buttons { height: auto; align-horizontal: right; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(self, history: Any, catalog: Any) -> None:
        super().__init__(id="finished")
        self.catalog = catalog
        kept = history.load() if history is not None else None
        #: The games, the last finished first.
        self.games: list[GameRecord] = list(reversed(kept.games)) if kept is not None else []
        if kept is None:
            self.note = "No finished games are kept when the game runs without saving."
        elif kept.notices:
            self.note = " ".join(kept.notices)
        elif not self.games:
            self.note = "No finished game yet: each game won or given up is kept here."
        else:
            self.note = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="finished-box"):
            yield Static("Replay a finished game", id="finished-title")
            yield Static(_row(COLUMNS), id="finished-head", markup=False)
            yield OptionList(*(Option(_row(g.summary(self.catalog)), id=str(i))
                               for i, g in enumerate(self.games)), id="finished-list",
                             compact=True)
            yield Static(self.note, id="finished-note", markup=False)
            with Horizontal(id="finished-buttons"):
                yield Button("Replay", id="finished-replay", variant="primary", compact=True)
                yield Button("Cancel", id="finished-cancel", compact=True)

    def on_mount(self) -> None:
        olist = self.query_one("#finished-list", OptionList)
        if self.games:
            olist.highlighted = 0
        olist.focus()

    @on(OptionList.OptionSelected, "#finished-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._replay(event.option_index)

    @on(Button.Pressed, "#finished-replay")
    def _replay_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self._replay(self.query_one("#finished-list", OptionList).highlighted)

    @on(Button.Pressed, "#finished-cancel")
    def _cancel_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def _replay(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self.games):
            return
        try:
            request: ReplayRequest = of_record(self.games[index], self.catalog)
        except SpiderError as e:
            self.query_one("#finished-note", Static).update(f"It cannot be replayed: {e}")
            return
        self.dismiss(request)

    def action_cancel(self) -> None:
        self.dismiss(None)
