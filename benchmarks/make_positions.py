"""Record the mid-game four-suit positions that ``engine_bench.py`` measures on.

Run once (``python benchmarks/make_positions.py``) and commit ``benchmarks/positions/*.toml``:
the benchmark must measure the same positions from run to run, so they are data, not made anew.
Each game is played by a fixed-seed player who prefers moves that turn a card over or build in
suit, never takes back its last move, and deals when nothing better is left, until it has made
``ACTIONS`` actions and has dealt at least once.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spider_tui.engine import Game, Move  # noqa: E402
from spider_tui.engine.cards import SUIT  # noqa: E402

OUT = Path(__file__).resolve().parent / "positions"
DEALS = [101, 202, 303, 404, 505, 606, 707, 808]
ACTIONS = 45


def choose(game: Game, rng: random.Random, last) -> object:
    st = game.state
    best, best_score = None, None
    for m in game.legal_moves():
        if m.is_deal:
            score = 0.0
        else:
            if last is not None and not last.is_deal and (m.src, m.dst) == (last.dst, last.src):
                continue
            a, b = st.cols[m.src], st.cols[m.dst]
            head = a[len(a) - m.count]
            score = 1.0
            if len(a) - m.count == st.down[m.src] and st.down[m.src]:
                score += 3  # turns a card over
            if b and SUIT[b[-1]] == SUIT[head]:
                score += 2  # builds in suit
            if not b:
                score -= 1.5
        score += rng.random()
        if best_score is None or score > best_score:
            best, best_score = m, score
    return best


def make(deal: int) -> str:
    rng = random.Random(deal)
    game = Game.new("spider-4suit", deal=deal)
    last = None
    while game.actions < ACTIONS or (game.deals_left == 5 and game.actions < 4 * ACTIONS):
        move = choose(game, rng, last)
        if game.actions >= ACTIONS and game.deal_refusal() is None:
            move = Move.deal()
        if move is None:
            break
        game.play(move)
        last = move
    header = (f"# Mid-game benchmark position: spider-4suit deal {deal} after {game.actions} "
              f"actions\n# (made by benchmarks/make_positions.py; {len(game.legal_moves())} "
              f"legal actions).\n")
    return header + game.to_position()


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for deal in DEALS:
        path = OUT / f"spider-4suit-{deal}.toml"
        path.write_text(make(deal), encoding="utf-8")
        print(path.relative_to(OUT.parent.parent))


if __name__ == "__main__":
    main()
