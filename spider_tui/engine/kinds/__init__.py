"""Each kind of pile owns its rules, one module each, as PySolFC's stack classes do: what it
accepts, what can be lifted from it, its refusal texts and its limits.

* :mod:`.columns`: the columns (tableau): runs lifted and built on; the move generators.
* :mod:`.cells`: free cells, one card (or ``cells.capacity``) each.
* :mod:`.reserves`: reserves, played from, never built on.
* :mod:`.foundations`: card-by-card foundations, built in their group's order.
* :mod:`.waste`: the waste, dealt onto from the stock and played from.
* :mod:`.runs`: the runs' foundation (``f``) complete runs leave the table for.
* :mod:`.stock`: the stock, and the rules of the deal.

The engine's table (:class:`~spider_tui.engine.state.State`) lifts, lists moves and keeps its
limits through :data:`KINDS`; :meth:`RuleSet.move_refusal` answers with :func:`refusal`; the
screen asks :meth:`PileKind.lift_problem`; the AI reads the tables compiled from the same rule
set (:mod:`~spider_tui.engine.compiled`). The limits the variant files are checked against
(``MAX_COLUMNS``...) are each kind's, read by :mod:`~spider_tui.engine.schema`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import PileFacts, PileKind
from .cells import CELLS
from .columns import COLUMNS
from .foundations import FOUNDATIONS
from .reserves import RESERVES
from .runs import RUNS_FOUNDATION
from .waste import WASTE

if TYPE_CHECKING:  # pragma: no cover
    from ..piles import TableView
    from ..rules import RuleSet

#: Every kind of pile of the table's row, indexed by its number (``COLUMN``, ``CELL_KIND``...).
KINDS: tuple[PileKind, ...] = (COLUMNS, CELLS, RESERVES, FOUNDATIONS, WASTE)
#: The kinds a player's move may put cards on, in the order the moves onto them are listed.
TARGETS: tuple[PileKind, ...] = (COLUMNS, CELLS, FOUNDATIONS, RUNS_FOUNDATION)


def refusal(rules: RuleSet, table: TableView, source: Any, cards: tuple[int, ...],
            target: Any) -> str | None:
    """:meth:`RuleSet.move_refusal`'s own answer: why ``cards`` lifted from pile ``source``
    may not go onto pile ``target`` (None: the runs' foundation), or ``None`` when they may.
    It reads the same compiled tables as the engine's move generators (a test checks that the
    two agree on every move of random play in every game)."""
    kind = RUNS_FOUNDATION if target is None else KINDS[target.kind]
    return kind.refusal(rules, table, source, cards, target)


__all__ = ["KINDS", "TARGETS", "PileFacts", "PileKind", "refusal"]
