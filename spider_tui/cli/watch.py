"""``spider-tui watch --variant ID --deal N [--bot | --solver] [--nodes N]``: the table, with the
AI playing a deal. The bot (the default) is the fair player of the demo mode, which sees what a
player sees; the solver reads every card and plays its winning line. Each searches within a
node budget (``--nodes``), so the same deal is played the same way on every run and every
machine. The game is played out first, then shown as a replay (the same keys). A game watched
is neither saved nor counted, and the saved game is left as it is.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .common import add_nodes, deal_number
from .replay import add_speed, show

#: Positions the bot searches a move when --nodes is not given (a deal in a few seconds).
BOT_NODES = 1500
#: Positions the solver searches when --nodes is not given (seconds, not minutes).
SOLVER_NODES = 200_000
#: The largest --nodes.
MAX_NODES = 100_000_000


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "watch", help="watch the bot or the solver play a deal",
        description="Open the table and watch the AI play a deal: the bot (the demo's fair "
                    "player, the default) or the solver (which reads every card and plays the "
                    "win it finds). The game is played out first, within the node budget, then "
                    "shown move by move, with the keys of a replay. Nothing is saved or "
                    "counted.")
    p.add_argument("--variant", metavar="ID", required=True, help="the variant id")
    p.add_argument("--deal", metavar="N", type=deal_number, required=True,
                   help="the deal number")
    p.add_argument("--house-rule", metavar="ID", action="append", default=[],
                   dest="house_rules", help="switch a house rule on (repeatable)")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--bot", dest="by", action="store_const", const="bot", default="bot",
                     help="the fair bot plays (the default)")
    who.add_argument("--solver", dest="by", action="store_const", const="solver",
                     help="the solver plays its winning line")
    add_nodes(p, MAX_NODES,
              f"positions to search: a move's for the bot ({BOT_NODES}), the whole "
              f"search's for the solver ({SOLVER_NODES})")
    p.later(add_speed)  # the speeds are the screen's: imported only to watch
    return p


def run(args: argparse.Namespace) -> int:
    def make(catalog: Any) -> Any:
        from ..engine import Game
        from ..ui.replaying import of_line

        game = Game.new(args.variant, args.deal, args.house_rules, catalog=catalog)
        moves, by = (_solver(game, args.nodes or SOLVER_NODES) if args.by == "solver"
                     else _bot(game, args.nodes or BOT_NODES))
        return of_line(game, moves, by, speed=args.speed, paused=args.step)

    try:
        return show(make)
    except _NothingToWatch as e:
        print(f"spider-tui: {e}", file=sys.stderr)
        return 1


class _NothingToWatch(Exception):
    pass


def _bot(game: Any, nodes: int) -> tuple[list[str], str]:
    from ..ai.bot import play

    print(f"The bot plays deal {game.deal} of {game.rules.name} ({nodes} positions a move)…",
          file=sys.stderr)
    copy = game.copy()
    for _ in play(copy, node_budget=nodes):
        pass
    return copy.moves_played(), "the bot"


def _solver(game: Any, nodes: int) -> tuple[list[str], str]:
    from ..ai.solver import solve

    print(f"The solver looks for a win in deal {game.deal} of {game.rules.name} (at most "
          f"{nodes} positions)…", file=sys.stderr)
    solution = solve(game.copy(), node_budget=nodes)
    if solution.status != "won":
        found = ("no win exists" if solution.status == "unwinnable"
                 else f"no win found within {nodes} positions (--nodes searches more)")
        raise _NothingToWatch(f"nothing to watch: {found}"
                              + (f" ({solution.problem})" if solution.problem else ""))
    return list(solution.moves), "the solver"
