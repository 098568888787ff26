"""The solver: perfect information (it reads every card), a winning line or a proof there is none.

Two searches share the time limit:

1. An exhaustive depth-first search over every legal move and deal, with a transposition
   table, on a small node allowance: first, or on a ladder of tries (below) after the first
   try (an easy deal is won before a proof is looked for). Only when it runs out of
   positions does the solver say "unwinnable": that answer is a proof, never a guess.
2. A beam search by *stages*, a stage being the play between two deals. From each of the
   positions kept at the start of a stage, a best-first search over card moves and supermoves
   (sharing one transposition table per stage) looks for a win and, while the stock lasts, for
   the arrangements to deal from, each judged by the table as it will be *after* the deal (the
   solver knows the cards to come). The best dealt positions, taken from as many different
   parents as it can, make the next stage's beam. Each stage gets an equal share of the time
   left; the last (after the last deal) gets what remains. If the beam dies out before the
   time limit, the beam search starts again twice as wide.

With one or two suits the beam search climbs a ladder (``LADDER``): tried first on 1/32 of the
limit and a narrow beam, then on twice that and twice as wide, and so on, the last try on what
is left. An easy deal is solved in a fraction of a second, rather than in stages sized for the
whole limit. Four suits take two tries (``TRIES``) where the limit is large (``TRY_MIN``): the
full width on a fifth of the limit, then again on the rest; where the limit is small, one
beam 8 wide on all of it (``NARROW``). The last try also moves
part of a run into an empty column where a copy of a card makes that worth it (two cards
swapping places, say): moves the searches leave out otherwise, for they multiply the
positions a stage searches (:func:`~.board.stretch_start`).

The limit is a time, a node budget (positions searched), or both. A node budget is shared out
exactly as the time is (the exhaustive search's share, a try's, a stage's, a beam
position's), each share a part of the positions left where the time's is a part of the seconds
left. With a node budget and no time limit no clock decides anything: the answer, its line
and the node count are a function of the position and the budget alone, the same on every run
and every machine, however loaded.

A line found is expanded into single moves and replayed through the engine before it is
returned; one the engine refuses (a bug) gives "unknown" and says why in ``Solution.problem``.

The search is written once, over :class:`_Space`: what a stage's search, a deal and a win
are on a kind of table. It has two implementations: the fast :class:`~spider_tui.ai.board.Board`
(:class:`_Fast`), for the tables it serves (:attr:`RuleSet.simple`), and the engine's own table
(:class:`_General`, :mod:`.general`) for every table: moves as :meth:`State.moves` lists them,
a stage ending with a deal of whatever kind the game has (a row, the stock turned onto the
waste, the waste turned back), each stage's search a best-first search with a transposition
table on :meth:`State.key` scored by :class:`~spider_tui.ai.general.Judge`. Spider's own tables
can be searched either way (``general_path``), so the same deals can be played both ways.
"""

from __future__ import annotations

import heapq
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from ..engine.errors import IllegalMove, RuleFailure
from ..engine.game import WON, Game
from ..engine.moves import Move
from ..engine.piles import WASTE_KIND
from ..engine.rules import RuleSet
from ..engine.state import DEAL, State
from . import general
from .board import Board
from .lines import shorten
from .search import WIN, WIN_BONUS, BoardSpace, Space, best_first, line_of

