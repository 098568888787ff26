"""Text that came from a file or a command line, made safe to show.

A message quotes what it refuses, but never a 100 MB id whole (:func:`quoted`), and nothing
shown from a file may carry escape sequences or other control characters to the terminal
(:func:`printable`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from typing import Any

#: How much of a quoted value a message shows.
SHOWN = 60

# C0 and C1 controls and DEL, and the Unicode format characters that reorder or hide text
# (bidi overrides and isolates, zero-width joiners are harmless and kept out of this list).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                      "\u2066-\u2069]")
_CONTROL_OR_SPACE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                               "\u2066-\u2069]")


def short(text: str, limit: int = SHOWN) -> str:
    """``text`` cut to ``limit`` characters, ``...`` marking the cut."""
    return text if len(text) <= limit else text[:max(limit - 3, 1)] + "..."


def quoted(value: Any, limit: int = SHOWN) -> str:
    """``repr(value)`` for a message, never longer than ``limit`` characters.

    Safe for any value: an int too long for Python to write out in decimal is described, not
    written (``repr`` would raise ValueError past 4300 digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return f"(a number of about {int(value.bit_length() * 0.30103)} digits)"
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]  # repr of a long string is only built for what is shown
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails (deep nesting, a huge number inside)
        text = f"(a {type(value).__name__})"
    return short(text, limit)


def printable(text: str, *, newlines: bool = False) -> str:
    """``text`` with every control character replaced by ``?`` (a tab or newline by a space,
    unless ``newlines`` keeps them), so that it cannot move the cursor, change colours or
    clear the screen of the terminal it is shown on."""
    if newlines:
        return _CONTROL.sub("?", text)
    text = text.replace("\t", " ").replace("\n", " ").replace("\r", " ")
    return _CONTROL_OR_SPACE.sub("?", text)


def control_character(text: str, *, newlines: bool = False) -> str | None:
    """The first control character in ``text`` (as ``\\x1b``), or ``None`` when there is none;
    with ``newlines``, newlines and tabs are allowed."""
    m = (_CONTROL if newlines else _CONTROL_OR_SPACE).search(text)
    if m is None:
        return None
    return repr(m.group())[1:-1]


def did_you_mean(value: Any, options: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` when ``value`` is a likely misspelling of one of ``options``,
    else ``""``: for the end of a message about an unknown key or value."""
    if not isinstance(value, str) or len(value) > 64:
        return ""
    close = difflib.get_close_matches(value, list(options), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
