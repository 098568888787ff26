"""Foundations built one card at a time (``[[foundations]]``): each group's piles start with a
card of its base rank and go up or down by one under its suit relation
(:class:`~spider_tui.engine.build.FoundationGroup`); a group may let its top card be played
again (``take_back``), and start each pile with cards dealt to it (``dealt``: which ones,
:func:`dealt_home`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import MAX_SETS, glyph
from ..piles import FOUNDATION_KIND, describe_pile
from .base import Mover, PileFacts, PileKind

if TYPE_CHECKING:  # pragma: no cover
    from ..build import FoundationGroup
    from ..piles import TableView
    from ..rules import RuleSet
    from ..state import State

_STAY = "cards on the foundations stay there in this game"

#: The most card-by-card foundations in all (over every group): one per set of the largest
#: deck, enough to hold every card.
MAX_FOUNDATIONS = MAX_SETS


def dealt_home(deck: Sequence[int], piles: Sequence[FoundationGroup]) -> list[tuple[int, ...]]:
    """The cards each foundation of ``piles`` (one group per pile, in table order:
    :attr:`RuleSet.foundation_of`) is dealt at the start, taken from ``deck`` (the deck's
    cards in their fixed order, :meth:`RuleSet.deck_cards`): ``dealt`` cards per pile, each the
    first card in the deck's order not yet taken that the pile takes next (its base card first:
    of its own suit where the group gives each pile one). So eight foundations up from the Ace
    in suit over two decks take the Aces of spades, spades, hearts, hearts, diamonds...; the
    deal takes them out of the shuffled deck before dealing the rest. :class:`ValueError`
    ``(index, reason)`` names the first pile the deck has no card left for."""
    left = Counter(deck)
    order = list(dict.fromkeys(deck))
    out: list[tuple[int, ...]] = []
    for j, group in enumerate(piles):
        pile: list[int] = []
        for size in range(group.dealt):
            top = pile[-1] if pile else None
            c = next((c for c in order if left[c] and group.takes(c, top, size)), None)
            if c is None:
                raise ValueError(j, f"foundation {j + 1} is to be dealt {group.dealt} card"
                                    f"{'s' if group.dealt != 1 else ''} at the start, but no card "
                                    f"is left in the deck for its {_nth(size + 1)}: it takes "
                                    f"{group.needs(top)}")
            left[c] -= 1
            pile.append(c)
        out.append(tuple(pile))
    return out


def _nth(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


def order_refusal(group: FoundationGroup, cards: Iterable[int], pile: tuple[int, ...] | list,
                  code: int) -> str | None:
    """Why ``cards``, put one by one on foundation ``code`` holding ``pile``, break the order
    its group builds in; ``None`` when they follow it."""
    top, size = (pile[-1] if pile else None), len(pile)
    for c in cards:
        if not group.takes(c, top, size):
            return f"{glyph(c)} cannot go onto {describe_pile(code)}: it takes {group.needs(top)}"
        top, size = c, size + 1
    return None


class Foundations(PileKind):
    kind = FOUNDATION_KIND
    takes_cards = True
    max_count = MAX_FOUNDATIONS

    def lift_start(self, st: State, i: int) -> int:
        n = len(st.piles[i])
        group = st.comp.found[i - st.rules.pile_kinds.index(FOUNDATION_KIND)]
        return n - 1 if n and group.take_back else n

    def lift_problem(self, rules: RuleSet, pile: PileFacts, index: int) -> str | None:
        if pile.cards and not pile.movable:
            return _STAY
        return super().lift_problem(rules, pile, index)

    def count_problem(self, rules: RuleSet, pile: PileFacts, count: int | None) -> str | None:
        if pile.cards and not pile.movable:
            return _STAY
        return super().count_problem(rules, pile, count)

    def refusal(self, rules: RuleSet, table: TableView, source: Any, cards: tuple[int, ...],
                target: Any) -> str | None:
        if len(cards) != 1:
            return "the foundations are built one card at a time"
        if source.kind == FOUNDATION_KIND:
            return "a card on a foundation does not move to another foundation"
        return order_refusal(rules.foundation_of[target.index], cards, target.cards,
                             target.code)

    def limit_refusal(self, st: State, cards: Any, d: int) -> str | None:
        """A foundation is built in its own order, whatever a plugin's rules allow."""
        group = st.comp.found[d - st.rules.pile_kinds.index(FOUNDATION_KIND)]
        return order_refusal(group, cards, st.piles[d], st.rules.pile_codes[d])

    def mover(self, st: State) -> Mover | None:
        """The top card of any other pile onto each foundation that takes it; empty
        foundations of the same group are alike, so the move to the first is listed alone."""
        kinds = st.comp.kinds
        piles = st.piles
        founds = [i for i in range(len(st.cols), len(piles)) if kinds[i] == FOUNDATION_KIND]
        if not founds:
            return None
        first = founds[0]
        groups = st.comp.found

        def onto_foundations(s: int, kind: int, a: list, lift: int, out: list) -> None:
            if kind == FOUNDATION_KIND:
                return
            top = a[-1]
            empty_seen = []
            for f in founds:
                p = piles[f]
                spec = groups[f - first]
                if not p:
                    if spec in empty_seen:
                        continue
                    if spec.takes(top, None, 0):
                        empty_seen.append(spec)
                        out.append((s, 1, f))
                elif spec.takes(top, p[-1], len(p)):
                    out.append((s, 1, f))

        return onto_foundations


FOUNDATIONS = Foundations()
