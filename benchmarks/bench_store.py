"""How long saving the game takes, since the app saves after every action.

Run: python benchmarks/bench_store.py [ACTIONS] [FOLDER]
Prints the median and worst time of a full save (record, JSON, checksum, write, fsync, rename,
fsync of the folder) of a game with ACTIONS actions (default 300), the same without touching
the disk, and a load. FOLDER (default: a temporary folder) picks the disk being measured.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

# The spider_tui beside this script, not an installed one (run as a script, Python puts only
# benchmarks/ on the path).
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from spider_tui.engine import Game  # noqa: E402
from spider_tui.store.files import dump  # noqa: E402
from spider_tui.store.save import KIND, VERSION, SaveMeta, SaveStore  # noqa: E402


def played(actions: int) -> Game:
    rnd = random.Random(1)
    g = Game.new("spider-4suit", deal=7)
    while g.actions < actions:
        moves = g.legal_moves()
        if not moves or (rnd.random() < 0.1 and g.can_undo()):
            g.undo()
        else:
            g.play(rnd.choice(moves))
    return g


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def report(label: str, ms: list[float]) -> None:
    print(f"{label:<44} median {statistics.median(ms):7.3f} ms   worst {max(ms):7.3f} ms")


def main() -> None:
    actions = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    folder = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(tempfile.mkdtemp())
    game = played(actions)
    meta = SaveMeta()
    store = SaveStore(folder / "save.json")
    store.save(game, meta)
    size = store.path.stat().st_size
    print(f"game: {actions} actions, {len(game.history)} moves in its history; "
          f"save file {size} bytes in {folder}")
    report("save (to_record + JSON + write + fsync)", timed(lambda: store.save(game, meta), 200))
    report("  of which in memory (to_record + JSON)",
           timed(lambda: dump(KIND, VERSION, {"meta": meta.to_dict(),
                                              "game": game.to_record()}), 200))
    report("load (parse + replay the history)", timed(store.load, 50))


if __name__ == "__main__":
    main()
