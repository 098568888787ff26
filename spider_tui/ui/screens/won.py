"""The summary of a won game, and the next deal."""

from __future__ import annotations

from ...engine import Game
from ..progress import won_words
from ..widgets.status_bar import clock
from .dialog import Dialog


class WonScreen(Dialog):
    """Dismisses with ``new`` (another deal), ``choose`` (the game menu) or ``cancel``."""

    def __init__(self, game: Game) -> None:
        undos = f", {game.undos} undo{'s' if game.undos != 1 else ''}" if game.undos else ""
        body = (f"{game.rules.name}, deal {game.deal}: {won_words(game)}.\n\n"
                f"Score {game.score}    Moves {game.actions}{undos}    "
                f"Time {clock(game.elapsed)}")
        super().__init__("You won!", body,
                         [("new", "New deal", "n"), ("choose", "Choose a game", "g"),
                          ("cancel", "Look at the table", "")], dialog_id="won")
