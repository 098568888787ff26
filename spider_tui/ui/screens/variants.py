"""The game menu: every registered variant (plugins' too), its house rules, and which deal.

Typing filters the games (by name, id, family or difficulty); the list's own arrow keys move in
it while the filter keeps the focus, and one Enter starts the game highlighted. ``ctrl+s`` (or a
click on the heading) lists the games by difficulty, easiest first, and back by name. The
deal-number box comes next by Tab: a number typed there is the deal, else the deal chosen below
it (a random one, today's, a winnable one, or an easy, medium or hard one of the rated deals)."""

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

from ...ai.rating import DEAL_TIERS
from ...engine.rules import RuleSet
from ...engine.text import printable
from ..hinting import rated, winnable
from ..widgets.toggles import Choice, Tick
from .modal import Modal

if TYPE_CHECKING:
    from ..host import Host


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


def difficulty(vid: str) -> str:
    """The game's difficulty word from the shipped ratings ("easy" to "expert"), or "" when
    it has not been rated (a plugin's game)."""
    rating = rated(vid)
    return rating.level if rating is not None else ""


def _ease(vid: str) -> tuple[int, float]:
    """Sorts the games by difficulty: the bot's share of wins, highest first; unrated last."""
    rating = rated(vid)
    if rating is None or not rating.deals:
        return (1, 0.0)
    return (0, -rating.bot_won / rating.deals)


#: The width of the list's name column; longer names are cut with an ellipsis.
NAME_WIDTH = 22
FAMILY_WIDTH = 11
LEVEL_WIDTH = 6
#: How the list can be ordered (``ctrl+s`` goes to the next), and the title's words for it.
ORDERS = {"name": "by name", "difficulty": "easiest first"}


def _cell(text: str, width: int) -> str:
    return text.ljust(width) if len(text) <= width else text[:width - 1] + "…"


def _row(name: str, fam: str, count: str, level: str) -> str:
    return (f"{_cell(name, NAME_WIDTH)} {_cell(fam, FAMILY_WIDTH)} {count:>5} "
            f"{_cell(level, LEVEL_WIDTH)}")


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
    #: How the deal was chosen: "random", "number", "daily", "winnable", or a tier of the
    #: rated deals: "easy", "medium" or "hard".
    kind: str = "random"


class Heading(Static):
    """The list's column heading: a click orders the games the other way."""

    async def on_click(self) -> None:
        await self.screen.action_order()  # type: ignore[attr-defined]


class VariantScreen(Modal["GameChoice | ReplayRequest | None"]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False),
                Binding("ctrl+s", "order", "Order", show=False)]

    app: Host  # type: ignore[assignment]

    def __init__(self, variant: str | None = None, house_rules: tuple[str, ...] = ()) -> None:
        super().__init__(id="variants")
        self.initial_variant = variant
        self.initial_house_rules = set(house_rules)
        self.variant_id = ""
        self.order = "name"

    def compose(self) -> ComposeResult:
        # Everything, the first variant's details and house rules too, is built here: filling
        # them in once the screen is up laid the screen out twice more.
        ids = self._sorted_ids()
        want = self.initial_variant if self.initial_variant in ids else (ids[0] if ids else "")
        self.variant_id = want
        self.shown_ids = ids
        with Vertical(id="variant-box"):
            yield Static(self._title(), id="variant-title", markup=False)
            with Horizontal(id="variant-main"):
                with Vertical(id="variant-left"):
                    yield FilterInput(placeholder="Type to find a game", id="variant-filter",
                                      compact=True)
                    yield Heading(_row("Game", "Family", "Decks", "Level"), id="variant-head",
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
                        for tier in DEAL_TIERS:
                            yield self._tier_button(tier)
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

    def _title(self) -> str:
        other = next(o for o in ORDERS if o != self.order)
        return f"Choose a game ({ORDERS[self.order]}; ctrl+s: {ORDERS[other]})"

    def _sorted_ids(self) -> list[str]:
        """Every game's id, by name (a plugin's among the others), then id; or by difficulty
        first (easiest first), then so."""
        variants = self.app.manager.catalog.variants

        def by_name(vid: str) -> tuple[str, str]:
            return (printable(variants[vid].name).casefold(), vid)

        if self.order == "difficulty":
            return sorted(variants, key=lambda vid: (_ease(vid), by_name(vid)))
        return sorted(variants, key=by_name)

    def _options(self, ids: list[str]) -> list[Option]:
        variants = self.app.manager.catalog.variants
        # Names from plugins and files are text, never markup ("[/bold] evil [").
        return [Option(Content(_row(printable(variants[vid].name), family(variants[vid]),
                                    str(decks(variants[vid])), difficulty(vid))), id=vid)
                for vid in ids]

    def _matching(self, text: str) -> list[str]:
        """The games whose name, id, family or difficulty holds ``text`` (case ignored), in
        the list's order."""
        variants = self.app.manager.catalog.variants
        want = text.strip().casefold()
        return [vid for vid in self._sorted_ids()
                if not want or any(want in t.casefold() for t in (
                    printable(variants[vid].name), vid, family(variants[vid]),
                    difficulty(vid)))]

    async def action_order(self) -> None:
        """List the games the other way (by name, or easiest first)."""
        names = list(ORDERS)
        self.order = names[(names.index(self.order) + 1) % len(names)]
        self.query_one("#variant-title", Static).update(self._title())
        text = self.query_one("#variant-filter", Input).value
        self.shown_ids = []  # the same games in another order: list them again
        await self._filter(text, self.variant_id)

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

    def _tier_deals(self, tier: str, house_rules: tuple[str, ...] | None = None
                    ) -> tuple[int, ...]:
        """The rated deals of ``tier`` for the game picked, with ``house_rules`` (those
        ticked)."""
        if not self.variant_id:
            return ()
        hrs = self._house_rules() if house_rules is None else house_rules
        rating = rated(self.variant_id, hrs)
        return rating.tiers.get(tier, ()) if rating is not None else ()

    def _tier_button(self, tier: str) -> Choice:
        button = Choice("", id=f"deal-{tier}", compact=True)
        self._set_tier(button, tier, tuple(sorted(self.initial_house_rules)))
        return button

    def _set_tier(self, button: Choice, tier: str, house_rules: tuple[str, ...]) -> None:
        """An easy, medium or hard deal: shown where the game (with the house rules ticked)
        has rated deals of that tier."""
        deals = self._tier_deals(tier, house_rules)
        button.display = bool(deals)
        article = "An" if tier[0] in "aeiou" else "A"
        button.label = f"{article} {tier} deal (one of {len(deals)} rated)"

    def _update_winnable(self) -> None:
        button = self.query_one("#deal-winnable", Choice)
        self._set_winnable(button, bool(self._house_rules()))
        stale = button.value and (button.disabled or not button.display)
        for tier in DEAL_TIERS:
            tb = self.query_one(f"#deal-{tier}", Choice)
            self._set_tier(tb, tier, self._house_rules())
            stale = stale or (tb.value and not tb.display)
        if stale:
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
        if kind in DEAL_TIERS:
            rated_deals = self._tier_deals(kind)
            if rated_deals:
                return GameChoice(self.variant_id, hrs, random.choice(rated_deals), kind)
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
        event.stop()
        self.app.choose_finished(self.dismiss)
