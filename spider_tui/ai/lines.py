"""Lines of moves as the AI hands them to a player: never the same position twice, and as short
as a search for shortcuts can make them.

A search finds *a* line, not the shortest: a best-first search takes detours that scored well
on the way, and a supermove played out card by card may park a card and take it straight
back. Whatever shows a line (a hint, Finish for me, ``solve``) passes it through here first.
Lines are the engine's packed moves (:meth:`Move.pack`), played on the engine's own table, so
every rule set (a plugin's included) is served by its own rules.

Tried and left out (four-suit solver lines, 60,000 positions a deal): after :func:`shorten`,
shortcuts of one supermove (:func:`~spider_tui.ai.general.supermoves`, up to three single
moves in one step) found nothing more on deals 16001-16006; a weighted A* search from each
position of the line for the position 16 moves on, over every legal move (2,000 positions a
try), shortened lines by 2-5% more (deals 16001-16004) in 30-60 s a line. Four-suit lines
are long for what the solver does (how much it rearranges before each deal), not for how it
gets there: see :data:`~spider_tui.ai.solver.SOLVE_DEPTH_COST`.

What does shorten them is a search whose depth *is* the line's length, as KPatience's solver
searches: a beam by the number of single moves played (every child of the positions kept at
one depth, the best by the fast board's score kept for the next, per number of cards left in
the stock; deals among the moves). Not built yet; a prototype, 4 suits:

- as a solver, 60 wide per stock count, deals 9401-9440: 31 wins of 40 within 100,000
  positions, lines a median 191 moves once shortened (the stage beam: more wins, 245 moves),
  some 4 s a deal (a position of its has 2-3 times as many children as the stage beam's);
- as a second pass after the solver's win, 20 wide, no deeper than the solver's line, within
  40,000 positions: a line on 18 of 27 wins (deals 16001-16030, 60,000 positions a deal), the
  median of the shorter of the two 209 moves against 240, about 1 s a line (2.4 s at most);
  150 wide, lines of 166-189 moves in 11-12 s (16001-16004).

A second of it after every win would cost the two-second answers (issue 31's solver target)
what it gives the lines.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence

from ..engine.errors import RuleFailure
from ..engine.state import DEAL, State

#: How deep :func:`shortcut` looks for a shorter way between two positions of a line. One
#: move deep it costs little; two moves deep cost 1-3.5 s on a four-suit solver line of 250-400
#: moves and saved 1-3% more (deals 9101-9105), so :func:`shorten` keeps to one.
SHORTCUT_DEPTH = 1
#: How far :func:`prune` plays a line on without one of its moves before giving that up.
PRUNE_REACH = 40
#: The cards of a complete run, as a shortcut looks for a run that leaves the table.
RUN = 13


def without_loops(state: State, line: Sequence[tuple], avoid: Collection = ()) -> tuple:
    """``line`` (legal from ``state``) with every loop cut out: wherever it comes back to a
    position it has been in, the moves in between go. It ends before the first position
    whose key (:meth:`State.key`) is in ``avoid`` (the positions a game has already been
    in, say), so that it never leads back into one, and before a move the table refuses (a
    line found in a world, a table whose hidden cards lie elsewhere)."""
    b = state.copy()
    keys = [b.key()]
    where = {keys[0]: 0}
    out: list[tuple] = []
    for m in line:
        if (b.deal_refusal() if m == DEAL else b.refusal(*m)) is not None:
            break  # a line found on another table (a world) goes no further here
        b.apply(m)
        k = b.key()
        j = where.get(k)
        if j is not None:  # back where the line was after j moves: drop the loop
            for gone in keys[j + 1:]:
                del where[gone]
            del keys[j + 1:]
            del out[j:]
            continue
        if k in avoid:
            break
        out.append(m)
        keys.append(k)
        where[k] = len(out)
    return tuple(out)


def shortcut(state: State, line: Sequence[tuple], deadline: float = float("inf"),
             depth: int = SHORTCUT_DEPTH) -> tuple:
    """``line`` (legal from ``state``, its positions all different: see
    :func:`without_loops`) made shorter where it can be: from each position of the line in
    turn, the position furthest along that ``depth`` moves or fewer reach in fewer moves
    than the line takes is reached that way instead. One pass, until the line's end or
    ``deadline`` (``time.perf_counter()`` seconds). A deal is never skipped: the positions
    after it cannot be reached without it."""
    line = list(line)
    b = state.copy()
    keys = [b.key()]
    for m in line:
        b.apply(m)
        keys.append(b.key())
    where, sizes = _index(keys)
    b = state.copy()
    i = 0
    while i < len(line) and time.perf_counter() < deadline:
        jump = _farthest(b, i, where, depth, sizes)
        if jump is not None:
            j, path = jump
            # The positions before i are as they were, and each has been tried against
            # every position still on the line.
            between = []
            p = b.copy()
            for m in path[:-1]:
                p.apply(m)
                between.append(p.key())
            line[i:j] = path
            keys[i + 1:j] = between
            where, sizes = _index(keys)
        b.apply(line[i])
        i += 1
    return tuple(line)


def _index(keys: list[tuple]) -> tuple[dict, dict]:
    """The positions of a line by key (:meth:`State.key`) -> index, and by the number of
    cards each pile holds -> the last index with those numbers."""
    return ({k: n for n, k in enumerate(keys)},
            {tuple(map(len, k[0])): n for n, k in enumerate(keys)})


def shorten(state: State, line: Sequence[tuple], deadline: float = float("inf"),
            avoid: Collection = ()) -> tuple:
    """``line`` without loops (:func:`without_loops`, never into a position in ``avoid``),
    then with its shortcuts taken and the moves it can do without left out (:func:`shortcut`
    and :func:`prune`, again while either finds something) while ``deadline`` allows, and
    ended where it first wins."""
    line = without_loops(state, line, avoid)
    while time.perf_counter() < deadline:
        shorter = prune(state, shortcut(state, line, deadline), deadline)
        if len(shorter) == len(line):
            break
        line = shorter
    # A way round found by pruning may pass a position the line was in before: no loop.
    return to_first_win(state, without_loops(state, line, avoid))


def prune(state: State, line: Sequence[tuple], deadline: float = float("inf"),
          reach: int = PRUNE_REACH) -> tuple:
    """``line`` (legal from ``state``, its positions all different) without the moves it can
    do without: for each move in turn, the line is played on without it, every later move
    moving the same cards onto the same card from wherever they now lie (:func:`_same_cards`;
    dropped where they already lie there); where that comes back within ``reach`` moves to a
    position the line reaches later, in fewer moves, the shorter way is kept. A card moved
    twice goes straight to its second place; a move that led nowhere goes. Passes are made
    until none shortens the line or ``deadline`` (``time.perf_counter()`` seconds) passes."""
    line = list(line)
    changed = True
    while changed and time.perf_counter() < deadline:
        changed = False
        where, lifted = _positions(state, line)
        b = state.copy()
        i = 0
        while i < len(line) and time.perf_counter() < deadline:
            alt = None if line[i] == DEAL else _without(b, line, i, where, lifted, reach)
            if alt is not None:
                j, moves = alt
                line[i:j] = moves
                where, lifted = _positions(state, line)
                changed = True
                continue  # the same position, a shorter line: try again from here
            b.apply(line[i])
            i += 1
    return tuple(line)


def _without(b: State, line: list, i: int, where: dict, lifted: list, reach: int
             ) -> tuple[int, list] | None:
    """The line from ``b`` (its position ``i``) played without its move ``i`` as
    :func:`prune` plays it: ``(j, moves)`` where ``moves`` reach the line's position ``j`` in
    fewer than ``j - i`` moves, or None. ``where`` and ``lifted`` are :func:`_positions`'."""
    p = b.copy()   # the table without the move
    out: list[tuple] = []
    for t in range(i + 1, min(len(line), i + 1 + reach)):
        m = line[t]
        if m == DEAL:
            if p.deal_refusal() is not None:
                return None
            alt: tuple | None = m
        else:
            alt = _same_cards(p, m, *lifted[t])
        if alt is None:
            return None
        if alt != ():
            try:
                p.apply(alt)
            except RuleFailure:
                return None
            out.append(alt)
        j = where.get(p.key())
        if j is not None and j > t and len(out) < j - i:
            return j, out
    return None


