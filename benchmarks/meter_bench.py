#!/usr/bin/env python3
"""The winnability meter's cost per move (issue 32): processor time of its first answer (the
first round of budgets alone) and of all its rounds (what it spends when the player waits for
its last answer), on every 10th position of deals played by the hint, and what it showed.

    python benchmarks/meter_bench.py --variant spider-4suit --deals 41-42 --moves 60

The meter runs in a thread of its own and is cancelled by the next move, so these are the
processor time it takes from a player who thinks that long, never a delay of the game.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spider_tui.ai import odds  # noqa: E402
from spider_tui.ai.hint import Adviser  # noqa: E402
from spider_tui.engine import PLAYING, Game  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="spider-4suit")
    ap.add_argument("--deals", default="41-42", help="deal numbers, e.g. 41-42")
    ap.add_argument("--moves", type=int, default=60, help="moves played into each deal")
    ap.add_argument("--every", type=int, default=10, help="measure every Nth position")
    args = ap.parse_args()
    first_deal, _, last_deal = args.deals.partition("-")
    deals = range(int(first_deal), int(last_deal or first_deal) + 1)
    first: list[float] = []
    full: list[float] = []
    said_first: Counter[str] = Counter()
    said_last: Counter[str] = Counter()
    for deal in deals:
        game = Game.new(args.variant, deal)
        adviser = Adviser(node_budget=3000)
        for i in range(args.moves):
            if game.status != PLAYING:
                break
            if i % args.every == 0:
                t = time.process_time()
                one = odds.chances(game.copy(), nodes=odds.METER_NODES[0])
                first.append(time.process_time() - t)
                t = time.process_time()
                every = odds.chances(game.copy())
                full.append(time.process_time() - t)
                if one is not None and every is not None:
                    said_first[one.words()] += 1
                    said_last[every.words()] += 1
            move = adviser.next_move(game)
            if move is None:
                break
            game.play(move)
    if not first:
        print("no position measured")
        return 1
    print(f"{args.variant}, deals {args.deals}, {len(first)} positions, budgets "
          f"{odds.METER_NODES} positions a world, {odds.METER_WORLDS} worlds")
    print(f"first answer: mean {statistics.mean(first):.2f} s, max {max(first):.2f} s of "
          f"processor time")
    print(f"all rounds:   mean {statistics.mean(full):.2f} s, median "
          f"{statistics.median(full):.2f} s, max {max(full):.2f} s")
    print("first answers:", ", ".join(f"{w} x{n}" for w, n in said_first.most_common(6)))
    print("last answers: ", ", ".join(f"{w} x{n}" for w, n in said_last.most_common(6)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
