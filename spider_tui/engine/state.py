"""The mutable table: columns, stock, foundations; move generation, play and undo.

This is the hot path that the hint, solver and bot search through, so it works on plain lists and
tuples. A move here is a tuple ``(src, count, dst)`` with 0-based columns and ``dst ==
FOUNDATION`` for a complete run sent to the foundation; a deal is ``DEAL``. :meth:`State.apply`
returns an undo record that :meth:`State.undo` reverses exactly.
"""

from __future__ import annotations

from typing import Sequence

from .cards import ACE, RANK, SUIT
from .rules import RuleSet, compiled

FOUNDATION = -1
#: The deal, as a move tuple.
DEAL = (-1, 0, -1)

_MOVE, _DEAL, _FOUND = 0, 1, 2


class State:
    """Columns hold every card bottom first; ``down[i]`` of them (from the bottom) are face down.

    ``stock[sp:]`` is still to be dealt, ``stock[sp]`` first. ``done`` is the suit of each removed
    run in order. ``rs[i]`` is the index in column ``i`` where its longest liftable run starts
    (``len`` when the column is empty).
    """

    __slots__ = ("rules", "comp", "cols", "down", "stock", "sp", "done", "rs")

    def __init__(self, rules: RuleSet, cols: Sequence[Sequence[int]], down: Sequence[int],
                 stock: Sequence[int], done: Sequence[int] = ()) -> None:
        self.rules = rules
        self.comp = compiled(rules)
        self.cols = [list(c) for c in cols]
        self.down = list(down)
        self.stock = list(stock)
        self.sp = 0
        self.done = list(done)
        self.rs = [self._run_start(i) for i in range(len(self.cols))]

    # ------------------------------------------------------------------ queries

    def copy(self) -> "State":
        new = State.__new__(State)
        new.rules = self.rules
        new.comp = self.comp
        new.cols = [c[:] for c in self.cols]
        new.down = self.down[:]
        new.stock = self.stock
        new.sp = self.sp
        new.done = self.done[:]
        new.rs = self.rs[:]
        return new

    def _run_start(self, i: int) -> int:
        col = self.cols[i]
        j = len(col) - 1
        d = self.down[i]
        if j < d:
            return len(col)
        link = self.comp.link
        while j > d and link[col[j - 1]][col[j]]:
            j -= 1
        return j

    def liftable(self, i: int) -> int:
        """How many cards at the end of column ``i`` can be lifted together."""
        return len(self.cols[i]) - self.rs[i]

    def face_up(self, i: int) -> list[int]:
        return self.cols[i][self.down[i]:]

    def face_down(self, i: int) -> list[int]:
        return self.cols[i][: self.down[i]]

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.sp

    def undealt(self) -> list[int]:
        return self.stock[self.sp:]

    def empty_columns(self) -> list[int]:
        return [i for i, c in enumerate(self.cols) if not c]

    def deal_refusal(self) -> str | None:
        return self.rules.deal_refusal(self.stock_left, self.empty_columns())

    def won(self) -> bool:
        return len(self.done) >= self.rules.win_runs

    def key(self) -> tuple:
        """A hashable summary of the whole position (for transposition tables)."""
        return (tuple(map(tuple, self.cols)), tuple(self.down), self.sp, len(self.done))

    def moves(self) -> list[tuple[int, int, int]]:
        """Every legal card move as ``(src, count, dst)``; deals are not included.

        Listed by source column, then count, then target. This is the innermost loop of every
        search, hence the two paths: when every liftable run descends by one and cards are
        placed only on the rank above (every Spider variant data can say), the run from a
        column fits a target of rank ``r`` only with the card of rank ``r - 1`` at its head,
        so targets are looked up by rank instead of tried one by one.
        """
        out: list[tuple[int, int, int]] = []
        cols = self.cols
        rs = self.rs
        comp = self.comp
        accept = comp.accept
        empty_ok = comp.empty_ok
        ncols = len(cols)
        empties = [i for i in range(ncols) if not cols[i]]
        manual = not self.rules.auto_remove
        if comp.descending and comp.rank_place:
            by_rank: list[list[int]] = [[], [], [], [], [], [], [], [], [], [], [], [], [], [], []]
            for i in range(ncols):
                c = cols[i]
                if c:
                    by_rank[RANK[c[-1]]].append(i)
            for s in range(ncols):
                a = cols[s]
                la = len(a)
                lift = la - rs[s]
                if lift <= 0:
                    continue
                top_rank = RANK[a[-1]]
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
                if manual and lift >= 13 and RANK[a[-1]] == ACE and self.rules.is_complete(a[-13:]):
                    out.append((s, 13, FOUNDATION))
            return out
        tops = [(i, c[-1]) for i, c in enumerate(cols) if c]
        for s in range(ncols):
            a = cols[s]
            la = len(a)
            lift = la - rs[s]
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
            if manual and lift >= 13 and RANK[a[-1]] == ACE and self.rules.is_complete(a[-13:]):
                out.append((s, 13, FOUNDATION))
        return out

    # ------------------------------------------------------------------ changes

    def _flip(self, i: int) -> bool:
        d = self.down[i]
        if d and len(self.cols[i]) == d:
            self.down[i] = d - 1
            return True
        return False

    def _sweep(self, i: int, out: list) -> None:
        """Remove complete runs from the end of column ``i`` (recording them in ``out``)."""
        a = self.cols[i]
        rules = self.rules
        while len(a) - self.down[i] >= 13 and RANK[a[-1]] == ACE:
            run = a[-13:]
            if not rules.is_complete(run):
                return
            del a[-13:]
            self.done.append(SUIT[run[0]])
            out.append((i, run, self._flip(i)))
            self.rs[i] = self._run_start(i)

    def apply(self, move: tuple[int, int, int]) -> tuple:
        """Play ``move`` (assumed legal) and return its undo record."""
        s, k, d = move
        if k == 0:
            return self.deal()
        cols = self.cols
        a = cols[s]
        rs = self.rs
        rs_s, rs_d = rs[s], rs[d] if d >= 0 else 0
        run = a[-k:]
        del a[-k:]
        removals: list = []
        if d == FOUNDATION:
            self.done.append(SUIT[run[0]])
            removals.append((s, run, False))
            kind = _FOUND
        else:
            kind = _MOVE
            b = cols[d]
            if b and self.comp.link[b[-1]][run[0]]:
                b.extend(run)
            else:
                rs[d] = len(b)
                b.extend(run)
        flip = self._flip(s)
        if flip or rs_s >= len(a):
            rs[s] = self._run_start(s)
        if kind == _FOUND:
            removals[0] = (s, run, flip)
            flip = False
        elif self.rules.auto_remove:
            self._sweep(d, removals)
            if a:
                self._sweep(s, removals)
        return (kind, s, k, d, flip, removals, rs_s, rs_d)

    def deal(self) -> tuple:
        targets = self.rules.deal_targets(self.stock_left)
        old_rs = self.rs[:]
        cols = self.cols
        link = self.comp.link
        rs = self.rs
        sp = self.sp
        stock = self.stock
        for j, i in enumerate(targets):
            b = cols[i]
            c = stock[sp + j]
            if not (b and len(b) > self.down[i] and link[b[-1]][c]):
                rs[i] = len(b)
            b.append(c)
        self.sp = sp + len(targets)
        removals: list = []
        if self.rules.auto_remove:
            for i in targets:
                self._sweep(i, removals)
        return (_DEAL, len(targets), targets, removals, old_rs)

    def undo(self, rec: tuple) -> None:
        kind = rec[0]
        cols = self.cols
        done = self.done
        if kind == _DEAL:
            _, n, targets, removals, old_rs = rec
            self._unremove(removals)
            for i in targets:
                cols[i].pop()
            self.sp -= n
            self.rs[:] = old_rs
            return
        _, s, k, d, flip, removals, rs_s, rs_d = rec
        if kind == _FOUND:
            (_, run, f), = removals
            if f:
                self.down[s] += 1
            done.pop()
            cols[s].extend(run)
            self.rs[s] = rs_s
            return
        self._unremove(removals)
        b = cols[d]
        run = b[-k:]
        del b[-k:]
        if flip:
            self.down[s] += 1
        cols[s].extend(run)
        self.rs[s] = rs_s
        self.rs[d] = rs_d

    def _unremove(self, removals: list) -> None:
        for i, run, f in reversed(removals):
            if f:
                self.down[i] += 1
            self.cols[i].extend(run)
            self.done.pop()


def record_flips(rec: tuple) -> int:
    """Face-down cards an action turned face up (dealt cards do not count)."""
    if rec[0] == _DEAL:
        return sum(1 for r in rec[3] if r[2])
    return int(rec[4]) + sum(1 for r in rec[5] if r[2])


def record_removals(rec: tuple) -> list[tuple[int, int]]:
    """``(column, suit)`` of each run an action removed, in order."""
    removals = rec[3] if rec[0] == _DEAL else rec[5]
    return [(i, SUIT[run[0]]) for i, run, _ in removals]
