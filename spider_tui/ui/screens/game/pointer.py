"""The mouse on the table: what a press is on, a press that becomes a drag, the dragged cards
under the pointer, and where they are let go.

The pointer plays nothing: it tells the screen what the player did, as messages (a click on a
spot, cards lifted by a drag, cards let go over a pile), and the screen decides what that means.
The wheel, and the "more" marks of a long column, only scroll the column: that is the pointer's
own business.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import events
from textual.geometry import Offset
from textual.message import Message

from ....engine import RUNS
from ....engine.piles import COLUMN, code_kind
from ...hits import CardHit, FoundationHit, Hit, PileHit, source, spot
from ...layout import MORE_DOWN, MORE_UP
from ...widgets.celebration import Celebration
from ...widgets.sprite import CardSprite

if TYPE_CHECKING:
    from . import GameScreen


@dataclass
class Press:
    """A mouse button held down on the table, which may become a drag."""

    #: What was pressed, as the widget under the pointer says (:meth:`Pointer.hit`).
    target: Hit
    start: Offset
    dragging: bool = False
    #: The pointer left the spot pressed: the release is no click.
    moved: bool = False
    count: int = 0
    targets: tuple[int, ...] = ()
    over: Hit | None = None
    #: Why the cards pressed cannot be lifted (they are not dragged), and whether it was said.
    refusal: str | None = None
    said: bool = False


class Clicked(Message):
    """Pressed and released on one spot (not a scroll mark of a column)."""

    bubble = False

    def __init__(self, hit: Hit) -> None:
        super().__init__()
        self.hit = hit


class DragStarted(Message):
    """Cards are lifted by a drag: whatever was picked up or hinted before is not any more."""

    bubble = False


class Dropped(Message):
    """The dragged cards are let go: ``count`` cards of pile ``src`` over pile ``dst`` (a pile
    code, ``RUNS`` for the runs' foundation; None: over no pile, or the stock)."""

    bubble = False

    def __init__(self, src: int | None, count: int, dst: int | None) -> None:
        super().__init__()
        self.src = src
        self.count = count
        self.dst = dst


class Pointer:
    """Owns the press of the button (:class:`Press`) and the drag image; the screen hands it
    its mouse events."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.press: Press | None = None

    @property
    def drag(self) -> Press | None:
        """The press, while it is a drag."""
        press = self.press
        return press if press is not None and press.dragging else None

    def hit(self, screen_x: int, screen_y: int) -> Hit | None:
        """What the pointer is over, as the widget there says of itself (``hit_at``), or None.
        Cards drawn over the table (the dragged cards, cards on their way) are looked through:
        a click means what lies under them."""
        try:
            widget, region = next(((w, r) for w, r
                                   in self.screen.get_widgets_at(screen_x, screen_y)
                                   if not isinstance(w, (CardSprite, Celebration))),
                                  (None, None))
        except Exception:  # noqa: BLE001 - off the screen (a resize under the pointer)
            return None
        if widget is None or region is None or not hasattr(widget, "hit_at"):
            return None
        return widget.hit_at(screen_x - region.x, screen_y - region.y)

    def down(self, event: events.MouseDown) -> bool:
        """The left (or middle) button pressed: True when it is on something of the table."""
        target = self.hit(event.screen_x, event.screen_y)
        if target is None:
            return False
        press = self.press = Press(target, Offset(event.screen_x, event.screen_y))
        self.screen.table.capture_mouse()
        if isinstance(target, CardHit) and target.on_card:
            # Cards that cannot be lifted are refused at the press, not when let go; with
            # cards picked up the press may be their drop, so that waits for a drag.
            press.refusal = self.screen.facts.lift_problem(target.col, target.index)
            if self.screen.selector.selection is None:
                self._refuse(press)
        return True

    def _refuse(self, press: Press) -> None:
        if press.refusal is not None and not press.said:
            press.said = True
            self.screen.refuse(press.refusal)

    def move(self, event: events.MouseMove) -> None:
        press = self.press
        if press is None:
            return
        over = self.hit(event.screen_x, event.screen_y)
        if not press.dragging and spot(over) != spot(press.target):
            press.moved = True  # no longer a click
            if self._draggable(press):
                self._start_drag(press)
            else:
                self._refuse(press)
        if press.dragging:
            press.over = over
            self._show_ghost(press, Offset(event.screen_x, event.screen_y))

    def up(self, event: events.MouseUp) -> None:
        press = self.end()
        if press is None:
            return
        over = self.hit(event.screen_x, event.screen_y)
        if not press.dragging and spot(over) != spot(press.target):
            # Released away from where it was pressed, with no motion reported in between.
            press.moved = True
            if self._draggable(press):
                self._start_drag(press)
            else:
                self._refuse(press)
        if press.dragging:
            dst = RUNS if isinstance(over, FoundationHit) else (
                source(over) if over is not None else None)
            self.screen.post_message(Dropped(source(press.target), press.count, dst))
        elif not press.moved:
            self._click(press.target)

    def end(self) -> Press | None:
        """The press the button was held for, now over (the drag image goes)."""
        press = self.press
        self.press = None
        self.screen.table.release_mouse()
        self.screen.ghost.hide()
        return press

    def scroll(self, event: events.MouseEvent, delta: int) -> None:
        """The wheel over a column scrolls its cards."""
        target = self.hit(event.screen_x, event.screen_y)
        if isinstance(target, CardHit):
            self.screen.columns[target.col].scroll_cards(delta)

    def _click(self, target: Hit) -> None:
        if isinstance(target, CardHit) and target.kind in (MORE_UP, MORE_DOWN):
            self.screen.columns[target.col].scroll_cards(3 if target.kind == MORE_UP else -3)
        else:
            self.screen.post_message(Clicked(target))

    def _draggable(self, press: Press) -> bool:
        """Only a face-up card that can be lifted can be dragged (with the cards below it);
        of another pile, its top card when it can be played."""
        target = press.target
        if isinstance(target, PileHit):
            return self.screen.facts.lift_problem(target.code, -1) is None
        return isinstance(target, CardHit) and target.on_card and press.refusal is None

    def _start_drag(self, press: Press) -> None:
        target = press.target
        facts = self.screen.facts
        if isinstance(target, PileHit):
            col = target.code
            index = len(facts.cards(col)) - 1
        else:
            assert isinstance(target, CardHit)
            col, index = target.col, target.index
        a = facts.cards(col)
        press.count = max(0, len(a) - index) if a else 0
        press.dragging = True
        if press.count and facts.lift_problem(col, index) is None:
            press.targets = facts.legal_targets(col, press.count)
        self.screen.post_message(DragStarted())

    def _show_ghost(self, press: Press, at: Offset) -> None:
        """The cards being dragged, all of them, under the pointer."""
        screen = self.screen
        src = source(press.target)
        assert src is not None
        a = screen.facts.cards(src)
        cards = tuple(a[len(a) - press.count:]) if press.count else ()
        if not cards:
            screen.ghost.hide()
            return
        width = screen.columns[src if code_kind(src) == COLUMN else 0].card_span()[1]
        screen.ghost.follow(cards, at, width=max(4, width),
                            four_colour=screen.app.config.four_colour,
                            screen_height=screen.size.height)
