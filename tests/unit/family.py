"""Helpers for the tests of the Spider family (tests/unit/test_family_*.py): tables built from
card codes, what a fresh deal looks like, and the runs the win positions are made of.

A column is written ``"4S 9D / KS QS"``: face-down cards, a slash, face-up cards, bottom first
(``"KS QS"`` alone is face up). Cards of the deck a position leaves out go face down under
column ``filler`` (1-based), as the ``table`` fixture of conftest does.
"""

from __future__ import annotations

import pytest
import tomli_w
from position_fill import fill_position

from spider_tui.engine import Game, IllegalMove
from spider_tui.engine.cards import RANKS, code
from spider_tui.engine.piles import CELL_KIND, FOUNDATION_KIND, RESERVE_KIND, WASTE_KIND

ORDER = "KQJT98765432A"


def run(suit: str, top: str = "K", bottom: str = "A") -> str:
    """A run of one suit from ``top`` down to ``bottom``: ``run("S", "9", "6")`` is
    ``"9S 8S 7S 6S"``."""
    ranks = ORDER[ORDER.index(top):ORDER.index(bottom) + 1]
    return " ".join(r + suit for r in ranks)


#: Four King-to-Ace runs of alternating colours that use one deck exactly.
_AC_CYCLES = ("SHCD", "CDSH", "HSDC", "DCHS")


def ac_runs(decks: int = 1) -> list[list[str]]:
    """``4 * decks`` King-to-Ace runs in alternating colours, together every card of the decks."""
    one = [[ORDER[i] + cyc[i % 4] for i in range(13)] for cyc in _AC_CYCLES]
    return [list(r) for r in one * decks]


def column(spec: str) -> dict:
    """A column of a position file from ``"4S 9D^ 3C / KS QS"`` (``^``: a card of the face-down
    part that lies face up, under a face-down card: Trillium's deal)."""
    down, _, up = spec.rpartition("/")
    out: dict = {"down": [c.rstrip("^") for c in down.split()], "up": up.split()}
    shown = [j + 1 for j, c in enumerate(down.split()) if c.endswith("^")]
    if shown:
        out["shown"] = shown
    return out


def pad(n: int, *given: str) -> list[str]:
    """``given`` columns, then empty ones up to ``n``."""
    return list(given) + [""] * (n - len(given))


def position(variant: str, cols: list[str], *, stock: str = "", cells: list[str] | None = None,
             reserves: list[str] | None = None, foundations: list[str] | None = None,
             waste: str | None = None, completed: list | tuple = (), redeals: int = 0,
             house_rules: tuple[str, ...] = (), filler: int | None = None) -> Game:
    """A game of ``variant`` at the position these piles describe (see the module's help)."""
    data: dict = {"format": "spider-position/1", "variant": variant,
                  "house_rules": list(house_rules), "completed": list(completed),
                  "stock": stock.split()}
    extra = {"cells": cells, "reserves": reserves, "foundations": foundations}
    for key, piles in extra.items():
        if piles is not None:
            data[key] = [p.split() for p in piles]
    if waste is not None:
        data["waste"] = waste.split()
        data["redeals"] = redeals
    data["columns"] = [column(c) for c in cols]
    if any(v is not None for v in extra.values()) or waste is not None or \
            any(isinstance(r, list) for r in completed) or \
            any("shown" in c for c in data["columns"]):
        data["format"] = "spider-position/2"
    return Game.from_position(fill_position(tomli_w.dumps(data), filler))


def faces(game: Game) -> list[str]:
    """Each column's cards as ``d`` (face down) and ``u`` (face up), bottom first."""
    st = game.state
    return ["".join("u" if st.is_face_up(i, j) else "d" for j in range(len(c)))
            for i, c in enumerate(st.cols)]


def shape(down: int | list[int], up: int | list[int], n: int) -> list[str]:
    """Expected :func:`faces` of ``n`` columns dealt ``down`` face-down and ``up`` face-up cards
    (a number for all, or a list)."""
    downs = down if isinstance(down, list) else [down] * n
    ups = up if isinstance(up, list) else [up] * n
    return ["d" * d + "u" * u for d, u in zip(downs, ups)]


def piles(game: Game, kind: int) -> list[int]:
    """How many cards each pile of ``kind`` (free cells, reserves, foundations) holds."""
    st = game.state
    return [len(p) for p, k in zip(st.piles, game.rules.pile_kinds) if k == kind]


def extras(game: Game) -> dict[str, list[int]]:
    """The piles beyond the columns, with the cards each holds, and the stock."""
    out = {name: piles(game, kind) for name, kind in (
        ("cells", CELL_KIND), ("reserves", RESERVE_KIND), ("foundations", FOUNDATION_KIND),
        ("waste", WASTE_KIND))}
    out["stock"] = [game.state.stock_left]
    return {k: v for k, v in out.items() if v}


def cards(game: Game, col: int) -> str:
    """Column ``col`` (1-based) as card codes."""
    return " ".join(code(c) for c in game.state.cols[col - 1])


def pile(game: Game, code_: int) -> str:
    """Pile ``code_`` (a pile code) as card codes."""
    return " ".join(code(c) for c in game.state.piles[game.rules.pile_index(code_)])


def legal(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def refused(game: Game, move: str) -> str:
    """The reason ``move`` is refused (the test fails if it is played)."""
    with pytest.raises(IllegalMove) as err:
        game.play(move)
    return str(err.value)


def deal_targets(game: Game) -> list[list[int]]:
    """Play every deal of ``game`` and record the columns (1-based) each put a card on."""
    out = []
    while game.deal_refusal() is None:
        before = [len(c) for c in game.state.cols]
        game.play("d")
        out.append([i + 1 for i, c in enumerate(game.state.cols) if len(c) > before[i]])
    return out


def others(variant: str, suit: str = "S") -> list[str]:
    """The suit of every set of ``variant``'s deck but one set of ``suit``: the ``completed``
    runs of a position whose last run (of ``suit``) is still on the table."""
    suits = ["SHDC"[s] for s in Game.new(variant, 1).rules.deck]
    suits.remove(suit)
    return suits


def deck_suits(game: Game) -> str:
    """The suits of the deck, as letters in spades-hearts-diamonds-clubs order."""
    return "".join(s for s in "SHDC" if any(code(c)[1] == s for c in game.rules.deck_cards()))


assert RANKS == "A23456789TJQK"
