"""``spider-tui`` with no command, or ``spider-tui play``: start the game."""

from __future__ import annotations

import argparse


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("play", help="start the game (the default)")
    return p


def run(args: argparse.Namespace) -> int:
    # Until the Textual app exists, print the position of the new deal.
    from ..engine import Game

    game = Game.new(args.variant or "spider-4suit", deal=args.deal,
                    house_rules=args.house_rules)
    print(game.to_position(), end="")
    return 0
