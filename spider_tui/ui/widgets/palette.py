"""The card colours, as styles, computed once for the whole table.

Every column, the stock and the foundations draw with the same few dozen styles. Declaring them
as component classes of each widget would make Textual work them out again for every widget on
every style change; one hidden palette widget holds them instead, filled from the theme's
variables by the stylesheet, and the others read it.
"""

from __future__ import annotations

from rich.style import Style
from textual.widget import Widget

SUIT_CLASSES = ("card--spades", "card--hearts", "card--diamonds", "card--clubs")
#: Two-colour suits: diamonds drawn as hearts, clubs as spades.
TWO_COLOUR = (0, 1, 1, 0)


class Palette(Widget):
    COMPONENT_CLASSES = {
        "column--number", "column--number-cursor", "column--number-target",
        "column--number-flash", "column--more", "column--empty", "column--empty-target",
        "column--empty-flash", "card--back", "card--face", "card--movable", "card--selected",
        "card--target", "card--hint", "card--flash", "card--same-rank", *SUIT_CLASSES,
        "stock--back", "stock--empty", "stock--hint", "stock--label",
        "slot--empty", "slot--full", "slot--target",
    }

    def __init__(self) -> None:
        super().__init__(id="palette")
        self.version = 0

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.version += 1

    def style(self, name: str) -> Style:
        return self.get_component_rich_style(name)

    def suit(self, suit: int, four_colour: bool = True) -> Style:
        """The colour of ``suit`` alone, to lay over a card's background."""
        return self.get_component_rich_style(
            SUIT_CLASSES[suit if four_colour else TWO_COLOUR[suit]], partial=True)
