#!/usr/bin/env python3
"""Find winnable deals with the solver and write them to spider_tui/data/winnable/<variant>.json.

Every deal the solver wins is replayed move by move through the engine from a fresh deal (no
house rules) before it is written; a line that does not replay to a win is a solver bug and
stops the script. Usage:

    python scripts/make_winnable.py spider-1suit spider-2suit --deals 1-100 --time-limit 10 --jobs 2

Deals already in a variant's file are kept (and checked again); new wins are added.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spider_tui.ai.solver import solve  # noqa: E402
from spider_tui.ai.winnable import FORMAT  # noqa: E402
from spider_tui.engine import Game  # noqa: E402

OUT = ROOT / "spider_tui" / "data" / "winnable"


def verify(variant: str, deal: int, moves: list[str]) -> bool:
    """Does ``moves`` win ``deal`` when replayed through the engine?"""
    game = Game.new(variant, deal=deal)
    try:
        for m in moves:
            game.play(m)
    except Exception:
        return False
    return game.status == "won"


def _work(job: tuple[str, int, float]) -> tuple[str, int, str, list[str], float]:
    variant, deal, limit = job
    result = solve(Game.new(variant, deal=deal), limit)
    return variant, deal, result.status, result.moves, result.seconds


def parse_range(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out.extend(range(int(a), int(b or a) + 1))
    return out


def load(variant: str) -> dict[int, list[str]]:
    path = OUT / f"{variant}.json"
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {int(e["deal"]): list(e["solution"]) for e in data["deals"]}


def save(variant: str, entries: dict[int, list[str]], limit: float) -> None:
    data = {
        "format": FORMAT,
        "variant": variant,
        "note": f"written by scripts/make_winnable.py (solver, {limit:g} s per deal); every "
                "solution replayed through the engine to a win before writing",
        "deals": [{"deal": d, "solution": entries[d]} for d in sorted(entries)],
    }
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = OUT / f"{variant}.json.tmp"
    tmp.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
    tmp.replace(OUT / f"{variant}.json")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="+")
    ap.add_argument("--deals", default="1-50", help="deal numbers, e.g. 1-100 or 1-20,40-60")
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    deals = parse_range(args.deals)
    for variant in args.variants:
        entries = load(variant)
        for d, moves in entries.items():
            if not verify(variant, d, moves):
                print(f"{variant} deal {d}: stored solution does not replay", file=sys.stderr)
                return 1
        todo = [(variant, d, args.time_limit) for d in deals if d not in entries]
        t0 = time.time()
        counts: dict[str, int] = {}
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            for v, d, status, moves, secs in pool.imap_unordered(_work, todo):
                counts[status] = counts.get(status, 0) + 1
                if status == "won":
                    if not verify(v, d, moves):
                        print(f"{v} deal {d}: solver line does not replay", file=sys.stderr)
                        return 1
                    entries[d] = moves
                    save(variant, entries, args.time_limit)
                print(f"{v} deal {d}: {status} ({secs:.1f} s)", flush=True)
        save(variant, entries, args.time_limit)
        print(f"{variant}: {counts} in {time.time() - t0:.0f} s; {len(entries)} deals stored",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
