"""The local search the hint and the bot share: which first move leads to the best table?

From the position it is given, a best-first search visits the positions reachable by card moves
(a transposition table keeps each position once) and scores each with the board's evaluation.
Every first move is credited with the best score found behind it.

On a *fair* board (face-down and stock cards UNKNOWN) a move that turns a card over ends its
line: what appears cannot be known, so that position is scored by the count of cards turned
over, and the search goes on elsewhere. Deals are never searched on a fair board (the stock is
unknown); on a peeked board both flips and deals are searched through.
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass, field

from .board import DEAL, FOUNDATION, HIDDEN, UNKNOWN, Board

#: Score lost per move of a line, so that of two equal results the shorter line wins.
DEPTH_COST = 0.5
#: What one dealt card is worth to a search that deals (the peeked hint): nothing of itself, so
#: that a deal is judged by what it leads to (a bonus made the searches deal too early).
DEAL_WORTH = 0.0


@dataclass
class Result:
    """What :func:`explore` found: the root's score and, per first move, the best line."""

    root: float
    best: dict[tuple[int, int, int], tuple[float, tuple]] = field(default_factory=dict)
    #: The same, counting only positions with no empty column (from where a deal may follow).
    best_full: dict[tuple[int, int, int], tuple[float, tuple]] = field(default_factory=dict)
    #: ``(score, line, board there)`` of each line ended by progress (with ``collect``).
    leaves: list = field(default_factory=list)
    nodes: int = 0
    complete: bool = False

    def ranked(self, full: bool = False) -> list[tuple[float, tuple]]:
        """``(score, line)`` per first move, best first (ties by shorter line, then move);
        with ``full``, the best line to a position with no empty column."""
        table = self.best_full if full else self.best
        return sorted(table.values(), key=lambda v: (-v[0], len(v[1]), v[1]))


def search_moves(board: Board) -> list[tuple[int, int, int]]:
    """Legal card moves and supermoves (:meth:`Board.supermoves`) minus those that cannot
    help a search: a whole column into an empty one, a run into any but the first empty
    column, part of a run onto a card it does not link with, and part of a run moved off the
    very same card it would land on."""
    t = board.t
    if not t.descending:
        return _search_moves_any(board)
    cols = board.cols
    memo_get = t.memo.get
    info = t.info
    accept = t.accept
    link = t.link
    rank = t.rank
    empty_ok = t.empty_ok
    by_rank: dict[int, list[int]] = {}
    first_empty = -1
    n_empty = 0
    for i, c in enumerate(cols):
        if c:
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
        for k, head, need, below, runs in inf[5]:
            if runs > cap:
                break
            dl = by_rank.get(need)
            if dl:
                acc = accept[head]
                for d in dl:
                    if d == s:
                        continue
                    top = cols[d][-1]
                    if not acc[top]:
                        continue
                    # Part of a run onto a card of another suit only breaks a run to make a
                    # worse one; onto the very card it leaves, nothing changes.
                    if below >= 0 and (below == top or not link[top][head]):
                        continue
                    out.append((s, k, d))
            # Into the first empty column only, and never a whole column with nothing under it.
            if runs <= cap_e and empty_ok[head] and (k < len(a) or inf[2]):
                out.append((s, k, first_empty))
        if inf[4] and not t.auto_remove:
            out.append((s, 13, FOUNDATION))
    return out


def _search_moves_any(board: Board) -> list[tuple[int, int, int]]:
    """:func:`search_moves` for rule sets whose runs need not descend by one."""
    cols = board.cols
    info = board.t.info
    first_empty = -1
    for i, c in enumerate(cols):
        if not c:
            first_empty = i
            break
    link = board.t.link
    out = []
    for m in board.moves():
        s, k, d = m
        if d < 0:
            out.append(m)
            continue
        a = cols[s]
        b = cols[d]
        if not b:
            if d != first_empty or (k == len(a) and not info(a)[2]):
                continue
        else:
            j = len(a) - k
            if j and a[j - 1] < HIDDEN and link[a[j - 1]][a[j]]:
                if not link[b[-1]][a[j]]:
                    continue
                if a[j - 1] == b[-1]:
                    continue
        out.append(m)
    return out


def _reveals(board: Board, rec: tuple) -> bool:
    """Did this move (or deal) put an UNKNOWN card face up?"""
    cols = board.cols
    if rec[0] is None:
        return bool(cols[0]) and cols[0][-1] == UNKNOWN  # column 1 takes the first card dealt
    s, _, d = rec[0], rec[1], rec[2]
    a = cols[s]
    if a and a[-1] == UNKNOWN:
        return True
    if d >= 0:
        b = cols[d]
        if b and b[-1] == UNKNOWN:
            return True
    return False


