"""``spider-tui stats``: the statistics as a table; ``--reset VARIANT`` forgets one combination's
figures (asking nothing: the command line is where a player means what they type)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, TextIO

from ..engine.text import printable, short
from . import CommandError

if TYPE_CHECKING:
    from ..store.stats import Figures, StatsStore


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("stats", help="show the statistics per variant and house rules",
                       description="Show the statistics kept per (variant, house rules), or "
                                   "reset one combination's figures.")
    p.add_argument("--reset", metavar="VARIANT",
                   help="forget the figures of VARIANT played with exactly the house rules "
                        "given by --house-rule (none by default)")
    p.add_argument("--house-rule", metavar="ID", action="append", default=[],
                   dest="stats_house_rules",
                   help="with --reset: a house rule of the combination to reset (repeatable)")
    return p


def run(args: argparse.Namespace) -> int:
    from ..store.stats import StatsStore

    store = StatsStore()
    if args.reset is None:
        if args.stats_house_rules:
            raise CommandError("--house-rule goes with --reset VARIANT")
        table = store.load()
        _warn(table.notices)
        show(table.rows(), sys.stdout)
        return 0
    return _reset(store, args.reset, args.stats_house_rules)


def _reset(store: StatsStore, variant: str, house_rules: list[str]) -> int:
    from ..store.stats import key_of

    label = describe(*key_of(variant, house_rules))
    table = store.load()
    if table.read_only:
        _warn(table.notices)
        raise CommandError("nothing was reset: the statistics file cannot be changed")
    if key_of(variant, house_rules) not in table.records:
        _warn(table.notices)
        kept = "; ".join(describe(*f.key) for f in table.rows()) or "none"
        raise CommandError(f"no statistics for {label}, so nothing was reset "
                           f"(statistics are kept for: {kept})")
    old, notices = store.reset(variant, house_rules)
    _warn(notices)
    if old is None:
        raise CommandError(f"the statistics of {label} were not reset")
    pct = old.win_percentage
    print(f"Reset the statistics of {label}: {old.played} played, {old.won} won"
          f"{'' if pct is None else f' ({pct:.1f}%)'}, best streak {old.best_streak}.")
    return 0


def describe(variant: str, house_rules: tuple[str, ...]) -> str:
    rules = "house rules: " + ", ".join(house_rules) if house_rules else "no house rules"
    return printable(short(f"{variant} ({rules})", 200))


def _warn(notices: list[str]) -> None:
    for n in notices:
        print(f"spider-tui: {printable(n)}", file=sys.stderr)


def show(rows: list[Figures], out: TextIO) -> None:
    """A rich table on a terminal, plain aligned columns otherwise (a pipe, a file)."""
    if not rows:
        print("No games recorded yet.", file=out)
        return
    # Ids come from stats.json, which anyone may edit: no control character reaches the
    # terminal, and nothing is read as Rich markup.
    cells = [[printable(c) for c in f.cells()] for f in rows]
    if out.isatty():
        from rich.console import Console

        Console(file=out).print(rich_table(cells))
        return
    out.write(plain_table(cells))


def rich_table(cells: list[list[str]]):  # -> rich.table.Table (imported lazily)
    from rich.table import Table

    from ..store.stats import COLUMNS, NUMERIC
    from .common import plain_cell

    table = Table(title="Statistics")
    for i, name in enumerate(COLUMNS):
        table.add_column(name, justify="right" if i in NUMERIC else "left")
    for row in cells:
        table.add_row(*(plain_cell(c) for c in row))
    return table


def plain_table(cells: list[list[str]]) -> str:
    from ..store.stats import COLUMNS, NUMERIC

    widths = [max(len(r[i]) for r in [list(COLUMNS), *cells]) for i in range(len(COLUMNS))]

    def line(row: list[str] | tuple[str, ...]) -> str:
        parts = [v.rjust(w) if i in NUMERIC else v.ljust(w)
                 for i, (v, w) in enumerate(zip(row, widths))]
        return "  ".join(parts).rstrip() + "\n"

    return line(COLUMNS) + "".join(line(r) for r in cells)
