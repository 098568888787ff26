"""A replay on the board: a game's moves played again, at a speed or one at a time.

The moves are played by the screen's own machinery: while the replay runs, the autoplay plays a
:class:`ReplayLine` (a :class:`~spider_tui.ui.finishing.LinePlayer` over the moves not yet
played), a move every ``1 / speed`` seconds; a step forward is the next move of the line, a
step back an undo. Where the replay stands is the game's own line of play
(``len(game.history)``), so nothing else has to be kept in step with the table.

The app keeps the game off the record while a replay is on (:meth:`SpiderApp.replay`): nothing
is saved, counted or told to the plugins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....engine import WON, IllegalMove
from ... import finishing
from ...replaying import MAX_SPEED, MIN_SPEED, ReplayRequest

if TYPE_CHECKING:
    from . import GameScreen


class ReplayLine(finishing.LinePlayer):
    """The replay's moves still to play; at their end, what the replay has to say."""

    def __init__(self, replay: Replay) -> None:
        super().__init__(replay.moves_left())
        self.replay = replay

    def end_words(self) -> tuple[str, str]:
        return self.replay.end_words()


class Replay:
    """The replay on the board, if any (:attr:`request`)."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.request: ReplayRequest | None = None
        self.speed = 1.0

    @property
    def active(self) -> bool:
        return self.request is not None

    @property
    def playing(self) -> bool:
        return self.active and isinstance(self.screen.autoplay.demo_player, ReplayLine)

    def begin(self, request: ReplayRequest) -> None:
        """Show ``request`` (the app has put its start on the board)."""
        self.request = request
        self.speed = request.speed
        self.screen.say(request.title)
        if request.paused:
            self.screen.refresh_board()
        else:
            self.play()

    def end(self) -> None:
        """No replay any more (left, or taken over)."""
        self.screen.autoplay.stop_demo(quiet=True)
        self.request = None
        self.screen.refresh_bindings()

    # ------------------------------------------------------------------ where it stands

    @property
    def at(self) -> int:
        """How many of the moves are on the table."""
        return len(self.screen.game.history)

    def moves_left(self) -> list[str]:
        assert self.request is not None
        return self.request.moves[self.at:]

    def end_words(self) -> tuple[str, str]:
        """What the replay says at the end of its moves (and how: a bad move is a warning)."""
        request = self.request
        if request is None:
            return "", "information"
        if request.problem:
            return f"{request.name} stopped: {request.problem}", "error"
        game = self.screen.game
        if game.status == WON:
            return f"{request.name}: won in {self.at} moves", "information"
        return (f"{request.name}: the end, {self.at} moves ({request.result or game.status})",
                "information")

    def say_end(self) -> None:
        """The game on the board ended (won, or no move left): say so."""
        if self.active:
            self.screen.say(*self.end_words())

    def info(self) -> str:
        """The line above the board: where the replay is, how fast it goes."""
        assert self.request is not None
        n = len(self.request.moves)
        state = f"{self.speed:g} moves/s" if self.playing else "paused"
        return f"{self.request.name}: move {self.at}/{n}, {state}"

    # ------------------------------------------------------------------ the keys

    def play(self) -> None:
        if self.request is None:
            return
        if not self.moves_left():
            words, severity = self.end_words()
            self.screen.say(words, severity)
            return
        self.screen.autoplay.play(ReplayLine(self), self.request.name, "", 1.0 / self.speed)
        self.screen.say(self.info())

    def pause(self) -> None:
        if self.playing:
            self.screen.autoplay.stop_demo(quiet=True)
            self.screen.say(self.info())
            self.screen.refresh_board()

    def toggle(self) -> None:
        if self.playing:
            self.pause()
        else:
            self.play()

    def step(self, by: int) -> None:
        """One move on (``by`` 1) or back (-1), stopping the play."""
        self.pause()
        screen = self.screen
        if by < 0:
            if self.at == 0:
                screen.say("This is the start: no move before it")
                return
            screen.perform("undo")
        else:
            left = self.moves_left()
            if not left:
                words, severity = self.end_words()
                screen.say(words, severity)
                return
            try:
                move = screen.game.resolve(left[0])
            except IllegalMove as e:  # never so: the request's moves were played through
                screen.say(f"{self.request.name} stopped: {e}", "error")  # type: ignore[union-attr]
                return
            screen.perform("deal" if move.is_deal else "move", move)
            if not self.moves_left():
                words, severity = self.end_words()
                screen.say(words, severity)
                return
        screen.say(self.info())

    def change_speed(self, factor: float) -> None:
        self.speed = min(MAX_SPEED, max(MIN_SPEED, self.speed * factor))
        if self.playing:
            self.screen.autoplay.stop_demo(quiet=True)
            self.play()
        else:
            self.screen.say(f"Speed: {self.speed:g} moves/s")
