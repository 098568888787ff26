"""The one search of the hint, the bot and the solver: which first move leads to the best table?

From the position it is given, a best-first search (:func:`best_first`) visits the positions
reachable by the moves worth searching (a transposition table keeps each position once) and
scores each; :func:`explore` credits every first move with the best score found behind it. The
search is written once over a :class:`Space`, a kind of table: the fast board
(:class:`BoardSpace`, the tables :attr:`RuleSet.simple` lets it serve) or the engine's own
table (:class:`~spider_tui.ai.general.TableSpace`, any rule set, a plugin's included).

On a *fair* fast board (face-down and stock cards UNKNOWN) a card turned over stays UNKNOWN,
face up: what appears cannot be known, so it is scored by the count of cards turned over,
nothing goes onto it and it does not move. With one or two suits (``Tables.through``) the line
goes on with the moves that do not depend on it, so a line may turn over several cards one
after another (a card in one column, then another elsewhere) and is credited with all of them;
with more suits the line ends there and the search goes on elsewhere. Deals are never searched
on a fair board (the stock is unknown); on a peeked board both flips and deals are searched
through. The engine's table is always searched with every card read: fairness there comes from
searching worlds a player cannot tell from it (:func:`~spider_tui.ai.general.worlds`), never
dealing in them from a stock the player cannot see.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .board import (
    ALWAYS,
    DEAL,
    EMPTY_WORTH,
    HIDDEN,
    RUNS,
    SINGLE_MOVES,
    UNKNOWN,
    W_RUN,
    W_STARVED,
    Board,
    Once,
    face_up_twice,
    moved,
    pointless,
    split_left_out,
    starved,
)

#: Score lost per single move of a line (the hint's and the bot's search), so that of two
#: equal results the shorter line wins.
DEPTH_COST = 0.5
#: What a move does, as :func:`best_first` tells its visitor: it wins (the line ends there),
#: or it turns over a card the searcher cannot see.
WIN, REVEAL = 2, 1
#: Added to the score of a position that wins, so that a win outranks any other position.
WIN_BONUS = 1e6


@dataclass
class Result:
    """What :func:`explore` found: the root's score and, per first move, the best score
    found behind it with its line."""

    root: float
    best: dict[tuple[int, int, int], tuple[float, tuple]] = field(default_factory=dict)
    #: The same, counting only positions with no empty column (from where a deal may follow).
    best_full: dict[tuple[int, int, int], tuple[float, tuple]] = field(default_factory=dict)
    #: The same, counting only lines whose last move turns over a card.
    best_reveal: dict[tuple[int, int, int], tuple[float, tuple]] = field(default_factory=dict)
    nodes: int = 0
    complete: bool = False

    def ranked(self, full: bool = False, reveal: bool = False) -> list[tuple[float, tuple]]:
        """``(score, line)`` per first move, best first (ties by shorter line, then move);
        with ``full``, the best line to a position with no empty column; with ``reveal``, the
        best line that turns over a card."""
        table = self.best_full if full else self.best_reveal if reveal else self.best
        return sorted(table.values(), key=lambda v: (-v[0], len(v[1]), v[1]))


class NodeBudget:
    """The positions the searches of one answer (a hint, a move of the bot's) may expand
    together, shared out between them as a time budget is: each search is allowed a part of
    what is left (:meth:`allow`) and reports what it expanded (:meth:`spend`). With ``total``
    None there is no budget and the positions are only counted (for positions per second)."""

    def __init__(self, total: int | None = None) -> None:
        self.total = total
        self.spent = 0

    def allow(self, fraction: float = 1.0, cap: int | None = None) -> int | None:
        """The next search's allowance: ``fraction`` of the positions left, and at most
        ``cap`` (the search's own ``max_nodes``); None when neither bounds it."""
        if self.total is None:
            return cap
        n = int(max(0, self.total - self.spent) * fraction)
        return n if cap is None else min(n, cap)

    def spend(self, n: int) -> None:
        """Count ``n`` positions expanded."""
        self.spent += n


def search_moves(board: Board, splits: bool = False) -> list[tuple[int, int, int]]:
    """Legal card moves and supermoves (:meth:`Board.supermoves`) minus those that cannot
    help a search: into any but the first empty column, part of a stretch of a run into an
    empty column that the whole stretch may go into (:func:`stretch_start`; with ``splits``,
    only where no copy of its first card or of the card under it lies within reach in
    another column), and those :func:`pointless` says (through the rows of
    :meth:`Tables.targets` and :meth:`Tables.info` where runs descend by one)."""
    t = board.t
    if not t.descending:
        return _search_moves_any(board, splits)
    cols = board.cols
    memo_get = t.memo.get
    info = t.info
    rank = t.rank
    by_rank: dict[int, list[int]] = {}
    first_empty = -1
    n_empty = 0
    # With splits, the cards within reach in two columns or more (:func:`face_up_twice`,
    # kept inline); without, none.
    once = twice = 0
    for i, c in enumerate(cols):
        if c:
            if splits:
                up = (memo_get(c) or info(c))[6]
                twice |= once & up
                once |= up
            r = rank[c[-1]]
            if r in by_rank:
                by_rank[r].append(i)
            else:
                by_rank[r] = [i]
        else:
            n_empty += 1
            if first_empty < 0:
                first_empty = i
    if t.supermoves:
        cap = 1 << n_empty
        cap_e = cap >> 1
    else:
        cap = 1
        cap_e = 1 if n_empty else 0
    out = []
    for s, a in enumerate(cols):
        if not a:
            continue
        inf = memo_get(a) or info(a)
        for k, into, need, onto, runs in inf[5]:
            if runs > cap:
                break
            dl = by_rank.get(need)
            if dl:
                for d in dl:
                    if d != s and onto[cols[d][-1]]:
                        out.append((s, k, d))
            # Into the first empty column only, and never a whole column with nothing under it.
            if runs <= cap_e and (into == ALWAYS or twice & into) and (k < len(a) or inf[2]):
                out.append((s, k, first_empty))
        if inf[4] and not t.auto_remove and len(a) - inf[1] >= 13:
            out.append((s, 13, RUNS))
    return out


def _search_moves_any(board: Board, splits: bool) -> list[tuple[int, int, int]]:
    """:func:`search_moves` for rule sets whose runs need not descend by one."""
    cols = board.cols
    first_empty = -1
    for i, c in enumerate(cols):
        if not c:
            first_empty = i
            break
    t = board.t
    link = t.link
    moves = board.moves()
    legal = set(moves)
    twice = Once(lambda: face_up_twice((t.memo.get(c) or t.info(c))[6] for c in cols)
                 if splits else 0)
    out = []
    for m in moves:
        s, k, d = m
        if d >= 0:
            a = cols[s]
            b = cols[d]
            j = len(a) - k
            if ((not b and d != first_empty)
                    or pointless(link, a[j - 1] if j and a[j - 1] < HIDDEN else None, a[j],
                                 b[-1] if b else None, not j)):
                continue
            if not b and split_left_out(t.in_run, a, j, (t.memo.get(a) or t.info(a))[2], s, d,
                                        legal, twice):
                continue
        out.append(m)
    return out


class Space:
    """A kind of table as :func:`best_first` searches it, written once for the two kinds the
    AI knows: the fast board (:class:`BoardSpace`) and the engine's own table
    (:class:`~spider_tui.ai.general.TableSpace`). A *node* is the space's own form of a
    position; a *child* what it keeps of a node's child until the search enters it
    (:meth:`enter`); a *view* what a visitor is shown of a position."""

    #: Does a line go on past a card it turns over (:data:`REVEAL`)?
    through = True
    #: ``full(view)``: is no column of the position empty (so that a deal may follow)?
    full: Callable[[Any], bool]

    _root: tuple[Any, tuple, float] | None = None

    def start(self) -> tuple[Any, tuple, float]:
        """The root: its node, its key and its score (made once, by :meth:`_start`: the
        search and its caller ask for it both). A search leaves the root node as it was."""
        if self._root is None:
            self._root = self._start()
        return self._root

    def _start(self) -> tuple[Any, tuple, float]:
        raise NotImplementedError

    def moves(self, node: Any) -> list:
        """The moves worth searching from ``node``."""
        raise NotImplementedError

    def children(self, node: Any, moves: list, seen: set
                 ) -> Iterator[tuple[Any, Any, float, int, Any, int]]:
        """``(move, view, score, end, child, length)`` for each of ``moves`` from ``node``
        that leads to a position whose key is not in ``seen`` (the key is added to it): what
        the move did is ``end`` (:data:`WIN`, :data:`REVEAL` or 0), and ``length`` how many
        of the engine's single moves it takes (a supermove takes several). The view holds
        only until the next child is asked for."""
        raise NotImplementedError

    def enter(self, child: Any) -> Any:
        """The node of a child :meth:`children` gave."""
        return child

    def view(self, node: Any) -> Any:
        """What a visitor is shown of ``node`` (the root's, say)."""
        return node


class BoardSpace(Space):
    """The fast board's positions (:class:`Board`, left as it is), kept as lists of columns,
    not boards: a child costs two new columns and a few lookups of what is remembered about
    them, and its score is the parent's changed where the move changed it. With ``deals``
    (a peeked board only) deals are searched through too; with ``splits``, the parts of runs
    into an empty column that :func:`search_moves` keeps with it."""

    def __init__(self, board: Board, deals: bool = False, splits: bool = False) -> None:
        self.board = board
        self.t = board.t
        self.through = board.t.through
        self.deals = deals
        self.splits = splits
        self.probe = board.copy()
        self.stock_len = len(board.stock)

    def _start(self) -> tuple[Any, tuple, float]:
        b = self.board
        cols = b.cols[:]
        score = b.score()
        return (cols, score, b.done, b.sp), (*cols, b.sp), score

    def view(self, node: tuple) -> list:
        return node[0]

    def moves(self, node: tuple) -> list:
        cols, _, _, sp = node
        probe = self.probe
        probe.cols = cols
        ms = search_moves(probe, self.splits)
        if self.deals:
            probe.sp = sp
            if probe.can_deal():
                ms.append(DEAL)
        return ms

    #: A view is the list of columns: full when every one holds a card (a builtin: it is
    #: asked of every position the hint's search visits).
    full = staticmethod(all)

    def children(self, node: tuple, moves: list, seen: set
                 ) -> Iterator[tuple[Any, Any, float, int, Any, int]]:
        t = self.t
        memo_get = t.memo.get
        info = t.info
        moved_get = t.moves_memo.get  # :func:`moved`'s memory, asked here first
        win_runs = t.win_runs
        probe = self.probe
        stock_len = self.stock_len
        cols, score, done, sp = node
        empties = cols.count(b"")
        for mv in moves:
            s, k, d = mv
            cost = 1
            if k == 0:
                probe.cols = cols[:]
                probe.sp = sp
                probe.done = done
                probe.cs = [(memo_get(c) or info(c))[0] for c in cols]
                probe.deal()
                nc = probe.cols
                nsp = probe.sp
                key = (*nc, nsp)
                if key in seen:
                    continue
                ndone = probe.done
                val = probe.score()
                reveal = False
            else:
                nsp = sp
                a = cols[s]
                nc = cols[:]
                if d == RUNS:
                    na = moved(t, a, b"", k)[0]
                    b = None
                    rem = 1
                else:
                    b = cols[d]
                    na, nb, _, rem = moved_get((a, b, k)) or moved(t, a, b, k)
                    nc[d] = nb
                nc[s] = na
                key = (*nc, nsp)  # a position met before is left before it is scored
                if key in seen:
                    continue
                ia = memo_get(a) or info(a)
                val = score - ia[0] + (memo_get(na) or info(na))[0] + W_RUN * rem
                if k > len(a) - ia[1] and d != RUNS:  # a supermove: its single moves
                    cost = SINGLE_MOVES[next((r for c, _, r in ia[3] if c == k), 1)]
                ne = empties + (not na)
                reveal = bool(na) and na[-1] == UNKNOWN
                if b is not None:
                    val += (memo_get(nb) or info(nb))[0] - (memo_get(b) or info(b))[0]
                    ne += (not nb) - (not b)
                    reveal = reveal or (bool(nb) and nb[-1] == UNKNOWN)
                val += EMPTY_WORTH[ne] - EMPTY_WORTH[empties]
                ndone = done + rem
                left = stock_len - sp
                if rem and starved(t, ndone, left) and not starved(t, done, left):
                    val -= W_STARVED  # this removal leaves too few cards to deal again
            seen.add(key)
            end = WIN if ndone >= win_runs else REVEAL if reveal else 0
            yield mv, nc, val, end, (nc, val, ndone, nsp), cost


def best_first(space: Space, deadline: float, visit, *, max_nodes: int | None = None,
               seen: set | None = None, root_moves: list | None = None,
               depth_cost: float = DEPTH_COST) -> tuple[int, bool, list]:
    """Best-first search in ``space`` from its root over the moves it lists: until
    ``deadline`` (``time.perf_counter()`` seconds), ``max_nodes`` expansions, or nothing is
    left. The one search of the hint, the bot and the solver, on either kind of table.

    Each new position is passed to ``visit(view, score, idx, first, end, depth)``: what the
    space shows of it, its score, an index for :func:`line_of`, the first move of its line,
    what the last move did (:data:`WIN`, :data:`REVEAL` or 0) and how many single moves
    lead there (a supermove counts the moves it takes); a true answer stops the search.
    Positions in ``seen`` are never entered and every position visited is added to it. A
    line ends where it wins; where it turns over a card the searcher cannot see, it ends too
    unless the space goes ``through``. Positions are expanded best score first, the score
    less ``depth_cost`` per single move of the line: of two that score alike the shallower
    goes first, and a higher cost keeps the search's lines shorter.
    ``root_moves`` restricts the first moves. Returns ``(nodes expanded, whether the search
    ran out of positions, trail)``."""
    through = space.through
    children = space.children
    enter = space.enter
    moves_of = space.moves
    if seen is None:
        seen = set()
    trail: list = [(-1, None)]
    heap: list = []

    def expand(node: Any, idx: int, depth: int, first, moves: list) -> bool:
        for mv, view, val, end, child, length in children(node, moves, seen):
            trail.append((idx, mv))
            cid = len(trail) - 1
            f = mv if first is None else first
            deep = depth + length
            if visit(view, val, cid, f, end, deep):
                return True
            if not end or (through and end == REVEAL):
                heapq.heappush(heap, (-(val - depth_cost * deep), cid, child, deep, f))
        return False

    node, key, _ = space.start()
    seen.add(key)
    if expand(node, 0, 0, None, root_moves if root_moves is not None else moves_of(node)):
        return 0, False, trail
    nodes = 0
    while heap:
        if max_nodes is not None and nodes >= max_nodes:
            break
        if nodes & 7 == 0 and time.perf_counter() >= deadline:
            break
        nodes += 1
        _, idx, child, depth, first = heapq.heappop(heap)
        node = enter(child)
        if expand(node, idx, depth, first, moves_of(node)):
            return nodes, False, trail
    return nodes, not heap, trail


def line_of(trail: list, idx: int) -> tuple:
    """The moves that lead to position ``idx`` of a :func:`best_first` trail; a move a space
    plays as several (the engine's table's supermove: a tuple of its single moves,
    :func:`~spider_tui.ai.general.supermoves`) given as those."""
    out: list = []
    while idx > 0:
        idx, m = trail[idx]
        if m[0].__class__ is tuple:
            out.extend(reversed(m))
        else:
            out.append(m)
    return tuple(reversed(out))


def explore(space: Space, *, deadline: float, max_nodes: int | None = None,
            seen: set | None = None, root_moves: list | None = None) -> Result:
    """Every first move credited with the best score found behind it (:func:`best_first` in
    ``space``), and separately with the best position with no empty column (from where a
    deal may follow) and the best line that turns a card over. A win scores ``WIN_BONUS``
    more."""
    res = Result(root=space.start()[2])
    best: dict = {}
    best_full: dict = {}
    best_reveal: dict = {}
    full = space.full

    def visit(view, val: float, idx: int, first, end: int, depth: int) -> bool:
        # Each table keeps, per first move, the best (score, line index): kept inline, as
        # this is asked of every position visited.
        if end == WIN:
            val += WIN_BONUS
        elif end == REVEAL:
            old = best_reveal.get(first)
            if old is None or val > old[0]:
                best_reveal[first] = (val, idx)
        old = best.get(first)
        if old is None or val > old[0]:
            best[first] = (val, idx)
        if full(view):
            old = best_full.get(first)
            if old is None or val > old[0]:
                best_full[first] = (val, idx)
        return False

    res.nodes, res.complete, trail = best_first(space, deadline, visit, max_nodes=max_nodes,
                                                seen=seen, root_moves=root_moves)
    res.best, res.best_full, res.best_reveal = (
        {f: (v, line_of(trail, i)) for f, (v, i) in table.items()}
        for table in (best, best_full, best_reveal))
    return res
