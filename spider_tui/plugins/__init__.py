"""Hookspecs, the plugin manager, and the built-in plugin."""

from .hookspecs import PROJECT, hookimpl, hookspec
from .themespec import ThemeSpec

__all__ = ["PROJECT", "ThemeSpec", "hookimpl", "hookspec"]
