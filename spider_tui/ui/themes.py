"""Registered :class:`ThemeSpec` data turned into Textual themes; the card colours are theme
variables, so that a theme file (or a plugin) can recolour the cards and the table."""

from __future__ import annotations

from collections.abc import Iterable

from textual.color import Color
from textual.theme import Theme

from ..plugins.themespec import CARD_DEFAULTS, ThemeSpec

__all__ = ["CARD_DEFAULTS", "DEFAULT_THEME", "to_theme", "to_themes", "usable_theme"]

DEFAULT_THEME = "spider-dark"


def to_theme(spec: ThemeSpec) -> Theme:
    """The Textual theme a theme file describes (its id is the theme's name)."""
    colors = dict(spec.colors)
    return Theme(
        name=spec.id,
        primary=colors["primary"],
        secondary=colors.get("secondary"),
        accent=colors.get("accent"),
        foreground=colors.get("foreground"),
        background=colors.get("background"),
        surface=colors.get("surface"),
        panel=colors.get("panel"),
        boost=colors.get("boost"),
        warning=colors.get("warning"),
        error=colors.get("error"),
        success=colors.get("success"),
        dark=spec.dark,
        variables=dict(spec.variables),
    )


def usable_theme(spec: ThemeSpec) -> Theme:
    """The Textual theme of ``spec``, checked the way Textual will use it (every colour parsed,
    the colour system generated), so a bad theme fails here, when it is registered, and never
    later when ``t`` switches to it. Raises ``ValueError`` saying what is wrong."""
    problems = spec.problems()
    if problems:
        raise ValueError("; ".join(f"{k}: {m}" for k, m in problems))
    theme = to_theme(spec)
    try:
        for value in theme.variables.values():
            Color.parse(value)
        theme.to_color_system().generate()
    except Exception as e:  # Textual's own message about the colour
        raise ValueError(str(e) or type(e).__name__) from None
    return theme


def to_themes(specs: Iterable[ThemeSpec]) -> list[Theme]:
    return [to_theme(s) for s in specs]
