"""Scorpion Towers: a Python variant shipped with spider-tui.

What a variant file cannot say is its rule for empty columns: only a King (or a run headed by
one) fills an empty column until four columns have a King as their bottom card; from then on
any card or run may. ``move_refusal`` sees the whole table and says so; everything else is the
data's (read by the same parser as a variant file).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from typing import Any

from spider_tui.engine import RuleSet
from spider_tui.engine.cards import KING, RANK, glyph
from spider_tui.engine.piles import COLUMN
from spider_tui.plugins import hookimpl

DATA = '''
format = "spider-variant/1"
id = "scorpion-towers"
name = "Scorpion Towers"
description = "Build in suit with four free cells; Kings fill spaces until four columns rest on a King."
scoring = "classic"
win = "columns"
rules = """
One deck dealt face up on ten columns of five cards; the last two cards go into free cells 2 and 3. There is no stock.

Build down in suit: a card goes onto the card one rank higher of its own suit, and a run can be lifted when it is one suit and descends by one. A free cell holds any one card; its card may go back to a column where it fits.

Only a King, or a run headed by one, may go into an empty column, until four columns have a King as their bottom card: from then on any card or run may.

Nothing leaves the table: you win when the cells are empty and every column that is not empty holds exactly one King-to-Ace run of one suit.
"""

[deck]
sets = 4
suits = ["S", "H", "D", "C"]

[layout]
columns = 10
up = 5

[cells]
count = 4
dealt = [0, 1, 1, 0]

[stock]
cards = 0

[moves]
place = "same-suit"
lift = "same-suit"
empty = "any"

[runs]
complete = "same-suit"
'''

#: Columns that must rest on a King before any card may fill an empty one.
KING_TOWERS = 4


class ScorpionTowers(RuleSet):
    def move_refusal(self, table: Any, source: Any, cards: tuple[int, ...],
                     target: Any) -> str | None:
        if (target is not None and target.kind == COLUMN and target.is_empty
                and RANK[cards[0]] != KING):
            towers = sum(1 for c in table.columns if c.cards and RANK[c.cards[0]] == KING)
            if towers < KING_TOWERS:
                return (f"only a King can go into an empty column, not {glyph(cards[0])}, "
                        f"until {KING_TOWERS} columns rest on a King ({towers} do now)")
        return super().move_refusal(table, source, cards, target)

    def summary(self) -> str:
        """The help's "In short": the data's summary, with the rule ``move_refusal`` adds for
        empty columns in place of the data's."""
        return "\n".join(
            f"Only a King, or a run headed by one, may go into an empty column until "
            f"{KING_TOWERS} columns rest on a King; then any card or liftable run may."
            if "empty column" in line else line for line in super().summary().splitlines())


SCORPION_TOWERS = ScorpionTowers.from_dict(tomllib.loads(DATA),
                                           source="spider-tui: scorpion_towers.py")


@hookimpl
def register_variants(register: Callable[[Any], None]) -> None:
    register(SCORPION_TOWERS)