def _same_cards(p: State, m: tuple, cards: list[int], under: int | None) -> tuple | None:
    """The move on ``p`` that does what ``m`` does on the line, where it moves ``cards``
    onto ``under`` (None: nothing, or not a column): the same cards (from the pile whose top
    they are, ``m``'s own first) onto the same card (for a column: the pile whose top card
    is ``under``, or an empty column where ``m`` fills one; any other pile: ``m``'s own).
    ``()`` where they already lie there; None when no legal move does it."""
    s, k, d = m
    src = next((i for i in (s, *range(len(p.piles))) if p.piles[i][-k:] == cards
                and len(p.piles[i]) >= k), None)
    if src is None:
        return None
    ncols = len(p.cols)
    if 0 <= d < ncols:
        if under is None:
            dst = next((i for i in (d, *range(ncols)) if not p.piles[i]), None)
        else:
            dst = next((i for i in (d, *range(ncols)) if p.piles[i] and p.piles[i][-1] == under
                        and i != src), None)
            if dst is None and len(p.piles[src]) > k and p.piles[src][-k - 1] == under:
                return ()  # already lying on that card
    else:
        dst = d
    if dst is None or dst == src:
        return () if dst == src else None
    try:
        return (src, k, dst) if p.refusal(src, k, dst) is None else None
    except RuleFailure:
        return None


