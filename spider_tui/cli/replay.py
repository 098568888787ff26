"""``spider-tui replay``: the finished games kept, and any one of them played again on the table.

- ``spider-tui replay --list``: the games kept, numbered from the last finished (1);
- ``spider-tui replay N`` or ``spider-tui replay FILE``: replay game N of the list, or a record
  file (``--speed`` moves per second, or ``--step`` to begin paused and step with the keys);
- ``spider-tui replay --export N FILE``: write game N as a record file (``-``: standard output).

A replay is neither saved nor counted, and the saved game is left as it is (see
:mod:`spider_tui.store.history` for the files).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..engine.text import printable
from .common import number_above_zero, whole_number


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("replay", help="replay a finished game (or list and export them)")
    p.later(_arguments)  # the speeds are the screen's: imported only for a replay
    return p


def _arguments(p: argparse.ArgumentParser) -> None:
    from ..store.history import KEPT_GAMES

    p.description = ("Replay a finished game on the table: N, the Nth game of --list (1 is "
                     "the last finished), or a record file written by --export. The key bar "
                     "shows the replay's keys: play or stop, a move on or back, faster or "
                     "slower, take over (practice: neither saved nor counted), leave. Nothing "
                     f"is saved or counted. The last {KEPT_GAMES} games won or given up are "
                     "kept.")
    p.add_argument("record", metavar="RECORD", nargs="?",
                   help="a number from --list, or a record file")
    add_speed(p)
    p.add_argument("--list", action="store_true", help="list the finished games kept")
    p.add_argument("--export", nargs=2, metavar=("N", "FILE"),
                   help="write game N of --list to FILE as a record (- for standard output)")


def add_speed(p: argparse.ArgumentParser) -> None:
    """``--speed`` and ``--step``: how a replay (or a watch) plays."""
    from ..ui.replaying import DEFAULT_SPEED, MAX_SPEED

    p.add_argument("--speed", metavar="S", type=number_above_zero(MAX_SPEED, "moves a second"),
                   default=DEFAULT_SPEED, help=f"moves a second ({DEFAULT_SPEED:g})")
    p.add_argument("--step", action="store_true",
                   help="begin paused at the start: step with the arrow keys")


def run(args: argparse.Namespace) -> int:
    from . import CommandError

    if args.list:
        if args.record is not None or args.export:
            raise CommandError("--list takes no record")
        return _list()
    if args.export:
        if args.record is not None:
            raise CommandError("give either a record to replay or --export N FILE, not both")
        number, target = args.export
        return _export(_kept(number), target)
    if args.record is None:
        raise CommandError("say which game to replay: a number from 'spider-tui replay --list', "
                           "or a record file")
    record = _kept(args.record) if args.record.strip().isdigit() else _read(args.record)
    return show(lambda catalog: _request(record, catalog, args))


def _request(record: Any, catalog: Any, args: argparse.Namespace) -> Any:
    from ..ui.replaying import of_record

    return of_record(record, catalog, speed=args.speed, paused=args.step)


def show(make: Any) -> int:
    """Open the table on the replay ``make(catalog)`` builds (the player's settings and
    plugins in use; nothing saved or counted); quits when the replay is left."""
    from ..plugins.manager import get_manager
    from ..ui import SpiderApp
    from .play import _config, run_app

    manager = get_manager()
    config, notices = _config(manager)
    request = make(manager.catalog)
    if request.problem:
        print(f"spider-tui: {request.problem}; the replay stops there", file=sys.stderr)
    return run_app(SpiderApp(config, request.start, manager=manager, notices=notices,
                             replay=request))


def _history() -> Any:
    from ..store.history import HistoryStore

    kept = HistoryStore().load()
    for notice in kept.notices:
        print(f"spider-tui: {notice}", file=sys.stderr)
    return kept


def _list() -> int:
    from ..store.history import COLUMNS
    from .common import print_table

    games = list(reversed(_history().games))
    if not games:
        print("No finished game is kept yet: each game won or given up is kept.")
        return 0
    print_table("Finished games (the last first)", ("#", *COLUMNS),
                ([str(i), *g.summary()] for i, g in enumerate(games, 1)))
    return 0


def _kept(number: str) -> Any:
    """Game ``number`` of the list (1: the last finished)."""
    from . import CommandError

    games = _history().games
    n = whole_number(1, 10**9)(number) if number.strip().isdigit() else 0
    if not 1 <= n <= len(games):
        kept = (f"games 1 to {len(games)} are kept" if games
                else "no finished game is kept yet")
        raise CommandError(f"there is no finished game {printable(number)[:20]}: {kept} "
                           f"(spider-tui replay --list)")
    return games[-n]


def _read(path: str) -> Any:
    """The record in the file at ``path``."""
    from ..store.files import Unreadable, read_own
    from ..store.history import MAX_RECORD_BYTES, GameRecord
    from . import CommandError

    shown = printable(path)
    try:
        return GameRecord.loads(read_own(path, MAX_RECORD_BYTES, follow=True))
    except FileNotFoundError:
        raise CommandError(f"cannot read {shown}: no such file (or give a number from "
                           f"'spider-tui replay --list')") from None
    except Unreadable as e:
        raise CommandError(f"{shown} is not a game record spider-tui can replay: {e}") from None
    except OSError as e:
        raise CommandError(f"cannot read {shown}: {e.strerror or e}") from None


def _export(record: Any, target: str) -> int:
    from ..store.files import atomic_write
    from . import CommandError

    data = record.dumps()
    if target == "-":
        sys.stdout.write(data.decode("utf-8") + "\n")
        return 0
    try:
        atomic_write(Path(target), data)
    except OSError as e:
        raise CommandError(f"cannot write {printable(target)}: {e.strerror or e}") from None
    print(f"Written to {printable(target)}", file=sys.stderr)
    return 0
