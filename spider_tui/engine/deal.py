"""Seeded deals that are the same on every machine, Python version and release.

Python's ``random`` module is not used: its shuffling algorithm is not promised to stay the same.
The deal number seeds SplitMix64, and a Fisher-Yates shuffle draws from it by rejection sampling,
so a deal depends on nothing but the number and the variant's deck and layout. Tests pin the
first cards of known deals; changing anything here breaks every deal number players have shared.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from .answers import layout_problem
from .rules import RuleSet
from .text import quoted

_M64 = (1 << 64) - 1
MAX_DEAL = (1 << 63) - 1


def splitmix64(seed: int) -> Iterator[int]:
    x = seed & _M64
    while True:
        x = (x + 0x9E3779B97F4A7C15) & _M64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        yield z ^ (z >> 31)


def shuffled(cards: list[int], seed: int) -> list[int]:
    out = list(cards)
    rng = splitmix64(seed)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            z = next(rng)
            if z < limit:
                break
        j = z % n
        out[i], out[j] = out[j], out[i]
    return out


class Table(NamedTuple):
    """A deal's starting table: the columns (and how many cards of each cannot be played yet,
    and which of those lie face up under face-down ones), the other piles in table order, and
    the stock (its first card dealt first)."""

    cols: list[list[int]]
    down: list[int]
    stock: list[int]
    extra: list[list[int]]
    shown: list[list[int]] | None


def shuffled_deck(rules: RuleSet, deal: int) -> list[int]:
    """The deck of ``rules`` shuffled for deal number ``deal``: all cards together, or (with
    ``shuffle = "separate"``) each deck on its own, the decks stacked."""
    cards = rules.deck_cards()
    if rules.shuffle != "separate":
        return shuffled(cards, deal)
    by_suit: dict[int, list[list[int]]] = {}
    for i, s in enumerate(rules.deck):
        by_suit.setdefault(s, []).append(cards[13 * i:13 * i + 13])
    decks = max(len(sets) for sets in by_suit.values())
    out: list[int] = []
    for j in range(decks):
        one = [c for sets in by_suit.values() if j < len(sets) for c in sets[j]]
        out += shuffled(one, (deal << 8) + j)
    return out


def table(rules: RuleSet, deal: int) -> Table:
    """The starting table of deal number ``deal``.

    The cards the foundations start with (:attr:`RuleSet.home_cards`: the Aces of San Juan
    Hill) are taken out of the shuffled deck first, each the first copy of it there; the rest is
    dealt as a person deals: row by row across the columns (each card face down or up as the
    rule set's faces say), then into the free cells, the reserves and the waste as many cards
    as each is dealt; what is left is the stock, its first card dealt first.
    """
    if not isinstance(deal, int) or isinstance(deal, bool) or not 0 <= deal <= MAX_DEAL:
        raise ValueError(f"a deal number is a whole number from 0 to {MAX_DEAL}, not "
                         f"{quoted(deal)}")
    problem = layout_problem(rules, rules.initial_layout())
    faces = rules.initial_faces()
    if problem is None and rules.dealt_size > 13 * len(rules.deck):
        problem = (f"the table is dealt {rules.dealt_size} cards but the deck has only "
                   f"{13 * len(rules.deck)}")
    home: Sequence[Sequence[int]] = ()
    if problem is None:
        try:
            home = rules.home_cards
        except ValueError as e:
            problem = str(e.args[-1])
    if problem is not None:
        raise ValueError(f"variant {rules.id!r} cannot be dealt: {problem}")
    deck = _without(shuffled_deck(rules, deal), [c for pile in home for c in pile])
    heights = [len(f) for f in faces]
    cols: list[list[int]] = [[] for _ in faces]
    pos = 0
    for row in range(max(heights, default=0)):
        for i, h in enumerate(heights):
            if row < h:
                cols[i].append(deck[pos])
                pos += 1
    down = [f.rfind("d") + 1 for f in faces]
    shown = [[j for j in range(d) if f[j] == "u"] for f, d in zip(faces, down)]
    extra: list[list[int]] = []
    counts = (list(rules.cells_dealt) + [0] * (rules.cells - len(rules.cells_dealt))
              + list(rules.reserves_dealt) + [0] * (rules.reserves - len(rules.reserves_dealt)))
    for n in counts:
        extra.append(deck[pos:pos + n])
        pos += n
    extra += [list(pile) for pile in home] or [[] for _ in range(rules.foundations)]
    if rules.deal_to == "waste":
        extra.append(deck[pos:pos + rules.waste_dealt])
        pos += rules.waste_dealt
    return Table(cols, down, deck[pos:], extra, shown if any(shown) else None)


def _without(deck: list[int], cards: Sequence[int]) -> list[int]:
    """``deck`` with the first copy of each of ``cards`` taken out, the rest in its order."""
    if not cards:
        return deck
    take = Counter(cards)
    out = []
    for c in deck:
        if take[c]:
            take[c] -= 1
        else:
            out.append(c)
    return out


def layout(rules: RuleSet, deal: int) -> tuple[list[list[int]], list[int], list[int]]:
    """``(columns, face_down_counts, stock)`` for deal number ``deal`` (:func:`table` without
    the piles that are not columns)."""
    t = table(rules, deal)
    return t.cols, t.down, t.stock
