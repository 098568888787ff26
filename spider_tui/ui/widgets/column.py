"""One column of the table: its number, its face-down cards, its face-up cards.

The widget draws a :class:`ColumnView` (a plain snapshot the game screen builds after each
action) and answers :meth:`Column.hit` (which card is at a point); it takes no decisions. Card
colours come from component classes, which the stylesheet fills from the theme's variables.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Offset, Region
from textual.strip import Strip
from textual.widget import Widget

from ...engine.cards import RANK, SUIT, glyph
from ..hits import CardHit
from ..layout import (
    BACK,
    BACKS,
    CARD,
    EMPTY,
    FACE,
    MORE_DOWN,
    MORE_UP,
    Row,
    card_width,
    column_rows,
    spread_rows,
    tall_rows,
)
from .palette import Palette

#: ``hit`` results besides a card row kind: the column's number, and the felt of its lane (below
#: its cards, or beside them).
HEADER, FELT = "header", "felt"


@dataclass(frozen=True)
class ColumnView:
    number: int
    cards: tuple[int, ...] = ()
    down: int = 0
    #: Indexes below ``down`` of cards lying face up under a face-down card (Trillium's
    #: down, up, down, up): drawn face up, though they cannot be played yet.
    shown: frozenset[int] = frozenset()
    #: Index where the cards that can be lifted together start (``len(cards)`` when none).
    lift_from: int = 0
    selected_from: int = -1
    hint_from: int = -1
    target: bool = False
    hint_target: bool = False
    #: The keyboard cursor: a card index, -1 for the column itself, None when elsewhere.
    cursor: int | None = None
    flash: bool = False
    four_colour: bool = True
    #: Face-up cards of this rank are lit (a right-click on one of them, or the key).
    same_rank: int | None = None
    #: Cards from this index on are on their way here (an animation draws them): felt for now.
    hidden_from: int = -1


class Column(Widget):
    def __init__(self, index: int, palette: Palette) -> None:
        super().__init__(id=f"col-{index + 1}", classes="column")
        self.index = index
        self.palette = palette
        self.view = ColumnView(index + 1)
        self.scroll = 0
        self._max_scroll = 0
        self._rows: list[Row] = []
        self._strips: list[Strip] | None = None
        self._built_for: tuple | None = None
        self._blank = Strip.blank(0)

    # ------------------------------------------------------------------ state

    def show(self, view: ColumnView) -> None:
        """Draw ``view``, repainting only the rows that changed (a move changes a few rows of
        two columns; repainting whole columns would cost a tall terminal dearly)."""
        if view == self.view:
            return
        if view.cards != self.view.cards:
            self.scroll = 0
        self.view = view
        size = (self.size.width, self.size.height)
        old = self._strips if self._built_for == (size, self.palette.version) else None
        if old is None or not self.is_mounted or not all(size):
            self._strips = None
            self.refresh()
            return
        new = self._build()
        self._strips = new
        if len(new) != len(old):
            self.refresh()
            return
        width = size[0]
        changed = [Region(0, y, width, 1) for y, (a, b) in enumerate(zip(old, new)) if a != b]
        if changed:
            self.refresh(*changed)

    def scroll_cards(self, delta: int) -> bool:
        """Scroll a column too long for its height; False when it does not scroll."""
        self._layout()
        new = max(0, min(self._max_scroll, self.scroll + delta))
        if new == self.scroll:
            return False
        self.scroll = new
        self._strips = None
        self.refresh()
        return True

    def reveal(self, index: int) -> None:
        """Scroll as little as possible so that card ``index`` is on screen."""
        _, max_scroll = self._rows_at(0)
        for s in sorted(range(max_scroll + 1), key=lambda s: abs(s - self.scroll)):
            rows, _ = self._rows_at(s)
            if any(r.index == index and r.kind == CARD for r in rows):
                if s != self.scroll:
                    self.scroll = s
                    self._strips = None
                    self.refresh()
                return

    # ------------------------------------------------------------------ geometry

    def _rows_at(self, scroll: int) -> tuple[list[Row], int]:
        """The rows of the cards under the number, scrolled by ``scroll``, and the largest
        useful scroll."""
        v = self.view
        height = max(1, self.size.height - 1)
        return column_rows(v.down, len(v.cards) - v.down, height, scroll, tall_rows(height),
                           spread_rows(height))

    def _layout(self) -> None:
        self._rows, self._max_scroll = self._rows_at(self.scroll)
        if self.scroll > self._max_scroll:
            self.scroll = self._max_scroll
            self._rows, self._max_scroll = self._rows_at(self.scroll)

    def hit_at(self, x: int, y: int) -> CardHit:
        """What a press at ``(x, y)`` (relative to this column) is on."""
        kind, index = self.hit(x, y)
        return CardHit(self.index, kind, index)

    def hit(self, x: int, y: int) -> tuple[str, int]:
        """What is at ``(x, y)`` (widget coordinates): ``(kind, card index or -1)``; the gap
        beside the cards and the space below them are :data:`FELT`."""
        self._layout()
        if y <= 0:
            return HEADER, -1
        x0, cw = self.card_span()
        if y - 1 < len(self._rows) and x0 <= x < x0 + cw:
            row = self._rows[y - 1]
            return row.kind, row.index
        return FELT, -1

    def card_places(self) -> tuple[dict[int, Offset], Offset]:
        """Where each card in sight is drawn (the screen cell of its first row, left edge), and
        where a card put on the column would go (the row after the last card's first row)."""
        self._layout()
        x0, _ = self.card_span()
        left, top = self.region.x + x0, self.region.y + 1
        places: dict[int, Offset] = {}
        end = Offset(left, top)
        for y, row in enumerate(self._rows):
            if row.kind in (CARD, BACK) and row.index not in places:
                places[row.index] = Offset(left, top + y)
                end = Offset(left, top + y + 1)
        return places, end

    def card_span(self) -> tuple[int, int]:
        """Where the cards are drawn across the column: ``(first cell, width)``."""
        width = self.size.width
        cw = min(card_width(width), width)
        return max(0, (width - 1 - cw) // 2), cw

    # ------------------------------------------------------------------ drawing

    def on_resize(self) -> None:
        self._strips = None

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips = None

    def render_line(self, y: int) -> Strip:
        size = (self.size.width, self.size.height)
        built_for = (size, self.palette.version)
        if self._strips is None or self._built_for != built_for:
            self._strips = self._build()
            self._built_for = built_for
        if 0 <= y < len(self._strips):
            return self._strips[y]
        return self._blank

    def _style(self, name: str) -> Style:
        return self.palette.style(name)

    def _suit_style(self, card: int) -> Style:
        return self.palette.suit(SUIT[card], self.view.four_colour)

    def _build(self) -> list[Strip]:
        self._layout()
        v = self.view
        width = self.size.width
        x0, cw = self.card_span()
        base = self.rich_style
        pad_left = Segment(" " * x0, base) if x0 else None
        right = width - x0 - cw

        def line(text: str, style: Style) -> Strip:
            segs = [pad_left] if pad_left else []
            segs.append(Segment(text[:cw].ljust(cw), style))
            if right > 0:
                segs.append(Segment(" " * right, base))
            return Strip(segs, width)

        strips = [line(self._header_text(cw), self._header_style())]
        cards = v.cards
        last = len(cards) - 1
        n_faces = sum(1 for r in self._rows if r.kind == FACE)
        face_no = 0
        previous = None
        backs_spread = any(a == b and a.kind == BACK for a, b in zip(self._rows, self._rows[1:]))
        hidden = v.hidden_from if v.hidden_from >= 0 else len(cards)
        for row in self._rows:
            if row.index >= hidden and row.kind in (CARD, FACE, BACK):
                strips.append(line("", base))  # on its way here
                previous = row
                continue
            # A card taller than one row (a tall screen) repeats its row: its first row says
            # what it is, the others are the rest of the card.
            more_of = row == previous and row.kind in (BACK, CARD)
            previous = row
            if row.kind == EMPTY:
                strips.append(self._empty_line(row, strips, cw, line))
            elif row.kind == BACK and row.index in v.shown:
                c = cards[row.index]
                strips.append(line(" " + glyph(c), self._style("card--face") + self._suit_style(c)))
            elif row.kind in (BACK, BACKS):
                n = row.count if row.kind == BACKS else v.down - len(v.shown)
                first_back = row.kind == BACKS or row.index == 0
                if more_of:
                    text = "░" * cw
                elif first_back:
                    text = f" {n} ".center(cw, "░") if n > 1 else "░" * cw
                else:
                    text = ("▔" if backs_spread else "░") * cw
                strips.append(line(text, self._style("card--back")))
            elif row.kind in (MORE_UP, MORE_DOWN):
                arrow = "▲" if row.kind == MORE_UP else "▼"
                strips.append(line(f"{arrow}{row.count}".center(cw), self._style("column--more")))
            else:
                i = row.index
                c = cards[i]
                style = self._card_style(i, last) + self._suit_style(c)
                g = glyph(c)
                if row.kind == FACE:
                    # The exposed card, drawn taller when there is room: a big suit, then
                    # its index again at the bottom right, as on a real card.
                    face_no += 1
                    if face_no == n_faces:
                        text = (g + " ").rjust(cw)
                    elif face_no == (n_faces + 1) // 2:
                        text = g[-1].center(cw)
                    else:
                        text = ""
                elif more_of:
                    text = ""
                else:
                    mark = "▸" if v.cursor == i else " "
                    text = mark + g
                strips.append(line(text, style))
        self._blank = Strip.blank(width, base)
        strips.extend([self._blank] * max(0, self.size.height - len(strips)))
        return strips

    def _header_text(self, cw: int) -> str:
        label = str(self.view.number)
        if self.view.cursor is not None:
            label = f"[{label}]"
        return label.center(cw)

    def _header_style(self) -> Style:
        v = self.view
        if v.flash:
            return self._style("column--number-flash")
        if v.target or v.hint_target:
            return self._style("column--number-target")
        if v.cursor is not None:
            return self._style("column--number-cursor")
        return self._style("column--number")

    def _empty_line(self, row: Row, strips: list[Strip], cw: int, line) -> Strip:
        v = self.view
        n = len(strips) - 1
        if v.flash:
            style = self._style("column--empty-flash")
        elif v.target or v.hint_target:
            style = self._style("column--empty-target")
        else:
            style = self._style("column--empty")
        inner = max(0, cw - 2)
        if n == 0:
            text = "╭" + "─" * inner + "╮"
        elif n == 2:
            text = "╰" + "─" * inner + "╯"
        else:
            mid = "▸" if v.cursor == -1 else " "
            text = "│" + (mid + " " * inner)[:inner] + "│"
        return line(text, style)

    def _card_style(self, i: int, last: int) -> Style:
        v = self.view
        if v.flash:
            name = "card--flash"
        elif v.same_rank is not None and i >= v.down and RANK[v.cards[i]] == v.same_rank:
            name = "card--same-rank"
        elif v.selected_from >= 0 and i >= v.selected_from:
            name = "card--selected"
        elif v.hint_from >= 0 and i >= v.hint_from:
            name = "card--hint"
        elif i == last and v.hint_target:
            name = "card--hint"
        elif i == last and v.target:
            name = "card--target"
        elif i >= v.lift_from:
            name = "card--movable"
        else:
            name = "card--face"
        return self._style(name)
