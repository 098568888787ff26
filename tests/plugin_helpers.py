"""Helpers for tests of plugins: a plugin object made of hook functions, and a plugin manager
holding the built-in plugin and such objects (importable from every test folder: pytest puts
``tests/`` on the path for its ``conftest.py``)."""

from __future__ import annotations

from importlib.metadata import EntryPoint
from typing import Any

from spider_tui.plugins import hookspecs
from spider_tui.plugins.manager import PluginInfo, PluginManager

BUILTIN = EntryPoint("builtin", "spider_tui.plugins.builtin", "spider_tui")


class Plugin:
    """A plugin object named ``name`` whose hook implementations are the given functions."""

    def __init__(self, name: str, **hooks: Any) -> None:
        self.name = name
        for hook_name, fn in hooks.items():
            setattr(self, hook_name, hookspecs.hookimpl(fn))


def manager_with(*plugins: Plugin) -> PluginManager:
    """A fresh manager with the built-in plugin and ``plugins``, every registration done."""
    mgr = PluginManager()
    mgr.load_entry_points([BUILTIN])
    for plugin in plugins:
        mgr._add(PluginInfo(plugin.name, "test"), plugin, None)
    mgr.register_all()
    return mgr
