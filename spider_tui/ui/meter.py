"""The winnability meter on the status line, and the peek.

The meter's estimate (:func:`spider_tui.ai.odds.chances`: the hidden cards dealt again at
random, each world solved within a node budget) runs away from the screen, in a worker thread on
a copy of the game, as Finish for me does: the screen never waits for it. Each time the table
changes, the search for the table before is cancelled (it stops between two worlds) and one for
the table now starts; its answer is shown only if the table is still the one it was asked about.
It waits while the demo or Finish for me plays (their searches run on the screen's thread, and
would get less of the processor). The setting ``meter`` switches it off: then no search starts
at all.

The peek (:func:`spider_tui.ai.odds.peek`) reads the real cards, in a worker thread too, and is
counted as a hint when it is asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.worker import Worker, WorkerState, get_current_worker

from ..ai import odds
from ..ai.review import positions
from ..engine import PLAYING, Game

if TYPE_CHECKING:
    from .screens.game import GameScreen

#: The estimate, ``estimate(game, cancelled=...) -> Chances | None`` (a test may slow it).
estimate = odds.chances
#: The peek, ``ask(tables, moves, cancelled=...) -> Peek | None``.
ask = odds.peek
#: Shown while the meter works out the table now.
WORKING = "win …"


def _estimate(game: Game, report: Callable[[Any], None]) -> Any:
    worker = get_current_worker()
    return estimate(game, cancelled=lambda: worker.is_cancelled, report=report)


def _peek(tables: list, moves: list[str]) -> Any:
    worker = get_current_worker()
    return ask(tables, moves, cancelled=lambda: worker.is_cancelled)


class Meter:
    """Owns the meter's worker and what it last found, and the peek's worker."""

    GROUP = "meter"
    PEEK_GROUP = "peek"

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        #: The table the text is about (or is being worked out for): see :meth:`_key`.
        self.key: tuple | None = None
        #: What the status line shows ("" while off, or once the game is over).
        self.text = ""
        #: How many searches were started (the tests count them).
        self.started = 0
        #: The search for the table ``key``, the one whose answer is awaited.
        self.worker: Worker | None = None
        #: The table the peek was asked about, while it works.
        self.peeking: tuple | None = None

    def _key(self) -> tuple:
        game = self.screen.game
        return (id(game), game.actions, len(game.history))

    def on(self) -> bool:
        return bool(self.screen.app.config.meter)

    def watch(self) -> None:
        """Called whenever the status line is drawn: start the search for the table now if it
        has changed (and the meter is on); switched off, put it away."""
        screen = self.screen
        if not self.on() or screen.autoplay.running:
            # Off; or the demo or Finish for me is playing, whose own searches it would slow
            # down: it starts again (on the table then) once they stop.
            if self.key is not None:
                screen.workers.cancel_group(screen, self.GROUP)
            self.key, self.text = None, ""
            return
        key = self._key()
        if key == self.key:
            return
        self.key = key
        game = screen.game
        if game.status != PLAYING:
            screen.workers.cancel_group(screen, self.GROUP)
            self.text = ""
            return
        self.text = WORKING
        self.started += 1
        copy = game.copy()

        def report(found: Any) -> None:  # in the worker: a round's answer, while it goes on
            try:
                screen.app.call_from_thread(self._partial, key, found)
            except RuntimeError:  # the app has stopped
                pass

        self.worker = screen.run_worker(lambda: _estimate(copy, report), thread=True,
                                        group=self.GROUP, exclusive=True, exit_on_error=False)

    def _partial(self, key: tuple, found: Any) -> None:
        """A round's answer while the meter searches on with a larger budget: shown if the
        table is still the one it is about."""
        if key == self.key == self._key() and found is not None:
            self.text = found.words()
            self.screen.refresh_status()

    def peek(self) -> None:
        """Ask the solver on the real cards (counted as a hint)."""
        screen = self.screen
        game = screen.game
        if game.status != PLAYING:
            screen.say(f"The game is over ({game.status}): there is nothing to peek at")
            return
        screen.app.hint_used()
        key = self._key()
        self.peeking = key
        screen.say("Peek: asking the solver, reading the real cards…")
        tables, moves = positions(game), game.moves_played()  # here: the game is not shared
        screen.run_worker(lambda: _peek(tables, moves),
                          thread=True, group=self.PEEK_GROUP, exclusive=True,
                          exit_on_error=False)

    def worker_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        if worker.group == self.GROUP:
            if worker is not self.worker or self.key != self._key():
                return  # an answer for a table gone
            if event.state == WorkerState.ERROR:
                self.text = "win ?"
                self.screen.autoplay.ai_failed("the winnability meter", worker.error)
            else:
                found = worker.result
                self.text = found.words() if found is not None else ""
            self.screen.refresh_status()
        elif worker.group == self.PEEK_GROUP:
            asked, self.peeking = self.peeking, None
            if asked != self._key():
                return
            if event.state == WorkerState.ERROR:
                self.screen.autoplay.ai_failed("peek", worker.error)
            elif worker.result is not None:
                self.screen.say(worker.result.words())
