"""The endgame vote: where the only cards a player cannot see lie face down (the stock dealt
out, or known), the solver decides the next step in worlds drawn from them.

Once the stock is dealt out, what is left is a puzzle with a few cards face down, and the
hint's scores (which weigh the table, not the win) choose badly between ways to go on: which
card to turn over first, which run to break for it. The solver, which reads every card, wins
most such tables in a few hundred positions. So the vote deals the face-down cards again at
random, as the hint's other samples do (:func:`~spider_tui.ai.general.worlds`: the draw is
seeded by what the player sees, so it never reads a hidden card and a table always gets the
same answer), and solves each world. Every world won proposes a *step*: its winning line up to
the first card it turns over (until then the line reads only cards in view, so it is legal on
the real table too). Each step is then played in the other worlds won and solved from there;
the step that wins in the most worlds is the vote's (ties: the caller's steps first, in its
order, then the worlds' shorter steps). A world the solver did not win within its share is
won by no step: every step loses it alike.

The vote is held by the :class:`~spider_tui.ai.hint.Adviser` after its usual search, whose
first hints it tries too and prefers where a step wins no more often
(:data:`~spider_tui.ai.hint.VOTE_HINTS`), so it overrules the search only on evidence; its
positions come from the solver's account (:mod:`.perfect`). Measured with the fair bot
(``benchmarks/bot_bench.py``, one suit), before and after it: at 1,000 positions a move, 91
and 94 of deals 601-700, 179 and 190 of fresh deals 15001-15200; at 16,000, 95 and 96, 188
and 191. Two suits (601-700) at 1,000, 4,000 and 16,000: 58 and 57, 66 and 67, 69 and 69;
fresh deals 15001-15200 at 1,000, 118 and 112 (there a vote has 500 positions a world, little
for two suits). Four suits at 1,000 (601-660): 7 and 8. Held earlier too, from the last row
on or from the first move (each world's stock drawn too, a step ending at a deal), it did worse
at 1,000 a move, 89 and 92 of 601-700, before the search's hints were tried too: the positions
it spent there were missed later.
"""

from __future__ import annotations

import math
import time
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from ..engine.errors import RuleFailure
from ..engine.state import DEAL, State
from . import general, solver
from .lines import without_loops
from .search import NodeBudget

#: The worlds a vote draws.
VOTE_WORLDS = 10
#: What the vote's draw adds to the seed, so that its worlds are not the hint's.
SALT = b"vote"
#: The share of the vote's positions (and time) that goes to solving each world from the table
#: as it is; the rest goes to trying each step in the other worlds won.
FIRST_SHARE = 0.5


@dataclass(frozen=True)
class Vote:
    """The vote's step (the engine's packed moves, from the table to the first card turned
    over or a deal, or to the win), the worlds it wins in, the worlds drawn, and the positions
    searched."""

    line: tuple
    won: int
    worlds: int
    nodes: int
    #: Every step tried, in the order ties go (the caller's first), with the worlds it wins.
    tally: tuple[tuple[tuple, int], ...] = ()

    def words(self) -> str:
        """Why, in a few words: ``the solver wins from there in 7 of 10 ways the face-down
        cards could lie``."""
        return (f"the solver wins from there in {self.won} of {self.worlds} ways the "
                f"face-down cards could lie")


def applies(state: State) -> bool:
    """Is ``state`` a table for the vote: some card face down, and nothing else unseen (the
    stock empty, or every card of it seen)?"""
    places, stock_hidden = general.hidden_places(state)
    return bool(places) and not (stock_hidden and state.stock_left)


