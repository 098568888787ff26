"""The hint: the best moves now, ranked, each with a short reason a player can follow.

Fair by default: the search runs on the board a player sees (face-down and stock cards
unknown), so what it suggests cannot depend on them. ``peek=True`` searches the real cards, the
stock order included. The bot plays through this same code (:func:`plan`).
"""

from __future__ import annotations

import random
import time
import zlib
from dataclasses import dataclass, replace
from typing import Iterable

from ..engine.cards import glyph
from ..engine.game import PLAYING, Game
from ..engine.moves import DEAL_MOVE, Move
from ..engine.state import DEAL, FOUNDATION
from .board import Board, forget, sample_world, visible_counts
from .search import WIN, WIN_BONUS, best_first, explore

#: A line must beat the table as it is by this much to count as progress.
EPS = 0.75
#: How a hint that only prepares a deal begins its reason.
FILL = "fill the empty columns so that you can deal"
#: How a hint that turns a card over at some cost begins its reason.
DIG = "nothing better is left, so turn a card over"
#: Looking past the card a line turns over: the best lines (at most this many) are played in
#: worlds drawn from what the player cannot see, each world searched on from the line's end
#: (see ``FORGET``), and ranked by the mean of the best scores found there (pulled towards
#: the worst by ``RISK``), less ``LINE_COST`` per move of the line. ``SAMPLE_SHARE`` of the
#: budget goes to it. Measured with benchmarks/bot_bench.py on four-suit deals 1-200: 22 wins
#: without it (120 ms a move; 500 ms did no better), 29 with it (300 ms a move).
SAMPLE_LINES = 6
SAMPLE_WORLDS = 6
SAMPLE_SHARE = 0.75
LINE_COST = 2.0
#: How much a line's worst world weighs against the mean of its worlds when lines are ranked
#: in sampled worlds (the look-past and the deal preparation): a line is worth
#: ``(1 - RISK) * mean + RISK * worst``, so that of two lines that do as well on average, the
#: one that never leads into a blockade wins. By number of suits (0: any other). Measured
#: with benchmarks/bot_bench.py (300 ms a move, deals 1-200): two suits 110 wins with the
#: mean alone (seven runs of that play or of small changes to it gave 99-111); 125, 115
#: and 118 in three runs with 0.5; 121 and 117 in two runs with 1.0 (the worst alone).
RISK = {2: 0.5, 0: 0.0}
#: Whether a world's search goes on as a player would, knowing only what the line (and the
#: row dealt after it) turned face up, the world's other face-down and stock cards unknown
#: again (:func:`~spider_tui.ai.board.forget`). If not, it sees the whole world, and a line
#: is credited with what only a player who knows where every card lies could make of it.
#: By number of suits (0: any other). Measured with benchmarks/bot_bench.py (300 ms a move,
#: deals 1-200): two suits 128 and 133 wins forgetting, against 125, 115 and 118 seeing the
#: whole world; one suit 191, 189 and 192 forgetting, against 183-188 in five runs of the play
#: seeing (or of small changes to it). Four suits have not been run forgetting.
FORGET = {1: True, 2: True, 0: False}
#: When nothing improves the table and a row is to come: the lines (at most this many) to the
#: best tables with no empty column, and dealing at once, are each followed by a deal in the
#: sampled worlds and searched on from there; the best value (as in the look-past)
#: decides how the table is left for the row. Measured with benchmarks/bot_bench.py (300 ms a
#: move, deals 1-200): four suits 29 wins before, 37 with it; two suits 99 and 101; one suit
#: 167 and 172 (the one- and two-suit figures before it also predate the starved-table check).
PREPARE_LINES = 5
#: How a hint that arranges the table just before a deal begins its reason.
PREPARE = "arrange the table for the next row"


@dataclass(frozen=True)
class Hint:
    """A suggested move (legal now, as found in ``game.legal_moves()``) and why."""

    move: Move
    reason: str
    #: The search's score for where the move leads (higher is better); for ranking only.
    score: float = 0.0
    #: The whole line the search found, as engine move tuples (the move is its first).
    line: tuple = ()


def hints(game: Game, *, budget_ms: int = 120, peek: bool = False,
          avoid: Iterable[Move] | None = None, max_nodes: int | None = None) -> list[Hint]:
    """Ranked hints, best first; ``[]`` when nothing useful is left (undo may help).

    ``budget_ms`` bounds the search time; ``max_nodes`` (when given) bounds it by positions
    expanded instead, which makes the answer independent of the machine's speed. Moves in
    ``avoid`` are skipped, and so is the move that would simply undo the last one.
    """
    forbidden: set[bytes] = set()
    if game.history:
        prev = game.state.copy()
        prev.undo(game.history[-1].record)
        forbidden.add(Board.from_state(prev, peek=peek).key())
    return plan(game, budget_ms=budget_ms, peek=peek, avoid=avoid, forbidden=forbidden,
                max_nodes=max_nodes)


