"""Moves as small frozen values whose ``str()`` is their notation (``3>7``, ``3:2>7``, ``d``,
``3>f``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .errors import NotationError
from .state import DEAL, FOUNDATION
from .text import printable, quoted

_MOVE_RE = re.compile(r"^\s*(-?[0-9]+)\s*(?::\s*(-?[0-9]+)\s*)?>\s*(-?[0-9]+|f)\s*$",
                      re.IGNORECASE)
#: More digits than this is no column (nor count) of any game, and is not read as a number.
_DIGITS = 6


@dataclass(frozen=True, slots=True)
class Move:
    """A move of ``count`` cards from column ``src`` to ``dst`` (0-based; notation adds one).

    ``dst`` is :data:`FOUNDATION` for a complete run sent to the foundation. A deal has ``src``
    and ``dst`` ``None``. ``count`` is ``None`` when the notation left it implied; the game fills
    it in. ``explicit`` only decides whether ``str()`` writes the count, so it is not compared.
    """

    src: int | None = None
    dst: int | None = None
    count: int | None = None
    explicit: bool = field(default=False, compare=False)

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
        if self.dst == FOUNDATION:
            return f"{self.src + 1}>f"
        if self.explicit and self.count is not None:
            return f"{self.src + 1}:{self.count}>{self.dst + 1}"
        return f"{self.src + 1}>{self.dst + 1}"

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
                f"3>f (a complete run to the foundation) or d (deal)"
            )
        src_text, count_text, dst_text = m.groups()
        for number, what in ((src_text, "columns"), (count_text, "cards"), (dst_text, "columns")):
            if number is not None and len(number.lstrip("-0")) > _DIGITS:
                raise NotationError(f"cannot read move {shown}: no game has that many {what}")
        src = int(src_text) - 1
        count = int(count_text) if count_text is not None else None
        # Check the column numbers as written: column 0 minus one would read as the foundation.
        if src < 0 or (dst_text != "f" and int(dst_text) < 1):
            raise NotationError(f"cannot read move {shown}: columns are numbered from 1")
        dst = FOUNDATION if dst_text == "f" else int(dst_text) - 1
        if count is not None and count < 1:
            raise NotationError(f"cannot read move {shown}: move at least one card")
        return cls(src, dst, count, explicit=count is not None)


DEAL_MOVE = Move()
