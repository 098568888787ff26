"""The game screen: the table, and everything a tap, a drag or a key does to it.

The screen never changes the game itself: it works out which move the player means and asks the
app to play it (:meth:`SpiderApp.act`), then redraws. It is made of parts with one job each,
which it wires together and whose messages it handles:

- :mod:`.pointer`: the mouse (a press, a drag and its ghost, a drop); it posts
  :class:`~.pointer.Clicked`, :class:`~.pointer.DragStarted` and :class:`~.pointer.Dropped`;
- :mod:`.selection`: the cards picked up, the places lit for them, where a tap or a key sends
  them;
- :mod:`.cursor`: the keyboard cursor;
- :mod:`.autoplay`: the hint on show, the demo and Finish for me; it posts
  :class:`~.autoplay.AutoMove` for each move it plays;
- :mod:`.replay`: a replay's moves, played by the autoplay, and its keys (the board's rest);
- :mod:`.view`: the top row's layout, and the views drawn from the game and the parts' state;
- :mod:`.stage`: the cards in flight (what the animator needs of the screen).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from textual import events, on
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static
from textual.worker import Worker

from ....actions import BOARD, REPLAY, bindings, keys_of
from ....engine import Game, IllegalMove, Move
from ....engine.cards import RANK
from ... import finishing, motion
from ...hits import CardHit, Hit, StockHit
from ...layout import TALL_HEIGHT
from ...meter import Meter
from ...table_facts import TableFacts
from ...widgets.celebration import Celebration
from ...widgets.column import Column
from ...widgets.drag_ghost import DragGhost
from ...widgets.foundations import Foundations
from ...widgets.key_bar import KeyBar
from ...widgets.message_bar import MessageBar
from ...widgets.palette import Palette
from ...widgets.piles import PileSlot
from ...widgets.status_bar import StatusBar
from ...widgets.stock import Stock
from .autoplay import AutoMove, Autoplay
from .cursor import Cursor
from .pointer import Clicked, DragStarted, Dropped, Pointer
from .replay import Replay
from .selection import Selector
from .stage import Stage
from .view import Board, Drawing, Table

if TYPE_CHECKING:
    from ...host import Host

__all__ = ["GameScreen"]

FLASH_SECONDS = 1.6


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
        self.selector = Selector(self)
        self.pointer = Pointer(self)
        self.cursor = Cursor(self)
        self.autoplay = Autoplay(self)
        self.meter = Meter(self)
        self.replay = Replay(self)
        self.drawing = Drawing(self)
        #: Columns lit for a moment (the empty ones, when a deal is refused for them).
        self.flash: set[int] = set()
        #: Face-up cards of this rank are lit (right button held on a card, or the key).
        self.same_rank: int | None = None
        self._flash_timer: Timer | None = None
        self.last_message = ""
        self.stage = Stage(self)
        self.motion = motion.Animator(self.stage)
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
        self.set_timer(0.5, self.stage.make_sprites)

    @property
    def game(self) -> Game:
        return self.app.game

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """During a replay only its keys run on the board; otherwise only the board's."""
        return (action in REPLAY) == self.replay.active

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """Textual's, but the deal's key is left off the key bar in a game the player never
        deals in (no stock, or a stock that only refills emptied columns): the key itself
        still answers, saying why there is nothing to deal."""
        active = super().active_bindings
        if self.drawing.player_deals():
            return active
        return {key: a._replace(binding=replace(a.binding, show=False))
                if a.binding.id == "deal" else a for key, a in active.items()}

    @property
    def facts(self) -> TableFacts:
        """The table as it is now (made again once the game has changed)."""
        game = self.game
        key = (game, game.actions, len(game.history), len(game.redo_stack))
        if self._facts is None or self._facts_key != key:
            self._facts = TableFacts(game)
            self._facts_key = key
        return self._facts

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
        self.selector.selection = None
        self.pointer.press = None
        self.flash = set()
        self.cursor.reset(n)
        self.autoplay.reset()
        self.drawing.load_piles()
        self.drawing.check_size()
        self.refresh_board()
        self.refresh_bindings()  # the key bar: a game with a stock to deal, or none
        self.autoplay.offer_finish()

    def on_resize(self, event: events.Resize) -> None:
        self.drawing.check_size()
        self.drawing.fit_top()

    # ------------------------------------------------------------------ drawing and words

    def refresh_board(self) -> None:
        self.drawing.refresh()

    def refresh_status(self) -> None:
        self.drawing.refresh_status()

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

    def keys_of(self, binding_id: str) -> list[str]:
        """The keys bound to ``binding_id`` now: the keymap's, else the default ones."""
        return keys_of(binding_id, self.app.config.keymap)

    def key_label(self, binding_id: str) -> str:
        """The first key of ``binding_id``, as the key bar shows it, named keys capitalised
        ("u", "Home", "^r"); a letter bound in both cases is shown lower-case."""
        keys = self.keys_of(binding_id)
        first = keys[0]
        if len(first) == 1 and first.isupper() and first.lower() in keys:
            first = first.lower()
        label = self.app.get_key_display(Binding(first, ""))
        return label.capitalize() if len(label) > 1 and label.isalpha() else label

    # ------------------------------------------------------------------ playing

    def perform(self, kind: str, move: Move | None = None, *, dragged: bool = False) -> bool:
        """Ask the app to play; a refusal is explained and changes nothing. The cards then
        move to their places on the screen (:meth:`Stage.animate`), but for cards the player has
        dragged there (``dragged``)."""
        self.motion.finish()
        scale = motion.speed(self.app.config.animation)
        before = self.stage.table_now() if scale > 0 and self.is_mounted else None
        could_finish = finishing.can_finish(self.game)
        try:
            step = self.app.act(kind, move)
        except IllegalMove as e:
            self.refuse(e)
            self.refresh_board()
            return False
        self.selector.selection = None
        self.autoplay.hint_shown = None
        self.message_bar.clear()
        self.refresh_board()
        if before is not None:
            self.stage.animate(kind, step, before, scale, slide=not dragged)
        if not could_finish:
            self.autoplay.offer_finish()
        return True

    def play_move(self, move: Move) -> bool:
        return self.perform("move", move)

    def deal(self) -> None:
        if not self.drawing.has_stock():
            self.refuse("this game has no stock: every card is dealt at the start")
            return
        refusal = self.game.deal_refusal()
        if refusal:
            self.refuse(refusal)
            facts = self.facts
            empties = facts.empty_columns
            if empties and facts.stock_left:
                self.flash_columns(empties)
            return
        self.perform("deal", Move.deal())

    # ------------------------------------------------------------------ the parts' messages

    @on(Clicked)
    def _clicked(self, message: Clicked) -> None:
        if isinstance(message.hit, StockHit):
            self.deal()
        else:
            self.selector.click(message.hit)

    @on(DragStarted)
    def _drag_started(self, message: DragStarted) -> None:
        self.selector.selection = None
        self.autoplay.hint_shown = None
        self.refresh_board()

    @on(Dropped)
    def _dropped(self, message: Dropped) -> None:
        src, dst = message.src, message.dst
        if src is None or dst is None or dst == src:
            self.refresh_board()  # dropped nowhere (or on the stock): the cards go back
            return
        try:
            move = self.selector.dragged_move(src, message.count, dst)
        except IllegalMove as e:
            self.refuse(e)
            self.refresh_board()
            return
        self.perform("move", move, dragged=True)

    @on(MessageBar.Rows)
    def _message_rows(self, message: MessageBar.Rows) -> None:
        # The bar covers the key bar; rows beyond that one are taken from the table's bottom
        # (its columns are laid out again above them), never drawn over its cards.
        self.table.styles.margin = (0, 0, max(0, message.rows - 1), 0)

    @on(AutoMove)
    def _auto_move(self, message: AutoMove) -> None:
        if self.autoplay.is_current(message):
            move = message.move
            self.autoplay.played(self.perform("deal" if move.is_deal else "move", move))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        self.autoplay.worker_changed(event)
        self.meter.worker_changed(event)

    # ------------------------------------------------------------------ the mouse

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self.motion.finish()  # the cards are where the click means them to be
        if self.replay.active:
            return  # a replay's table is looked at, not played on
        if self.autoplay.running:
            self.autoplay.stop()
            return
        if event.button == 3:
            self._light_rank_at(self.pointer.hit(event.screen_x, event.screen_y))
            return
        if event.button in (0, 1) and self.pointer.down(event):
            self.cursor.hide()  # the mouse takes over, until a key brings the cursor back

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.pointer.move(event)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        self.light_rank(None)  # the right button let go
        self.pointer.up(event)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self.pointer.scroll(event, -1)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self.pointer.scroll(event, 1)

    # ------------------------------------------------------------------ keys

    def on_key(self, event: events.Key) -> None:
        # Any key ends the animations at once (the game is there already), then does its job.
        self.motion.finish()
        if self.autoplay.running and not self.replay.active:
            event.stop()
            event.prevent_default()
            self.autoplay.stop()
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
            self.light_rank(RANK[self.facts.cards(target.col)[target.index]])

    # ------------------------------------------------------------------ actions (the keys)

    def action_same_rank(self) -> None:
        """The key: the rank of the card at the keyboard cursor."""
        rank = self.cursor.rank()
        if rank is not None:
            self.light_rank(rank)

    def action_cursor(self, dx: int, dy: int) -> None:
        self.cursor.move(dx, dy)

    def action_pick_drop(self) -> None:
        self.cursor.pick_drop()

    def action_column(self, col: int) -> None:
        if self.selector.column_key(col):
            self.cursor.go_to_column(col)
            self.selector.select(col, None, mouse=False)

    def action_waste(self) -> None:
        self.selector.waste_key()

    def action_cells(self) -> None:
        self.selector.cells_key()

    def action_to_foundation(self) -> None:
        self.selector.foundation_key()

    def action_cancel(self) -> None:
        if self.pointer.press is not None:
            # Esc during a drag: the cards go back, and the release that follows does nothing.
            self.pointer.end()
            self.refresh_board()
            return
        if self.selector.selection is not None or self.autoplay.hint_shown is not None:
            self.selector.selection = None
            self.autoplay.hint_shown = None
        else:
            self.cursor.visible = False
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
        from ..pause import PauseScreen

        self.autoplay.stop_demo(quiet=True)
        self.app.push_screen(PauseScreen(self.game.elapsed))

    def action_deal(self) -> None:
        self.selector.selection = None
        self.deal()

    def action_new_game(self) -> None:
        self.app.new_deal()

    async def action_choose_game(self) -> None:
        await self.app.action_choose_game()

    def action_hint(self) -> None:
        self.selector.selection = None  # a hint puts the cards picked up back
        self.autoplay.show_hint()

    def review(self) -> None:
        """Where was the game lost: the point of no return, and a way back there."""
        from ..review import ReviewScreen, go_back

        def answered(answer: str | None) -> None:
            if answer == "back" and screen.review is not None:
                go_back(self, screen.review)

        screen = ReviewScreen(self.game)
        self.app.push_screen(screen, answered)

    def action_peek(self) -> None:
        self.meter.peek()

    def action_demo(self) -> None:
        self.autoplay.start_demo()

    def action_finish(self) -> None:
        self.autoplay.finish()

    # ------------------------------------------------------------------ a replay's keys

    def action_replay_pause(self) -> None:
        self.replay.toggle()

    def action_replay_step(self, by: int) -> None:
        self.replay.step(by)

    def action_replay_speed(self, factor: float) -> None:
        self.replay.change_speed(factor)

    def action_replay_take_over(self) -> None:
        self.app.take_over_replay()

    def action_replay_leave(self) -> None:
        self.app.leave_replay()
