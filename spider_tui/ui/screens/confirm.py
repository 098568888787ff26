"""Asks before throwing away a game in progress."""

from __future__ import annotations

from ...engine import Game
from ..widgets.status_bar import clock
from .dialog import Dialog


class ConfirmScreen(Dialog):
    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__("Are you sure?", question, [("yes", yes, "y"), ("no", no, "n")],
                         cancel="no", dialog_id="confirm")


class KeepSavedScreen(Dialog):
    """The command line asked for a game while a saved one is in progress: dismisses with
    ``resume`` (keep playing the saved game; Esc too) or ``new`` (the one asked for, the
    saved one counting as a loss)."""

    def __init__(self, saved: Game, requested: Game) -> None:
        name = requested.rules.name
        if requested.house_rules:
            name += " (" + ", ".join(requested.house_rules) + ")"
        what = (f"deal {requested.deal} of {name}" if requested.deal is not None
                else f"a new deal of {name}")
        body = (f"{saved.rules.name}, deal {saved.deal}, is in progress ({saved.actions} "
                f"moves, {clock(saved.elapsed)}). Start {what} instead? The game in progress "
                "would count as a loss and end your streak.")
        super().__init__("A game is in progress", body,
                         [("resume", "Resume the saved game", "r"),
                          ("new", "Start the new one", "n")],
                         cancel="resume", dialog_id="keep-saved")
