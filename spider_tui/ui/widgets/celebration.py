"""A won game's celebration: bursts of suit signs over the table, and the news in the middle."""

from __future__ import annotations

import math
import random

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

from ...engine.cards import SUIT_GLYPHS
from .palette import Palette

#: Bursts over the time of the celebration: (when it starts, 0-1; how long it lasts).
BURSTS = 7
SPOKES = 10
TITLE = " You won! "


class Celebration(Widget):
    """Drawn over the table (an overlay the size of the table) while it lasts; ``t`` goes from
    0 to 1."""

    DEFAULT_CSS = """
    Celebration {
        layer: overlay;
        position: absolute;
        display: none;
    }
    """

    def __init__(self, palette: Palette) -> None:
        super().__init__(id="celebration")
        self.palette = palette
        self.t = 0.0
        rng = random.Random(24)
        self.bursts = [(rng.random(), rng.random(), i / (BURSTS + 1), rng.randrange(4))
                       for i in range(BURSTS)]
        self._grid: dict[tuple[int, int], tuple[str, int]] = {}

    def show_at(self, t: float) -> None:
        self.t = t
        width, height = self.size.width, self.size.height
        grid: dict[tuple[int, int], tuple[str, int]] = {}
        for bx, by, start, suit in self.bursts:
            age = (t - start) / 0.35
            if not 0 <= age <= 1:
                continue
            cx, cy = 2 + bx * max(1, width - 4), 1 + by * max(1, height - 2)
            r = 1 + age * min(width / 5, height / 2.5)
            for k in range(SPOKES):
                a = 2 * math.pi * k / SPOKES
                x, y = round(cx + 2 * r * math.cos(a)), round(cy + r * math.sin(a))
                if 0 <= x < width and 0 <= y < height:
                    grid[(x, y)] = (SUIT_GLYPHS[suit] if age < 0.8 else "·", suit)
        self._grid = grid
        self.refresh()

    def render_line(self, y: int) -> Strip:
        width, height = self.size.width, self.size.height
        base = self.rich_style
        title_y = height // 2
        segments: list[Segment] = []
        x = 0
        title_x = (width - len(TITLE)) // 2
        while x < width:
            if y == title_y and x == title_x:
                segments.append(Segment(TITLE, base + Style(bold=True, reverse=True)))
                x += len(TITLE)
                continue
            cell = self._grid.get((x, y))
            if cell is None:
                segments.append(Segment(" ", base))
            else:
                glyph, suit = cell
                segments.append(Segment(glyph, base + self.palette.suit(suit)))
            x += 1
        return Strip(segments, width).simplify()
