"""What several sub-commands share: reading a position argument and printing tables that stay
plain (no colour codes, no wrapping) when the output is piped."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterable, Sequence, TextIO

from . import CommandError


def read_text(path: str, stdin: TextIO | None = None) -> str:
    """The text of ``path``, or of standard input when ``path`` is ``-``."""
    if path == "-":
        try:
            return (stdin or sys.stdin).read()
        except UnicodeDecodeError:
            raise CommandError("standard input is not UTF-8 text") from None
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CommandError(f"cannot read {path}: no such file") from None
    except IsADirectoryError:
        raise CommandError(f"cannot read {path}: it is a folder") from None
    except UnicodeDecodeError:
        raise CommandError(f"cannot read {path}: it is not UTF-8 text") from None
    except OSError as e:
        raise CommandError(f"cannot read {path}: {e.strerror or e}") from None


def load_position(path: str) -> Any:
    """The :class:`Game` of the position file at ``path`` (``-`` for standard input)."""
    from ..engine import Game, PositionError

    text = read_text(path)
    try:
        return Game.from_position(text)
    except PositionError as e:
        where = "standard input" if path == "-" else path
        raise CommandError(f"{where}: {e}") from None


def console(file: TextIO | None = None) -> Any:
    """A rich console: colour only on a terminal; piped output is neither coloured nor wrapped."""
    from rich.console import Console

    out = file or sys.stdout
    tty = out.isatty()
    return Console(file=out, highlight=False, no_color=not tty, color_system="auto" if tty else None,
                   width=None if tty else 1000, soft_wrap=not tty)


def print_table(title: str, headers: Sequence[str], rows: Iterable[Sequence[str]],
                file: TextIO | None = None) -> None:
    from rich import box
    from rich.table import Table

    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                  pad_edge=False, header_style="bold")
    for h in headers:
        table.add_column(h, overflow="fold")
    for row in rows:
        table.add_row(*row)
    con = console(file)
    if con.is_terminal:
        con.print(table)
        return
    with con.capture() as captured:
        con.print(table)
    # Rich pads every cell to its column's width; piped lines end where their text does.
    out = file or sys.stdout
    out.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))
