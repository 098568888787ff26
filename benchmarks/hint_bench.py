#!/usr/bin/env python3
"""Hint latency on mid-game positions (issue 5 target: p95 <= 120 ms on 4-suit).

Positions: for each deal, the fair bot (with a small budget) plays a seeded-random number of
moves (15-60) into the game; the hint is then timed there with its default budget.

    python benchmarks/hint_bench.py --variant spider-4suit --positions 100
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spider_tui.ai.hint import hints  # noqa: E402
from spider_tui.engine import Game  # noqa: E402


def positions(variant: str, count: int, seed: int = 1) -> list[Game]:
    rnd = random.Random(seed)
    out: list[Game] = []
    deal = 1
    while len(out) < count:
        g = Game.new(variant, deal=deal)
        target = rnd.randint(15, 60)
        for _ in range(target):
            hs = hints(g, budget_ms=15)
            if not hs or g.status != "playing":
                break
            g.play(hs[0].move)
        if g.status == "playing":
            out.append(g)
        deal += 1
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="spider-4suit")
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--budget", type=float, default=120.0, help="hint budget in ms (120)")
    ap.add_argument("--peek", action="store_true")
    args = ap.parse_args()
    games = positions(args.variant, args.positions)
    times = []
    for g in games:
        t = time.perf_counter()
        hints(g, budget_ms=args.budget, peek=args.peek)
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, int(round(0.95 * len(times))) - 1)]
    print(f"hint latency, {args.variant}, {len(times)} mid-game positions, budget "
          f"{args.budget:g} ms{' (peek)' if args.peek else ''}:")
    print(f"  mean {statistics.mean(times):.1f} ms, p50 {times[len(times) // 2]:.1f} ms, "
          f"p95 {p95:.1f} ms, max {times[-1]:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
