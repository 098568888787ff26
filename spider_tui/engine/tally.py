"""The numbers a game record and the statistics keep (counters, seconds on the clock, scores),
and what a sane one is: a whole number (never ``True``/``False``), finite, not negative, and not
absurdly large. A hand-edited or damaged file holding anything else is refused when it is read,
and nothing outside these bounds is ever written.

:func:`record_problem` checks a :meth:`Game.to_record <spider_tui.engine.game.Game.to_record>`
record's types and numbers without replaying it: the game reads it with this, and the saved-game
store checks what it is about to write with it.
"""

from __future__ import annotations

import math
from typing import Any, TypeGuard

#: The largest count kept: moves, undos, games played, streaks...
MAX_COUNT = 10**9
#: The longest clock kept: ten years, in seconds.
MAX_SECONDS = 10 * 366 * 24 * 3600
#: The largest score, either way (some schemes go below zero).
MAX_SCORE = 10**9


def is_count(value: Any) -> TypeGuard[int]:
    """A whole number from 0 to :data:`MAX_COUNT` (``True`` is not a number here)."""
    return type(value) is int and 0 <= value <= MAX_COUNT


def is_seconds(value: Any) -> bool:
    """A finite number of seconds from 0 to :data:`MAX_SECONDS`."""
    if type(value) is int:  # math.isfinite() of a huge int would raise
        return 0 <= value <= MAX_SECONDS
    return type(value) is float and math.isfinite(value) and 0 <= value <= MAX_SECONDS


def is_score(value: Any) -> bool:
    """A whole number from ``-MAX_SCORE`` to ``MAX_SCORE``."""
    return type(value) is int and -MAX_SCORE <= value <= MAX_SCORE


def shown(value: Any) -> str:
    """``value`` as a short text for a message: never a 100 MB string or a 4000-digit number
    echoed back, never a nested structure written out."""
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, (list, tuple)):
        return "a list"
    if type(value) is int and abs(value) >= 10**15:
        return "a number too large"
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:37]) + "..."
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


#: The counters of a game record.
RECORD_COUNTS = ("actions", "undos", "redos")


def record_problem(record: Any, fmt: str) -> str | None:
    """What is wrong with the types or numbers of a game record of format ``fmt`` (missing
    optional keys take their defaults), or ``None``. The moves themselves are not played."""
    if not isinstance(record, dict) or record.get("format") != fmt:
        return f"it is not a {fmt} record"
    if not isinstance(record.get("start"), str):
        return "its start position is missing or not text"
    for key in ("moves", "redo"):
        moves = record.get(key, [])
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            return f"its {key} must be a list of moves in notation, not {shown(moves)}"
    for key in RECORD_COUNTS:
        value = record.get(key, 0)
        if not is_count(value):
            return f"its {key} must be a whole number from 0 to {MAX_COUNT}, not {shown(value)}"
    elapsed = record.get("elapsed", 0.0)
    if not is_seconds(elapsed):
        return (f"its elapsed time must be a number of seconds from 0 to {MAX_SECONDS} "
                f"(ten years), not {shown(elapsed)}")
    scoring = record.get("scoring", "")
    if scoring is not None and not isinstance(scoring, str):
        return f"its scoring must be a scheme id, not {shown(scoring)}"
    return None
