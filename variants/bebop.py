"""Bebop: a Python variant shipped with spider-tui.

The player never deals. What a variant file cannot say is how the stock comes in: when the last
face-up card leaves a column and only its seven face-down cards remain, those seven are turned
up and handed out, one onto each other column from the left, and the stock deals the emptied
column a fresh seven face-down cards and one face-up. ``after_move`` lists those cards; the
rest is the data's (read by the same parser as a variant file).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from typing import Any

from spider_tui.engine import RuleSet
from spider_tui.engine.piles import STOCK, Transfer
from spider_tui.plugins import hookimpl

DATA = '''
format = "spider-variant/1"
id = "bebop"
name = "Bebop"
description = "Build by rank; a column down to its face-down cards hands them out and is dealt anew."
scoring = "classic"
win = "foundations"
rules = """
Two decks on eight columns of eight cards, only the last card of each face up.

Suits do not matter on the table: a card goes onto any card one rank higher, and any run that descends by one can be lifted, suits mixed. Build eight foundations up in suit from the Ace to the King, one card at a time (two for each suit); a foundation's top card may be played back to a column.

You never deal. When the last face-up card leaves a column and only its seven face-down cards remain, they are turned face up and handed out, one onto each other column from the left, and the stock deals that column seven new face-down cards and one face-up. Once the 40-card stock is used up, such a column stays empty, and any card or run may go there.

Put all 104 cards on the foundations to win.
"""

[deck]
sets = 8
suits = ["S", "H", "D", "C"]

[layout]
columns = 8
down = 7
up = 1

[stock]
cards = 40
player_deals = false

[moves]
place = "any-suit"
lift = "any-suit"
empty = "any"

[foundations]
count = 8
base = "A"
direction = "up"
suit = "same-suit"
take_back = true

[runs]
leave = false
'''


class Bebop(RuleSet):
    def after_move(self, table: Any, move: tuple[int, int, int]) -> list[Transfer]:
        src = move[0]
        columns = table.columns
        if not 0 <= src < len(columns):
            return []
        col = columns[src]
        hidden = len(columns) - 1
        if len(col.cards) != hidden or col.down != hidden:
            return []
        plan = [Transfer(src, c.code, True) for c in columns if c.code != src]
        left = table.stock_left
        plan += [Transfer(STOCK, src, False)] * min(hidden, left)
        if left > hidden:
            plan.append(Transfer(STOCK, src, True))
        return plan

    def summary(self) -> str:
        """The help's "In short": the data's summary, with how the stock comes in (the rule
        ``after_move`` says) in place of the data's line on the stock."""
        own = ("You never deal: a column down to its seven face-down cards turns them up and "
               "hands them out, one onto each other column, and the stock deals it seven "
               "face-down cards and one face up, while the stock lasts.")
        return "\n".join(own if line.startswith("You never deal") else line
                         for line in super().summary().splitlines())


BEBOP = Bebop.from_dict(tomllib.loads(DATA), source="spider-tui: bebop.py")


@hookimpl
def register_variants(register: Callable[[Any], None]) -> None:
    register(BEBOP)
