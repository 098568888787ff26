"""The key bar under the board."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class KeyBar(Footer):
    """Textual's footer, built again only when the keys it shows change. The footer rebuilds
    itself whenever a screen opens over the board and again when it closes, although the
    board's keys are the same: that cost every dialog, the settings and the game menu a
    screenful of layout each time they opened."""

    def __init__(self) -> None:
        super().__init__()
        self._shown: tuple | None = None

    def bindings_changed(self, screen: Screen) -> None:
        if not self.app.app_focus:
            super().bindings_changed(screen)  # Footer waits for the focus to come back
            return
        if screen is not self.app.screen:
            return  # covered by another screen: it goes on showing the board's keys
        keys = tuple((b.key, b.description, b.action, enabled, tooltip)
                     for _, b, enabled, tooltip in screen.active_bindings.values() if b.show)
        if keys == self._shown:
            self._bindings_ready = True
            return
        self._shown = keys
        super().bindings_changed(screen)
