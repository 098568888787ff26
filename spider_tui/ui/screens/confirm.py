"""Asks before throwing away a game in progress."""

from __future__ import annotations

from .dialog import Dialog


class ConfirmScreen(Dialog):
    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__("Are you sure?", question, [("yes", yes, "y"), ("no", no, "n")],
                         cancel="no", dialog_id="confirm")
