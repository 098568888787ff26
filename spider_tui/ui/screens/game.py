"""The game screen: the table, and everything a tap, a drag or a key does to it.

The screen never changes the game itself: it works out which move the player means and asks the
app to play it (:meth:`SpiderApp.act`), then redraws. What is drawn is rebuilt from the game and
a little interaction state (the selection, the keyboard cursor, a drag, the hint on show) into
plain views that each widget compares with what it already shows.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Offset
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from ...actions import BOARD, bindings, keys_of
from ...engine import RUNS, WON, Game, IllegalMove, Move, RuleFailure, Step
from ...engine.cards import RANK, glyph
from ...engine.piles import (
    CELL,
    CELL_KIND,
    COLUMN,
    FOUNDATION_KIND,
    RESERVE_KIND,
    STOCK,
    WASTE,
    WASTE_KIND,
    code_kind,
    describe_pile,
    pile_name,
)
from .. import finishing, motion
from ..hinting import DemoPlayer, HintView, describe, get_hints
from ..hits import CardHit, FoundationHit, Hit, PileHit, StockHit, source, spot
from ..layout import (
    BACK,
    BACKS,
    CARD,
    FACE,
    MORE_DOWN,
    MORE_UP,
    TALL_HEIGHT,
    TopPlan,
    card_width,
    min_size_with_piles,
    top_plan,
)
from ..progress import progress, run_slots, won_words
from ..ranking import best_tier, column_moves, destinations, rank_move, sensible_moves
from ..table_facts import TableFacts, same_kind
from ..widgets.celebration import Celebration
from ..widgets.column import Column, ColumnView
from ..widgets.drag_ghost import DragGhost
from ..widgets.foundations import Foundations
from ..widgets.key_bar import KeyBar
from ..widgets.message_bar import MessageBar
from ..widgets.palette import Palette
from ..widgets.piles import PileSlot, PileSlotView
from ..widgets.sprite import CardSprite
from ..widgets.status_bar import StatusBar, clock
from ..widgets.stock import Stock

if TYPE_CHECKING:
    from ..host import Host

DEMO_STEP_SECONDS = 0.45
#: Finish for me plays faster than the demo: there is nothing left to watch for.
FINISH_STEP_SECONDS = 0.12
FLASH_SECONDS = 1.6


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


@dataclass
class Press:
    """A mouse button held down on the table, which may become a drag."""

    #: What was pressed, as the widget under the pointer says (:meth:`GameScreen._hit`).
    target: Hit
    start: Offset
    dragging: bool = False
    #: The pointer left the spot pressed: the release is no click.
    moved: bool = False
    count: int = 0
    targets: tuple[int, ...] = ()
    over: Hit | None = None


@dataclass
class HintState:
    key: tuple
    hints: list[HintView] = field(default_factory=list)
    index: int = 0


class Table(Vertical):
    """The stock, the foundations and the columns: the part of the screen that takes the mouse."""


def top_order(game: Game) -> tuple[list[int], list[int]]:
    """The piles beyond the columns as the top row shows them: on the left, after the stock,
    the waste, the free cells and the reserves; on the right the card-by-card foundations."""
    codes = [c for c in game.rules.pile_codes if c >= CELL]
    left = [c for c in codes if code_kind(c) == WASTE_KIND]
    left += [c for c in codes if code_kind(c) in (CELL_KIND, RESERVE_KIND)]
    right = [c for c in codes if code_kind(c) == FOUNDATION_KIND]
    return left, right


class Board(Horizontal):
    """The columns, side by side, every one as wide as the others (``1fr`` each would hand the
    cells left over to some columns only: 5 and 6, 10 and 11 cells); what is left over is
    shared out to the left and the right of the board."""

    def on_resize(self, event: events.Resize) -> None:
        self.even_out()

    def even_out(self) -> None:
        columns = list(self.query_children(Column))
        width = self.size.width
        if not columns or not width:
            return
        each = max(1, width // len(columns))
        left = max(0, width - each * len(columns)) // 2
        for i, col in enumerate(columns):
            col.styles.width = each
            col.styles.margin = (0, 0, 0, left if i == 0 else 0)


class GameScreen(Screen[None]):
    #: A tall terminal gets card-sized stock and foundations.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (TALL_HEIGHT, "-tall")]
    BINDINGS = bindings(BOARD)

    app: Host  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__(id="game-screen")
        self.palette = Palette()
        self.status_bar = StatusBar()
        self.stock = Stock(self.palette)
        self.foundations = Foundations(self.palette)
        self.info = Static("", id="info", markup=False)
        self.message_bar = MessageBar()
        self.ghost = DragGhost(self.palette)
        self.table = Table(id="table")
        self.too_small = Static("", id="too-small", markup=False)
        self.footer = KeyBar()
        self.columns: list[Column] = []
        #: The piles of the top row beyond the columns (cells, reserves, foundations, waste).
        self.piles: list[PileSlot] = []
        self.top_plan: TopPlan | None = None
        self.selection: Selection | None = None
        self.press: Press | None = None
        self.cursor_col = 0
        self.cursor_idx: int | None = None
        #: The keyboard cursor on the top row: a pile code, ``STOCK`` or ``RUNS`` (the
        #: runs' foundation); None when it is on the columns.
        self.cursor_top: int | None = None
        self.cursor_visible = False
        self.hint: HintState | None = None
        self.hint_shown: HintView | None = None
        self.flash: set[int] = set()
        #: Face-up cards of this rank are lit (right button held on a card, or the key).
        self.same_rank: int | None = None
        self._flash_timer: Timer | None = None
        self.demo_timer: Timer | None = None
        #: What plays while the demo runs (or Finish for me plays the game out), and its name.
        self.demo_player: Any = None
        self.demo_name = "Demo"
        #: ``(id(game), game.actions)`` while the solver looks for a way to finish the game.
        self.finding: tuple[int, int] | None = None
        self.last_message = ""
        self._info = ""
        self.motion = motion.Animator(self)
        self._sprites: list[CardSprite] = []
        self.celebration_view = Celebration(self.palette)
        self._facts: TableFacts | None = None
        self._facts_key: tuple | None = None

    # ------------------------------------------------------------------ building

    def compose(self) -> ComposeResult:
        yield self.palette
        yield self.status_bar
        with self.table:
            with Horizontal(id="top"):
                yield self.stock
                yield self.info
                yield self.foundations
            yield Board(id="board")
        yield self.too_small
        yield self.message_bar
        yield self.ghost
        yield self.celebration_view
        yield self.footer

    def on_screen_suspend(self) -> None:
        self.app.board_covered(True)

    def on_screen_resume(self) -> None:
        self.app.board_covered(False)

    def on_mount(self) -> None:
        self.too_small.display = False
        self.message_bar.display = False
        self.load_game()
        # The sprites a deal needs (one a column), made while the player looks at the first
        # screen rather than when the first deal is dealt.
        self.set_timer(0.5, self._make_sprites)

    def _make_sprites(self) -> None:
        if motion.speed(self.app.config.animation) > 0:
            self.sprite(len(self.columns) + 1)

    @property
    def game(self) -> Game:
        return self.app.game

    def load_game(self) -> None:
        """Show the app's (new) game from scratch."""
        n = self.game.rules.columns
        board = self.query_one("#board", Board)
        if len(self.columns) > n:
            for col in self.columns[n:]:
                col.remove()
            del self.columns[n:]
            self.call_after_refresh(board.even_out)
        elif len(self.columns) < n:
            new = [Column(i, self.palette) for i in range(len(self.columns), n)]
            self.columns.extend(new)
            board.mount(*new)
            self.call_after_refresh(board.even_out)
        self.motion.finish()
        self.selection = None
        self.press = None
        self.hint = None
        self.hint_shown = None
        self.flash = set()
        self.cursor_col = min(self.cursor_col, n - 1)
        self.cursor_idx = None
        self.cursor_top = None
        self.stop_demo(quiet=True)
        self.finding = None
        self._load_piles()
        self._check_size()
        self.refresh_board()
        self.offer_finish()

    def _load_piles(self) -> None:
        """The top row's piles for this game: slots for cells, reserves, card foundations and
        the waste (mounted again only when the game's piles differ), and the runs'
        foundation where runs leave the table."""
        left, right = top_order(self.game)
        if [p.code for p in self.piles] != left + right:
            # A pile both games have keeps its slot: a slot's id is its pile's name, and a
            # removed widget leaves the screen only later, so a new slot of the same name
            # mounted now would clash with it (Spidercells' c1-c4, then Cicely's c1-c8).
            old = {slot.code: slot for slot in self.piles}
            for code, slot in old.items():
                if code not in left and code not in right:
                    slot.remove()
            top = self.query_one("#top", Horizontal)
            self.piles = []
            for code in left + right:
                slot = old.get(code)
                if slot is None:
                    slot = PileSlot(self._empty_view(code), self.palette)
                    top.mount(slot, before=self.info)
                self.piles.append(slot)
            # In order: the left ones before the message, the right ones after it.
            for slot in self.piles[:len(left)]:
                top.move_child(slot, before=self.info)
            for slot in reversed(self.piles[len(left):]):
                top.move_child(slot, after=self.info)
            self.top_plan = None  # the new slots get their widths
        self.set_class(bool(self.piles), "-piles")
        self.stock.display = self._has_stock()
        self.foundations.display = run_slots(self.game.rules) > 0
        self._fit_top()

    def _has_stock(self) -> bool:
        """Does this game have a stock (a game dealt whole at the start has none to show)?"""
        rules = self.game.rules
        return rules.stock_size > 0 or rules.deal_to == "waste"

    @staticmethod
    def _empty_view(code: int) -> PileSlotView:
        return PileSlotView(code, pile_name(code), code_kind(code))

    def _fit_top(self) -> None:
        """Share the top row's width out among the stock, the piles and the runs' foundation
        (a game of columns alone keeps the stylesheet's layout)."""
        top = self.query_one("#top", Horizontal)
        if not self.piles:
            if self.top_plan is not None:
                self.top_plan = None
                top.styles.height = None
                self.stock.styles.width = None
                self.foundations.styles.width = None
            return
        w, h = self.size.width, self.size.height
        if not w or not h:
            return
        rules = self.game.rules
        waste = any(p.view.kind == WASTE_KIND for p in self.piles)
        ideal = card_width(w // max(1, rules.columns)) + 1
        plan = top_plan(w, piles=len(self.piles) - waste, waste=waste,
                        run_slots=run_slots(rules), screen_height=h, ideal_slot=ideal,
                        stock=self._has_stock())
        if plan == self.top_plan:
            return
        self.top_plan = plan
        top.styles.height = plan.height
        self.stock.styles.width = plan.stock or None
        self.foundations.styles.width = plan.runs or None
        for slot in self.piles:
            slot.styles.width = plan.waste if slot.view.kind == WASTE_KIND else plan.slot
        self.refresh_board()

    # ------------------------------------------------------------------ drawing

    def refresh_board(self) -> None:
        game = self.game
        facts = self.facts
        four = self.app.config.four_colour
        sel = self.selection
        drag = self.press if self.press is not None and self.press.dragging else None
        targets = set(drag.targets if drag else sel.targets if sel else ())
        hint_move = self.hint_shown.move if self.hint_shown else None
        dragged = source(drag.target) if drag is not None and drag.count else None
        for i, column in enumerate(self.columns):
            pile = facts.pile(i)
            cards = pile.cards
            n = len(cards)
            selected_from = -1
            if dragged == i and drag is not None:
                selected_from = n - drag.count
            elif sel is not None and sel.src == i:
                selected_from = n - sel.count if sel.count else pile.lift_from
            hint_from = -1
            hint_target = False
            if hint_move is not None and not hint_move.is_deal:
                if hint_move.src == i:
                    hint_from = n - (hint_move.count or 1)
                hint_target = hint_move.dst == i
            cursor = None
            if self.cursor_visible and self.cursor_top is None and self.cursor_col == i:
                cursor = self._cursor_card(i) if cards else -1
            column.show(ColumnView(
                number=i + 1, cards=cards, down=pile.down, shown=pile.shown,
                lift_from=pile.lift_from,
                selected_from=selected_from, hint_from=hint_from, target=i in targets,
                hint_target=hint_target, cursor=cursor, flash=i in self.flash,
                four_colour=four, same_rank=self.same_rank,
                hidden_from=self.motion.hidden.get(i, -1)))
        for slot in self.piles:
            slot.show(self._pile_view(slot.code, targets, hint_move, dragged))
        hinted = bool(hint_move and hint_move.is_deal)
        on_top = self.cursor_top if self.cursor_visible else None
        if game.rules.deal_to == "waste":
            self.stock.show(game.deals_left, hinted,
                            word="turn" if game.deals_left == 1 else "turns",
                            redeal=facts.redeals_used < game.rules.redeals,
                            cursor=on_top == STOCK)
        else:
            self.stock.show(game.deals_left, hinted=hinted, cursor=on_top == STOCK)
        self.foundations.show(
            run_slots(game.rules), facts.runs_done,
            target=RUNS in targets or bool(hint_move and hint_move.dst == RUNS),
            four_colour=four, hidden=frozenset(self.motion.hidden_slots),
            firsts=facts.run_firsts,
            cursor=on_top == RUNS)
        self.refresh_status()
        info = self._info_text()
        if self.piles and self.info.size.width < len(info):
            info = ""  # no room between the piles: the lit places and the message bar tell
        if info != self._info:
            self._info = info
            self.info.update(info, layout=False)

    def _pile_view(self, code: int, targets: set[int], hint_move: Move | None,
                   dragged: int | None) -> PileSlotView:
        """What the slot of pile ``code`` (not a column) shows now."""
        facts = self.facts
        pile = facts.pile(code)
        kind = pile.kind
        cards = pile.cards
        fan = self.top_plan.fan if self.top_plan is not None and kind == WASTE_KIND else 1
        mark = facts.foundation_mark(code) if kind == FOUNDATION_KIND else ""
        sel = self.selection
        moving = hint_move is not None and not hint_move.is_deal
        return PileSlotView(
            code=code, label=pile_name(code), kind=kind,
            cards=tuple(cards[-fan:]) if cards else (), count=len(cards),
            show_count=facts.shows_count(kind), movable=pile.movable, empty_mark=mark,
            selected=dragged == code or (dragged is None and sel is not None
                                         and sel.src == code),
            target=code in targets,
            hint_from=moving and hint_move.src == code,
            hint_target=moving and hint_move.dst == code,
            cursor=self.cursor_visible and self.cursor_top == code,
            four_colour=self.app.config.four_colour)

    def refresh_status(self) -> None:
        game = self.game
        rules = game.rules
        label, figure = progress(game)
        self.status_bar.show(
            name=rules.name, house_rules=",".join(rules.house_rules),
            deal=str(game.deal) if game.deal is not None else "custom",
            score=str(game.score), moves=str(game.actions), time=clock(game.elapsed),
            runs=figure, progress=label,
            deals=str(game.deals_left) if self._has_stock() else "")
        self.app.report_news()  # a plugin's scheme or variant that failed just now, say

    def _info_text(self) -> str:
        if self.demo_timer is not None:
            return f"{self.demo_name}: any key stops"
        if self.finding is not None:
            return "Looking for the win…"
        if self.press is not None and self.press.dragging:
            return "Drop on a highlighted column" if not self.piles else "Drop on a lit place"
        sel = self.selection
        if sel is not None:
            where = ", ".join("foundation" if t == RUNS else pile_name(t)
                              for t in sel.targets)
            name = describe_pile(sel.src)
            name = name[:1].upper() + name[1:]
            return f"{name} to: {where}" if where else f"{name}: no place to go (Esc)"
        if finishing.can_finish(self.game):
            return f"{self.key_label('finish')}: finish for me"
        return ""

    # ------------------------------------------------------------------ messages

    def say(self, text: str, severity: str = "information") -> None:
        """Tell the player something (one line over the key bar for a few seconds)."""
        self.last_message = text
        self.message_bar.say(text, severity)

    def refuse(self, error: IllegalMove | str) -> None:
        reason = str(error)
        self.say(reason[:1].upper() + reason[1:], "warning")

    def flash_columns(self, columns: list[int]) -> None:
        self.flash = set(columns)
        if self._flash_timer is not None:
            self._flash_timer.stop()
        self._flash_timer = self.set_timer(FLASH_SECONDS, self._end_flash)
        self.refresh_board()

    def _end_flash(self) -> None:
        self.flash = set()
        self.refresh_board()

    # ------------------------------------------------------------------ playing

    def perform(self, kind: str, move: Move | None = None, *, dragged: bool = False) -> bool:
        """Ask the app to play; a refusal is explained and changes nothing. The cards then
        move to their places on the screen (:meth:`animate`), but for cards the player has
        dragged there (``dragged``)."""
        self.motion.finish()
        scale = motion.speed(self.app.config.animation)
        before = self.table_now() if scale > 0 and self.is_mounted else None
        could_finish = finishing.can_finish(self.game)
        try:
            step = self.app.act(kind, move)
        except IllegalMove as e:
            self.refuse(e)
            self.refresh_board()
            return False
        self.selection = None
        self.hint_shown = None
        self.message_bar.clear()
        self.refresh_board()
        if before is not None:
            self.animate(kind, step, before, scale, slide=not dragged)
        if not could_finish:
            self.offer_finish()
        return True

    # ------------------------------------------------------------------ animation

    def animate(self, kind: str, step: Step, before: motion.Table, scale: float, *,
                slide: bool = True) -> None:
        """Show ``step`` (just played) moving the cards from where they were in ``before``
        (``slide`` False: the moved cards are in place already, only a finished run flies)."""
        effects = motion.plan(kind, step, before, self.table_now(), scale, slide=slide)
        if self.game.status == WON and kind != "undo":
            effects.append(motion.celebration(scale))
        self.motion.play(effects)

    def table_now(self) -> motion.Table:
        """Where everything is drawn now (for :mod:`~spider_tui.ui.motion`)."""
        facts = self.facts
        spots = []
        for column in self.columns:
            places, end = column.card_places()
            spots.append(motion.Spot(places, end, max(4, column.card_span()[1])))
        stock = self.stock.region
        return motion.Table(
            spots, [facts.cards(i) for i in range(len(self.columns))],
            stock.offset + Offset(1, stock.height // 2),
            [self.foundations.slot_offset(i) for i in range(self.game.rules.win_runs)],
            len(facts.runs_done))

    def sprite(self, n: int) -> CardSprite:
        """The ``n``th card sprite (made, and mounted over the table, when first needed)."""
        while len(self._sprites) <= n:
            sprite = CardSprite(self.palette)
            self._sprites.append(sprite)
            self.mount(sprite)
        return self._sprites[n]

    def celebration(self, on: bool, t: float) -> None:
        view = self.celebration_view
        if on:
            region = self.table.region
            if not view.display:
                view.styles.offset = (region.x, region.y)
                view.styles.width, view.styles.height = region.width, region.height
                view.display = True
            view.show_at(t)
        elif view.display:
            view.display = False

    def motion_changed(self) -> None:
        """Cards left or came back to their places (an animation began or a flight landed)."""
        self.refresh_board()

    def play_move(self, move: Move) -> bool:
        return self.perform("move", move)

    def deal(self) -> None:
        refusal = self.game.deal_refusal()
        if refusal:
            self.refuse(refusal)
            facts = self.facts
            empties = facts.empty_columns
            if empties and facts.stock_left:
                self.flash_columns(empties)
            return
        self.perform("deal", Move.deal())

    # ------------------------------------------------------------------ choosing moves

    @property
    def facts(self) -> TableFacts:
        """The table as it is now (made again once the game has changed)."""
        game = self.game
        key = (game, game.actions, len(game.history), len(game.redo_stack))
        if self._facts is None or self._facts_key != key:
            self._facts = TableFacts(game)
            self._facts_key = key
        return self._facts

    def _cards(self, code: int) -> tuple[int, ...]:
        """The cards of pile ``code`` (a column's number or another pile's code)."""
        return self.facts.cards(code)

    def _lift_problem(self, code: int, index: int) -> str | None:
        return self.facts.lift_problem(code, index)

    def _legal_targets(self, src: int, count: int | None) -> tuple[int, ...]:
        return self.facts.legal_targets(src, count)

    def tap(self, col: int, index: int) -> None:
        """A click on card ``index`` of pile ``col`` (a column; another pile's top card)."""
        sel = self.selection
        if sel is not None:
            if col == sel.src:
                if self.app.config.one_tap and sel.best is not None:
                    self.play_move(sel.best)
                else:
                    self.cancel_selection()
                return
            self.drop(col)
            return
        a = self._cards(col)
        if code_kind(col) != COLUMN:
            index = len(a) - 1
        problem = self._lift_problem(col, index)
        if problem:
            self.refuse(problem)
            return
        count = len(a) - index
        if self.app.config.one_tap:
            self.one_tap(col, count)
        else:
            self.select(col, count, mouse=True)

    def tap_pile(self, code: int) -> None:
        """A click on a pile of the top row (not the stock): its top card, as a tap on a card;
        with cards picked up, put them there."""
        if self.selection is None and code_kind(code) == FOUNDATION_KIND:
            problem = self._lift_problem(code, -1)
            if problem:
                self.say(self._foundation_words(code))
                return
        self.tap(code, -1)

    def _foundation_words(self, code: int) -> str:
        return self.facts.foundation_words(code)

    def one_tap(self, col: int, count: int) -> None:
        """Play the clearly best place at once; light the places up and let the player click
        one when several are as good, or when every place breaks a run joined in suit."""
        ranked = destinations(self.game, col, count)
        a = self._cards(col)
        card = glyph(a[len(a) - count])
        if not ranked:
            self.refuse(f"{card} has nowhere to go")
            return
        if ranked[0].penalised:
            self.selection = Selection(col, count, tuple(r.move.dst for r in ranked), None)
            self.say(f"{card} has nowhere useful to go; click a lit place (or drag it there) "
                     "to move it anyway", "warning")
            self.refresh_board()
            return
        tier = best_tier(ranked)
        if len(tier) == 1:
            self.play_move(tier[0].move)
            return
        self.selection = Selection(col, count, tuple(r.move.dst for r in tier), tier[0].move)
        self.say("As good in more than one place: click where (the cards again: the first)")
        self.refresh_board()

    def select(self, col: int, count: int | None, *, mouse: bool) -> None:
        targets = self._legal_targets(col, count)
        if count is None:
            ranked = column_moves(self.game, col)
        else:
            ranked = destinations(self.game, col, count)
        # What taking the same cards again plays: never a move that breaks a joined run.
        best = next((r.move for r in ranked if not r.penalised), None)
        self.selection = Selection(col, count, targets, best, mouse)
        if not targets:
            self.say("These cards have nowhere to go now (Esc puts them back)")
        self.refresh_board()

    def cancel_selection(self) -> None:
        self.selection = None
        self.refresh_board()

    def _move_for(self, src: int, count: int | None, dst: int, anywhere: bool = False) -> Move:
        return self.facts.move_for(src, count, dst, anywhere)

    def drop(self, dst: int, anywhere: bool = False) -> None:
        sel = self.selection
        assert sel is not None
        try:
            move = self._move_for(sel.src, sel.count, dst, anywhere)
        except IllegalMove as e:
            self.refuse(e)
            if sel.mouse:
                self.selection = None
            self.refresh_board()
            return
        self.play_move(move)

    # ------------------------------------------------------------------ the mouse

    def _hit(self, screen_x: int, screen_y: int) -> Hit | None:
        """What the pointer is over, as the widget there says of itself (``hit_at``), or None.
        Cards drawn over the table (the dragged cards, cards on their way) are looked through:
        a click means what lies under them."""
        try:
            widget, region = next(((w, r) for w, r in self.get_widgets_at(screen_x, screen_y)
                                   if not isinstance(w, (CardSprite, Celebration))),
                                  (None, None))
        except Exception:  # noqa: BLE001 - off the screen (a resize under the pointer)
            return None
        if widget is None or region is None or not hasattr(widget, "hit_at"):
            return None
        return widget.hit_at(screen_x - region.x, screen_y - region.y)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self.motion.finish()  # the cards are where the click means them to be
        if self.demo_timer is not None or self.finding is not None:
            self.stop_autoplay()
            return
        if event.button == 3:
            self._light_rank_at(self._hit(event.screen_x, event.screen_y))
            return
        if event.button not in (0, 1):
            return
        target = self._hit(event.screen_x, event.screen_y)
        if target is None:
            return
        self.press = Press(target, Offset(event.screen_x, event.screen_y))
        self.table.capture_mouse()
        if self.cursor_visible:
            # The mouse takes over: the keyboard cursor goes away until a key brings it back.
            self.cursor_visible = False
            self.refresh_board()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        press = self.press
        if press is None:
            return
        over = self._hit(event.screen_x, event.screen_y)
        if not press.dragging and spot(over) != spot(press.target):
            press.moved = True  # no longer a click
            if self._draggable(press.target):
                self._start_drag(press)
        if press.dragging:
            press.over = over
            self._show_ghost(press, Offset(event.screen_x, event.screen_y))

    def _draggable(self, target: Hit) -> bool:
        """Only a face-up card can be dragged (with the cards below it); of another pile,
        its top card when it can be played."""
        if isinstance(target, PileHit):
            return self._lift_problem(target.code, -1) is None
        return isinstance(target, CardHit) and target.on_card

    def _start_drag(self, press: Press) -> None:
        target = press.target
        if isinstance(target, PileHit):
            col = target.code
            index = len(self._cards(col)) - 1
        else:
            assert isinstance(target, CardHit)
            col, index = target.col, target.index
        a = self._cards(col)
        press.count = max(0, len(a) - index) if a else 0
        press.dragging = True
        if press.count and self._lift_problem(col, index) is None:
            press.targets = self._legal_targets(col, press.count)
        self.selection = None
        self.hint_shown = None
        self.refresh_board()

    def _show_ghost(self, press: Press, at: Offset) -> None:
        """The cards being dragged, all of them, under the pointer."""
        src = source(press.target)
        assert src is not None
        a = self._cards(src)
        cards = tuple(a[len(a) - press.count:]) if press.count else ()
        if not cards:
            self.ghost.hide()
            return
        width = self.columns[src if code_kind(src) == COLUMN else 0].card_span()[1]
        self.ghost.follow(cards, at, width=max(4, width), four_colour=self.app.config.four_colour,
                          screen_height=self.size.height)

    def _end_press(self) -> Press | None:
        """The press the button was held for, now over (the drag image goes)."""
        press = self.press
        self.press = None
        self.table.release_mouse()
        self.ghost.hide()
        return press

    def on_mouse_up(self, event: events.MouseUp) -> None:
        self.light_rank(None)  # the right button let go
        press = self._end_press()
        if press is None:
            return
        over = self._hit(event.screen_x, event.screen_y)
        if not press.dragging and spot(over) != spot(press.target):
            # Released away from where it was pressed, with no motion reported in between.
            press.moved = True
            if self._draggable(press.target):
                self._start_drag(press)
        if press.dragging:
            self._drop_drag(press, over)
        elif not press.moved:
            self._click(press.target)

    def _click(self, target: Hit) -> None:
        """A click (pressed and released on one spot). With nothing picked up only a card, the
        stock or a foundation answers it; with cards picked up, anywhere in another column's
        lane puts them there."""
        if isinstance(target, StockHit):
            self.deal()
            return
        if isinstance(target, FoundationHit):
            self.tap_foundation()
            return
        if isinstance(target, PileHit):
            self.tap_pile(target.code)
            return
        col, kind, index = target.col, target.kind, target.index
        sel = self.selection
        if kind in (MORE_UP, MORE_DOWN):
            self.columns[col].scroll_cards(3 if kind == MORE_UP else -3)
        elif sel is not None and col != sel.src:
            self.drop(col)
        elif kind in (CARD, FACE):
            self.tap(col, index)
        elif sel is not None:
            self.cancel_selection()  # the felt of the cards' own column: put them back
        elif kind in (BACK, BACKS):
            self.refuse(self._lift_problem(col, index) or "that card is face down")

    def _drop_drag(self, press: Press, over: Hit | None) -> None:
        src = source(press.target)
        dst = RUNS if isinstance(over, FoundationHit) else (
            source(over) if over is not None else None)
        if src is None or dst is None or dst == src:
            self.refresh_board()  # dropped nowhere (or on the stock): the cards go back
            return
        try:
            if not press.count:
                raise IllegalMove(f"{describe_pile(src)} is empty")
            a = self._cards(src)
            problem = self._lift_problem(src, len(a) - press.count)
            if problem:
                raise IllegalMove(problem)
            move = self._move_for(src, press.count, dst)
        except IllegalMove as e:
            self.refuse(e)
            self.refresh_board()
            return
        self.perform("move", move, dragged=True)

    def tap_foundation(self) -> None:
        sel = self.selection
        if sel is not None:
            self.drop(RUNS)
            return
        if self.game.rules.auto_remove:
            self.say(f"{self.game.runs_removed} of {self.game.rules.win_runs} runs done; "
                     "complete runs come here by themselves")
        else:
            self.say("Pick up a complete King-to-Ace run, then click here")

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._scroll_at(event, -1)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._scroll_at(event, 1)

    def _scroll_at(self, event: events.MouseEvent, delta: int) -> None:
        target = self._hit(event.screen_x, event.screen_y)
        if isinstance(target, CardHit):
            self.columns[target.col].scroll_cards(delta)

    # ------------------------------------------------------------------ keys

    def on_key(self, event: events.Key) -> None:
        # Any key ends the animations at once (the game is there already), then does its job.
        self.motion.finish()
        if self.demo_timer is not None or self.finding is not None:
            event.stop()
            event.prevent_default()
            self.stop_autoplay()
            return
        if self.same_rank is not None:
            # Any key puts the lit cards out; the key that lit them does only that.
            self.light_rank(None)
            if event.key in self.keys_of("same_rank"):
                event.stop()
                event.prevent_default()

    # ------------------------------------------------------------------ cards of one rank

    def light_rank(self, rank: int | None) -> None:
        """Light every face-up card of ``rank`` (None: put them out)."""
        if rank != self.same_rank:
            self.same_rank = rank
            self.refresh_board()

    def _light_rank_at(self, target: Hit | None) -> None:
        """A right-click: the rank of the face-up card under the pointer, if any."""
        if isinstance(target, CardHit) and target.on_card and self.facts.face_up_at(
                target.col, target.index):
            self.light_rank(RANK[self._cards(target.col)[target.index]])

    def action_same_rank(self) -> None:
        """The key: the rank of the card at the keyboard cursor."""
        if not self.cursor_visible:
            self.cursor_visible = True
            self.refresh_board()
        col = self.cursor_col
        pile = self.facts.pile(col)
        if not pile.cards or pile.down >= len(pile.cards):
            self.refuse(f"column {col + 1} has no face-up card at the cursor")
            return
        self.light_rank(RANK[pile.cards[self._cursor_card(col)]])

    def _cursor_card(self, col: int) -> int:
        pile = self.facts.pile(col)
        a, down, lift = pile.cards, pile.down, pile.lift_from
        if not a:
            return -1
        idx = self.cursor_idx if self.cursor_idx is not None else lift
        if idx >= len(a):
            idx = lift if lift < len(a) else len(a) - 1
        return max(min(idx, len(a) - 1), down if down < len(a) else len(a) - 1)

    def action_cursor(self, dx: int, dy: int) -> None:
        n = len(self.columns)
        if not self.cursor_visible:
            self.cursor_visible = True
            if self.selection is not None:
                src = self.selection.src
                if code_kind(src) == COLUMN:
                    self.cursor_col, self.cursor_top = src, None
                else:
                    self.cursor_top = src
        elif self.cursor_top is not None:
            stops = self._top_stops()
            if dx and stops:
                here = stops.index(self.cursor_top) if self.cursor_top in stops else 0
                self.cursor_top = stops[(here + dx) % len(stops)]
            elif dy > 0:
                self.cursor_col = self._nearest(self._top_widget(self.cursor_top),
                                                self.columns)
                self.cursor_top = None
                self.cursor_idx = None
        elif dx:
            self.cursor_col = (self.cursor_col + dx) % n
            self.cursor_idx = None
        elif dy:
            pile = self.facts.pile(self.cursor_col)
            a = pile.cards
            # Up from the first face-up card: the top row. The face-up cards above the run
            # that can be picked up are stops too (to light their rank, or to be told why
            # they cannot be lifted).
            at_top = not a or self._cursor_card(self.cursor_col) <= pile.down
            if dy < 0 and at_top:
                stops = self._top_stops()
                widgets = [self._top_widget(c) for c in stops]
                if stops:
                    i = self._nearest(self.columns[self.cursor_col], widgets)
                    self.cursor_top = stops[i]
            elif a:
                idx = self._cursor_card(self.cursor_col) + dy
                self.cursor_idx = max(pile.down, min(len(a) - 1, idx))
                self.columns[self.cursor_col].reveal(self.cursor_idx)
        self.refresh_board()

    def _top_stops(self) -> list[int]:
        """Where the cursor goes on the top row, left to right: the stock (where the game has
        one), the piles, the runs' foundation (where runs are sent there by hand)."""
        stops = [STOCK] if self._has_stock() else []
        stops += [p.code for p in self.piles]
        if self.foundations.display and not self.game.rules.auto_remove:
            stops.append(RUNS)
        return stops

    def _top_widget(self, stop: int):
        if stop == STOCK:
            return self.stock
        if stop == RUNS:
            return self.foundations
        return next(p for p in self.piles if p.code == stop)

    @staticmethod
    def _nearest(widget, among) -> int:
        """The index of the widget of ``among`` whose middle is nearest ``widget``'s, across."""
        x = widget.region.x + widget.region.width / 2
        return min(range(len(among)),
                   key=lambda i: abs(among[i].region.x + among[i].region.width / 2 - x))

    def action_pick_drop(self) -> None:
        if not self.cursor_visible:
            self.cursor_visible = True
            self.refresh_board()
            return
        sel = self.selection
        if self.cursor_top is not None:
            stop = self.cursor_top
            if stop == STOCK:
                self.action_deal()
            elif stop == RUNS:
                if sel is not None:
                    self.drop(RUNS)
                else:
                    self.tap_foundation()
            elif sel is not None:
                if stop == sel.src:
                    self.cancel_selection()
                else:
                    self.drop(stop)
            else:
                self._pick_pile(stop)
            return
        col = self.cursor_col
        if sel is not None:
            if col == sel.src:
                self.cancel_selection()
            else:
                self.drop(col)
            return
        index = self._cursor_card(col)
        problem = self._lift_problem(col, index)
        if problem:
            self.refuse(problem)
            return
        self.select(col, len(self._cards(col)) - index, mouse=False)

    def _pick_pile(self, code: int) -> None:
        """Pick up the top card of pile ``code`` from the keyboard (a foundation that keeps
        its cards says what it holds)."""
        problem = self._lift_problem(code, -1)
        if problem:
            if code_kind(code) == FOUNDATION_KIND and self._cards(code):
                self.say(self._foundation_words(code))
            else:
                self.refuse(problem)
            return
        self.select(code, 1, mouse=False)

    def action_column(self, col: int) -> None:
        if col >= len(self.columns):
            self.refuse(f"there is no column {col + 1} (this game has {len(self.columns)})")
            return
        if self._again_or_drop(col):
            return
        pile = self.facts.pile(col)
        if not pile.cards:
            self.refuse(f"column {col + 1} is empty")
            return
        if not pile.movable:
            self.refuse(f"column {col + 1} has no face-up card")
            return
        self.cursor_col = col
        self.cursor_top = None
        self.cursor_idx = None
        self.select(col, None, mouse=False)

    def _again_or_drop(self, code: int) -> bool:
        """Cards picked up, and pile ``code`` named by its key: from it, its best move (or
        put back); from elsewhere, put there. False when nothing is picked up."""
        sel = self.selection
        if sel is None:
            return False
        if sel.src == code:
            if sel.best is not None:
                self.play_move(sel.best)
            else:
                self.cancel_selection()
        else:
            self.drop(code)
        return True

    def action_waste(self) -> None:
        """Pick up the waste's top card (again: its best place); cards picked up elsewhere go
        there, where the rules allow."""
        if WASTE not in self.game.rules.pile_codes:
            self.refuse("this game has no waste")
            return
        if not self._again_or_drop(WASTE):
            self._pick_pile(WASTE)

    def action_cells(self) -> None:
        """Cards picked up from elsewhere go to a free cell (the best that takes them); with
        nothing picked up (or a cell's card), pick up the card of the next cell that has one."""
        cells = [c for c in self.game.rules.pile_codes if c >= 0 and code_kind(c) == CELL_KIND]
        if not cells:
            self.refuse("this game has no free cells")
            return
        sel = self.selection
        if sel is not None and sel.src not in cells:
            self.drop(CELL, anywhere=True)
            return
        start = cells.index(sel.src) + 1 if sel is not None else 0
        for code in cells[start:] + cells[:start]:
            if self._lift_problem(code, -1) is None:
                self.select(code, 1, mouse=False)
                return
        self.refuse("the free cells are empty")

    def action_to_foundation(self) -> None:
        if self.selection is not None:
            self.drop(RUNS, anywhere=True)
            return
        rules = self.game.rules
        moves = [m for m in sensible_moves(self.game)
                 if not m.is_deal and same_kind(m.dst, RUNS)]
        if moves:
            self.play_move(max(moves, key=lambda m: rank_move(self.game, m).key))
            return
        if rules.foundations:
            self.refuse("no card can go to a foundation now")
            return
        self.refuse("no column ends with a complete King-to-Ace run"
                    if not rules.auto_remove else
                    "complete runs leave the table by themselves in this game")

    def action_cancel(self) -> None:
        if self.press is not None:
            # Esc during a drag: the cards go back, and the release that follows does nothing.
            self._end_press()
            self.refresh_board()
            return
        if self.selection is not None or self.hint_shown is not None:
            self.selection = None
            self.hint_shown = None
        else:
            self.cursor_visible = False
        self.message_bar.clear()
        self.refresh_board()

    def action_undo(self) -> None:
        if self.app.restarted() and self.perform("undo"):
            self.say("The restart is taken back: the game is as it was")
        else:
            self.perform("undo")

    def action_redo(self) -> None:
        self.perform("redo")

    def action_undo_all(self) -> None:
        n = len(self.game.history)
        if self.perform("undo_all"):
            self.say(f"Back to the start: {n} move{'s' if n != 1 else ''} undone "
                     f"({self.key_label('redo_all')} redoes them all)")

    def action_redo_all(self) -> None:
        n = len(self.game.redo_stack)
        if self.perform("redo_all"):
            self.say(f"{n} move{'s' if n != 1 else ''} redone")

    def action_restart(self) -> None:
        """Back to the deal as it was dealt, as one action (one undo takes it back)."""
        if self.perform("restart"):
            self.say(f"Restarted: the deal as it was dealt ({self.key_label('undo')} takes the "
                     "restart back)")

    def action_pause(self) -> None:
        from .pause import PauseScreen

        self.stop_demo(quiet=True)
        self.app.push_screen(PauseScreen(self.game.elapsed))

    def keys_of(self, binding_id: str) -> list[str]:
        """The keys bound to ``binding_id`` now: the keymap's, else the default ones."""
        return keys_of(binding_id, self.app.config.keymap)

    def key_label(self, binding_id: str) -> str:
        """The first key of ``binding_id``, as the key bar shows it, named keys capitalised
        ("u", "Home", "^r")."""
        label = self.app.get_key_display(Binding(self.keys_of(binding_id)[0], ""))
        return label.capitalize() if len(label) > 1 and label.isalpha() else label

    def action_deal(self) -> None:
        self.selection = None
        self.deal()

    def action_new_game(self) -> None:
        self.app.new_deal()

    async def action_choose_game(self) -> None:
        await self.app.action_choose_game()

    # ------------------------------------------------------------------ hints and the demo

    def _position_key(self) -> tuple:
        return (id(self.game), self.game.actions)

    def action_hint(self) -> None:
        if self.game.status == WON:
            self.selection = None
            self.hint_shown = None
            self.say(f"This game is won: {won_words(self.game)}. "
                     f"{self.key_label('new_game')} deals a new game")
            self.refresh_board()
            return
        key = self._position_key()
        if self.hint is None or self.hint.key != key:
            cfg = self.app.config
            try:
                found = get_hints(self.game, budget_ms=cfg.hint_budget_ms, peek=cfg.hint_peek)
            except Exception as e:  # noqa: BLE001 - reported, never hidden
                self.selection = None
                self.hint_shown = None
                self.ai_failed("hint", e)
                self.refresh_board()
                return
            self.hint = HintState(key, found)
        else:
            self.hint.index += 1
        hints = self.hint.hints
        self.selection = None
        if not hints:
            self.hint_shown = None
            self.say("Nothing useful is left to do here: undo a few moves, or start a new "
                     "deal", "warning")
            self.refresh_board()
            return
        i = self.hint.index % len(hints)
        h = hints[i]
        self.hint_shown = h
        self.app.hint_used()
        more = (f" {i + 1}/{len(hints)} ({self.key_label('hint')}: next)" if len(hints) > 1
                else "")
        self.say(f"Hint{more}: {h.reason or describe(self.game, h.move)}")
        self.refresh_board()

    def action_demo(self) -> None:
        self.start_demo()

    def start_demo(self) -> None:
        if self.demo_timer is not None:
            return
        if self.game.status != "playing":
            self.say("The game is over: start a new deal to watch the demo")
            return
        self.app.hint_used()  # the demo plays from the hints
        cfg = self.app.config
        self.autoplay(DemoPlayer(budget_ms=cfg.hint_budget_ms, peek=cfg.hint_peek), "Demo",
                      "Demo: the computer plays from the hints; press any key to stop",
                      DEMO_STEP_SECONDS)

    def autoplay(self, player: Any, name: str, message: str, seconds: float) -> None:
        """Let ``player`` (``next_move(game)``) play a move every ``seconds``, each once the
        cards of the one before have landed, until a key or a click stops it."""
        self.selection = None
        self.demo_player = player
        self.demo_name = name
        self.demo_timer = self.set_interval(seconds, self._demo_step)
        self.say(message)
        self.refresh_board()

    def stop_demo(self, quiet: bool = False) -> None:
        if self.demo_timer is None:
            return
        self.demo_timer.stop()
        self.demo_timer = None
        self.demo_player = None
        if not quiet:
            self.say(f"{self.demo_name} stopped")
            self.refresh_board()

    def _demo_step(self) -> None:
        game = self.game
        if game.status != "playing":
            self.stop_demo(quiet=True)
            self.refresh_board()
            return
        if self.app.screen is not self or self.motion.busy:
            return
        try:
            move = self.demo_player.next_move(game) if self.demo_player else None
        except Exception as e:  # noqa: BLE001 - reported, never hidden
            name = self.demo_name
            self.stop_demo(quiet=True)
            self.ai_failed(name, e)
            self.refresh_board()
            return
        if move is None:
            self.stop_demo(quiet=True)
            self.say(f"{self.demo_name}: nothing useful is left; undo may help", "warning")
            return
        if not self.perform("deal" if move.is_deal else "move", move):
            self.stop_demo()

    def ai_failed(self, what: str, error: BaseException | None) -> None:
        """The AI raised while working out ``what`` (the hint, the demo, Finish for me): a bug,
        logged with its traceback and told to the player plainly. A variant's plugin that failed
        inside the search is reported as the engine reports it (switched off, a notice)."""
        if isinstance(error, RuleFailure):
            self.game.rule_failed(error)
            self.app.report_news()
        else:
            trace = "".join(traceback.format_exception(error)) if error is not None else ""
            self.log.error(f"{what} failed", trace)
            self.app.notify(f"{type(error).__name__}: {error}",
                            title=f"{what[:1].upper()}{what[1:]} failed (a bug in the AI)",
                            severity="error", timeout=10, markup=False)
        self.say(f"{what[:1].upper()}{what[1:]} failed: {error or 'no reason given'}", "error")

    # ------------------------------------------------------------------ finish for me

    def stop_autoplay(self) -> None:
        """A key or a click stops the demo, or Finish for me (its search too)."""
        if self.finding is not None:
            self.finding = None
            self.say("Finish for me stopped")
            self.refresh_board()
        self.stop_demo()

    def offer_finish(self) -> None:
        """Say that the game can be played out for the player, once it can."""
        if finishing.can_finish(self.game) and self.demo_timer is None:
            self.say(f"Every card is face up: {self.key_label('finish')} finishes the game "
                     "for you")

    def action_finish(self) -> None:
        """Play the game out by the solver's line (every card is face up, the stock empty)."""
        if self.demo_timer is not None or self.finding is not None:
            return
        if not finishing.can_finish(self.game):
            self.refuse("Finish for me plays the game out once every card is face up and the "
                        "stock is empty")
            return
        self.finding = (id(self.game), self.game.actions)
        self.say("Finish for me: looking for the way to the win… (any key stops)")
        self.refresh_board()
        self.run_worker(partial(finishing.find_line, self.game.copy()), thread=True,
                        group="finish", exclusive=True, exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "finish" or event.state not in (WorkerState.SUCCESS,
                                                             WorkerState.ERROR):
            return
        asked, self.finding = self.finding, None
        if asked != (id(self.game), self.game.actions):
            return  # stopped by a key, or the table changed meanwhile
        if event.state == WorkerState.ERROR:
            self.ai_failed("Finish for me", worker.error)
            self.refresh_board()
            return
        outcome = worker.result
        if outcome.status != "won":
            self.say(finishing.describe(outcome), "warning")
            self.refresh_board()
            return
        self.app.hint_used()  # the solver's moves: a win by them is not a win with no help
        self.autoplay(finishing.LinePlayer(outcome.moves), "Finish for me",
                      f"Finish for me: {len(outcome.moves)} moves to the win; any key stops",
                      FINISH_STEP_SECONDS)

    # ------------------------------------------------------------------ size

    def on_resize(self, event: events.Resize) -> None:
        self._check_size()
        self._fit_top()

    def _check_size(self) -> None:
        if not self.is_mounted:
            return
        rules = self.game.rules
        waste = rules.deal_to == "waste"
        need_w, need_h = min_size_with_piles(rules.columns, len(self.piles) - waste, waste,
                                             run_slots(rules), self._has_stock())
        w, h = self.size.width, self.size.height
        small = w < need_w or h < need_h
        note = self.too_small
        if small:
            note.update(f"The terminal is {w}×{h}; {self.game.rules.name} needs at least "
                        f"{need_w}×{need_h}.\nMake the window larger (or the font smaller).")
        note.display = small
        for widget in (self.table, self.status_bar, self.footer):
            widget.display = not small
