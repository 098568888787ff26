"""A lean table for searching: what the hint, the bot and the solver play on.

It differs from the engine's :class:`~spider_tui.engine.State` in two ways that matter here:

* A card may be :data:`UNKNOWN` (code 52). The *fair* view of a game replaces every face-down
  card and every stock card by it, so a search on that view cannot read what a player cannot
  see: fairness holds by construction, not by care in the search code.
* It keeps an incremental evaluation (a score per column plus globals), so a search can score
  every position it visits at the cost of rescoring the two columns a move touched.

Moves are tuples ``(src, count, dst)`` like the engine's; :data:`DEAL` deals.
"""

from __future__ import annotations

from typing import Sequence

from ..engine.cards import ACE, NUM_CARDS, RANK, SUIT
from ..engine.game import Game
from ..engine.rules import RuleSet, compiled
from ..engine.state import DEAL, FOUNDATION, State

UNKNOWN = NUM_CARDS  # 52: a card the viewer cannot see
_N = NUM_CARDS + 1

# Evaluation weights. They say what a strong player values: runs removed above all, then empty
# columns and turned-over cards, then same-suit links well above off-suit ones; a card lying on
# something it does not follow is a debt.
W_RUN = 1000.0
#: The worth of having 0, 1, 2, ... empty columns: the first is worth most, and a card turned
#: over soon beats a third or fourth empty column kept idle.
EMPTY_WORTH = (0.0, 60.0, 100.0, 120.0, 130.0) + tuple(130.0 + 5 * i for i in range(1, 16))
#: Per face-down card, and per column still holding any (it cannot be emptied), by who plays:
#: the fair player (hint, bot) must dig for information and leans hard on turning cards over;
#: the solver, which sees every card, does better weighing order more; and with one suit, where
#: every run is easy to move, order and empty columns matter more than with two. Keyed by
#: style and number of suits (0: any other), measured with benchmarks/bot_bench.py and
#: benchmarks/solver_bench.py.
W_DOWN = {("play", 1): 36.0, ("play", 0): 70.0, ("solve", 0): 36.0}
W_DOWN_COL = {("play", 1): 8.0, ("play", 0): 40.0, ("solve", 0): 8.0}
W_SUIT = 14.0
W_RANK = 0.0
W_BREAK = -12.0
W_KING_BOTTOM = 4.0   # a King at the bottom of a column needs no empty column ever again


class Tables:
    """Per-rule-set lookup tables over 53 card codes (the 52 cards and UNKNOWN)."""

    __slots__ = ("rules", "link", "accept", "empty_ok", "rank", "pair", "descending",
                 "ncols", "win_runs", "auto_remove", "needs_full", "king_only", "col_bonus",
                 "w_down", "w_down_col")

    def __init__(self, rules: RuleSet, style: str = "play") -> None:
        key = (style, rules.suit_count)
        if key not in W_DOWN:
            key = (style, 0)
        self.w_down = W_DOWN[key]
        self.w_down_col = W_DOWN_COL[key]
        comp = compiled(rules)
        n = NUM_CARDS
        self.rules = rules
        self.link = [[(u < n and lo < n and comp.link[u][lo]) for lo in range(_N)]
                     for u in range(_N)]
        self.accept = [[(m < n and o < n and comp.accept[m][o]) for o in range(_N)]
                       for m in range(_N)]
        self.empty_ok = [c < n and comp.empty_ok[c] for c in range(_N)]
        self.rank = tuple(RANK) + (0,)
        self.descending = comp.descending and comp.rank_place
        self.ncols = rules.columns
        self.win_runs = rules.win_runs
        self.auto_remove = rules.auto_remove
        self.needs_full = rules.deal_needs_full
        self.king_only = not any(comp.empty_ok[c] for c in range(n) if RANK[c] != 13)
        # The score of one card lying on another; UNKNOWN pairs are neutral (a card turned over
        # in a fair search is valued by its count, not by what it might be).
        pair = [[0.0] * _N for _ in range(_N)]
        for u in range(n):
            for lo in range(n):
                if comp.link[u][lo] and RANK[u] == RANK[lo] + 1:
                    pair[u][lo] = W_SUIT
                elif RANK[u] == RANK[lo] + 1:
                    pair[u][lo] = W_RANK if comp.accept[lo][u] else W_BREAK / 2
                else:
                    pair[u][lo] = W_BREAK
        self.pair = pair
        self.col_bonus = W_KING_BOTTOM


