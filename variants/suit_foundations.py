"""Cicely and Rouge et Noir: Python variants shipped with spider-tui.

Both have foundations built card by card that a variant file can describe, except for one thing:
each foundation belongs to a suit. In Cicely each suit has one foundation built up from its Ace
and one built down from its King; in Rouge et Noir four foundations start with the Ace of their
own suit and go on up in alternate colours. With two decks a variant file's foundations would
take any suit's Ace (two Aces of spades could start two piles). ``move_refusal`` adds the suit
of each foundation; everything else is the data's (read by the same parser as a variant file).
"""

from __future__ import annotations

import tomllib
from typing import Any, Callable

from spider_tui.engine import RuleSet
from spider_tui.engine.cards import SUIT, SUIT_NAMES, glyph
from spider_tui.engine.piles import FOUNDATION_KIND
from spider_tui.plugins import hookimpl

CICELY = '''
format = "spider-variant/1"
id = "cicely"
name = "Cicely"
description = "Eight free cells, columns built up or down in suit, foundations up and down."
scoring = "classic"
win = "foundations"
rules = """
Two decks: eight columns of four face-up cards, and eight free cells holding one card each.

Cards move one at a time. A card goes onto the card one rank higher or one rank lower of its own suit. Any card may go into an empty column. A free cell holds any one card; its card may go to a column or a foundation where it fits.

Each suit has two foundations, built one card at a time: one up from the Ace to the King (foundations 1 to 4: spades, hearts, diamonds, clubs) and one down from the King to the Ace (foundations 5 to 8, in the same order). A foundation's top card may be played back. Put all 104 cards on the foundations to win.

You may deal at any time: a deal puts four cards on every column. The 64-card stock gives two deals.
"""

[deck]
sets = 8
suits = ["S", "H", "D", "C"]

[layout]
columns = 8
up = 4

[cells]
count = 8
dealt = 1

[stock]
cards = 64
deal = 8
rows = 4
needs_full_columns = false

[moves]
place = "up-or-down same-suit"
lift = "single"
empty = "any"

[[foundations]]
count = 4
base = "A"
direction = "up"
suit = "same-suit"
take_back = true

[[foundations]]
count = 4
base = "K"
direction = "down"
suit = "same-suit"
take_back = true

[runs]
leave = false
'''

ROUGE_ET_NOIR = '''
format = "spider-variant/1"
id = "rouge-et-noir"
name = "Rouge et Noir"
description = "Alternate colours; two foundation systems: card by card from the Ace, and whole runs."
scoring = "classic"
win = "foundations"
rules = """
Two decks on ten columns of 8, 7, 6, 5, 4, 3, 2, 1, 1 and 0 cards, only the last card of each face up: column 10 starts empty.

A card goes onto a card one rank higher of the other colour (red on black, black on red), and a run can be lifted when it alternates colours and descends by one. Only a King, or a run headed by one, may go into an empty column.

Two foundation systems take all the cards. Foundations 1 to 4 start with the Ace of spades, hearts, diamonds and clubs and go up one card at a time in alternating colours (A♠ 2♥ 3♣ ...) to the King. Beside them, a complete King-to-Ace run in alternating colours (suits may differ) leaves the table by itself, for the four foundations that take whole runs. Nothing comes back from a foundation. Put all 104 cards away to win.

You may deal at any time, even with empty columns: the 67-card stock deals 10 cards six times, then the last 7 onto columns 1 to 7.
"""

[deck]
sets = 8
suits = ["S", "H", "D", "C"]

[layout]
columns = 10
down = [7, 6, 5, 4, 3, 2, 1, 0, 0, 0]
up = [1, 1, 1, 1, 1, 1, 1, 1, 1, 0]

[stock]
cards = 67
deal = 10
needs_full_columns = false

[moves]
place = "other-colour"
lift = "other-colour"
empty = "king"

[foundations]
count = 4
base = "A"
direction = "up"
suit = "other-colour"

[runs]
complete = "other-colour"
'''


class SuitFoundations(RuleSet):
    """Foundation ``j`` belongs to suit ``j % 4`` (spades, hearts, diamonds, clubs). With
    ``base_only`` only the card that starts it must be of that suit (Rouge et
    Noir's foundations then go on in alternate colours); otherwise every card must."""

    #: Only the first card of a foundation must be of its suit.
    base_only = False

    def move_refusal(self, table: Any, source: Any, cards: tuple[int, ...],
                     target: Any) -> str | None:
        if target is not None and target.kind == FOUNDATION_KIND and len(cards) == 1:
            suit = target.index % 4
            if SUIT[cards[0]] != suit and not (self.base_only and target.cards):
                whose = "starts with" if self.base_only else "takes"
                return (f"{glyph(cards[0])} cannot go onto foundation {target.index + 1}: it "
                        f"{whose} {SUIT_NAMES[suit]} only")
        return super().move_refusal(table, source, cards, target)


class Cicely(SuitFoundations):
    pass


class RougeEtNoir(SuitFoundations):
    base_only = True


CICELY_RULES = Cicely.from_dict(tomllib.loads(CICELY), source="spider-tui: suit_foundations.py")
ROUGE_ET_NOIR_RULES = RougeEtNoir.from_dict(tomllib.loads(ROUGE_ET_NOIR),
                                            source="spider-tui: suit_foundations.py")


@hookimpl
def register_variants(register: Callable[[Any], None]) -> None:
    register(CICELY_RULES)
    register(ROUGE_ET_NOIR_RULES)
