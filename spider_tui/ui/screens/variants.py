"""The game menu: every registered variant (plugins' too), its house rules, and which deal."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, OptionList, RadioButton, RadioSet, Static
from textual.widgets.option_list import Option

from ...engine.text import printable
from ..hinting import winnable

if TYPE_CHECKING:
    from ..app import SpiderApp


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


class VariantScreen(ModalScreen["GameChoice | None"]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]

    app: "SpiderApp"

    def __init__(self, variant: str | None = None, house_rules: tuple[str, ...] = ()) -> None:
        super().__init__(id="variants")
        self.initial_variant = variant
        self.initial_house_rules = set(house_rules)
        self.variant_id = ""

    def compose(self) -> ComposeResult:
        variants = self.app.manager.catalog.variants
        with Vertical(id="variant-box"):
            yield Static("Choose a game", id="variant-title")
            with Horizontal(id="variant-main"):
                # Names from plugins and files are text, never markup ("[/bold] evil [").
                yield OptionList(*[Option(Content(printable(r.name)), id=vid)
                                   for vid, r in variants.items()],
                                 id="variant-list", compact=True)
                with VerticalScroll(id="variant-detail"):
                    yield Static("", id="variant-desc", markup=False)
                    yield Static("Deal", classes="variant-heading")
                    with RadioSet(id="deal-kind", compact=True):
                        yield RadioButton("A random deal", id="deal-random", value=True,
                                          compact=True)
                        yield RadioButton("Deal number:", id="deal-number", compact=True)
                        yield RadioButton(f"Today's deal ({daily_deal()})", id="deal-daily",
                                          compact=True)
                        yield RadioButton("A winnable deal", id="deal-winnable", compact=True)
                    yield Input(placeholder="e.g. 42", type="integer", id="deal-input",
                                compact=True)
                    yield Static("", id="variant-error", markup=False)
                    yield Static("House rules", classes="variant-heading")
                    yield Vertical(id="house-rules")
            with Horizontal(id="variant-buttons"):
                yield Button("Start", id="start", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    async def on_mount(self) -> None:
        olist = self.query_one("#variant-list", OptionList)
        ids = list(self.app.manager.catalog.variants)
        want = self.initial_variant if self.initial_variant in ids else (ids[0] if ids else "")
        if want:
            olist.highlighted = ids.index(want)
            await self._show_variant(want, self.initial_house_rules)
        olist.focus()

    # ------------------------------------------------------------------ the chosen variant

    @on(OptionList.OptionHighlighted, "#variant-list")
    async def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        vid = event.option.id or ""
        if vid and vid != self.variant_id:
            keep = self.initial_house_rules if vid == self.initial_variant else set()
            await self._show_variant(vid, keep)

    @on(OptionList.OptionSelected, "#variant-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#start", Button).focus()

    async def _show_variant(self, vid: str, checked: set[str]) -> None:
        cat = self.app.manager.catalog
        rules = cat.variants[vid]
        self.variant_id = vid
        owner = cat.owners.get(("variant", vid), "?")
        desc = rules.description or ""
        extra = "" if owner == "builtin" else f"\n(from the plugin {printable(owner)})"
        self.query_one("#variant-desc", Static).update(
            printable(f"{rules.name}: {desc}", newlines=True)
            + f"\n{rules.columns} columns, {rules.win_runs} runs to win" + extra)
        box = self.query_one("#house-rules", Vertical)
        await box.remove_children()
        hrs = cat.house_rules_for(rules)
        widgets = []
        for hr in hrs:
            widgets.append(Checkbox(Content(printable(hr.name)), value=hr.id in checked,
                                    id=f"hr-{hr.id}", compact=True))
            if hr.description:
                widgets.append(Static(printable(hr.description, newlines=True),
                                      classes="hr-desc", markup=False))
        await box.mount(*widgets)
        if not hrs:
            await box.mount(Static("(none apply to this variant)", classes="variant-none"))
        self._update_winnable()

    def _house_rules(self) -> tuple[str, ...]:
        return tuple(sorted(cb.id.removeprefix("hr-") for cb in self.query(Checkbox)
                            if cb.value and cb.id))

    def _winnable(self) -> list[int]:
        return winnable(self.variant_id) if self.variant_id else []

    def _update_winnable(self) -> None:
        button = self.query_one("#deal-winnable", RadioButton)
        deals = self._winnable()
        button.display = bool(deals)
        button.disabled = bool(self._house_rules())
        button.label = ("A winnable deal (without house rules)" if self._house_rules()
                        else f"A winnable deal (one of {len(deals)} proved)")
        if button.value and (button.disabled or not deals):
            self.query_one("#deal-random", RadioButton).value = True

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