_tables: dict[tuple[int, str], tuple[RuleSet, Tables]] = {}


def tables_for(rules: RuleSet, style: str = "play") -> Tables:
    """The tables of ``rules``, weighted for ``style`` ("play": hint and bot; "solve")."""
    hit = _tables.get((id(rules), style))
    if hit is not None and hit[0] is rules:
        return hit[1]
    t = Tables(rules, style)
    if len(_tables) > 64:
        _tables.clear()
    _tables[(id(rules), style)] = (rules, t)
    return t


class Board:
    """Columns (cards bottom first, ``down[i]`` face down), the stock, runs removed, and an
    incremental score. ``stock[sp:]`` is still to deal."""

    __slots__ = ("t", "cols", "down", "stock", "sp", "done", "rs", "cs", "deal_size")

    def __init__(self, t: Tables, cols: Sequence[Sequence[int]], down: Sequence[int],
                 stock: Sequence[int], sp: int, done: int) -> None:
        self.t = t
        self.cols = [list(c) for c in cols]
        self.down = list(down)
        self.stock = list(stock)
        self.sp = sp
        self.done = done
        self.rs = [self._run_start(i) for i in range(len(self.cols))]
        self.cs = [self.col_score(i) for i in range(len(self.cols))]
        self.deal_size = t.rules.cards_per_deal

    @classmethod
    def from_state(cls, state: State, *, peek: bool = False, style: str = "play") -> "Board":
        """The board a viewer sees: with ``peek`` every card, else face-down and stock cards
        are :data:`UNKNOWN`. ``style`` picks the evaluation's weights (see :data:`W_DOWN`)."""
        t = tables_for(state.rules, style)
        if peek:
            cols = state.cols
            stock = state.stock[state.sp:]
        else:
            cols = [[UNKNOWN] * d + c[d:] for c, d in zip(state.cols, state.down)]
            stock = [UNKNOWN] * (len(state.stock) - state.sp)
        return cls(t, cols, state.down, stock, 0, len(state.done))

    @classmethod
    def from_game(cls, game: Game, *, peek: bool = False) -> "Board":
        return cls.from_state(game.state, peek=peek)

    def copy(self) -> "Board":
        new = Board.__new__(Board)
        new.t = self.t
        new.cols = [c[:] for c in self.cols]
        new.down = self.down[:]
        new.stock = self.stock
        new.sp = self.sp
        new.done = self.done
        new.rs = self.rs[:]
        new.cs = self.cs[:]
        new.deal_size = self.deal_size
        return new

    # ------------------------------------------------------------------ queries

    def _run_start(self, i: int) -> int:
        col = self.cols[i]
        j = len(col) - 1
        d = self.down[i]
        if j < d or col[j] == UNKNOWN:
            return len(col)
        link = self.t.link
        while j > d and link[col[j - 1]][col[j]]:
            j -= 1
        return j

    def col_score(self, i: int) -> float:
        c = self.cols[i]
        n = len(c)
        if not n:
            return 0.0
        d = self.down[i]
        if d:
            s = -self.t.w_down * d - self.t.w_down_col
        else:
            s = self.t.col_bonus if self.t.rank[c[0]] == 13 else 0.0
        pair = self.t.pair
        prev = c[d]
        for j in range(d + 1, n):
            cur = c[j]
            s += pair[prev][cur]
            prev = cur
        return s

    def score(self) -> float:
        return sum(self.cs) + W_RUN * self.done + EMPTY_WORTH[self.cols.count([])]

    def won(self) -> bool:
        return self.done >= self.t.win_runs

    def stock_left(self) -> int:
        return len(self.stock) - self.sp

    def can_deal(self) -> bool:
        if self.sp >= len(self.stock):
            return False
        if self.t.needs_full:
            for c in self.cols:
                if not c:
                    return False
        return True

    def key(self) -> bytes:
        """A compact hashable summary of the position (for transposition tables)."""
        return b"\xff".join(map(bytes, self.cols)) + bytes(self.down) + bytes((self.sp & 255,))

    def hidden(self) -> int:
        return sum(self.down)

    def moves(self) -> list[tuple[int, int, int]]:
        """Every legal card move (no deals), as ``(src, count, dst)``."""
        out: list[tuple[int, int, int]] = []
        cols = self.cols
        rs = self.rs
        t = self.t
        accept = t.accept
        empty_ok = t.empty_ok
        rank = t.rank
        ncols = len(cols)
        empties = [i for i in range(ncols) if not cols[i]]
        if t.descending:
            by_rank: dict[int, list[int]] = {}
            for i in range(ncols):
                c = cols[i]
                if c:
                    by_rank.setdefault(rank[c[-1]], []).append(i)
            for s in range(ncols):
                a = cols[s]
                la = len(a)
                lift = la - rs[s]
                if lift <= 0:
                    continue
                r = rank[a[-1]]
                for k in range(1, lift + 1):
                    dl = by_rank.get(r + k)
                    if dl:
                        head = a[la - k]
                        for d in dl:
                            if d != s and accept[head][cols[d][-1]]:
                                out.append((s, k, d))
                if empties:
                    for k in range(1, lift + 1):
                        if empty_ok[a[la - k]]:
                            for d in empties:
                                out.append((s, k, d))
        else:
            for s in range(ncols):
                a = cols[s]
                la = len(a)
                lift = la - rs[s]
                if lift <= 0:
                    continue
                for d in range(ncols):
                    if d == s:
                        continue
                    b = cols[d]
                    if b:
                        top = b[-1]
                        for k in range(1, lift + 1):
                            if accept[a[la - k]][top]:
                                out.append((s, k, d))
                    else:
                        for k in range(1, lift + 1):
                            if empty_ok[a[la - k]]:
                                out.append((s, k, d))
        if not t.auto_remove:
            for s in range(ncols):
                a = cols[s]
                if len(a) - rs[s] >= 13 and rank[a[-1]] == ACE and t.rules.is_complete(a[-13:]):
                    out.append((s, 13, FOUNDATION))
        return out

    # ------------------------------------------------------------------ changes

    def _after_change(self, i: int) -> None:
        self.rs[i] = self._run_start(i)
        self.cs[i] = self.col_score(i)

    def _flip(self, i: int) -> bool:
        d = self.down[i]
        if d and len(self.cols[i]) == d:
            self.down[i] = d - 1
            return True
        return False

    def _sweep(self, i: int) -> list | None:
        """Remove complete runs at the end of column ``i``; returns what undo needs."""
        a = self.cols[i]
        t = self.t
        out = None
        while (len(a) - self.down[i] >= 13 and t.rank[a[-1]] == ACE
               and t.rules.is_complete(a[-13:])):
            run = a[-13:]
            del a[-13:]
            self.done += 1
            if out is None:
                out = []
            out.append((run, self._flip(i)))
        return out

    def apply(self, move: tuple[int, int, int]) -> tuple:
        """Play ``move`` (assumed legal); returns the record :meth:`undo` takes."""
        s, k, d = move
        if k == 0:
            return self.deal()
        cols = self.cols
        a = cols[s]
        old = (self.rs[s], self.cs[s], self.rs[d] if d >= 0 else 0,
               self.cs[d] if d >= 0 else 0.0)
        run = a[-k:]
        del a[-k:]
        if d == FOUNDATION:
            self.done += 1
            flip = self._flip(s)
            self._after_change(s)
            return (s, k, d, flip, run, old)
        # The common case, scored incrementally: only the pairs at the cut and at the landing
        # change, plus the run's own pairs (all links when runs descend by one).
        t = self.t
        rs = self.rs
        cs = self.cs
        rs_d = rs[d]
        old = (old[0], old[1], rs_d, cs[d])
        pair = t.pair
        b = cols[d]
        lb = len(b)
        j = len(a)
        head = run[0]
        if t.descending:
            inner = (k - 1) * W_SUIT
        else:
            inner = 0.0
            for i in range(k - 1):
                inner += pair[run[i]][run[i + 1]]
        if lb:
            top = b[-1]
            cs[d] += inner + pair[top][head]
            if not t.link[top][head]:
                rs[d] = lb
        else:
            cs[d] = inner + (t.col_bonus if t.rank[head] == 13 else 0.0)
            rs[d] = 0
        b += run
        dn = self.down[s]
        flip = False
        if j == 0:
            cs[s] = 0.0
            rs[s] = 0
        elif j == dn:
            self.down[s] = dn - 1
            flip = True
            self._after_change(s)
        else:
            cs[s] -= inner + pair[a[j - 1]][head]
            if j <= old[0]:
                rs[s] = self._run_start(s)
        rem = None
        if t.auto_remove and len(b) - self.down[d] >= 13 and t.rank[b[-1]] == ACE:
            rem = self._sweep(d)
            if rem:
                self._after_change(d)
        return (s, k, d, flip, rem, old)

    def undo(self, rec: tuple) -> None:
        if rec[0] is None:
            self._undeal(rec)
            return
        s, k, d, flip, rem, old = rec
        cols = self.cols
        if flip:
            self.down[s] += 1
        if d == FOUNDATION:
            self.done -= 1
            cols[s] += rem  # the run sent to the foundation
            self.rs[s], self.cs[s] = old[0], old[1]
            return
        b = cols[d]
        if rem:
            for run, f in reversed(rem):
                if f:
                    self.down[d] += 1
                b += run
                self.done -= 1
        run = b[-k:]
        del b[-k:]
        cols[s] += run
        self.rs[s], self.cs[s], self.rs[d], self.cs[d] = old

    def deal(self) -> tuple:
        t = self.t
        n = min(self.stock_left(), self.deal_size, len(self.cols))
        targets = range(n)
        old_rs = self.rs[:]
        old_cs = self.cs[:]
        sp = self.sp
        stock = self.stock
        cols = self.cols
        for j in targets:
            cols[j].append(stock[sp + j])
        self.sp = sp + n
        rems = []
        if t.auto_remove:
            for i in targets:
                r = self._sweep(i)
                if r:
                    rems.append((i, r))
        for i in targets:
            self._after_change(i)
        return (None, n, rems, old_rs, old_cs)

    def _undeal(self, rec: tuple) -> None:
        _, n, rems, old_rs, old_cs = rec
        cols = self.cols
        for i, r in reversed(rems):
            for run, f in reversed(r):
                if f:
                    self.down[i] += 1
                cols[i] += run
                self.done -= 1
        for i in range(n):
            cols[i].pop()
        self.sp -= n
        self.rs[:] = old_rs
        self.cs[:] = old_cs


def visible_counts(state: State) -> list[int]:
    """How many of each card code a player cannot see (the deck minus every visible card)."""
    counts = [0] * NUM_CARDS
    for c in state.rules.deck_cards():
        counts[c] += 1
    for col, d in zip(state.cols, state.down):
        for c in col[d:]:
            counts[c] -= 1
    for s in state.done:
        for r in range(13):
            counts[s * 13 + r] -= 1
    return counts


__all__ = ["Board", "DEAL", "FOUNDATION", "SUIT", "Tables", "UNKNOWN", "tables_for",
           "visible_counts"]
