"""How cards go on one another: the building and lifting phrases a variant file writes, and the
card-by-card foundations.

A *phrase* names a rank relation and a suit relation: ``"down same-suit"`` (one rank lower, of
the same suit), ``"same-rank"`` (any suit), ``"up-or-down same-suit"``, ``"lower same-suit"``.
Either part may be left out: the rank relation is ``down`` and the suit relation ``any-suit``
unless said. A rule may list several phrases; a card follows another when one of them allows it
(``["same-rank", "down same-suit"]``: Curds and Whey). Ranks wrap (a King goes on an Ace in a
descending build) where the rule set says so.

This module is pure data and arithmetic: :class:`~spider_tui.engine.rules.RuleSet` turns phrases
into its rule methods, which the engine evaluates once per pair of cards.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from .cards import ACE, KING, RANK, RANK_NAMES, RED, SUIT, SUIT_NAMES
from .text import did_you_mean

#: Rank relations: how the rank of a card placed (or lying) on another relates to that one's.
RANK_RELATIONS = {
    "down": "one rank lower",
    "up": "one rank higher",
    "same-rank": "of the same rank",
    "down-by-two": "two ranks lower",
    "up-or-down": "one rank higher or lower",
    "lower": "of any lower rank",
}
#: Suit relations between the two cards.
SUIT_RELATIONS = {
    "any-suit": "of any suit",
    "same-suit": "of the same suit",
    "same-colour": "of the same colour",
    "other-colour": "of the other colour",
    "other-suit": "of another suit",
}
SUIT_ALIASES = {"alternate-colour": "other-colour", "alternate-colours": "other-colour",
                "same-color": "same-colour", "other-color": "other-colour",
                "alternate-color": "other-colour", "any-suit-but-own": "other-suit"}
#: Lifting rules that are not phrases: any face-up card with everything on it (Scorpion,
#: Yukon), or one card at a time.
LIFT_SPECIAL = {"any": "any face-up card may be lifted with every card on it",
                "single": "cards are lifted one at a time"}
EMPTY_RULES = {
    "any": "any card or liftable run may go into an empty column",
    "king": "only a King, or a run headed by one, may go into an empty column",
    "ace": "only an Ace, or a run headed by one, may go into an empty column",
    "none": "nothing may go into an empty column",
}


@dataclass(frozen=True)
class Relation:
    rank: str = "down"
    suit: str = "any-suit"

    @property
    def phrase(self) -> str:
        return f"{self.rank} {self.suit}"


def parse_phrase(text: Any) -> Relation:
    """The relation a phrase names; :class:`ValueError` says what is wrong with it."""
    if not isinstance(text, str):
        raise ValueError(f"{shown_value(text)} is not a phrase such as \"down same-suit\"")
    words = text.strip().lower().split()
    rank = suit = None
    for w in words:
        w = SUIT_ALIASES.get(w, w)
        if w in RANK_RELATIONS and rank is None:
            rank = w
        elif w in SUIT_RELATIONS and suit is None:
            suit = w
        else:
            where = "" if len(words) == 1 else f"{shown_value(text)}: "
            raise ValueError(
                f"{where}{shown_value(w)} is not one of {', '.join(SUIT_RELATIONS)}, nor a rank "
                f"relation ({', '.join(RANK_RELATIONS)})"
                + did_you_mean(w, [*SUIT_RELATIONS, *RANK_RELATIONS, *SUIT_ALIASES]))
    if not words:
        raise ValueError("an empty phrase: write a rank and/or a suit relation, e.g. \"down\"")
    return Relation(rank or "down", suit or "any-suit")


def phrases(value: Any) -> tuple[Relation, ...]:
    """One phrase or a list of them; :class:`ValueError` names the first bad one."""
    items = value if isinstance(value, (list, tuple)) else [value]
    if not items:
        raise ValueError("an empty list: name at least one phrase")
    return tuple(parse_phrase(v) for v in items)


def shown_value(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:39] + "…'"


def rank_ok(rel: str, lower: int, upper: int, wrap: bool) -> bool:
    """Does rank ``lower`` (the card placed, or lying on top) relate to ``upper`` (the card
    under it) as ``rel`` says?"""
    if rel == "down":
        return upper == lower + 1 or (wrap and upper == ACE and lower == KING)
    if rel == "up":
        return upper == lower - 1 or (wrap and upper == KING and lower == ACE)
    if rel == "same-rank":
        return upper == lower
    if rel == "down-by-two":
        return upper == lower + 2 or (wrap and (upper - lower) % 13 == 2)
    if rel == "up-or-down":
        return rank_ok("down", lower, upper, wrap) or rank_ok("up", lower, upper, wrap)
    if rel == "lower":
        return lower < upper
    raise ValueError(rel)


def suit_ok(rel: str, a: int, b: int) -> bool:
    if rel == "same-suit":
        return SUIT[a] == SUIT[b]
    if rel == "same-colour":
        return RED[a] == RED[b]
    if rel == "other-colour":
        return RED[a] != RED[b]
    if rel == "other-suit":  # any suit but its own (PySolFC's Indian)
        return SUIT[a] != SUIT[b]
    return True


def follows(rels: Sequence[Relation], lower: int, upper: int, wrap: bool) -> bool:
    """May card ``lower`` lie on card ``upper`` under one of ``rels``?"""
    for r in rels:
        if rank_ok(r.rank, RANK[lower], RANK[upper], wrap) and suit_ok(r.suit, lower, upper):
            return True
    return False


def _rank_word(rank: int) -> str:
    return RANK_NAMES[rank]


def article(rank: int) -> str:
    return "an" if rank in (ACE, 8) else "a"


def wanted(rels: Sequence[Relation], onto: int, wrap: bool) -> str:
    """What a card must be to go onto ``onto`` under ``rels``, in a player's words ("a 6",
    "a 6 of spades", "a red 6 or a 7")."""
    out = []
    for r in rels:
        ranks = [x for x in range(1, 14) if rank_ok(r.rank, x, RANK[onto], wrap)]
        if not ranks:
            continue
        if r.rank == "lower":
            what = "a lower card"
        else:
            what = " or ".join(f"{article(x)} {_rank_word(x)}" for x in ranks)
        if r.suit == "same-suit":
            what += f" of {SUIT_NAMES[SUIT[onto]]}"
        elif r.suit == "same-colour":
            what = what.replace(" ", " red " if RED[onto] else " black ", 1)
        elif r.suit == "other-colour":
            what = what.replace(" ", " black " if RED[onto] else " red ", 1)
        elif r.suit == "other-suit":
            what += f" not of {SUIT_NAMES[SUIT[onto]]}"
        out.append(what)
    return " or ".join(dict.fromkeys(out))


def describe(rels: Sequence[Relation], what: str) -> str:
    """Phrases as a sentence: ``what`` goes onto a card one rank higher, of the same suit."""
    parts = []
    for r in rels:
        rank = RANK_RELATIONS[r.rank]
        # "a card goes onto a card one rank higher": the relation is stated from the card below
        rank = {"one rank lower": "one rank higher", "one rank higher": "one rank lower",
                "two ranks lower": "two ranks higher",
                "of any lower rank": "of any higher rank"}.get(rank, rank)
        parts.append(f"a card {rank} {SUIT_RELATIONS[r.suit]}")
    return f"{what} goes onto " + ", or onto ".join(parts)


# --------------------------------------------------------------------- foundations


@dataclass(frozen=True)
class FoundationGroup:
    """Foundations built one card at a time: ``count`` piles, each starting with a card of rank
    ``base`` and going ``up`` (or down) by one under the suit relation ``suit``, ``wrap``
    around from King to Ace, at most 13 cards; ``take_back``: its top card may be played
    again; ``dealt``: the cards each pile is dealt at the start, from its base card on in its
    own order (1: the base card alone, the Aces of San Juan Hill), taken out of the shuffled
    deck before the rest is dealt (:func:`~spider_tui.engine.kinds.foundations.dealt_home`
    says which)."""

    count: int = 4
    base: int = ACE
    up: bool = True
    suit: str = "same-suit"
    wrap: bool = False
    take_back: bool = False
    #: The suit each pile's first card must have, one per pile in turn (cycled); () any.
    suits: tuple[int, ...] = ()
    dealt: int = 0

    def pile(self, j: int) -> FoundationGroup:
        """The rules of the group's pile ``j`` (its own base suit, when the group has them)."""
        if not self.suits:
            return self
        return dataclasses.replace(self, count=1, suits=(self.suits[j % len(self.suits)],))

    def takes(self, card: int, top: int | None, size: int) -> bool:
        if top is None:
            return RANK[card] == self.base and (not self.suits or SUIT[card] == self.suits[0])
        if size >= 13:
            return False
        r = RANK[card]
        want = RANK[top] + (1 if self.up else -1)
        if self.wrap:
            want = (want - 1) % 13 + 1
        return r == want and suit_ok(self.suit, card, top)

    def needs(self, top: int | None) -> str:
        """What the foundation takes next, in a player's words."""
        if top is None:
            first = f"{article(self.base)} {RANK_NAMES[self.base]}"
            return f"{first} of {SUIT_NAMES[self.suits[0]]}" if len(self.suits) == 1 else first
        want = RANK[top] + (1 if self.up else -1)
        if self.wrap:
            want = (want - 1) % 13 + 1
        if not 1 <= want <= 13:
            return "nothing more"
        what = f"{article(want)} {RANK_NAMES[want]}"
        if self.suit == "same-suit":
            return f"{what} of {SUIT_NAMES[SUIT[top]]}"
        if self.suit == "other-colour":
            return what.replace(" ", " black " if RED[top] else " red ", 1)
        if self.suit == "same-colour":
            return what.replace(" ", " red " if RED[top] else " black ", 1)
        if self.suit == "other-suit":
            return f"{what} not of {SUIT_NAMES[SUIT[top]]}"
        return what

    def summary(self) -> str:
        way = "up" if self.up else "down"
        n = f"{self.count} foundation{'s' if self.count != 1 else ''}"
        back = "; a foundation's top card may be played back" if self.take_back else ""
        if self.dealt:
            first = "card" if self.dealt == 1 else f"{self.dealt} cards"
            back = f"; each is dealt its first {first} at the start" + back
        base = f"{article(self.base)} {RANK_NAMES[self.base]}"
        if self.suits:
            base += (" of " + ", ".join(SUIT_NAMES[x] for x in self.suits)
                     + (" in turn" if self.count > 1 else ""))
        return (f"{n} built {way} from {base}, "
                f"{SUIT_RELATIONS[self.suit].replace('of ', 'in ', 1)}"
                f"{', wrapping' if self.wrap else ''}, one card at a time{back}")



def whole(v: Any) -> TypeGuard[int]:
    """``v`` is a whole number (an ``int``, not a ``bool``)."""
    return isinstance(v, int) and not isinstance(v, bool)


def _key(k: Any) -> str:
    text = str(k)
    return text if len(text) <= 30 else text[:29] + "…"

