"""Trapdoor Spider: a Python variant shipped with spider-tui.

Its deal is what a variant file cannot say: each of the ten reserves (one under each column)
first drops its card onto its own column, whatever lies there, then the stock refills the
reserves. ``deal_plan`` lists those cards; the rest is the data's (read by the same parser as a
variant file).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from typing import Any

from spider_tui.engine import RuleSet
from spider_tui.engine.piles import RESERVE, STOCK, Transfer
from spider_tui.plugins import hookimpl

DATA = '''
format = "spider-variant/1"
id = "trapdoor-spider"
name = "Trapdoor Spider"
description = "Spider with a reserve card under each column; a deal drops them onto their columns."
scoring = "classic"
rules = """
Two decks on ten columns of 5, 4, 4, 5, 4, 4, 5, 4, 4 and 5 cards, only the last card of each face up. Under each column lies a reserve holding one face-up card.

Spider's building: a card, or a run you can lift, goes onto any card one rank higher; a run of one suit descending by one can be lifted. Any card or liftable run may go into an empty column. A reserve card may be played to a column where it fits; nothing is ever put on a reserve.

You may deal at any time: each reserve card still there first falls onto its own column (whatever lies there), then ten stock cards refill the reserves. After the fifth deal the reserve cards stay until you play them.

A complete King-to-Ace run of one suit leaves the table by itself. Remove the eight runs to win.
"""

[deck]
sets = 8
suits = ["S", "H", "D", "C"]

[layout]
columns = 10
down = [4, 3, 3, 4, 3, 3, 4, 3, 3, 4]
up = 1

[reserves]
count = 10
dealt = 1

[stock]
cards = 50
deal = 10
needs_full_columns = false

[moves]
place = "any-suit"
lift = "same-suit"
empty = "any"
'''


class TrapdoorSpider(RuleSet):
    def deal_plan(self, table: Any) -> list[Transfer]:
        reserves = table.reserves
        plan = [Transfer(r.code, r.index, True) for r in reserves if r.cards]
        plan += [Transfer(STOCK, RESERVE + j, True)
                 for j in range(min(table.stock_left, len(reserves)))]
        return plan

    def summary(self) -> str:
        """The help's "In short": the data's summary and what a deal does (``deal_plan``)."""
        return super().summary().replace(
            "You may deal while columns are empty.",
            "You may deal while columns are empty: each reserve card still there falls onto "
            "its own column, then the stock refills the reserves, one card each.")


TRAPDOOR_SPIDER = TrapdoorSpider.from_dict(tomllib.loads(DATA),
                                           source="spider-tui: trapdoor_spider.py")


@hookimpl
def register_variants(register: Callable[[Any], None]) -> None:
    register(TRAPDOOR_SPIDER)
