#!/usr/bin/env python3
"""The bot's win rate over fixed deals (issue 5 targets, fair: >= 95% at 1 suit, >= 60% at
2 suits, >= 15% at 4 suits, over 200+ deals).

    python benchmarks/bot_bench.py --variant spider-2suit --games 200 --first-deal 1 --jobs 2

Each move's search gets ``--nodes`` positions (4,000 by default: about the 120 ms a move the
hint takes, on an idle machine of this project's), so the figures are the same on a loaded
machine; ``--budget MS`` searches for MS milliseconds a move instead (or as well, with both).

Each finished game is printed as it ends (deal, won, moves, runs, the cards left in the stock
of a game lost before its last row, seconds, positions searched per second), then the summary
the ``spider-tui bot`` command prints (which names the deals lost with cards still in the
stock: the bot gave up with a row to come, worth a look).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spider_tui.ai.bot import run_games, summary  # noqa: E402
from spider_tui.cli.bot import budget_words  # noqa: E402

#: Positions per move when neither --nodes nor --budget is given.
DEFAULT_NODES = 4000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="spider-4suit")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--first-deal", type=int, default=1)
    ap.add_argument("--nodes", type=int, default=None,
                    help=f"positions per move ({DEFAULT_NODES} unless --budget is given)")
    ap.add_argument("--budget", type=float, default=None, help="ms per move")
    ap.add_argument("--peek", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--losses", metavar="FILE",
                    help="write each lost game's moves to FILE (one JSON object per line)")
    args = ap.parse_args()
    if args.nodes is None and args.budget is None:
        args.nodes = DEFAULT_NODES
    deals = range(args.first_deal, args.first_deal + args.games)
    t0 = time.time()
    results = []
    for r in run_games(args.variant, deals, budget_ms=args.budget, peek=args.peek,
                       jobs=args.jobs, node_budget=args.nodes):
        results.append(r)
        if args.losses and not r.won:
            with open(args.losses, "a", encoding="utf-8") as f:
                f.write(json.dumps({"variant": args.variant, "deal": r.deal,
                                    "moves": list(r.line)}) + "\n")
        left = f"stock={r.stock_left} " if r.lost_with_stock else ""
        print(f"deal {r.deal}: {'won' if r.won else 'lost'} moves={r.moves} runs={r.runs} {left}"
              f"{r.seconds:.1f}s {r.nodes / r.seconds if r.seconds > 0 else 0:.0f} positions/s"
              f"  [{sum(x.won for x in results)}/{len(results)}]", flush=True)
    print(f"{args.variant}: {len(results)} games (deals {deals.start}-{deals.stop - 1}), "
          f"{'peeking' if args.peek else 'fair'}, budget {budget_words(args.budget, args.nodes)}"
          f" per move, "
          f"{args.jobs} jobs, {time.time() - t0:.0f} s wall")
    print(summary(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
