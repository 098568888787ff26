"""A line for what the game has to say (refusals, hints), over the key bar for a few seconds."""

from __future__ import annotations

from textual.timer import Timer
from textual.widgets import Static


class MessageBar(Static):
    def __init__(self) -> None:
        super().__init__("", id="message", markup=False)
        self.text = ""
        self._timer: Timer | None = None

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