WON_, UNWINNABLE, UNKNOWN_ = "won", "unwinnable", "unknown"
#: Positions kept from one stage to the next, by the number of suits in the deck (measured
#: with benchmarks/solver_bench.py).
BEAM = {1: 8, 2: 8, 4: 32}
#: When the beam dies out (no stage finds a way on) with at least this many seconds left, the
#: search starts again with a beam twice as wide, so "unknown" comes only at the time limit.
RETRY_MIN = 0.05
#: The same with a node budget: at least this many positions left (about ``RETRY_MIN``'s worth
#: on the fast path).
RETRY_MIN_NODES = 1000
#: The time limit when neither a time limit nor a node budget is given, in seconds.
TIME_LIMIT = 10.0
#: The exhaustive search's share of the limit (it also stops at ``exhaustive_nodes``).
EXHAUSTIVE_SHARE = 0.03
#: The most positions the exhaustive search may have, unless a caller says otherwise.
EXHAUSTIVE_NODES = 5000
#: With one or two suits the beam search climbs a ladder of tries, each on twice the limit of
#: the one before (:func:`ladder`): the first on 1/2**rungs of the whole (a time limit or a
#: node budget), the last on what is left, about half. A stage gets its share of a try's limit
#: and spends all of it, so an easy deal is solved in a fraction of the limit rather than in
#: stages sized for the whole of it, and a hard one loses at most half the limit to the tries
#: before. By the number of suits: the rungs. Measured at 150,000 positions a deal, deals
#: 9301-9380, against the single quick try of 5% that came before: 2 suits, 80 wins (79
#: before), median 8,300 positions searched (10,600), mean 10,400 (14,800), most 66,000
#: (122,000); 1 suit, 80 wins both, median 8,300 (10,600), most 31,000 (104,000). With 4
#: rungs: 2 suits, 80 wins, median 12,100. Four suits take :data:`TRIES` instead.
LADDER = {1: 5, 2: 5}
#: The tries of the fast path where the deck's suits have their own (``(width, share)`` as
#: :attr:`_Space.tries`): four suits, the full width on a fifth of the limit, then again on
#: the rest, where the limit is large enough (:data:`TRY_MIN`). Most deals are won on the
#: first, so the answer comes within a fifth of the limit. The first try was 8 wide until
#: 2026-12-08: a narrow beam wins more on little (below), but from some 40,000 positions a
#: try the wide one wins more, and a fifth of a limit large enough for two tries is at least
#: 30,000. One try alone, deals 9401-9460, 8 / 16 / 32 wide: at 20,000 positions 39 / 35 /
#: 29 wins; at 40,000, 47 / 45 / 48; at 80,000, 48 / 53 / 54; at 120,000, 48 / 55 / 56 (the
#: narrow beam stops gaining). The two tries at 300,000 positions a deal, the first 8 / 16 /
#: 32 wide: 56 / 58 / 57 wins, 45 / 50 / 50 of them on the first try. Fresh deals, 8 and 32
#: wide: the first try alone on 18061-18180, 88 and 95 wins at 60,000, 91 and 97 at 100,000;
#: the two tries on 18001-18060 at 300,000, 58 both, 53 and 52 on the first. (Against one try 32
#: wide at 200,000 positions, two tries with a first 8 wide: deals 9401-9440, 40 wins against
#: 38; fresh deals 9601-9680, 72 against 70, 60 of them within 40,000 positions.)
TRIES = {4: ((BEAM[4], 0.2), (BEAM[4], 1.0))}
#: The least a try of :data:`TRIES` but the last may have, ``(seconds, positions)``: a
#: smaller one is skipped (what it would spend goes to the next). The limit's first fifth must
#: be worth a try of its own: four suits make two from a limit of 150,000 positions or 7.5 s
#: (the solver's own 10 s: a first try of 2 s). Measured with a first try 8 wide, deals
#: 9401-9440, the two tries against one wide try: 18 wins against 25 at 25,000 positions, 30
#: and 31 at 40,000, 30 and 33 at 60,000, 35 and 36 at 150,000, 40 and 38 at 200,000.
TRY_MIN = {4: (1.5, 30_000)}
#: Where the whole limit is no more than :data:`TRY_MIN` the wide beam is not worth a try at
#: all: by the deck's suits, the width of the one try made instead. One try, 8 wide against
#: 32: fresh deals 9801-9880, 17 wins against 0 at 5,000 positions, 52 against 45 at 25,000;
#: fresh deals 9881-9960, 46 against 38 at 20,000, 49 and 50 at 25,000, 52 and 55 at 30,000
#: (dev deals 9401-9440: 7 and 0 at 5,000, 20 and 14 at 16,000, 29 and 31 at 40,000). The
#: winnability meter (1,000 to 25,000 positions a world), the ratings (5,000 a deal) and
#: short time limits search so. (A limit of exactly 30,000 counts as within it, as it does
#: for a try of :data:`TRY_MIN`.)
NARROW = {4: 8}
#: The beam's width on the ladder's first try, each next twice as wide (up to ``BEAM``'s): a
#: try on little is best spent on few positions a stage. One try of a beam 2, 4 and 8 wide,
#: deals 9401-9440: 2 suits at 1,500 positions, 30, 26 and 8 wins; at 3,000, 32, 33 and 28;
#: at 6,000, 38, 38 and 37; 1 suit at 1,500, 40, 40 and 37.
LADDER_WIDTH = 2
#: Score lost per single move of a line in a stage's search (:func:`~.search.best_first`;
#: the hint's is :data:`.search.DEPTH_COST`, ten times less): the solver's lines are kept
#: short. Measured with the solver at 100,000 positions a deal, deals 9201-9220, lines
#: shortened: 4 suits, 19 wins with a median line of 280 moves at 0.5, 19 and 247 at 5, 17
#: and 220 at 10, 1 win at 20; at 60,000 positions, deals 9221-9260: 33 wins, median 299 at
#: 0.5, 34 and 249 at 5. 2 suits (30,000 positions, deals 9201-9240): 40 wins both, median
#: 179 and 165. A shallower search meets fewer positions twice: about 30% fewer positions
#: a second. Also tried (2026-12-08, 4 suits at 60,000 positions): a stage's search that
#: keeps the shorter of two ways it finds to a position (as Dijkstra would) left the median
#: line at 233 moves against 239 (deals 16001-16020, 19 wins both); charging each line a stage
#: may deal after 2 or 5 a move when it picks the best of them cost wins: deals 9201-9240, 39
#: wins and a median line of 247 moves without, 35 and 242 at 2, 33 and 229 at 5.
SOLVE_DEPTH_COST = 5.0
#: A winning line is made shorter (:func:`~spider_tui.ai.lines.shorten`) for at most this
#: share of the time limit (and at least ``SHORTEN_MIN`` seconds) after it is found.
SHORTEN_SHARE = 0.1
SHORTEN_MIN = 0.5


