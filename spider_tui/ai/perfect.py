"""Where nothing is hidden, the solver's own line: the :class:`~spider_tui.ai.hint.Adviser`'s
plan on a table a player sees whole (and the endgame vote, where only face-down cards are
unseen).

On a table with no face-down card and no unknown stock (:func:`nothing_hidden`: Simple Simon,
Spidercells, York... from the first move, any game once its last card shows and its stock is
empty or known), a search that reads every card reads only what the player sees, so the
solver (:func:`~spider_tui.ai.solver.solve`) is a fair hint. The adviser asks it first, and a
winning line it finds is followed move by move with no new search while the game stays on it
(any position of the line, reached any way, goes on by the line). ``peek`` lets the adviser read
every card anyway, so there every table counts as one where nothing is hidden.

How the positions are spent under a node budget ``B`` a move: the solver draws on an account
of its own, opened with :data:`SOLVE_CREDIT` moves' budgets (``SOLVE_CREDIT * B``) in advance.
Every move the adviser answers pays ``B`` into it, less what the move's usual search (the
hint's, when the solver found no win) spent; it never holds more than ``(SOLVE_CREDIT + 1) *
B``. The solver searches only with a full account, with ``SOLVE_CREDIT * B`` positions (the
last ``B`` stays for the usual search, should it find no win), so after a search that found
no win it waits until the moves since have paid its allowance back. Hence, for any game:
the positions searched over its first ``n`` answers never exceed ``(n + SOLVE_CREDIT) * B``
(the budget per move, plus the advance); one answer may spend up to ``(SOLVE_CREDIT + 1) * B``.
No clock decides anything: with a node budget alone a game is played the same way every time.

With a time budget (the app's hint and demo), the solver gets the answer's time (and
``max_nodes``, if given); when it finds no win the usual search gets the time again, so such an
answer takes up to twice its time; it is not asked again on a table where it found none.

Where only face-down cards are unseen (the stock dealt out or seen whole), the endgame vote
(:mod:`.vote`: the solver in worlds drawn from the face-down cards) draws on the same account,
after the usual search: at most ``VOTE_CAP`` moves' budgets a vote, and never the last one, so
the bound above holds; with a time budget it gets the answer's time again.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.errors import IllegalMove
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.state import State
from . import general, solver, vote
from .lines import without_loops

#: The solver's advance, in moves' node budgets: with a budget ``B`` a move it searches with
#: ``SOLVE_CREDIT * B`` positions. 50: the ratio of the ratings' default budgets (50,000
#: positions a deal for the solver, 1,000 a move for the bot; the shipped table's 5,000 and
#: 100 alike), so that the fair bot's first search of a game dealt open is the very search
#: that rates the deal.
SOLVE_CREDIT = 50
#: The endgame vote (:mod:`.vote`) draws on the same account: at most this many moves' budgets
#: a vote, and no vote with less than ``VOTE_MIN`` positions to spend.
VOTE_CAP = 10
VOTE_MIN = 2000


def nothing_hidden(game: Game, peek: bool = False) -> bool:
    """Does the viewer see every card of ``game``'s table: no face-down card and no unknown
    stock card (:func:`~spider_tui.ai.general.hidden_places`), or ``peek``?"""
    return peek or hides_nothing(game.state)


def hides_nothing(state: State) -> bool:
    """Is every card of ``state`` in the player's sight: no face-down card and no unknown
    stock card (:func:`~spider_tui.ai.general.hidden_places`)? Where it is, the solver's
    line is the player's own to follow (the hint's, the bot's and Finish for me)."""
    places, stock_hidden = general.hidden_places(state)
    return not places and not (stock_hidden and state.stock_left)


@dataclass
class WinningLine:
    """A winning line from a position of one game: its moves (the engine's packed tuples)
    and, for each position on it, the index of the move to play there."""

    game: int
    moves: tuple
    at: dict = field(default_factory=dict)

    def rest(self, game: Game) -> tuple | None:
        """The moves still to play from ``game``'s position (None: not on the line)."""
        if id(game) != self.game:
            return None
        i = self.at.get(game.state.key())
        return None if i is None else self.moves[i:]


