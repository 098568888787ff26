"""The game menu: every registered variant (plugins' too), its house rules, and which deal.

Typing filters the games (by name, id or family); the list's own arrow keys move in it while
the filter keeps the focus, and one Enter starts the game highlighted. The deal-number box comes
next by Tab: a number typed there is the deal, else the deal chosen below it (a random one)."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Checkbox, Input, OptionList, RadioSet, Static
from textual.widgets.option_list import Option

from ...engine.rules import RuleSet
from ...engine.text import printable
from ..hinting import winnable
from ..widgets.toggles import Choice, Tick
from .modal import Modal

if TYPE_CHECKING:
    from ..host import Host
    from ..replaying import ReplayRequest


def daily_deal(day: datetime.date | None = None) -> int:
    """Today's deal: the same for everyone on the same date, with no network (20240131)."""
    day = day or datetime.date.today()
    return int(day.strftime("%Y%m%d"))


def family(rules: RuleSet) -> str:
    """The branch of the Spider family a game belongs to, read from its rules: the kind of pile
    it adds to Spider's (a waste, free cells, reserves, foundations built card by card), else
    how it plays (Scorpion's any face-up card lifted with what lies on it; every card dealt face
    up), else Spider."""
    if rules.deal_to == "waste":
        return "Waste"
    if rules.cells:
        return "Free cells"
    if rules.reserves:
        return "Reserves"
    if rules.foundations:
        return "Foundations"
    if rules.lift == "any":
        return "Scorpion"
    if "d" not in "".join(rules.initial_faces()):
        return "Open"
    return "Spider"


def decks(rules: RuleSet) -> int:
    """How many decks a game is played with: four suits make a deck, or, for a deck of fewer
    suits (Spider 3x3, Chinese Spider), one set of each (a one-suit deck counts as four)."""
    sets = rules.sets
    if sets % 4 == 0 or rules.suit_count == 1:
        return max(1, round(sets / 4))
    return max(1, round(sets / rules.suit_count))


#: The width of the list's name column; longer names are cut with an ellipsis.
NAME_WIDTH = 24
FAMILY_WIDTH = 11


def _cell(text: str, width: int) -> str:
    return text.ljust(width) if len(text) <= width else text[:width - 1] + "…"


def _row(name: str, fam: str, count: str) -> str:
    return f"{_cell(name, NAME_WIDTH)} {_cell(fam, FAMILY_WIDTH)} {count:>5}"


class FilterInput(Input):
    """The filter: the list's own keys for moving up and down move the list, not the text."""

    BINDINGS = [Binding(b.key, f"move_list('{b.action}')", show=False)
                for b in OptionList.BINDINGS if isinstance(b, Binding)
                and b.action in ("cursor_up", "cursor_down", "page_up", "page_down")]

    def action_move_list(self, action: str) -> None:
        olist = self.screen.query_one("#variant-list", OptionList)
        getattr(olist, f"action_{action}")()


@dataclass(frozen=True)
class GameChoice:
    variant: str
    house_rules: tuple[str, ...] = ()
    #: ``None`` for a random deal.
    deal: int | None = None
    #: How the deal was chosen: "random", "number", "daily" or "winnable".
    kind: str = "random"


