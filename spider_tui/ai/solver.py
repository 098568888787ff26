"""The solver: perfect information (it reads every card), a winning line or a proof there is none.

Two searches share the time limit:

1. An exhaustive depth-first search over every legal move and deal, with a transposition
   table, run first with a small node allowance. Only when it runs out of positions does the
   solver say "unwinnable": that answer is a proof, never a guess.
2. A best-first search over *progress steps*. Each node is a position; expanding it runs the
   hint's local search (:func:`spider_tui.ai.search.explore`) to find every position reachable
   by rearranging that turns a card over or removes a run, plus a deal from the best
   arrangement with no empty column. All nodes share one transposition table and wait in one
   queue ordered by the evaluation, so a dead end sends the search back to the most promising
   position anywhere in the tree.

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
from .search import DEAL_WORTH, explore

STATS: dict | None = None
WON_, UNWINNABLE, UNKNOWN_ = "won", "unwinnable", "unknown"
#: Positions each progress step may look through.
LOCAL_NODES = 60
#: Priority bonus per progress step taken: leans the search towards finishing a line.
DIVE = 30.0


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
    board = Board.from_state(state, peek=True)
    nodes = 0
    status, line, n = _exhaustive(board.copy(), min(deadline, t0 + time_limit * 0.05),
                                  exhaustive_nodes)
    nodes += n
    if status == UNKNOWN_:
        line, n = _progress_search(board, deadline)
        nodes += n
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


def _progress_search(root: Board, deadline: float) -> tuple[list | None, int]:
    seen: set[bytes] = set()
    # Node records: (parent index, line from the parent).
    parents: list[tuple[int, tuple]] = [(-1, ())]
    heap = [(-_priority(root), 0, 0, root.copy(), 0)]
    expansions = 0
    counter = 0
    nodes = 0
    seen.add(root.key())
    while heap and time.perf_counter() < deadline:
        _, _, idx, node, depth = heapq.heappop(heap)
        expansions += 1
        res = explore(node, deadline=deadline, max_nodes=LOCAL_NODES, seen=seen,
                      stop_progress=True, collect=True)
        nodes += res.nodes + 1
        children = list(res.leaves)
        deal_from = []
        if node.can_deal():
            deal_from.append(((), node))
        full = res.ranked(full=True)
        if full and node.stock_left():
            line = full[0][1]
            b = node.copy()
            for m in line:
                b.apply(m)
            deal_from.append((line, b))
        for line, b in deal_from:
            b = b.copy()
            b.apply(DEAL)
            key = b.key()
            if key not in seen:
                seen.add(key)
                children.append((0.0, line + (DEAL,), b))
        for _, line, child in children:
            parents.append((idx, line))
            cid = len(parents) - 1
            if child.won():
                if STATS is not None:
                    STATS.update(expansions=expansions)
                return _line_to(parents, cid), nodes
            counter += 1
            heapq.heappush(heap, (-_priority(child) - DIVE * (depth + 1), counter, cid, child,
                                  depth + 1))
    if STATS is not None:
        STATS.update(expansions=expansions)
    return None, nodes


def _priority(b: Board) -> float:
    return b.score() + DEAL_WORTH * b.sp


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
