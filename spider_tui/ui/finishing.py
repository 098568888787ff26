"""Finish for me: once every card is face up and the stock is empty, nothing is hidden, so the
solver (which reads every card) may play the game out for the player, as the desktop Spiders'
auto-complete does. Only the search runs away from the screen (in a worker thread, on a copy of
the game); the moves are played by the game screen, one at a time, like the demo's."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..ai import solver
from ..ai.perfect import hides_nothing
from ..engine import PLAYING, Game, IllegalMove, Move

#: Seconds the solver may search.
SOLVE_SECONDS = 8.0


def can_finish(game: Game) -> bool:
    """Is the game in play with nothing hidden (every card face up, and the stock empty or
    seen: :func:`~spider_tui.ai.perfect.hides_nothing`, the rule the hint and the bot
    follow the solver by)? A game dealt open (every card face up, no stock: Spidercells,
    Simple Simon) is that from its first move, when finishing it would be solving it for the
    player; it is offered there once every column lies in order (each column's face-up cards
    one run that can be picked up)."""
    return why_not_finish(game) is None


def why_not_finish(game: Game) -> str | None:
    """Why Finish for me is not offered now, in the player's words (the condition that holds
    for this game: :func:`can_finish`), or None when it is."""
    st = game.state
    if game.status != PLAYING:
        return "the game is over"
    if not hides_nothing(st):
        return ("Finish for me plays the game out once every card is face up and the stock "
                "is empty")
    if not hides_nothing(game.start):
        return None  # the cards hidden at the deal are all in sight now
    if all(st.rs[i] <= st.down[i] for i in range(len(st.cols))):
        return None
    return ("In a game dealt face up, Finish for me plays the game out once every column lies "
            "in order (its face-up cards one run you can pick up)")


@dataclass(frozen=True)
class Outcome:
    """What the solver found: ``won`` (with the moves), ``unwinnable`` (proved) or ``unknown``
    (no win within the time; ``why``: the solver's own problem with its line, if any)."""

    status: str
    moves: list[str] = field(default_factory=list)
    seconds: float = 0.0
    why: str = ""


def find_line(game: Game, seconds: float = SOLVE_SECONDS) -> Outcome:
    """The solver's winning line from ``game`` (give it a copy: this runs in a thread)."""
    # An exception here is the solver's bug: it ends the worker, and the screen reports it.
    solution = solver.solve(game, seconds)
    if solution.status == "won":
        return Outcome("won", list(solution.moves), solution.seconds)
    return Outcome(solution.status, [], solution.seconds, solution.problem)


def describe(outcome: Outcome) -> str:
    """What to tell the player when there is no line to play."""
    if outcome.why:  # the solver's line did not replay: its bug, said plainly
        return f"Finish for me failed: {outcome.why}"
    if outcome.status == "unwinnable":
        return "There is no way to win from here (the solver tried every move): undo to try " \
               "another way"
    return (f"The solver found no win in {outcome.seconds:.0f} s; there may still be one, "
            "so play on")


class LinePlayer:
    """Plays ``moves`` (notation) one at a time, as :class:`~spider_tui.ui.hinting.DemoPlayer`
    plays its own: ``next_move`` gives the next one, None at the end or if it no longer fits."""

    def __init__(self, moves: Iterable[str]) -> None:
        self.moves = deque(moves)

    def next_move(self, game: Game) -> Move | None:
        if not self.moves:
            return None
        try:
            return game.resolve(self.moves.popleft())
        except IllegalMove:
            self.moves.clear()
            return None