class VariantScreen(Modal["GameChoice | ReplayRequest | None"]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]

    app: Host  # type: ignore[assignment]

    def __init__(self, variant: str | None = None, house_rules: tuple[str, ...] = ()) -> None:
        super().__init__(id="variants")
        self.initial_variant = variant
        self.initial_house_rules = set(house_rules)
        self.variant_id = ""

    def compose(self) -> ComposeResult:
        # Everything, the first variant's details and house rules too, is built here: filling
        # them in once the screen is up laid the screen out twice more.
        ids = self._sorted_ids()
        want = self.initial_variant if self.initial_variant in ids else (ids[0] if ids else "")
        self.variant_id = want
        self.shown_ids = ids
        with Vertical(id="variant-box"):
            yield Static("Choose a game", id="variant-title")
            with Horizontal(id="variant-main"):
                with Vertical(id="variant-left"):
                    yield FilterInput(placeholder="Type to find a game", id="variant-filter",
                                      compact=True)
                    yield Static(_row("Game", "Family", "Decks"), id="variant-head",
                                 markup=False)
                    olist = OptionList(*self._options(ids), id="variant-list", compact=True)
                    # The filter keeps the focus: the list moves by its keys, or the mouse.
                    olist.can_focus = False
                    if want:
                        olist.highlighted = ids.index(want)
                    yield olist
                    yield Static("", id="variant-empty", markup=False)
                detail = VerticalScroll(id="variant-detail")
                # Not a stop of its own for Tab: the deal box comes straight after the filter
                # (what it holds is scrolled into view as it gets the focus).
                detail.can_focus = False
                with detail:
                    yield Static(self._description(want), id="variant-desc", markup=False)
                    yield Static("Deal", classes="variant-heading")
                    with Horizontal(id="deal-number-row"):
                        yield Static("Deal number", id="deal-number-label")
                        yield Input(placeholder="e.g. 42", type="integer", id="deal-input",
                                    compact=True)
                    with RadioSet(id="deal-kind", compact=True):
                        yield Choice("A random deal", id="deal-random", value=True,
                                     compact=True)
                        yield Choice(f"Today's deal ({daily_deal()})", id="deal-daily",
                                     compact=True)
                        yield self._winnable_button(want)
                    yield Static("", id="variant-error", markup=False)
                    yield Static("House rules", classes="variant-heading")
                    with Vertical(id="house-rules"):
                        yield from self._house_rule_widgets(want, self.initial_house_rules)
            with Horizontal(id="variant-buttons"):
                yield Button("Start", id="start", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)
                yield Button("Replay a finished game…", id="replay-finished", compact=True)

    def on_mount(self) -> None:
        self.query_one("#variant-empty", Static).display = False
        self.query_one("#variant-filter", Input).focus()

    def _sorted_ids(self) -> list[str]:
        """Every game's id, by name (a plugin's among the others), then id."""
        variants = self.app.manager.catalog.variants
        return sorted(variants, key=lambda vid: (printable(variants[vid].name).casefold(), vid))

    def _options(self, ids: list[str]) -> list[Option]:
        variants = self.app.manager.catalog.variants
        # Names from plugins and files are text, never markup ("[/bold] evil [").
        return [Option(Content(_row(printable(variants[vid].name), family(variants[vid]),
                                    str(decks(variants[vid])))), id=vid) for vid in ids]

    def _matching(self, text: str) -> list[str]:
        """The games whose name, id or family holds ``text`` (case ignored), by name."""
        variants = self.app.manager.catalog.variants
        want = text.strip().casefold()
        return [vid for vid in self._sorted_ids()
                if not want or any(want in t.casefold() for t in (
                    printable(variants[vid].name), vid, family(variants[vid])))]

    async def reset(self, variant: str | None, house_rules: tuple[str, ...] = ()) -> None:
        """Open again as new, on ``variant`` with ``house_rules`` ticked: the app keeps the
        screen between two openings (building it took most of the time it took to open)."""
        self.initial_variant = variant
        self.initial_house_rules = set(house_rules)
        search = self.query_one("#variant-filter", Input)
        with search.prevent(Input.Changed):
            search.value = ""
        await self._filter("", variant)
        ids = self.shown_ids
        want = variant if variant in ids else (ids[0] if ids else "")
        if want != self.variant_id:
            await self._show_variant(want, self.initial_house_rules)
        else:
            for box in self.query("#house-rules Checkbox"):
                if isinstance(box, Checkbox) and box.id:
                    box.value = box.id.removeprefix("hr-") in self.initial_house_rules
            self._update_winnable()
        field = self.query_one("#deal-input", Input)
        with field.prevent(Input.Changed):
            field.value = ""
        self.query_one("#deal-kind", RadioSet).disabled = False
        self.query_one("#deal-daily", Choice).label = f"Today's deal ({daily_deal()})"
        self.query_one("#deal-random", Choice).value = True
        self.query_one("#variant-error", Static).update("")
        search.focus()

    # ------------------------------------------------------------------ the chosen variant

    @on(Input.Changed, "#variant-filter")
    async def _filter_changed(self, event: Input.Changed) -> None:
        await self._filter(event.value, self.variant_id)

    async def _filter(self, text: str, keep: str | None) -> None:
        """Show the games matching ``text``, still on ``keep`` if it is one of them."""
        ids = self._matching(text)
        olist = self.query_one("#variant-list", OptionList)
        if ids != self.shown_ids:
            self.shown_ids = ids
            with olist.prevent(OptionList.OptionHighlighted):
                olist.clear_options()
                olist.add_options(self._options(ids))
        empty = self.query_one("#variant-empty", Static)
        empty.display = not ids
        empty.update(f"No game matches {text.strip()!r}." if not ids else "")
        want = keep if keep in ids else (ids[0] if ids else "")
        if want:
            with olist.prevent(OptionList.OptionHighlighted):
                olist.highlighted = ids.index(want)
        self.query_one("#variant-error", Static).update("")
        if want != self.variant_id:
            hrs = self.initial_house_rules if want == self.initial_variant else set()
            await self._show_variant(want, hrs)

    @on(OptionList.OptionHighlighted, "#variant-list")
    async def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index != event.option_list.highlighted:
            return  # a highlight since left (the list starts on its first variant)
        vid = event.option.id or ""
        if vid and vid != self.variant_id:
            keep = self.initial_house_rules if vid == self.initial_variant else set()
            await self._show_variant(vid, keep)

    @on(OptionList.OptionSelected, "#variant-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        # A click picks the game; typing goes on to the filter.
        self.query_one("#variant-filter", Input).focus()

    def _description(self, vid: str) -> str:
        cat = self.app.manager.catalog
        rules = cat.variants.get(vid)
        if rules is None:
            return ""
        owner = cat.owners.get(("variant", vid), "?")
        desc = rules.description or ""
        extra = "" if owner == "builtin" else f"\n(from the plugin {printable(owner)})"
        return (printable(f"{rules.name}: {desc}", newlines=True)
                + f"\n{rules.columns} columns, {rules.win_runs} runs to win" + extra)

    def _house_rule_widgets(self, vid: str, checked: set[str]) -> ComposeResult:
        cat = self.app.manager.catalog
        rules = cat.variants.get(vid)
        hrs = cat.house_rules_for(rules) if rules is not None else []
        for hr in hrs:
            yield Tick(Content(printable(hr.name)), value=hr.id in checked, id=f"hr-{hr.id}",
                       compact=True)
            if hr.description:
                yield Static(printable(hr.description, newlines=True), classes="hr-desc",
                             markup=False)
        if not hrs:
            yield Static("(none apply to this variant)", classes="variant-none")

    async def _show_variant(self, vid: str, checked: set[str]) -> None:
        self.variant_id = vid
        self.query_one("#variant-desc", Static).update(self._description(vid))
        box = self.query_one("#house-rules", Vertical)
        await box.remove_children()
        await box.mount_compose(self._house_rule_widgets(vid, checked))
        self._update_winnable()

    def _house_rules(self) -> tuple[str, ...]:
        return tuple(sorted(cb.id.removeprefix("hr-") for cb in self.query(Checkbox)
                            if cb.value and cb.id))

    def _winnable(self) -> list[int]:
        return winnable(self.variant_id) if self.variant_id else []

    def _winnable_button(self, vid: str) -> Choice:
        cat = self.app.manager.catalog
        rules = cat.variants.get(vid)
        takes = {hr.id for hr in cat.house_rules_for(rules)} if rules is not None else set()
        button = Choice("", id="deal-winnable", compact=True)
        self._set_winnable(button, bool(self.initial_house_rules & takes))
        return button

    def _set_winnable(self, button: Choice, house_rules: bool) -> None:
        """The winnable-deal choice, for the variant picked (with house rules or not)."""
        deals = self._winnable()
        button.display = bool(deals)
        button.disabled = house_rules
        button.label = ("A winnable deal (without house rules)" if house_rules
                        else f"A winnable deal (one of {len(deals)} proved)")

    def _update_winnable(self) -> None:
        button = self.query_one("#deal-winnable", Choice)
        self._set_winnable(button, bool(self._house_rules()))
        if button.value and (button.disabled or not button.display):
            self.query_one("#deal-random", Choice).value = True

    @on(Checkbox.Changed)
    def _house_rule_changed(self) -> None:
        self._update_winnable()

    @on(Input.Changed, "#deal-input")
    def _typed(self, event: Input.Changed) -> None:
        # A number typed is the deal: the other choices wait until it is taken away.
        self.query_one("#deal-kind", RadioSet).disabled = bool(event.value.strip())

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._start()

    # ------------------------------------------------------------------ the answer

    def choice(self) -> GameChoice | str:
        """The game chosen, or what is missing."""
        if not self.variant_id:
            search = self.query_one("#variant-filter", Input).value.strip()
            return (f"no game matches {search!r}: change the filter" if search
                    else "no variant is registered")
        hrs = self._house_rules()
        pressed = self.query_one("#deal-kind", RadioSet).pressed_button
        kind = (pressed.id or "deal-random").removeprefix("deal-") if pressed else "random"
        text = self.query_one("#deal-input", Input).value.strip()
        if text:
            try:
                deal = int(text)
            except ValueError:
                return "type a deal number (a whole number)"
            if deal < 0:
                return "a deal number cannot be negative"
            return GameChoice(self.variant_id, hrs, deal, "number")
        if kind == "daily":
            return GameChoice(self.variant_id, hrs, daily_deal(), "daily")
        if kind == "winnable":
            deals = self._winnable()
            if deals and not hrs:
                return GameChoice(self.variant_id, hrs, random.choice(deals), "winnable")
        return GameChoice(self.variant_id, hrs, None, "random")

    def _start(self) -> None:
        result = self.choice()
        if isinstance(result, str):
            self.query_one("#variant-error", Static).update(result[:1].upper() + result[1:])
            return
        self.dismiss(result)

    @on(Button.Pressed, "#start")
    def _start_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self._start()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#replay-finished")
    def _replay_pressed(self, event: Button.Pressed) -> None:
        """The finished games kept: the one chosen is replayed (this menu closes with it)."""
        from .finished import FinishedScreen

        event.stop()

        def chosen(request: ReplayRequest | None) -> None:
            if request is not None:
                self.dismiss(request)
        self.app.push_screen(FinishedScreen(self.app.history(), self.app.manager.catalog),
                             chosen)
