"""Seeded deals that are the same on every machine, Python version and release.

Python's ``random`` module is not used: its shuffling algorithm is not promised to stay the same.
The deal number seeds SplitMix64, and a Fisher-Yates shuffle draws from it by rejection sampling,
so a deal depends on nothing but the number and the variant's deck and layout. Tests pin the
first cards of known deals; changing anything here breaks every deal number players have shared.
"""

from __future__ import annotations

from typing import Iterator

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


def layout(rules: RuleSet, deal: int) -> tuple[list[list[int]], list[int], list[int]]:
    """``(columns, face_down_counts, stock)`` for deal number ``deal``.

    The shuffled deck is dealt as a person deals: row by row across the columns (face-down cards
    first), then what is left is the stock, its first card dealt first.
    """
    if not isinstance(deal, int) or isinstance(deal, bool) or not 0 <= deal <= MAX_DEAL:
        raise ValueError(f"a deal number is a whole number from 0 to {MAX_DEAL}, not "
                         f"{quoted(deal)}")
    deck = shuffled(rules.deck_cards(), deal)
    shape = rules.initial_layout()
    heights = [d + u for d, u in shape]
    cols: list[list[int]] = [[] for _ in shape]
    pos = 0
    for row in range(max(heights, default=0)):
        for i, h in enumerate(heights):
            if row < h:
                cols[i].append(deck[pos])
                pos += 1
    return cols, [d for d, _ in shape], deck[pos:]
