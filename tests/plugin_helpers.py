"""Helpers shared by tests in several files (importable from every test folder: pytest puts
``tests/`` on the path for its ``conftest.py``): for tests of plugins, a plugin object made of
hook functions and a plugin manager holding the built-in plugin and such objects; for tests of
the saved game and the statistics, a game won by its last move (:func:`a_win`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import EntryPoint
from typing import Any

import tomli_w

from spider_tui import paths
from spider_tui.engine import Game, RuleSet, default_catalog
from spider_tui.plugins import builtin, hookspecs
from spider_tui.plugins.manager import PluginInfo, PluginManager

BUILTIN = EntryPoint("builtin", "spider_tui.plugins.builtin", "spider_tui")


class Plugin:
    """A plugin object named ``name`` whose hook implementations are the given functions."""

    def __init__(self, name: str, **hooks: Any) -> None:
        self.name = name
        for hook_name, fn in hooks.items():
            setattr(self, hook_name, hookspecs.hookimpl(fn))


#: What the built-in plugin found in the shipped folders, by (kind, folders): read once.
_SHIPPED: dict[tuple[str, str, str], tuple[list[Any], list[str]]] = {}


@contextmanager
def _shipped_files_read_once() -> Iterator[None]:
    """While it lasts, the built-in plugin hands over the variants, house rules and themes it
    read from the shipped folders the first time, instead of reading and parsing every file
    again (the files do not change during a test run; the tests of reading them load the
    built-in plugin without this). Each manager still registers and checks every one of them."""
    read = builtin._collect

    def once(kind: str) -> tuple[list[Any], list[str]]:
        key = (kind, str(paths.builtin_variants_dir()), str(paths.builtin_themes_dir()))
        if key not in _SHIPPED:
            _SHIPPED[key] = read(kind)
        found, problems = _SHIPPED[key]
        return list(found), list(problems)

    builtin._collect = once  # type: ignore[assignment]
    try:
        yield
    finally:
        builtin._collect = read  # type: ignore[assignment]


def manager_with(*plugins: Plugin) -> PluginManager:
    """A fresh manager with the built-in plugin and ``plugins``, every registration done."""
    mgr = PluginManager()
    mgr.load_entry_points([BUILTIN])
    for plugin in plugins:
        mgr._add(PluginInfo(plugin.name, "test"), plugin, None)
    with _shipped_files_read_once():
        mgr.register_all()
    return mgr


def variant_class(**methods: Any) -> type[RuleSet]:
    return type("Liar", (RuleSet,), methods)


def liar(cls: type[RuleSet], vid: str = "liar", base: str = "spider-1suit", **changes: Any
         ) -> RuleSet:
    """An instance of ``cls`` with ``base``'s rules under id ``vid`` (no source: the plugin
    manager names it after the plugin that registers it)."""
    rules = default_catalog().variant(base)
    fields = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}
    fields.update({"id": vid, "name": "Liar", "source": "", **changes})
    return cls(**fields)


def variant_plugin(rules: RuleSet, name: str = "liars") -> Plugin:
    return Plugin(name, register_variants=lambda register: register(rules))


def a_win() -> Game:
    """A one-suit game won by its last move: the last Ace onto the last run."""
    columns = [{"up": [r + "S" for r in "KQJT98765432"]}, {"up": ["AS"]}] + [{"up": []}] * 8
    game = Game.from_position(tomli_w.dumps({
        "format": "spider-position/1", "variant": "spider-1suit", "completed": ["S"] * 7,
        "stock": [], "columns": columns}))
    game.play("2>1")
    return game
