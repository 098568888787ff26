"""``spider-tui hint FILE [MOVE ...] [--all]``: a position's hint as the game shows it, so that
hints can be scripted and tested."""

from __future__ import annotations

import argparse
import sys

from ..ai.budget import BUDGET_MS
from .bot import MAX_BUDGET_MS
from .common import add_nodes, load_position, number_above_zero

#: The largest --nodes.
MAX_NODES = 100_000_000


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "hint", help="print a position's hint, as the game shows it",
        description="Print the hint for a position file (after MOVEs played on it, if given: "
                    "the hint then never leads back into a position they went through): the "
                    "move in move notation first on its line, then the reason. With --all, "
                    "every suggestion, best first. When no move helps, says so on standard "
                    "error and prints nothing.")
    p.add_argument("file", metavar="FILE", help="a position file, or - for standard input")
    p.add_argument("moves", metavar="MOVE", nargs="*", help="moves to play first (3>7, d...)")
    p.add_argument("--all", action="store_true", help="print every suggestion, best first")
    p.add_argument("--peek", action="store_true",
                   help="let the hint read the face-down cards and the stock (not fair)")
    p.add_argument("--budget", metavar="MS", type=number_above_zero(MAX_BUDGET_MS, "milliseconds"),
                   default=BUDGET_MS,
                   help=f"search time in milliseconds ({BUDGET_MS:g}, as the game)")
    add_nodes(p, MAX_NODES,
              "search this many positions instead of for a time: the same answer on "
              "any machine")
    return p


def run(args: argparse.Namespace) -> int:
    from ..ai.hint import NOTHING, Adviser
    from ..engine import PLAYING, Move
    from ..engine.errors import SpiderError
    from ..plugins.manager import command_manager
    from . import CommandError

    command_manager()  # a plugin's game plays too; a plugin that failed is named

    game = load_position(args.file)
    for text in args.moves:
        try:
            game.play(Move.parse(text))
        except SpiderError as e:  # a bad move is the player's to fix: said with the move
            raise CommandError(f"move {text!r}: {e}") from None
    if game.status != PLAYING:
        print(f"spider-tui: no hint: the game is {game.status}", file=sys.stderr)
        return 0
    budget = 10.0 ** 9 if args.nodes else args.budget
    found = Adviser(budget_ms=budget, peek=args.peek, max_nodes=args.nodes).hints(game)
    if not found:
        print(NOTHING, file=sys.stderr)
        return 0
    for h in found if args.all else found[:1]:
        print(f"{h.move}  {h.reason}")
    return 0
