"""The AI's general path: search on the engine's own table, for every table the fast
:class:`~spider_tui.ai.board.Board` does not serve (:attr:`RuleSet.simple`).

Nothing here knows a rule of any game. Moves are what :meth:`State.moves` lists and what
:meth:`State.deal_refusal` allows, played with :meth:`State.apply` and taken back with
:meth:`State.undo`; a position is :meth:`State.key`; a win is :meth:`State.won`. So free cells,
reserves, foundations built card by card, a waste, deal plans, automatic moves and a plugin's own
table methods are played exactly as the game plays them.

* :class:`Judge` scores a table as a strong player would, from what every table has: cards on
  the foundations and runs removed, cards still face down, free cells and empty columns free,
  cards lying on what they follow, and (where the game is won by its columns) columns that are
  one complete run.
* :class:`TableSpace` is the engine's table as the AI's one best-first search
  (:func:`~spider_tui.ai.search.best_first`) walks it: its moves (and deals), a transposition
  table on :meth:`State.key`, each table scored by a :class:`Judge`.
* :func:`worlds` deals the cards a player cannot see (face down, or in the stock) at random, the
  draw seeded by what the player can see: searching those worlds instead of the real table is
  how the hint stays fair.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Iterator

from ..engine.compiled import compiled
from ..engine.errors import RuleFailure
from ..engine.piles import CELL_KIND, FOUNDATION_KIND, RESERVE_KIND, WASTE_KIND
from ..engine.rules import RuleSet
from ..engine.state import DEAL, State, record_flips
from .board import (
    EMPTY_WORTH,
    W_KING_BOTTOM,
    W_RUN,
    Once,
    column_score,
    down_weights,
    face_up_twice,
    pair_scores,
    per_rules,
    pointless,
    reach_bits,
    run_lengths,
    run_pairs,
    settled_cards,
    split_left_out,
    stretch_start,
    supermove_chain,
    supermove_steps,
    supermoves_made,
)
from .search import REVEAL, WIN, Space

#: Per card on a foundation built card by card (a run of 13 removed is worth ``W_RUN``).
W_FOUND = 60.0
#: Per free cell holding a card, and per card beyond the first in a cell that holds any number.
W_CELL = 30.0
W_TAIL = 12.0
#: Per card still in a reserve.
W_RESERVE = 20.0
#: Per card still in the stock or the waste, where the stock is turned onto a waste: each must
#: be played out of the waste.
W_WASTE = 6.0
#: Tables remembered per judge before the memory is cleared.
MEMO_LIMIT = 200_000


class Judge:
    """The evaluation of one rule set's tables, weighted for a style of play ("play": the
    hint and the bot; "solve": the solver, which knows every card)."""

    def __init__(self, rules: RuleSet, style: str = "play") -> None:
        comp = compiled(rules)
        self.rules = rules
        self.w_down, self.w_down_col, self.w_dig = down_weights(rules, style)
        kinds = comp.kinds
        self.ncols = rules.columns
        self.cells = [i for i, k in enumerate(kinds) if k == CELL_KIND]
        self.reserves = [i for i, k in enumerate(kinds) if k == RESERVE_KIND]
        self.founds = [i for i, k in enumerate(kinds) if k == FOUNDATION_KIND]
        self.waste = [i for i, k in enumerate(kinds) if k == WASTE_KIND]
        self.empty_worth = EMPTY_WORTH if any(comp.empty_ok) else (0.0,) * len(EMPTY_WORTH)
        self.win_columns = rules.win == "columns"
        self.run_lengths = rules.run_lengths
        self.link = comp.link
        self.pair = pair_scores(rules)
        self.settled = settled_cards(rules)
        self.memo: dict[tuple, float] = {}

    def column(self, col: tuple, down: int) -> float:
        """The score of one column: ``col`` its cards, bottom first, ``down`` of them not
        playable yet."""
        hit = self.memo.get((col, down))
        if hit is not None:
            return hit
        if len(self.memo) >= MEMO_LIMIT:
            self.memo.clear()
        n = len(col)
        s = column_score(self, col, down,
                         W_KING_BOTTOM if not down and n and self.settled[col[0]] else 0.0)
        if (self.win_columns and not down and n in self.run_lengths
                and self.rules.is_complete(col)):
            s += W_RUN
        self.memo[(col, down)] = s
        return s

    def score(self, state: State, key: tuple | None = None) -> float:
        """The table's score (higher is better; a win is not counted here). ``key`` is
        ``state.key()`` when the caller has it already."""
        if key is None:
            key = state.key()
        piles, down = key[0], key[1]
        s = W_RUN * len(state.done)
        column = self.column
        empties = 0
        for i in range(self.ncols):
            p = piles[i]
            if p:
                s += column(p, down[i])
            else:
                empties += 1
        s += self.empty_worth[min(empties, len(self.empty_worth) - 1)]
        for i in self.cells:
            n = len(piles[i])
            if n:
                s -= W_CELL + W_TAIL * (n - 1)
        for i in self.reserves:
            s -= W_RESERVE * len(piles[i])
        for i in self.founds:
            s += W_FOUND * len(piles[i])
        for i in self.waste:
            s -= W_WASTE * (len(piles[i]) + state.stock_left)
        return s


_judges: dict = {}


def judge_for(rules: RuleSet, style: str = "play") -> Judge:
    """The (remembered) :class:`Judge` of ``rules`` for ``style``."""
    return per_rules(_judges, rules, style, Judge)


# --------------------------------------------------------------------------- moves


def won(state: State) -> bool:
    """Is the game won (a win rule that fails counts as not won)?"""
    try:
        return state.won()
    except RuleFailure:
        return False


def can_deal(state: State) -> bool:
    """Does the rule set allow a deal now (a rule that fails counts as a refusal)?"""
    try:
        return state.deal_refusal() is None
    except RuleFailure:
        return False


def allowed(state: State, move: tuple) -> bool:
    """Is ``move`` (a deal, or a move the real table allows) allowed on ``state`` too? Asked
    of the rules for this one move (listing every move can be slow where a plugin is asked
    about each)."""
    if move == DEAL:
        return can_deal(state)
    try:
        return state.refusal(*move) is None
    except RuleFailure:
        return False


def search_moves(state: State, deals: bool = True, splits: bool = False
                 ) -> list[tuple[int, int, int]]:
    """The moves worth searching from ``state``: every legal move (and the deal, with
    ``deals``) but those that cannot help: into any empty column but the first the rules
    allow (a plugin's rule may refuse some), part of a
    stretch of a run into an empty column that the whole stretch may go into
    (:func:`~spider_tui.ai.board.stretch_start`, as the fast board leaves out; with
    ``splits``, only where no copy of its first card or of the card under it lies within
    reach in another column), and from a column to a column those
    :func:`~spider_tui.ai.board.pointless` says."""
    try:
        moves = state.moves()
    except RuleFailure:
        moves = []
    piles = state.piles
    ncols = len(state.cols)
    down = state.down
    link = state.comp.link
    in_run = run_pairs(state.rules)
    accept = state.comp.accept
    into_empty: set[tuple[int, int]] = set()  # (source, count) of a move into one kept
    legal = set(moves)
    twice = Once(lambda: face_up_twice(reach_bits(accept, piles[i], down[i])
                                       for i in range(ncols)) if splits else 0)
    out = []
    for m in moves:
        s, k, d = m
        if 0 <= d < ncols:
            b = piles[d]
            if not b:
                if (s, k) in into_empty:
                    continue  # the empty columns are alike: one is enough
                into_empty.add((s, k))
            if s < ncols:
                a = piles[s]
                j = len(a) - k
                if pointless(link, a[j - 1] if j > down[s] else None, a[j],
                             b[-1] if b else None, not j):
                    continue
                if not b and split_left_out(in_run, a, j, down[s], s, d, legal, twice):
                    continue
        out.append(m)
    if deals and can_deal(state):
        out.append(DEAL)
    return out


def supermoves(state: State) -> list[tuple]:
    """The fast board's supermoves on the engine's table (:meth:`Board.supermoves
    <spider_tui.ai.board.Board.supermoves>`), where the rules make them
    (:func:`~spider_tui.ai.board.supermoves_made`): a sequence of several runs that each lie on the
    one before as the rules build (``9♥ 8♠ 7♠``), above the run the engine lifts
    (:attr:`State.rs`), moved from a column onto a column that takes its first card, or into
    an empty column, through the empty columns. Each is
    the tuple of its single moves (:func:`~spider_tui.ai.board.supermove_steps`), for a
    space to play one by one as the engine allows them (:class:`TableSpace` asks
    :meth:`State.refusal` of each). With ``e`` empty columns to spare, ``2**e`` runs can move.
    Left out as :func:`search_moves` leaves single moves out: the :func:`pointless` ones, and
    into an empty column part of a stretch of a run that may go there whole. A supermove into
    an empty column is given as its ways into each empty column in turn (a tuple of them),
    of which a space plays the first the engine allows (a plugin's rule may refuse the first
    column), as :func:`search_moves` keeps the first allowed of single moves."""
    piles = state.piles
    ncols = len(state.cols)
    empties = [i for i in range(ncols) if not piles[i]]
    comp = state.comp
    if not empties or not supermoves_made(comp):
        return []
    link, accept = comp.link, comp.accept
    down = state.down
    in_run = run_pairs(state.rules)
    cap_full = 1 << len(empties)
    out: list[tuple] = []
    for s in range(ncols):
        a = piles[s]
        n = len(a)
        d = down[s]
        if n - 1 <= d:  # one face-up card at most: nothing above a run
            continue
        for k, head, runs in supermove_chain(link, accept, a, state.rs[s], d):
            if runs > cap_full:
                break
            j = n - k
            under = a[j - 1] if j > d else None
            parts = run_lengths(link, a[j:])
            for t in range(ncols):
                b = piles[t]
                if t == s or not b or not accept[head][b[-1]] or pointless(
                        link, under, head, b[-1], not j):
                    continue
                out.append(tuple(supermove_steps(s, parts, t, empties)))
            if (runs <= cap_full >> 1 and stretch_start(in_run, a, j, d) == j
                    and not pointless(link, under, head, None, not j)):
                # Into the first empty column the rules allow: a way into each, in turn.
                out.append(tuple(tuple(supermove_steps(s, parts, t, [e for e in empties
                                                                     if e != t]))
                                 for t in empties))
    return out


def fingerprint(state: State, key: tuple | None = None) -> tuple:
    """What the table holds with piles of one kind taken as interchangeable (the columns as a
    set, the free cells as a set...): two moves that give the same fingerprint do the same
    thing, and a move that keeps it changes nothing."""
    if key is None:
        key = state.key()
    piles, down = key[0], key[1]
    kinds = state.comp.kinds
    by_kind: dict[int, list] = {}
    for i, p in enumerate(piles):
        by_kind.setdefault(kinds[i], []).append((p, down[i]))
    return (tuple((k, tuple(sorted(v))) for k, v in sorted(by_kind.items())),
            key[2:])


# --------------------------------------------------------------------------- search


class TableSpace(Space):
    """The engine's own table as :func:`~spider_tui.ai.search.best_first` searches it
    (:class:`~spider_tui.ai.search.Space`): a node is a :class:`State` (a copy of ``state``,
    which is left as it is), scored by ``judge``; a child is its parent and the move, played
    on a copy of the parent only when the search enters it; a view is the table itself while
    it is shown. The moves are :func:`search_moves`' (with the deal, with ``deals``; the
    parts of runs it keeps with ``splits``); a move a plugin's rule fails on is not searched.
    A card turned over ends no line: the table shows it (the searcher reads every card of the
    table it is given, a world or the real one). The moves include :func:`supermoves`, as the
    fast board's do: each a move of the search (a child), played step by step where the
    engine allows each step, charged the single moves it takes, and given as those by
    :func:`~spider_tui.ai.search.line_of` (the first moves a caller gives, ``root_moves``,
    are its own)."""

    def __init__(self, state: State, judge: Judge, deals: bool = True,
                 splits: bool = False) -> None:
        self.state = state
        self.judge = judge
        self.deals = deals
        self.splits = splits
        self.ncols = len(state.cols)

    def _start(self) -> tuple[State, tuple, float]:
        root = self.state.copy()
        key = root.key()
        return root, key, self.judge.score(root, key)

    def moves(self, node: State) -> list:
        out: list = search_moves(node, self.deals, self.splits)
        more = supermoves(node)
        if more:  # before the deal, which comes last
            at = len(out) - (1 if out and out[-1] == DEAL else 0)
            out[at:at] = more
        return out

    def enter(self, child: tuple[State, tuple]) -> State:
        parent, m = child
        state = parent.copy()
        for step in (m if m[0].__class__ is tuple else (m,)):
            state.apply(step)
        return state

    def full(self, view: State) -> bool:
        return all(view.piles[:self.ncols])

    def children(self, node: State, moves: list, seen: set
                 ) -> Iterator[tuple[tuple, State, float, int, tuple[State, tuple], int]]:
        score = self.judge.score
        for m in moves:
            if m[0].__class__ is tuple:  # a supermove, or its ways into each empty column
                if m[0][0].__class__ is tuple:
                    for way in m:
                        recs = _steps(node, way)
                        if recs is not None:
                            m = way
                            break
                else:
                    recs = _steps(node, m)
                if recs is None:
                    continue
                key = node.key()
                if key not in seen:
                    seen.add(key)
                    end = (WIN if won(node) else
                           REVEAL if any(record_flips(r) for r in recs) else 0)
                    yield m, node, score(node, key), end, (node, m), len(m)
                for rec in reversed(recs):
                    node.undo(rec)
                continue
            try:
                rec = node.apply(m)
            except RuleFailure:
                continue  # a plugin rule that fails: not a move to play
            key = node.key()
            if key in seen:
                node.undo(rec)
                continue
            seen.add(key)
            end = WIN if won(node) else REVEAL if record_flips(rec) else 0
            yield m, node, score(node, key), end, (node, m), 1
            node.undo(rec)


def _steps(state: State, steps: tuple) -> list | None:
    """Play a supermove's single moves on ``state``, each only where the engine allows it
    (:meth:`State.refusal`, and the game not won before the last): their undo records, or
    None (``state`` as it was) where one is not allowed or a rule fails."""
    recs: list = []
    try:
        for i, step in enumerate(steps):
            if (i and won(state)) or state.refusal(*step) is not None:
                break
            recs.append(state.apply(step))
        else:
            return recs
    except RuleFailure:
        pass
    for rec in reversed(recs):
        state.undo(rec)
    return None


# --------------------------------------------------------------------------- fairness


def hidden_places(state: State) -> tuple[list[tuple[int, int]], bool]:
    """Where the cards a player cannot see lie: ``(pile, index)`` of each face-down card, and
    whether the stock's cards are unknown (they are not once the waste has been turned back
    into it: the player saw every one, in order)."""
    places = []
    for i, p in enumerate(state.piles):
        for j in range(min(state.down[i], len(p))):
            if not state.is_face_up(i, j):
                places.append((i, j))
    return places, state.redeals == 0


def unseen_cards(state: State) -> list[int]:
    """The cards a player cannot see, in code order (the deck less every card in view)."""
    places, stock_hidden = hidden_places(state)
    out = Counter(state.piles[i][j] for i, j in places)
    if stock_hidden:
        out.update(state.stock[state.sp:])
    return sorted(out.elements())


def visible_seed(state: State, salt: bytes = b"") -> int:
    """A number drawn from what a player sees of ``state`` (and ``salt``) alone."""
    places, stock_hidden = hidden_places(state)
    hidden = set(places)
    parts = []
    for i, p in enumerate(state.piles):
        parts.append(bytes(255 if (i, j) in hidden else c for j, c in enumerate(p)) + b"|")
    stock = b"" if stock_hidden else bytes(state.stock[state.sp:])
    parts.append(f"{state.stock_left}/{state.redeals}/{len(state.done)}".encode() + stock)
    return zlib.crc32(b"".join(parts) + salt)


def worlds(state: State, count: int, salt: bytes = b"") -> list[State]:
    """``count`` tables a player could not tell from ``state``: its face-down and unknown
    stock cards dealt again at random from the cards the player cannot see, the draw seeded
    by what the player sees (so shuffling the hidden cards never changes a world). Just
    ``[a copy of state]`` when nothing is hidden."""
    places, stock_hidden = hidden_places(state)
    if not places and not (stock_hidden and state.stock_left):
        return [state.copy()]
    pool = unseen_cards(state)
    rng = random.Random(visible_seed(state, salt))
    out = []
    for _ in range(count):
        cards = pool[:]
        rng.shuffle(cards)
        w = state.copy()
        for n, (i, j) in enumerate(places):
            w.piles[i][j] = cards[n]
        if stock_hidden:
            w.stock = w.stock[:w.sp] + cards[len(places):]
        out.append(w)
    return out


__all__ = ["Judge", "TableSpace", "allowed", "can_deal", "fingerprint", "hidden_places",
           "judge_for", "search_moves", "unseen_cards", "visible_seed", "worlds"]
