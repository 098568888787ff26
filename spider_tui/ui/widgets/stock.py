"""The stock: how many deals are left; a click deals."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from .palette import Palette


class Stock(Widget):
    def __init__(self, palette: Palette) -> None:
        super().__init__(id="stock")
        self.palette = palette
        self.deals = 0
        self.hinted = False

    def show(self, deals: int, hinted: bool = False) -> None:
        if (deals, hinted) != (self.deals, self.hinted):
            self.deals, self.hinted = deals, hinted
            self.refresh()

    def render(self) -> Text:
        width, height = self.size.width, self.size.height
        word = "deal" if self.deals == 1 else "deals"
        if self.deals:
            back = self.palette.style("stock--hint" if self.hinted else "stock--back")
            face = f" {self.deals} ".center(5, "░")
        else:
            back = self.palette.style("stock--empty")
            face = "  ·  "
        label = self.palette.style("stock--label")
        text = Text(no_wrap=True, overflow="crop")
        if height >= 3:
            top, bottom = "╭" + "─" * 5 + "╮", "╰" + "─" * 5 + "╯"
            text.append(top, back)
            text.append("\n")
            text.append("│", back)
            text.append(face, back)
            text.append("│", back)
            text.append(f" {word}" if self.deals else " empty", label)
            text.append("\n")
            text.append(bottom, back)
            return text
        text.append(face, back)
        if width >= 12:
            text.append(f" {word}" if self.deals else " empty", label)
        return text