def vote(state: State, past: Collection = (), *, nodes: int | None = None,
         deadline: float = math.inf, worlds: int = VOTE_WORLDS,
         steps: Iterable[tuple] = ()) -> tuple[Vote | None, int]:
    """The vote from ``state`` (a table where :func:`applies`): ``(the step that wins in the
    most worlds, or None where the solver won no world or no step leads anywhere new; the
    positions searched)``. No step enters a position whose key is in ``past`` (the game's
    positions since its last progress). ``nodes`` (None: no bound) and ``deadline`` bound the
    whole vote, shared out evenly between its searches.

    ``steps``: lines the caller would play (the hint's, best first), each cut to its first
    card turned over and tried in the worlds won as the worlds' own steps are; between steps
    that win as often, the caller's come first, in its order. So the vote overrules the
    caller only where another step wins in more worlds."""
    given = [s for s in (without_loops(state, _to_first_card(state, ln), past)
                         for ln in steps) if s]
    tables = general.worlds(state, worlds, SALT)
    budget = NodeBudget(nodes)
    first_end = _part(time.perf_counter(), deadline, FIRST_SHARE)
    first_budget = NodeBudget(budget.allow(FIRST_SHARE))
    # Each world won: the step it proposes (the same step for worlds alike).
    proposed: dict[int, tuple] = {}
    for i, w in enumerate(tables):
        left = len(tables) - i
        status, line, n = solver.winning_line(
            w, first_budget.allow(1 / left), _part(time.perf_counter(), first_end, 1 / left))
        first_budget.spend(n)
        if line is not None:
            step = without_loops(state, _to_first_card(w, line), past)
            if step:
                proposed[i] = step
    budget.spend(first_budget.spent)
    if not proposed:
        return None, budget.spent
    # Each step (the caller's first, then the worlds' shortest first): the worlds it is
    # known to win (those that proposed it), then each other world won, the step played there
    # and solved from there.
    order = list(dict.fromkeys(given + sorted(proposed.values(), key=len)))
    wins = {step: {i for i, s in proposed.items() if s == step} for step in order}
    trials = [(step, i) for step in order for i in proposed if i not in wins[step]]
    for n_left, (step, i) in enumerate(trials):
        left = len(trials) - n_left
        if _wins_after(tables[i], step, budget, _part(time.perf_counter(), deadline, 1 / left),
                       left):
            wins[step].add(i)
    best = max(order, key=lambda s: (len(wins[s]), -order.index(s)))
    tally = tuple((s, len(wins[s])) for s in order)
    return Vote(best, len(wins[best]), len(tables), budget.spent, tally), budget.spent


def _wins_after(world: State, step: tuple, budget: NodeBudget, deadline: float, left: int
                ) -> bool:
    """Does the solver win ``world`` after ``step`` (within its share of ``budget``: one of
    the ``left`` searches still to come)? A step the world refuses loses it."""
    w = world.copy()
    try:
        for m in step:
            if not general.allowed(w, m):
                return False
            w.apply(m)
    except RuleFailure:  # a plugin's rule that fails: the game would refuse the step too
        return False
    status, _, n = solver.winning_line(w, budget.allow(1 / left), deadline)
    budget.spend(n)
    return status == solver.WON_


def _to_first_card(table: State, line: tuple) -> tuple:
    """``line`` (from ``table``: a world, or the real table) up to the move that turns its
    first card over or deals (that move included; all of it if none does), as far as
    ``table`` allows it: as far as it reads only the cards in view."""
    w = table.copy()
    hidden = len(general.hidden_places(w)[0])
    for n, m in enumerate(line, 1):
        if not general.allowed(w, m):
            return line[:n - 1]
        try:
            w.apply(m)
        except RuleFailure:  # a plugin's rule that fails: the game would refuse it too
            return line[:n - 1]
        if m == DEAL or len(general.hidden_places(w)[0]) < hidden:
            return line[:n]
    return tuple(line)


def _part(now: float, end: float, share: float) -> float:
    """The deadline ``share`` of the way from ``now`` to ``end`` (inf: none)."""
    return end if end == math.inf else now + (end - now) * share


__all__ = ["VOTE_WORLDS", "Vote", "applies", "vote"]
