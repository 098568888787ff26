"""The bot: plays whole games with no undo, taking the hint's first choice every time.

It goes through :class:`spider_tui.ai.hint.Adviser`, the very code behind the hint key, which
never leads back into a position of the game and follows a line it chose to its end. The
app's demo mode chooses its moves the same way (:class:`Autoplayer`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..engine.game import WON, Game
from .hint import Adviser

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


#: The bot's choices, one move at a time: the hint's own :class:`~spider_tui.ai.hint.Adviser`,
#: taking its first choice every time (the app's demo mode plays through it too).
Autoplayer = Adviser


def play(game: Game, *, budget_ms: float = 120, peek: bool = False,
         max_moves: int = MAX_MOVES, max_nodes: int | None = None) -> Iterator[object]:
    """Play ``game`` to its end (or ``max_moves``) as :class:`Autoplayer` chooses, yielding
    each step."""
    auto = Autoplayer(budget_ms=budget_ms, peek=peek, max_nodes=max_nodes)
    while len(game.history) < max_moves:
        move = auto.next_move(game)
        if move is None:
            return
        yield game.play(move)


def play_deal(variant: str, deal: int, *, budget_ms: float = 120, peek: bool = False,
              house_rules: tuple[str, ...] = (), max_moves: int = MAX_MOVES,
              max_nodes: int | None = None) -> GameResult:
    """One game; ``max_nodes`` (with a generous ``budget_ms``) makes it reproducible."""
    game = Game.new(variant, deal=deal, house_rules=house_rules)
    t0 = time.perf_counter()
    for _ in play(game, budget_ms=budget_ms, peek=peek, max_moves=max_moves,
                  max_nodes=max_nodes):
        pass
    return GameResult(deal, game.status == WON, len(game.history), time.perf_counter() - t0,
                      game.runs_removed, tuple(str(s.move) for s in game.history))


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
    variant, deal, budget_ms, peek, house_rules = job
    return play_deal(variant, deal, budget_ms=budget_ms, peek=peek, house_rules=house_rules)


def run_games(variant: str, deals: Iterable[int], *, budget_ms: float = 120,
              peek: bool = False, house_rules: tuple[str, ...] = (),
              jobs: int = 1) -> Iterator[GameResult]:
    """Play each deal (``jobs`` at a time, in worker processes), yielding results as they
    finish (in deal order)."""
    work = [(variant, d, budget_ms, peek, house_rules) for d in deals]
    if jobs <= 1 or len(work) <= 1:
        for job in work:
            yield _play_one(job)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(min(jobs, len(work))) as pool:
        yield from pool.imap(_play_one, work)


def summary(results: list[GameResult]) -> str:
    """The win rate with its 95% Wilson interval, mean moves and time per game."""
    n = len(results)
    wins = sum(r.won for r in results)
    lo, hi = wilson(wins, n)
    moves = sum(r.moves for r in results) / n if n else 0.0
    secs = sum(r.seconds for r in results) / n if n else 0.0
    return (f"won {wins} of {n}: {100 * wins / max(n, 1):.1f}% "
            f"(95% CI {100 * lo:.1f}%-{100 * hi:.1f}%, Wilson)\n"
            f"mean moves per game: {moves:.1f}\n"
            f"time per game: {secs:.2f} s")
