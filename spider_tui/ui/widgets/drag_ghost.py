"""The cards being dragged, drawn next to the pointer."""

from __future__ import annotations

from textual.geometry import Offset
from textual.widgets import Static


class DragGhost(Static):
    def __init__(self) -> None:
        super().__init__("", id="ghost", markup=False)
        self.display = False

    def follow(self, label: str, at: Offset) -> None:
        self.update(label)
        self.styles.offset = (at.x + 2, at.y + 1)
        self.display = True

    def hide(self) -> None:
        self.display = False
