"""The foundation complete runs leave the table for (pile code :data:`~spider_tui.engine.
piles.RUNS`, written ``f``): a run of one of the variant's ``runs.length`` cards that
:meth:`RuleSet.is_complete` accepts leaves from the end of a column, by itself
(``runs.remove = "auto"``) or as the player's move, until ``runs.piles`` have left."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..piles import COLUMN, RUNS, describe_pile
from .base import Mover, PileKind

if TYPE_CHECKING:  # pragma: no cover
    from ..piles import TableView
    from ..rules import RuleSet
    from ..state import State


def complete_at_end(st: State, i: int) -> int:
    """The length of the complete run at the end of column ``i`` that may leave now, or 0."""
    a = st.piles[i]
    rules = st.rules
    cap = rules.run_piles
    if not a or not st.comp.run_end[a[-1]] or (cap and len(st.done) >= cap):
        return 0
    lift = len(a) - st.rs[i]
    for n in rules.run_lengths:
        if lift >= n and rules.is_complete(a[-n:]):
            return n
    return 0


class RunsFoundation(PileKind):
    """Not a pile of the table's row: the place complete runs go to."""

    kind = -1
    takes_cards = True

    def refusal(self, rules: RuleSet, table: TableView, source: Any, cards: tuple[int, ...],
                target: Any) -> str | None:
        if not rules.runs_leave:
            return "complete runs stay on the table in this game"
        if rules.auto_remove:
            return "complete runs leave the table by themselves in this game"
        if rules.run_piles and len(table.runs_removed) >= rules.run_piles:
            return f"the foundation takes only {rules.run_piles} complete runs"
        if len(cards) not in rules.run_lengths or not rules.is_complete(cards):
            return f"{describe_pile(source.code)} does not end with a complete run"
        return None

    def mover(self, st: State) -> Mover | None:
        """A complete run from the end of a column, where the player removes runs."""
        rules = st.rules
        if not rules.runs_leave or rules.auto_remove:
            return None

        def to_runs(s: int, kind: int, a: list, lift: int, out: list) -> None:
            if kind == COLUMN:
                n = complete_at_end(st, s)
                if n:
                    out.append((s, n, RUNS))

        return to_runs


RUNS_FOUNDATION = RunsFoundation()
