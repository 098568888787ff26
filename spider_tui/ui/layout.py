"""How a column's cards become screen rows, and how big the board may be (no Textual here).

A column never loses a card silently: when it is too long for its height, the face-down cards
fold into one row with a count, and if that is still too long the face-up cards scroll, with a
row at the top (and at the bottom, when scrolled) saying how many are out of sight.
"""

from __future__ import annotations

from dataclasses import dataclass

BACK, BACKS, CARD, FACE, MORE_UP, MORE_DOWN, EMPTY = (
    "back", "backs", "card", "face", "more-up", "more-down", "empty")

#: The smallest card slot: a space, "10" and a suit glyph.
MIN_CARD_WIDTH = 4
MAX_CARD_WIDTH = 14
#: Rows the board needs besides the columns: status, stock/foundations, column numbers, footer.
CHROME_ROWS = 4
MIN_COLUMN_ROWS = 8
#: From this many rows the stock and the foundations are drawn card-sized.
TALL_HEIGHT = 30


@dataclass(frozen=True)
class Row:
    kind: str
    #: The card's index in its column (cards, face rows, single backs); -1 otherwise.
    index: int = -1
    #: How many cards a folded row stands for.
    count: int = 0


def column_rows(n_down: int, n_up: int, height: int, scroll: int = 0,
                tall: int = 2, spread: tuple[int, int] = (1, 1)) -> tuple[list[Row], int]:
    """The rows of a column of ``n_down`` face-down and ``n_up`` face-up cards in ``height``
    rows, scrolled up by ``scroll`` cards; returns the rows and the largest useful scroll.

    The exposed card gets ``tall`` extra rows when there is room, so that it looks like a card.
    On a tall screen the covered cards take more rows each, up to ``spread`` (face-down,
    face-up) rows, as many as the column has room for: a card's rows repeat its row.
    """
    height = max(1, height)
    if n_down + n_up == 0:
        return [Row(EMPTY)] * min(3, height), 0
    spread_rows = _spread(n_down, n_up, height, tall, spread)
    if spread_rows is not None:
        return spread_rows, 0
    ext = tall if n_up and n_down + n_up + tall <= height else 0
    back_rows = n_down if n_down + n_up + ext <= height or n_down <= 1 else 1
    if back_rows < n_down and n_up and back_rows + n_up + tall <= height:
        ext = tall  # the face-down cards fold into one row, which leaves room
    rows: list[Row] = []
    if back_rows == n_down:
        rows.extend(Row(BACK, i) for i in range(n_down))
    else:
        rows.append(Row(BACKS, count=n_down))
    avail = height - back_rows
    if n_up + ext <= avail or n_up <= avail:
        rows.extend(Row(CARD, n_down + i) for i in range(n_up))
        rows.extend(Row(FACE, n_down + n_up - 1) for _ in range(ext if n_up + ext <= avail else 0))
        return rows, 0
    if avail < 3:
        # Too little room for markers: show the exposed cards, say how many are hidden.
        shown = max(1, avail - 1)
        rows.append(Row(MORE_UP, count=n_up - shown))
        rows.extend(Row(CARD, n_down + n_up - shown + i) for i in range(shown))
        return rows[:height], 0
    # Unscrolled, the "more" mark and the last ``avail - 1`` cards; each step of the scroll
    # shows one card more at the top (the first step too: the "more below" mark then takes
    # a row), down to the first card under no mark at all.
    max_scroll = n_up - (avail - 1)
    s = max(0, min(scroll, max_scroll))
    if s == 0:
        start, end = max_scroll, n_up
    elif s == max_scroll:
        start, end = 0, avail - 1
    else:
        start = max_scroll - s
        end = start + avail - 2
    if start > 0:
        rows.append(Row(MORE_UP, count=start))
    rows.extend(Row(CARD, n_down + i) for i in range(start, end))
    if end < n_up:
        rows.append(Row(MORE_DOWN, count=n_up - end))
    return rows, max_scroll


def _spread(n_down: int, n_up: int, height: int, tall: int, spread: tuple[int, int]
            ) -> list[Row] | None:
    """The rows with the covered cards more than one row high each, if any such layout fits:
    the most rows for the face-up cards first (they are read), then for the face-down ones."""
    max_down, max_up = spread
    if (max_down <= 1 and max_up <= 1) or not n_up:
        return None
    for up in range(max_up, 0, -1):
        for down in range(min(max_down, up), 0, -1):
            if (up, down) == (1, 1):
                return None
            if n_down * down + (n_up - 1) * up + 1 + tall <= height:
                rows = [Row(BACK, i) for i in range(n_down) for _ in range(down)]
                rows += [Row(CARD, n_down + i) for i in range(n_up - 1) for _ in range(up)]
                rows.append(Row(CARD, n_down + n_up - 1))
                rows += [Row(FACE, n_down + n_up - 1)] * tall
                return rows
    return None


def tall_rows(height: int) -> int:
    """Extra rows for the exposed card of a column ``height`` rows high."""
    return 6 if height >= 50 else 4 if height >= 36 else 2


