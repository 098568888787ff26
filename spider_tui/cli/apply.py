"""``spider-tui apply FILE MOVE...``: play moves on a position and print the result."""

from __future__ import annotations

import argparse

from ..engine.text import printable, short
from . import CommandError
from .common import load_position


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("apply", help="play moves on a position and print the resulting position",
                       usage="spider-tui apply [-h] FILE MOVE [MOVE ...]",
                       description="Play MOVEs (3>7, 3:2>7, 3>f, d) in order on a position file "
                                   "and print the resulting position. An illegal move prints "
                                   "why on standard error, no position, and exits with 2.")
    p.add_argument("file", metavar="FILE", help="a position file, or - for standard input")
    # Every word after FILE is a move, one starting with "-" too: "-1>2" is a move to refuse
    # ("columns are numbered from 1"), not an unknown option.
    p.add_argument("moves", metavar="MOVE", nargs=argparse.REMAINDER,
                   help="moves to play, in order")
    return p


def run(args: argparse.Namespace) -> int:
    from ..engine import IllegalMove
    from ..plugins.manager import command_manager

    command_manager()  # a plugin's game plays too; a plugin that failed is named

    if not args.moves:
        raise CommandError("say which moves to play: spider-tui apply FILE MOVE... "
                           "(such as 3>7, 3:2>7, 3>f or d)")
    game = load_position(args.file)
    for i, move in enumerate(args.moves, 1):
        try:
            game.play(move)
        except IllegalMove as e:
            raise CommandError(f"move {i} ({printable(short(move.strip(), 20))}): {e}") from None
    print(game.to_position(), end="")
    return 0