@dataclass
class Solution:
    status: str            # "won", "unwinnable" or "unknown"
    moves: list[str]       # the winning line in notation (empty unless won)
    nodes: int = 0         # positions searched
    seconds: float = 0.0
    #: Set when the search found a line that the engine does not play to a win (a bug in the
    #: solver): what went wrong. The status is then "unknown" and no line is given.
    problem: str = ""

    @property
    def rate(self) -> float:
        """Positions searched per second."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


class LineRefused(Exception):
    """The solver's line does not replay through the engine to a win."""


def solve(game: Game, time_limit: float | None = None, *,
          exhaustive_nodes: int = EXHAUSTIVE_NODES,
          node_budget: int | None = None, short: bool = True, general_path: bool = False
          ) -> Solution:
    """Solve ``game`` from its current position within ``time_limit`` seconds and
    ``node_budget`` positions searched, whichever runs out first (neither given:
    :data:`TIME_LIMIT` seconds). With a node budget alone, the answer, its line and its node
    count depend on the position and the budget only (no clock is read to decide anything).
    ``short`` False: the winning line as the search found it (replayed, not shortened), for
    a caller that wants the answer, not the line (the winnability meter). ``general_path``:
    search the engine's own table even where the fast board serves it (to play the same
    deals both ways)."""
    t0 = time.perf_counter()
    if time_limit is None and node_budget is None:
        time_limit = TIME_LIMIT
    if node_budget is not None and node_budget < 1:
        raise ValueError(f"a node budget is at least one position, not {node_budget}")
    state = game.state
    if general.won(state):
        return Solution(WON_, [], 0, 0.0)
    space, fast = _space_for(state.rules, general_path)
    limit = _Limit(t0 + time_limit if time_limit is not None else math.inf, node_budget)
    seconds = time_limit if time_limit is not None else math.inf
    status, line, nodes = _solve_beam(space, state, limit, seconds, exhaustive_nodes)
    moves: list[str] = []
    problem = ""
    if status == WON_:
        try:
            single = _single_moves(state, line, fast)
            # The search's own line must win, before it is shortened.
            moves = _replay(game, single)
            if short:
                # Shortening is bounded by the line, not the clock: with a node budget alone
                # it runs to its end (the same line every time).
                end = (math.inf if time_limit is None else
                       time.perf_counter() + max(SHORTEN_MIN, SHORTEN_SHARE * time_limit))
                moves = _replay(game, shorten(state, single, end))
        except LineRefused as e:  # a solver bug: said plainly, and no line is given
            status, problem = UNKNOWN_, str(e)
    return Solution(status, moves, nodes, time.perf_counter() - t0, problem)


def _space_for(rules: RuleSet, general_path: bool = False) -> tuple[_Space, bool]:
    """The space the solver searches for ``rules`` and whether it is the fast board's: the
    fast board wherever it serves the rules (:attr:`RuleSet.simple`) unless ``general_path``
    asks for the engine's own table."""
    fast = rules.simple and not general_path
    return (_Fast(rules) if fast else _General(rules)), fast


def _single_moves(state: State, line: Sequence | None, fast: bool) -> list:
    """The solver's line as the engine's single moves (the fast board's supermoves played
    out card by card)."""
    if not fast:
        return list(line or ())
    try:
        return Board.from_state(state, peek=True).expand_line(line or ())
    except ValueError as e:
        raise LineRefused(f"the solver's line cannot be written as single moves ({e})"
                          ) from None


def winning_line(state: State, node_budget: int | None, deadline: float = math.inf
                 ) -> tuple[str, tuple | None, int]:
    """The search of :func:`solve` from ``state`` within ``node_budget`` positions (None: no
    bound) and until ``deadline`` (``time.perf_counter()`` seconds), for a caller that reads
    the line on a table of its own (the endgame vote's worlds, :mod:`.vote`): ``(status, the
    winning line as the engine's single moves, as the search found it (neither shortened
    nor replayed through the engine: the caller plays it on a table that checks each move),
    positions searched)``; the line is None unless the status is ``won``."""
    if general.won(state):
        return WON_, (), 0
    space, fast = _space_for(state.rules)
    seconds = deadline - time.perf_counter() if deadline < math.inf else math.inf
    status, line, nodes = _solve_beam(space, state, _Limit(deadline, node_budget), seconds,
                                      EXHAUSTIVE_NODES)
    if status != WON_:
        return status, None, nodes
    try:
        return status, tuple(_single_moves(state, line, fast)), nodes
    except LineRefused:  # pragma: no cover - a solver bug: no line rather than a wrong one
        return UNKNOWN_, None, nodes


