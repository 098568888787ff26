"""The statistics screen: every (variant, house rules) combination played, with all its figures,
the current game's row marked, and a way to reset one row's figures (after a confirmation).

The table scrolls both ways inside 80×24, its first column (the variant) staying in view.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, DataTable, Static

from ...engine.catalog import Catalog
from ...engine.text import printable
from ...store.stats import COLUMNS, NUMERIC, Figures, Key, StatsStore, StatsTable, key_of
from .confirm import ConfirmScreen
from .modal import Modal

MARK = "▶ "


def row_key(key: Key) -> str:
    variant, house_rules = key
    return variant + "|" + ",".join(house_rules)


class StatsGrid(DataTable):
    """The figures' table, scrolled sideways a whole column at a time (``←`` ``→``), so that
    the first column after the variant's is always shown whole, never cut to its last letters;
    its last column is widened by what it takes for the end of the table to be such a place
    too."""

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_end)

    def starts(self) -> list[int]:
        """Where each column after the fixed ones begins, as :attr:`scroll_x` shows it first."""
        out, x = [], 0
        for column in list(self.columns.values())[self.fixed_columns:]:
            out.append(x)
            x += column.get_render_width(self)
        return out

    def fit_end(self) -> None:
        """Widen the last column so that the table scrolled to its end starts at a column."""
        columns = list(self.columns.values())
        if len(columns) <= self.fixed_columns or not self.size.width:
            return
        last = columns[-1]
        padding = 2 * self.cell_padding
        # The table's width with the last column as wide as its text, and how much of it
        # does not fit: the scroll at the end.
        total = sum(c.get_render_width(self) for c in columns[:-1]) + last.content_width + padding
        over = total - self.scrollable_content_region.width
        pad = 0
        if over > 0:
            pad = min((x for x in self.starts() if x >= over), default=over) - over
        width = last.content_width + pad
        if last.auto_width or last.width != width:
            last.auto_width = False
            last.width = width
            self._require_update_dimensions = True
            self.refresh()

    def _step(self, way: int) -> None:
        here = round(self.scroll_x)
        stops = [x for x in self.starts() if x <= self.max_scroll_x]
        ahead = [x for x in stops if x > here] if way > 0 else [x for x in stops if x < here]
        if ahead:
            self.scroll_to(x=min(ahead) if way > 0 else max(ahead), animate=False)

    def action_cursor_right(self) -> None:
        self._step(1)

    def action_cursor_left(self) -> None:
        self._step(-1)


class StatsScreen(Modal[None]):
    CSS_PATH = "../styles/settings.tcss"
    BINDINGS = [
        Binding("escape,q", "close", "Close", show=False),
        Binding("r,delete", "reset", "Reset the row", show=False),
    ]

    def __init__(self, stats: StatsStore | None = None,
                 current: tuple[str, Iterable[str]] | None = None, *,
                 catalog: Catalog | None = None) -> None:
        """``current``: the (variant, house rules) of the game being played, marked and picked
        first (shown even before it was ever counted)."""
        super().__init__(id="stats")
        self.stats = stats if stats is not None else StatsStore()
        self.current: Key | None = key_of(*current) if current is not None else None
        self._given_catalog = catalog
        self.table = StatsTable()
        #: The figures shown, in row order.
        self.shown: list[Figures] = []

    @property
    def catalog(self) -> Catalog:
        if self._given_catalog is None:
            manager: Any = getattr(self.app, "manager", None)
            if manager is None:
                from ...plugins.manager import get_manager

                manager = get_manager()
            self._given_catalog = manager.catalog
        return self._given_catalog

    def compose(self) -> ComposeResult:
        with Vertical(id="stats-box"):
            yield Static("Statistics", id="stats-title")
            yield StatsGrid(id="stats-table", cursor_type="row", zebra_stripes=True,
                            fixed_columns=1)
            yield Static("", id="stats-note", markup=False)
            yield Static("↑↓ pick a row · ←→ scroll · r resets the row picked · Esc closes",
                         id="stats-help", markup=False)
            with Horizontal(id="stats-buttons"):
                yield Button("Reset this row (r)", id="reset", compact=True)
                yield Button("Close (Esc)", id="close", variant="primary", compact=True)

    def on_mount(self) -> None:
        dt = self.query_one(DataTable)
        for i, heading in enumerate(COLUMNS):
            dt.add_column(Text(heading, justify="right" if i in NUMERIC else "left"),
                          key=heading)
        self.reload()
        dt.focus()

    # ------------------------------------------------------------------ the table

    def variant_name(self, variant: str) -> str:
        rules = self.catalog.variants.get(variant)
        return rules.name if rules is not None else variant

    def reload(self, notices: Iterable[str] = ()) -> None:
        """Read the figures afresh and show them (keeping the row picked if it is still there)."""
        dt = self.query_one(DataTable)
        picked = self.picked()
        self.table = self.stats.load()
        rows = self.table.rows()
        if self.current is not None and self.current not in self.table.records:
            rows.append(self.table.get(*self.current))
            rows.sort(key=lambda f: f.key)
        self.shown = rows
        dt.clear()
        for f in rows:
            dt.add_row(*self._cells(f), key=row_key(f.key))
        want = picked.key if picked is not None else self.current
        keys = [f.key for f in rows]
        if want in keys:
            dt.move_cursor(row=keys.index(want))
        said = [*self.table.notices, *notices]
        if not rows:
            said.insert(0, "No game has been counted yet: the figures start with your first "
                           "finished or abandoned game.")
        self.query_one("#stats-note", Static).update("\n".join(said))
        self.query_one("#reset", Button).disabled = not rows
        self.call_after_refresh(self.query_one(StatsGrid).fit_end)

    def _cells(self, f: Figures) -> list[Text]:
        cells = f.cells()
        mine = f.key == self.current
        cells[0] = (MARK if mine else "") + self.variant_name(f.variant)
        style = "bold" if mine else ""
        # Ids in stats.json are a file's text: no control character reaches the terminal.
        return [Text(printable(c), style=style, justify="right" if i in NUMERIC else "left")
                for i, c in enumerate(cells)]

    def picked(self) -> Figures | None:
        """The figures of the row under the cursor."""
        dt = self.query_one(DataTable)
        if not self.shown or not 0 <= dt.cursor_row < len(self.shown):
            return None
        return self.shown[dt.cursor_row]

    # ------------------------------------------------------------------ resetting

    def action_reset(self) -> None:
        f = self.picked()
        if f is None:
            return
        what = self.variant_name(f.variant) + (
            f" with {', '.join(f.house_rules)}" if f.house_rules else "")
        if not f.played:
            self.query_one("#stats-note", Static).update(f"{what}: nothing to reset yet.")
            return
        question = (f"Reset the figures of {what}? {f.played} played, {f.won} won, best streak "
                    f"{f.best_streak}. This cannot be undone.")

        def answered(answer: str | None) -> None:
            if answer == "yes":
                self._reset(f, what)

        self.app.push_screen(ConfirmScreen(question, yes="Reset", no="Keep them"), answered)

    def _reset(self, f: Figures, what: str) -> None:
        try:
            old, notices = self.stats.reset(f.variant, f.house_rules)
        except Exception as e:  # the store promises not to raise; the screen must not either
            old, notices = None, [f"The figures could not be reset: {e}"]
        done = [f"The figures of {what} were reset."] if old is not None else []
        self.reload([*notices, *done])

    @on(Button.Pressed, "#reset")
    def _reset_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_reset()

    @on(Button.Pressed, "#close")
    def _close_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
