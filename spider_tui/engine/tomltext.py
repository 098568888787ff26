"""The one TOML reader of spider-tui: position files, variant and house-rule files, themes and
``config.toml`` all go through :func:`loads`.

Python's ``tomllib`` takes minutes and gigabytes on some small files (it is quadratic in the
parts of a dotted key: 100 KB of ``a.a.a...`` runs for minutes) and gives up with a
``RecursionError`` or a ``ValueError`` on others (deeply nested arrays, a 5000-digit number).
So before it parses, the text is bounded and scanned once, linearly:

* no more than :data:`MAX_BYTES` of it (the largest real file, a four-deck position, is a few
  KB);
* no key, dotted or in a table header, of more than :data:`MAX_KEY_PARTS` parts;
* no arrays or inline tables nested more than :data:`MAX_DEPTH` deep;
* an integer of more than :data:`MAX_INT_DIGITS` digits (no setting, count or deal number has
  anything like it) is read as the text ``"(a number of N digits)"``, so that the reader of that
  key reports it as a wrong value and the rest of the file is still read.

A refusal is a :class:`TomlRefused`, whose message is short, names the line, and never quotes the
input at length. Reading the text from a file is :mod:`spider_tui.tomlfile`'s job (the engine
does not touch the disk).
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from .text import short

#: The most a spider-tui TOML file may hold, in bytes (characters, for text already decoded).
MAX_BYTES = 256 * 1024
#: The most parts a key may have: ``a.b.c`` has three (a table header's count with its keys').
MAX_KEY_PARTS = 32
#: How deep arrays and inline tables may nest.
MAX_DEPTH = 32
#: Longer integers are read as text (see the module's documentation).
MAX_INT_DIGITS = 100


class TomlRefused(ValueError):
    """Text that is not read: too large, shaped to make the parser slow, or not TOML. ``str()``
    says why in a few words, with the line; the caller adds the file's name."""


_TOKENS = re.compile(r'''
    (?P<string>
        """(?:[^"\\]|\\[\s\S]|"(?!""))*(?:"""|\Z)"{0,2}    # multi-line basic
      | \'\'\'(?:[^']|'(?!''))*(?:\'\'\'|\Z)'{0,2}        # multi-line literal
      | "(?:[^"\\\n]|\\.)*"?                              # basic (ends at a newline if open)
      | '[^'\n]*'?                                        # literal
    )
  | (?P<comment>\#[^\n]*)
  | (?P<open>[\[{])
  | (?P<close>[\]}])
  | (?P<sep>[=,\n])
  | (?P<dot>\.)
  | (?P<bare>[A-Za-z0-9_+\-:]+)
  | (?P<space>[ \t]+)
  | (?P<other>.)
''', re.VERBOSE)
_LONG_INT = re.compile(r"[+-]?[0-9][0-9_]*")


def _line(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _checked(text: str) -> str:
    """``text`` scanned for the shapes that make ``tomllib`` slow or deep; over-long integers
    replaced by a string naming their length. Raises :class:`TomlRefused`."""
    depth = 0
    dots = 0
    pieces: list[str] = []
    done = 0
    prev_end = -1
    prev_kind: str | None = ""
    for m in _TOKENS.finditer(text):
        kind = m.lastgroup
        if kind == "open":
            depth += 1
            dots = 0
            if depth > MAX_DEPTH:
                raise TomlRefused(f"arrays or tables nested more than {MAX_DEPTH} deep "
                                  f"(line {_line(text, m.start())})")
        elif kind == "close":
            depth = max(depth - 1, 0)
            dots = 0
        elif kind == "sep":
            dots = 0
        elif kind == "dot":
            dots += 1
            if dots >= MAX_KEY_PARTS:
                raise TomlRefused(f"a key of more than {MAX_KEY_PARTS} dotted parts "
                                  f"(line {_line(text, m.start())})")
        elif kind == "bare" and m.end() - m.start() > MAX_INT_DIGITS:
            token = m.group()
            after = text[m.end():m.end() + 1]
            beside_dot = after == "." or (prev_kind == "dot" and prev_end == m.start())
            if _LONG_INT.fullmatch(token) and not beside_dot:
                digits = sum(ch.isdigit() for ch in token)
                pieces.append(text[done:m.start()])
                pieces.append(f'"(a number of {digits} digits)"')
                done = m.end()
        if kind not in ("space", "comment"):
            prev_kind, prev_end = kind, m.end()
    if not pieces:
        return text
    pieces.append(text[done:])
    return "".join(pieces)


def loads(text: str) -> dict[str, Any]:
    """Parse TOML ``text`` as ``tomllib.loads`` does, within the bounds above."""
    if len(text) > MAX_BYTES:
        raise TomlRefused(f"too large: more than {MAX_BYTES // 1024} KiB")
    text = _checked(text.replace("\r\n", "\n"))
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TomlRefused(f"not valid TOML: {short(str(e).splitlines()[0] if str(e) else '', 200)}"
                          ) from None
    except RecursionError:
        raise TomlRefused("arrays or tables nested too deep") from None
    except ValueError:  # int() past Python's digit limit, in a shape the scan let through
        raise TomlRefused("a number too long to read") from None


def decode(data: bytes) -> str:
    """``data`` as UTF-8 text; :class:`TomlRefused` when it is too large or not UTF-8."""
    if len(data) > MAX_BYTES:
        raise TomlRefused(f"too large: more than {MAX_BYTES // 1024} KiB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise TomlRefused(f"not UTF-8 text (byte {e.start + 1})") from None
