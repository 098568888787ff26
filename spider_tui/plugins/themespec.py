"""Themes as plain data, so the plugin layer needs no Textual; the UI turns each ``ThemeSpec``
into a ``textual.theme.Theme``."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine.errors import VariantError
from ..engine.schema import MAX_NAME, id_problem, shown_key, text_problem
from ..engine.text import quoted

THEME_FORMAT = "spider-theme/1"


@dataclass(frozen=True)
class ThemeKey:
    """One key of a theme file: ``path`` (``"colors.primary"``), what it sets, and what a
    theme that leaves it out gets (``default``: words, or for a card colour the colour)."""

    path: str
    help: str
    default: str

    @property
    def section(self) -> str:
        return self.path.rpartition(".")[0]

    @property
    def key(self) -> str:
        return self.path.rpartition(".")[2]


#: Every key a theme file may hold, in the order a file writes them: the one home of their
#: names, meanings and defaults (the checks below, the UI's card colours and the key list in
#: docs/plugins.md, which ``python scripts/theme_keys.py`` writes, read them here).
THEME_KEYS: tuple[ThemeKey, ...] = (
    ThemeKey("format", f"the file's format: {THEME_FORMAT!r}", "required"),
    ThemeKey("id", "the theme's id: letters, digits, -, _ and ., starting with a letter or "
                   "digit", "required"),
    ThemeKey("name", "the name `t` and the settings show", "the id"),
    ThemeKey("dark", "true for a dark theme, false for a light one (Textual works out the "
                     "shades of every colour from it)", "true"),
    # [colors]: Textual's theme colours, for everything around the cards
    ThemeKey("colors.primary", "the main colour: borders, focus, the keys on the key bar",
             "required: a theme needs at least this"),
    ThemeKey("colors.secondary", "a second colour for the same", "primary"),
    ThemeKey("colors.accent", "what must stand out: the command palette's matches, links",
             "primary"),
    ThemeKey("colors.foreground", "text", "the opposite of background"),
    ThemeKey("colors.background", "behind everything (the table has its own colour, "
                                  "variables.table)", "#121212 (dark) or #efefef (light)"),
    ThemeKey("colors.surface", "dialogs, menus and the help screen",
             "#1e1e1e (dark) or #f5f5f5 (light)"),
    ThemeKey("colors.panel", "bars and panels: the status line, the key bar",
             "surface tinted with primary"),
    ThemeKey("colors.boost", "a faint layer that lifts a widget off what is under it",
             "foreground at 4%"),
    ThemeKey("colors.warning", "warnings (a plugin with problems)", "primary"),
    ThemeKey("colors.error", "errors and refusals", "secondary"),
    ThemeKey("colors.success", "good news (a game won)", "secondary"),
    # [variables]: the cards and the table, as the game screen draws them
    ThemeKey("variables.table", "the felt under the cards", "#0f3b24"),
    ThemeKey("variables.card-face", "a face-up card that cannot be moved now", "#d9d4c5"),
    ThemeKey("variables.card-movable", "a face-up card that can be moved (with the cards on "
                                       "it)", "#fbfaf4"),
    ThemeKey("variables.card-back", "a face-down card, and the stock", "#23407a"),
    ThemeKey("variables.card-back-pattern", "the pattern drawn on a card's back", "#6f8fd0"),
    ThemeKey("variables.card-spades", "the rank and suit of a spade", "#111111"),
    ThemeKey("variables.card-hearts", "the rank and suit of a heart", "#c1121f"),
    ThemeKey("variables.card-diamonds", "the rank and suit of a diamond (with four colours "
                                        "off, as a heart)", "#1f4fd6"),
    ThemeKey("variables.card-clubs", "the rank and suit of a club (with four colours off, "
                                     "as a spade)", "#137a2f"),
    ThemeKey("variables.card-selected", "the cards picked up", "#ffd24a"),
    ThemeKey("variables.card-target", "the places the cards picked up can go, the cursor's "
                                      "column number", "#62d0ff"),
    ThemeKey("variables.card-hint", "the hint's cards, and every card of a rank while the "
                                    "right button is held on one", "#ff9d3b"),
)
#: The top keys of a theme file.
TOP_KEYS = tuple(k.path for k in THEME_KEYS if not k.section) + ("colors", "variables")
COLOR_KEYS = tuple(k.key for k in THEME_KEYS if k.section == "colors")
#: Card colours a theme may set; the UI uses :data:`CARD_DEFAULTS` for any left out.
VARIABLE_KEYS = tuple(k.key for k in THEME_KEYS if k.section == "variables")
#: The card colour of every variable a theme leaves out (a classic green table, four-colour
#: suits).
CARD_DEFAULTS: dict[str, str] = {k.key: k.default for k in THEME_KEYS
                                 if k.section == "variables"}
_COLOR_RE = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")


@dataclass(frozen=True)
class ThemeSpec:
    id: str
    name: str
    dark: bool = True
    colors: Mapping[str, str] = field(default_factory=dict)
    variables: Mapping[str, str] = field(default_factory=dict)
    source: str = field(default="", compare=False)

    def problems(self) -> list[tuple[str, str]]:
        """``(key, message)`` for everything wrong in this theme (nothing: it can be used). A
        theme a plugin registers in Python is checked as a theme file is."""
        problems: list[tuple[str, str]] = []
        if not isinstance(self.id, str) or not self.id:
            problems.append(("id", "missing"))
        if not isinstance(self.name, str):
            problems.append(("name", "must be a string"))
        if not isinstance(self.dark, bool):
            problems.append(("dark", "must be true or false"))
        for sec, allowed in (("colors", COLOR_KEYS), ("variables", VARIABLE_KEYS)):
            value = getattr(self, sec)
            if not isinstance(value, Mapping):
                problems.append((sec, "must be a table"))
                continue
            for k, v in value.items():
                if k not in allowed:
                    problems.append((f"{sec}.{shown_key(k)}",
                                     f"unknown key (one of {', '.join(allowed)})"))
                elif not isinstance(v, str) or not _COLOR_RE.fullmatch(v):
                    problems.append((f"{sec}.{k}", f"{quoted(v)} is not a colour like "
                                                   f"'#1e6b3a'"))
        if isinstance(self.colors, Mapping) and "primary" not in self.colors:
            problems.append(("colors.primary", "missing: a theme needs at least a primary colour"))
        return problems

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str) -> ThemeSpec:
        """The theme a ``spider-theme/1`` file declares; :class:`VariantError` lists every
        problem with its key (any value of any type, never another exception)."""
        if not isinstance(data, Mapping):
            raise VariantError(source, [("", "a theme must be a TOML table")])
        problems: list[tuple[str, str]] = []
        for key in data:
            if key not in TOP_KEYS:
                problems.append((shown_key(key), "unknown key"))
        if data.get("format") != THEME_FORMAT:
            problems.append(("format", f"must be {THEME_FORMAT!r}"))
        tid = data.get("id")
        why = id_problem(tid, "theme")
        if why is not None:
            problems.append(("id", why))
        if not isinstance(tid, str) or not tid:
            tid = "?"
        name = data.get("name", tid)
        why = text_problem(name, lines=False, longest=MAX_NAME)
        if why is not None:
            problems.append(("name", why))
        dark = data.get("dark", True)
        if not isinstance(dark, bool):
            problems.append(("dark", "must be true or false"))
            dark = True
        spec = cls(tid, name if isinstance(name, str) else tid, dark, data.get("colors", {}),
                   data.get("variables", {}), source)
        # The colours are checked as a theme registered in Python is.
        problems += [p for p in spec.problems() if p[0] not in ("id", "name", "dark")]
        if problems:
            raise VariantError(source, problems)
        return spec
