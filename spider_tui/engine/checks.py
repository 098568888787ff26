"""What the data of a rule set says about one move between piles, in a player's words.

:func:`refusal` is :meth:`RuleSet.move_refusal`'s own answer: the reason cards lifted from one
pile may not go onto another, or ``None``. It reads the same compiled tables as the engine's
move generator (a test checks that the two agree on every move of random play in every game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import glyph
from .compiled import compiled
from .piles import (
    CELL_KIND,
    COLUMN,
    FOUNDATION_KIND,
    RESERVE_KIND,
    WASTE_KIND,
    TableView,
    describe_pile,
)

if TYPE_CHECKING:  # pragma: no cover
    from .rules import RuleSet
    from .state import State


def lift_cap(table: State | TableView, target_empty: bool) -> int | None:
    """The most cards one move may carry from a column now (``None``: any number), on the
    engine's table or on the view a rule method is given."""
    ml = table.rules.max_lift
    if ml > 0:
        return ml
    if ml == 0:
        return None
    if isinstance(table, TableView):
        free, empties = table.free_cells, len(table.empty_columns)
    else:
        free, empties = table.free_cells(), sum(1 for c in table.cols if not c)
    return (free + 1) << max(0, empties - (1 if target_empty else 0))


def refusal(rules: RuleSet, table: TableView, source: Any, cards: tuple[int, ...],
            target: Any) -> str | None:
    comp = compiled(rules)
    k = len(cards)
    head = cards[0]
    if target is None:
        if not rules.runs_leave:
            return "complete runs stay on the table in this game"
        if rules.auto_remove:
            return "complete runs leave the table by themselves in this game"
        if rules.run_piles and len(table.runs_removed) >= rules.run_piles:
            return f"the foundation takes only {rules.run_piles} complete runs"
        if k not in rules.run_lengths or not rules.is_complete(cards):
            return f"{describe_pile(source.code)} does not end with a complete run"
        return None
    kind = target.kind
    if kind == COLUMN:
        if target.cards:
            if not comp.accept[head][target.cards[-1]]:
                return rules.why_not_accepted(head, target.cards[-1])
        elif not comp.empty_ok[head]:
            return rules.why_not_in_empty(head)
        if source.kind == COLUMN:
            cap = lift_cap(table, not target.cards)
            if cap is not None and k > cap:
                return (f"{k} cards cannot move at once: free cells and empty columns allow "
                        f"{cap} now")
        return None
    if kind == CELL_KIND:
        if k != 1:
            return "a free cell takes one card at a time"
        if source.kind == CELL_KIND:
            return "a card in a free cell goes to a column or a foundation, not another cell"
        cap = rules.cell_capacity
        if cap and len(target.cards) >= cap:
            return f"{describe_pile(target.code)} is full"
        return None
    if kind == FOUNDATION_KIND:
        if k != 1:
            return "the foundations are built one card at a time"
        if source.kind == FOUNDATION_KIND:
            return "a card on a foundation does not move to another foundation"
        group = comp.found[target.index]
        top = target.cards[-1] if target.cards else None
        if not group.takes(head, top, len(target.cards)):
            return (f"{glyph(head)} cannot go onto {describe_pile(target.code)}: it takes "
                    f"{group.needs(top)}")
        return None
    if kind == RESERVE_KIND:
        return "nothing can be put on a reserve"
    if kind == WASTE_KIND:
        return "nothing can be put on the waste"
    return "that pile takes no cards"  # pragma: no cover
