"""The point of no return: the last position of a game's own line of play from which a win
still existed, found with perfect information (the solver reads every card).

Along one line of play, winnability can only be lost, never regained: from a position that can
be won, every position before it can be won too (play the game's own moves to it), and after a
position proved unwinnable, no later one can be won. So the answers along the line read
``won won ... won lost lost ... lost``, and the point of no return is the last ``won``.

The solver answers each position asked within a node budget: ``won`` (a winning line that
replays through the engine: a proof), ``unwinnable`` (the exhaustive search saw every position:
a proof) or ``unknown`` (the budget ran out: no proof either way). :func:`point_of_no_return`
asks few positions: the latest first, going back further each time (the last positions, with
little left to play, are the cheapest to decide), then bisecting between the last position
won and the first not won. An ``unknown`` answer proves nothing, so the search takes it as
"probably lost" to choose where to look next, but the result says which answers were proofs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.game import Game
from ..engine.state import State
from . import solver

WON, UNWINNABLE, UNKNOWN = solver.WON_, solver.UNWINNABLE, solver.UNKNOWN_
#: The positions each position asked may search, when nothing else is said (about a second).
REVIEW_NODES = 20_000
#: At most this many positions are asked (each within its node budget).
MOST_ASKED = 40

#: ``solve(state, node_budget)``: the solver on a table (tests give a slower or scripted one).
Solve = Callable[[State, int], solver.Solution]


def _solve(state: State, nodes: int) -> solver.Solution:
    return solver.solve_state(state, node_budget=nodes)


@dataclass(frozen=True)
class Answer:
    """The solver's answer for the position after ``position`` moves of the line of play."""

    position: int
    status: str
    #: Positions searched.
    nodes: int
    #: The winning line from there, in move notation (``won`` only).
    line: tuple[str, ...] = ()

    @property
    def proof(self) -> bool:
        """A proof (a line that wins, or every position searched), not a budget run out."""
        return self.status in (WON, UNWINNABLE)


@dataclass
class Review:
    """What the search found along a line of play of ``len(moves)`` moves."""

    #: The line of play, in move notation (move ``i`` is ``moves[i - 1]``).
    moves: list[str]
    #: Every position asked, by the number of moves played to reach it.
    answers: dict[int, Answer] = field(default_factory=dict)
    #: The node budget each position was given.
    nodes: int = REVIEW_NODES
    #: The search stopped before it was done (asked to stop, or ``MOST_ASKED`` reached).
    cut_short: bool = False

    @property
    def last_won(self) -> int | None:
        """The latest position proved winnable (None: none was)."""
        won = [k for k, a in self.answers.items() if a.status == WON]
        return max(won) if won else None

    @property
    def first_lost(self) -> int | None:
        """The earliest position proved unwinnable (None: none was)."""
        lost = [k for k, a in self.answers.items() if a.status == UNWINNABLE]
        return min(lost) if lost else None

    @property
    def exact(self) -> bool:
        """Is the point of no return proved: the position after it proved lost (or it is the
        position now)?"""
        won = self.last_won
        if won is None:
            return self.first_lost == 0
        return won == len(self.moves) or self.first_lost == won + 1

    @property
    def line(self) -> tuple[str, ...]:
        """The winning line from the last position proved winnable."""
        won = self.last_won
        return self.answers[won].line if won is not None else ()

    def undecided(self) -> list[int]:
        """The positions between the last won and the first lost whose answer is not proved
        (asked or not)."""
        won = self.last_won
        lost = self.first_lost
        lo = -1 if won is None else won
        hi = len(self.moves) + 1 if lost is None else lost
        return list(range(lo + 1, hi))

    def summary(self) -> str:
        """The finding in a sentence."""
        n = len(self.moves)
        won, lost = self.last_won, self.first_lost
        if won is None:
            if lost == 0:
                return "This deal could never be won: the solver tried every move from the start"
            tail = (f" (from move {lost} on it is proved lost)" if lost is not None else "")
            return (f"Not found: no position of the game was proved winnable within "
                    f"{self.nodes:,} positions searched each{tail}")
        if won == n:
            return "The game can still be won from here"
        where = "the start" if won == 0 else f"move {won}"
        fatal = f"move {won + 1} ({self.moves[won]})"
        if self.exact:
            return f"A win still existed after {where}; {fatal} lost it"
        tail = (f"; from move {lost} on it is proved lost" if lost is not None else "")
        return (f"A win still existed after {where}; after {fatal} the solver could not tell "
                f"within {self.nodes:,} positions searched{tail}")

    def proofs(self) -> list[str]:
        """Each answer asked, latest position first: ``after move 42: won (a line that
        wins)``."""
        words = {WON: "won (proved: a line that wins)",
                 UNWINNABLE: "lost (proved: every position searched)",
                 UNKNOWN: "not known (the budget ran out)"}
        out = []
        for k in sorted(self.answers, reverse=True):
            a = self.answers[k]
            where = "the start" if k == 0 else f"after move {k}"
            out.append(f"{where}: {words[a.status]}, {a.nodes:,} position"
                       f"{'' if a.nodes == 1 else 's'} searched")
        return out


