"""What every screen over the board shares: it goes away once, and only once it has come up.

A fast typist's keys, and the two clicks of a double click, reach a screen together, so a
screen can be asked to go away again by what arrived just after the answer that closed it. By
then the screen on top is another one (the board, or the screen under a dialog), and a second
dismissal would take that one away instead: Textual raises ``ScreenStackError: Can't pop
screen`` when that is the board, or hands the answer to the wrong caller. So a screen answers
only while it is the screen on top; what comes after is let be.

Under a flood a screen can also be closed before it has come up at all: taken down with its
widgets, it then ran its ``on_mount`` with nothing left to find (``NoMatches:
'#help-scroll'``). Such a screen goes away just after it has come up.
"""

from __future__ import annotations

from typing import Any

from textual.await_complete import AwaitComplete
from textual.command import CommandPalette
from textual.screen import ModalScreen, ScreenResultType


class DismissOnce:
    """Mixed into a :class:`~textual.screen.Screen` (before it): :meth:`dismiss` does nothing
    unless the screen is the one on top, and waits for the screen to have come up."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        screen: Any = self
        try:
            on_top = screen.app.screen is screen
        except Exception:  # no screen at all: the app is being taken down
            on_top = False
        if not on_top:
            return AwaitComplete.nothing()
        if not screen.is_mounted:
            def later() -> None:  # not awaited: a screen may not await its own dismissal
                screen.dismiss(result)

            # Called by the screen itself, so after its own on_mount.
            screen.call_later(later)
            return AwaitComplete.nothing()
        return super().dismiss(result)  # type: ignore[misc]


class Modal(DismissOnce, ModalScreen[ScreenResultType]):
    """The base of the dialogs, the menus, help and the pause."""


class Commands(DismissOnce, CommandPalette):
    """Textual's command palette, which a double click beside it closed twice."""
