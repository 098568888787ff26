"""The solver: perfect information (it reads every card), a winning line or a proof there is none.

Two searches share the time limit:

1. An exhaustive depth-first search over every legal move and deal, with a transposition
   table, run first with a small node allowance. Only when it runs out of positions does the
   solver say "unwinnable": that answer is a proof, never a guess.
2. A beam search by *stages*, a stage being the play between two deals. From each of the
   positions kept at the start of a stage, a best-first search over card moves and supermoves
   (sharing one transposition table per stage) looks for a win and, while the stock lasts, for
   the arrangements to deal from, each judged by the table as it will be *after* the deal (the
   solver knows the cards to come). The best dealt positions, taken from as many different
   parents as it can, make the next stage's beam. Each stage gets an equal share of the time
   left; the last (after the last deal) gets what remains. If the beam dies out before the
   time limit, the beam search starts again twice as wide.

With one or two suits the beam search is tried first on ``QUICK_SHARE`` of the time limit: an
easy deal is solved in that, rather than in stages sized for the whole limit.

A line found is expanded into single moves and replayed through the engine before it is
returned; one the engine refuses (a bug) gives "unknown" and says why in ``Solution.problem``.
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass

from ..engine.errors import IllegalMove
from ..engine.game import WON, Game
from ..engine.moves import Move
from ..engine.state import DEAL, State
from .board import Board
from .search import WIN, best_first, line_of

WON_, UNWINNABLE, UNKNOWN_ = "won", "unwinnable", "unknown"
#: Positions kept from one stage to the next, by the number of suits in the deck (measured
#: with benchmarks/solver_bench.py).
BEAM = {1: 8, 2: 8, 4: 32}
#: When the beam dies out (no stage finds a way on) with at least this many seconds left, the
#: search starts again with a beam twice as wide, so "unknown" comes only at the time limit.
RETRY_MIN = 0.05
#: The share of the time limit the first, quick try of the beam search gets (the second gets
#: the rest), by the number of suits in the deck. Measured with benchmarks/solver_bench.py
#: (deals 1-100, 10 s): one- and two-suit deals are solved within half a second this way
#: (eight seconds or more without it, each stage taking its whole share). Four-suit deals are
#: not, and a quick try of 5% cost them 5 of 92 wins, so they have none.
QUICK_SHARE = {1: 0.05, 2: 0.05}


@dataclass
class Solution:
    status: str            # "won", "unwinnable" or "unknown"
    moves: list[str]       # the winning line in notation (empty unless won)
    nodes: int = 0
    seconds: float = 0.0
    #: Set when the search found a line that the engine does not play to a win (a bug in the
    #: solver): what went wrong. The status is then "unknown" and no line is given.
    problem: str = ""


class LineRefused(Exception):
    """The solver's line does not replay through the engine to a win."""


def solve(game: Game, time_limit: float = 10.0, *, exhaustive_nodes: int = 5000) -> Solution:
    """Solve ``game`` from its current position within ``time_limit`` seconds."""
    t0 = time.perf_counter()
    deadline = t0 + time_limit
    state = game.state
    if state.won():
        return Solution(WON_, [], 0, 0.0)
    board = Board.from_state(state, peek=True, style="solve")
    status, line, nodes = _exhaustive(board.copy(), min(deadline, t0 + time_limit * 0.03),
                                      exhaustive_nodes)
    if status == UNKNOWN_:
        width = BEAM.get(state.rules.suit_count, BEAM[4])
        share = QUICK_SHARE.get(state.rules.suit_count, 0.0)
        ends = ((min(deadline, time.perf_counter() + time_limit * share), deadline) if share
                else (deadline,))
        for end in ends:
            line, n = _beam(board, end, width)
            nodes += n
            if line is not None:
                break
        status = WON_ if line is not None else UNKNOWN_
    moves: list[str] = []
    problem = ""
    if status == WON_:
        try:
            moves = _replay(game, line)
        except LineRefused as e:  # a solver bug: said plainly, and no line is given
            status, problem = UNKNOWN_, str(e)
    return Solution(status, moves, nodes, time.perf_counter() - t0, problem)


def _beam(board: Board, deadline: float, width: int) -> tuple[list | None, int]:
    """:func:`_stage_beam` until ``deadline``, twice as wide each time the beam dies out with
    time to spare: a winning line or ``None``, and the nodes expanded."""
    nodes = 0
    while True:
        line, n = _stage_beam(board, deadline, width)
        nodes += n
        if line is not None or time.perf_counter() >= deadline - RETRY_MIN:
            return line, nodes
        width *= 2


def _exhaustive(board: Board, deadline: float, max_nodes: int) -> tuple[str, list | None, int]:
    """Depth-first search over all moves; ``unwinnable`` only if it saw every position."""
    seen = {board.key()}
    line: list = []
    nodes = 0
    # Each frame: the moves still to try there.
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


