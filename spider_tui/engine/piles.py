"""The kinds of pile a table has, their names in the notation, and read-only views of a table.

A table is a row of piles: the columns first (Spider's tableau), then the free cells, the
reserves, the card-by-card foundations and the waste, as many of each as the rule set says
(:attr:`RuleSet.pile_kinds`). The engine addresses them by a *dense index* into that row
(``State.piles``); a :class:`~spider_tui.engine.moves.Move` and a rule method's answer name
them by a *pile code* that does not depend on how many of the others there are:

=================  ==========================  ==============
pile               code                         notation
=================  ==========================  ==============
column ``i``       ``i`` (0-based)              ``i + 1``
free cell ``j``    ``CELL + j``                 ``c{j + 1}``
reserve ``j``      ``RESERVE + j``              ``r{j + 1}``
foundation ``j``   ``FOUND + j``                ``f{j + 1}``
the waste          ``WASTE``                    ``w``
=================  ==========================  ==============

plus :data:`RUNS` (``-1``, written ``f``): the foundation complete runs leave the table for.

Rule methods of a Python variant see the table through :class:`TableView` and its piles
through :class:`PileView`: plain tuples, so a plugin cannot change the game behind the
engine's back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, NamedTuple

from .errors import NotationError

if TYPE_CHECKING:  # pragma: no cover
    from .rules import RuleSet
    from .state import State

# Pile kinds, in the order their piles follow the columns.
COLUMN, CELL_KIND, RESERVE_KIND, FOUNDATION_KIND, WASTE_KIND = range(5)
KIND_NAMES = ("column", "free cell", "reserve", "foundation", "waste")

#: Pile codes of the piles that are not columns (the column's own 0-based number otherwise).
CELL, RESERVE, FOUND, WASTE = 1000, 2000, 3000, 4000
#: The foundation complete runs leave the table for (the ``f`` of ``3>f``).
RUNS = -1
#: Where a deal's card comes from, or where a waste turned over goes back to.
STOCK = -2

_BASES = {CELL_KIND: CELL, RESERVE_KIND: RESERVE, FOUNDATION_KIND: FOUND, WASTE_KIND: WASTE}
_LETTERS = {"c": CELL, "r": RESERVE, "f": FOUND, "w": WASTE}
_LETTER_OF = {CELL: "c", RESERVE: "r", FOUND: "f", WASTE: "w"}
#: The largest pile number the notation reads (column 9999 is surely a typo, not a table).
MAX_PILE_NUMBER = 999


def code_kind(code: int) -> int:
    """The kind of pile ``code`` names."""
    if 0 <= code < CELL:
        return COLUMN
    if code < RESERVE:
        return CELL_KIND
    if code < FOUND:
        return RESERVE_KIND
    if code < WASTE:
        return FOUNDATION_KIND
    return WASTE_KIND


def pile_name(code: int) -> str:
    """The notation of pile ``code``: ``3``, ``c1``, ``r2``, ``f4``, ``w``, ``f``."""
    if code == RUNS:
        return "f"
    if 0 <= code < CELL:
        return str(code + 1)
    base = code - code % 1000
    letter = _LETTER_OF[base]
    return letter if base == WASTE else f"{letter}{code - base + 1}"


def describe_pile(code: int) -> str:
    """Pile ``code`` in a player's words: ``column 3``, ``free cell 1``, ``the waste``."""
    if code == RUNS:
        return "the foundation"
    kind = code_kind(code)
    if kind == WASTE_KIND:
        return "the waste"
    number = code + 1 if kind == COLUMN else code - _BASES[kind] + 1
    return f"{KIND_NAMES[kind]} {number}"


def parse_pile(text: str) -> tuple[int, bool]:
    """``(code, any_of_kind)`` for pile notation: ``3``, ``c2``, ``w``, ``f`` (the runs'
    foundation, or any foundation that takes the card) and ``c``/``r`` alone (any pile of that
    kind: the game picks the first that fits). :class:`NotationError` if it is not a pile."""
    t = text.strip().lower()
    if t.lstrip("-").isdigit():
        if t.startswith("-") or int(t) < 1:
            raise NotationError("columns are numbered from 1")
        if len(t) > 4:
            raise NotationError(f"{_short(text)} is not a column of any game")
        return int(t) - 1, False
    if t in ("c", "r", "f"):
        return (RUNS if t == "f" else _LETTERS[t]), True
    if t == "w":
        return WASTE, False
    if len(t) >= 2 and t[0] in "crf" and t[1:].isdigit():
        n = int(t[1:]) if len(t) <= 5 else 0
        if not 1 <= n <= MAX_PILE_NUMBER:
            raise NotationError(f"{_short(text)} is not a pile: they are numbered from 1")
        return _LETTERS[t[0]] + n - 1, False
    raise NotationError(f"{_short(text)} is not a pile (write a column number, c1 for a free "
                        f"cell, r1 for a reserve, f1 for a foundation, w for the waste)")


