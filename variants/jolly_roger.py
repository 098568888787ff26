"""The Jolly Roger: a Python variant shipped with spider-tui.

Its runs cannot be said in a variant file: cards build down by twos (a 5 onto a 7, any suit),
an Ace goes only onto an Ace, and two kinds of run leave the table, six cards of one suit
stepping down by two (K J 9 7 5 3 or Q 10 8 6 4 2) and four Aces of one colour. The data
(deck, layout, stock) is a variant file's, read by the same parser; the methods say the rest.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from typing import Any

from spider_tui.engine import RuleSet
from spider_tui.engine.cards import ACE, KING, QUEEN, RANK, RANK_NAMES, RED, SUIT, glyph
from spider_tui.plugins import hookimpl

DATA = '''
format = "spider-variant/1"
id = "jolly-roger"
name = "The Jolly Roger"
description = "Build down by twos; runs of six by twos and groups of four Aces leave the table."
scoring = "classic"
win = "foundations"
rules = """
Two decks dealt face up on thirteen columns of three cards.

Build down by twos, whatever the suit: a card goes onto a card two ranks higher (5 onto 7, Jack onto King). An Ace goes only onto an Ace, of any suit, and nothing but an Ace goes onto an Ace. Any card or group may go into an empty column.

You can lift a run of one suit stepping down by two (9♠ 7♠ 5♠), but not one that ends in an Ace; or a group of Aces of one colour.

Two kinds of run leave the table by themselves: six cards of one suit stepping down by two, K J 9 7 5 3 or Q 10 8 6 4 2, and four Aces of one colour. Clear all 104 cards so (sixteen runs of six and two groups of Aces) to win.

The 65-card stock deals a card onto every column, five times; you may deal at any time, even with empty columns.
"""

[deck]
sets = 8
suits = ["S", "H", "D", "C"]

[layout]
columns = 13
up = 3

[stock]
cards = 65
deal = 13
needs_full_columns = false

[moves]
empty = "any"
'''


class JollyRoger(RuleSet):
    @property
    def run_lengths(self) -> tuple[int, ...]:
        return (6, 4)

    def links(self, upper: int, lower: int) -> bool:
        if RANK[upper] == ACE:
            return RANK[lower] == ACE and RED[lower] == RED[upper]
        return (RANK[lower] != ACE and SUIT[lower] == SUIT[upper]
                and RANK[lower] == RANK[upper] - 2)

    def why_not_linked(self, upper: int, lower: int) -> str:
        pair = f"{glyph(upper)} {glyph(lower)}"
        if RANK[upper] == ACE or RANK[lower] == ACE:
            if RANK[upper] == ACE and RANK[lower] == ACE:
                return f"{pair}: Aces are lifted together only when they are one colour"
            return f"{pair}: a run that ends in an Ace cannot be lifted"
        if RANK[lower] != RANK[upper] - 2:
            return f"{pair} does not step down by two"
        return f"{pair} is not one suit"

    def accepts(self, moving: int, onto: int) -> bool:
        if RANK[moving] == ACE:
            return RANK[onto] == ACE
        return RANK[onto] == RANK[moving] + 2

    def why_not_accepted(self, moving: int, onto: int) -> str:
        head = f"{glyph(moving)} cannot go onto {glyph(onto)}"
        if RANK[onto] == ACE:
            return f"{head}: only an Ace goes onto an Ace"
        if RANK[moving] == ACE:
            return f"{head}: an Ace goes only onto an Ace"
        need = RANK[onto] - 2
        if need < 2:
            return f"nothing goes onto {glyph(onto)}: cards build down by twos, and an Ace " \
                   f"goes only onto an Ace"
        article = "an" if need == 8 else "a"
        return f"{head}: build down by twos (it takes {article} {RANK_NAMES[need]})"

    def is_complete(self, run: Sequence[int]) -> bool:
        if len(run) == 4:
            return all(RANK[c] == ACE and RED[c] == RED[run[0]] for c in run)
        if len(run) == 6 and RANK[run[0]] in (KING, QUEEN):
            return all(SUIT[c] == SUIT[run[0]] and RANK[c] == RANK[run[0]] - 2 * i
                       for i, c in enumerate(run))
        return False

    def summary(self) -> str:
        """The help's "In short": the data's table and deals, and the card rules the methods
        above say in place of the data's."""
        table, *rest = super().summary().splitlines()
        deals = [line for line in rest if "deal" in line]
        return "\n".join([
            table,
            "A card goes onto a card two ranks higher, any suit (5 onto 7); an Ace goes only "
            "onto an Ace, and only an Ace onto an Ace.",
            "A run of one suit stepping down by two can be lifted, unless it ends in an Ace; so "
            "can Aces of one colour.",
            "Any card or group may go into an empty column.",
            *deals,
            "Six cards of one suit stepping down by two (K J 9 7 5 3 or Q 10 8 6 4 2), and four "
            "Aces of one colour, leave the table by themselves: clear every card to win."])


JOLLY_ROGER = JollyRoger.from_dict(tomllib.loads(DATA), source="spider-tui: jolly_roger.py")


@hookimpl
def register_variants(register: Callable[[Any], None]) -> None:
    register(JOLLY_ROGER)
