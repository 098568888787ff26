"""How long the largest valid saved game and statistics file take to read (issue 29, item 11).

Run: python benchmarks/store_limits_bench.py [--moves N] [--variants ID ...] [--stats-mb M]

For each variant it plays a game of N legal moves (a random walk from deal 1, never dealing
while another move exists) and measures, each in a fresh process, the time of the step and the
process's peak memory:

* ``save written``: the app saves that game (``SaveStore.save``) and starts from the file
  (``SaveStore.load``): what start-up costs after the longest game a player can play;
* ``old save``: the same game written as spider-save/1 with its whole history (what releases
  before the bound wrote; the issue's "valid 10 MB save.json"), read by ``SaveStore.load``;
* ``longest old save replayed``: one with as many moves as this release replays to resume.

Then a valid statistics file of M MB (one record per made-up variant) is read as ``spider-tui
stats`` reads it (``StatsStore.load``) and a win is recorded into it (``record_win``, what the app
does at a win); and the same for the largest statistics file this release writes and reads.

It measures the code beside it (``spider_tui`` of this checkout, not an installed one), so the
same script run in an older checkout gives the figures from before.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def walk(variant: str, n: int):
    """A game of ``variant`` whose history holds ``n`` legal moves."""
    from spider_tui.engine import Game

    rnd = random.Random(1)
    g = Game.new(variant, deal=1)
    while len(g.history) < n:
        moves = g.legal_moves()
        pick = [m for m in moves if str(m) != "d"] or moves
        if not pick:  # stuck: step back a little and try another line
            for _ in range(min(5, len(g.history))):
                g.undo()
            g.redo_stack.clear()
            continue
        g.play(rnd.choice(pick))
    return g


def old_save(game, path: Path) -> Path:
    """``game`` saved as spider-save/1 did: the whole history."""
    from spider_tui.store.files import dump
    from spider_tui.store.save import SaveMeta

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(dump("spider-save", 1, {"saved_at": "2026-01-01T00:00:00Z",
                                             "app": "spider-tui 0.1.0",
                                             "meta": SaveMeta().to_dict(),
                                             "game": game.to_record()}))
    return path


def write_saves(variant: str, n: int, folder: Path) -> tuple[Path, Path]:
    from spider_tui.store.save import SaveMeta, SaveStore

    game = walk(variant, n)
    written = folder / f"{variant}-written" / "save.json"
    notices = SaveStore(written).save(game, SaveMeta())
    if notices:
        print(f"  ({variant}: the save said: {notices[0][:100]})")
    return written, old_save(game, folder / f"{variant}-old" / "save.json")


def longest_old_save(variant: str, folder: Path) -> Path | None:
    """An old save with as many moves as this release replays (``None`` when it has no
    bound)."""
    from spider_tui.store import save

    limit = getattr(save, "MAX_REPLAYED", None)
    if limit is None:
        return None
    return old_save(walk(variant, limit), folder / f"{variant}-longest" / "save.json")


def write_stats(path: Path, size: int) -> None:
    """A valid statistics file of about ``size`` bytes."""
    from spider_tui.store.files import dump

    one = {"house_rules": [], "played": 7, "won": 3, "best_time": 312.5,
           "best_score": {"classic": 700}, "fewest_moves": 190, "streak": 1,
           "best_streak": 2, "clean_wins": 1}
    sample = [{"variant": f"v{i:07d}", **one} for i in range(1000)]
    per = len(dump("spider-stats", 1, {"records": sample, "recorded": []})) / 1000
    records = [{"variant": f"v{i:07d}", **one} for i in range(max(1, int(size / per)))]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(dump("spider-stats", 1, {"records": records, "recorded": []}))


def largest_stats(folder: Path) -> Path | None:
    """The largest statistics file this release reads (``None`` when it has no bound)."""
    from spider_tui.store import stats

    limit = getattr(stats, "MAX_BYTES", None)
    if limit is None:
        return None
    path = folder / "largest" / "stats.json"
    write_stats(path, int(limit * 0.98))
    return path


# ---------------------------------------------------------------------- measured in a child


def peak_kib() -> int:
    """This process's peak resident memory. Linux's ``VmHWM``, not ``ru_maxrss``: that one
    carries over the parent's peak through fork and exec, and the parent held the long game."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def child(what: str, path: str) -> None:
    from spider_tui.engine import Game
    from spider_tui.store import SaveMeta, SaveStore, StatsStore

    win = None
    if what == "win":
        import tomli_w

        columns = [{"up": [r + "S" for r in "KQJT98765432"]}, {"up": ["AS"]}] + [{"up": []}] * 8
        win = Game.from_position(tomli_w.dumps({
            "format": "spider-position/1", "variant": "spider-1suit",
            "completed": ["S"] * 7, "stock": [], "columns": columns}))
        win.play("2>1")
    t = time.perf_counter()
    if what == "save":
        r = SaveStore(Path(path)).load()
        outcome = (f"resumed, {len(r.game.history)} moves to undo" if r.game is not None
                   else "refused")
        notices = r.notices
    elif what == "stats":
        table = StatsStore(Path(path)).load()
        outcome, notices = f"{len(table.records)} records", table.notices
    else:
        notices = StatsStore(Path(path)).record_win(win, SaveMeta())
        outcome = "recorded" if not notices else "not recorded"
    seconds = time.perf_counter() - t
    print(json.dumps({"seconds": seconds, "mb": peak_kib() / 1024, "outcome": outcome,
                      "notice": notices[0] if notices else ""}))


def measure(what: str, path: Path) -> dict:
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", what, str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    if out.returncode != 0:
        return {"seconds": float("nan"), "mb": float("nan"), "outcome": "crashed",
                "notice": (out.stderr.strip().splitlines() or ["?"])[-1]}
    return json.loads(out.stdout.strip().splitlines()[-1])


def show(label: str, what: str, path: Path) -> None:
    size = path.stat().st_size / 1e6  # first: a save not resumed is moved aside
    m = measure(what, path)
    print(f"{label:<44} {size:8.2f} MB  {m['seconds']:7.3f} s  {m['mb']:7.0f} MB peak  "
          f"{m['outcome']}")
    if m["notice"]:
        print(f"{'':<46}notice: {m['notice'][:150]}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=200_000)
    ap.add_argument("--variants", nargs="+",
                    default=["spider-4suit", "freds-spider", "spidercells"])
    ap.add_argument("--stats-mb", type=float, default=50.0)
    ap.add_argument("--child", nargs=2, metavar=("WHAT", "PATH"))
    args = ap.parse_args()
    if args.child:
        child(*args.child)
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for variant in args.variants:
            t = time.perf_counter()
            written, old = write_saves(variant, args.moves, folder)
            print(f"{variant}: a game of {args.moves} moves (made in "
                  f"{time.perf_counter() - t:.1f} s)")
            show("  start from the save written", "save", written)
            show("  start from an old save (whole history)", "save", old)
            longest = longest_old_save(variant, folder)
            if longest is not None:
                show("  start from the longest old save replayed", "save", longest)
        stats = folder / "big" / "stats.json"
        write_stats(stats, int(args.stats_mb * 1e6))
        print("statistics:")
        show("  spider-tui stats, a large file", "stats", stats)
        show("  a win recorded into it", "win", stats)
        largest = largest_stats(folder)
        if largest is not None:
            show("  spider-tui stats, the largest file read", "stats", largest)
            show("  a win recorded into it", "win", largest)


if __name__ == "__main__":
    main()
