"""What a press of the pointer is on: each widget of the table says it of itself
(:meth:`Column.hit_at`, :meth:`PileSlot.hit_at`...), as small named values."""

from __future__ import annotations

from dataclasses import dataclass

from .layout import CARD, FACE


@dataclass(frozen=True)
class CardHit:
    """A row of column ``col``: ``kind`` is the layout's row kind (a card, its face, a back,
    the "more" marks, the felt), ``index`` the card's index in the column (-1: none)."""

    col: int
    kind: str
    index: int

    @property
    def on_card(self) -> bool:
        return self.kind in (CARD, FACE)


@dataclass(frozen=True)
class PileHit:
    """A pile of the top row other than the stock and the runs' foundation (a cell, a reserve,
    a card-by-card foundation, the waste)."""

    code: int


@dataclass(frozen=True)
class StockHit:
    pass


@dataclass(frozen=True)
class FoundationHit:
    """The runs' foundation."""


Hit = CardHit | PileHit | StockHit | FoundationHit


def spot(hit: Hit | None) -> object:
    """Where a press or a release is, as far as a click cares: the rows of one card are one
    spot."""
    if isinstance(hit, CardHit) and hit.on_card:
        return CardHit(hit.col, CARD, hit.index)
    return hit


def source(hit: Hit) -> int | None:
    """The pile a press on ``hit`` takes cards from (a column's number, a pile's code)."""
    if isinstance(hit, CardHit):
        return hit.col
    if isinstance(hit, PileHit):
        return hit.code
    return None
