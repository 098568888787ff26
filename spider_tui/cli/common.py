"""What several sub-commands share: numbers on the command line, reading a position argument,
and printing tables that stay plain (no colour codes, no wrapping) when the output is piped."""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TextIO

from ..engine.deal import MAX_DEAL
from ..engine.text import printable, quoted
from . import CommandError

_WHOLE = re.compile(r"[+-]?[0-9]{1,30}")


def whole_number(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``lo`` to ``hi``; anything else (a word, 4301
    digits, a number out of range) is refused when the arguments are parsed (exit status 2),
    quoting at most a few characters of it."""
    def parse(text: str) -> int:
        value = int(text) if _WHOLE.fullmatch(text.strip()) else None
        if value is None or not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"{quoted(text, 30)} is not a whole number from "
                                             f"{lo} to {hi}")
        return value

    return parse


def number_above_zero(hi: float, unit: str) -> Callable[[str], float]:
    """An argparse ``type``: a number more than 0 and at most ``hi`` (``nan``, ``inf``, ``1e400``
    and negative numbers are refused when the arguments are parsed)."""
    def parse(text: str) -> float:
        try:
            value = float(text) if len(text) <= 30 else math.nan
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and 0 < value <= hi):
            raise argparse.ArgumentTypeError(f"{quoted(text, 30)} is not a number of {unit} "
                                             f"more than 0 and at most {hi:g}")
        return value

    return parse


#: ``--deal N``: every deal number there is.
deal_number = whole_number(0, MAX_DEAL)


def read_text(path: str, stdin: TextIO | None = None) -> str:
    """The text of ``path``, or of standard input when ``path`` is ``-``; never more than a
    TOML file may hold (``spider_tui.tomlfile``), so a huge file or an endless pipe is refused
    rather than read."""
    from ..tomlfile import TomlRefused, read_stream_text
    from ..tomlfile import read_text as read_file_text

    shown = printable(path)

    where = "standard input" if path == "-" else shown
    try:
        if path == "-":
            return read_stream_text(stdin or sys.stdin)
        return read_file_text(path)
    except TomlRefused as e:
        raise CommandError(f"cannot read {where}: {e}") from None
    except UnicodeDecodeError:
        raise CommandError(f"cannot read {where}: it is not UTF-8 text") from None
    except FileNotFoundError:
        raise CommandError(f"cannot read {shown}: no such file") from None
    except IsADirectoryError:
        raise CommandError(f"cannot read {shown}: it is a folder") from None
    except OSError as e:
        raise CommandError(f"cannot read {where}: {e.strerror or e}") from None


def load_position(path: str) -> Any:
    """The :class:`Game` of the position file at ``path`` (``-`` for standard input)."""
    from ..engine import Game, PositionError

    text = read_text(path)
    try:
        return Game.from_position(text)
    except PositionError as e:
        where = "standard input" if path == "-" else printable(path)
        raise CommandError(f"{where}: {e}") from None


def console(file: TextIO | None = None) -> Any:
    """A rich console: colour only on a terminal; piped output is neither coloured nor wrapped."""
    from rich.console import Console

    out = file or sys.stdout
    tty = out.isatty()
    return Console(file=out, highlight=False, no_color=not tty,
                   color_system="auto" if tty else None,
                   width=None if tty else 1000, soft_wrap=not tty)


def plain_cell(value: str) -> Any:
    """A table cell of text from a plugin or a file: shown as it is written, never read as Rich
    markup (``[/bold]`` in a variant's name), with no control character to reach the
    terminal."""
    from rich.text import Text

    return Text(printable(str(value)))


def print_table(title: str, headers: Sequence[str], rows: Iterable[Sequence[str]],
                file: TextIO | None = None) -> None:
    from rich import box
    from rich.table import Table

    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                  pad_edge=False, header_style="bold")
    for h in headers:
        table.add_column(h, overflow="fold")
    for row in rows:
        table.add_row(*(plain_cell(c) for c in row))
    con = console(file)
    if con.is_terminal:
        con.print(table)
        return
    with con.capture() as captured:
        con.print(table)
    # Rich pads every cell to its column's width; piped lines end where their text does.
    out = file or sys.stdout
    out.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))


def add_game_choice(p: argparse.ArgumentParser, starts: str) -> None:
    """``--variant``, ``--deal`` and ``--house-rule``: the game a command starts (``starts``
    says who starts it: "start", "every page starts")."""
    p.add_argument("--variant", metavar="ID", default=argparse.SUPPRESS,
                   help=f"{starts} a new game of this variant")
    p.add_argument("--deal", metavar="N", type=deal_number, default=argparse.SUPPRESS,
                   help=f"{starts} this deal number")
    p.add_argument("--house-rule", metavar="ID", action="append", dest="house_rules",
                   default=argparse.SUPPRESS, help="switch a house rule on (repeatable)")


def add_nodes(p: argparse.ArgumentParser, most: int, what: str) -> None:
    """The ``--nodes N`` option of the commands that search (``solve``, ``bot``, ``hint``): a
    node budget of 1 to ``most`` positions; ``what`` says what it bounds there."""
    p.add_argument("--nodes", metavar="N", type=whole_number(1, most), help=what)


def load_plugins() -> None:
    """In a worker process of a command (``--jobs``, a Dask worker): the player's plugins, as
    the command loaded them, so that a plugin's game plays there too."""
    from ..plugins.manager import get_manager

    get_manager()
