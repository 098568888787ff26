#!/usr/bin/env python3
"""Per game, which of a few deals the solver wins within a time limit each: the list the note of
issue 25 gives ("did the solver win any of deals 1-10 within 5 s each?").

    python scripts/solver_family.py --deals 1-10 --time-limit 5 --jobs 2        # every game
    python scripts/solver_family.py spidercells rachel --deals 1-10 --time-limit 5

Prints a Markdown table, one row per game, as the games finish. Every win is replayed through
the engine from a fresh deal before it counts; a line that does not replay is a solver bug and
is reported as one.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import make_winnable  # noqa: E402

from spider_tui.engine import default_catalog  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="*", help="variant ids (default: every one installed)")
    ap.add_argument("--deals", default="1-10", help="deal numbers, e.g. 1-10")
    ap.add_argument("--time-limit", type=float, default=5.0, help="seconds per deal (5)")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    catalog = default_catalog()
    variants = args.variants or sorted(catalog.variants)
    deals = make_winnable.parse_range(args.deals)
    print(f"Solver, deals {args.deals}, {args.time_limit:g} s each:\n")
    print("| game | id | won | deals won | unwinnable | unknown |")
    print("|---|---|---|---|---|---|")
    bugs = 0
    jobs = [(v, d, args.time_limit) for v in variants for d in deals]
    results: dict[str, list[tuple[int, str]]] = {v: [] for v in variants}
    with multiprocessing.get_context("spawn").Pool(max(1, args.jobs)) as pool:
        for v, d, status, moves, _ in pool.imap(make_winnable._work, jobs):
            if status == "won" and not make_winnable.verify(v, d, moves):
                status = "bug"
                bugs += 1
            results[v].append((d, status))
            if len(results[v]) == len(deals):
                won = [d for d, s in results[v] if s == "won"]
                count = {s: sum(1 for _, x in results[v] if x == s)
                         for s in ("unwinnable", "unknown", "bug")}
                name = catalog.variant(v).name
                extra = f" (**{count['bug']} lines that do not replay**)" if count["bug"] else ""
                print(f"| {name} | `{v}` | {'yes' if won else 'no'} | "
                      f"{', '.join(map(str, won)) or '—'}{extra} | {count['unwinnable']} | "
                      f"{count['unknown']} |", flush=True)
    return 1 if bugs else 0


if __name__ == "__main__":
    sys.exit(main())
