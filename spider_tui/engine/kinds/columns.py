"""Columns, Spider's tableau: cards are built on them by the variant's ``place`` relation and
lifted in runs by its ``lift`` relation; face-down cards lie under the face-up ones.

The engine's move generators for columns live here: :func:`spider_moves` for a table of
columns alone played as Spider is (:attr:`RuleSet.simple`), the innermost loop of every search,
and :meth:`Columns.mover` for the columns of any other table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import RANK, glyph
from ..compiled import compiled
from ..piles import COLUMN, RUNS, TableView, describe_pile
from .base import Mover, PileFacts, PileKind

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import RuleSet
    from ..state import State

#: The most columns a table may have.
MAX_COLUMNS = 20


def lift_cap(table: State | TableView, target_empty: bool) -> int | None:
    """The most cards one move may carry from a column now (``None``: any number), on the
    engine's table or on the view a rule method is given: ``moves.max_lift``, or with
    ``"free-cells"`` (-1) as many as the free cells and empty columns allow one at a time."""
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


class Columns(PileKind):
    kind = COLUMN
    takes_cards = True
    max_count = MAX_COLUMNS

    def lift_start(self, st: State, i: int) -> int:
        """The start of the longest run at the end of column ``i`` whose cards each follow the
        one below by the ``lift`` relation (its compiled ``link`` table)."""
        col = st.piles[i]
        j = len(col) - 1
        d = st.down[i]
        if j < d:
            return len(col)
        alts = st.comp.link_alts
        if alts is not None:  # one phrase for the whole run: the longest any one allows
            best = j
            for link in alts:
                k = j
                while k > d and link[col[k - 1]][col[k]]:
                    k -= 1
                best = min(best, k)
            return best
        link = st.comp.link
        while j > d and link[col[j - 1]][col[j]]:
            j -= 1
        return j

    def lift_problem(self, rules: RuleSet, pile: PileFacts, index: int) -> str | None:
        a = pile.cards
        if not a:
            return f"column {pile.code + 1} is empty"
        if index < pile.down:
            if index in pile.shown:
                return (f"{glyph(a[index])} lies under a face-down card: it can be played "
                        "when the cards on it are gone")
            return "that card is face down"
        j = pile.lift_from
        if index < j:
            return f"{glyph(a[index])} cannot be lifted: {rules.why_not_linked(a[j - 1], a[j])}"
        return None

    def count_problem(self, rules: RuleSet, pile: PileFacts, count: int | None) -> str | None:
        a = pile.cards
        where = describe_pile(pile.code)
        if not a:
            return f"{where} is empty"
        lift = len(a) - pile.lift_from
        if lift == 0:
            return f"nothing can be lifted from {where}"
        if count is None or count <= lift:
            return None
        if count > len(a):
            return f"{where} has only {len(a)} cards"
        face_up = len(a) - pile.down
        if count > face_up:
            return f"{where} has only {face_up} face-up card{'s' if face_up != 1 else ''}"
        j = pile.lift_from
        return rules.why_not_linked(a[j - 1], a[j])

    def refusal(self, rules: RuleSet, table: TableView, source: Any, cards: tuple[int, ...],
                target: Any) -> str | None:
        comp = compiled(rules)
        head = cards[0]
        if target.cards:
            if not comp.accept[head][target.cards[-1]]:
                return rules.why_not_accepted(head, target.cards[-1])
        elif not comp.empty_ok[head]:
            return rules.why_not_in_empty(head)
        if source.kind == COLUMN:
            cap = lift_cap(table, not target.cards)
            if cap is not None and len(cards) > cap:
                return (f"{len(cards)} cards cannot move at once: free cells and empty columns "
                        f"allow {cap} now")
        return None

    def mover(self, st: State) -> Mover | None:
        """Runs from any pile onto the columns, by the compiled ``accept`` and ``empty_ok``
        tables; from a column, no more cards than :func:`lift_cap` allows."""
        comp = st.comp
        piles = st.piles
        nc = len(st.cols)
        accept = comp.accept
        empty_ok = comp.empty_ok
        tops = [(i, piles[i][-1]) for i in range(nc) if piles[i]]
        empties = [i for i in range(nc) if not piles[i]]
        if st.rules.max_lift:
            cap_full, cap_empty = lift_cap(st, False), lift_cap(st, True)
            assert cap_full is not None and cap_empty is not None  # None only for max_lift 0
        else:
            cap_full = cap_empty = 1 << 30

        def onto_columns(s: int, kind: int, a: list, lift: int, out: list) -> None:
            la = len(a)
            for k in range(1, lift + 1):
                head = a[la - k]
                if kind != COLUMN or k <= cap_full:
                    acc = accept[head]
                    for d, t in tops:
                        if d != s and acc[t]:
                            out.append((s, k, d))
                if empties and (kind != COLUMN or k <= cap_empty) and empty_ok[head]:
                    for d in empties:
                        out.append((s, k, d))

        return onto_columns


COLUMNS = Columns()


def spider_moves(st: State) -> list[tuple[int, int, int]]:
    """Every legal card move of a table of columns alone played as Spider is
    (:attr:`RuleSet.simple`), as ``(src, count, dst)``; deals are not included
    (:func:`column_moves` over the engine's table)."""
    comp = st.comp
    complete = None
    if not st.rules.auto_remove:
        run_end = comp.run_end
        is_complete = st.rules.is_complete

        def complete(s: int, a: Sequence[int]) -> bool:
            return run_end[a[-1]] and is_complete(a[-13:])

    return column_moves(st.cols, st.rs, comp.accept, comp.empty_ok, RANK,
                        comp.descending and comp.rank_place, complete)


def column_moves(cols: Sequence[Sequence[int]], starts: Sequence[int], accept: Sequence,
                 empty_ok: Sequence[bool], rank: Sequence[int], descending: bool,
                 complete: Callable[[int, Any], bool] | None = None,
                 ) -> list[tuple[int, int, int]]:
    """Every move of a run from one column onto another, by the compiled tables: the one
    move generator of a table of columns alone, which the engine's table and the AI's board
    (:class:`~spider_tui.ai.board.Board`, whose cards may be unknown) both list their moves
    with. ``starts[i]`` is where the liftable run of column ``i`` starts; ``complete(s,
    cards)`` says whether a column whose 13 last cards can be lifted ends with a complete run
    the player may send to the foundation (``None``: runs leave by themselves).

    Listed by source column, then count, then target. This is the innermost loop of every
    search, hence the two paths: when every liftable run descends by one and cards are placed
    only on the rank above (``descending``), the run from a column fits a target of rank
    ``r`` only with the card of rank ``r - 1`` at its head, so targets are looked up by rank
    instead of tried one by one.
    """
    out: list[tuple[int, int, int]] = []
    ncols = len(cols)
    empties = [i for i in range(ncols) if not cols[i]]
    if descending:
        by_rank: list[list[int]] = [[], [], [], [], [], [], [], [], [], [], [], [], [], [], []]
        for i in range(ncols):
            c = cols[i]
            if c:
                by_rank[rank[c[-1]]].append(i)
        for s in range(ncols):
            a = cols[s]
            la = len(a)
            lift = la - starts[s]
            if lift <= 0:
                continue
            top_rank = rank[a[-1]]
            for k in range(1, lift + 1):
                r = top_rank + k
                if r > 13:
                    break
                targets = by_rank[r]
                if targets:
                    acc = accept[a[la - k]]
                    for d in targets:
                        if d != s and acc[cols[d][-1]]:
                            out.append((s, k, d))
            if empties:
                for k in range(1, lift + 1):
                    if empty_ok[a[la - k]]:
                        for d in empties:
                            out.append((s, k, d))
            if complete is not None and lift >= 13 and complete(s, a):
                out.append((s, 13, RUNS))
        return out
    tops = [(i, c[-1]) for i, c in enumerate(cols) if c]
    for s in range(ncols):
        a = cols[s]
        la = len(a)
        lift = la - starts[s]
        if lift <= 0:
            continue
        for k in range(1, lift + 1):
            acc = accept[a[la - k]]
            for d, t in tops:
                if d != s and acc[t]:
                    out.append((s, k, d))
            if empties and empty_ok[a[la - k]]:
                for d in empties:
                    out.append((s, k, d))
        if complete is not None and lift >= 13 and complete(s, a):
            out.append((s, 13, RUNS))
    return out
