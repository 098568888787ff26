"""The rules of the game being played, the mouse, and the keys (as the keymap has them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from ...engine.text import printable
from .modal import Modal

if TYPE_CHECKING:
    from ..app import SpiderApp

MOUSE = """\
Click a card to send it, with the cards below it, to the best place (one-tap moves): a \
foundation first, then a card of its own suit, then a move that turns a card over or empties a \
column or a free cell; of two such places, \
the one making the longer run in suit, then the one burying no face-down card. When places are \
truly alike, the cards stay picked up, the places light up, and a click on one finishes the move \
(a click on the cards again takes the first). A click never breaks a run joined in suit by \
itself: the places light up and a second click moves the cards anyway. With one-tap moves off, \
click cards to pick them up, then click anywhere in a column to put them there.
Drag cards onto a column: the columns that take them light up while you drag; let go over \
their own column or off the table, or press Esc, and nothing moves. A click on the felt does \
nothing.
Click the stock (top left) to deal a row, or in a game with a waste to turn the stock onto it \
(and the waste back over when it is used up, where the game allows). The wheel scrolls a column \
too long for the screen.
Free cells (c1, c2...), reserves (r1...), foundations built card by card (f1...) and the waste \
(w) lie in the top row, under their names: click one to play its top card to its best place, \
drag from it or onto it, or click it with cards picked up to put them there.
Hold the right button on a card to light every face-up card of its rank."""


KEYS_AFTER = ("\nThe arrow keys (or h j k l) move the cursor over the columns and up and down "
              "the cards, and up from a column's cards to the stock and the piles of the top "
              "row; Enter or Space picks the cards up and puts them down (on the stock: "
              "deals); Esc cancels. "
              "Every action is also in the command palette (Ctrl+P).")


#: Longer words for the help screen than the key bar has room for.
LONGER = {
    "undo": "Undo (as often as you like; each costs a point)",
    "redo": "Redo what was undone",
    "undo_all": "Undo all: back to the start (each move counts as an undo)",
    "redo_all": "Redo all the moves undone",
    "restart": "Restart this deal, as one action (undo takes it back)",
    "pause": "Pause: hide the table and stop the clock; any key goes on",
    "hint": "Hint: a good move lights up; again for the next one",
    "deal": "Deal a row from the stock, or turn the stock onto the waste",
    "new_game": "New deal of this variant (asks first mid-game)",
    "choose_game": "Choose a game: variant, house rules, which deal",
    "cursor_left": "Cursor to the column on the left",
    "cursor_right": "Cursor to the column on the right",
    "cursor_up": "Cursor up the cards (more of them), then to the top row",
    "cursor_down": "Cursor down the cards",
    "pick_drop": "Pick up the cards at the cursor / put them down",
    "to_foundation": "To a foundation: the card picked up, or the best one",
    "cells": "To a free cell; or pick up a cell's card (again: the next)",
    "waste": "Pick up the waste's card (again: to its best place)",
    "cancel": "Put picked-up cards back; hide the hint or the cursor",
    "same_rank": "Light the cards of the rank at the cursor (any key: off)",
    "finish": "Finish for me (once every card is face up, the stock empty)",
    "help": "This help",
    "next_theme": "Next colour theme",
    "settings": "Settings",
    "stats": "Statistics",
    "quit": "Quit (the game is kept to resume)",
}


def key_lines(app: "SpiderApp", bindings: Iterable[Binding]) -> list[tuple[str, str]]:
    """``(keys, what)`` for each binding with a description, as the keymap binds it now."""
    keymap = app.config.keymap
    seen: set[str] = set()
    out: list[tuple[str, str]] = []
    for b in bindings:
        if not b.description or (b.id and b.id in seen):
            continue
        if b.id:
            seen.add(b.id)
        keys = keymap.get(b.id or "", b.key) if b.id else b.key
        shown = []
        for k in keys.split(","):
            label = app.get_key_display(Binding(k.strip(), ""))
            # "u" and "U" do the same: show the letter once (but "H" alone stays "H").
            if label not in shown and not (len(label) == 1 and label.lower() in shown):
                shown.append(label)
        out.append((" ".join(shown), LONGER.get(b.id or "", b.description)))
    return out


class HelpScreen(Modal[None]):
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close", show=False)]

    app: "SpiderApp"

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            with VerticalScroll(id="help-scroll"):
                yield Static(self._text(), id="help-text")
                yield Static(self._keys(), id="help-keys")
                yield Static(KEYS_AFTER, id="help-after")
            yield Static("Esc closes · ↑↓ PgUp PgDn scroll", id="help-foot", markup=False)

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def _text(self) -> Text:
        game = self.app.game
        rules = game.rules
        # Names and texts from plugins and files go in as Text (never markup), and with no
        # control character to reach the terminal.
        t = Text()
        t.append(printable(rules.name), "bold")
        if rules.description:
            t.append(f" — {printable(rules.description, newlines=True)}")
        t.append("\n\n")
        if rules.rules_text:
            t.append(printable(rules.rules_text.strip(), newlines=True) + "\n\n")
        t.append("In short\n", "bold")
        t.append(rules.summary() + "\n")
        if rules.house_rules:
            t.append("\nHouse rules in force\n", "bold")
            cat = self.app.manager.catalog
            for hid in rules.house_rules:
                hr = cat.house_rules.get(hid)
                t.append(printable(f"• {hr.name if hr else hid}"
                                   + (f": {hr.description}" if hr and hr.description else ""),
                                   newlines=True) + "\n")
        scheme = game.scoring
        if scheme is not None:
            t.append("\nScoring: ", "bold")
            t.append(printable(f"{scheme.name}. {getattr(scheme, 'description', '')}",
                               newlines=True) + "\n")
        t.append("\nThe mouse\n", "bold")
        t.append(MOUSE + "\n")
        t.append("\nThe keys", "bold")
        return t

    def _keys(self) -> Table:
        """The keys and what they do, in two columns: a description too long for its line
        goes on under itself, never back under the keys."""
        from .game import GameScreen

        every = (*GameScreen.BINDINGS, *self.app.BINDINGS)
        lines = key_lines(self.app, [b for b in every
                                     if not (b.id or "").startswith("column_")])
        lines.insert(0, ("1…9 0", "Pick a column by its number, then the column to go to"))
        columns = self.app.game.rules.columns
        if columns > 10:
            # Columns 11 and on (Big Spider has 13), with the keys the keymap gives them.
            more = [b for b in every if b.id in {f"column_{i}" for i in range(11, columns + 1)}]
            keys = " ".join(k.split()[0] for k, _ in key_lines(self.app, more))
            lines.insert(1, (keys, f"Columns 11–{columns} (Shift and 1, 2, 3… on a US "
                                   "keyboard)"))
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True, style="bold")
        grid.add_column(ratio=1)
        for keys, what in lines:
            grid.add_row(keys, what)
        return grid

    def action_close(self) -> None:
        self.dismiss(None)
