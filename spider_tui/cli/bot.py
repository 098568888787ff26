"""``spider-tui bot --variant ID --games N --first-deal K [--budget MS] [--nodes N] [--peek]``:
let the bot play deals K, K+1, ... with no undo and report its win rate. With ``--nodes`` alone
every game is played the same way on every run and every machine."""

from __future__ import annotations

import argparse
import sys

from ..engine.deal import MAX_DEAL
from .common import add_nodes, deal_number, load_plugins, number_above_zero, whole_number

MAX_GAMES = 1_000_000
MAX_BUDGET_MS = 60_000
MAX_JOBS = 256
#: The largest --nodes per move.
MAX_NODES = 1_000_000_000


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "bot", help="let the hint play whole games and report the win rate",
        description="Play whole games with no undo, every move the hint's first choice, and "
                    "print the win rate with its 95% confidence interval (Wilson), the mean "
                    "number of moves, the time per game and the positions searched (per game "
                    "and per second). With --nodes and no --budget, no clock decides anything: "
                    "each deal is played the same way on every run and every machine.")
    p.add_argument("--variant", metavar="ID", required=True, help="the variant id")
    p.add_argument("--games", metavar="N", type=whole_number(1, MAX_GAMES), default=10,
                   help="games to play (10)")
    p.add_argument("--first-deal", metavar="K", type=deal_number, default=1,
                   help="the first deal number; the others follow it (1)")
    p.add_argument("--budget", metavar="MS", type=number_above_zero(MAX_BUDGET_MS, "milliseconds"),
                   help="search time per move in milliseconds (120, as the hint, unless --nodes "
                        "is given; at most a minute)")
    add_nodes(p, MAX_NODES,
              "positions to search per move (a node budget, shared out between the "
              "move's searches as the time is): independent of the machine's speed "
              "and load (with --budget too, whichever runs out first)")
    p.add_argument("--peek", action="store_true",
                   help="let the bot read the face-down cards and the stock (not fair)")
    p.add_argument("--house-rule", metavar="ID", action="append", default=[],
                   dest="house_rules", help="switch a house rule on (repeatable)")
    p.add_argument("--jobs", metavar="J", type=whole_number(1, MAX_JOBS), default=1,
                   help="games to play at once, one per processor core (1)")
    return p


def run(args: argparse.Namespace) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from ..ai.bot import run_games, summary
    from ..engine import default_catalog
    from ..engine.errors import noting_rule_failures
    from ..plugins.manager import command_manager, rule_failure_notice
    from . import CommandError

    command_manager()  # a plugin's game is played too; a plugin that failed is named
    if args.first_deal + args.games - 1 > MAX_DEAL:
        raise CommandError(f"the last deal would be past {MAX_DEAL}, the largest deal number")
    default_catalog().rules(args.variant, args.house_rules)  # unknown ids fail here, in one line
    deals = range(args.first_deal, args.first_deal + args.games)
    results = []
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("won {task.fields[won]}"), TimeElapsedColumn(),
                        transient=True, disable=not sys.stderr.isatty())
    with noting_rule_failures() as failures, progress:
        task = progress.add_task(args.variant, total=args.games, won=0)
        for r in run_games(args.variant, deals, budget_ms=args.budget, peek=args.peek,
                           house_rules=tuple(args.house_rules), jobs=args.jobs,
                           node_budget=args.nodes, setup=load_plugins):
            results.append(r)
            progress.update(task, advance=1, won=sum(x.won for x in results))
    failed = rule_failure_notice(failures)
    if failed is not None:
        print(failed, file=sys.stderr)
    mode = "peeking" if args.peek else "fair"
    print(f"{args.variant}: {len(results)} games (deals {deals.start}-{deals.stop - 1}), "
          f"{mode}, budget {budget_words(args.budget, args.nodes)} per move")
    print(summary(results))
    return 0


def budget_words(budget_ms: float | None, nodes: int | None) -> str:
    """``120 ms``, ``4000 positions`` or ``120 ms and 4000 positions``: the budget per move."""
    from ..ai.budget import BUDGET_MS

    if budget_ms is None and nodes is None:
        budget_ms = BUDGET_MS
    words = ([f"{budget_ms:g} ms"] if budget_ms is not None else []) + (
        [f"{nodes} positions"] if nodes is not None else [])
    return " and ".join(words)
