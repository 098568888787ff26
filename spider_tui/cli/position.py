"""``spider-tui position --variant ID --deal N``: print a deal's position file."""

from __future__ import annotations

import argparse

from .common import deal_number


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("position", help="print the position file of a deal",
                       description="Print the position file (TOML) of a variant's deal.")
    p.add_argument("--variant", metavar="ID", required=True, help="the variant id")
    p.add_argument("--deal", metavar="N", type=deal_number, default=None,
                   help="the deal number (a random one when left out)")
    p.add_argument("--house-rule", metavar="ID", action="append", default=[],
                   dest="house_rules", help="switch a house rule on (repeatable)")
    return p


def run(args: argparse.Namespace) -> int:
    from ..engine import Game
    from ..plugins.manager import command_manager

    command_manager()  # a plugin's game plays too; a plugin that failed is named
    game = Game.new(args.variant, deal=args.deal, house_rules=args.house_rules)
    print(game.to_position(), end="")
    return 0
