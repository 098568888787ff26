"""The Textual user interface (imported only by the CLI, never by the engine)."""

from .app import SpiderApp

__all__ = ["SpiderApp"]
