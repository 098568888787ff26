"""What the table holds, as the game screen draws and reasons about it: read through the
engine's public, read-only view of the table (:meth:`State.view`, :meth:`State.liftable`,
:meth:`State.is_face_up`), never its arrays, so that the screen has one place that knows how the
engine is asked.

Why the cards from a given card on cannot be picked up, before any destination is named, is
the pile kind's answer (:meth:`~spider_tui.engine.kinds.base.PileKind.lift_problem`), asked by
:meth:`TableFacts.lift_problem`.
"""

from __future__ import annotations

from ..engine import RUNS, Game, Move, RuleFailure
from ..engine.cards import RANKS, SUIT, SUIT_GLYPHS, glyph
from ..engine.kinds import KINDS, PileFacts
from ..engine.piles import (
    CELL,
    CELL_KIND,
    FOUND,
    FOUNDATION_KIND,
    RESERVE_KIND,
    WASTE_KIND,
    code_kind,
    describe_pile,
)
from .ranking import rank_move


class TableFacts:
    """The table of ``game`` as it is when made (make another after the game changes)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules = game.rules
        state = game.state
        self.view = state.view()
        self._piles: dict[int, PileFacts] = {}
        for i, code in enumerate(self.rules.pile_codes):
            self._piles[code] = PileFacts.of(state, i)

    # ------------------------------------------------------------------ reading

    @property
    def columns(self) -> int:
        return self.rules.columns

    def pile(self, code: int) -> PileFacts:
        """A column (its 0-based number) or another pile (its code)."""
        return self._piles[code]

    def cards(self, code: int) -> tuple[int, ...]:
        return self._piles[code].cards

    @property
    def stock_left(self) -> int:
        return self.view.stock_left

    @property
    def redeals_used(self) -> int:
        return self.view.redeals_used

    @property
    def empty_columns(self) -> list[int]:
        return self.view.empty_columns

    @property
    def runs_done(self) -> tuple[int, ...]:
        """The suit of each complete run that has left the table, in order."""
        return tuple(SUIT[r[0]] for r in self.view.runs_removed)

    @property
    def run_firsts(self) -> tuple[int, ...] | None:
        """The first card of each run removed, where runs are not all King down to Ace."""
        runs = self.view.runs_removed
        if all(len(r) == 13 for r in runs) and self.rules.run_order == "down":
            return None
        return tuple(r[0] for r in runs)

    def face_up_at(self, col: int, index: int) -> bool:
        """Is card ``index`` of column ``col`` face up and in play?"""
        p = self._piles[col]
        return p.down <= index < len(p.cards)

    def foundation_mark(self, code: int) -> str:
        """What an empty card-by-card foundation shows: the rank (and suit) it starts with."""
        group = self.rules.foundation_of[code - FOUND]
        return RANKS[group.base - 1].replace("T", "10") + (
            SUIT_GLYPHS[group.suits[0]] if group.suits else "")

    def shows_count(self, kind: int) -> bool:
        return kind in (WASTE_KIND, RESERVE_KIND) or (
            kind == CELL_KIND and self.rules.cell_capacity != 1)

    # ------------------------------------------------------------------ why not

    def lift_problem(self, code: int, index: int) -> str | None:
        """Why the cards from ``index`` on cannot be picked up from pile ``code`` (of another
        pile than a column, its top card), or None: the pile kind's own answer
        (:meth:`~spider_tui.engine.kinds.base.PileKind.lift_problem`)."""
        p = self._piles[code]
        try:
            return KINDS[p.kind].lift_problem(self.rules, p, index)
        except RuleFailure as e:  # a plugin's why_not_linked message that is not one
            self.game.rule_failed(e)
            return str(e)

    def foundation_words(self, code: int) -> str:
        """What a card-by-card foundation holds and takes next, in a player's words."""
        cards = self.cards(code)
        group = self.rules.foundation_of[code - FOUND]
        name = describe_pile(code)
        name = name[:1].upper() + name[1:]
        held = (f"{len(cards)} card{'s' if len(cards) != 1 else ''}, {glyph(cards[-1])} on top"
                if cards else "empty")
        nxt = group.needs(cards[-1] if cards else None)
        back = "" if group.take_back else "; cards put there stay"
        takes = "it is full" if nxt == "nothing more" else f"it takes {nxt} next"
        return f"{name}: {held}; {takes}{back}"

    # ------------------------------------------------------------------ where cards may go

    def legal_targets(self, src: int, count: int | None) -> tuple[int, ...]:
        """Every pile the cards may go to: the legal moves' targets, and the empty cells and
        foundations alike to an empty one among them (the moves list one for all)."""
        game = self.game
        out: list[int] = []
        for m in game.legal_moves():
            if m.is_deal or m.src != src or (count is not None and m.count != count):
                continue
            if m.dst not in out:
                out.append(m.dst)
        empty_kinds = {code_kind(d) for d in out
                       if d >= CELL and code_kind(d) in (CELL_KIND, FOUNDATION_KIND)
                       and not self.cards(d)}
        for code in self.rules.pile_codes:
            if (code >= CELL and code not in out and code_kind(code) in empty_kinds
                    and not self.cards(code) and game.is_legal(Move(src, code, count))):
                out.append(code)
        return tuple(out)

    def move_for(self, src: int, count: int | None, dst: int, anywhere: bool = False) -> Move:
        """The move of the picked-up cards onto ``dst`` (with ``anywhere``, onto the best pile
        of its kind: a free cell, a foundation); IllegalMove says why there is none."""
        game = self.game
        legal = [m for m in game.legal_moves()
                 if not m.is_deal and m.src == src
                 and (m.dst == dst or (anywhere and same_kind(m.dst, dst)))
                 and (count is None or m.count == count)]
        if legal and anywhere:
            return max(legal, key=lambda m: rank_move(game, m).key)
        if legal:
            return max(legal, key=lambda m: m.count or 0)
        return game.resolve(Move(src, dst, count, explicit=count is not None,
                                 anywhere=anywhere))


def same_kind(dst: int, kind_of: int) -> bool:
    """Is ``dst`` a pile of the kind ``kind_of`` stands for (``CELL``: any free cell;
    ``RUNS``: the runs' foundation or any card-by-card one)?"""
    if kind_of == RUNS:
        return dst == RUNS or (dst >= 0 and code_kind(dst) == FOUNDATION_KIND)
    return dst >= 0 and code_kind(dst) == code_kind(kind_of)
