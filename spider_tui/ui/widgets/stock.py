"""The stock: how many deals are left (in a game with a waste, the cards to turn, or the waste
to turn back); a click deals."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from ..hits import StockHit
from .palette import Palette


class Stock(Widget):
    def __init__(self, palette: Palette) -> None:
        super().__init__(id="stock")
        self.palette = palette
        self.deals = 0
        self.hinted = False
        #: The word after the count ("deals" when None), and the waste may be turned back.
        self.word: str | None = None
        self.redeal = False
        #: The keyboard cursor is on the stock.
        self.cursor = False

    def hit_at(self, x: int, y: int) -> StockHit:
        return StockHit()

    def show(self, deals: int, hinted: bool = False, *, word: str | None = None,
             redeal: bool = False, cursor: bool = False) -> None:
        state = (deals, hinted, word, redeal, cursor)
        if state != (self.deals, self.hinted, self.word, self.redeal, self.cursor):
            self.deals, self.hinted, self.word, self.redeal, self.cursor = state
            self.refresh()

    def render(self) -> Text:
        width, height = self.size.width, self.size.height
        word = self.word or ("deal" if self.deals == 1 else "deals")
        if self.redeal and not self.deals:
            back = self.palette.style("stock--hint" if self.hinted else "stock--back")
            face = "  ↺  "
            word = "redeal"
        elif self.deals:
            back = self.palette.style("stock--hint" if self.hinted else "stock--back")
            face = f" {self.deals} ".center(5, "░")
        else:
            back = self.palette.style("stock--empty")
            face = "  ·  "
        label = self.palette.style("stock--label")
        if self.cursor:
            face = "▸" + face[1:]
        text = Text(no_wrap=True, overflow="crop")
        if height >= 3:
            top, bottom = "╭" + "─" * 5 + "╮", "╰" + "─" * 5 + "╯"
            text.append(top, back)
            text.append("\n")
            text.append("│", back)
            text.append(face, back)
            text.append("│", back)
            text.append(f" {word}" if self.deals or self.redeal else " empty", label)
            for _ in range(height - 3):  # as tall as the cards beside it
                text.append("\n")
                text.append("│" + " " * 5 + "│", back)
            text.append("\n")
            text.append(bottom, back)
            return text
        text.append(face, back)
        if width >= 12:
            text.append(f" {word}" if self.deals or self.redeal else " empty", label)
        return text
