"""What the table shows: the top row's piles laid out for the game, and every widget's view
rebuilt from the game and the parts' state (the selection, the drag, the hint on show, the
keyboard cursor, cards on their way) into plain views that each widget compares with what it
already shows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.containers import Horizontal, Vertical

from ....engine import RUNS, Game, Move
from ....engine.piles import (
    CELL,
    CELL_KIND,
    FOUNDATION_KIND,
    RESERVE_KIND,
    STOCK,
    WASTE_KIND,
    code_kind,
    describe_pile,
    pile_name,
)
from ... import finishing
from ...hits import source
from ...layout import TopPlan, card_width, min_size_with_piles, top_plan
from ...progress import progress, run_slots
from ...widgets.column import Column, ColumnView
from ...widgets.piles import PileSlot, PileSlotView
from ...widgets.status_bar import clock

if TYPE_CHECKING:
    from . import GameScreen


class Table(Vertical):
    """The stock, the foundations and the columns: the part of the screen that takes the mouse."""


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


def top_order(game: Game) -> tuple[list[int], list[int]]:
    """The piles beyond the columns as the top row shows them: on the left, after the stock,
    the waste, the free cells and the reserves; on the right the card-by-card foundations."""
    codes = [c for c in game.rules.pile_codes if c >= CELL]
    left = [c for c in codes if code_kind(c) == WASTE_KIND]
    left += [c for c in codes if code_kind(c) in (CELL_KIND, RESERVE_KIND)]
    right = [c for c in codes if code_kind(c) == FOUNDATION_KIND]
    return left, right


class Drawing:
    """Lays the top row out and draws the table; owns the top row's plan and the line of
    words between its piles."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.top_plan: TopPlan | None = None
        #: The words shown between the top row's piles now.
        self.info = ""

    # ------------------------------------------------------------------ the top row

    def load_piles(self) -> None:
        """The top row's piles for this game: slots for cells, reserves, card foundations and
        the waste (mounted again only when the game's piles differ), and the runs'
        foundation where runs leave the table."""
        screen = self.screen
        left, right = top_order(screen.game)
        if [p.code for p in screen.piles] != left + right:
            # A pile both games have keeps its slot: a slot's id is its pile's name, and a
            # removed widget leaves the screen only later, so a new slot of the same name
            # mounted now would clash with it (Spidercells' c1-c4, then Cicely's c1-c8).
            old = {slot.code: slot for slot in screen.piles}
            for code, slot in old.items():
                if code not in left and code not in right:
                    slot.remove()
            top = screen.query_one("#top", Horizontal)
            screen.piles = []
            for code in left + right:
                slot = old.get(code)
                if slot is None:
                    slot = PileSlot(self._empty_view(code), screen.palette)
                    top.mount(slot, before=screen.info)
                screen.piles.append(slot)
            # In order: the left ones before the message, the right ones after it.
            for slot in screen.piles[:len(left)]:
                top.move_child(slot, before=screen.info)
            for slot in reversed(screen.piles[len(left):]):
                top.move_child(slot, after=screen.info)
            self.top_plan = None  # the new slots get their widths
        screen.set_class(bool(screen.piles), "-piles")
        screen.stock.display = self.has_stock()
        screen.foundations.display = run_slots(screen.game.rules) > 0
        self.fit_top()

    def has_stock(self) -> bool:
        """Does this game have a stock (a game dealt whole at the start has none to show)?"""
        rules = self.screen.game.rules
        return rules.stock_size > 0 or rules.deal_to == "waste"

    def player_deals(self) -> bool:
        """Does the player deal from the stock in this game (the deal's key is on the key
        bar)? Not without a stock, nor where the stock only refills emptied columns."""
        return self.has_stock() and self.screen.game.rules.player_deals

    @staticmethod
    def _empty_view(code: int) -> PileSlotView:
        return PileSlotView(code, pile_name(code), code_kind(code))

    def fit_top(self) -> None:
        """Share the top row's width out among the stock, the piles and the runs' foundation
        (a game of columns alone keeps the stylesheet's layout)."""
        screen = self.screen
        top = screen.query_one("#top", Horizontal)
        if not screen.piles:
            if self.top_plan is not None:
                self.top_plan = None
                top.styles.height = None
                screen.stock.styles.width = None
                screen.foundations.styles.width = None
            return
        w, h = screen.size.width, screen.size.height
        if not w or not h:
            return
        rules = screen.game.rules
        waste = any(p.view.kind == WASTE_KIND for p in screen.piles)
        ideal = card_width(w // max(1, rules.columns)) + 1
        plan = top_plan(w, piles=len(screen.piles) - waste, waste=waste,
                        run_slots=run_slots(rules), screen_height=h, ideal_slot=ideal,
                        stock=self.has_stock())
        if plan == self.top_plan:
            return
        self.top_plan = plan
        top.styles.height = plan.height
        screen.stock.styles.width = plan.stock or None
        screen.foundations.styles.width = plan.runs or None
        for slot in screen.piles:
            slot.styles.width = plan.waste if slot.view.kind == WASTE_KIND else plan.slot
        screen.refresh_board()

    def check_size(self) -> None:
        """Too small a terminal for the game: say so instead of the table."""
        screen = self.screen
        if not screen.is_mounted:
            return
        rules = screen.game.rules
        waste = rules.deal_to == "waste"
        need_w, need_h = min_size_with_piles(rules.columns, len(screen.piles) - waste, waste,
                                             run_slots(rules), self.has_stock())
        w, h = screen.size.width, screen.size.height
        small = w < need_w or h < need_h
        note = screen.too_small
        if small:
            note.update(f"The terminal is {w}×{h}; {rules.name} needs at least "
                        f"{need_w}×{need_h}.\nMake the window larger (or the font smaller).")
        note.display = small
        for widget in (screen.table, screen.status_bar, screen.footer):
            widget.display = not small

    # ------------------------------------------------------------------ drawing

    def refresh(self) -> None:
        screen = self.screen
        game = screen.game
        facts = screen.facts
        four = screen.app.config.four_colour
        sel = screen.selector.selection
        drag = screen.pointer.drag
        cursor = screen.cursor
        targets = set(drag.targets if drag else sel.targets if sel else ())
        hint_shown = screen.autoplay.hint_shown
        hint_move = hint_shown.move if hint_shown else None
        dragged = source(drag.target) if drag is not None and drag.count else None
        hidden = screen.motion.hidden
        for i, column in enumerate(screen.columns):
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
            at = None
            if cursor.visible and cursor.top is None and cursor.col == i:
                at = cursor.card(i) if cards else -1
            column.show(ColumnView(
                number=i + 1, cards=cards, down=pile.down, shown=pile.shown,
                lift_from=pile.lift_from,
                selected_from=selected_from, hint_from=hint_from, target=i in targets,
                hint_target=hint_target, cursor=at, flash=i in screen.flash,
                four_colour=four, same_rank=screen.same_rank,
                hidden_from=hidden.get(i, -1)))
        for slot in screen.piles:
            slot.show(self._pile_view(slot.code, targets, hint_move, dragged))
        hinted = bool(hint_move and hint_move.is_deal)
        on_top = cursor.top if cursor.visible else None
        if game.rules.deal_to == "waste":
            screen.stock.show(game.deals_left, hinted,
                              word="turn" if game.deals_left == 1 else "turns",
                              redeal=game.rules.redeals_left(facts.redeals_used) != 0,
                              cursor=on_top == STOCK)
        else:
            screen.stock.show(game.deals_left, hinted=hinted, cursor=on_top == STOCK)
        screen.foundations.show(
            run_slots(game.rules), facts.runs_done,
            target=RUNS in targets or bool(hint_move and hint_move.dst == RUNS),
            four_colour=four, hidden=frozenset(screen.motion.hidden_slots),
            firsts=facts.run_firsts,
            cursor=on_top == RUNS)
        self.refresh_status()
        info = self._info_text()
        if screen.piles and screen.info.size.width < len(info):
            info = ""  # no room between the piles: the lit places and the message bar tell
        if info != self.info:
            self.info = info
            screen.info.update(info, layout=False)

    def _pile_view(self, code: int, targets: set[int], hint_move: Move | None,
                   dragged: int | None) -> PileSlotView:
        """What the slot of pile ``code`` (not a column) shows now."""
        screen = self.screen
        facts = screen.facts
        pile = facts.pile(code)
        kind = pile.kind
        cards = pile.cards
        fan = self.top_plan.fan if self.top_plan is not None and kind == WASTE_KIND else 1
        mark = facts.foundation_mark(code) if kind == FOUNDATION_KIND else ""
        sel = screen.selector.selection
        cursor = screen.cursor
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
            cursor=cursor.visible and cursor.top == code,
            four_colour=screen.app.config.four_colour)

    def refresh_status(self) -> None:
        screen = self.screen
        game = screen.game
        rules = game.rules
        label, figure = progress(game)
        screen.meter.watch()
        screen.status_bar.show(
            name=rules.name, house_rules=",".join(rules.house_rules),
            deal=str(game.deal) if game.deal is not None else "custom",
            score=str(game.score), moves=str(game.actions), time=clock(game.elapsed),
            runs=figure, progress=label,
            deals=str(game.deals_left) if self.has_stock() else "", odds=screen.meter.text)
        screen.app.report_news()  # a plugin's scheme or variant that failed just now, say

    def _info_text(self) -> str:
        screen = self.screen
        autoplay = screen.autoplay
        if screen.replay.active:
            return screen.replay.info()
        if autoplay.demo_timer is not None:
            return f"{autoplay.demo_name}: any key stops"
        if autoplay.finding is not None:
            return "Looking for the win…"
        if screen.pointer.drag is not None:
            return "Drop on a highlighted column" if not screen.piles else "Drop on a lit place"
        sel = screen.selector.selection
        if sel is not None:
            where = ", ".join("foundation" if t == RUNS else pile_name(t)
                              for t in sel.targets)
            name = describe_pile(sel.src)
            name = name[:1].upper() + name[1:]
            return f"{name} to: {where}" if where else f"{name}: no place to go (Esc)"
        if finishing.can_finish(screen.game):
            return f"{screen.key_label('finish')}: finish for me"
        return ""
