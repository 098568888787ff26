"""What the screens may ask of the app that hosts them, as a protocol: a screen names this, never
the app's class, so that the app (which imports the screens) and the screens import no circle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..config import Config
from ..engine import Game, Move, Step


class Host(Protocol):
    """The game being played, the settings, the plugins, and the game's life."""

    game: Game
    config: Config
    #: The plugin manager (its ``catalog`` of variants, house rules, scoring schemes).
    manager: Any

    def act(self, kind: str, move: Move | None = None) -> Step:
        """Play ``kind`` ("move", "deal", "undo", "redo", "undo_all", "redo_all",
        "restart"); raises IllegalMove and changes nothing when it cannot be played."""
        ...

    def restarted(self) -> bool:
        """Was the last action a restart (an undo now takes it back)?"""
        ...

    def hint_used(self) -> None:
        """The player took help: the game is no longer one won unaided."""
        ...

    def board_covered(self, covered: bool) -> None:
        """A screen opened over the board (or the last one closed)."""
        ...

    def report_news(self) -> None:
        """Tell the player of a plugin that failed since the last look."""
        ...

    def new_deal(self, confirm: bool = True) -> None:
        """A random deal of the variant being played."""
        ...

    async def action_choose_game(self) -> None:
        """Open the game menu."""
        ...

    def history(self) -> Any:
        """The list of finished games kept, or ``None``."""
        ...

    def choose_finished(self, then: Callable[[Any], object]) -> None:
        """Open the list of finished games; ``then(request)`` with the one chosen."""
        ...

    def take_over_replay(self) -> None:
        """Play on from the replay's table as a practice game (neither saved nor counted)."""
        ...

    def leave_replay(self) -> None:
        """End the replay: back to the player's game (or quit, for ``spider-tui replay``)."""
        ...

    # Textual's App, as far as the screens use it.
    BINDINGS: Any
    screen: Any
    screen_stack: Any
    app_focus: bool

    def push_screen(self, screen: Any, callback: Any = None) -> Any: ...

    def get_key_display(self, binding: Any) -> str: ...

    def notify(self, message: str, **kwargs: Any) -> None: ...
