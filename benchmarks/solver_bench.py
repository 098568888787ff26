#!/usr/bin/env python3
"""The solver's success rate within a node budget (or a time limit) per deal (issue 5 targets:
>= 90% of 4-suit deals within 10 s each, >= 99% of 1- and 2-suit deals).

    python benchmarks/solver_bench.py --variant spider-4suit --deals 1-100 --jobs 2

Each deal gets ``--nodes`` positions (300,000 by default: about 10 s a deal on an idle machine
of this project's, where the solver searches some 30,000 positions a second), so the figures
are the same on a loaded machine; ``--time-limit S`` searches for S seconds instead (or as
well, with both). Positions per second are printed per deal and overall, to compare machines.

Every win is replayed through the engine before it counts. ``--write-winnable`` also stores
the wins in spider_tui/data/winnable/ (as scripts/make_winnable.py does), so one run both
measures and ships (it needs ``--time-limit``: the file says the limit in seconds). Note that
with ``--jobs 2`` on a 2-core machine each deal has one core.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import multiprocessing  # noqa: E402

import make_winnable  # noqa: E402

from spider_tui.ai.bot import wilson  # noqa: E402
from spider_tui.ai.solver import solve  # noqa: E402
from spider_tui.engine import Game  # noqa: E402

#: Positions per deal when neither --nodes nor --time-limit is given.
DEFAULT_NODES = 300_000
#: The wins answered within this many seconds are counted too (issue 31: >= 90% within 2 s,
#: from the same run as the 10 s figure); with a node budget, those within a fifth of it
#: (:data:`spider_tui.ai.solver.TRIES`' first try, four suits) as well.
QUICK = 2.0


def _work(job: tuple[str, int, float | None, int | None, bool]
          ) -> tuple[str, int, str, list[str], float, int]:
    variant, deal, limit, nodes, general_path = job
    result = solve(Game.new(variant, deal=deal), limit, node_budget=nodes,
                   general_path=general_path)
    return variant, deal, result.status, result.moves, result.seconds, result.nodes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="spider-4suit")
    ap.add_argument("--deals", default="1-100")
    ap.add_argument("--nodes", type=int, default=None,
                    help=f"positions per deal ({DEFAULT_NODES} unless --time-limit is given)")
    ap.add_argument("--time-limit", type=float, default=None, help="seconds per deal")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--quick", type=float, default=QUICK,
                    help=f"count the wins answered within this many seconds ({QUICK:g}: the "
                         "issue's second target)")
    ap.add_argument("--write-winnable", action="store_true")
    ap.add_argument("--general-path", action="store_true",
                    help="search the engine's own table even where the fast board serves it")
    args = ap.parse_args()
    if args.nodes is None and args.time_limit is None:
        args.nodes = DEFAULT_NODES
    if args.write_winnable and args.time_limit is None:
        ap.error("--write-winnable needs --time-limit (the file says the limit in seconds)")
    deals = make_winnable.parse_range(args.deals)
    entries = make_winnable.load(args.variant) if args.write_winnable else {}
    t0 = time.time()
    status: dict[str, int] = {}
    won_times = []
    won_nodes = []  # positions searched per win
    won_lines = []  # moves per winning line
    searched = []  # (positions, seconds) per deal
    jobs = [(args.variant, d, args.time_limit, args.nodes, args.general_path) for d in deals]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for v, d, st, moves, secs, nodes in pool.imap_unordered(_work, jobs):
            if st == "won":
                if not make_winnable.verify(v, d, moves):
                    print(f"deal {d}: the solver's line does not replay!", flush=True)
                    return 1
                won_times.append(secs)
                won_nodes.append(nodes)
                won_lines.append(len(moves))
                if args.write_winnable:
                    entries[d] = moves
                    make_winnable.save(v, entries, args.time_limit)
            status[st] = status.get(st, 0) + 1
            searched.append((nodes, secs))
            print(f"deal {d}: {st} {secs:.1f}s ({len(moves)} moves, {nodes} positions, "
                  f"{nodes / secs if secs > 0 else 0:.0f}/s)", flush=True)
    n = len(deals)
    wins = status.get("won", 0)
    lo, hi = wilson(wins, n)
    limits = ([f"{args.nodes} positions"] if args.nodes is not None else []) + (
        [f"{args.time_limit:g} s"] if args.time_limit is not None else [])
    print(f"{args.variant}: solved {wins} of {n} = {100 * wins / n:.1f}% within "
          f"{' and '.join(limits)} (95% CI {100 * lo:.1f}%-{100 * hi:.1f}%); "
          f"unwinnable {status.get('unwinnable', 0)}, unknown {status.get('unknown', 0)}; "
          f"{args.jobs} jobs, {time.time() - t0:.0f} s wall")
    if won_times:
        print(f"  time to solve: median {statistics.median(won_times):.2f} s, "
              f"mean {statistics.mean(won_times):.2f} s, max {max(won_times):.2f} s")
        quick = sum(t <= args.quick for t in won_times)
        print(f"  answered within {args.quick:g} s: {quick} of {n} = {100 * quick / n:.1f}%"
              + ("" if args.nodes is None else
                 f"; within a fifth of the budget ({args.nodes // 5} positions): "
                 f"{sum(p <= args.nodes // 5 for p in won_nodes)}"))
        print(f"  winning lines: median {statistics.median(won_lines):.0f} moves, "
              f"max {max(won_lines)}")
    total_nodes = sum(p for p, _ in searched)
    total_secs = sum(s for _, s in searched)
    print(f"  positions searched: median {statistics.median(p for p, _ in searched):.0f} per "
          f"deal, {total_nodes / total_secs if total_secs > 0 else 0:.0f} per second "
          f"(per job)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