@dataclass(frozen=True)
class _Limit:
    """What a search (or a part of one) may spend: until ``deadline`` (``time.perf_counter()``
    seconds; ``math.inf``: no time limit) and ``nodes`` positions (None: no node budget).
    Without a time limit the clock may be read, but never decides anything."""

    deadline: float = math.inf
    nodes: int | None = None

    def share(self, fraction: float, spent: int = 0) -> _Limit:
        """``fraction`` of what is left once ``spent`` of the positions are spent: of the
        seconds from now to the deadline, and of the positions."""
        deadline = self.deadline
        if deadline < math.inf:
            now = time.perf_counter()
            deadline = now + (deadline - now) * fraction
        return _Limit(deadline, None if self.nodes is None
                      else int(max(0, self.nodes - spent) * fraction))

    def left(self, spent: int) -> int | None:
        """The positions left once ``spent`` are spent (None: no node budget)."""
        return None if self.nodes is None else max(0, self.nodes - spent)

    def reached(self, spent: int, seconds: float = 0.0, positions: int = 0) -> bool:
        """Has ``spent`` positions (or the time now) reached the limit, or come within
        ``seconds`` or ``positions`` of it?"""
        return ((self.nodes is not None and spent >= self.nodes - positions)
                or (self.deadline < math.inf
                    and time.perf_counter() >= self.deadline - seconds))



class _Space:
    """What the solver's beam search needs of a table, written once for the two kinds of
    table it searches: the fast board (:class:`_Fast`) and the engine's own table
    (:class:`_General`). A position is the space's own object, with ``copy()`` and
    ``key()``. A stage's search (:func:`_stage_local`) is the AI's one best-first search in
    the space's :meth:`search`."""

    #: The beam searches to run one after the other: ``(width, share)``, each with that beam
    #: width on that share of what is left when it starts.
    tries: tuple[tuple[int, float], ...] = ()

    #: How many of the tries come before the exhaustive search (a small first try, an easy
    #: deal's win, before a proof is looked for).
    proof_after = 0

    #: The least a try but the last may have, ``(seconds, positions)``: a smaller one is
    #: skipped, what it would have spent going to the next.
    try_min: tuple[float, int] = (RETRY_MIN, RETRY_MIN_NODES)

    #: Where the whole limit is no more than :attr:`try_min`: the width of the one try made
    #: instead of :attr:`tries` (None: the tries as they are).
    narrow: int | None = None

    #: How many more lines than it keeps a stage's search picks by :meth:`after_deal`'s
    #: reckoning, to score them again exactly (:meth:`rescored`).
    room = 1

    def root(self, state: State) -> Any:
        """The space's position for ``state``, every card read (the solver sees them all)."""
        raise NotImplementedError

    def search(self, pos: Any, splits: bool = False) -> Space:
        """The best-first search's space from ``pos``: moves only, no deal (with ``splits``,
        the parts of runs into an empty column that :func:`~.search.search_moves` keeps
        with it)."""
        raise NotImplementedError

    def after_deal(self, pos: Any) -> tuple[Callable[[Any, float], float | None], float]:
        """How a stage's search from ``pos`` reckons a position's score after the deal that
        ends the stage: ``(reckon(view, score) -> the score after the deal, or None where no
        deal may follow; by how much at most it exceeds the score before)``."""
        raise NotImplementedError

    def rescored(self, pos: Any, lines: list[tuple[float, tuple]]
                 ) -> list[tuple[float, tuple]]:
        """``lines`` from ``pos`` (each with its reckoned score after the deal) with their
        exact score after the deal, where a space reckons it only roughly."""
        return lines

    def dealt(self, pos: Any, line: tuple) -> Any | None:
        """A copy of ``pos`` after ``line`` and a deal; None where the deal is not allowed."""
        raise NotImplementedError

    def won(self, pos: Any) -> bool:
        raise NotImplementedError

    def stages_left(self, pos: Any) -> int:
        """About how many deals (of any kind) are left: the stages still to come."""
        raise NotImplementedError


