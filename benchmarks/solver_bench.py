#!/usr/bin/env python3
"""The solver's success rate within a time limit per deal (issue 5 targets: >= 90% of
4-suit deals within 10 s each, >= 99% of 1- and 2-suit deals).

    python benchmarks/solver_bench.py --variant spider-4suit --deals 1-100 --time-limit 10 --jobs 2

Every win is replayed through the engine before it counts. ``--write-winnable`` also stores
the wins in spider_tui/data/winnable/ (as scripts/make_winnable.py does), so one run both
measures and ships. Note that with ``--jobs 2`` on a 2-core machine each deal has one core.
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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="spider-4suit")
    ap.add_argument("--deals", default="1-100")
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--write-winnable", action="store_true")
    args = ap.parse_args()
    deals = make_winnable.parse_range(args.deals)
    entries = make_winnable.load(args.variant) if args.write_winnable else {}
    t0 = time.time()
    status: dict[str, int] = {}
    won_times = []
    jobs = [(args.variant, d, args.time_limit) for d in deals]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for v, d, st, moves, secs in pool.imap_unordered(make_winnable._work, jobs):
            if st == "won":
                if not make_winnable.verify(v, d, moves):
                    print(f"deal {d}: the solver's line does not replay!", flush=True)
                    return 1
                won_times.append(secs)
                if args.write_winnable:
                    entries[d] = moves
                    make_winnable.save(v, entries, args.time_limit)
            status[st] = status.get(st, 0) + 1
            print(f"deal {d}: {st} {secs:.1f}s ({len(moves)} moves)", flush=True)
    n = len(deals)
    wins = status.get("won", 0)
    lo, hi = wilson(wins, n)
    print(f"{args.variant}: solved {wins} of {n} = {100 * wins / n:.1f}% within "
          f"{args.time_limit:g} s (95% CI {100 * lo:.1f}%-{100 * hi:.1f}%); "
          f"unwinnable {status.get('unwinnable', 0)}, unknown {status.get('unknown', 0)}; "
          f"{args.jobs} jobs, {time.time() - t0:.0f} s wall")
    if won_times:
        print(f"  time to solve: median {statistics.median(won_times):.2f} s, "
              f"mean {statistics.mean(won_times):.2f} s, max {max(won_times):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