def _positions(state: State, line: Sequence[tuple]) -> tuple[dict, list]:
    """The key of each position of ``line`` from ``state`` (0: ``state`` itself) -> its
    index; and per move of the line, the cards it lifts and the card it puts them on (None:
    no card, or not a column; a deal: nothing)."""
    b = state.copy()
    where = {b.key(): 0}
    lifted: list = []
    ncols = len(b.cols)
    for i, m in enumerate(line, start=1):
        if m == DEAL:
            lifted.append(())
        else:
            s, k, d = m
            onto = b.piles[d] if 0 <= d < ncols else None
            lifted.append((b.piles[s][-k:], onto[-1] if onto else None))
        b.apply(m)
        where[b.key()] = i
    return where, lifted


def to_first_win(state: State, line: Sequence[tuple]) -> tuple:
    """``line`` up to the first position that wins (a shortcut may win on its way)."""
    b = state.copy()
    for i, m in enumerate(line):
        b.apply(m)
        try:
            if b.won():
                return tuple(line[:i + 1])
        except RuleFailure:  # a plugin's win rule that fails: not won
            pass
    return tuple(line)


def _farthest(b: State, i: int, where: dict, depth: int, sizes: dict | None = None
              ) -> tuple[int, list] | None:
    """The position of the line farthest along (index j) that some ``depth`` moves or fewer
    from ``b`` (position ``i``) reach in fewer moves than the line takes, with those moves.
    ``sizes`` (the line's positions by the cards each pile holds -> the last index, from
    :func:`_index`) spares playing a last move after which the piles hold what no position
    far enough along holds: a move of ``k`` cards leaves its pile ``k`` fewer and the pile
    it goes to ``k`` more (or a run fewer, where a complete run leaves)."""
    best: tuple[int, list] | None = None
    frontier: list[tuple[State, list]] = [(b, [])]
    for d in range(1, depth + 1):
        nxt = []
        check = sizes if d == depth else None  # the last move's
        for pos, path in frontier:
            try:
                moves = pos.moves()
            except RuleFailure:
                continue
            if check is not None:
                now = [len(p) for p in pos.piles]
                far = i + d + (0 if best is None else max(0, best[0] - len(best[1]) - i))
            for m in moves:
                if check is not None and not _may_reach(check, now, m, far):
                    continue
                try:
                    rec = pos.apply(m)
                except RuleFailure:
                    continue
                j = where.get(pos.key())
                if j is not None and j - i > d and (best is None or j - d >
                                                    best[0] - len(best[1])):
                    best = (j, path + [m])
                if d < depth:
                    nxt.append((pos.copy(), path + [m]))
                pos.undo(rec)
        frontier = nxt
    return best


def _may_reach(sizes: dict, now: list[int], m: tuple, far: int) -> bool:
    """Might move ``m`` (from a position whose piles hold ``now`` cards) reach a position of
    the line past index ``far``, by the cards each pile holds after it (:func:`_farthest`)?"""
    s, k, d = m
    after = now[:]
    after[s] -= k
    if d < 0:  # to the complete runs' foundation
        return sizes.get(tuple(after), -1) > far
    after[d] += k
    if sizes.get(tuple(after), -1) > far:
        return True
    after[d] -= RUN  # a complete run left the pile it went to
    return after[d] >= 0 and sizes.get(tuple(after), -1) > far


__all__ = ["prune", "shortcut", "shorten", "to_first_win", "without_loops"]
