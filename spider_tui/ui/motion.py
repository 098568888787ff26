"""Cards moving on the table: a run sliding to its place, a deal sweeping across the columns, a
finished run flying to its foundation, a won game's celebration.

Animation only draws. The game has changed already when an animation starts; the cards on their
way are left out of their column (or foundation slot) until they arrive, and drawn meanwhile by
sprites (:class:`~spider_tui.ui.widgets.sprite.CardSprite`) over the table. Nothing waits for an
animation: :meth:`Animator.finish` ends every one at once (the game screen calls it on any key or
click, before handling it), and with the ``animation`` setting ``"off"`` nothing is queued.

The screen describes where things are (:class:`Spot`, screen cells) before and after an action;
:func:`plan` turns one step of the game into the effects to play.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from textual.geometry import Offset

from ..engine import Step
from ..engine.cards import card

if TYPE_CHECKING:
    from textual.timer import Timer

    from .widgets.sprite import CardSprite

#: How long the animations take, by the ``animation`` setting (1 is the normal speed; 0 none).
SPEEDS = {"normal": 1.0, "fast": 0.45, "off": 0.0}
#: Seconds between two frames.
FRAME = 1 / 40
#: Seconds, at normal speed: a run sliding, one card dealt, the gap between two cards dealt, a
#: finished run flying, the celebration of a win.
SLIDE, DEAL_CARD, DEAL_GAP, FLY, CELEBRATE = 0.16, 0.14, 0.035, 0.3, 1.6


def speed(setting: str) -> float:
    """The factor on every duration for the ``animation`` setting (0: no animation)."""
    return SPEEDS.get(setting, 1.0)


@dataclass
class Flight:
    """Cards drawn moving from ``start`` to ``end`` (screen cells) between the fractions ``t0``
    and ``t1`` of their effect's time; until ``t1`` the cards are left out of ``column`` from
    ``index`` on (or out of ``slot`` of the foundations)."""

    cards: tuple[int, ...]
    start: Offset
    end: Offset
    width: int
    t0: float = 0.0
    t1: float = 1.0
    column: int | None = None
    index: int = 0
    slot: int | None = None
    look: str = "card--movable"
    sprite: CardSprite | None = None

    def at(self, t: float) -> Offset:
        u = 0.0 if t <= self.t0 else 1.0 if t >= self.t1 else (t - self.t0) / (self.t1 - self.t0)
        u = 1 - (1 - u) ** 2  # eases out: quick to leave, gentle to land
        return Offset(round(self.start.x + (self.end.x - self.start.x) * u),
                      round(self.start.y + (self.end.y - self.start.y) * u))


@dataclass
class Effect:
    """Flights played together for ``seconds``, or a celebration."""

    seconds: float
    flights: list[Flight] = field(default_factory=list)
    celebrate: bool = False


class Stage(Protocol):
    """What the animator needs of the game screen (its
    :class:`~spider_tui.ui.screens.game.stage.Stage`)."""

    def sprite(self, n: int) -> CardSprite: ...
    def celebration(self, on: bool, t: float) -> None: ...
    def motion_changed(self) -> None: ...
    def set_interval(self, interval: float, callback: Callable[[], None]) -> Timer: ...


class Animator:
    """Plays effects one after the other, a frame at a time; :meth:`finish` ends them all."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.queue: deque[Effect] = deque()
        self.current: Effect | None = None
        self.started = 0.0
        self.timer: Timer | None = None
        self._then: list[Callable[[], None]] = []
        #: Cards left out of their place while on their way: column -> first index left out.
        self.hidden: dict[int, int] = {}
        #: Foundation slots left empty while their run is on its way (the last ones filled).
        self.hidden_slots: set[int] = set()

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def play(self, effects: Sequence[Effect]) -> None:
        """Queue ``effects``: their cards leave their places at once, and come back as each
        flight lands."""
        effects = [e for e in effects if e.flights or e.celebrate]
        if not effects:
            return
        for effect in effects:
            for f in effect.flights:
                if f.column is not None:
                    self.hidden[f.column] = min(self.hidden.get(f.column, f.index), f.index)
                if f.slot is not None:
                    self.hidden_slots.add(f.slot)
        self.queue.extend(effects)
        self.stage.motion_changed()
        if self.current is None:
            self._next()
        if self.timer is None:
            self.timer = self.stage.set_interval(FRAME, self.step)

    def then(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once every animation is over (at once if none is playing)."""
        if self.busy:
            self._then.append(callback)
        else:
            callback()

    def finish(self) -> bool:
        """End every animation now, every card in its place; False if none was playing."""
        if not self.busy:
            return False
        if self.current is not None:
            self._end(self.current)
        while self.queue:
            self._end(self.queue.popleft())
        self._idle()
        return True

    def step(self) -> None:
        """One frame."""
        effect = self.current
        if effect is None:
            self._idle()
            return
        t = (time.monotonic() - self.started) / effect.seconds if effect.seconds > 0 else 1.0
        if t >= 1.0:
            self._end(effect)
            if self.queue:
                self._next()
                self.stage.motion_changed()
            else:
                self._idle()
            return
        self._draw(effect, t)

    # ------------------------------------------------------------------ inside

    def _next(self) -> None:
        self.current = self.queue.popleft()
        self.started = time.monotonic()
        for i, f in enumerate(self.current.flights):
            f.sprite = self.stage.sprite(i)
        self._draw(self.current, 0.0)

    def _draw(self, effect: Effect, t: float) -> None:
        if effect.celebrate:
            self.stage.celebration(True, t)
        landed = False
        for f in effect.flights:
            if f.sprite is None:
                continue
            if t < f.t0:
                f.sprite.hide()
            elif t >= f.t1:
                f.sprite.hide()
                landed |= self._land(f)
            else:
                f.sprite.show_cards(f.cards, f.at(t), width=f.width, look=f.look)
        if landed:
            self.stage.motion_changed()

    def _land(self, f: Flight) -> bool:
        """The flight's cards are back in their place: draw them there (the cards of
        flights to the same column still on their way stay out)."""
        changed = False
        if f.column is not None:
            col, f.column = f.column, None
            waiting = [g.index for g in self._flights() if g.column == col]
            if waiting:
                self.hidden[col] = min(waiting)
            else:
                self.hidden.pop(col, None)
            changed = True
        if f.slot is not None:
            self.hidden_slots.discard(f.slot)
            f.slot = None
            changed = True
        return changed

    def _flights(self) -> list[Flight]:
        out = list(self.current.flights) if self.current else []
        for e in self.queue:
            out += e.flights
        return out

    def _end(self, effect: Effect) -> None:
        for f in effect.flights:
            if f.sprite is not None:
                f.sprite.hide()
            self._land(f)
        if effect.celebrate:
            self.stage.celebration(False, 1.0)
        if effect is self.current:
            self.current = None

    def _idle(self) -> None:
        self.current = None
        self.hidden.clear()
        self.hidden_slots.clear()
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        self.stage.motion_changed()
        callbacks, self._then = self._then, []
        for callback in callbacks:
            callback()


# ---------------------------------------------------------------------- planning


@dataclass(frozen=True)
class Spot:
    """Where a column's cards are drawn: the top-left cell of each card on screen (those in
    sight), where a card put on it would go, and the cards' width."""

    cards: dict[int, Offset]
    end: Offset
    width: int

    def of(self, index: int) -> Offset:
        return self.cards.get(index, self.end)


