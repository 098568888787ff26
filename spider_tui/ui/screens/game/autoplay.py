"""Help from the computer: the hint on show, the demo (the computer plays from the hints) and
Finish for me (the solver's line, played out once every card is face up). An error of the AI is
a bug: logged, and told to the player as a failure (:meth:`Autoplay.ai_failed`).

The demo's moves are played by the screen: each step posts :class:`AutoMove`, and the next step
waits until the screen has played it.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.message import Message
from textual.timer import Timer
from textual.worker import Worker, WorkerState

from ....engine import PLAYING, WON, Move, RuleFailure
from ... import finishing
from ...hinting import NOTHING, Adviser, DemoPlayer, HintView, describe, get_hints
from ...progress import won_words

if TYPE_CHECKING:
    from . import GameScreen

DEMO_STEP_SECONDS = 0.45
#: Finish for me plays faster than the demo: there is nothing left to watch for.
FINISH_STEP_SECONDS = 0.12


@dataclass
class HintState:
    key: tuple
    hints: list[HintView] = field(default_factory=list)
    index: int = 0


class AutoMove(Message):
    """The demo (or Finish for me) plays ``move`` now: the screen plays it, and tells
    :meth:`Autoplay.played` how that went."""

    bubble = False

    def __init__(self, player: Any, move: Move) -> None:
        super().__init__()
        self.player = player
        self.move = move


class Autoplay:
    """Owns the hints found for the table now and the one on show, the demo's timer and player,
    and the solver's search for Finish for me."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.hint: HintState | None = None
        self.hint_shown: HintView | None = None
        #: The hint's memory of what it suggested (a line promised is followed through).
        self.adviser = Adviser()
        self.demo_timer: Timer | None = None
        #: What plays while the demo runs (or Finish for me plays the game out), and its name.
        self.demo_player: Any = None
        self.demo_name = "Demo"
        #: ``(id(game), game.actions)`` while the solver looks for a way to finish the game.
        self.finding: tuple[int, int] | None = None
        #: A move posted to the screen and not played yet (the next step waits for it).
        self._posted: AutoMove | None = None

    @property
    def running(self) -> bool:
        """The demo or Finish for me is playing (or looking for its line)."""
        return self.demo_timer is not None or self.finding is not None

    def reset(self) -> None:
        """A new game: no hint, no demo, no search."""
        self.hint = None
        self.hint_shown = None
        self.stop_demo(quiet=True)
        self.finding = None

    # ------------------------------------------------------------------ hints

    def _position_key(self) -> tuple:
        game = self.screen.game
        return (id(game), game.actions)

    def show_hint(self) -> None:
        """The best move now; asked again for the same table, the next one (the screen has
        put down any cards picked up)."""
        screen = self.screen
        game = screen.game
        if game.status == WON:
            self.hint_shown = None
            screen.say(f"This game is won: {won_words(game)}. "
                       f"{screen.key_label('new_game')} deals a new game")
            screen.refresh_board()
            return
        key = self._position_key()
        if self.hint is None or self.hint.key != key:
            cfg = screen.app.config
            try:
                if self.adviser.peek != cfg.hint_peek:
                    self.adviser = Adviser(peek=cfg.hint_peek)
                self.adviser.budget_ms = cfg.hint_budget_ms
                found = get_hints(game, self.adviser)
            except Exception as e:  # noqa: BLE001 - reported, never hidden
                self.hint_shown = None
                self.ai_failed("hint", e)
                screen.refresh_board()
                return
            self.hint = HintState(key, found)
        else:
            self.hint.index += 1
        hints = self.hint.hints
        if not hints:
            self.hint_shown = None
            screen.say(NOTHING, "warning")
            screen.refresh_board()
            return
        i = self.hint.index % len(hints)
        h = hints[i]
        self.hint_shown = h
        screen.app.hint_used()
        more = (f" {i + 1}/{len(hints)} ({screen.key_label('hint')}: next)" if len(hints) > 1
                else "")
        screen.say(f"Hint{more}: {h.reason or describe(game, h.move)}")
        screen.refresh_board()

    # ------------------------------------------------------------------ the demo

    def start_demo(self) -> None:
        screen = self.screen
        if self.demo_timer is not None:
            return
        if screen.game.status != PLAYING:
            screen.say("The game is over: start a new deal to watch the demo")
            return
        screen.app.hint_used()  # the demo plays from the hints
        cfg = screen.app.config
        self.play(DemoPlayer(budget_ms=cfg.hint_budget_ms, peek=cfg.hint_peek), "Demo",
                  "Demo: the computer plays from the hints; press any key to stop",
                  DEMO_STEP_SECONDS)

    def play(self, player: Any, name: str, message: str, seconds: float) -> None:
        """Let ``player`` (``next_move(game)``) play a move every ``seconds``, each once the
        cards of the one before have landed, until a key or a click stops it."""
        screen = self.screen
        screen.selector.selection = None
        self.demo_player = player
        self.demo_name = name
        self._posted = None
        self.demo_timer = screen.set_interval(seconds, self.step)
        screen.say(message)
        screen.refresh_board()

    def stop_demo(self, quiet: bool = False) -> None:
        if self.demo_timer is None:
            return
        self.demo_timer.stop()
        self.demo_timer = None
        self.demo_player = None
        if not quiet:
            self.screen.say(f"{self.demo_name} stopped")
            self.screen.refresh_board()

    def step(self) -> None:
        """One move of the demo (its timer calls this): asked of the player, and posted to
        the screen to play once the one before is played and its cards have landed."""
        screen = self.screen
        game = screen.game
        if game.status != PLAYING:
            self.stop_demo(quiet=True)
            screen.refresh_board()
            return
        if screen.app.screen is not screen or screen.motion.busy or self._posted:
            return
        player = self.demo_player
        if player is None or self.demo_timer is None:
            return  # a tick on its way when the demo stopped: the demo has had its last word
        try:
            move = player.next_move(game)
        except Exception as e:  # noqa: BLE001 - reported, never hidden
            name = self.demo_name
            self.stop_demo(quiet=True)
            self.ai_failed(name, e)
            screen.refresh_board()
            return
        if move is None:
            self.stop_demo(quiet=True)
            # A line played to its end (a replay's) says what that end is.
            end = getattr(player, "end_words", None)
            text, severity = end() if end is not None else (
                f"{self.demo_name}: nothing useful is left; undo may help", "warning")
            screen.say(text, severity)
            screen.refresh_board()
            return
        self._posted = AutoMove(player, move)
        screen.post_message(self._posted)

    def is_current(self, message: AutoMove) -> bool:
        """Is ``message`` from the player playing now (not one stopped meanwhile)?"""
        if message is self._posted:
            self._posted = None
        return self.demo_player is not None and message.player is self.demo_player

    def played(self, ok: bool) -> None:
        """The screen played the move posted (``ok``), or it was refused: the demo stops."""
        if not ok:
            self.stop_demo()

    def ai_failed(self, what: str, error: BaseException | None) -> None:
        """The AI raised while working out ``what`` (the hint, the demo, Finish for me): a bug,
        logged with its traceback and told to the player plainly. A variant's plugin that failed
        inside the search is reported as the engine reports it (switched off, a notice)."""
        screen = self.screen
        if isinstance(error, RuleFailure):
            screen.game.rule_failed(error)
            screen.app.report_news()
        else:
            trace = "".join(traceback.format_exception(error)) if error is not None else ""
            screen.log.error(f"{what} failed", trace)
            screen.app.notify(f"{type(error).__name__}: {error}",
                              title=f"{what[:1].upper()}{what[1:]} failed (a bug in the AI)",
                              severity="error", timeout=10, markup=False)
        screen.say(f"{what[:1].upper()}{what[1:]} failed: {error or 'no reason given'}", "error")

    # ------------------------------------------------------------------ finish for me

    def stop(self) -> None:
        """A key or a click stops the demo, or Finish for me (its search too)."""
        if self.finding is not None:
            self.finding = None
            self.screen.say("Finish for me stopped")
            self.screen.refresh_board()
        self.stop_demo()

    def offer_finish(self) -> None:
        """Say that the game can be played out for the player, once it can."""
        screen = self.screen
        if finishing.can_finish(screen.game) and self.demo_timer is None:
            screen.say(f"Every card is face up: {screen.key_label('finish')} finishes the game "
                       "for you")

    def finish(self) -> None:
        """Play the game out by the solver's line (every card is face up, the stock empty)."""
        screen = self.screen
        if self.running:
            return
        why = finishing.why_not_finish(screen.game)
        if why is not None:
            screen.refuse(why)
            return
        self.finding = self._position_key()
        screen.say("Finish for me: looking for the way to the win… (any key stops)")
        screen.refresh_board()
        screen.run_worker(partial(finishing.find_line, screen.game.copy()), thread=True,
                          group="finish", exclusive=True, exit_on_error=False)

    def worker_changed(self, event: Worker.StateChanged) -> None:
        """The solver's search (run by the screen's worker) ended, or not."""
        worker = event.worker
        if worker.group != "finish" or event.state not in (WorkerState.SUCCESS,
                                                             WorkerState.ERROR):
            return
        screen = self.screen
        asked, self.finding = self.finding, None
        if asked != self._position_key():
            return  # stopped by a key, or the table changed meanwhile
        if event.state == WorkerState.ERROR:
            self.ai_failed("Finish for me", worker.error)
            screen.refresh_board()
            return
        outcome = worker.result
        if outcome.status != "won":
            screen.say(finishing.describe(outcome), "warning")
            screen.refresh_board()
            return
        screen.app.hint_used()  # the solver's moves: a win by them is not a win with no help
        self.play(finishing.LinePlayer(outcome.moves), "Finish for me",
                  f"Finish for me: {len(outcome.moves)} moves to the win; any key stops",
                  FINISH_STEP_SECONDS)
