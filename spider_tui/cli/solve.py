"""``spider-tui solve --variant ID --deal N [--time-limit S] [--nodes N]``: solve a deal with
perfect information and print the winning line, "unwinnable" (after an exhaustive search) or
"unknown". With ``--nodes`` alone the answer is the same on every run and every machine."""

from __future__ import annotations

import argparse
import sys

from .common import add_nodes, deal_number, number_above_zero

#: The longest --time-limit: a day.
MAX_SECONDS = 86_400
#: The largest --nodes: about a day of search.
MAX_NODES = 10_000_000_000
#: The time limit when neither --time-limit nor --nodes is given.
DEFAULT_SECONDS = 10.0


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "solve", help="solve a deal (reads every card) and print the winning line",
        description="Solve a deal with perfect information. Prints the winning line in move "
                    "notation on one line; 'unwinnable' only when an exhaustive search found no "
                    "win; 'unknown' when the time limit (or the node budget) ran out first. "
                    "With --nodes and no --time-limit, no clock decides anything: the same deal "
                    "gives the same answer, line and count of positions on every run and "
                    "machine. On standard error: how long it took, the positions searched and "
                    "positions per second.")
    p.add_argument("--variant", metavar="ID", help="the variant id")
    p.add_argument("--deal", metavar="N", type=deal_number, help="the deal number")
    p.add_argument("--position", metavar="FILE",
                   help="solve this position file instead of a deal ('-' for standard input)")
    p.add_argument("--house-rule", metavar="ID", action="append", default=[],
                   dest="house_rules", help="switch a house rule on (repeatable)")
    p.add_argument("--time-limit", metavar="S", type=number_above_zero(MAX_SECONDS, "seconds"),
                   help="seconds to search before answering 'unknown' (default 10 unless "
                        "--nodes is given, at most a day)")
    add_nodes(p, MAX_NODES,
              "positions to search before answering 'unknown': a node budget, "
              "independent of the machine's speed and load (with --time-limit too, "
              "whichever runs out first)")
    return p


def run(args: argparse.Namespace) -> int:
    from ..ai.solver import solve
    from ..engine import Game
    from ..engine.errors import noting_rule_failures
    from ..plugins.manager import command_manager, rule_failure_notice
    from . import CommandError

    command_manager()  # a plugin's game is solved too; a plugin that failed is named
    if args.position:
        from .common import load_position

        if args.variant or args.deal is not None:
            raise CommandError("give either --position or --variant and --deal, not both")
        game = load_position(args.position)
    else:
        if not args.variant or args.deal is None:
            raise CommandError("say which deal to solve: --variant ID --deal N "
                               "(or --position FILE)")
        game = Game.new(args.variant, deal=args.deal, house_rules=args.house_rules)
    seconds = args.time_limit
    if seconds is None and args.nodes is None:
        seconds = DEFAULT_SECONDS
    with noting_rule_failures() as failures:
        result = solve(game, seconds, node_budget=args.nodes)
    failed = rule_failure_notice(failures)
    if failed is not None:
        print(failed, file=sys.stderr)
    if result.problem:  # a line the engine refuses: a solver bug, said plainly
        print(result.status)
        print(f"spider-tui: no line is given: {result.problem} (a bug in the solver; please "
              f"report it)", file=sys.stderr)
        return 1
    if result.status == "won":
        print(" ".join(result.moves))
        note = f"won in {len(result.moves)} moves"
    else:
        print(result.status)
        limits = ([f"{seconds:g} s"] if seconds is not None else []) + (
            [f"{args.nodes} positions"] if args.nodes is not None else [])
        note = ("no win exists: every position was searched" if result.status == "unwinnable"
                else f"no win found within {' and '.join(limits)}")
    print(f"{note} ({result.seconds:.2f} s, {result.nodes} positions searched, "
          f"{result.rate:.0f} positions/s)", file=sys.stderr)
    return 0
