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
COLOR_KEYS = ("primary", "secondary", "accent", "foreground", "background", "surface", "panel",
              "boost", "warning", "error", "success")
#: Card colours a theme may set; the UI supplies defaults for any left out.
VARIABLE_KEYS = ("card-face", "card-back", "card-back-pattern", "card-spades", "card-hearts",
                 "card-diamonds", "card-clubs", "card-selected", "card-target", "card-hint",
                 "card-movable", "table")
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
            if key not in {"format", "id", "name", "dark", "colors", "variables"}:
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