class _Fast(_Space):
    """The fast board (:class:`Board`), for the tables it serves (:attr:`RuleSet.simple`):
    one beam as wide as ``BEAM`` says for the deck's suits, on the rungs of ``LADDER`` (or
    the tries of ``TRIES``)."""

    def __init__(self, rules: RuleSet) -> None:
        width = BEAM.get(rules.suit_count, BEAM[4])
        self.tries = TRIES.get(rules.suit_count) or ladder(width, LADDER.get(rules.suit_count, 1))
        self.try_min = TRY_MIN.get(rules.suit_count, self.try_min)
        self.proof_after = min(1, len(self.tries) - 1)
        self.narrow = NARROW.get(rules.suit_count)

    def root(self, state: State) -> Board:
        return Board.from_state(state, peek=True, style="solve")

    def search(self, pos: Board, splits: bool = False) -> Space:
        return BoardSpace(pos, splits=splits)

    def after_deal(self, pos: Board) -> tuple[Callable[[Any, float], float | None], float]:
        """The score after the deal reckoned from the cards the deal brings: each on the card
        it lands on (or the bonus of a settled card in an empty column)."""
        t = pos.t
        pair = t.pair
        bonus = t.col_bonus
        settled = t.settled
        needs_full = t.needs_full
        targets = pos.deal_targets()  # on the fast path, they depend on the stock alone
        dealt = pos.stock[pos.sp:pos.sp + len(targets)]
        deal_pairs = list(zip(targets, dealt))  # (column, the card the deal puts there)

        def reckon(cols: list, val: float) -> float | None:
            if not deal_pairs or (needs_full and not all(cols)):
                return None
            for i, card in deal_pairs:
                c = cols[i]
                if c:
                    val += pair[c[-1]][card]
                elif settled[card]:
                    val += bonus
            return val

        return reckon, len(deal_pairs) * max(max(row) for row in pair) + bonus

    def dealt(self, pos: Board, line: tuple) -> Board | None:
        return _dealt(pos, line)

    def won(self, pos: Board) -> bool:
        return pos.won()

    def stages_left(self, pos: Board) -> int:
        return -(-pos.stock_left() // max(1, pos.deal_size))


class _General(_Space):
    """The engine's own table (:class:`State`, any rule set), scored by
    :class:`~spider_tui.ai.general.Judge`: the beams of :data:`GENERAL_TRIES`."""

    def __init__(self, rules: RuleSet) -> None:
        self.judge = general.judge_for(rules, "solve")
        self.tries = GENERAL_TRIES

    #: The lines picked by their score before the deal, ten times as many as kept, are dealt
    #: and scored (:meth:`rescored`). Measured with node budgets, the general path: 4 suits at
    #: 40,000 positions, deals 9441-9460, 13 wins with three times, 16 with ten (the fast
    #: board, which reckons every position's score after the deal: 17); 2 suits at 20,000,
    #: deals 9501-9520, 19 both; 19 games of the family at 5,000, deals 1-6, 42 and 44 wins,
    #: in 6% more processor time.
    room = 10

    def root(self, state: State) -> State:
        return state.copy()

    def search(self, pos: State, splits: bool = False) -> Space:
        return general.TableSpace(pos, self.judge, deals=False, splits=splits)

    def after_deal(self, pos: State) -> tuple[Callable[[Any, float], float | None], float]:
        """The score before the deal, where a deal may follow (the table's deals are too
        varied to reckon)."""
        return (lambda state, val: val if general.can_deal(state) else None), 0.0

    def rescored(self, pos: State, lines: list[tuple[float, tuple]]
                 ) -> list[tuple[float, tuple]]:
        """Each line played and dealt, and the table after the deal scored."""
        out = []
        for _, ln in lines:
            b = self.dealt(pos, ln)
            if b is not None:
                out.append((self.judge.score(b) + (WIN_BONUS if general.won(b) else 0.0), ln))
        return sorted(out, key=lambda c: -c[0])

    def dealt(self, pos: State, line: tuple) -> State | None:
        return _played_state(pos, line + (DEAL,))

    def won(self, pos: State) -> bool:
        return general.won(pos)

    def stages_left(self, pos: State) -> int:
        return _stages_left(pos)


def ladder(width: int, rungs: int) -> tuple[tuple[int, float], ...]:
    """``rungs`` tries of a beam up to ``width`` wide, as :attr:`_Space.tries` gives them
    (each with its share of what is left when it starts): try ``i`` on ``2**i / 2**rungs``
    of the whole limit, the last on the rest; the first ``LADDER_WIDTH`` wide, each next
    twice as wide, up to ``width``."""
    whole = 2 ** rungs
    # Before try i, (2**i - 1) / whole of the limit is spent: 2**i of the whole is this share
    # of what is left.
    first = tuple((min(width, LADDER_WIDTH << i), 2 ** i / (whole - 2 ** i + 1))
                  for i in range(rungs - 1))
    return first + ((width, 1.0),)


def _solve_beam(space: _Space, state: State, limit: _Limit, seconds: float,
                exhaustive_nodes: int) -> tuple[str, Sequence | None, int]:
    """:func:`solve` in ``space`` (the fast board's, or the engine's table) within ``limit``
    (``seconds`` long, inf with no time limit): ``(status, line, nodes)``. The space's beam
    searches (:attr:`_Space.tries`) one after the other, each on its share of what is left
    (but the last, none on less than the space's :attr:`_Space.try_min`), and twice as wide
    again each time its beam dies out with enough left to start over; the exhaustive search
    after the first ``proof_after`` of them. The last of several tries also moves parts of
    runs into empty columns where a copy of a card makes it worth it
    (:func:`~.board.stretch_start`): those are searched only once another try failed (not
    where the others were all too small to make). Where the whole limit is no more than
    :attr:`_Space.try_min` and the space says so (:attr:`_Space.narrow`), the last try (the
    one made) is that narrow."""
    root = space.root(state)
    line: Sequence | None = None  # the exhaustive search's list, or a beam's tuple
    nodes = 0
    last = len(space.tries) - 1
    proof_at = space.proof_after  # the try the exhaustive search comes before
    hopeless = False
    failed = False  # has a try before this one searched and failed?
    tries = space.tries
    if space.narrow is not None and limit.reached(0, *space.try_min):
        tries = tries[:-1] + ((space.narrow, tries[-1][1]),)
    for i, (width, share) in enumerate(tries):
        if i == proof_at:
            status, line, n = _exhaustive(root.copy(), *_exhaustive_limit(
                limit, seconds, exhaustive_nodes, nodes))
            nodes += n
            if status != UNKNOWN_ or hopeless:
                return status, line, nodes
        part = limit.share(share, nodes)
        if i < last and part.reached(0, *space.try_min):
            continue  # too small a try to be worth a beam: what it would spend goes on
        start = nodes
        while True:
            line, n, hopeless = _stage_beam(
                space, root, _Limit(part.deadline, part.left(nodes - start)), width,
                splits=failed and i == last)
            nodes += n
            if line is not None or hopeless or _no_retry(part, nodes - start, n):
                break
            width *= 2
        if line is not None or (hopeless and i >= proof_at):
            break
        failed = True
    return (WON_ if line is not None else UNKNOWN_), line, nodes


def _exhaustive_limit(limit: _Limit, seconds: float, exhaustive_nodes: int, spent: int
                      ) -> tuple[float, int]:
    """The exhaustive search's deadline and node allowance, once ``spent`` positions are
    spent: ``EXHAUSTIVE_SHARE`` of the limit (of its seconds, from now), and at most
    ``exhaustive_nodes``."""
    deadline = limit.deadline
    if deadline < math.inf:
        deadline = min(deadline, time.perf_counter() + seconds * EXHAUSTIVE_SHARE)
    nodes = exhaustive_nodes
    if limit.nodes is not None:
        nodes = min(nodes, int(limit.nodes * EXHAUSTIVE_SHARE), max(0, limit.nodes - spent))
    return deadline, nodes


def _no_retry(limit: _Limit, spent: int, last: int) -> bool:
    """After a beam died out having searched ``last`` positions (``spent`` in all): too little
    is left to start again wider? With a node budget, a beam that searched nothing at all
    would search nothing wider too (only the clock would end that loop)."""
    return limit.reached(spent, RETRY_MIN, RETRY_MIN_NODES) or (limit.nodes is not None
                                                               and last == 0)


def _exhaustive(pos: Board | State, deadline: float, max_nodes: int
                ) -> tuple[str, list | None, int]:
    """Depth-first search over all moves and deals from ``pos`` (the fast board, or the
    engine's table) until ``deadline`` or ``max_nodes`` positions; ``unwinnable`` only if it
    saw every position."""
    fast = isinstance(pos, Board)
    all_moves: Callable[[Any], list] = _all_moves if fast else _general_moves
    # How often the clock is read: a general table's moves may take long to list (a
    # plugin's move_refusal is asked of every candidate), so there at every position.
    every = 255 if fast else 0
    won = pos.won if fast else (lambda: general.won(cast(State, pos)))
    seen = {pos.key()}
    line: list = []
    nodes = 0
    # Each frame: the moves still to try there.
    stack = [all_moves(pos)]
    recs: list = []
    while stack:
        if won():
            return WON_, list(line), nodes
        moves = stack[-1]
        if not moves:
            stack.pop()
            if recs:
                pos.undo(recs.pop())
                line.pop()
            continue
        m = moves.pop()
        try:
            rec = pos.apply(m)
        except RuleFailure:  # a plugin's rule that fails: the game refuses the move too
            continue
        key = pos.key()
        if key in seen:
            pos.undo(rec)
            continue
        seen.add(key)
        nodes += 1
        if nodes > max_nodes or (nodes & every == 0 and time.perf_counter() > deadline):
            return UNKNOWN_, None, nodes
        recs.append(rec)
        line.append(m)
        stack.append(all_moves(pos))
    return UNWINNABLE, None, nodes


def _all_moves(board: Board) -> list:
    ms = board.moves()
    # Moves are popped from the end, so the deal is tried last.
    if board.can_deal():
        ms.insert(0, DEAL)
    return ms


def _stage_beam(space: _Space, root: Any, limit: _Limit, width: int, splits: bool = False
                ) -> tuple[tuple | None, int, bool]:
    """Beam search by stages (see the module's docstring) in ``space`` from ``root`` within
    ``limit``: ``(winning line or None, nodes, whether a wider beam cannot help)`` (the first
    stage searched every position and none could deal). ``splits``: :meth:`_Space.search`'s."""
    nodes = 0
    beam: list[tuple[Any, tuple]] = [(root.copy(), ())]
    first = True
    final: int | None = None
    # Every position a stage has started from: a game that can deal again and again
    # (unlimited redeals) brings back positions a stage started from before, which need no
    # second search (the beam dies out once there are none new).
    met: set = {root.key()}
    while beam:
        if limit.reached(nodes):
            return None, nodes, False
        # An equal share of the time (and positions) left per stage, the last (after the last
        # deal, where the win must be found) worth as many shares as a third of the stages at
        # the start (one, for Spider's five deals).
        left = space.stages_left(beam[0][0])
        if final is None:
            final = max(1, left // 3)
        stage = limit.share(1 if not left else 1 / (left + final), nodes)
        start = nodes
        seen: set = set()
        pool: list[tuple[float, int, tuple]] = []  # (score after the deal, parent, line)
        complete = True
        for i, (pos, line) in enumerate(beam):
            item = stage.share(1 / (len(beam) - i), nodes - start)
            won, cands, n, done = _stage_local(space, pos, seen, item, width, splits)
            # The position expanded counts, even by a search allowed none more (while the
            # budget lasts): so under a node budget every stage spends some, and a beam that
            # may always deal again (unlimited redeals) still comes to the end of the budget.
            nodes += n or (1 if limit.nodes is None or nodes < limit.nodes else 0)
            complete = complete and done
            if won is not None:
                return line + won, nodes, False
            pool.extend((val, i, ln) for val, ln in cands)
        if not pool:
            return None, nodes, first and complete
        first = False
        won, beam = _next_beam(pool, beam, width, space.dealt, space.won, met)
        if won is not None:
            return won, nodes, False
    return None, nodes, False


def _dealt(board: Board, line: tuple) -> Board | None:
    """A copy of ``board`` after ``line`` and a deal; None if the deal is not allowed."""
    b = _played(board, line)
    if not b.can_deal():
        return None
    b.apply(DEAL)
    return b


def _next_beam(pool: list, beam: list, width: int, dealt, won, met: set
               ) -> tuple[tuple | None, list]:
    """The next stage's beam: the best of ``pool`` (``(score after the deal, parent, line)``)
    played from their parents in ``beam`` and dealt (``dealt(position, line)``, None where no
    deal may follow), at most ``width``, at most half of them (rounded up) from any one parent,
    each position once, and none of ``met`` (the keys of positions earlier stages started
    from, to which the new ones are added). Returns ``(a line whose deal wins, or None; the
    beam)``."""
    pool.sort(key=lambda c: -c[0])
    cap = max(1, (width + 1) // 2)
    taken: dict[int, int] = {}
    chosen: list = []
    keys = met
    for _, i, ln in pool:
        if len(chosen) >= width:
            break
        if taken.get(i, 0) >= cap:
            continue
        b = dealt(beam[i][0], ln)
        if b is None:
            continue
        line = beam[i][1] + ln + (DEAL,)
        if won(b):  # the deal itself wins: the line ends here
            return line, []
        key = b.key()
        if key in keys:
            continue
        keys.add(key)
        taken[i] = taken.get(i, 0) + 1
        chosen.append((b, line))
    return None, chosen


def _stage_local(space: _Space, root: Any, seen: set, limit: _Limit, keep: int,
                 splits: bool = False
                 ) -> tuple[tuple | None, list[tuple[float, tuple]], int, bool]:
    """A stage's search in ``space`` from ``root``: best-first over moves (no deal; the parts
    of runs of ``splits``: :meth:`_Space.search`) within ``limit``, entering no position of
    ``seen`` (and adding those it enters). Returns ``(a
    winning line or None, the ``keep`` best lines to deal after, each with its score after the
    deal, best first; positions expanded; whether it ran out of positions)``. The lines are
    picked by the space's reckoning of the score after the deal (:meth:`_Space.after_deal`),
    ``room`` times as many as kept and the deal at once besides, and scored again exactly
    (:meth:`_Space.rescored`)."""
    reckon, gain = space.after_deal(root)
    room = space.room * keep
    cands: list[tuple[float, int]] = []  # a min-heap of the best ``room``
    won_at: list[int] = []

    def consider(view: Any, val: float, idx: int) -> None:
        post = reckon(view, val)
        if post is None:
            return
        if len(cands) < room:
            heapq.heappush(cands, (post, idx))
        elif post > cands[0][0]:
            heapq.heapreplace(cands, (post, idx))

    def visit(view: Any, val: float, idx: int, first: object, end: int, depth: int) -> bool:
        if end == WIN:
            won_at.append(idx)
            return True
        # No position scores more after the deal than before it by more than ``gain``.
        if len(cands) < room or val + gain > cands[0][0]:
            consider(view, val, idx)
        return False

    search = space.search(root, splits)
    node, _, score = search.start()
    nodes, complete, trail = best_first(search, limit.deadline, visit, seen=seen,
                                        max_nodes=limit.nodes, depth_cost=SOLVE_DEPTH_COST)
    if won_at:
        return line_of(trail, won_at[0]), [], nodes, False
    out = [(v, line_of(trail, i)) for v, i in cands]
    # Dealing at once is always one of the lines picked (never crowded out).
    now = reckon(search.view(node), score)
    if now is not None:
        out.append((now, ()))
    out.sort(key=lambda c: -c[0])
    return None, space.rescored(root, out)[:keep], nodes, complete


def _played(board: Board, line: tuple) -> Board:
    b = board.copy()
    for m in line:
        b.apply(m)
    return b


def _replay(game: Game, line: Sequence) -> list[str]:
    """The line (the engine's single moves) in notation, checked move by move on a copy of
    the game: it must win, and end there. :class:`LineRefused` says where it does not."""
    g = game.copy()
    out: list[str] = []
    for i, m in enumerate(line, 1):
        move = Move.unpack(g.rules, m, explicit=True)
        if g.status == WON:
            raise LineRefused(f"the solver's line goes on after the game is won (move {i}, "
                              f"{move})")
        try:  # as the game lists it, the count written wherever it is needed
            step = g.play(g.move_of(m))
        except IllegalMove as e:
            raise LineRefused(f"the solver's line does not replay at move {i} ({move}): {e}"
                              ) from None
        out.append(str(step.move))
    if g.status != WON:
        runs = (f"{g.runs_removed} of {g.rules.win_runs} runs removed "
                if g.rules.win == "runs" else "")
        raise LineRefused(f"the solver's line does not win ({runs}after {len(out)} moves)")
    return out


# --------------------------------------------------------------------------- the general path


#: The general path's beam searches, one after the other: ``(width, share)``, each run with
#: that beam width on that share of the time left when it starts (twice as wide again each
#: time its beam dies out with time to spare). A narrow beam first: with many stages (a waste
#: turned one card at a time) a wide one leaves each position of a stage too little time.
#: Measured on deals 1-3 of 15 games of the catalogue (3 s each, scripts/solver_family.py's
#: games: Fred's Spider, Spidike, Spider Web, Trillium, York, Rachel, Astrocyte, Scorpion
#: Towers, The Jolly Roger, Incompatibility, Lily, Wake-Robin, Short Tail, Microbe, Brush):
#: 13 and 12 wins in two runs, against 6 for one beam of 32 (the fast path's four-suit width).
GENERAL_TRIES = ((2, 0.4), (8, 1.0))


def _general_moves(state: State) -> list:
    """Every legal move, and the deal when allowed (tried last: moves pop from the end)."""
    try:
        ms = state.moves()
    except RuleFailure:
        ms = []
    if general.can_deal(state):
        ms.insert(0, DEAL)
    return ms


def _stages_left(state: State) -> int:
    """About how many deals (of any kind) the game has left: the stages still to come."""
    rules = state.rules
    if not rules.player_deals:
        return 0
    n = rules.deals_in(state.stock_left)
    if rules.deal_to == "waste":
        waste = sum(len(p) for p, k in zip(state.piles, state.comp.kinds) if k == WASTE_KIND)
        # Each redeal left turns the waste back, then turns it all out again; with unlimited
        # redeals the stages are reckoned as for one more (a share of the limit needs an end).
        left = rules.redeals_left(state.redeals)
        n += (1 if left is None else left) * (1 + rules.deals_in(state.stock_left + waste))
    return n


def _played_state(state: State, line: tuple) -> State | None:
    """A copy of ``state`` after ``line``, or None if a move of it fails there."""
    b = state.copy()
    try:
        for m in line:
            if m == DEAL and not general.can_deal(b):
                return None
            b.apply(m)
    except RuleFailure:
        return None
    return b


def solve_state(state: State, time_limit: float | None = None, *,
                node_budget: int | None = None, short: bool = True) -> Solution:
    """:func:`solve` from a table (the game's history is not needed)."""
    return solve(Game(state.rules, state.copy()), time_limit, node_budget=node_budget,
                 short=short)
