"""The solver: perfect information (it reads every card), a winning line or a proof there is none.

Two searches share the time limit:

1. An exhaustive depth-first search over every legal move and deal, with a transposition
   table, run first with a small node allowance. Only when it runs out of positions does the
   solver say "unwinnable": that answer is a proof, never a guess.
2. Searches over *progress steps*. A node is a position; expanding it runs the hint's local
   search (:func:`spider_tui.ai.search.explore`) to find the positions reachable by
   rearranging that turn a card over or remove a run, the best rearrangements, and a deal from
   the best arrangement with no empty column. All nodes share one transposition table. A small
   portfolio (:data:`PORTFOLIO`) shares the rest of the time: a depth-first dive through the
   few best steps of each node, then a best-first search whose queue sends a dead end back to
   the most promising position anywhere in the tree.

A line found is replayed through the engine before it is returned.
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass

from ..engine.errors import IllegalMove
from ..engine.game import WON, Game
from ..engine.moves import DEAL_MOVE, Move
from ..engine.state import DEAL, State
from .board import Board
from .search import explore

WON_, UNWINNABLE, UNKNOWN_ = "won", "unwinnable", "unknown"
#: Positions each progress step may look through.
LOCAL_NODES = 60
#: Best rearrangements kept as children of a progress step besides flips and removals.
IMPROVERS = 2
#: The searches tried in turn, by the number of suits in the deck (the first gets 60% of the
#: time, the next what is left): ``("dfs", width, deal_worth)`` dives depth first through the
#: ``width`` best progress steps of each position; ``("best", dive, deal_worth)`` is best-first
#: with ``dive`` priority per step taken. ``deal_worth`` is the priority per card dealt.
#: Chosen with benchmarks/solver_bench.py: the two searches fail on different deals.
PORTFOLIO = {1: (("dfs", 3, 16.0), ("best", 30.0, 16.0)),
             2: (("dfs", 6, 0.0), ("best", 30.0, 0.0)),
             4: (("dfs", 3, 0.0), ("best", 10.0, 0.0))}


@dataclass
class Solution:
    status: str            # "won", "unwinnable" or "unknown"
    moves: list[str]       # the winning line in notation (empty unless won)
    nodes: int = 0
    seconds: float = 0.0


def solve(game: Game, time_limit: float = 10.0, *, exhaustive_nodes: int = 5000) -> Solution:
    """Solve ``game`` from its current position within ``time_limit`` seconds."""
    t0 = time.perf_counter()
    deadline = t0 + time_limit
    state = game.state
    if state.won():
        return Solution(WON_, [], 0, 0.0)
    board = Board.from_state(state, peek=True, style="solve")
    nodes = 0
    status, line, n = _exhaustive(board.copy(), min(deadline, t0 + time_limit * 0.03),
                                  exhaustive_nodes)
    nodes += n
    if status == UNKNOWN_:
        # A small portfolio: each setting of the search gets a share of the time left, and
        # one that fails often wins with another.
        configs = PORTFOLIO.get(state.rules.suit_count, PORTFOLIO[4])
        line = None
        for i, (kind, param, deal_worth) in enumerate(configs):
            now = time.perf_counter()
            share = (deadline - now) * (0.6 if i < len(configs) - 1 else 1.0)
            search = _dive_search if kind == "dfs" else _progress_search
            line, n = search(board, now + share, param, deal_worth)
            nodes += n
            if line is not None:
                break
        status = WON_ if line is not None else UNKNOWN_
    moves: list[str] = []
    if status == WON_:
        moves = _replay(game, line)
    return Solution(status, moves, nodes, time.perf_counter() - t0)


def _exhaustive(board: Board, deadline: float, max_nodes: int) -> tuple[str, list | None, int]:
    """Depth-first search over all moves; ``unwinnable`` only if it saw every position."""
    seen: set[bytes] = {board.key()}
    line: list = []
    nodes = 0
    # Each frame: (moves to try, index of next).
    stack = [_all_moves(board)]
    recs: list = []
    while stack:
        if board.won():
            return WON_, list(line), nodes
        moves = stack[-1]
        if not moves:
            stack.pop()
            if recs:
                board.undo(recs.pop())
                line.pop()
            continue
        m = moves.pop()
        rec = board.apply(m)
        key = board.key()
        if key in seen:
            board.undo(rec)
            continue
        seen.add(key)
        nodes += 1
        if nodes > max_nodes or (nodes & 255 == 0 and time.perf_counter() > deadline):
            return UNKNOWN_, None, nodes
        recs.append(rec)
        line.append(m)
        stack.append(_all_moves(board))
    return UNWINNABLE, None, nodes


def _all_moves(board: Board) -> list:
    ms = board.moves()
    # Moves are popped from the end, so the deal is tried last.
    if board.can_deal():
        ms.insert(0, DEAL)
    return ms


def _expand(node: Board, seen: set[bytes], deadline: float) -> tuple[list, int]:
    """The progress steps from ``node`` not in ``seen``: ``(line, board, key)`` for each
    position reached by rearranging that turns a card over or removes a run, the best few
    rearrangements, and a deal (as it stands, and from the best arrangement with no empty
    column). The caller adds the keys of those it keeps to ``seen``."""
    # Only progress positions go in ``seen``: the positions passed through on the way stay
    # free, so another node's search may cross them.
    res = explore(node, deadline=deadline, max_nodes=LOCAL_NODES, blocked=seen,
                  stop_progress=True, collect=True)
    children = []
    mine: set[bytes] = set()

    def add(line: tuple, b: Board) -> None:
        key = b.key()
        if key not in seen and key not in mine:
            mine.add(key)
            children.append((line, b, key))

    for _, line, b in res.leaves:
        add(line, b)
    # Where nothing turns over (late in a game) a better arrangement is progress too.
    for val, line in res.ranked()[:IMPROVERS]:
        if val > res.root + 1.0:
            add(line, _played(node, line))
    deal_from = []
    if node.can_deal():
        deal_from.append(((), node))
    full = res.ranked(full=True)
    if full and node.stock_left():
        line = full[0][1]
        deal_from.append((line, _played(node, line)))
    for line, b in deal_from:
        b = b.copy()
        b.apply(DEAL)
        add(line + (DEAL,), b)
    return children, res.nodes + 1


def _played(board: Board, line: tuple) -> Board:
    b = board.copy()
    for m in line:
        b.apply(m)
    return b


def _progress_search(root: Board, deadline: float, dive: float, deal_worth: float
                     ) -> tuple[list | None, int]:
    """Best-first over progress steps; ``dive`` > 0 leans it towards deeper nodes."""
    seen: set[bytes] = {root.key()}
    # Node records: (parent index, line from the parent).
    parents: list[tuple[int, tuple]] = [(-1, ())]
    heap = [(-_priority(root, deal_worth), 0, 0, root.copy(), 0)]
    counter = 0
    nodes = 0
    while heap and time.perf_counter() < deadline:
        _, _, idx, node, depth = heapq.heappop(heap)
        children, n = _expand(node, seen, deadline)
        nodes += n
        for line, child, key in children:
            seen.add(key)
            parents.append((idx, line))
            cid = len(parents) - 1
            if child.won():
                return _line_to(parents, cid), nodes
            counter += 1
            heapq.heappush(heap, (-_priority(child, deal_worth) - dive * (depth + 1), counter,
                                  cid, child, depth + 1))
    return None, nodes


def _dive_search(root: Board, deadline: float, width: int, deal_worth: float
                 ) -> tuple[list | None, int]:
    """Depth-first over progress steps, the ``width`` best children of each in order."""
    seen: set[bytes] = {root.key()}
    nodes = 0
    lines: list[tuple] = []
    stack: list[list] = [[((), root)]]
    while stack and time.perf_counter() < deadline:
        frame = stack[-1]
        if not frame:
            stack.pop()
            if lines:
                lines.pop()
            continue
        line, node = frame.pop()
        if node.won():
            return [m for part in lines + [line] for m in part][0:], nodes
        children, n = _expand(node, seen, deadline)
        nodes += n
        children.sort(key=lambda c: _priority(c[1], deal_worth))
        kept = children[-width:]
        seen.update(key for _, _, key in kept)
        lines.append(line)
        stack.append([(ln, b) for ln, b, _ in kept])
    return None, nodes


def _priority(b: Board, deal_worth: float) -> float:
    return b.score() + deal_worth * b.sp


def _line_to(parents: list[tuple[int, tuple]], idx: int) -> list:
    parts = []
    while idx > 0:
        p, line = parents[idx]
        parts.append(line)
        idx = p
    return [m for part in reversed(parts) for m in part]


def _replay(game: Game, line: list | None) -> list[str]:
    """The line in notation, checked move by move on a copy of the game: it must win."""
    g = game.copy()
    out = []
    for m in line or ():
        move = DEAL_MOVE if m == DEAL else Move(m[0], m[2], m[1])
        try:
            step = g.play(g.resolve(move))
        except IllegalMove as e:  # pragma: no cover - a solver bug, not a player error
            raise AssertionError(f"solver line does not replay at {move}: {e}") from None
        out.append(str(step.move))
    if g.status != WON:  # pragma: no cover
        raise AssertionError("solver line does not win")
    return out


def solve_state(state: State, time_limit: float = 10.0) -> Solution:
    return solve(Game(state.rules, state.copy()), time_limit)