def explore(board: Board, *, deadline: float, max_nodes: int | None = None,
            seen: set[bytes] | None = None, blocked: set[bytes] | frozenset = frozenset(),
            deals: bool = False, stop_progress: bool = False,
            root_moves: list[tuple[int, int, int]] | None = None, collect: bool = False,
            deal_worth: float = 0.0, unseen: list[float] | None = None) -> Result:
    """Best-first search from ``board`` (left as it was found) until ``deadline``
    (``time.perf_counter()`` seconds), ``max_nodes`` expansions, or nothing is left.

    Positions in ``seen`` or ``blocked`` are never entered, and every position visited is added
    to ``seen`` (the caller passes its own set: the bot's past, the position before the last
    move; the solver passes the positions it has expanded as ``blocked``). ``deals`` searches
    through deals too (only sensible on a peeked board), each card dealt worth ``deal_worth``. A line ends where a card is turned over or a
    run removed when ``stop_progress`` is set, and always where an UNKNOWN card shows; with
    ``collect`` those ends are kept in ``Result.leaves``. ``root_moves`` restricts the first
    moves considered. ``unseen`` (the chance of each card code being any one unseen card)
    lets a fair search value a card turned over by how likely it is to be of use
    (:func:`hope`).
    """
    res = Result(root=board.score() + deal_worth * board.sp)
    if seen is None:
        seen = set()
    seen.add(board.key())
    heap: list = []
    counter = 0
    best = res.best
    best_full = res.best_full
    leaves = res.leaves
    first_moves = root_moves if root_moves is not None else _children(board, deals)
    hope_on = unseen is not None and W_HOPE > 0

    def push_children(board: Board, line: tuple, moves: list) -> None:
        nonlocal counter
        cols = board.cols
        for m in moves:
            rec = board.apply(m)
            key = board.key()
            if key in seen or key in blocked:
                board.undo(rec)
                continue
            seen.add(key)
            val = board.score() + deal_worth * board.sp
            won = board.won()
            if won:
                val += 1e6
            progress = rec[0] is None or rec[3] or rec[4]
            if progress and hope_on and rec[0] is not None and rec[3]:
                val += hope(board, rec[0], unseen)
            nl = line + (m,)
            first = nl[0]
            old = best.get(first)
            if old is None or val > old[0] or (val == old[0] and len(nl) < len(old[1])):
                best[first] = (val, nl)
            if all(cols):
                old = best_full.get(first)
                if old is None or val > old[0] or (val == old[0] and len(nl) < len(old[1])):
                    best_full[first] = (val, nl)
            if progress:
                stop = stop_progress or _reveals(board, rec)
                if stop and collect:
                    leaves.append((val, nl, board.copy()))
            else:
                stop = False
            if not (won or stop):
                counter += 1
                # The parent board and the move rebuild this position when it is expanded.
                heapq.heappush(heap, (-(val - DEPTH_COST * len(nl)), counter, nl, board, m))
            board.undo(rec)

    # The root is expanded on a private copy: every board on the heap must stay as it was.
    push_children(board.copy(), (), first_moves)
    nodes = 0
    check = 0
    while heap:
        if max_nodes is not None and nodes >= max_nodes:
            break
        check += 1
        if check >= 4:
            check = 0
            if time.perf_counter() >= deadline:
                break
        _, _, line, parent, m = heapq.heappop(heap)
        node = parent.copy()
        node.apply(m)
        push_children(node, line, _children(node, deals))
        nodes += 1
    res.nodes = nodes
    res.complete = not heap
    return res


#: What a card turned over is worth, times the chance that it can move or take a run at once.
#: Off until measured: bot_bench.py has not shown it to win more games yet.
W_HOPE = 0.0


def hope(board: Board, col: int, unseen: list[float]) -> float:
    """``W_HOPE`` times the chance that the unseen card now face up at the end of ``col`` can
    be moved at once (onto a card it follows, better in suit) or take a run from elsewhere."""
    t = board.t
    link, accept = t.link, t.accept
    tops = []
    heads = []
    empty = False
    rs = board.rs
    for i, c in enumerate(board.cols):
        if i == col:
            continue
        if not c:
            empty = True
            continue
        tops.append(c[-1])
        heads.extend(c[rs[i]:])
    total = 0.0
    for card, p in enumerate(unseen):
        if not p:
            continue
        f = 0.0
        for top in tops:
            if link[top][card]:
                f = 1.0
                break
            if accept[card][top]:
                f = 0.6
        if f < 1.0:
            for h in heads:
                if accept[h][card]:
                    f = max(f, 1.0 if link[card][h] else 0.6)
                    if f == 1.0:
                        break
        if f == 0.0 and empty:
            f = 0.4
        total += p * f
    return W_HOPE * total


def _children(board: Board, deals: bool) -> list[tuple[int, int, int]]:
    ms = search_moves(board)
    if deals and board.can_deal():
        ms.append(DEAL)
    return ms
