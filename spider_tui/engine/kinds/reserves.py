"""Reserves: dealt at the start, played from the top, never built on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..piles import RESERVE_KIND
from .base import PileKind

if TYPE_CHECKING:  # pragma: no cover
    from ..piles import TableView
    from ..rules import RuleSet

#: The most reserves a table may have.
MAX_RESERVES = 20


class Reserves(PileKind):
    kind = RESERVE_KIND
    max_count = MAX_RESERVES

    def refusal(self, rules: RuleSet, table: TableView, source: Any, cards: tuple[int, ...],
                target: Any) -> str | None:
        return "nothing can be put on a reserve"


RESERVES = Reserves()
