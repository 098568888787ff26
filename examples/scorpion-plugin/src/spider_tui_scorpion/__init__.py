"""Scorpion as a Python variant plugin: the worked example of a third-party plugin package.

spider-tui ships Scorpion itself as a variant file (``variants/scorpion.toml``: ``lift = "any"``
and ``empty = "king"`` say it). This package plays the same game written the other way, to show
how a plugin overrides ``RuleSet`` methods and registers through an entry point: any face-up
card may be lifted together with every card on top of it, ordered or not, and only a King (or a
group headed by one) may fill an empty column. It registers as ``scorpion-example`` (the id
``scorpion`` is the shipped game's). Building is down in suit only; the three-card stock is
dealt onto columns 1 to 3, and the deal is allowed while columns are empty.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spider_tui.engine import RuleSet
from spider_tui.engine.cards import KING, RANK, SUIT, glyph
from spider_tui.plugins import hookimpl

__version__ = "1.0.0"

RULES = """\
Build four runs of one suit from King down to Ace on seven columns of seven cards. Columns 1 to 4 \
start with their first three cards face down; every other card is face up.

Build down in suit only: a card goes onto the card one rank higher of its own suit. Nothing goes \
onto an Ace.

Any face-up card may be moved together with every card on top of it, in order or not.

Only a King, or a group headed by a King, may go into an empty column.

The three stock cards are dealt, all at once, onto columns 1 to 3; you may deal while columns are \
empty. A complete King-to-Ace run of one suit leaves the table by itself."""


class Scorpion(RuleSet):
    def links(self, upper: int, lower: int) -> bool:
        return True  # every face-up card carries the cards on top of it

    def why_not_linked(self, upper: int, lower: int) -> str:  # pragma: no cover - never unlinked
        return "that card is face down"

    def accepts(self, moving: int, onto: int) -> bool:
        return SUIT[moving] == SUIT[onto] and RANK[onto] == RANK[moving] + 1

    def accepts_in_empty(self, moving: int) -> bool:
        return RANK[moving] == KING

    def why_not_in_empty(self, moving: int) -> str:
        return f"only a King can go into an empty column, not {glyph(moving)}"

    def summary(self) -> str:
        """The help's "In short": the data's lines, with the lifting rule ``links`` says."""
        return "\n".join(
            "Any face-up card can be lifted with every card on it, in order or not."
            if "lifted" in line else line for line in super().summary().splitlines())


SCORPION = Scorpion(
    id="scorpion-example",
    name="Scorpion (plugin example)",
    description=("Build down in suit; move any face-up card with everything on it; "
                 "Kings fill spaces."),
    rules_text=RULES,
    deck=(0, 1, 2, 3),
    layout=((3, 4),) * 4 + ((0, 7),) * 3,
    deal_size=3,
    deal_needs_full=False,
    place="same-suit",
    lift="any-suit",
    empty="king",
    scoring="classic",
    source="spider-tui-scorpion",
)


@hookimpl
def register_variants(register: Callable[[Any], None]) -> None:
    register(SCORPION)