class Solving:
    """The solver's part of one adviser: the winning line it follows and the account its
    searches draw on (see the module's text)."""

    def __init__(self, *, node_budget: int | None, max_nodes: int | None) -> None:
        self.node_budget = node_budget
        self.max_nodes = max_nodes
        #: Positions the solver has searched, over every answer.
        self.nodes = 0
        self.line: WinningLine | None = None
        self._game: int | None = None
        self._paid: tuple | None = None
        self._account = 0
        #: Tables (by key) where a search found no win (``_failed``), or a vote no step
        #: (``_unvoted``): never searched so again.
        self._failed: set = set()
        self._unvoted: set = set()

    def pay(self, game: Game, where: tuple, spent: int = 0) -> None:
        """An answer for ``game`` at ``where`` (a position of its line of play): its budget
        goes into the account once, less ``spent`` by the usual search."""
        if id(game) != self._game:  # a new game: a new account
            self._game, self._paid, self.line = id(game), None, None
            self._failed, self._unvoted = set(), set()
            self._account = SOLVE_CREDIT * (self.node_budget or 0)
        if self.node_budget is None:
            return
        if where != self._paid:
            self._paid = where
            self._account = min(self._account + self.node_budget,
                                (SOLVE_CREDIT + 1) * self.node_budget)
        self._account -= spent

    def winning(self, game: Game, peek: bool, past: set, budget_ms: float | None
                ) -> tuple | None:
        """The rest of a winning line from ``game``'s position (the engine's packed moves,
        none into a position of ``past``), following the one found before with no search, or
        found by the solver now (within ``budget_ms``, if given) if nothing is hidden and the
        account allows; None if none."""
        if self.line is not None:  # kept when the game leaves it: an undo may come back
            rest = self.line.rest(game)
            if rest:
                return rest
        if not nothing_hidden(game, peek):
            return None
        key = game.state.key()
        allowance = self._allowance()
        if key in self._failed or allowance == 0:
            return None
        seconds = None if budget_ms is None else budget_ms / 1000.0
        found = solver.solve(game, seconds, node_budget=allowance)
        self.nodes += found.nodes
        self._account -= found.nodes if self.node_budget is not None else 0
        line = _packed(game, found.moves) if found.status == solver.WON_ else None
        # A line into a position the game has been in is not followed (the hint never
        # walks in a circle).
        if line is None or without_loops(game.state, line, past) != line:
            self._failed.add(key)
            return None
        self.line = _indexed(game, line)
        return line

    def voted(self, game: Game, peek: bool, past: set, budget_ms: float | None,
              steps: Sequence[tuple] = ()) -> vote.Vote | None:
        """The endgame vote's step from ``game``'s position (:mod:`.vote`; no step into a
        position of ``past``), where the vote applies (a fair hint, and nothing unseen but
        cards face down), the account allows (a share of it: at most ``VOTE_CAP`` moves'
        budgets, keeping one for the usual search; with no node budget, ``budget_ms`` and
        ``max_nodes``) and no vote on this table found none; None if none. ``steps``: the
        hint's lines, tried too and preferred where a step wins no more often."""
        if peek or not vote.applies(game.state):
            return None
        key = game.state.key()
        if key in self._unvoted:
            return None
        deadline = math.inf
        if self.node_budget is None:
            nodes = self.max_nodes
            if budget_ms is not None:
                deadline = time.perf_counter() + budget_ms / 1000.0
        else:
            nodes = min(self._account - self.node_budget, VOTE_CAP * self.node_budget)
            if self.max_nodes is not None:
                nodes = min(nodes, self.max_nodes)
            if nodes < VOTE_MIN:
                return None
        found, spent = vote.vote(game.state, past, nodes=nodes, deadline=deadline,
                                 steps=steps)
        self.nodes += spent
        if self.node_budget is not None:
            self._account -= spent
        if found is None:
            self._unvoted.add(key)
        return found

    def _allowance(self) -> int | None:
        """The solver's positions now: None (no node bound: the time decides), 0 (not now),
        or a number."""
        if self.node_budget is None:
            return self.max_nodes
        full = SOLVE_CREDIT * self.node_budget
        if self._account - self.node_budget < full:
            return 0
        return full if self.max_nodes is None else min(full, self.max_nodes)


def _packed(game: Game, notation: list[str]) -> tuple | None:
    """The solver's line (notation) as the engine's packed moves, played on a copy."""
    g = game.copy()
    out = []
    try:
        for text in notation:
            move: Move = g.resolve(text)
            out.append(move.pack(g.rules))
            g.play(move)
    except IllegalMove:  # pragma: no cover - the solver replays its lines before it answers
        return None
    return tuple(out)


def _indexed(game: Game, line: tuple) -> WinningLine:
    """``line`` (a win from ``game``'s position) with the positions it passes through."""
    state = game.state.copy()
    out = WinningLine(id(game), line)
    for i, m in enumerate(line):
        out.at.setdefault(state.key(), i)
        state.apply(m)
    return out


__all__ = ["SOLVE_CREDIT", "VOTE_CAP", "VOTE_MIN", "Solving", "WinningLine", "hides_nothing",
           "nothing_hidden"]
