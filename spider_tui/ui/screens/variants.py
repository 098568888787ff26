"""The game menu: every registered variant (plugins' too), its house rules, and which deal."""

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
from textual.widgets import Button, Checkbox, Input, OptionList, RadioButton, RadioSet, Static
from textual.widgets.option_list import Option

from ...engine.text import printable
from ..hinting import winnable
from ..widgets.toggles import Choice, Tick
from .modal import Modal

if TYPE_CHECKING:
    from ..host import Host


def daily_deal(day: datetime.date | None = None) -> int:
    """Today's deal: the same for everyone on the same date, with no network (20240131)."""
    day = day or datetime.date.today()
    return int(day.strftime("%Y%m%d"))


@dataclass(frozen=True)
class GameChoice:
    variant: str
    house_rules: tuple[str, ...] = ()
    #: ``None`` for a random deal.
    deal: int | None = None
    #: How the deal was chosen: "random", "number", "daily" or "winnable".
    kind: str = "random"


class VariantScreen(Modal["GameChoice | None"]):
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
        variants = self.app.manager.catalog.variants
        ids = list(variants)
        want = self.initial_variant if self.initial_variant in ids else (ids[0] if ids else "")
        self.variant_id = want
        with Vertical(id="variant-box"):
            yield Static("Choose a game", id="variant-title")
            with Horizontal(id="variant-main"):
                # Names from plugins and files are text, never markup ("[/bold] evil [").
                olist = OptionList(*[Option(Content(printable(r.name)), id=vid)
                                     for vid, r in variants.items()],
                                   id="variant-list", compact=True)
                if want:
                    olist.highlighted = ids.index(want)
                yield olist
                with VerticalScroll(id="variant-detail"):
                    yield Static(self._description(want), id="variant-desc", markup=False)
                    yield Static("Deal", classes="variant-heading")
                    with RadioSet(id="deal-kind", compact=True):
                        yield Choice("A random deal", id="deal-random", value=True,
                                     compact=True)
                        yield Choice("Deal number:", id="deal-number", compact=True)
                        yield Choice(f"Today's deal ({daily_deal()})", id="deal-daily",
                                     compact=True)
                        yield self._winnable_button(want)
                    yield Input(placeholder="e.g. 42", type="integer", id="deal-input",
                                compact=True)
                    yield Static("", id="variant-error", markup=False)
                    yield Static("House rules", classes="variant-heading")
                    with Vertical(id="house-rules"):
                        yield from self._house_rule_widgets(want, self.initial_house_rules)
            with Horizontal(id="variant-buttons"):
                yield Button("Start", id="start", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#variant-list", OptionList).focus()

    async def reset(self, variant: str | None, house_rules: tuple[str, ...] = ()) -> None:
        """Open again as new, on ``variant`` with ``house_rules`` ticked: the app keeps the
        screen between two openings (building it took most of the time it took to open)."""
        self.initial_variant = variant
        self.initial_house_rules = set(house_rules)
        ids = list(self.app.manager.catalog.variants)
        want = variant if variant in ids else (ids[0] if ids else "")
        if want != self.variant_id:
            await self._show_variant(want, self.initial_house_rules)
        else:
            for box in self.query("#house-rules Checkbox"):
                if isinstance(box, Checkbox) and box.id:
                    box.value = box.id.removeprefix("hr-") in self.initial_house_rules
            self._update_winnable()
        olist = self.query_one("#variant-list", OptionList)
        if want:
            with olist.prevent(OptionList.OptionHighlighted):
                olist.highlighted = ids.index(want)
        field = self.query_one("#deal-input", Input)
        with field.prevent(Input.Changed):
            field.value = ""
        self.query_one("#deal-daily", Choice).label = f"Today's deal ({daily_deal()})"
        self.query_one("#deal-random", Choice).value = True
        self.query_one("#variant-error", Static).update("")
        olist.focus()

    # ------------------------------------------------------------------ the chosen variant

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
        self.query_one("#start", Button).focus()

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
        if event.value:
            self.query_one("#deal-number", RadioButton).value = True

    @on(Input.Submitted, "#deal-input")
    def _submitted(self) -> None:
        self._start()

    # ------------------------------------------------------------------ the answer

    def choice(self) -> GameChoice | str:
        """The game chosen, or what is missing."""
        if not self.variant_id:
            return "no variant is registered"
        hrs = self._house_rules()
        pressed = self.query_one("#deal-kind", RadioSet).pressed_button
        kind = (pressed.id or "deal-random").removeprefix("deal-") if pressed else "random"
        if kind == "number":
            text = self.query_one("#deal-input", Input).value.strip()
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
