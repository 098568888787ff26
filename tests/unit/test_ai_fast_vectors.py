"""The fast path's play is pinned: on fixed positions of the Spider-shaped variants, with a node
allowance instead of a clock, the hint (fair and peeking) and the bot's first moves must be
exactly what they were when ``vectors/fast_hints.json`` was recorded (before the AI learnt to
play the wider family). A change of play here is a change of strength: measure it
(benchmarks/bot_bench.py) before recording again.

Record again with ``python tests/unit/test_ai_fast_vectors.py`` (from the repository root).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from spider_tui.ai.bot import Autoplayer
from spider_tui.ai.hint import hints
from spider_tui.engine import Game

VECTORS = Path(__file__).parent / "vectors" / "fast_hints.json"
#: The variants whose tables are Spider-shaped (the AI's fast path), and deals of each.
CASES = [("spider-1suit", 3), ("spider-2suit", 4), ("spider-4suit", 5), ("spiderette", 6),
         ("will-o-the-wisp", 7), ("black-widow", 8), ("tarantula", 9), ("big-spider", 10),
         ("scorpion", 11)]
MAX_NODES = 60
EXACT = dict(budget_ms=600_000, max_nodes=MAX_NODES)
BOT_MOVES = 6


def position(variant: str, deal: int) -> tuple[Game, list[str]]:
    """Deal ``deal``, some random moves in (seeded: the same moves every time)."""
    g = Game.new(variant, deal=deal)
    rng = random.Random(f"{variant}/{deal}")
    for _ in range(rng.randint(8, 20)):
        moves = [m for m in g.legal_moves() if not m.is_deal] or g.legal_moves()
        if not moves or g.status != "playing":
            break
        g.play(rng.choice(moves))
    return g, g.moves_played()


def observe(variant: str, deal: int) -> dict:
    g, line = position(variant, deal)
    out: dict = {"variant": variant, "deal": deal, "moves": line}
    for peek in (False, True):
        out["peek" if peek else "fair"] = [[str(h.move), h.reason]
                                           for h in hints(g, peek=peek, **EXACT)[:4]]
    auto = Autoplayer(peek=False, **EXACT)
    bot = []
    for _ in range(BOT_MOVES):
        m = auto.next_move(g)
        if m is None:
            break
        bot.append(str(g.play(m).move))
    out["bot"] = bot
    return out


def _recorded() -> list[dict]:
    if not VECTORS.exists():  # pragma: no cover - being recorded
        return []
    return json.loads(VECTORS.read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", _recorded(), ids=lambda c: f"{c['variant']}-{c['deal']}")
def test_the_fast_paths_play_is_unchanged(case):
    got = observe(case["variant"], case["deal"])
    assert got["moves"] == case["moves"], "the position is not the one recorded"
    assert got["fair"] == case["fair"]
    assert got["peek"] == case["peek"]
    assert got["bot"] == case["bot"]


if __name__ == "__main__":  # pragma: no cover - records the vectors
    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root))
    import conftest  # noqa: F401  (the Scorpion example plugin, as the tests load it)

    data = [observe(v, d) for v, d in CASES]
    VECTORS.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"recorded {len(data)} positions in {VECTORS}")