@dataclass(frozen=True)
class Table:
    """The table's geometry at one moment: every column's :class:`Spot` and cards, the stock,
    the foundation slots and how many of them are filled."""

    columns: list[Spot]
    piles: list[tuple[int, ...]]
    stock: Offset
    slots: list[Offset]
    done: int


def plan(kind: str, step: Step, before: Table, after: Table, scale: float, *,
         slide: bool = True) -> list[Effect]:
    """The effects that show ``step`` (played as ``kind``: "move", "deal", "undo", "redo")
    going from the table ``before`` to the table ``after``; none for what is not drawn (moves
    between piles other than columns, an undone deal or removal). ``slide`` False: the moved
    cards are where they go already (dragged there); only a run they finish flies."""
    if scale <= 0 or len(before.piles) != len(after.piles):
        return []
    move = step.move
    n = len(before.columns)
    #: The cards each column got from the action, before any run left.
    arrived: dict[int, tuple[int, ...]] = {}
    effects: list[Effect] = []
    if move.is_deal:
        if kind == "undo":
            return []
        for col, suit in step.removed:
            arrived[col] = (card(1, suit),)  # the card that finished the run: its Ace
        effects.append(_deal(before, after, scale))
    else:
        src, dst = move.src, move.dst
        if kind == "undo":
            if step.removed:
                return []
            src, dst = dst, src
        if src is None or dst is None or not (0 <= src < n and 0 <= dst < n):
            return []
        count = len(before.piles[src]) - len(after.piles[src]) if kind == "undo" else (
            move.count or 1)
        moved = before.piles[src][len(before.piles[src]) - count:]
        arrived[dst] = moved
        if slide:
            effects.append(_slide(src, dst, moved, before, after, scale,
                                  finished=any(col == dst for col, _ in step.removed)))
    if kind != "undo" and step.removed:
        effects.append(_fly(step.removed, arrived, before, after, scale))
    return effects


