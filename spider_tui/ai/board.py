"""A lean table for searching: what the hint, the bot and the solver play on.

It differs from the engine's :class:`~spider_tui.engine.State` in ways that matter here:

* A card may be :data:`UNKNOWN` (code 52). The *fair* view of a game replaces every face-down
  card and every stock card by it, so a search on that view cannot read what a player cannot
  see: fairness holds by construction, not by care in the search code.
* A column is an immutable ``bytes`` object, face-down cards carrying the :data:`HIDDEN` flag.
  A move makes two new columns and keeps the old ones for undo; a position's key is the tuple
  of its columns, whose hashes Python keeps; and whatever is worked out about a column (its
  score, where its liftable run starts, how many of its cards are face down, the sequences a
  supermove could carry) is worked out once per distinct column and remembered.
* It keeps an incremental evaluation (a score per column plus globals), so a search can score
  every position it visits at the cost of two lookups.

Moves are tuples ``(src, count, dst)`` like the engine's; :data:`DEAL` deals. A *supermove*
``(src, count, dst)`` carries a sequence of several runs at once through empty columns; it is
played here as one move and :meth:`Board.expand` turns it into the single moves a player makes.

The board is the AI's *fast path*: it serves the tables the engine plays on its own fast paths,
by the engine's one decision (:attr:`RuleSet.simple`): columns alone played as Spider is, built
down by one rank, dealt by the rule set's own deal methods (asked once for every case they can
meet there: :class:`Tables`). Every
other table is played on the engine's own :class:`~spider_tui.engine.State` (:mod:`.general`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from functools import cache
from typing import cast

from ..engine.build import suit_ok
from ..engine.cards import NUM_CARDS, RANK, SUIT
from ..engine.compiled import Compiled, compiled
from ..engine.game import Game
from ..engine.kinds.columns import column_moves
from ..engine.piles import COLUMN, RUNS, PileView, TableView
from ..engine.rules import RuleSet
from ..engine.state import DEAL, State

UNKNOWN = NUM_CARDS  # 52: a card the viewer cannot see
#: Added to a card's code in a column's bytes while it lies face down.
HIDDEN = 64
_N = NUM_CARDS + 1
#: Remembered columns per table set before the memory is cleared (about 100 MB).
MEMO_LIMIT = 400_000
#: The same for :func:`moved`'s answers (a 4-suit solve of 40,000 positions remembers some
#: 9,000).
MOVES_MEMO_LIMIT = 200_000

# Evaluation weights. They say what a strong player values: runs removed above all, then empty
# columns and turned-over cards, then same-suit links well above off-suit ones; a card lying on
# something it does not follow is a debt.
W_RUN = 1000.0
#: A table left with fewer cards than columns while the stock still holds some can never deal
#: again (a deal needs every column filled), so it is lost: removing a run too early does this.
W_STARVED = 100_000.0
RUN_CARDS = 13  # a complete run, King to Ace
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
#: Per run (same-suit stretch) lying over face-down cards: each must move to dig them out.
W_DIG = {("solve", 0): 10.0}
W_SUIT = 14.0
W_RANK = 0.0
W_BREAK = -12.0
W_KING_BOTTOM = 4.0   # a King at the bottom of a column needs no empty column ever again
#: A card lying on one it may be lifted with that no complete run can hold (it may still
#: move with it), where building allows it.
W_LINK = 4.0

_EMPTY_INFO = (0.0, 0, 0, (), False, (), 0)
#: Whether a search moves cards into an empty column (:meth:`Tables.info`'s moves): always,
#: or never; else a bit for each of two cards (:func:`stretch_start`): where a copy of either
#: lies within reach in another column.
ALWAYS, NEVER = -1, 0


def supermoves_made(comp: Compiled) -> bool:
    """Do the AI's searches move sequences of several runs as one through the empty columns
    (:meth:`Board.supermoves`, :func:`~spider_tui.ai.general.supermoves`), by a rule set's
    compiled tables? Where runs descend by one, a card goes only on the rank above, and any
    card may go into an empty column: the fast board's tables and the engine's alike."""
    return bool(comp.descending and comp.rank_place and all(comp.empty_ok))


#: The most runs a supermove carries.
SUPERMOVE_RUNS = 16


def supermove_chain(link: Sequence[Sequence[bool]], accept: Sequence[Sequence[bool]],
                    col: Sequence[int], rs: int, d: int) -> list[tuple[int, int, int]]:
    """``(count, head, runs)`` for each sequence of ``col`` longer than its liftable run
    (from ``rs``; ``d``: its first face-up card) whose cards each go on the one before
    (``runs`` same-suit stretches, at most :data:`SUPERMOVE_RUNS`), shortest first: what a
    supermove may carry, the fast board's (:meth:`Tables.info`) and the engine's table's
    (:func:`~spider_tui.ai.general.supermoves`) alike."""
    chain = []
    j = rs
    runs = 1
    while j > d and accept[col[j]][col[j - 1]]:
        j -= 1
        if not link[col[j]][col[j + 1]]:
            runs += 1
            if runs > SUPERMOVE_RUNS:
                break
        chain.append((len(col) - j, col[j], runs))
    return chain


def run_lengths(link: Sequence[Sequence[bool]], seq: Sequence[int]) -> list[int]:
    """The lengths of the same-suit stretches (each card linked to the one before) that
    ``seq`` is made of, from its first card on: a supermove's runs, as
    :func:`supermove_steps` takes them."""
    segs = []
    n = 1
    for i in range(1, len(seq)):
        if link[seq[i - 1]][seq[i]]:
            n += 1
        else:
            segs.append(n)
            n = 1
    segs.append(n)
    return segs


def supermove_steps(src: int, runs: Sequence[int], dst: int, spare: Sequence[int]
                    ) -> list[tuple[int, int, int]]:
    """The single moves ``(src, count, dst)`` that carry a sequence of several runs (their
    lengths ``runs``, from the bottom of the sequence up) from column ``src`` to ``dst``
    through the empty columns ``spare``: half of the runs parked in an empty column (the
    same way, through the others), the rest moved, the parked half brought back. The one
    expansion of a supermove, the fast board's and the engine's table's
    (:func:`~spider_tui.ai.general.supermoves`) alike."""
    out: list[tuple[int, int, int]] = []

    def shift(src: int, part: Sequence[int], dst: int, spare: Sequence[int]) -> None:
        if len(part) == 1:
            out.append((src, part[0], dst))
            return
        if not spare:
            raise ValueError(f"no empty column left to move {len(part)} runs")
        m = len(part) // 2
        f, rest = spare[0], spare[1:]
        shift(src, part[-m:], f, rest)
        shift(src, part[:-m], dst, rest)
        shift(f, part[-m:], dst, rest)

    shift(src, runs, dst, spare)
    return out


@cache
def single_moves(runs: int) -> int:
    """How many single moves a supermove of ``runs`` same-suit stretches takes as
    :meth:`Board.expand` plays it out (half of the runs parked in an empty column, the rest
    moved, the parked half brought back, each part the same way again)."""
    if runs <= 1:
        return 1
    half = runs // 2
    return 2 * single_moves(half) + single_moves(runs - half)


#: :func:`single_moves` by runs, for the supermoves :meth:`Tables.info` lists
#: (:data:`SUPERMOVE_RUNS` at most), asked of every supermove a search plays.
SINGLE_MOVES = tuple(single_moves(runs) for runs in range(SUPERMOVE_RUNS + 1))


def down_weights(rules: RuleSet, style: str) -> tuple[float, float, float]:
    """``(per face-down card, per column holding any, per run over them)`` for ``style``
    and the number of suits of ``rules`` (:data:`W_DOWN`)."""
    key = (style, rules.suit_count)
    if key not in W_DOWN:
        key = (style, 0)
    return W_DOWN[key], W_DOWN_COL[key], W_DIG.get(key, W_DIG.get((style, 0), 0.0))


class Tables:
    """Per-rule-set lookup tables over 53 card codes (the 52 cards and UNKNOWN), the weights of
    one playing style, and the memory of columns already worked out."""

    __slots__ = ("rules", "link", "accept", "empty_ok", "rank", "pair", "descending",
                 "ncols", "win_runs", "auto_remove", "needs_full", "col_bonus", "settled",
                 "deal_targets",
                 "w_down", "w_down_col", "w_dig", "supermoves", "memo", "moves_memo", "deck",
                 "through",
                 "run_end", "onto", "in_run")

    def __init__(self, rules: RuleSet, style: str = "play") -> None:
        self.w_down, self.w_down_col, self.w_dig = down_weights(rules, style)
        #: Whether a fair search goes on past a card it turns over (see search.py): with one
        #: or two suits. Measured with benchmarks/bot_bench.py (300 ms a move, deals 1-200):
        #: one suit 172 wins before, 187 with it; two suits 101 and 110; four suits 37 and 27,
        #: so not with more suits.
        self.through = rules.suit_count in (1, 2)
        comp = compiled(rules)
        n = NUM_CARDS
        self.rules = rules
        self.link = [[(u < n and lo < n and comp.link[u][lo]) for lo in range(_N)]
                     for u in range(_N)]
        self.accept = [[(m < n and o < n and comp.accept[m][o]) for o in range(_N)]
                       for m in range(_N)]
        self.empty_ok = [c < n and comp.empty_ok[c] for c in range(_N)]
        #: :func:`run_pairs`, UNKNOWN in no run.
        self.in_run = [row + [False] for row in run_pairs(rules)] + [[False] * _N]
        #: The cards a complete run may end with (at the top of its column), as the engine says.
        self.run_end = [c < n and comp.run_end[c] for c in range(_N)]
        self.rank = tuple(RANK) + (0,)
        self.descending = comp.descending and comp.rank_place
        self.ncols = rules.columns
        self.win_runs = rules.win_runs
        self.auto_remove = rules.auto_remove
        # The deal rules as the rule set's own methods answer them, asked once: on the fast
        # path they are RuleSet's (see RuleSet.simple), whose answers depend on the stock and on
        # whether a column is empty alone, so a probe of each case is exact.
        per = max(1, rules.cards_per_deal)
        self.needs_full = rules.deal_refusal(_probe(rules, 1, [0])) is not None
        self.deal_targets = [list(rules.deal_targets(_probe(rules, left, [])))
                             for left in range(per + 1)]
        self.deck = len(rules.deck_cards())
        self.supermoves = supermoves_made(comp)
        # The score of one card lying on another (:func:`pair_scores`); UNKNOWN pairs are
        # neutral (a card turned over in a fair search is valued by its count, not by what it
        # might be).
        self.pair = [row + [0.0] for row in pair_scores(rules)] + [[0.0] * _N]
        self.col_bonus = W_KING_BOTTOM
        self.settled = settled_cards(rules) + [False]
        self.memo: dict[bytes, tuple] = {b"": _EMPTY_INFO}
        #: :func:`moved`'s answers by ``(a, b, k)``: a search meets the same two columns and
        #: the same move again and again (96% of the moves a 4-suit solve plays, deals
        #: 9401-9402), in positions that differ elsewhere.
        self.moves_memo: dict[tuple[bytes, bytes, int], tuple[bytes, bytes, bool, int]] = {}
        #: :meth:`targets`' rows, ``[under + 1][head]``, each made when first asked for.
        self.onto: list[list[list[bool] | None]] = [[None] * _N for _ in range(_N + 1)]

    def targets(self, under: int, head: int) -> list[bool]:
        """Per card code, may cards from ``head`` up that leave ``under`` (-1: none, or a
        face-down card) go onto that card in a search: the rules accept it and it is not
        :func:`pointless`."""
        row = self.onto[under + 1][head]
        if row is None:
            acc = self.accept[head]
            below = None if under < 0 else under
            row = [acc[c] and not pointless(self.link, below, head, c, False) for c in range(_N)]
            self.onto[under + 1][head] = row
        return row

    def info(self, col: bytes) -> tuple:
        """``(score, run start, face-down count, supermove chain, ends complete, moves, cards
        within reach (:func:`reach_bits`))`` of a column (see the comments below for the
        moves).

        The chain lists ``(count, head, runs)`` for each sequence longer than the liftable run
        whose cards each go on the one before (``runs`` same-suit stretches), shortest first."""
        hit = self.memo.get(col)
        if hit is not None:
            return hit
        if len(self.memo) >= MEMO_LIMIT:
            self.memo.clear()
            self.memo[b""] = _EMPTY_INFO
        n = len(col)
        d = 0
        while d < n and col[d] >= HIDDEN:
            d += 1
        link = self.link
        # The liftable run: face up, known, each card linked to the one before.
        j = n - 1
        if j < d or col[j] == UNKNOWN:
            rs = n
        else:
            while j > d and link[col[j - 1]][col[j]]:
                j -= 1
            rs = j
        # The score.
        s = column_score(self, col, d,
                         self.col_bonus if not d and self.settled[col[0]] else 0.0)
        # The supermove chain above the liftable run.
        chain = (supermove_chain(link, self.accept, col, rs, d)
                 if self.supermoves and rs < n else [])
        complete = (n - d >= 13 and self.run_end[col[-1]] and UNKNOWN not in col[-13:]
                    and self.rules.is_complete(list(col[-13:])))
        # What a search may move from here, for rule sets where runs descend by one:
        # ``(count, whether a search moves it into an empty column, rank it goes on, the cards
        # it may go onto (:meth:`targets`), runs)``. Into an empty column: ``ALWAYS``,
        # ``NEVER`` (the rules refuse it), or, where it is part of a stretch of a run that could
        # go there whole (its cards are linked: as many runs, as many empty columns), a bit for
        # its first card and one for the card under it: worth it only where a copy of either
        # lies within reach in another column (:func:`stretch_start`).
        cands = []
        if self.descending and rs < n:
            rank = self.rank
            rows = self.onto
            targets = self.targets
            empty_ok = self.empty_ok
            in_run = self.in_run
            # Each liftable card in turn, then each card of the supermove chain.
            heads = [(k, 1) for k in range(1, n - rs + 1)] + [(k, r) for k, _, r in chain]
            for k, runs in heads:
                j = n - k
                u = col[j - 1] if j > d else -1
                h = col[j]
                start = stretch_start(in_run, col, j, d)
                into = (NEVER if not empty_ok[h] else
                        1 << h | 1 << u if start < j and empty_ok[col[start]] else ALWAYS)
                cands.append((k, into, rank[h] + 1, rows[u + 1][h] or targets(u, h), runs))
        up = reach_bits(self.accept, col, d)
        out = (s, rs, d, tuple(chain), complete, tuple(cands), up)
        self.memo[col] = out
        return out


def stretch_start(in_run: Sequence[Sequence[bool]], col: Sequence[int], j: int, d: int) -> int:
    """Where the stretch of a run (each card on the one before as in a complete run:
    :func:`run_pairs`) that holds card ``j`` of ``col`` begins (``d``: the first face-up
    card).

    Into an empty column the AI's searches move such a stretch whole, not part of it, where
    the whole may go: the card the part leaves behind can take nothing better than the card
    it held. Unless a copy of either (a deck of several packs) lies within reach in another
    column (:func:`reach_bits`): the copy of the part's first card could come onto the card
    left behind (with its own run), or the part could go onto the copy of that card, or the
    card that copy holds come to the one left behind (two cards swap places to make a run)."""
    while j > d and in_run[col[j - 1]][col[j]]:
        j -= 1
    return j


def split_left_out(in_run: Sequence[Sequence[bool]], col: Sequence[int], j: int, d: int,
                   src: int, dst: int, legal: Collection, twice: Callable[[], int]) -> bool:
    """Do the AI's searches leave out moving the cards of ``col`` (pile ``src``) from ``j``
    up (``d``: its first face-up card) into the empty column ``dst`` (:func:`stretch_start`)?
    Where they are part of a stretch of a run whose whole may go there (that move is in
    ``legal``), and neither their first card nor the card under it is among ``twice()``
    (the cards :func:`face_up_twice` gives, or none)."""
    start = stretch_start(in_run, col, j, d)
    return (start < j and (src, len(col) - start, dst) in legal
            and not twice() & (1 << col[j] | 1 << col[j - 1]))


def reach_bits(accept: Sequence[Sequence[bool]], col: Sequence[int], d: int) -> int:
    """The cards within reach at the end of ``col`` (``d``: its first face-up card), one bit
    per card code: each card of the end where each goes on the one under it (what a move,
    or a supermove, may lift) and the card under them."""
    j = len(col) - 1
    while j > d and accept[col[j]][col[j - 1]]:
        j -= 1
    out = 0
    for c in col[max(d, j - 1):]:
        if c < NUM_CARDS:
            out |= 1 << c
    return out


class Once:
    """``f()``, worked out when first asked and then remembered: for a value a move listing
    may need (:func:`split_left_out`'s ``twice``), made afresh for every listing, where
    :func:`functools.cache` would cost more to set up than the value does to work out."""

    __slots__ = ("f", "value", "known")

    def __init__(self, f: Callable[[], int]) -> None:
        self.f = f
        self.known = False
        self.value = 0

    def __call__(self) -> int:
        if not self.known:
            self.value = self.f()
            self.known = True
        return self.value


def face_up_twice(columns: Iterable[int]) -> int:
    """Of the cards within reach in each column (:func:`reach_bits`), those in two columns
    or more: the cards with a copy within reach in another column."""
    once = twice = 0
    for up in columns:
        twice |= once & up
        once |= up
    return twice


def pointless(link: Sequence[Sequence[bool]], under: int | None, head: int, onto: int | None,
              bare: bool) -> bool:
    """Is a move one the AI's searches never try (the fast board's and the engine's table's
    alike)? The cards from ``head`` up leave ``under`` (the face-up card under them; None:
    none, or a face-down one) for ``onto`` (the card they go on; None: an empty column);
    ``bare``: they are the whole column. Into an empty column, a whole column changes nothing
    but where it lies. Onto a card, part of a run (``head`` linked with ``under``) breaks the
    run to make a worse one where it does not link with ``onto``, and changes nothing where
    ``onto`` is a card like ``under``."""
    if onto is None:
        return bare
    return (under is not None and link[under][head]
            and (onto == under or not link[onto][head]))


def pair_scores(rules: RuleSet) -> list[list[float]]:
    """The score of each card lying on another (``[under][over]``), one table for the fast
    board and the general path alike: ``W_SUIT`` where the two could lie together in a
    complete run (:func:`run_pairs`); else ``W_LINK`` where the card over may be built there
    and lifted with the one under, ``W_RANK`` where it may only be built there; else
    ``W_BREAK``."""
    comp = compiled(rules)
    in_run = run_pairs(rules)
    n = NUM_CARDS
    return [[W_SUIT if in_run[u][lo] else
             (W_LINK if comp.link[u][lo] else W_RANK) if comp.accept[lo][u] else W_BREAK
             for lo in range(n)] for u in range(n)]


def run_pairs(rules: RuleSet) -> list[list[bool]]:
    """Per card lying on another (``[under][over]``): could the two lie together in a
    complete run (the step its order takes, its suit rule)?"""
    return per_rules(_run_pairs, rules, "", _make_run_pairs)


def _make_run_pairs(rules: RuleSet, _style: str) -> list[list[bool]]:
    comp = compiled(rules)
    step = -1 if rules.run_order == "down" else 1
    # Where runs leave the table (or win by columns) their suit rule says which runs are
    # complete; where they stay, a run of one suit is what the foundations take.
    complete = rules.complete if rules.runs_leave or rules.win == "columns" else "same-suit"

    def in_run(u: int, lo: int) -> bool:
        want = RANK[u] + step
        if rules.run_wrap:
            want = (want - 1) % 13 + 1
        return RANK[lo] == want and comp.link[u][lo] and suit_ok(complete, u, lo)

    n = NUM_CARDS
    return [[in_run(u, lo) for lo in range(n)] for u in range(n)]


_run_pairs: dict = {}


def settled_cards(rules: RuleSet) -> list[bool]:
    """Per card: does nothing take it (Spider's King)? Such a card needs no space of its own
    once it lies at the bottom of a column (worth ``W_KING_BOTTOM`` there)."""
    accept = compiled(rules).accept
    return [not any(accept[c]) for c in range(NUM_CARDS)]


def column_score(w, col: Sequence[int], d: int, bottom: float) -> float:
    """The evaluation of one column, ``col`` its cards bottom first, ``d`` of them face down,
    by the weights and pair scores of ``w`` (a :class:`Tables`, or the general path's
    judge): a debt per face-down card and per column holding any, and per run over them to
    dig through; else ``bottom`` (a card at the bottom that never needs to move); plus the
    score of each face-up card lying on another."""
    n = len(col)
    s = -w.w_down * d - w.w_down_col if d else bottom
    pair = w.pair
    link = w.link
    breaks = 0
    for j in range(d + 1, n):
        s += pair[col[j - 1]][col[j]]
        if not link[col[j - 1]][col[j]]:
            breaks += 1
    if d and w.w_dig:
        s -= w.w_dig * (1 + breaks)
    return s


_tables: dict = {}


def per_rules(cache: dict, rules: RuleSet, style: str, make):
    """``make(rules, style)``, remembered in ``cache`` for as long as ``rules`` lives."""
    hit = cache.get((id(rules), style))
    if hit is not None and hit[0] is rules:
        return hit[1]
    value = make(rules, style)
    if len(cache) > 64:
        cache.clear()
    cache[(id(rules), style)] = (rules, value)
    return value


def tables_for(rules: RuleSet, style: str = "play") -> Tables:
    """The tables of ``rules``, weighted for ``style`` ("play": hint and bot; "solve")."""
    return per_rules(_tables, rules, style, Tables)


def _column(cards: Sequence[int], down: int) -> bytes:
    return bytes([c + HIDDEN for c in cards[:down]] + list(cards[down:]))


def _flip_top(col: bytes) -> bytes:
    """``col`` with its last card turned face up if it lay face down."""
    if col and col[-1] >= HIDDEN:
        return col[:-1] + bytes((col[-1] - HIDDEN,))
    return col


def moved(t: Tables, a: bytes, b: bytes, k: int) -> tuple[bytes, bytes, bool, int]:
    """Columns ``a`` and ``b`` after ``k`` cards go from the end of ``a`` onto ``b``:
    ``(new a, new b, a card turned over in a, runs removed)``.

    As in the engine (``State.apply``), complete runs leave from the end of ``b`` and then from
    the end of ``a``: where any face-up card can be lifted with the cards on it (Scorpion), the
    cards moved may have lain on a complete run. Remembered in ``t.moves_memo``."""
    hit = t.moves_memo.get((a, b, k))
    if hit is not None:
        return hit
    na = a[:-k]
    flip = bool(na) and na[-1] >= HIDDEN
    if flip:
        na = na[:-1] + bytes((na[-1] - HIDDEN,))
    nb = b + a[-k:]
    rem = 0
    if t.auto_remove:
        memo_get = t.memo.get
        while (memo_get(nb) or t.info(nb))[4]:
            nb = _flip_top(nb[:-13])
            rem += 1
        while (memo_get(na) or t.info(na))[4]:
            below = na[:-13]
            flip = flip or (bool(below) and below[-1] >= HIDDEN)
            na = _flip_top(below)
            rem += 1
    if len(t.moves_memo) >= MOVES_MEMO_LIMIT:
        t.moves_memo.clear()
    out = t.moves_memo[(a, b, k)] = (na, nb, flip, rem)
    return out


class Board:
    """Columns (``bytes``, cards bottom first, face-down ones flagged :data:`HIDDEN`), the
    stock, runs removed, and a score per column. ``stock[sp:]`` is still to deal."""

    __slots__ = ("t", "cols", "stock", "sp", "done", "cs", "deal_size")

    def __init__(self, t: Tables, cols: Sequence[Sequence[int]], down: Sequence[int],
                 stock: Sequence[int], sp: int, done: int) -> None:
        self.t = t
        self.cols = [_column(c, d) for c, d in zip(cols, down)]
        self.stock = list(stock)
        self.sp = sp
        self.done = done
        info = t.info
        self.cs = [info(c)[0] for c in self.cols]
        self.deal_size = t.rules.cards_per_deal

    @classmethod
    def from_state(cls, state: State, *, peek: bool = False, style: str = "play") -> Board:
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
    def from_game(cls, game: Game, *, peek: bool = False) -> Board:
        return cls.from_state(game.state, peek=peek)

    def copy(self) -> Board:
        new = Board.__new__(Board)
        new.t = self.t
        new.cols = self.cols[:]
        new.stock = self.stock
        new.sp = self.sp
        new.done = self.done
        new.cs = self.cs[:]
        new.deal_size = self.deal_size
        return new

    # ------------------------------------------------------------------ queries

    @property
    def down(self) -> list[int]:
        """How many cards lie face down in each column."""
        info = self.t.info
        return [info(c)[2] for c in self.cols]

    @property
    def rs(self) -> list[int]:
        """Where the liftable run of each column starts (its length when there is none)."""
        info = self.t.info
        return [info(c)[1] for c in self.cols]

    def face_up(self, i: int) -> bytes:
        col = self.cols[i]
        return col[self.t.info(col)[2]:]

    def col_score(self, i: int) -> float:
        return self.t.info(self.cols[i])[0]

    def score(self) -> float:
        val = sum(self.cs) + W_RUN * self.done + EMPTY_WORTH[self.cols.count(b"")]
        if starved(self.t, self.done, len(self.stock) - self.sp):
            val -= W_STARVED
        return val

    def won(self) -> bool:
        return self.done >= self.t.win_runs

    def stock_left(self) -> int:
        return len(self.stock) - self.sp

    def can_deal(self) -> bool:
        """May the next row be dealt now? (The rule set's own ``deal_refusal``, as
        :class:`Tables` asked it.)"""
        if self.sp >= len(self.stock):
            return False
        if self.t.needs_full:
            for c in self.cols:
                if not c:
                    return False
        return True

    def deal_targets(self) -> list[int]:
        """The columns the next deal puts a card on, in order (the rule set's own
        ``deal_targets``, as :class:`Tables` asked it)."""
        targets = self.t.deal_targets
        return targets[min(len(self.stock) - self.sp, len(targets) - 1)]

    def key(self) -> tuple:
        """A hashable summary of the position (for transposition tables)."""
        return (*self.cols, self.sp)

    def hidden(self) -> int:
        return sum(self.down)

    def moves(self) -> list[tuple[int, int, int]]:
        """Every legal card move (no deals, no supermoves), as ``(src, count, dst)``: the
        engine's own generator (:func:`~spider_tui.engine.kinds.columns.column_moves`) over
        this board's columns and the tables compiled from the same rule set."""
        t = self.t
        cols = self.cols
        info = t.info
        complete = None
        if not t.auto_remove:
            def complete(s: int, a: bytes) -> bool:
                return info(a)[4]

        return column_moves(cols, [info(a)[1] for a in cols], t.accept, t.empty_ok, t.rank,
                            t.descending, complete)

    def supermoves(self) -> list[tuple[int, int, int]]:
        """Moves of a descending sequence of several runs (``9♥ 8♠ 7♠``) as one, through
        the empty columns: with ``e`` empty columns to spare, ``2**e`` runs can move (the
        last ones wait in an empty column while the first ones move, recursively). Each is
        ``(src, count, dst)`` with ``count`` beyond the liftable run; :meth:`expand` gives
        the single moves. None where the rules do not allow them (see ``Tables``)."""
        t = self.t
        cols = self.cols
        empties = [i for i, c in enumerate(cols) if not c]
        if not empties or not t.supermoves:
            return []
        info = t.info
        accept = t.accept
        rank = t.rank
        cap_full = 1 << len(empties)
        cap_empty = cap_full >> 1
        by_rank: dict[int, list[int]] = {}
        for i, c in enumerate(cols):
            if c:
                by_rank.setdefault(rank[c[-1]], []).append(i)
        out = []
        for s, a in enumerate(cols):
            for k, head, runs in info(a)[3]:
                if runs > cap_full:
                    break
                for d in by_rank.get(rank[head] + 1, ()):
                    if d != s and accept[head][cols[d][-1]]:
                        out.append((s, k, d))
                if runs <= cap_empty:
                    for d in empties:
                        out.append((s, k, d))
        return out

    def expand(self, move: tuple[int, int, int]) -> list[tuple[int, int, int]]:
        """The single moves that make up ``move`` on this board (``[move]`` unless it is a
        supermove)."""
        s, k, d = move
        a = self.cols[s] if s >= 0 else b""
        if k == 0 or d < 0 or k <= len(a) - self.t.info(a)[1]:
            return [move]
        return supermove_steps(s, run_lengths(self.t.link, a[-k:]), d,
                               [i for i, c in enumerate(self.cols) if not c and i != d])

    def expand_line(self, line: Sequence[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
        """``line`` (played from this board) with every supermove replaced by its single
        moves."""
        b = self.copy()
        out: list[tuple[int, int, int]] = []
        for m in line:
            out.extend(b.expand(m))
            b.apply(m)
        return out

    # ------------------------------------------------------------------ changes

    def apply(self, move: tuple[int, int, int]) -> tuple:
        """Play ``move`` (assumed legal); returns the record :meth:`undo` takes:
        ``(src, count, dst, turned a card over, runs removed, ...)``, or ``(None, ...)`` for a
        deal."""
        s, k, d = move
        if k == 0:
            return self.deal()
        cols = self.cols
        cs = self.cs
        info = self.t.info
        a = cols[s]
        old_cs_s = cs[s]
        if d == RUNS:
            below = a[:-k]
            na = _flip_top(below)
            cols[s] = na
            cs[s] = info(na)[0]
            self.done += 1
            return (s, k, d, na is not below, 1, a, None, old_cs_s, 0.0)
        b = cols[d]
        na, nb, flip, rem = moved(self.t, a, b, k)
        cols[s] = na
        cols[d] = nb
        cs[s] = info(na)[0]
        old_cs_d = cs[d]
        cs[d] = info(nb)[0]
        self.done += rem
        return (s, k, d, flip, rem, a, b, old_cs_s, old_cs_d)

    def undo(self, rec: tuple) -> None:
        if rec[0] is None:
            _, n, self.done, cols, cs = rec
            self.sp -= n
            self.cols[:] = cols
            self.cs[:] = cs
            return
        s, _, d, _, rem, a, b, cs_s, cs_d = rec
        self.cols[s] = a
        self.cs[s] = cs_s
        if d == RUNS:
            self.done -= 1
            return
        self.cols[d] = b
        self.cs[d] = cs_d
        self.done -= rem

    def deal(self) -> tuple:
        targets = self.deal_targets()
        n = len(targets)
        cols = self.cols
        cs = self.cs
        rec = (None, n, self.done, cols[:], cs[:])
        sp = self.sp
        stock = self.stock
        t = self.t
        info = t.info
        for j, i in enumerate(targets):
            col = cols[i] + bytes((stock[sp + j],))
            if t.auto_remove:
                while info(col)[4]:
                    col = _flip_top(col[:-13])
                    self.done += 1
            cols[i] = col
            cs[i] = info(col)[0]
        self.sp = sp + n
        return rec


class _DealProbe:
    """What a rule set's deal methods read of a table, for :class:`Tables` to ask them once:
    ``stock_left`` cards in the stock and the ``empty`` columns (the others hold a card)."""

    waste = None
    redeals_used = 0
    cells = reserves = foundations = ()

    def __init__(self, rules: RuleSet, stock_left: int, empty: list[int]) -> None:
        self.rules = rules
        self.stock_left = stock_left
        self.empty_columns = empty
        self.columns = [PileView(COLUMN, i, () if i in empty else (0,), 0)
                        for i in range(rules.columns)]


def _probe(rules: RuleSet, stock_left: int, empty: list[int]) -> TableView:
    """A :class:`_DealProbe`, given for the table view it stands in for (it has what the deal
    methods read of one)."""
    return cast(TableView, _DealProbe(rules, stock_left, empty))


def starved(t: Tables, done: int, stock_left: int) -> bool:
    """Are there too few cards left on the table (``done`` runs removed, ``stock_left`` cards
    undealt) to fill every column for the next deal?"""
    return (stock_left > 0 and t.needs_full
            and t.deck - RUN_CARDS * done - stock_left < t.ncols)


def forget(world: Board) -> None:
    """Turn ``world`` back into a fair view, in place: every face-down card and every card
    still in the stock UNKNOWN again. The cards turned face up in it (by a line played in the
    world, or a row dealt there) stay as they are: what a player would see after playing
    that line in the real game."""
    info = world.t.info
    cols = world.cols
    cs = world.cs
    hidden_unknown = bytes((UNKNOWN + HIDDEN,))
    for i, col in enumerate(cols):
        down = info(col)[2]
        if down:
            cols[i] = hidden_unknown * down + col[down:]
            cs[i] = info(cols[i])[0]
    left = world.stock_left()
    if left:
        world.stock = world.stock[:world.sp] + [UNKNOWN] * left


__all__ = ["Board", "DEAL", "RUNS", "HIDDEN", "SUIT", "Tables", "UNKNOWN", "forget", "moved",
           "pair_scores", "settled_cards", "starved", "tables_for"]
