"""A line for what the game has to say (refusals, hints), over the key bar for a few seconds."""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Static


class MessageBar(Static):
    """Over the key bar; a message of more than one line (a hint on a narrow screen) would
    cover the table's last rows too, so the bar says how many rows it takes
    (:class:`MessageBar.Rows`) and the screen keeps the table clear of them."""

    class Rows(Message):
        """The rows the bar takes changed (0: it is hidden)."""

        def __init__(self, rows: int) -> None:
            super().__init__()
            self.rows = rows

    def __init__(self) -> None:
        super().__init__("", id="message", markup=False)
        self.text = ""
        self._timer: Timer | None = None
        self._rows = 0

    def on_resize(self, event: events.Resize) -> None:
        self._tell_rows()

    def _tell_rows(self) -> None:
        rows = self.size.height if self.display and self.text else 0
        if rows != self._rows:
            self._rows = rows
            self.post_message(self.Rows(rows))

    def say(self, text: str, severity: str = "information", timeout: float = 6.0) -> None:
        self.text = text
        self.update(text)
        self.set_class(severity == "error", "-error")
        self.set_class(severity == "warning", "-warning")
        self.display = bool(text)
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(timeout, self.clear) if text else None

    def clear(self) -> None:
        if not self.text and not self.display:
            return
        self.text = ""
        self.update("")
        self.display = False
        self._tell_rows()
