"""The waste: the stock is dealt onto it (``stock.to = "waste"``, ``waste.turn`` cards at a
time), its top card is played, and with redeals left the empty stock takes it back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..piles import WASTE_KIND
from .base import PileKind

if TYPE_CHECKING:  # pragma: no cover
    from ..piles import TableView
    from ..rules import RuleSet

#: The most times a variant file may let the waste be turned back into the stock, as a number
#: (``waste.redeals``); beyond it, "unlimited".
MAX_REDEALS = 100
#: ``RuleSet.redeals`` of a game whose waste may be turned back as often as the player likes
#: (``redeals = "unlimited"`` in a variant file).
UNLIMITED_REDEALS = -1


class Waste(PileKind):
    kind = WASTE_KIND
    max_count = 1

    def refusal(self, rules: RuleSet, table: TableView, source: Any, cards: tuple[int, ...],
                target: Any) -> str | None:
        return "nothing can be put on the waste"


WASTE = Waste()
