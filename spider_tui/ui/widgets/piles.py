"""A pile of the top row that is not a column: a free cell, a reserve, a foundation built card by
card, or the waste.

The slot shows the pile's name as the notation writes it (``c1``, ``r2``, ``f3``, ``w``; with
its count where the pile can hold more than one card and holds more than one), then its top
card: one row on a short terminal, card-sized on a tall one. The waste shows its last cards
fanned out, the top one whole. Like a column, the widget draws a plain :class:`PileSlotView`
the game screen builds, and takes no decisions; the whole slot is the pile for the mouse.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from ...engine.cards import SUIT, glyph
from ...engine.piles import WASTE_KIND
from ..hits import PileHit
from ..layout import FAN_STEP
from .palette import Palette


@dataclass(frozen=True)
class PileSlotView:
    #: The pile's code (:mod:`spider_tui.engine.piles`) and its name in the notation.
    code: int
    label: str
    kind: int
    #: The cards drawn, bottom first: the top card, or the waste's last few.
    cards: tuple[int, ...] = ()
    #: How many cards the pile holds.
    count: int = 0
    #: The name shows the count (a pile that can hold more than one card), when it holds more
    #: than one.
    show_count: bool = False
    #: The top card can be played.
    movable: bool = False
    #: What an empty pile takes, shown faintly ("A" for a foundation built up from the Ace).
    empty_mark: str = ""
    selected: bool = False
    target: bool = False
    hint_from: bool = False
    hint_target: bool = False
    cursor: bool = False
    four_colour: bool = True


class PileSlot(Widget):
    """One pile; ``id`` is ``pile-`` and its name (``pile-c1``, ``pile-w``)."""

    def __init__(self, view: PileSlotView, palette: Palette) -> None:
        super().__init__(id=f"pile-{view.label}", classes="pile")
        self.palette = palette
        self.view = view

    @property
    def code(self) -> int:
        return self.view.code

    def hit_at(self, x: int, y: int) -> PileHit:
        return PileHit(self.code)

    def show(self, view: PileSlotView) -> None:
        if view != self.view:
            self.view = view
            self.refresh()

    # ------------------------------------------------------------------ drawing

    def _style(self, name: str) -> Style:
        return self.palette.style(name)

    def _suit(self, card: int) -> Style:
        return self.palette.suit(SUIT[card], self.view.four_colour)

    def _label(self, width: int) -> tuple[str, Style]:
        v = self.view
        text = v.label
        if v.show_count and v.count > 1:
            longer = f"{v.label}:{v.count}"
            if len(longer) <= width:
                text = longer
        if v.cursor and len(text) + 2 <= width:
            text = f"[{text}]"
        if v.target or v.hint_target:
            style = "column--number-target"
        elif v.cursor:
            style = "column--number-cursor"
        else:
            style = "column--number"
        # The waste's name stands over its first card, the others' over their middle.
        return (text.ljust(width) if v.kind == WASTE_KIND and len(text) < width
                else text.center(width)), self._style(style)

    def _card_style(self, top: bool) -> Style:
        v = self.view
        if not top:
            return self._style("card--face")
        if v.selected:
            return self._style("card--selected")
        if v.hint_from or v.hint_target:
            return self._style("card--hint")
        if v.target:
            return self._style("card--target")
        return self._style("card--movable" if v.movable else "card--face")

    def render(self) -> Text:
        v = self.view
        width, height = self.size.width, self.size.height
        cw = max(1, width - 1)  # a cell of gap on the right, as the columns have
        text = Text(no_wrap=True, overflow="crop", end="")
        label, label_style = self._label(cw)
        text.append(label, label_style)
        rows = max(1, height - 1)
        if height < 2:
            return text
        fanned = v.cards[:-1] if v.kind == WASTE_KIND else ()
        top = v.cards[-1] if v.cards else None
        top_w = cw - FAN_STEP * len(fanned)
        for r in range(rows):
            text.append("\n")
            for c in fanned:
                style = self._card_style(False) + self._suit(c)
                text.append((glyph(c) if r == 0 else "").ljust(FAN_STEP)[:FAN_STEP], style)
            if top is None:
                text.append(*self._empty_row(r, rows, max(1, top_w)))
            else:
                text.append(*self._card_row(top, r, rows, max(1, top_w)))
        return text

    def _card_row(self, card: int, r: int, rows: int, w: int) -> tuple[str, Style]:
        v = self.view
        style = self._card_style(True) + self._suit(card)
        g = glyph(card)
        mark = "▸" if v.cursor else " "
        if r == 0:
            line = (mark + g) if w > len(g) else g
        elif r == rows - 1:
            line = (g + " ").rjust(w) if w > len(g) else g
        elif r == rows // 2:
            line = g[-1].center(w)
        else:
            line = ""
        return line.ljust(w)[:w], style

    def _empty_row(self, r: int, rows: int, w: int) -> tuple[str, Style]:
        v = self.view
        if v.target or v.hint_target:
            style = self._style("column--empty-target")
        else:
            style = self._style("column--empty")
        # A dot before what an empty pile takes, so that it never reads as a card there.
        mark = ("▸" if v.cursor else "·") + v.empty_mark if v.empty_mark else (
            ("▸" if v.cursor else "") + "··")
        if rows == 1 or w < 3:
            return mark.center(w)[:w], style
        inner = w - 2
        if r == 0:
            line = "╭" + "─" * inner + "╮"
        elif r == rows - 1:
            line = "╰" + "─" * inner + "╯"
        elif r == rows // 2:
            line = "│" + (v.empty_mark if not v.cursor else "▸" + v.empty_mark).center(inner)[
                :inner] + "│"
        else:
            line = "│" + " " * inner + "│"
        return line, style
