"""The settings screen: every setting of ``config.toml`` a player cares about, keys included.

It edits a copy of the app's :class:`~spider_tui.config.Config` and dismisses with the changed
copy (Save) or ``None`` (Cancel, Esc); the caller applies and writes it. Three tabs keep it
inside 80×24: the default game, play (looks, one-tap, hints), and keys.

The keys tab lists every binding that has an id (the app's and those of the screens below this
one, the game screen's among them) as the keymap has them now; the player types new keys, or
presses one, for the binding picked.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Button, Checkbox, Input, Label, OptionList, RadioSet, Select, Static
from textual.widgets.option_list import Option

from ...config import ANIMATION_SPEEDS, HINT_BUDGET_MS, Config
from ...engine.catalog import Catalog
from ..widgets.toggles import Choice, Tick
from .modal import Modal

TABS = ("game", "play", "keys")


@dataclass(frozen=True)
class Rebindable:
    """A binding the player may give other keys."""

    id: str
    description: str
    #: The keys it has when the keymap does not name it ("u,z,ctrl+z").
    default: str


def rebindable(bindings: Iterable[Any]) -> list[Rebindable]:
    """The bindings with an id among ``bindings`` (``Binding`` objects or ``BINDINGS`` tuples),
    the first of each id, in order."""
    out: dict[str, Rebindable] = {}
    for b in bindings:
        if isinstance(b, Binding) and b.id and b.id not in out:
            out[b.id] = Rebindable(b.id, b.description or b.id.replace("_", " ").capitalize(),
                                   _tidy(b.key))
    return list(out.values())


def keys_problem(text: str) -> str | None:
    """Why ``text`` is not a list of keys such as ``u,ctrl+z`` (config.toml's rule), or None."""
    pieces = [p.strip() for p in text.split(",")]
    if not text.strip() or not all(pieces):
        return "Type one key or more, separated by commas (e.g. u,ctrl+z)"
    spaced = next((p for p in pieces if " " in p), None)
    if spaced is not None:
        return f"{spaced!r} is not a key: join modifiers with + (e.g. ctrl+z)"
    return None


def _tidy(keys: str) -> str:
    return ",".join(p.strip() for p in keys.split(","))


class KeyCatcher(Static, can_focus=True):
    """Focused while waiting for the player to press the new key; Esc gives up."""

    class Caught(Message):
        def __init__(self, key: str | None) -> None:
            super().__init__()
            self.key = key

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self.post_message(self.Caught(None if event.key == "escape" else event.key))

    def on_blur(self) -> None:
        self.post_message(self.Caught(None))


class SettingsScreen(Modal["Config | None"]):
    CSS_PATH = "../styles/settings.tcss"
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("ctrl+s", "save", "Save", show=False),
        Binding("ctrl+pagedown", "next_tab(1)", "Next tab", show=False),
        Binding("ctrl+pageup", "next_tab(-1)", "Previous tab", show=False),
    ]

    def __init__(self, config: Config, *, catalog: Catalog | None = None,
                 themes: Sequence[tuple[str, str]] | None = None,
                 bindings: Sequence[Any] | None = None) -> None:
        """``themes``: ``(id, label)`` to offer (default: the app's card themes, or all its
        themes); ``bindings``: those to offer for remapping (default: the app's and those of
        the screens open below this one)."""
        super().__init__(id="settings")
        self.config = config
        self._given_catalog = catalog
        self._offered_themes = list(themes) if themes is not None else None
        self._offered_bindings = list(bindings) if bindings is not None else None
        self.keymap: dict[str, str] = dict(config.keymap)
        self.rebindable: list[Rebindable] = []
        self.variant_id = config.variant
        self.binding_id: str | None = None
        self._capturing = False
        #: The ids of the tabs built so far (the first one is built with the screen).
        self._built: set[str] = {"tab-game"}
        #: The tab shown.
        self.tab = "game"

    # ------------------------------------------------------------------ what is offered

    @property
    def catalog(self) -> Catalog:
        if self._given_catalog is None:
            manager = getattr(self.app, "manager", None)
            if manager is None:
                from ...plugins.manager import get_manager

                manager = get_manager()
            self._given_catalog = manager.catalog
        return self._given_catalog

    def offered_themes(self) -> list[tuple[str, str]]:
        if self._offered_themes is None:
            app: Any = self.app
            names = list(getattr(app, "spider_themes", None) or sorted(app.available_themes))
            label = getattr(app, "theme_label", lambda n: n)
            self._offered_themes = [(n, label(n)) for n in names]
        return self._offered_themes

    def offered_bindings(self) -> list[Any]:
        if self._offered_bindings is None:
            found: list[Any] = []
            # The app's own first, then the screens below, top down: the game screen's
            # bindings are where most keys live.
            found.extend(self.app.BINDINGS)
            for screen in reversed(self.app.screen_stack):
                if screen is not self:
                    found.extend(screen.BINDINGS)
            self._offered_bindings = found
        return self._offered_bindings

    def keys_of(self, binding_id: str) -> str:
        """The keys ``binding_id`` has with the changes made here."""
        for r in self.rebindable:
            if r.id == binding_id:
                return self.keymap.get(binding_id, r.default)
        return self.keymap.get(binding_id, "")

    # ------------------------------------------------------------------ building

    def compose(self) -> ComposeResult:
        # Only the first tab is built now; the others are built the first time they are shown
        # (building all three made the screen slow to open). The tabs are three small buttons
        # over three panes, one shown at a time: Textual's TabbedContent cost as much to build
        # as the first tab, and its sliding underline repainted the screen for a while after.
        self.rebindable = rebindable(self.offered_bindings())
        if self.variant_id not in self.catalog.variants and self.catalog.variants:
            self.variant_id = next(iter(self.catalog.variants))
        with Vertical(id="settings-box"):
            with Horizontal(id="settings-top"):
                yield Static("Settings", id="settings-title")
                for name in TABS:
                    yield Button(name.capitalize(), id=f"show-{name}", compact=True,
                                 classes="settings-tab" + (" -active" if name == "game" else ""))
            with Vertical(id="tab-game", classes="settings-page"):
                yield from self._game_tab()
            for name in TABS[1:]:
                page = Vertical(id=f"tab-{name}", classes="settings-page")
                page.display = False
                yield page
            yield Static("", id="settings-error", markup=False)
            with Horizontal(id="settings-buttons"):
                yield Button("Save (^s)", id="save", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)

    def _game_tab(self) -> ComposeResult:
        cfg = self.config
        cat = self.catalog
        with VerticalScroll(classes="settings-pane"):
            yield Static("The game dealt when there is no saved game to resume",
                         classes="settings-note")
            with Horizontal(classes="settings-row"):
                yield Label("Variant", classes="settings-label")
                yield Select([(r.name, vid) for vid, r in cat.variants.items()],
                             value=self.variant_id, allow_blank=False, id="variant",
                             compact=True)
            yield Label("House rules", classes="settings-heading")
            with Vertical(id="house-rules"):
                yield from self._house_rule_boxes()
            with Horizontal(classes="settings-row"):
                yield Label("Scoring", classes="settings-label")
                yield Select(self._scoring_options(), value=self._scoring_value(),
                             allow_blank=False, id="scoring", compact=True)
            yield Tick("Ask before a new game throws away the one in progress",
                       value=cfg.confirm_new_game, id="confirm-new-game", compact=True)

    def _play_tab(self) -> ComposeResult:
        cfg = self.config
        themes = self.offered_themes()
        if cfg.theme and cfg.theme not in [t for t, _ in themes]:
            # Kept as it is unless the player picks another (it may be installed again later).
            themes = [*themes, (cfg.theme, f"{cfg.theme} (not installed)")]
        theme_ids = [t for t, _ in themes]
        with VerticalScroll(classes="settings-pane"):
            with Horizontal(classes="settings-row"):
                yield Label("Theme", classes="settings-label")
                yield Select([(label, tid) for tid, label in themes],
                             allow_blank=False, id="theme", compact=True,
                             value=cfg.theme if cfg.theme in theme_ids else (
                                 theme_ids[0] if theme_ids else Select.BLANK))
            yield Tick("One-tap moves: a click sends cards to the best place",
                       value=cfg.one_tap, id="one-tap", compact=True)
            yield Tick("Four-colour suits: each suit its own colour",
                       value=cfg.four_colour, id="four-colour", compact=True)
            with Horizontal(classes="settings-row"):
                yield Label("Animation", classes="settings-label")
                with RadioSet(id="animation", compact=True):
                    for speed in ANIMATION_SPEEDS:
                        yield Choice(speed.capitalize(), value=speed == cfg.animation,
                                     id=f"animation-{speed}", compact=True)
            yield Label("Hints", classes="settings-heading")
            yield Tick("Let the hint peek at face-down cards and the stock (not fair play)",
                       value=cfg.hint_peek, id="hint-peek", compact=True)
            with Horizontal(classes="settings-row"):
                lo, hi = HINT_BUDGET_MS
                yield Label("Thinking time", classes="settings-label")
                yield Input(str(cfg.hint_budget_ms), type="integer", id="hint-budget",
                            compact=True)
                yield Label(f"ms ({lo} to {hi})", classes="settings-unit")
            yield Tick("Winnability meter: your chance of winning, on the status line",
                       value=cfg.meter, id="meter", compact=True)

    def _keys_tab(self) -> ComposeResult:
        with Horizontal(id="keys-main"):
            yield OptionList(*[Option(self._key_line(r), id=r.id) for r in self.rebindable],
                             id="key-list", compact=True)
            with Vertical(id="key-edit"):
                yield Static("", id="key-what", markup=False)
                yield Input("", placeholder="e.g. u,ctrl+z", id="key-input", compact=True)
                with Horizontal(classes="settings-buttons"):
                    yield Button("Press a key", id="key-capture", compact=True)
                    yield Button("Default", id="key-default", compact=True)
                catcher = KeyCatcher("", id="key-catcher")
                catcher.display = False
                yield catcher
                yield Static("", id="key-note", markup=False)

    def on_mount(self) -> None:
        self.query_one("#variant", Select).focus()

    async def reset(self, config: Config) -> None:
        """Show ``config`` as if the screen were new: the app keeps the screen between two
        openings (building it took most of the time it took to open), and a change left
        unsaved last time must not come back."""
        self.config = config
        self.keymap = dict(config.keymap)
        variants = self.catalog.variants
        self.variant_id = config.variant if config.variant in variants else next(
            iter(variants), config.variant)
        self.binding_id = None
        self._capturing = False
        self.query_one("#settings-error", Static).update("")
        variant = self.query_one("#variant", Select)
        with variant.prevent(Select.Changed):
            variant.value = self.variant_id
        checked = set(config.house_rules)
        for hid in self.catalog.house_rules:
            self.query_one(f"#hr-{hid}", Checkbox).value = hid in checked
        self._show_house_rules()
        scoring = self.query_one("#scoring", Select)
        scoring.set_options(self._scoring_options())
        scoring.value = self._scoring_value()
        self.query_one("#confirm-new-game", Checkbox).value = config.confirm_new_game
        if self.built("play"):
            await self.query_one("#tab-play", Vertical).remove_children()
            self._built.discard("tab-play")
        if self.built("keys"):
            await self.query_one("#tab-keys", Vertical).remove_children()
            self._built.discard("tab-keys")
        await self.show_tab("game")
        variant.focus()

    def built(self, tab: str) -> bool:
        """Has the tab ``tab`` ("play", "keys") been built (shown once)?"""
        return f"tab-{tab}" in self._built

    @on(Button.Pressed, ".settings-tab")
    async def _tab_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        await self.show_tab((event.button.id or "").removeprefix("show-"))

    def action_next_tab(self, step: int) -> None:
        self.run_worker(self.show_tab(TABS[(TABS.index(self.tab) + step) % len(TABS)]))

    async def show_tab(self, name: str) -> None:
        """Show the tab ``name`` ("game", "play", "keys"), built the first time."""
        if name not in TABS:
            return
        self.tab = name
        for other in TABS:
            self.query_one(f"#tab-{other}").display = other == name
            self.query_one(f"#show-{other}").set_class(other == name, "-active")
        pane = self.query_one(f"#tab-{name}", Vertical)
        build = {"tab-play": self._play_tab, "tab-keys": self._keys_tab}.get(pane.id or "")
        if build is None or pane.id in self._built:
            return
        self._built.add(pane.id or "")
        await pane.mount_compose(build())
        if pane.id == "tab-keys":
            if self.rebindable:
                self.query_one("#key-list", OptionList).highlighted = 0
                self._show_binding(self.rebindable[0].id)
            else:
                self.query_one("#key-what", Static).update("No key can be changed here.")

    # ------------------------------------------------------------------ the game tab

    def _scoring_options(self) -> list[tuple[str, str]]:
        cat = self.catalog
        rules = cat.variants.get(self.variant_id)
        own = cat.scoring.get(getattr(rules, "scoring", "") or "")
        label = f"The variant's own ({own.name})" if own is not None else "The variant's own"
        return [(label, "")] + [(s.name, sid) for sid, s in cat.scoring.items()]

    def _scoring_value(self) -> str:
        return self.config.scoring if self.config.scoring in self.catalog.scoring else ""

    def _house_rule_boxes(self) -> ComposeResult:
        # Every installed house rule has a box, shown only while the variant picked takes it:
        # hiding is instant, where removing and mounting again is not.
        checked = set(self.config.house_rules)
        takes = self._takes()
        for hr in self.catalog.house_rules.values():
            box = Tick(f"{hr.name}: {hr.description}" if hr.description else hr.name,
                       value=hr.id in checked, id=f"hr-{hr.id}", compact=True)
            box.display = hr.id in takes
            yield box
        none = Static("(none apply to this variant)", id="hr-none", classes="settings-note")
        none.display = not takes
        yield none

    def _takes(self) -> set[str]:
        """The house rules the variant picked takes."""
        rules = self.catalog.variants.get(self.variant_id)
        return {hr.id for hr in self.catalog.house_rules_for(rules)} if rules else set()

    def _show_house_rules(self) -> None:
        takes = self._takes()
        for hid in self.catalog.house_rules:
            self.query_one(f"#hr-{hid}", Checkbox).display = hid in takes
        self.query_one("#hr-none", Static).display = not takes

    def house_rules(self) -> list[str]:
        return sorted(cb.id.removeprefix("hr-") for cb in self.query("#house-rules Checkbox")
                      if isinstance(cb, Checkbox) and cb.value and cb.display and cb.id)

    @on(Select.Changed, "#variant")
    def _variant_changed(self, event: Select.Changed) -> None:
        if not isinstance(event.value, str) or event.value == self.variant_id:
            return
        self.variant_id = event.value
        self._show_house_rules()
        scoring = self.query_one("#scoring", Select)
        value = scoring.value
        scoring.set_options(self._scoring_options())
        scoring.value = value

    # ------------------------------------------------------------------ the keys tab

    def _shown(self, keys: str) -> str:
        """Keys as the key bar shows them ("? f1" for "question_mark,f1")."""
        shown: list[str] = []
        for k in keys.split(","):
            label = self.app.get_key_display(Binding(k.strip(), ""))
            if label not in shown:
                shown.append(label)
        return " ".join(shown)

    def _key_line(self, r: Rebindable) -> str:
        changed = " *" if r.id in self.keymap and _tidy(self.keymap[r.id]) != r.default else ""
        return f"{r.description}: {self._shown(self.keys_of(r.id))}{changed}"

    def _show_binding(self, binding_id: str) -> None:
        self.binding_id = binding_id
        r = next(r for r in self.rebindable if r.id == binding_id)
        self.query_one("#key-what", Static).update(
            f"{r.description}\nDefault: {self._shown(r.default)}\nType its keys, separated "
            f"by commas (u,ctrl+z,f5), or press one:")
        field = self.query_one("#key-input", Input)
        with field.prevent(Input.Changed):
            field.value = self.keys_of(binding_id)
        self._check_clashes()

    @on(OptionList.OptionHighlighted, "#key-list")
    def _binding_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self._show_binding(event.option.id)

    @on(OptionList.OptionSelected, "#key-list")
    def _binding_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self._show_binding(event.option.id)
        self.query_one("#key-input", Input).focus()

    @on(Input.Changed, "#key-input")
    def _keys_typed(self, event: Input.Changed) -> None:
        self._set_keys(event.value)

    @on(Input.Submitted, "#key-input")
    def _keys_submitted(self) -> None:
        self.query_one("#key-list", OptionList).focus()

    def _set_keys(self, text: str) -> None:
        """Take ``text`` as the keys of the binding picked, if it is a list of keys."""
        if self.binding_id is None:
            return
        note = self.query_one("#key-note", Static)
        problem = keys_problem(text)
        if problem is not None:
            note.update(problem)
            note.set_class(True, "-problem")
            return
        r = next(r for r in self.rebindable if r.id == self.binding_id)
        if _tidy(text) == r.default:
            self.keymap.pop(r.id, None)
        else:
            self.keymap[r.id] = _tidy(text)
        olist = self.query_one("#key-list", OptionList)
        olist.replace_option_prompt(r.id, self._key_line(r))
        self._check_clashes()

    def _check_clashes(self) -> None:
        note = self.query_one("#key-note", Static)
        note.set_class(False, "-problem")
        if self.binding_id is None:
            return
        mine = set(self.keys_of(self.binding_id).split(","))
        clashes = []
        for r in self.rebindable:
            if r.id != self.binding_id:
                shared = mine & set(self.keys_of(r.id).split(","))
                clashes += [f"{k} is also {r.description}" for k in sorted(shared)]
        note.update("; ".join(clashes) if clashes else "")

    @on(Button.Pressed, "#key-default")
    def _default_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.binding_id is not None:
            r = next(r for r in self.rebindable if r.id == self.binding_id)
            self.query_one("#key-input", Input).value = r.default

    @on(Button.Pressed, "#key-capture")
    def _capture_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.binding_id is None:
            return
        catcher = self.query_one(KeyCatcher)
        catcher.update("Press the new key now (Esc: keep the keys)")
        catcher.display = True
        self._capturing = True
        catcher.focus()

    @on(KeyCatcher.Caught)
    def _caught(self, event: KeyCatcher.Caught) -> None:
        if not self._capturing:
            return
        self._capturing = False
        catcher = self.query_one(KeyCatcher)
        catcher.display = False
        field = self.query_one("#key-input", Input)
        if event.key is not None:
            field.value = event.key
        field.focus()

    # ------------------------------------------------------------------ the answer

    def result(self) -> Config | str:
        """The settings as changed here, or what must be fixed first."""
        cfg = self.config
        play: dict[str, Any] = {}
        if self.built("play"):
            text = self.query_one("#hint-budget", Input).value.strip()
            lo, hi = HINT_BUDGET_MS
            try:
                budget = int(text)
            except ValueError:
                return f"Hint thinking time: type a whole number of milliseconds ({lo} to {hi})"
            if not lo <= budget <= hi:
                return f"Hint thinking time: {budget} is not between {lo} and {hi} ms"
            theme = self.query_one("#theme", Select).value
            pressed = self.query_one("#animation", RadioSet).pressed_button
            play = dict(
                animation=(pressed.id or "").removeprefix("animation-") if pressed
                else cfg.animation,
                theme=theme if isinstance(theme, str) else cfg.theme,
                one_tap=self.query_one("#one-tap", Checkbox).value,
                four_colour=self.query_one("#four-colour", Checkbox).value,
                hint_peek=self.query_one("#hint-peek", Checkbox).value,
                meter=self.query_one("#meter", Checkbox).value,
                hint_budget_ms=budget)
        if self.built("keys"):
            problem = keys_problem(self.query_one("#key-input", Input).value)
            if problem is not None and self.binding_id is not None:
                return f"Keys of {self.binding_id}: {problem}"
        scoring = self.query_one("#scoring", Select).value
        return dataclasses.replace(
            cfg,
            variant=self.variant_id,
            house_rules=self.house_rules(),
            scoring=scoring if isinstance(scoring, str) else "",
            confirm_new_game=self.query_one("#confirm-new-game", Checkbox).value,
            keymap=dict(self.keymap),
            **play,
        )

    def action_save(self) -> None:
        result = self.result()
        if isinstance(result, str):
            self.query_one("#settings-error", Static).update(result)
            return
        self.dismiss(result)

    def action_cancel(self) -> None:
        if self._capturing:
            return  # the catcher has the key
        self.dismiss(None)

    @on(Button.Pressed, "#save")
    def _save_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_save()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)
