"""The hooks a spider-tui plugin can implement (pluggy project ``spider_tui``).

Every hook is documented in ``docs/plugins.md`` (a test checks that each one has a section there
and a test of its own). Registration hooks receive a ``register`` callable; call it once per thing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pluggy

PROJECT = "spider_tui"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def register_variants(register: Callable[[Any], None]) -> None:
    """Register variants: call ``register(rule_set)`` with a ``RuleSet`` (or subclass) for each."""


@hookspec
def register_house_rules(register: Callable[[Any], None]) -> None:
    """Register house rules: call ``register(house_rule)`` with a ``HouseRule`` for each."""


@hookspec
def register_scoring(register: Callable[[Any], None]) -> None:
    """Register scoring schemes: ``register(scheme)``, a scheme having ``id``, ``name`` and
    ``score(game)``."""


@hookspec
def register_themes(register: Callable[[Any], None]) -> None:
    """Register colour themes: ``register(theme)`` with a ``ThemeSpec`` for each."""


# A specification: pluggy reads its signature alone (never calls it), so no body.
@hookspec
def variant_folders() -> list[str]:  # type: ignore[empty-body]
    """Return folders whose ``*.toml`` variant and house-rule files (and ``*.py`` plugins)
    load too."""


@hookspec
def game_started(game: Any) -> None:
    """Called when a game starts or is resumed; ``game`` is a read-only ``GameView``."""


@hookspec
def action_played(game: Any, step: Any, kind: str) -> None:
    """Called after each action; ``kind`` is ``"move"``, ``"deal"``, ``"undo"`` or ``"redo"``."""


@hookspec
def game_ended(game: Any, status: str) -> None:
    """Called once when a game is won (``"won"``), stuck (``"stuck"``) or abandoned
    (``"abandoned"``)."""
