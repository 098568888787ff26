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

from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

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
    """One pile as a rule method sees it (read-only: its attributes cannot be set)."""

    __slots__ = ("kind", "code", "cards", "down")

    kind: int
    #: The pile's code (see the module's table); for a column, its 0-based number.
    code: int
    #: Every card, bottom first.
    cards: tuple[int, ...]
    #: How many of them, from the bottom, cannot be played (face down, or under one).
    down: int

    def __init__(self, kind: int, code: int, cards: tuple[int, ...], down: int) -> None:
        put = object.__setattr__
        put(self, "kind", kind)
        put(self, "code", code)
        put(self, "cards", tuple(cards))
        put(self, "down", down)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a pile a rule method is shown is read-only ({name})")

    __delattr__ = __setattr__  # type: ignore[assignment]

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
    """The whole table as a rule method sees it: a snapshot of immutable values (tuples and
    numbers) taken when the method is asked. It holds nothing of the engine's own, so nothing a
    plugin does with it (or with what it reaches from it) can change the game; its attributes
    cannot be set."""

    __slots__ = ("rules", "_piles", "_down", "stock_left", "redeals_used", "runs_removed")

    rules: RuleSet
    _piles: tuple[tuple[int, ...], ...]
    _down: tuple[int, ...]
    #: How many cards are still to be dealt from the stock.
    stock_left: int
    #: How many times the waste has been turned back into the stock.
    redeals_used: int
    #: The cards of each complete run that has left the table, in order.
    runs_removed: tuple[tuple[int, ...], ...]

    def __init__(self, state: State) -> None:
        put = object.__setattr__
        put(self, "rules", state.rules)
        put(self, "_piles", tuple(map(tuple, state.piles)))
        put(self, "_down", tuple(state.down))
        put(self, "stock_left", len(state.stock) - state.sp)
        put(self, "redeals_used", state.redeals)
        put(self, "runs_removed", tuple(map(tuple, state.runs)))

    @staticmethod
    def live(state: State) -> TableView:
        """A view of ``state`` that reads it as it is rather than copying it: only for the
        rule set's own methods (``RuleSet``'s, which read it and keep nothing), never for a
        plugin's, which gets the snapshot :class:`TableView` makes. Copying the table on every
        deal check would cost the search a fifth of its speed."""
        view = _LiveTable.__new__(_LiveTable)
        object.__setattr__(view, "_state", state)
        return view

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"the table a rule method is shown is read-only ({name})")

    __delattr__ = __setattr__  # type: ignore[assignment]

    def _view(self, i: int) -> PileView:
        rules = self.rules
        return PileView(rules.pile_kinds[i], rules.pile_codes[i], self._piles[i], self._down[i])

    def pile(self, code: int) -> PileView:
        """The pile of ``code``; :class:`KeyError` if the table has no such pile."""
        return self._view(self.rules.pile_index(code))

    def _of_kind(self, kind: int) -> list[PileView]:
        return [self._view(i) for i in self.rules.places_of_kind.get(kind, ())]

    @property
    def columns(self) -> list[PileView]:
        down = self._down
        return [PileView(COLUMN, i, c, down[i])
                for i, c in enumerate(self._piles[:len(self.rules.layout)])]

    @property
    def cells(self) -> list[PileView]:
        return self._of_kind(CELL_KIND)

    @property
    def reserves(self) -> list[PileView]:
        return self._of_kind(RESERVE_KIND)

    def cards_of_kind(self, kind: int) -> int:
        """How many cards the piles of ``kind`` (``FOUNDATION_KIND``...) hold together."""
        piles = self._piles
        return sum(len(piles[i]) for i in self.rules.places_of_kind.get(kind, ()))

    @property
    def foundations(self) -> list[PileView]:
        """The card-by-card foundations (complete runs removed are :attr:`runs_removed`)."""
        return self._of_kind(FOUNDATION_KIND)

    @property
    def waste(self) -> PileView | None:
        piles = self._of_kind(WASTE_KIND)
        return piles[0] if piles else None

    @property
    def empty_columns(self) -> list[int]:
        """The 0-based numbers of the empty columns."""
        return [i for i, c in enumerate(self._piles[:len(self.rules.layout)]) if not c]

    @property
    def free_cells(self) -> int:
        """How many free cells are empty."""
        kinds = self.rules.pile_kinds
        return sum(1 for i, p in enumerate(self._piles) if kinds[i] == CELL_KIND and not p)

    def __iter__(self) -> Iterator[PileView]:
        for i in range(len(self._piles)):
            yield self._view(i)


class _LiveTable(TableView):
    """:meth:`TableView.live`: the same questions, answered from the state as it is now."""

    __slots__ = ("_state",)

    rules = property(lambda self: self._state.rules)
    _piles = property(lambda self: self._state.piles)
    _down = property(lambda self: self._state.down)
    stock_left = property(lambda self: len(self._state.stock) - self._state.sp)
    redeals_used = property(lambda self: self._state.redeals)
    runs_removed = property(lambda self: self._state.runs)
    empty_columns = property(lambda self: self._state.empty_columns())


def kinds_and_codes(columns: int, cells: int, reserves: int, foundations: int,
                    waste: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The kind and code of every pile of a table with these many of each, in table order."""
    if max(columns, cells, reserves, foundations) > MAX_PILE_NUMBER:
        # A pile's code must not run into the next kind's (foundation 1001 would be the waste).
        raise ValueError(f"a table has at most {MAX_PILE_NUMBER} piles of a kind")
    kinds: list[int] = [COLUMN] * columns
    codes: list[int] = list(range(columns))
    for kind, n in ((CELL_KIND, cells), (RESERVE_KIND, reserves),
                    (FOUNDATION_KIND, foundations), (WASTE_KIND, 1 if waste else 0)):
        kinds += [kind] * n
        codes += [_BASES[kind] + j for j in range(n)]
    return tuple(kinds), tuple(codes)