def _short(text: str) -> str:
    return repr(text if len(text) <= 12 else text[:12] + "…")


class Transfer(NamedTuple):
    """One card carried by a deal or an automatic action: from the top of pile ``src`` (a
    pile code, or :data:`STOCK` for the next stock card) to pile ``dst`` (a pile code, or
    :data:`STOCK` to put a turned-over waste card back), face up or face down."""

    src: int
    dst: int
    face_up: bool = True


class PileView:
    """One pile as a rule method sees it (read-only)."""

    __slots__ = ("kind", "code", "cards", "down")

    def __init__(self, kind: int, code: int, cards: tuple[int, ...], down: int) -> None:
        self.kind = kind
        #: The pile's code (see the module's table); for a column, its 0-based number.
        self.code = code
        #: Every card, bottom first.
        self.cards = cards
        #: How many of them, from the bottom, cannot be played (face down, or under one).
        self.down = down

    @property
    def index(self) -> int:
        """The pile's 0-based number among the piles of its kind."""
        return self.code if self.kind == COLUMN else self.code - _BASES[self.kind]

    @property
    def name(self) -> str:
        """Its notation: ``3``, ``c1``, ``w``..."""
        return pile_name(self.code)

    @property
    def face_up(self) -> tuple[int, ...]:
        return self.cards[self.down:]

    @property
    def top(self) -> int | None:
        """The last card, or None when the pile is empty."""
        return self.cards[-1] if self.cards else None

    @property
    def is_empty(self) -> bool:
        return not self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        from .cards import code as card_code

        return (f"<{KIND_NAMES[self.kind]} {self.name}: "
                f"{' '.join(card_code(c) for c in self.cards)} down={self.down}>")


class TableView:
    """The whole table as a rule method sees it (read-only; built on demand, never stored)."""

    __slots__ = ("_state",)

    def __init__(self, state: "State") -> None:
        self._state = state

    @property
    def rules(self) -> "RuleSet":
        return self._state.rules

    def pile(self, code: int) -> PileView:
        """The pile of ``code``; :class:`KeyError` if the table has no such pile."""
        st = self._state
        i = st.rules.pile_index(code)
        return PileView(st.rules.pile_kinds[i], code, tuple(st.piles[i]), st.down[i])

    def _of_kind(self, kind: int) -> list[PileView]:
        st = self._state
        kinds = st.rules.pile_kinds
        codes = st.rules.pile_codes
        return [PileView(kind, codes[i], tuple(st.piles[i]), st.down[i])
                for i in range(len(kinds)) if kinds[i] == kind]

    @property
    def columns(self) -> list[PileView]:
        st = self._state
        return [PileView(COLUMN, i, tuple(c), st.down[i]) for i, c in enumerate(st.cols)]

    @property
    def cells(self) -> list[PileView]:
        return self._of_kind(CELL_KIND)

    @property
    def reserves(self) -> list[PileView]:
        return self._of_kind(RESERVE_KIND)

    @property
    def foundations(self) -> list[PileView]:
        """The card-by-card foundations (complete runs removed are :attr:`runs_removed`)."""
        return self._of_kind(FOUNDATION_KIND)

    @property
    def waste(self) -> PileView | None:
        piles = self._of_kind(WASTE_KIND)
        return piles[0] if piles else None

    @property
    def stock_left(self) -> int:
        return self._state.stock_left

    @property
    def redeals_used(self) -> int:
        """How many times the waste has been turned back into the stock."""
        return self._state.redeals

    @property
    def empty_columns(self) -> list[int]:
        """The 0-based numbers of the empty columns."""
        return [i for i, c in enumerate(self._state.cols) if not c]

    @property
    def runs_removed(self) -> tuple[tuple[int, ...], ...]:
        """The cards of each complete run that has left the table, in order."""
        return tuple(tuple(r) for r in self._state.runs)

    def __iter__(self) -> Iterator[PileView]:
        st = self._state
        for i, kind in enumerate(st.rules.pile_kinds):
            yield PileView(kind, st.rules.pile_codes[i], tuple(st.piles[i]), st.down[i])


def kinds_and_codes(columns: int, cells: int, reserves: int, foundations: int,
                    waste: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The kind and code of every pile of a table with these many of each, in table order."""
    kinds: list[int] = [COLUMN] * columns
    codes: list[int] = list(range(columns))
    for kind, n in ((CELL_KIND, cells), (RESERVE_KIND, reserves),
                    (FOUNDATION_KIND, foundations), (WASTE_KIND, 1 if waste else 0)):
        kinds += [kind] * n
        codes += [_BASES[kind] + j for j in range(n)]
    return tuple(kinds), tuple(codes)