def _stage_beam(root: Board, deadline: float, width: int) -> tuple[list | None, int]:
    """Beam search by stages (see the module's docstring): a winning line or ``None``."""
    nodes = 0
    beam: list[tuple[Board, tuple]] = [(root.copy(), ())]
    deal_size = max(1, root.deal_size)
    while beam:
        now = time.perf_counter()
        if now >= deadline:
            return None, nodes
        deals_left = -(-beam[0][0].stock_left() // deal_size)
        stage_end = now + (deadline - now) / (deals_left + 1)
        seen: set = set()
        pool: list[tuple[float, int, tuple]] = []  # (score after the deal, parent, line)
        for i, (board, line) in enumerate(beam):
            now = time.perf_counter()
            item_end = now + (stage_end - now) / (len(beam) - i)
            won, cands, n = _stage_local(board, seen, item_end, width)
            nodes += n
            if won is not None:
                return list(line + won), nodes
            pool.extend((val, i, ln) for val, ln in cands)
        if not pool:
            return None, nodes
        pool.sort(key=lambda c: -c[0])
        # Spread: at most half the beam (rounded up) from any one parent.
        cap = max(1, (width + 1) // 2)
        taken: dict[int, int] = {}
        chosen = []
        keys: set = set()
        for _, i, ln in pool:
            if len(chosen) >= width:
                break
            if taken.get(i, 0) >= cap:
                continue
            b = _played(beam[i][0], ln)
            b.apply(DEAL)
            if b.won():  # the deal itself wins: the line ends here
                return list(beam[i][1] + ln + (DEAL,)), nodes
            key = b.key()
            if key in keys:
                continue
            keys.add(key)
            taken[i] = taken.get(i, 0) + 1
            chosen.append((b, beam[i][1] + ln + (DEAL,)))
        beam = chosen
    return None, nodes


def _stage_local(root: Board, seen: set, deadline: float, keep: int
                 ) -> tuple[tuple | None, list[tuple[float, tuple]], int]:
    """Best-first over card moves from ``root``: ``(winning line or None, the ``keep`` best
    lines to deal from with their score after the deal, nodes expanded)``."""
    t = root.t
    pair = t.pair
    rank = t.rank
    bonus = t.col_bonus
    needs_full = t.needs_full
    n_deal = min(root.stock_left(), root.deal_size, len(root.cols))
    dealt = root.stock[root.sp:root.sp + n_deal]
    cands: list[tuple[float, int]] = []  # a min-heap of the best ``keep``
    # No position scores more after the deal than before it by more than this.
    gain = n_deal * max(max(row) for row in pair) + bonus
    won_at: list[int] = []

    def consider(cols: list, val: float, idx: int) -> None:
        if needs_full and not all(cols):
            return
        post = val
        for j in range(n_deal):
            c = cols[j]
            if c:
                post += pair[c[-1]][dealt[j]]
            elif rank[dealt[j]] == 13:
                post += bonus
        if len(cands) < keep:
            heapq.heappush(cands, (post, idx))
        elif post > cands[0][0]:
            heapq.heapreplace(cands, (post, idx))

    def visit(cols: list, val: float, idx: int, first: object, end: int, depth: int) -> bool:
        if end == WIN:
            won_at.append(idx)
            return True
        if n_deal and (len(cands) < keep or val + gain > cands[0][0]):
            consider(cols, val, idx)
        return False

    if n_deal:
        consider(root.cols, root.score(), 0)
    nodes, _, trail = best_first(root, deadline, visit, seen=seen)
    if won_at:
        return line_of(trail, won_at[0]), [], nodes
    out = sorted(((v, line_of(trail, i)) for v, i in cands), key=lambda c: -c[0])
    return None, out, nodes


def _played(board: Board, line: tuple) -> Board:
    b = board.copy()
    for m in line:
        b.apply(m)
    return b


def _replay(game: Game, line: list | None) -> list[str]:
    """The line in notation, checked move by move on a copy of the game: it must win, and end
    there. :class:`LineRefused` says where it does not."""
    g = game.copy()
    out: list[str] = []
    try:
        line = Board.from_state(g.state, peek=True).expand_line(line or ())
    except ValueError as e:
        raise LineRefused(f"the solver's line cannot be written as single moves ({e})") from None
    for i, m in enumerate(line, 1):
        move = Move.from_tuple(m)
        if g.status == WON:
            raise LineRefused(f"the solver's line goes on after the game is won (move {i}, "
                              f"{move})")
        try:
            step = g.play(g.resolve(move))
        except IllegalMove as e:
            raise LineRefused(f"the solver's line does not replay at move {i} ({move}): {e}"
                              ) from None
        out.append(str(step.move))
    if g.status != WON:
        raise LineRefused(f"the solver's line does not win ({g.runs_removed} of "
                          f"{g.rules.win_runs} runs removed after {len(out)} moves)")
    return out


def solve_state(state: State, time_limit: float = 10.0) -> Solution:
    return solve(Game(state.rules, state.copy()), time_limit)
