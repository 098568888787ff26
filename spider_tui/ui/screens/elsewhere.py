"""Another spider-tui has the saved game open: play a new game here (not saved), take the saved
game over (the other one then saves its game aside), or quit."""

from __future__ import annotations

from .dialog import Dialog


class ElsewhereScreen(Dialog):
    """Dismisses with ``new``, ``take`` or ``quit`` (Escape: ``new``)."""

    def __init__(self, who: str) -> None:
        """``who``: "another spider-tui (pid 4242)"."""
        body = (f"A game is already open in {who}, which saves it as it is played.\n\n"
                "New game: play here without saving (that game stays as it is).\n"
                "Take over: resume the saved game here; the other window then saves its game "
                "to a file beside it, never over this one.")
        super().__init__("Already open", body,
                         [("new", "New game", "n"), ("take", "Take over", "t"),
                          ("quit", "Quit", "q")], cancel="new", dialog_id="elsewhere")
