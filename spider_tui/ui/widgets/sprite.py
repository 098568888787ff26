"""Cards drawn over the table, away from any column: the cards being dragged, the cards of an
animation on their way. One row a card, as a column draws a covered card, in the table's
colours (the palette's styles)."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Offset
from textual.strip import Strip
from textual.widget import Widget

from ...engine.cards import SUIT, glyph
from .palette import Palette


def fold(count: int, room: int) -> list[int | None]:
    """Which of ``count`` cards to draw in ``room`` rows: all of them if they fit, else the
    first, a row for those left out (``None``), and as many of the last as fit."""
    room = max(1, room)
    if count <= room:
        return list(range(count))
    if room < 3:
        return list(range(count - room, count))
    tail = room - 2
    return [0, None, *range(count - tail, count)]


class CardSprite(Widget):
    """A few cards, stacked, drawn at an offset of the screen (an overlay)."""

    DEFAULT_CSS = """
    CardSprite {
        layer: overlay;
        position: absolute;
        width: auto;
        height: auto;
        display: none;
    }
    """

    def __init__(self, palette: Palette, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="sprite")
        self.palette = palette
        self.cards: tuple[int, ...] = ()
        self.card_width = 4
        self.four_colour = True
        self.look = "card--selected"
        self._rows: list[int | None] = []

    def show_cards(self, cards: tuple[int, ...] | list[int], at: Offset, *, width: int = 4,
                   four_colour: bool = True, look: str = "card--selected",
                   room: int | None = None) -> None:
        """Draw ``cards`` with the top-left corner at ``at`` (screen cells), ``width`` cells
        wide, in the style ``look``; folded to ``room`` rows if given."""
        cards = tuple(cards)
        rows = fold(len(cards), room if room is not None else len(cards))
        shape = (cards, width, four_colour, look, rows)
        if shape != (self.cards, self.card_width, self.four_colour, self.look, self._rows):
            self.cards, self.card_width = cards, width
            self.four_colour, self.look = four_colour, look
            self._rows = rows
            self.styles.width = width
            self.styles.height = max(1, len(rows))
            self.refresh()
        self.styles.offset = (at.x, at.y)
        self.display = bool(cards)

    def hide(self) -> None:
        if self.display:
            self.display = False

    def render_line(self, y: int) -> Strip:
        width = self.card_width
        if not 0 <= y < len(self._rows):
            return Strip.blank(width)
        base = self.palette.style(self.look)
        i = self._rows[y]
        if i is None:
            left_out = len(self.cards) - len(self._rows) + 1
            return Strip([Segment(f" ⋮{left_out}".ljust(width)[:width], base)], width)
        card = self.cards[i]
        style: Style = base + self.palette.suit(SUIT[card], self.four_colour)
        return Strip([Segment((" " + glyph(card)).ljust(width)[:width], style)], width)
