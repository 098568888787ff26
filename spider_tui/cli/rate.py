"""``spider-tui rate --variant ID --deals A-B [--nodes N] [--bot-nodes N] [--jobs J]
[--scheduler ADDRESS] [--campaign FILE]``: how hard a game is, measured. The solver and the fair
bot play the same deals within node budgets; the table gives each one's win rate with its 95%
confidence interval (Wilson), the mean moves, the time per deal and the game's difficulty."""

from __future__ import annotations

import argparse
import sys

from .common import add_nodes, load_plugins, print_table, whole_number

#: The largest --nodes (the solver's, per deal) and --bot-nodes (per move).
MAX_NODES = 10_000_000_000
MAX_JOBS = 256
#: The most deals one command rates (a campaign over more goes on in the next run).
MAX_DEALS = 1_000_000


def deal_range(text: str) -> range:
    """An argparse ``type``: ``A-B`` (deals A to B) or ``N`` (one deal)."""
    from ..engine.deal import MAX_DEAL
    from ..engine.text import quoted

    parse = whole_number(0, MAX_DEAL)
    first, sep, last = text.partition("-")
    try:
        lo = parse(first)
        hi = parse(last) if sep else lo
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"{quoted(text, 30)} is not a deal range such as 1-100 (deals 0 to {MAX_DEAL})"
        ) from None
    if hi < lo:
        raise argparse.ArgumentTypeError(f"{quoted(text, 30)}: the range ends before it starts")
    if hi - lo + 1 > MAX_DEALS:
        raise argparse.ArgumentTypeError(f"{quoted(text, 30)}: at most {MAX_DEALS} deals")
    return range(lo, hi + 1)


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "rate", help="measure how hard a game is: the solver's and the bot's win rates",
        description="Rate games: the solver (reading every card) and the fair bot (seeing what "
                    "a player sees, no undo) play the same deals within node budgets, so the "
                    "figures are the same on every run and machine, bar the seconds. Prints, per "
                    "game, the difficulty (from the bot's win rate), each one's win rate with "
                    "its 95%% confidence interval (Wilson), the mean moves and the seconds per "
                    "deal. With --campaign the results are kept in a journal file as each deal "
                    "finishes: run the same command again after an interruption and only the "
                    "deals not yet rated are played.")
    p.later(_arguments)  # the node budgets are the AI's: imported only to rate
    return p


def _arguments(p: argparse.ArgumentParser) -> None:
    from ..ai.rating import BOT_NODES, SOLVER_NODES

    p.add_argument("--variant", metavar="ID", action="append", default=[], dest="variants",
                   help="a game to rate (repeatable)")
    p.add_argument("--all", action="store_true", help="rate every installed game")
    p.add_argument("--house-rule", metavar="ID", action="append", default=[],
                   dest="house_rules", help="switch a house rule on (repeatable)")
    p.add_argument("--deals", metavar="A-B", type=deal_range, required=True,
                   help="the deals to play, e.g. 1-100")
    add_nodes(p, MAX_NODES, f"positions the solver may search per deal ({SOLVER_NODES})")
    p.add_argument("--bot-nodes", metavar="N", type=whole_number(1, MAX_NODES),
                   default=BOT_NODES, help=f"positions the bot may search per move ({BOT_NODES})")
    p.add_argument("--jobs", metavar="J", type=whole_number(1, MAX_JOBS), default=1,
                   help="deals to rate at once, one per processor core (1)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="rate on a Dask cluster: the scheduler's address, e.g. "
                        "tcp://10.0.0.5:8786 (needs dask.distributed)")
    p.add_argument("--campaign", metavar="FILE",
                   help="the journal to keep results in and resume from")


def run(args: argparse.Namespace) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from ..ai.campaign import Journal, campaign
    from ..ai.rating import REPORT_HEADERS, SOLVER_NODES, Job, report_rows, summarize
    from ..plugins.manager import command_manager
    from . import CommandError

    catalog = command_manager().catalog
    if args.all and args.variants:
        raise CommandError("give either --all or --variant, not both")
    variants = sorted(catalog.variants) if args.all else list(dict.fromkeys(args.variants))
    if not variants:
        raise CommandError("say which games to rate: --variant ID (repeatable) or --all")
    hrs = tuple(sorted(set(args.house_rules)))
    for vid in variants:
        catalog.rules(vid, hrs)  # an unknown id, or a house rule that does not apply: one line
    scheduler = None
    if args.scheduler:
        try:
            import dask.distributed  # noqa: F401
        except ImportError:
            raise CommandError("--scheduler needs dask.distributed: "
                               "pip install 'dask[distributed]'") from None
        scheduler = args.scheduler
    solver_nodes = args.nodes or SOLVER_NODES
    jobs = [Job(v, d, hrs, solver_nodes, args.bot_nodes) for v in variants for d in args.deals]
    journal = Journal(args.campaign) if args.campaign else None
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), transient=True,
                  disable=not sys.stderr.isatty()) as bar:
        task = bar.add_task("rating", total=len(jobs))
        try:
            results = campaign(jobs, journal, workers=args.jobs, scheduler=scheduler,
                               progress=lambda r, new: bar.advance(task), setup=load_plugins)
        except OSError as e:
            if journal is not None and getattr(e, "filename", None) == str(journal.path):
                raise CommandError(f"cannot write the campaign journal {args.campaign}: "
                                   f"{e.strerror or e}") from None
            raise
    if journal is not None and journal.skipped:
        print(f"spider-tui: {journal.skipped} line(s) of {args.campaign} are not ratings and "
              f"were left out", file=sys.stderr)
    names = {vid: catalog.variant(vid).name for vid in variants}
    deals = args.deals
    print_table(f"Deals {deals.start}-{deals.stop - 1}: solver {solver_nodes} positions per "
                f"deal, bot {args.bot_nodes} per move",
                REPORT_HEADERS, report_rows(summarize(results), names))
    return 0
