"""The winnability meter's estimate, and the peek.

The estimate is fair: it never reads a card the player cannot see. It deals the hidden cards
again at random, as the hint does (:func:`~spider_tui.ai.general.worlds`: the worlds a player
cannot tell from the real table, the draw seeded by what the player sees, so the same table
always gives the same worlds), solves each world with perfect information within a node budget,
and counts the worlds won. Where nothing is hidden there is one world, the real table, and the
answer is exact. A world whose budget runs out is not counted as won: the share is then a
lower bound, and says so.

The peek reads the real cards: "winnable", "no longer winnable (since move N)" or "not known
yet"; it is help, and the app counts it as a hint.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine.game import PLAYING, Game
from ..engine.state import State
from . import general, solver
from .review import REVIEW_NODES, UNWINNABLE, WON, Solve, lost_since, positions

#: The meter's worlds, and the positions each may search: a first answer within the first
#: budget, then, while the table stays as it is, the worlds not decided yet searched again with
#: the next, larger one (the answer shown after each round). Processor time per position
#: (``python benchmarks/meter_bench.py``, deals 41-42, every 10th of 60 moves), the first answer
#: and all rounds: four suits 0.24 s and 5.0 s (the first answers all "?", the last ones a share
#: at 9 of 12 positions), two suits 0.26 s and 1.7 s, one suit 0.33 s and 0.50 s.
METER_WORLDS = 8
METER_NODES = (1000, 5000, 25000)
#: The positions the peek may search on the real table (about a second).
PEEK_NODES = REVIEW_NODES


def _solve(state: State, nodes: int) -> solver.Solution:
    return solver.solve_state(state, node_budget=nodes, short=False)


@dataclass(frozen=True)
class Chances:
    """How many of ``worlds`` worlds were won, and how many ran out of budget undecided;
    ``exact``: nothing was hidden, so the one world is the real table."""

    worlds: int
    won: int
    unknown: int
    exact: bool = False

    def words(self) -> str:
        """As the status line shows it: ``win ~62% (8)``; ``≥`` when some worlds were not
        decided (the share is then at least that), ``?`` when none was."""
        if self.exact:
            return "win " + ("yes" if self.won else "?" if self.unknown else "no") + " (exact)"
        if self.unknown == self.worlds:
            return f"win ? ({self.worlds})"
        pct = round(100 * self.won / self.worlds)
        return f"win {'≥' if self.unknown else '~'}{pct}% ({self.worlds})"


def chances(game: Game, *, worlds: int = METER_WORLDS, nodes: int | Sequence[int] = METER_NODES,
            solve: Solve = _solve, cancelled: Callable[[], bool] = lambda: False,
            report: Callable[[Chances], None] | None = None) -> Chances | None:
    """The share of worlds won from ``game``'s table (give it a copy: this may run in a
    thread); None when the game is over or ``cancelled()`` said stop (asked between worlds).
    ``nodes``: each world's budget, or budgets, one round each: a round searches again, with
    its budget, the worlds the rounds before left undecided, and stops once none is left;
    ``report`` is given the answer of each round but the last (which is returned)."""
    if game.status != PLAYING:
        return None
    budgets = (nodes,) if isinstance(nodes, int) else tuple(nodes)
    tables = general.worlds(game.state, worlds)
    found: list[str | None] = [None] * len(tables)
    answer = Chances(len(tables), 0, len(tables), exact=len(tables) == 1)
    for n, budget in enumerate(budgets):
        for i, w in enumerate(tables):
            if found[i] in (WON, UNWINNABLE):
                continue
            if cancelled():
                return None
            found[i] = solve(w, budget).status
        won = sum(f == WON for f in found)
        unknown = sum(f not in (WON, UNWINNABLE) for f in found)
        answer = Chances(len(tables), won, unknown, exact=len(tables) == 1)
        if not unknown or n == len(budgets) - 1:
            break
        if report is not None:
            report(answer)
    return answer


@dataclass(frozen=True)
class Peek:
    """The solver's answer on the real cards: ``status`` (won / unwinnable / unknown) and,
    when unwinnable, the earliest move after which the game was proved lost (``since``;
    ``exact``: the position before it was proved winnable)."""

    status: str
    since: int | None = None
    exact: bool = False

    def words(self) -> str:
        if self.status == WON:
            return "Peek: winnable (the solver found a win with the real cards)"
        if self.status == UNWINNABLE:
            if self.since is None:
                return "Peek: no longer winnable"
            when = "the start" if self.since == 0 else f"move {self.since}"
            return (f"Peek: no longer winnable (since {when}"
                    + ("" if self.exact or self.since == 0 else " at the latest") + ")")
        return "Peek: not known yet (the solver found no win and no proof within its budget)"


def peek(tables: list[State], moves: list[str], *, nodes: int = PEEK_NODES,
         solve: Solve = _solve, cancelled: Callable[[], bool] = lambda: False) -> Peek | None:
    """The peek on the line of play ``tables`` (:func:`~spider_tui.ai.review.positions`, the
    last the table now); None when ``cancelled()``."""
    now = solve(tables[-1], nodes)
    if cancelled():
        return None
    if now.status != UNWINNABLE:
        return Peek(now.status)
    first, exact = lost_since(tables, moves, nodes=nodes, solve=solve, cancelled=cancelled)
    if cancelled():
        return None
    return Peek(UNWINNABLE, first, exact)


__all__ = ["METER_NODES", "METER_WORLDS", "PEEK_NODES", "Chances", "Peek", "chances", "peek",
           "positions"]
