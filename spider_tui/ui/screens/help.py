"""The rules of the game being played, the mouse, and the keys (as the keymap has them)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from ...actions import APP, BOARD, BY_ID, keys_of, owned_by
from ...engine.deadline import plugin_deadline
from ...engine.rules import RuleSet
from ...engine.text import printable
from .modal import Modal

if TYPE_CHECKING:
    from ..host import Host

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


#: A line that starts an item of a list: ``-``, ``*``, ``•`` or ``+``, or ``1.``, ``2)``, ``a.``.
_ITEM = re.compile(r"\s*(?:[-*•+]|\d{1,3}[.)]|[a-zA-Z][.)])\s")


def reflow(text: str) -> str:
    """``text`` (a rules text, a description) with its paragraphs for the screen to wrap: the
    line breaks of the file it came from (made for an editor's width, ragged on any other) are
    spaces again. A blank line ends a paragraph; a line starting an item of a list (``- ``,
    ``* ``, ``• ``, ``1. ``) starts a line of its own, and the lines after it continue it."""
    paragraphs = []
    for paragraph in re.split(r"\n[ \t]*\n", text.strip()):
        lines: list[str] = []
        for line in paragraph.splitlines():
            words = " ".join(line.split())
            if not words:
                continue
            if not lines or _ITEM.match(line):
                lines.append(words)
            else:
                lines[-1] += " " + words
        if lines:
            paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


#: The rule methods a Python variant may override that the data's summary cannot see.
RULE_METHODS = ("links", "accepts", "accepts_in_empty", "is_complete", "run_lengths",
                "move_refusal", "deal_refusal", "deal_targets", "deal_plan", "after_move", "won",
                "initial_layout", "initial_faces")


def in_short(rules: RuleSet) -> str:
    """The help's "In short": ``rules.summary()``, which says the rules the data gives. A
    Python variant whose methods change them says its own by overriding ``summary()`` (the
    shipped ones do; docs/plugins.md tells how); one that does not is said to (never with
    the data's rules passed off as its own), and one whose ``summary()`` fails or gives no
    text is shown the data's with that said."""
    own = type(rules).summary is not RuleSet.summary
    try:
        with plugin_deadline():
            text = rules.summary()
    except BaseException:  # noqa: BLE001 - a plugin's code (sys.exit() too) must not end help
        text = None
    if not isinstance(text, str) or not text.strip():
        text, own = RuleSet.summary(rules), False
        note = "its own summary() failed or said nothing, so this is what its data says"
    else:
        note = ""
    changed = [m for m in RULE_METHODS if rules.overrides(m)]
    if own or not changed:
        return text
    note = note or "what its data says"
    return (text + f"\n(This is {note}; its Python rules ({', '.join(changed)}) "
            f"change some of it: the rules above say how.)")


def keys_after(app: Host) -> str:
    """The words under the key table, with the keys bound now."""
    def keys(action_id: str) -> str:
        return shown_keys(app, keys_of(action_id, app.config.keymap), " or ")

    cursor = ", ".join(keys(f"cursor_{way}") for way in ("left", "right", "up", "down"))
    palette = app.get_key_display(Binding(app.COMMAND_PALETTE_BINDING, ""))
    return (f"\nThe cursor keys ({cursor}) move the cursor over the columns and up and down "
            "the cards, and up from a column's cards to the stock and the piles of the top "
            f"row; {keys('pick_drop')} picks the cards up and puts them down (on the stock: "
            f"deals); {keys('cancel')} cancels. "
            f"Every action is also in the command palette ({palette}).")


def shown_keys(app: Host, keys: Iterable[str], between: str = " ") -> str:
    """Keys as the key bar shows them, the same letter once ("u z" for "u,z,U,Z"; "H" alone
    stays "H")."""
    shown: list[str] = []
    for k in keys:
        label = app.get_key_display(Binding(k, ""))
        if label not in shown and not (len(label) == 1 and label.lower() in shown):
            shown.append(label)
    return between.join(shown)


def key_lines(app: Host, bindings: Iterable[Any]) -> list[tuple[str, str]]:
    """``(keys, what)`` for each action (anything with an ``id``: a binding, an action) that the
    help tells of, as the keymap binds it now."""
    seen: set[str] = set()
    out: list[tuple[str, str]] = []
    for b in bindings:
        action = BY_ID.get(b.id or "")
        if action is None or not action.help or action.id in seen:
            continue
        seen.add(action.id)
        out.append((shown_keys(app, keys_of(action.id, app.config.keymap)), action.help))
    return out


class HelpScreen(Modal[None]):
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close", show=False)]

    app: Host  # type: ignore[assignment]

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            with VerticalScroll(id="help-scroll"):
                yield Static(self._text(), id="help-text")
                yield Static(self._keys(), id="help-keys")
                yield Static(keys_after(self.app), id="help-after", markup=False)
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
            t.append(f" — {printable(reflow(rules.description), newlines=True)}")
        t.append("\n\n")
        if rules.rules_text:
            t.append(printable(reflow(rules.rules_text), newlines=True) + "\n\n")
        t.append("In short\n", "bold")
        t.append(printable(in_short(rules), newlines=True) + "\n")
        if rules.house_rules:
            t.append("\nHouse rules in force\n", "bold")
            cat = self.app.manager.catalog
            for hid in rules.house_rules:
                hr = cat.house_rules.get(hid)
                t.append(printable(f"• {hr.name if hr else hid}"
                                   + (f": {reflow(hr.description)}" if hr and hr.description
                                      else ""), newlines=True) + "\n")
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
        keymap = self.app.config.keymap
        lines = key_lines(self.app, owned_by(BOARD) + owned_by(APP))

        def first(n: int) -> str:
            return shown_keys(self.app, keys_of(f"column_{n}", keymap)[:1])

        lines.insert(0, (f"{first(1)}…{first(9)} {first(10)}",
                         "Pick a column by its number, then the column to go to"))
        columns = self.app.game.rules.columns
        if columns > 10:
            # Columns 11 and on (Big Spider has 13), with the keys the keymap gives them.
            keys = " ".join(first(n) for n in range(11, columns + 1))
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
