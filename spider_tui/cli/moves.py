"""``spider-tui moves FILE``: the legal moves of a position, one per line, canonical notation."""

from __future__ import annotations

import argparse

from .common import load_position


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("moves", help="list a position's legal moves",
                       description="Print the legal moves of a position file, one per line in "
                                   "canonical notation (3>7, 3:2>7 into an empty column, 3>f, "
                                   "d). Prints nothing when the game is won or stuck.")
    p.add_argument("file", metavar="FILE", help="a position file, or - for standard input")
    return p


def run(args: argparse.Namespace) -> int:
    from ..plugins.manager import command_manager

    command_manager()  # a plugin's game has moves too; a plugin that failed is named
    game = load_position(args.file)
    for move in game.legal_moves():
        print(move)
    return 0
