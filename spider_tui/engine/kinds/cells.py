"""Free cells: each holds one card (or ``cells.capacity`` cards, put there one at a time);
its top card can be played again."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..piles import CELL_KIND, describe_pile
from .base import Mover, PileKind

if TYPE_CHECKING:  # pragma: no cover
    from ..piles import TableView
    from ..rules import RuleSet
    from ..state import State

#: The most free cells a table may have.
MAX_CELLS = 20


def _full(rules: RuleSet, held: int, adding: int, code: int) -> str | None:
    cap = rules.cell_capacity
    if cap and held + adding > cap:
        return f"{describe_pile(code)} is full"
    return None


class Cells(PileKind):
    kind = CELL_KIND
    takes_cards = True
    max_count = MAX_CELLS

    def refusal(self, rules: RuleSet, table: TableView, source: Any, cards: tuple[int, ...],
                target: Any) -> str | None:
        if len(cards) != 1:
            return "a free cell takes one card at a time"
        if source.kind == CELL_KIND:
            return "a card in a free cell goes to a column or a foundation, not another cell"
        return _full(rules, len(target.cards), 1, target.code)

    def limit_refusal(self, st: State, cards: Any, d: int) -> str | None:
        """A free cell holds no more than its capacity."""
        return _full(st.rules, len(st.piles[d]), len(cards), st.rules.pile_codes[d])

    def mover(self, st: State) -> Mover | None:
        """The top card of any other pile into the first free cell with room (the cells are
        alike, so the move is listed once)."""
        cap = st.rules.cell_capacity
        kinds = st.comp.kinds
        cell = next((i for i in range(len(st.cols), len(st.piles))
                     if kinds[i] == CELL_KIND and (not cap or len(st.piles[i]) < cap)), -1)
        if cell < 0:
            return None

        def into_cell(s: int, kind: int, a: list, lift: int, out: list) -> None:
            if kind != CELL_KIND:
                out.append((s, 1, cell))

        return into_cell


CELLS = Cells()
