"""A first start (no settings, no saved game): how many suits, asked once, kindly."""

from __future__ import annotations

from .dialog import Dialog

#: The answers: the answer's id (and key) -> the variant it plays.
SUITS = {"1": "spider-1suit", "2": "spider-2suit", "4": "spider-4suit"}


class SuitsScreen(Dialog):
    """Dismisses with ``1``, ``2``, ``4`` or ``cancel`` (the game dealt already is kept)."""

    def __init__(self) -> None:
        body = ("Spider is played with one, two or four suits. One suit is the gentlest way "
                "in: every run in order moves as one. Two suits ask for more care, and four "
                "suits are the classic game, and the hardest.\n\n"
                "How many would you like? The answer is remembered; the settings and the "
                "game menu change it any time.")
        super().__init__("Welcome to Spider", body,
                         [("1", "One suit", "1"), ("2", "Two suits", "2"),
                          ("4", "Four suits", "4")], dialog_id="suits")
