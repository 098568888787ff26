"""The bot: plays whole games with no undo, taking the hint's first choice every time.

It goes through :class:`spider_tui.ai.hint.Adviser`, the very code behind the hint key, which
never leads back into a position of the game and follows a line it chose to its end. The
app's demo mode chooses its moves the same way (:class:`Autoplayer`).

Each move's search is bounded by a time budget (``budget_ms``), a node budget (``node_budget``,
the positions all the move's searches expand together, shared out between them as the time
is), or both. With a node budget alone no clock decides anything: a deal is played the same
way, move for move, on every run and every machine, however loaded. Where nothing is hidden
(Simple Simon, any game once its last card shows) the adviser plays the solver's winning line,
its search drawing on an advance of moves' budgets (:mod:`spider_tui.ai.perfect`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ..engine.game import WON, Game, Step
from ..engine.moves import Move
from ..engine.piles import FOUNDATION_KIND, code_kind
from .hint import Adviser
from .processes import each

#: A game the bot has not finished after this many moves is counted as lost.
MAX_MOVES = 1500


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
    #: Cards still in the stock when the game ended. A game lost with some left is one the
    #: bot gave up (no hint) with a row still to come: worth a look, for where a row may be
    #: dealt, or the empty columns filled for it, the hint should say so.
    stock_left: int = 0

    @property
    def lost_with_stock(self) -> bool:
        """Lost with cards still in the stock (:attr:`stock_left`): worth a look."""
        return not self.won and self.stock_left > 0


#: The bot's choices, one move at a time: the hint's own :class:`~spider_tui.ai.hint.Adviser`,
#: taking its first choice every time (the app's demo mode plays through it too).
Autoplayer = Adviser


def play(game: Game, *, budget_ms: float | None = None, peek: bool = False,
         max_moves: int = MAX_MOVES, max_nodes: int | None = None,
         node_budget: int | None = None) -> Iterator[object]:
    """Play ``game`` to its end (or ``max_moves``) as :class:`Autoplayer` chooses, yielding
    each step. ``node_budget`` alone (no ``budget_ms``) plays the same moves every time."""
    auto = Autoplayer(budget_ms=budget_ms, peek=peek, max_nodes=max_nodes,
                      node_budget=node_budget)
    yield from _play(game, auto, max_moves)


def _play(game: Game, auto: Autoplayer, max_moves: int, max_idle: int | None = None
          ) -> Iterator[object]:
    idle = 0
    while len(game.history) < max_moves:
        move = auto.next_move(game)
        if move is None:
            return
        step = game.play(move)
        yield step
        # A move of a winning line (the solver's, where nothing is hidden) is never idle.
        idle = 0 if auto.winning or _progress(move, step) else idle + 1
        if max_idle is not None and idle >= max_idle:
            return


def _progress(move: Move, step: Step) -> bool:
    """Did this move get the game on: turn a card over, finish a run, deal, or put a card on a
    foundation?"""
    return bool(step.flips or step.removed or move.is_deal or (
        move.dst is not None and (move.dst < 0 or code_kind(move.dst) == FOUNDATION_KIND)))


def play_deal(variant: str, deal: int, *, budget_ms: float | None = None, peek: bool = False,
              house_rules: tuple[str, ...] = (), max_moves: int = MAX_MOVES,
              max_nodes: int | None = None, node_budget: int | None = None,
              max_idle: int | None = None) -> GameResult:
    """One game; a ``node_budget`` alone (no ``budget_ms``) makes it reproducible. With
    ``max_idle`` the bot gives up (a loss) after that many moves in a row that neither turn a
    card over, nor finish a run, nor deal, nor put a card on a foundation, nor follow a
    winning line (the solver's, where nothing is hidden: :mod:`.perfect`)."""
    game = Game.new(variant, deal=deal, house_rules=house_rules)
    auto = Autoplayer(budget_ms=budget_ms, peek=peek, max_nodes=max_nodes,
                      node_budget=node_budget)
    t0 = time.perf_counter()
    for _ in _play(game, auto, max_moves, max_idle):
        pass
    return GameResult(deal, game.status == WON, len(game.history), time.perf_counter() - t0,
                      game.runs_removed, tuple(str(s.move) for s in game.history), auto.nodes,
                      game.state.stock_left)


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
              jobs: int = 1, node_budget: int | None = None,
              setup: Callable[[], object] | None = None) -> Iterator[GameResult]:
    """Play each deal (``jobs`` at a time, in worker processes), yielding results as they
    finish (in deal order). ``budget_ms`` and ``node_budget`` bound each move's search as
    :class:`Autoplayer`'s do. ``setup`` (a module-level function) is called in each process
    before it plays (:func:`~spider_tui.ai.processes.each`)."""
    work = [(variant, d, budget_ms, peek, house_rules, node_budget) for d in deals]
    yield from each(_play_one, work, workers=jobs, setup=setup)


def summary(results: list[GameResult]) -> str:
    """The win rate with its 95% Wilson interval, the games lost with cards still in the stock
    (:attr:`GameResult.stock_left`; where there are any), mean moves and time per game, and
    the positions searched (per game, and per second of play)."""
    n = len(results)
    wins = sum(r.won for r in results)
    lo, hi = wilson(wins, n)
    moves = sum(r.moves for r in results) / n if n else 0.0
    total = sum(r.seconds for r in results)
    secs = total / n if n else 0.0
    nodes = sum(r.nodes for r in results)
    stopped = [str(r.deal) for r in results if r.lost_with_stock]
    lines = [f"won {wins} of {n}: {100 * wins / max(n, 1):.1f}% "
             f"(95% CI {100 * lo:.1f}%-{100 * hi:.1f}%, Wilson)"]
    if stopped:
        lines.append(f"lost with cards still in the stock: {len(stopped)} "
                     f"(deal{'s' if len(stopped) > 1 else ''} {', '.join(stopped)})")
    lines += [f"mean moves per game: {moves:.1f}",
              f"time per game: {secs:.2f} s",
              f"positions searched: {nodes / max(n, 1):.0f} per game, "
              f"{nodes / total if total > 0 else 0.0:.0f} per second"]
    return "\n".join(lines)
