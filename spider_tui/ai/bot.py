"""The bot: plays whole games with no undo, taking the hint's first choice every time.

It goes through :func:`spider_tui.ai.hint.plan`, the very code behind the hint key, and only
adds a memory of the positions it has been in, so that it never walks in a circle. The app's
demo mode chooses its moves the same way (:class:`Autoplayer`).

Each move's search is bounded by a time budget (``budget_ms``), a node budget (``node_budget``,
the positions all the move's searches expand together, shared out between them as the time
is), or both. With a node budget alone no clock decides anything: a deal is played the same
way, move for move, on every run and every machine, however loaded.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..engine.errors import IllegalMove
from ..engine.game import PLAYING, WON, Game
from ..engine.moves import DEAL_MOVE, Move
from ..engine.state import DEAL
from .hint import FILL, PREPARE, plan, position_key
from .search import NodeBudget

#: A game the bot has not finished after this many moves is counted as lost.
MAX_MOVES = 1500
#: The time budget per move in milliseconds when neither it nor a node budget is given.
BUDGET_MS = 120.0


@dataclass(frozen=True)
class GameResult:
    deal: int
    won: bool
    moves: int
    seconds: float
    runs: int
    #: Every move played, in move notation (replaying them shows how the game ended).
    line: tuple[str, ...] = ()
    #: Positions searched over the whole game.
    nodes: int = 0


class Autoplayer:
    """The bot's choices, one move at a time: the bot and the app's demo mode play through it.

    Each choice is the hint's first (:func:`spider_tui.ai.hint.plan`), with a memory of the
    positions already been in, so that play never walks in a circle. A search's line is
    followed to its end or to the first card it turns over, whichever comes first: until a
    card shows, nothing is learnt that a new search could use. Whoever asks must play the
    move before asking again; if anything else happened to the game meanwhile (an undo, a
    move of the player's), the line is dropped and a new search decides.

    On the general path (:attr:`RuleSet.simple` false), the line was found
    in one of the worlds the fair hint searches: it is followed only as far as nothing but
    the cards in view decides it, so not past a card turned over, a card coming from the
    stock (a column refilled by the rules) or a deal.

    ``budget_ms`` is the time each choice may take (None: :data:`BUDGET_MS` unless a node
    budget is given, else no clock), ``node_budget`` the positions it may search in all
    (shared out between the hint's searches as the time is) and ``max_nodes`` the positions
    each of those searches may expand. :attr:`nodes` counts the positions searched."""

    def __init__(self, *, budget_ms: float | None = None, peek: bool = False,
                 max_nodes: int | None = None, node_budget: int | None = None) -> None:
        self.budget_ms = _budget(budget_ms, node_budget)
        self.peek = peek
        self.max_nodes = max_nodes
        self.node_budget = node_budget
        #: Positions searched so far, over every choice.
        self.nodes = 0
        self.seen: set = set()
        self._line: list = []
        self._deal_after = False
        self._expect: tuple | None = None
        #: The stock's size when the last move was chosen, and whether that move dealt.
        self._stock: tuple[int, bool] = (0, False)

    def next_move(self, game: Game) -> Move | None:
        """The move to play now (legal in ``game``), or None when nothing useful is left."""
        if game.status != PLAYING:
            return None
        stock = game.state.stock_left
        if self._expect != (id(game), game.actions) or (game.history and
                                                          game.history[-1].flips) or (
                not self._stock[1] and stock != self._stock[0]):
            # Not our move last, or a card showed: think again (and do not deal blindly).
            self._line.clear()
            self._deal_after = False
        self.seen.add(position_key(game.state, self.peek))
        move = self._continue(game)
        if move is None:
            move = self._plan(game)
        if move is not None:
            self._expect = (id(game), game.actions + 1)
            self._stock = (stock, move.is_deal)
        return move

    def _continue(self, game: Game) -> Move | None:
        """The next move of the line being followed, if any."""
        if self._line:
            m = self._line.pop(0)
            if m == DEAL:
                self._line.clear()  # a peeked line goes through a deal: think again after
                self._deal_after = False
                return DEAL_MOVE
            try:  # as the game lists it (the count written wherever it is needed)
                return game.move_of(m)
            except IllegalMove:  # a line found in a world other than this table
                self._line.clear()
                return None
        if self._deal_after:
            # The table was arranged only to deal: deal now, or the next search would
            # happily undo it (empty a column again, say).
            self._deal_after = False
            if game.deal_refusal() is None:
                return DEAL_MOVE
        return None

    def _plan(self, game: Game) -> Move | None:
        spent = NodeBudget(self.node_budget)
        choice = plan(game, budget_ms=self.budget_ms, peek=self.peek, forbidden=self.seen,
                      max_nodes=self.max_nodes, nodes=spent)
        self.nodes += spent.spent
        if not choice:
            return None
        best = choice[0]
        if best.move.is_deal:
            return DEAL_MOVE
        line = list(best.line)
        if not game.rules.simple and DEAL in line:
            del line[line.index(DEAL):]  # what a world's deal brings is that world's
        self._line = line
        self._deal_after = best.reason.startswith((FILL, PREPARE))
        return self._continue(game)


def _budget(budget_ms: float | None, node_budget: int | None) -> float | None:
    """The time budget per move: ``budget_ms``, else :data:`BUDGET_MS` unless there is a node
    budget (then None: no clock)."""
    if budget_ms is None and node_budget is None:
        return BUDGET_MS
    return budget_ms


def play(game: Game, *, budget_ms: float | None = None, peek: bool = False,
         max_moves: int = MAX_MOVES, max_nodes: int | None = None,
         node_budget: int | None = None) -> Iterator[object]:
    """Play ``game`` to its end (or ``max_moves``) as :class:`Autoplayer` chooses, yielding
    each step. ``node_budget`` alone (no ``budget_ms``) plays the same moves every time."""
    auto = Autoplayer(budget_ms=budget_ms, peek=peek, max_nodes=max_nodes,
                      node_budget=node_budget)
    yield from _play(game, auto, max_moves)


def _play(game: Game, auto: Autoplayer, max_moves: int) -> Iterator[object]:
    while len(game.history) < max_moves:
        move = auto.next_move(game)
        if move is None:
            return
        yield game.play(move)


def play_deal(variant: str, deal: int, *, budget_ms: float | None = None, peek: bool = False,
              house_rules: tuple[str, ...] = (), max_moves: int = MAX_MOVES,
              max_nodes: int | None = None, node_budget: int | None = None) -> GameResult:
    """One game; a ``node_budget`` alone (no ``budget_ms``) makes it reproducible."""
    game = Game.new(variant, deal=deal, house_rules=house_rules)
    auto = Autoplayer(budget_ms=budget_ms, peek=peek, max_nodes=max_nodes,
                      node_budget=node_budget)
    t0 = time.perf_counter()
    for _ in _play(game, auto, max_moves):
        pass
    return GameResult(deal, game.status == WON, len(game.history), time.perf_counter() - t0,
                      game.runs_removed, tuple(str(s.move) for s in game.history), auto.nodes)


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for ``wins`` out of ``n``."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def _play_one(job: tuple) -> GameResult:
    variant, deal, budget_ms, peek, house_rules, node_budget = job
    return play_deal(variant, deal, budget_ms=budget_ms, peek=peek, house_rules=house_rules,
                     node_budget=node_budget)


def run_games(variant: str, deals: Iterable[int], *, budget_ms: float | None = None,
              peek: bool = False, house_rules: tuple[str, ...] = (),
              jobs: int = 1, node_budget: int | None = None) -> Iterator[GameResult]:
    """Play each deal (``jobs`` at a time, in worker processes), yielding results as they
    finish (in deal order). ``budget_ms`` and ``node_budget`` bound each move's search as
    :class:`Autoplayer`'s do."""
    work = [(variant, d, budget_ms, peek, house_rules, node_budget) for d in deals]
    if jobs <= 1 or len(work) <= 1:
        for job in work:
            yield _play_one(job)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(min(jobs, len(work))) as pool:
        yield from pool.imap(_play_one, work)


def summary(results: list[GameResult]) -> str:
    """The win rate with its 95% Wilson interval, mean moves and time per game, and the
    positions searched (per game, and per second of play)."""
    n = len(results)
    wins = sum(r.won for r in results)
    lo, hi = wilson(wins, n)
    moves = sum(r.moves for r in results) / n if n else 0.0
    total = sum(r.seconds for r in results)
    secs = total / n if n else 0.0
    nodes = sum(r.nodes for r in results)
    return (f"won {wins} of {n}: {100 * wins / max(n, 1):.1f}% "
            f"(95% CI {100 * lo:.1f}%-{100 * hi:.1f}%, Wilson)\n"
            f"mean moves per game: {moves:.1f}\n"
            f"time per game: {secs:.2f} s\n"
            f"positions searched: {nodes / max(n, 1):.0f} per game, "
            f"{nodes / total if total > 0 else 0.0:.0f} per second")
