"""The foundation slots: one per run to win, filled as runs leave the table.

Each filled slot shows the first card of its run (K♠ for Spider's King-to-Ace runs). Where the
top row is short of room (a game with many piles on top), a slot is one sign: the run's suit, or
a dot."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Offset
from textual.widget import Widget

from ...engine.cards import SUIT, SUIT_GLYPHS, glyph
from ..hits import FoundationHit
from ..layout import TALL_HEIGHT
from .palette import Palette


class Foundations(Widget):
    def __init__(self, palette: Palette) -> None:
        super().__init__(id="foundations")
        self.palette = palette
        self.state: tuple = ()

    def hit_at(self, x: int, y: int) -> FoundationHit:
        return FoundationHit()

    def show(self, slots: int, done: tuple[int, ...], target: bool = False,
             four_colour: bool = True, hidden: frozenset[int] = frozenset(), *,
             firsts: tuple[int, ...] | None = None, cursor: bool = False) -> None:
        """``done``: the suit of each run removed; ``hidden``: slots drawn empty although
        filled (their run is on its way); ``firsts``, when given, the first card of each run
        (a run that is not King to Ace); ``cursor``: the keyboard cursor is here."""
        state = (slots, done, target, four_colour, hidden, firsts, cursor)
        if state != self.state:
            before = self._count()
            self.state = state
            self.refresh(layout=self._count() != before)

    def get_content_width(self, container, viewport) -> int:
        # Decided from the window, not from this widget's own height: that is the height of
        # the window before a resize until the layout is done, and the slots stayed one row
        # high after the window grew.
        slots = self._count() if self.state else 8
        boxed = viewport.height >= TALL_HEIGHT and viewport.width >= 120
        return slots * 5 if boxed else slots * 4

    def _count(self) -> int:
        """How many slots are drawn: the game's, or more if more runs have left the table."""
        return max(self.state[0], len(self.state[1])) if self.state else 0

    def _boxed(self) -> bool:
        return bool(self.state) and self.size.height >= 3 and self.size.width >= self._count() * 5

    def slot_offset(self, i: int) -> Offset:
        """The screen cell where slot ``i``'s label is drawn."""
        if self._boxed():
            return Offset(self.region.x + i * 5 + 1, self.region.y + 1)
        return Offset(self.region.x + i * 4 + 1, self.region.y)

    def render(self) -> Text:
        if not self.state:
            return Text()
        _, done, target, four, hidden, firsts, cursor = self.state
        slots = self._count()
        boxed = self._boxed()
        empty = self.palette.style("slot--target" if target else "slot--empty")
        full = self.palette.style("slot--full")
        cells = []
        for i in range(slots):
            if i < len(done) and i not in hidden:
                suit = SUIT[firsts[i]] if firsts is not None else done[i]
                colour = self.palette.suit(suit, four)
                label = glyph(firsts[i]) if firsts is not None else "K" + SUIT_GLYPHS[suit]
                cells.append((label, full + colour, SUIT_GLYPHS[suit]))
            else:
                cells.append(("··", empty, "·"))
        if cursor and cells:
            label, style, sign = cells[min(len(done), slots - 1)]
            cells[min(len(done), slots - 1)] = ("▸" + label[-1], style, "▸")
        text = Text(no_wrap=True, overflow="crop")
        if self.size.width < slots * 4:  # one sign a run
            text.append(" ")
            for _, style, sign in cells:
                text.append(sign, style)
            return text
        if boxed:
            for row in range(3):
                for label, style, _ in cells:
                    box_style = style if label != "··" else empty
                    if row == 0:
                        text.append("╭──╮", box_style)
                    elif row == 2:
                        text.append("╰──╯", box_style)
                    else:
                        text.append("│", box_style)
                        text.append(label.replace("10", "T"), style)
                        text.append("│", box_style)
                    text.append(" ")
                if row < 2:
                    text.append("\n")
            return text
        for label, style, _ in cells:
            text.append(f" {label}"[-3:], style)
            text.append(" ")
        return text
