"""Cards picked up and waiting for a place: what a tap, a pile's key or a click picks up, the
places lit for them, and where they go (a second tap, one-tap moves, a drop).

The selector works out the move the player means and has the screen play it
(:meth:`GameScreen.play_move`); it never changes the game itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ....engine import RUNS, IllegalMove, Move
from ....engine.cards import glyph
from ....engine.piles import (
    CELL,
    CELL_KIND,
    COLUMN,
    FOUNDATION_KIND,
    WASTE,
    code_kind,
    describe_pile,
)
from ...hits import CardHit, FoundationHit, Hit, PileHit
from ...layout import BACK, BACKS, CARD, FACE
from ...ranking import best_tier, column_moves, destinations, rank_move, sensible_moves
from ...table_facts import same_kind

if TYPE_CHECKING:
    from . import GameScreen


@dataclass
class Selection:
    """Cards picked up and waiting for a destination."""

    #: The pile they come from: a pile code (a column's 0-based number, ``CELL + j``...).
    src: int
    #: How many cards; ``None`` when a column was picked by its number (the target decides).
    count: int | None
    #: Destinations to highlight, pile codes (``RUNS`` for the runs' foundation).
    targets: tuple[int, ...] = ()
    #: What taking the same cards again plays (the best move), if anything.
    best: Move | None = None
    #: Made with the mouse: an illegal drop then drops the selection too.
    mouse: bool = True
    #: Left picked up by a one-tap click (places alike, or none useful), its places lit: a
    #: click on a card they cannot go to means that card, not a drop there.
    tapped: bool = False


class Selector:
    """Owns the selection (:class:`Selection`, None when nothing is picked up)."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.selection: Selection | None = None

    # ------------------------------------------------------------------ picking up

    def select(self, col: int, count: int | None, *, mouse: bool) -> None:
        screen = self.screen
        targets = screen.facts.legal_targets(col, count)
        if count is None:
            ranked = column_moves(screen.game, col)
        else:
            ranked = destinations(screen.game, col, count)
        # What taking the same cards again plays: never a move that breaks a joined run.
        best = next((r.move for r in ranked if not r.penalised), None)
        self.selection = Selection(col, count, targets, best, mouse)
        if not targets:
            screen.say("These cards have nowhere to go now (Esc puts them back)")
        screen.refresh_board()

    def cancel(self) -> None:
        self.selection = None
        self.screen.refresh_board()

    def drop(self, dst: int, anywhere: bool = False) -> None:
        sel = self.selection
        assert sel is not None
        screen = self.screen
        try:
            move = screen.facts.move_for(sel.src, sel.count, dst, anywhere)
        except IllegalMove as e:
            screen.refuse(e)
            if sel.mouse:
                self.selection = None
            screen.refresh_board()
            return
        screen.play_move(move)

    def dragged_move(self, src: int, count: int, dst: int) -> Move:
        """The move of ``count`` cards dragged from pile ``src`` to ``dst``; raises
        IllegalMove with the reason when there is none."""
        facts = self.screen.facts
        if not count:
            raise IllegalMove(f"{describe_pile(src)} is empty")
        problem = facts.lift_problem(src, len(facts.cards(src)) - count)
        if problem:
            raise IllegalMove(problem)
        return facts.move_for(src, count, dst)

    # ------------------------------------------------------------------ the mouse

    def click(self, target: Hit) -> None:
        """A click (pressed and released on one spot) on a pile, a card or the runs'
        foundation. With nothing picked up only a card or a foundation answers it; with cards
        picked up, anywhere in another column's lane puts them there (but for cards a one-tap
        click left picked up: a card of a column they cannot go to is meant then, :meth:`tap`)."""
        if isinstance(target, FoundationHit):
            self.tap_foundation()
            return
        if isinstance(target, PileHit):
            self.tap_pile(target.code)
            return
        assert isinstance(target, CardHit)
        col, kind, index = target.col, target.kind, target.index
        sel = self.selection
        if kind in (CARD, FACE):
            self.tap(col, index)
        elif sel is not None and col != sel.src:
            self.drop(col)
        elif sel is not None:
            self.cancel()  # the felt of the cards' own column: put them back
        elif kind in (BACK, BACKS):
            self.screen.refuse(self.screen.facts.lift_problem(col, index)
                               or "that card is face down")

    def tap(self, col: int, index: int) -> None:
        """A click on card ``index`` of pile ``col`` (a column; another pile's top card)."""
        screen = self.screen
        sel = self.selection
        a = screen.facts.cards(col)
        if sel is not None:
            if col == sel.src:
                if screen.app.config.one_tap and sel.best is not None:
                    screen.play_move(sel.best)
                else:
                    self.cancel()
                return
            if not sel.tapped or col in sel.targets or not a:
                self.drop(col)
                return
            # Left by a one-tap click, and a card where they cannot go clicked: the player
            # means that card now, as a click with nothing picked up (these go back).
            self.selection = None
        if code_kind(col) != COLUMN:
            index = len(a) - 1
        problem = screen.facts.lift_problem(col, index)
        if problem:
            screen.refuse(problem)
            return
        count = len(a) - index
        if screen.app.config.one_tap:
            self.one_tap(col, count)
        else:
            self.select(col, count, mouse=True)

    def tap_pile(self, code: int) -> None:
        """A click on a pile of the top row (not the stock): its top card, as a tap on a card;
        with cards picked up, put them there (cards a one-tap click left picked up, where
        they cannot go: the pile's card is meant, as a click with nothing picked up)."""
        sel = self.selection
        if sel is not None and sel.tapped and sel.src != code and code not in sel.targets and \
                self.screen.facts.cards(code):
            self.selection = None
        if self.selection is None and code_kind(code) == FOUNDATION_KIND:
            problem = self.screen.facts.lift_problem(code, -1)
            if problem:
                self.screen.say(self.screen.facts.foundation_words(code))
                return
        self.tap(code, -1)

    def tap_foundation(self) -> None:
        """The runs' foundation clicked (or chosen with the cursor)."""
        if self.selection is not None:
            self.drop(RUNS)
            return
        game = self.screen.game
        if game.rules.auto_remove:
            self.screen.say(f"{game.runs_removed} of {game.rules.win_runs} runs done; "
                            "complete runs come here by themselves")
        else:
            self.screen.say("Pick up a complete King-to-Ace run, then click here")

    def one_tap(self, col: int, count: int) -> None:
        """Play the clearly best place at once; light the places up and let the player click
        one when several are as good, or when every place breaks a run joined in suit."""
        screen = self.screen
        ranked = destinations(screen.game, col, count)
        a = screen.facts.cards(col)
        card = glyph(a[len(a) - count])
        if not ranked:
            screen.refuse(f"{card} has nowhere to go")
            return
        if ranked[0].penalised:
            self.selection = Selection(col, count, tuple(r.move.dst for r in ranked), None,
                                       tapped=True)
            screen.say(f"{card} has nowhere useful to go; click a lit place (or drag it there) "
                       "to move it anyway", "warning")
            screen.refresh_board()
            return
        tier = best_tier(ranked)
        if len(tier) == 1:
            screen.play_move(tier[0].move)
            return
        self.selection = Selection(col, count, tuple(r.move.dst for r in tier), tier[0].move,
                                   tapped=True)
        screen.say("As good in more than one place: click where (the cards again: the first)")
        screen.refresh_board()

    # ------------------------------------------------------------------ keys

    def pick_pile(self, code: int) -> None:
        """Pick up the top card of pile ``code`` from the keyboard (a foundation that keeps
        its cards says what it holds)."""
        screen = self.screen
        problem = screen.facts.lift_problem(code, -1)
        if problem:
            if code_kind(code) == FOUNDATION_KIND and screen.facts.cards(code):
                screen.say(screen.facts.foundation_words(code))
            else:
                screen.refuse(problem)
            return
        self.select(code, 1, mouse=False)

    def column_key(self, col: int) -> bool:
        """Column ``col`` named by its key: True when its cards are to be picked up (the
        screen puts the cursor there and picks them up), False when the key has done its job
        (played, put down, or refused)."""
        screen = self.screen
        if col >= len(screen.columns):
            screen.refuse(f"there is no column {col + 1} (this game has {len(screen.columns)})")
            return False
        if self.again_or_drop(col):
            return False
        pile = screen.facts.pile(col)
        if not pile.cards:
            screen.refuse(f"column {col + 1} is empty")
            return False
        if not pile.movable:
            screen.refuse(f"column {col + 1} has no face-up card")
            return False
        return True

    def again_or_drop(self, code: int) -> bool:
        """Cards picked up, and pile ``code`` named by its key: from it, its best move (or
        put back); from elsewhere, put there. False when nothing is picked up."""
        sel = self.selection
        if sel is None:
            return False
        if sel.src == code:
            if sel.best is not None:
                self.screen.play_move(sel.best)
            else:
                self.cancel()
        else:
            self.drop(code)
        return True

    def waste_key(self) -> None:
        """Pick up the waste's top card (again: its best place); cards picked up elsewhere go
        there, where the rules allow."""
        if WASTE not in self.screen.game.rules.pile_codes:
            self.screen.refuse("this game has no waste")
            return
        if not self.again_or_drop(WASTE):
            self.pick_pile(WASTE)

    def cells_key(self) -> None:
        """Cards picked up from elsewhere go to a free cell (the best that takes them); with
        nothing picked up (or a cell's card), pick up the card of the next cell that has one."""
        screen = self.screen
        cells = [c for c in screen.game.rules.pile_codes
                 if c >= 0 and code_kind(c) == CELL_KIND]
        if not cells:
            screen.refuse("this game has no free cells")
            return
        sel = self.selection
        if sel is not None and sel.src not in cells:
            self.drop(CELL, anywhere=True)
            return
        start = cells.index(sel.src) + 1 if sel is not None else 0
        for code in cells[start:] + cells[:start]:
            if screen.facts.lift_problem(code, -1) is None:
                self.select(code, 1, mouse=False)
                return
        screen.refuse("the free cells are empty")

    def foundation_key(self) -> None:
        """Cards picked up go to a foundation; with none, the best card (or run) for one."""
        screen = self.screen
        if self.selection is not None:
            self.drop(RUNS, anywhere=True)
            return
        game = screen.game
        rules = game.rules
        moves = [m for m in sensible_moves(game)
                 if not m.is_deal and same_kind(m.dst, RUNS)]
        if moves:
            screen.play_move(max(moves, key=lambda m: rank_move(game, m).key))
            return
        if rules.foundations:
            screen.refuse("no card can go to a foundation now")
            return
        screen.refuse("no column ends with a complete King-to-Ace run"
                      if not rules.auto_remove else
                      "complete runs leave the table by themselves in this game")
