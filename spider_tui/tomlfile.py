"""Reading a TOML file from disk through the one bounded reader (:mod:`spider_tui.engine.tomltext`):
never more than :data:`MAX_BYTES` (plus one, to know there was more) is read, so a huge file, a
device or a pipe that never ends cannot fill the memory.

:func:`load`, for the files spider-tui reads on its own (``config.toml``, variant and theme
files), reads only regular files (a symbolic link is followed to one): a named pipe there would
stop start-up for ever, waiting for a writer. :func:`read_text`, for a file the player names on
the command line, reads whatever it is given (``<(spider-tui position ...)`` is a pipe)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Any

from .engine.tomltext import MAX_BYTES, TomlRefused, decode, loads
from .store.files import open_own

__all__ = ["MAX_BYTES", "TomlRefused", "load", "read_bytes", "read_stream_text", "read_text"]


def read_bytes(path: Path | str) -> bytes:
    """The bytes of ``path``; :class:`TomlRefused` when it holds more than :data:`MAX_BYTES`.
    ``OSError`` (no such file, a folder, no permission) is the caller's to report."""
    with open(path, "rb") as f:
        return _bounded(f)


def _bounded(f: IO[bytes]) -> bytes:
    data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise TomlRefused(f"too large: more than {MAX_BYTES // 1024} KiB")
    return data


def read_text(path: Path | str) -> str:
    """The UTF-8 text of ``path`` (see :func:`read_bytes`; not UTF-8 is a :class:`TomlRefused`)."""
    return decode(read_bytes(path))


def read_stream_text(stream: IO[str]) -> str:
    """At most :data:`MAX_BYTES` characters of a text stream (standard input)."""
    text = stream.read(MAX_BYTES + 1)
    if len(text) > MAX_BYTES:
        raise TomlRefused(f"too large: more than {MAX_BYTES // 1024} KiB")
    return text


def load(path: Path | str) -> dict[str, Any]:
    """The parsed TOML file at ``path``: :class:`TomlRefused` or ``OSError`` when it cannot be
    (:class:`~spider_tui.store.files.NotOurs`, an ``OSError``, when it is not a regular file)."""
    with os.fdopen(open_own(path, os.O_RDONLY, follow=True), "rb") as f:
        return loads(decode(_bounded(f)))
