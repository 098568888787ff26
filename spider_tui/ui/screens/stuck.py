"""No move and no deal is left: say so, offer undo or a new deal."""

from __future__ import annotations

from ...engine import Game
from ..progress import progress_words
from .dialog import Dialog


class StuckScreen(Dialog):
    """Dismisses with ``undo``, ``review`` (where was it lost), ``new`` or ``cancel``."""

    # Four answers: each button as wide as its words, so that all fit in the dialog.
    DEFAULT_CSS = "StuckScreen .dialog-buttons Button { min-width: 0; }"

    def __init__(self, game: Game) -> None:
        body = (f"No move is left and the stock cannot deal: this game is stuck with "
                f"{progress_words(game)}.\n\n"
                "Undo a few moves and try another line, or start a new deal. Or ask where it was "
                "lost: the last move a win still existed from, and the line that would have "
                "won.")
        super().__init__("Stuck", body,
                         [("undo", "Undo", "u"), ("review", "Where lost?", "w"),
                          ("new", "New deal", "n"),
                          ("cancel", "Close", "")], dialog_id="stuck")
