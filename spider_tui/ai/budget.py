"""How long the hint (and each of the bot's moves) may search when nothing else is said: in a
module of its own, so that the settings and the command line read it without importing the
search."""

from __future__ import annotations

#: The time a hint (or a bot's move) may take, in milliseconds, when neither a time nor a node
#: budget is given; the default of the ``hint_budget_ms`` setting.
BUDGET_MS = 120.0

__all__ = ["BUDGET_MS"]