def plan(game: Game, *, budget_ms: float, peek: bool, avoid: Iterable[Move] | None = None,
         forbidden: set[bytes] | None = None, max_nodes: int | None = None) -> list[Hint]:
    """The ranked moves from ``game``'s position, never entering a ``forbidden`` position."""
    if game.status != PLAYING:
        return []
    # The search stops a little early: setting up, ranking and wording the hints must fit in
    # the budget too.
    start = time.perf_counter()
    end = start + budget_ms * 0.9 / 1000.0 - 0.002
    sampling = not peek and SAMPLE_WORLDS > 0
    deadline = end - (end - start) * SAMPLE_SHARE if sampling else end
    board = Board.from_game(game, peek=peek)
    legal = {(m.as_tuple()): m for m in game.legal_moves()}
    skip = set(avoid or ())
    # The first moves: each a different table (never a whole column into an empty one, and
    # into the first empty column only), so that no hint changes nothing and none repeats
    # another into an empty column alike.
    roots = [m.as_tuple() for m in game.distinct_moves() if not m.is_deal and m not in skip]
    forbidden = forbidden or set()
    if peek and DEAL in legal and DEAL_MOVE not in skip:
        roots.append(DEAL)
    res = explore(board, deadline=deadline, max_nodes=max_nodes, seen=set(forbidden),
                  deals=peek, root_moves=roots)
    out: list[Hint] = []
    for val, line in res.ranked():
        if val <= res.root + EPS:
            break
        line = tuple(board.expand_line(line))
        move = legal[line[0]]
        out.append(Hint(move, describe(board, line), val, line))
    if sampling and len(out) > 1:
        out = _look_past(game, board, out, end, max_nodes)
    can_deal = DEAL in legal and DEAL_MOVE not in skip
    if not out and sampling and game.state.stock_left:
        out = _prepare_deal(game, board, res, legal, can_deal, end, max_nodes)
    if can_deal and not any(h.move.is_deal for h in out):
        out.append(Hint(DEAL_MOVE, _deal_reason(game, not out), res.root))
    if not out and game.state.stock_left and game.deal_refusal():
        # Nothing improves the table, but filling the empty columns lets the next row come:
        # lead towards the best table with no empty column.
        ranked = res.ranked(full=True) or [_greedy_fill(board)]
        for val, line in ranked:
            line = tuple(board.expand_line(line))
            if line:
                out.append(Hint(legal[line[0]], f"{FILL}: {describe(board, line)}", val, line))
    if not out:
        # Nothing improves the table and no row can come, but a card can still be turned
        # over: what shows may open the way, so dig rather than give up.
        for val, line in res.ranked(reveal=True):
            line = tuple(board.expand_line(line))
            out.append(Hint(legal[line[0]], f"{DIG}: {describe(board, line)}", val, line))
    return out


def _look_past(game: Game, board: Board, ranked: list[Hint], deadline: float,
               max_nodes: int | None) -> list[Hint]:
    """``ranked`` with its first ``SAMPLE_LINES`` re-ranked by what lies past the card each
    line turns over, in ``SAMPLE_WORLDS`` worlds drawn from the cards the player cannot see
    (a world is the fair ``board`` with its unknown cards dealt at random, so the hidden cards
    are never read; the draw is seeded by the visible table, so a hint is repeatable)."""
    head = ranked[:SAMPLE_LINES]
    values = _sampled(_worlds(game, board), [h.line for h in head], deadline, max_nodes)
    totals = sorted(zip(values, head), key=lambda c: -c[0])
    return [replace(h, score=v) for v, h in totals] + ranked[SAMPLE_LINES:]


def _sampled(worlds: list[Board], lines: list[tuple], deadline: float,
             max_nodes: int | None, deal: bool = False) -> list[float]:
    """Per line: the best score a search finds after the line (and then a deal, with
    ``deal``; a world where no deal can come counts as lost) in each of ``worlds`` (knowing
    only the cards they turned over, where ``FORGET`` says so), taken
    together by :func:`risk_value`, less ``LINE_COST`` per move of the line. The time left is
    shared out evenly."""
    suits = worlds[0].t.rules.suit_count
    risk = RISK.get(suits, RISK[0])
    fair = FORGET.get(suits, FORGET[0])
    jobs = len(lines) * len(worlds)
    out = []
    for line in lines:
        values = []
        for w in worlds:
            b = w.copy()
            for m in line:
                b.apply(m)
            now = time.perf_counter()
            if deal and not b.can_deal():
                values.append(-WIN_BONUS)
            else:
                if deal:
                    b.deal()
                if fair:
                    forget(b)
                values.append(_best_score(b, now + max(0.0, deadline - now) / jobs,
                                          max_nodes))
            jobs -= 1
        out.append(risk_value(values, risk) - LINE_COST * len(line))
    return out


def risk_value(values: list[float], risk: float) -> float:
    """What a line is worth from its scores in the sampled worlds: their mean, pulled
    towards the worst of them by ``risk`` (0: the mean alone, 1: the worst alone)."""
    mean = sum(values) / len(values)
    return (1.0 - risk) * mean + risk * min(values)


