"""The Textual user interface (imported only by the CLI, never by the engine)."""

from __future__ import annotations

from typing import Any

__all__ = ["SpiderApp"]


def __getattr__(name: str) -> Any:
    # Loaded when asked for: the settings read the action table (ui/actions.py), which must
    # not bring the whole app (and Textual) with it.
    if name == "SpiderApp":
        from .app import SpiderApp

        return SpiderApp
    raise AttributeError(name)
