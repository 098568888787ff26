"""Moves as small frozen values whose ``str()`` is their notation (``3>7``, ``3:2>7``, ``d``,
``3>f``, ``c1>4``, ``w>f2``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .errors import NotationError
from .piles import CELL, FOUND, RESERVE, RUNS, parse_pile, pile_name
from .state import DEAL, FOUNDATION

_PILE = r"(\d+|[crf]\d*|w)"
_MOVE_RE = re.compile(r"^\s*" + _PILE + r"\s*(?::\s*(\d+)\s*)?>\s*" + _PILE + r"\s*$",
                      re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Move:
    """A move of ``count`` cards from pile ``src`` to pile ``dst``, each a pile code
    (:mod:`.piles`: a column's 0-based number, ``CELL + j``, ``WASTE``...; notation adds one).

    ``dst`` is :data:`FOUNDATION` for a complete run sent to the foundation. A deal has ``src``
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
    def deal(cls) -> "Move":
        return DEAL_MOVE

    @property
    def is_deal(self) -> bool:
        return self.src is None

    @property
    def to_foundation(self) -> bool:
        return self.dst == FOUNDATION

    def __str__(self) -> str:
        if self.src is None:
            return "d"
        src = pile_name(self.src)
        dst = pile_name(self.dst) if not self.anywhere else pile_name(self.dst)[0]
        if self.explicit and self.count is not None and self.dst != FOUNDATION:
            return f"{src}:{self.count}>{dst}"
        return f"{src}>{dst}"

    def __repr__(self) -> str:
        # The notation, and the count when the notation leaves it implied: test failures read.
        if self.src is None or self.dst == FOUNDATION or self.count is None or self.explicit:
            return f"Move({str(self)!r})"
        return f"Move({str(self)!r}, count={self.count})"

    def as_tuple(self) -> tuple[int, int, int]:
        """The engine's ``(src, count, dst)`` form (the count must be known)."""
        if self.src is None:
            return DEAL
        assert self.count is not None and self.dst is not None
        return (self.src, self.count, self.dst)

    @classmethod
    def from_tuple(cls, t: tuple[int, int, int]) -> "Move":
        """The move for the engine's ``(src, count, dst)`` form (the reverse of
        :meth:`as_tuple`); :data:`DEAL` gives the deal."""
        if t == DEAL:
            return cls()
        return cls(t[0], t[2], t[1])

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Read ``3>7``, ``3:2>7``, ``3>f`` or ``d``; columns are checked later, by the game."""
        t = text.strip().lower()
        if t in ("d", "deal"):
            return DEAL_MOVE
        m = _MOVE_RE.match(t) if len(t) <= 40 else None
        shown = repr(text) if len(text) <= 24 else repr(text[:24] + "…")
        if not m:
            raise NotationError(
                f"cannot read move {shown}: write 3>7 (column 3 onto 7), 3:2>7 (two cards), "
                f"3>f (to the foundation), 3>c (to a free cell), w>5 (from the waste) or d "
                f"(deal)"
            )
        try:
            src, src_any = parse_pile(m.group(1))
            dst, anywhere = parse_pile(m.group(3))
        except NotationError as e:
            raise NotationError(f"cannot read move {shown}: {e}") from None
        if src_any:
            raise NotationError(f"cannot read move {shown}: say which pile the cards come "
                                f"from ({m.group(1)}1, {m.group(1)}2...)")
        if m.group(2) is not None and len(m.group(2)) > 4:
            raise NotationError(f"cannot read move {shown}: that is more cards than any game has")
        count = int(m.group(2)) if m.group(2) is not None else None
        if count is not None and count < 1:
            raise NotationError(f"cannot read move {shown}: move at least one card")
        if dst == RUNS:
            return cls(src, FOUNDATION, count, explicit=count is not None, anywhere=True)
        return cls(src, dst, count, explicit=count is not None, anywhere=anywhere)


DEAL_MOVE = Move()