def _slide(src: int, dst: int, moved: tuple[int, ...], before: Table, after: Table,
           scale: float, *, finished: bool) -> Effect:
    count = len(moved)
    start = before.columns[src].of(len(before.piles[src]) - count)
    width = before.columns[src].width
    if finished:
        # The cards finished a run there, which has left the column: they slide to its end,
        # the run's other cards lying there meanwhile.
        kept = len(after.piles[dst])
        flights = [Flight(moved, start, before.columns[dst].end, width)]
        lying = before.piles[dst][kept:]
        if lying:
            at = before.columns[dst].of(kept)
            flights.append(Flight(lying, at, at, width, look="card--face"))
        return Effect(SLIDE * scale, flights)
    index = len(after.piles[dst]) - count
    end = after.columns[dst].of(index)
    return Effect(SLIDE * scale, [Flight(moved, start, end, width, column=dst, index=index)])


def _deal(before: Table, after: Table, scale: float) -> Effect:
    """One card onto each column that got one, from the stock, one after the other."""
    got = [i for i in range(len(after.piles)) if len(after.piles[i]) > len(before.piles[i])]
    gap = DEAL_GAP * scale
    each = DEAL_CARD * scale
    total = gap * max(0, len(got) - 1) + each
    flights = []
    for k, i in enumerate(got):
        index = len(after.piles[i]) - 1
        flights.append(Flight(after.piles[i][-1:], before.stock, after.columns[i].of(index),
                              after.columns[i].width, t0=k * gap / total,
                              t1=(k * gap + each) / total, column=i, index=index))
    return Effect(total, flights)


def _fly(removed: Sequence[tuple[int, int]], arrived: dict[int, tuple[int, ...]],
         before: Table, after: Table, scale: float) -> Effect:
    """Each finished run from where it lay to its foundation slot."""
    flights = []
    for k, (col, _suit) in enumerate(removed):
        if not 0 <= col < len(before.columns):
            continue
        spot = before.columns[col]
        kept = len(after.piles[col])
        run = (before.piles[col] + arrived.get(col, ()))[kept:]
        slot = after.done - len(removed) + k
        end = after.slots[slot] if 0 <= slot < len(after.slots) else spot.end
        flights.append(Flight(run, spot.of(kept), end, spot.width,
                              slot=slot if 0 <= slot < len(after.slots) else None))
    return Effect(FLY * scale, flights)


def celebration(scale: float) -> Effect:
    """A won game's moment of glory (at least a little of it, even at the fastest speed)."""
    return Effect(CELEBRATE * max(scale, 0.5), celebrate=True)
