"""Moves as small frozen values whose ``str()`` is their notation (``3>7``, ``3:2>7``, ``d``,
``3>f``, ``c1>4``, ``w>f2``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from .errors import NotationError
from .piles import CELL, RUNS, parse_pile, pile_name
from .state import DEAL
from .text import printable, quoted

if TYPE_CHECKING:  # pragma: no cover
    from .rules import RuleSet

_PILE = r"(-?\d+|[crf]\d*|w)"
_MOVE_RE = re.compile(r"^\s*" + _PILE + r"\s*(?::\s*(-?\d+)\s*)?>\s*" + _PILE + r"\s*$",
                      re.IGNORECASE)
#: More digits than this is no column (nor count) of any game, and is not read as a number.
_DIGITS = 6


@dataclass(frozen=True, slots=True)
class Move:
    """A move of ``count`` cards from pile ``src`` to pile ``dst``, each a pile code
    (:mod:`.piles`: a column's 0-based number, ``CELL + j``, ``WASTE``...; notation adds one).

    ``dst`` is :data:`RUNS` for a complete run sent to the foundation. A deal has ``src``
    and ``dst`` ``None``. ``count`` is ``None`` when the notation left it implied; the game fills
    it in. ``explicit`` only decides whether ``str()`` writes the count, so it is not compared;
    ``anywhere`` (``3>c``, ``3>f``) asks the game for the first pile of ``dst``'s kind that
    takes the cards.
    """

    src: int | None = None
    dst: int | None = None
    count: int | None = None
    explicit: bool = field(default=False, compare=False)
    anywhere: bool = field(default=False, compare=False)

    @classmethod
    def deal(cls) -> Move:
        return DEAL_MOVE

    @property
    def is_deal(self) -> bool:
        return self.src is None

    @property
    def to_foundation(self) -> bool:
        return self.dst == RUNS

    def __str__(self) -> str:
        if self.src is None:
            return "d"
        src = pile_name(self.src)
        to = cast(int, self.dst)  # only the deal has no piles
        dst = pile_name(to) if not self.anywhere else pile_name(to)[0]
        if self.explicit and self.count is not None and self.dst != RUNS:
            return f"{src}:{self.count}>{dst}"
        return f"{src}>{dst}"

    def __repr__(self) -> str:
        # The notation, and the count when the notation leaves it implied: test failures read.
        if self.src is None or self.dst == RUNS or self.count is None or self.explicit:
            return f"Move({str(self)!r})"
        return f"Move({str(self)!r}, count={self.count})"

    def pack(self, rules: RuleSet) -> tuple[int, int, int]:
        """This move in the engine's packed form on a table of ``rules``: ``(src, count,
        dst)``, each pile by its place in the table's row (:attr:`RuleSet.pile_kinds`: the
        columns first, so a column's code is its place; :data:`RUNS` stays itself), as the
        searches of the engine and the AI play it. A resolved move (its count known); the
        deal is :data:`DEAL`. :meth:`unpack` is its reverse: the one place the two forms meet."""
        if self.src is None:
            return DEAL
        assert self.count is not None and self.dst is not None
        s, d = self.src, self.dst
        if s >= CELL:
            s = rules._index_of[s]
        if d >= CELL:
            d = rules._index_of[d]
        return (s, self.count, d)

    @classmethod
    def unpack(cls, rules: RuleSet, t: tuple[int, int, int], explicit: bool = False) -> Move:
        """The move that the packed ``t`` stands for on a table of ``rules`` (the reverse of
        :meth:`pack`); ``explicit`` writes the count."""
        if t == DEAL:
            return DEAL_MOVE
        s, k, d = t
        codes = rules.pile_codes
        return cls(codes[s], codes[d] if d >= 0 else d, k, explicit=explicit)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``3>7``, ``3:2>7``, ``3>f`` or ``d``; columns are checked later, by the game."""
        if not isinstance(text, str):
            raise NotationError(f"{quoted(text)} is not a move")
        t = text.strip().lower()
        if t in ("d", "deal"):
            return DEAL_MOVE
        shown = quoted(printable(text.strip()[:40]), 24)
        m = _MOVE_RE.match(t)
        if not m:
            raise NotationError(
                f"cannot read move {shown}: write 3>7 (column 3 onto 7), 3:2>7 (two cards), "
                f"3>f (to the foundation), 3>c (to a free cell), w>5 (from the waste) or d "
                f"(deal)"
            )
        src_text, count_text, dst_text = m.groups()
        for number, what in ((src_text, "columns"), (count_text, "cards"), (dst_text, "columns")):
            if number is not None and len(number.lstrip("-crfw0")) > _DIGITS:
                raise NotationError(f"cannot read move {shown}: no game has that many {what}")
        try:
            src, src_any = parse_pile(src_text)
            dst, anywhere = parse_pile(dst_text)
        except NotationError as e:
            raise NotationError(f"cannot read move {shown}: {e}") from None
        if src_any:
            raise NotationError(f"cannot read move {shown}: say which pile the cards come "
                                f"from ({src_text}1, {src_text}2...)")
        count = int(count_text) if count_text is not None else None
        if count is not None and count < 1:
            raise NotationError(f"cannot read move {shown}: move at least one card")
        if dst == RUNS:
            return cls(src, RUNS, count, explicit=count is not None, anywhere=True)
        return cls(src, dst, count, explicit=count is not None, anywhere=anywhere)


DEAL_MOVE = Move()
