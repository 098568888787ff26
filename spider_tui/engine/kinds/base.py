"""What every kind of pile answers: :class:`PileKind`, which each kind's module fills in."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..piles import describe_pile

if TYPE_CHECKING:  # pragma: no cover
    from ..piles import TableView
    from ..rules import RuleSet
    from ..state import State

#: Adds to ``out`` every move of cards from pile ``s`` onto piles of one kind:
#: ``(s, kind of s, cards of s, how many can be lifted, out)``.
Mover = Callable[[int, int, list, int, list], None]


@dataclass(frozen=True)
class PileFacts:
    """One pile now, as the questions of what can be lifted read it: its cards bottom first,
    how many lie face down (or cannot be played), which of those lie face up all the same, and
    where the run that can be lifted starts."""

    code: int
    kind: int
    cards: tuple[int, ...]
    down: int
    #: Indexes below ``down`` whose cards lie face up all the same (under a face-down card).
    shown: frozenset[int]
    #: The index of the first card that can be lifted (``len(cards)``: none can).
    lift_from: int

    @property
    def movable(self) -> bool:
        return self.lift_from < len(self.cards)

    @classmethod
    def of(cls, st: State, i: int) -> PileFacts:
        """Pile ``i`` (its place in the row) of the engine's table ``st``."""
        cards = tuple(st.piles[i])
        down = st.down[i]
        return cls(st.rules.pile_codes[i], st.comp.kinds[i], cards, down,
                   frozenset(j for j in range(down) if st.is_face_up(i, j)),
                   len(cards) - st.liftable(i))


class PileKind:
    """One kind of pile: what it accepts, what can be lifted from it, its refusal texts, its
    limits. The engine's table (:class:`~spider_tui.engine.state.State`) plays through these,
    :meth:`RuleSet.move_refusal` answers with them, and the screen asks them why cards cannot
    be picked up; a kind's module is the one place its rules are written."""

    #: The kind's number (:data:`~spider_tui.engine.piles.COLUMN`...).
    kind: int
    #: Can a player put cards on a pile of this kind?
    takes_cards = False
    #: The most piles of this kind a table may have (the variant files' limit).
    max_count = 1

    def lift_start(self, st: State, i: int) -> int:
        """Where the cards that can be lifted from pile ``i`` of ``st`` start (``len``: none
        can). Only the last card of a pile that is not a column."""
        n = len(st.piles[i])
        return n - 1 if n > st.down[i] else n

    def lift_problem(self, rules: RuleSet, pile: PileFacts, index: int) -> str | None:
        """Why the cards of ``pile`` from ``index`` on cannot be picked up, before any
        destination is named; ``None`` when they can."""
        if not pile.cards:
            return f"{describe_pile(pile.code)} is empty"
        if pile.lift_from >= len(pile.cards):
            return f"nothing can be lifted from {describe_pile(pile.code)}"
        return None

    def count_problem(self, rules: RuleSet, pile: PileFacts, count: int | None) -> str | None:
        """Why ``count`` cards (``None``: any) cannot be lifted from the end of ``pile``, as
        a move written in notation asks; ``None`` when they can."""
        where = describe_pile(pile.code)
        if not pile.cards:
            return f"{where} is empty"
        if not pile.movable:
            return f"nothing can be lifted from {where}"
        if count is not None and count > len(pile.cards) - pile.lift_from:
            return f"only the last card of {where} can be played"
        return None

    def refusal(self, rules: RuleSet, table: TableView, source: Any, cards: tuple[int, ...],
                target: Any) -> str | None:
        """Why ``cards`` lifted from pile ``source`` may not go onto ``target``, a pile of
        this kind, by the variant's data (:meth:`RuleSet.move_refusal`'s own answer)."""
        return f"nothing can be put on {describe_pile(target.code)}"

    def limit_refusal(self, st: State, cards: Any, d: int) -> str | None:
        """What the engine keeps whatever a plugin's rules allow for ``cards`` put on pile
        ``d`` (a dense index) of this kind; ``None`` when they may lie there."""
        return None

    def mover(self, st: State) -> Mover | None:
        """The function that lists the moves onto piles of this kind in ``st`` as the data
        allows (see :data:`Mover`), or ``None`` when none can be made."""
        return None