def spread_rows(height: int) -> tuple[int, int]:
    """The most rows a covered card may take in a column ``height`` rows high: (face-down,
    face-up). One each up to about 30 rows; a 200×60 terminal gives (2, 3)."""
    return max(1, min(3, height // 24)), max(1, min(4, height // 16))


def card_width(column_width: int) -> int:
    """The width of a card in a column slot of ``column_width`` cells (one cell of gap)."""
    return max(1, min(MAX_CARD_WIDTH, column_width - 1))


def min_size(columns: int) -> tuple[int, int]:
    """The smallest terminal (width, height) that plays a game of ``columns`` columns."""
    return columns * (MIN_CARD_WIDTH + 1), CHROME_ROWS + MIN_COLUMN_ROWS


# ---------------------------------------------------------------------- the row of piles on top
#
# A game with piles beyond the columns (free cells, reserves, foundations built card by card, a
# waste) shows them in the top row, each a slot with its name over its top card: the stock and
# the waste on the left, then the cells and the reserves; the foundations on the right, before
# the complete runs' foundation. What gives way when the row is short of room, in order: the
# slots narrow to 5 cells, the waste shows only its top card, the slots narrow to 4 (the
# narrowest card), the stock drops its word, the runs' foundation shows one sign per run.

#: The narrowest pile slot: "10♥" and a cell of gap.
MIN_SLOT_WIDTH = 4
#: A slot of a short terminal's top row.
SHORT_SLOT_WIDTH = 5
#: The waste shows its last cards fanned out, the top one whole and this many cells of each
#: card under it.
WASTE_FAN = 3
FAN_STEP = 3
#: The stock: the card with its count and the word ("deals"), or the card alone.
STOCK_WIDE, STOCK_NARROW = 13, 6
TALL_STOCK_WIDE, TALL_STOCK_NARROW = 16, 8


@dataclass(frozen=True)
class TopPlan:
    """Widths in the top row of a game with piles (cells of the terminal)."""

    stock: int
    #: Each cell, reserve and card-by-card foundation.
    slot: int
    #: Cards of the waste shown (0: the game has none).
    fan: int
    #: The complete runs' foundation (0: the game has none).
    runs: int
    #: The runs' foundation shows one sign per run.
    runs_compact: bool = False
    #: Rows of the top row: the names, then the cards.
    height: int = 2

    @property
    def waste(self) -> int:
        return self.slot + FAN_STEP * (self.fan - 1) if self.fan else 0

    def width(self, piles: int) -> int:
        return self.stock + self.slot * piles + self.waste + self.runs


def pile_box_rows(screen_height: int) -> int:
    """Rows of a pile's card in the top row: one on a short terminal; card-sized on a tall one
    (as tall as a column's exposed card)."""
    if screen_height < TALL_HEIGHT:
        return 1
    return 5 if screen_height >= 36 else 3


def runs_width(slots: int, *, boxed: bool, compact: bool) -> int:
    """The runs' foundation's width (its right padding included)."""
    if not slots:
        return 0
    if compact:
        return slots + 2
    return slots * (5 if boxed else 4) + 1


def top_plan(width: int, *, piles: int, waste: bool, run_slots: int, screen_height: int,
             ideal_slot: int = SHORT_SLOT_WIDTH, stock: bool = True) -> TopPlan:
    """How the top row of a game with ``piles`` cells, reserves and card foundations (and a
    waste, and ``run_slots`` complete runs to hold, and a stock) fits ``width`` cells; the last
    resort when nothing fits is the narrowest of everything (the screen then says it is too
    small)."""
    rows = pile_box_rows(screen_height)
    tall = rows > 1
    wide_stock, narrow_stock = ((TALL_STOCK_WIDE, TALL_STOCK_NARROW) if tall
                                else (STOCK_WIDE, STOCK_NARROW))
    if not stock:
        wide_stock = narrow_stock = 0
    ideal = max(MIN_SLOT_WIDTH, ideal_slot if tall else min(ideal_slot, SHORT_SLOT_WIDTH))
    fan = WASTE_FAN if waste else 0

    def plan(slot: int, fan: int, stock: int, boxed: bool, compact: bool) -> TopPlan:
        return TopPlan(stock, slot, fan, runs_width(run_slots, boxed=boxed, compact=compact),
                       compact and bool(run_slots), 1 + rows)

    one = 1 if fan else 0
    candidates = [plan(s, fan, wide_stock, tall, False)
                  for s in range(ideal, SHORT_SLOT_WIDTH - 1, -1)]
    candidates += [
        plan(SHORT_SLOT_WIDTH, one, wide_stock, tall, False),
        plan(MIN_SLOT_WIDTH, one, wide_stock, tall, False),
        plan(MIN_SLOT_WIDTH, one, narrow_stock, tall, False),
        plan(MIN_SLOT_WIDTH, one, narrow_stock, False, False),
        plan(MIN_SLOT_WIDTH, one, narrow_stock, False, True),
    ]
    for p in candidates:
        if p.width(piles) <= width:
            return p
    return candidates[-1]


def min_size_with_piles(columns: int, piles: int, waste: bool, run_slots: int,
                        stock: bool = True) -> tuple[int, int]:
    """The smallest terminal that plays a game of ``columns`` columns with ``piles`` cells,
    reserves and card foundations (and a waste) in the top row, which takes a row more."""
    w, h = min_size(columns)
    if not piles and not waste:
        return w, h
    top = top_plan(0, piles=piles, waste=waste, run_slots=run_slots, screen_height=0,
                   stock=stock)
    return max(w, top.width(piles)), h + 1
