"""What a replay shows: a game's start, the moves to play on it, and what to say (no screen
here: the command line builds these too). The board plays them
(:mod:`spider_tui.ui.screens.game.replay`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import WON, Game, IllegalMove
from ..engine.catalog import Catalog
from ..store.history import GameRecord, replayable

#: Moves per second a replay plays at (``--speed``, and the keys that change it).
DEFAULT_SPEED = 2.0
MIN_SPEED = 0.25
MAX_SPEED = 32.0


@dataclass
class ReplayRequest:
    """A game to play again on the board, from ``start`` (a game no move was played in)."""

    start: Game
    moves: list[str]
    #: Why the moves stop short of the record's (the first that does not fit), or "".
    problem: str = ""
    #: "Replay" or "Watch": what the board calls it.
    name: str = "Replay"
    #: Said when it begins ("Replay of Spider (2 suits), deal 42: won in 212 moves").
    title: str = ""
    #: How the game ended, as the record says ("won", "stuck", "abandoned"), or "".
    result: str = ""
    speed: float = DEFAULT_SPEED
    #: Begin paused at the start (step by step).
    paused: bool = False
    #: The moves played, by whom ("the bot", "the solver"): for the words only.
    by: str = field(default="")


def of_record(record: GameRecord, catalog: Catalog | None = None, *,
              speed: float = DEFAULT_SPEED, paused: bool = False) -> ReplayRequest:
    """The replay of ``record``; ``SpiderError`` when its game cannot be set up here (a
    variant not installed). A move that no longer fits ends the moves there (``problem``)."""
    found = replayable(record, catalog)
    deal = (f"deal {record.deal}" if record.start is None and record.deal is not None
            else "a position")
    title = (f"Replay of {found.start.rules.name}, {deal}: {record.result} in "
             f"{len(record.moves)} moves")
    return ReplayRequest(found.start, found.moves, found.problem, "Replay", title,
                         record.result, speed, paused)


def of_line(start: Game, moves: list[str], by: str, *, speed: float = DEFAULT_SPEED,
            paused: bool = False) -> ReplayRequest:
    """``moves`` (found by ``by``: "the bot", "the solver") to watch from ``start``."""
    probe = start.copy()
    problem = ""
    for i, text in enumerate(moves):
        try:
            probe.play(text)
        except IllegalMove as e:  # the AI's line must replay: said if it does not
            problem = f"{by}'s move {i + 1} ({text}) is not legal: {e}"
            moves = moves[:i]
            break
    deal = f"deal {start.deal}" if start.deal is not None else "a position"
    result = "won" if probe.status == WON else probe.status
    title = f"Watch {by} play {start.rules.name}, {deal}: {result} in {len(moves)} moves"
    return ReplayRequest(start, list(moves), problem, "Watch", title, result, speed, paused, by)