def positions(game: Game) -> list[State]:
    """The tables of ``game``'s line of play, copies: ``[k]`` after ``k`` moves, the last the
    table now (made where the game is played; the search may then run in another thread)."""
    state = game.state.copy()
    out = [state.copy()]
    for step in reversed(game.history):
        state.undo(step.record)
        out.append(state.copy())
    out.reverse()
    return out


def point_of_no_return(tables: list[State], moves: list[str], *, nodes: int = REVIEW_NODES,
                       solve: Solve = _solve, cancelled: Callable[[], bool] = lambda: False,
                       most: int = MOST_ASKED) -> Review:
    """Search ``tables`` (:func:`positions`; ``moves`` the line of play between them) for the
    last position from which a win existed, each position asked within ``nodes`` positions
    searched, at most ``most`` positions asked. ``cancelled()`` is asked between two
    positions: when it says so, the search stops with what it has."""
    review = Review(list(moves), nodes=nodes)
    n = len(tables) - 1

    def ask(k: int) -> Answer | None:
        if cancelled() or len(review.answers) >= most:
            review.cut_short = True
            return None
        sol = solve(tables[k], nodes)
        a = Answer(k, sol.status, sol.nodes, tuple(sol.moves))
        review.answers[k] = a
        return a

    # Back from the end, twice as far each time: n, n-1, n-3, n-7, ...
    lo, hi = -1, n + 1  # the last position won, the first not won (a proof or a guess)
    step, k = 1, n
    while True:
        a = ask(k)
        if a is None:
            return review
        if a.status == WON:
            lo = k
            break
        hi = k
        if k == 0:
            return review
        k = max(0, n - (2 * step - 1))
        step *= 2
    # Bisect between the last won and the first not won.
    while hi - lo > 1:
        mid = (lo + hi) // 2
        a = ask(mid)
        if a is None:
            return review
        if a.status == WON:
            lo = mid
        else:
            hi = mid
    return review


def lost_since(tables: list[State], moves: list[str], *, nodes: int = REVIEW_NODES,
               solve: Solve = _solve, cancelled: Callable[[], bool] = lambda: False,
               most: int = MOST_ASKED) -> tuple[int | None, bool]:
    """The earliest move after which the position is proved unwinnable (None: none was), and
    whether that is exact (the position before it proved winnable); the same search as
    :func:`point_of_no_return`."""
    review = point_of_no_return(tables, moves, nodes=nodes, solve=solve, cancelled=cancelled,
                                most=most)
    return review.first_lost, review.exact and review.first_lost is not None


__all__ = ["MOST_ASKED", "REVIEW_NODES", "UNKNOWN", "UNWINNABLE", "WON", "Answer", "Review",
           "lost_since", "point_of_no_return", "positions"]
