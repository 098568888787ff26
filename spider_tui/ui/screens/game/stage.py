"""Where the cards fly: what :class:`~spider_tui.ui.motion.Animator` needs of the game screen
(its :class:`~spider_tui.ui.motion.Stage`): the card sprites over the table, the celebration,
and where everything is drawn now, before and after a move."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.geometry import Offset
from textual.timer import Timer

from ....engine import WON, Step
from ... import motion
from ...widgets.sprite import CardSprite

if TYPE_CHECKING:
    from . import GameScreen


class Stage:
    """Owns the card sprites (made, and mounted over the table, when first needed)."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self._sprites: list[CardSprite] = []

    def make_sprites(self) -> None:
        """The sprites a deal needs (one a column), made ahead of it."""
        screen = self.screen
        if motion.speed(screen.app.config.animation) > 0:
            self.sprite(len(screen.columns) + 1)

    def animate(self, kind: str, step: Step, before: motion.Table, scale: float, *,
                slide: bool = True) -> None:
        """Show ``step`` (just played) moving the cards from where they were in ``before``
        (``slide`` False: the moved cards are in place already, only a finished run flies)."""
        screen = self.screen
        effects = motion.plan(kind, step, before, self.table_now(), scale, slide=slide)
        if screen.game.status == WON and kind != "undo":
            effects.append(motion.celebration(scale))
        screen.motion.play(effects)

    def table_now(self) -> motion.Table:
        """Where everything is drawn now (for :mod:`~spider_tui.ui.motion`)."""
        screen = self.screen
        facts = screen.facts
        spots = []
        for column in screen.columns:
            places, end = column.card_places()
            spots.append(motion.Spot(places, end, max(4, column.card_span()[1])))
        stock = screen.stock.region
        return motion.Table(
            spots, [facts.cards(i) for i in range(len(screen.columns))],
            stock.offset + Offset(1, stock.height // 2),
            [screen.foundations.slot_offset(i) for i in range(screen.game.rules.win_runs)],
            len(facts.runs_done))

    # ------------------------------------------------------------------ motion.Stage

    def sprite(self, n: int) -> CardSprite:
        """The ``n``th card sprite (made, and mounted over the table, when first needed)."""
        while len(self._sprites) <= n:
            sprite = CardSprite(self.screen.palette)
            self._sprites.append(sprite)
            self.screen.mount(sprite)
        return self._sprites[n]

    def celebration(self, on: bool, t: float) -> None:
        view = self.screen.celebration_view
        if on:
            region = self.screen.table.region
            if not view.display:
                view.styles.offset = (region.x, region.y)
                view.styles.width, view.styles.height = region.width, region.height
                view.display = True
            view.show_at(t)
        elif view.display:
            view.display = False

    def motion_changed(self) -> None:
        """Cards left or came back to their places (an animation began or a flight landed)."""
        self.screen.refresh_board()

    def set_interval(self, interval: float, callback: Callable[[], None]) -> Timer:
        return self.screen.set_interval(interval, callback)
