"""``spider-tui apply FILE MOVE...``: play moves on a position and print the result."""

from __future__ import annotations

import argparse

from . import CommandError
from .common import load_position


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("apply", help="play moves on a position and print the resulting position",
                       description="Play MOVEs (3>7, 3:2>7, 3>f, d) in order on a position file "
                                   "and print the resulting position. An illegal move prints "
                                   "why on standard error, no position, and exits with 2.")
    p.add_argument("file", metavar="FILE", help="a position file, or - for standard input")
    p.add_argument("moves", metavar="MOVE", nargs="+", help="moves to play, in order")
    return p


def run(args: argparse.Namespace) -> int:
    from ..engine import IllegalMove

    game = load_position(args.file)
    for i, move in enumerate(args.moves, 1):
        try:
            game.play(move)
        except IllegalMove as e:
            raise CommandError(f"move {i} ({move.strip()}): {e}") from None
    print(game.to_position(), end="")
    return 0
