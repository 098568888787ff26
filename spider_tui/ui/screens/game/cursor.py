"""The keyboard cursor: a card of a column, or a stop of the top row (the stock, a pile, the
runs' foundation), moved by the arrows; Enter picks up the cards there, or puts the cards
picked up there (through the screen's selector)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....engine import RUNS
from ....engine.cards import RANK
from ....engine.piles import COLUMN, STOCK, code_kind

if TYPE_CHECKING:
    from . import GameScreen


class Cursor:
    """Where the cursor is, and whether it is shown (the mouse hides it, a key shows it)."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        #: The column it is on (remembered while it is on the top row).
        self.col = 0
        #: The card it is on in that column; None: the first card that can be picked up.
        self.idx: int | None = None
        #: On the top row: a pile code, ``STOCK`` or ``RUNS`` (the runs' foundation);
        #: None when it is on the columns.
        self.top: int | None = None
        #: The stop of the top row the cursor went up to from :attr:`col`: down from it, the
        #: cursor goes back to that column (from another stop, to the column below it).
        self.came_up_to: int | None = None
        self.visible = False

    def reset(self, columns: int) -> None:
        """A new game of ``columns`` columns: on the same column (or the last), its cards."""
        self.col = min(self.col, columns - 1)
        self.idx = None
        self.top = None

    def go_to_column(self, col: int) -> None:
        self.col = col
        self.top = None
        self.idx = None

    def show(self) -> bool:
        """Show the cursor; True when it was hidden (and is drawn now)."""
        if self.visible:
            return False
        self.visible = True
        self.screen.refresh_board()
        return True

    def hide(self) -> None:
        """The mouse takes over: the cursor goes away until a key brings it back."""
        if self.visible:
            self.visible = False
            self.screen.refresh_board()

    def card(self, col: int) -> int:
        """The index of the card the cursor is on in column ``col`` (-1: the column is
        empty)."""
        pile = self.screen.facts.pile(col)
        a, down, lift = pile.cards, pile.down, pile.lift_from
        if not a:
            return -1
        idx = self.idx if self.idx is not None else lift
        if idx >= len(a):
            idx = lift if lift < len(a) else len(a) - 1
        return max(min(idx, len(a) - 1), down if down < len(a) else len(a) - 1)

    def rank(self) -> int | None:
        """The rank of the face-up card at the cursor (shown now); None, and the player told
        why, when there is none."""
        self.show()
        col = self.col
        pile = self.screen.facts.pile(col)
        if not pile.cards or pile.down >= len(pile.cards):
            self.screen.refuse(f"column {col + 1} has no face-up card at the cursor")
            return None
        return RANK[pile.cards[self.card(col)]]

    def move(self, dx: int, dy: int) -> None:
        screen = self.screen
        n = len(screen.columns)
        if not self.visible:
            self.visible = True
            sel = screen.selector.selection
            if sel is not None:
                if code_kind(sel.src) == COLUMN:
                    self.col, self.top = sel.src, None
                else:
                    self.top, self.came_up_to = sel.src, None
        elif self.top is not None:
            stops = self.top_stops()
            if dx and stops:
                here = stops.index(self.top) if self.top in stops else 0
                self.top = stops[(here + dx) % len(stops)]
            elif dy > 0:
                if self.top != self.came_up_to:
                    self.col = self._nearest(self._top_widget(self.top), screen.columns)
                self.top = None
                self.idx = None
        elif dx:
            self.col = (self.col + dx) % n
            self.idx = None
        elif dy:
            pile = screen.facts.pile(self.col)
            a = pile.cards
            # Up from the first face-up card: the top row. The face-up cards above the run
            # that can be picked up are stops too (to light their rank, or to be told why
            # they cannot be lifted).
            at_top = not a or self.card(self.col) <= pile.down
            if dy < 0 and at_top:
                stops = self.top_stops()
                widgets = [self._top_widget(c) for c in stops]
                if stops:
                    i = self._nearest(screen.columns[self.col], widgets)
                    self.top = self.came_up_to = stops[i]
            elif a:
                idx = self.card(self.col) + dy
                self.idx = max(pile.down, min(len(a) - 1, idx))
                screen.columns[self.col].reveal(self.idx)
        screen.refresh_board()

    def top_stops(self) -> list[int]:
        """Where the cursor goes on the top row, left to right: the stock (where the game has
        one), the piles, the runs' foundation (where runs are sent there by hand)."""
        screen = self.screen
        stops = [STOCK] if screen.drawing.has_stock() else []
        stops += [p.code for p in screen.piles]
        if screen.foundations.display and not screen.game.rules.auto_remove:
            stops.append(RUNS)
        return stops

    def _top_widget(self, stop: int) -> Any:
        screen = self.screen
        if stop == STOCK:
            return screen.stock
        if stop == RUNS:
            return screen.foundations
        return next(p for p in screen.piles if p.code == stop)

    @staticmethod
    def _nearest(widget: Any, among: Any) -> int:
        """The index of the widget of ``among`` whose middle is nearest ``widget``'s, across."""
        x = widget.region.x + widget.region.width / 2
        return min(range(len(among)),
                   key=lambda i: abs(among[i].region.x + among[i].region.width / 2 - x))

    def pick_drop(self) -> None:
        """Enter: pick up the cards at the cursor, or put the cards picked up there (the first
        press only shows the cursor)."""
        if self.show():
            return
        screen = self.screen
        selector = screen.selector
        sel = selector.selection
        if self.top is not None:
            stop = self.top
            if stop == STOCK:
                screen.action_deal()
            elif stop == RUNS:
                if sel is not None:
                    selector.drop(RUNS)
                else:
                    selector.tap_foundation()
            elif sel is not None:
                if stop == sel.src:
                    selector.cancel()
                else:
                    selector.drop(stop)
            else:
                selector.pick_pile(stop)
            return
        col = self.col
        if sel is not None:
            if col == sel.src:
                selector.cancel()
            else:
                selector.drop(col)
            return
        index = self.card(col)
        problem = screen.facts.lift_problem(col, index)
        if problem:
            screen.refuse(problem)
            return
        selector.select(col, len(screen.facts.cards(col)) - index, mouse=False)
