"""The stock: the cards not dealt at the start, dealt a row at a time onto the columns (or
onto the waste), when the player deals or when the rules refill an emptied column.

Here are :class:`RuleSet`'s own answers to its deal methods (``deal_refusal``,
``deal_targets``, ``deal_plan``, ``after_move``), which a plugin may override.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cards import KING, RANK
from ..piles import STOCK, WASTE, Transfer

if TYPE_CHECKING:  # pragma: no cover
    from ..piles import TableView
    from ..rules import RuleSet

#: Rows one deal puts on the columns, cards an emptied column is refilled with, and cards
#: turned onto the waste at a time: a suit's worth.
MAX_ROWS = 13


def deal_refusal(rules: RuleSet, table: TableView) -> str | None:
    """Why a deal is not allowed now, or ``None`` when it is."""
    if not rules.player_deals:
        return "In this game the stock fills emptied columns by itself"
    if table.stock_left <= 0:
        waste = table.waste
        if (rules.deal_to == "waste" and waste is not None and waste.cards
                and rules.redeals_left(table.redeals_used) != 0):
            return None
        return "The stock is empty"
    if rules.deal_needs_full and table.empty_columns:
        return "Fill every empty column before you deal"
    return None


def deal_targets(rules: RuleSet, table: TableView) -> list[int]:
    """The piles the next deal puts a stock card on, in order, as pile codes."""
    left = table.stock_left
    if rules.deal_to == "waste":
        return [WASTE] * min(left, rules.waste_turn)
    cols: Sequence[int] = range(len(rules.layout))
    if rules.deal_skip == "empty":
        cols = [i for i in cols if table.columns[i].cards] or [0]
    elif rules.deal_skip == "king-runs":
        cols = [i for i, c in enumerate(table.columns) if not _king_run(rules, c)]
    cols = list(cols)[:rules.deal_size or None]
    return (cols * rules.deal_rows)[:left]


def deal_plan(rules: RuleSet, table: TableView) -> list[Transfer]:
    """Every card the next deal carries: a stock card onto each of the deal's targets; with the
    stock empty and a redeal left, the waste turned back into the stock instead."""
    if table.stock_left <= 0 and rules.deal_to == "waste":
        waste = table.waste
        n = len(waste.cards) if waste is not None else 0
        return [Transfer(WASTE, STOCK, False)] * n
    return [Transfer(STOCK, t, True) for t in rules.deal_targets(table)]


def refill_plan(rules: RuleSet, table: TableView, move: tuple[int, int, int]) -> list[Transfer]:
    """A column emptied by ``move`` refilled from the stock with ``refill`` cards."""
    if not rules.refill or table.stock_left <= 0:
        return []
    src = move[0]
    if not 0 <= src < len(rules.layout) or table.columns[src].cards:
        return []
    return [Transfer(STOCK, src, True)] * min(rules.refill, table.stock_left)


def _king_run(rules: RuleSet, col: Any) -> bool:
    """Does this column end in a liftable run that starts with a King?"""
    cards = col.cards
    j = len(cards) - 1
    if j < col.down:
        return False
    while j > col.down and rules.links(cards[j - 1], cards[j]):
        j -= 1
    return RANK[cards[j]] == KING