def _worlds(game: Game, board: Board, salt: bytes = b"") -> list[Board]:
    """``SAMPLE_WORLDS`` worlds drawn from the cards the player cannot see on the fair
    ``board``, the draw seeded by the visible table (and ``salt``), so a hint is repeatable."""
    seed = zlib.crc32(b"".join(board.key()[:-1]) + bytes((board.sp & 255,)) + salt)
    rng = random.Random(seed)
    unseen = visible_counts(game.state)
    return [sample_world(board, unseen, rng) for _ in range(SAMPLE_WORLDS)]


def _prepare_deal(game: Game, board: Board, res, legal: dict, can_deal: bool,
                  deadline: float, max_nodes: int | None) -> list[Hint]:
    """Nothing improves the table and a row is to come: the ways to leave the table for it
    (dealing at once when that is allowed, or first playing one of the best lines to a table
    with no empty column), ranked by what a search finds after the row is dealt in worlds
    drawn from the cards the player cannot see. ``[]`` when there is nothing to choose."""
    lines = [tuple(board.expand_line(line))
             for _, line in res.ranked(full=True)[:PREPARE_LINES]]
    cands = ([()] if can_deal else []) + [ln for ln in lines if ln]
    if len(cands) < 2:
        return []
    values = _sampled(_worlds(game, board, salt=b"\x01"), cands, deadline, max_nodes,
                      deal=True)
    ranked = sorted(zip(values, cands), key=lambda c: -c[0])
    why = PREPARE if game.deal_refusal() is None else FILL
    out = []
    for val, line in ranked:
        if not line:
            out.append(Hint(DEAL_MOVE, _deal_reason(game, True), val))
        else:
            out.append(Hint(legal[line[0]], f"{why}: {describe(board, line)}", val, line))
    return out


def _deal_reason(game: Game, nothing_better: bool) -> str:
    """Why to deal, and how many deals are left."""
    left = game.deals_left
    reason = "deal a new row: no move improves the table" if nothing_better else "deal a new row"
    return f"{reason} ({left} deal{'s' if left != 1 else ''} left)"


def _best_score(board: Board, deadline: float, max_nodes: int | None) -> float:
    """The best score a search finds from ``board`` (a win counts ``WIN_BONUS`` more)."""
    best = [board.score()]

    def visit(cols: list, val: float, idx: int, first: object, end: int, depth: int) -> bool:
        if end == WIN:
            val += WIN_BONUS
        if val > best[0]:
            best[0] = val
        return False

    best_first(board, deadline, visit, max_nodes=max_nodes)
    return best[0]


def _greedy_fill(board: Board) -> tuple[float, tuple]:
    """A line that fills every empty column one card or run at a time, each time taking the
    move that costs least (for when the search found no line to a full table in time)."""
    b = board.copy()
    line: list = []
    while not all(b.cols) and len(line) < 4 * len(b.cols):
        options = []
        for m in b.moves():
            s, k, d = m
            if d >= 0 and not b.cols[d] and (k < len(b.cols[s]) or b.down[s]):
                rec = b.apply(m)
                options.append((b.score(), m))
                b.undo(rec)
        if not options:
            break
        val, m = max(options)
        b.apply(m)
        line.append(m)
    return (b.score(), tuple(line))


def describe(board: Board, line: tuple) -> str:
    """A short reason for the first move of ``line``, naming what the line leads to."""
    first = line[0]
    base = _plain(board, first)
    b = board.copy()
    if _effect(b, first) is not None:
        return base
    for i, m in enumerate(line[1:], start=1):
        later = _effect(b, m)
        if later is not None:
            return f"{base}; {i} move{'s' if i > 1 else ''} later the line {later}"
    return base


def _effect(b: Board, move: tuple) -> str | None:
    """Play ``move`` on ``b``; the notable thing it did, if any."""
    if move == DEAL:
        b.apply(move)
        return "deals a new row"
    s, k, d = move
    done, hidden = b.done, b.down[s]
    b.apply(move)
    if b.done > done:
        return "completes a run"
    if b.down[s] < hidden:
        return f"turns over a card in column {s + 1}"
    if not b.cols[s]:
        return f"empties column {s + 1}"
    return None


def _plain(board: Board, move: tuple) -> str:
    """What ``move`` does on ``board`` (before it is played), in a few words."""
    if move == DEAL:
        return "deal a new row"
    s, k, d = move
    a = board.cols[s]
    head = a[len(a) - k]
    what = glyph(head) if k == 1 else f"{glyph(head)}–{glyph(a[-1])}"
    if d == FOUNDATION:
        return f"send the run in column {s + 1} to the foundation"
    effect = _effect(board.copy(), move)
    tgt = board.cols[d]
    if not tgt:
        place = f"move {what} into empty column {d + 1}"
    else:
        top = tgt[-1]
        suited = board.t.link[top][head]
        place = f"move {what} onto {glyph(top)} in column {d + 1}" + \
            (" (same suit)" if suited else "")
    return f"{place}: it {effect}" if effect else place


__all__ = ["Hint", "describe", "hints", "plan"]
