"""The cards being dragged, drawn next to the pointer: the whole run, as it will land."""

from __future__ import annotations

from textual.geometry import Offset

from .palette import Palette
from .sprite import CardSprite


class DragGhost(CardSprite):
    def __init__(self, palette: Palette) -> None:
        super().__init__(palette, id="ghost")

    def follow(self, cards: tuple[int, ...], at: Offset, *, width: int, four_colour: bool,
               screen_height: int) -> None:
        """The cards just below and right of the pointer (so that the pointer stays over the
        place it points at), folded to the rows left under it."""
        top = at.y + 1
        self.show_cards(cards, Offset(at.x + 2, top), width=width, four_colour=four_colour,
                        room=max(1, screen_height - top))
