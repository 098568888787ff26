"""Test vectors as data: deal numbers pinned forever (``vectors/deals.toml``) and legal-move
counts of recorded positions, perft style (``vectors/perft.toml``)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from spider_tui.engine import DEAL, Game
from spider_tui.engine.cards import code

VECTORS = Path(__file__).parent / "vectors"
DEALS = tomllib.loads((VECTORS / "deals.toml").read_text(encoding="utf-8"))["deal"]
PERFT = tomllib.loads((VECTORS / "perft.toml").read_text(encoding="utf-8"))["position"]


def column_text(state, i: int) -> str:
    col, d = state.cols[i], state.down[i]
    return " ".join(map(code, col[:d])) + " | " + " ".join(map(code, col[d:]))


@pytest.mark.parametrize("vector", DEALS, ids=lambda v: f"{v['variant']}-{v['deal']}")
def test_deal_layout_is_pinned(vector):
    g = Game.new(vector["variant"], deal=vector["deal"], house_rules=vector.get("house_rules", []))
    st = g.state
    assert [column_text(st, i) for i in range(len(st.cols))] == vector["columns"]
    first = vector["stock_first"].split()
    assert [code(c) for c in st.undealt()[:len(first)]] == first
    assert st.stock_left == vector["stock_size"]


def perft_game(game: Game, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in game.legal_moves():
        game.play(move)
        total += perft_game(game, depth - 1)
        game.undo()
    return total


def perft_state(state, depth: int) -> int:
    if depth == 0:
        return 1
    moves = state.moves()
    if state.deal_refusal() is None:
        moves.append(DEAL)
    total = 0
    for move in moves:
        record = state.apply(move)
        total += perft_state(state, depth - 1)
        state.undo(record)
    return total


def reached(vector) -> Game:
    g = Game.new(vector["variant"], deal=vector["deal"], house_rules=vector["house_rules"])
    for move in vector["moves"]:
        g.play(move)
    return g


@pytest.mark.parametrize("vector", PERFT, ids=lambda v: f"{v['variant']}-{v['deal']}")
def test_perft_counts(vector):
    g = reached(vector)
    before = g.to_position()
    counts = vector["counts"]
    assert len(g.legal_moves()) == counts[0]
    assert [perft_game(g, d) for d in range(1, len(counts) + 1)] == counts
    assert [perft_state(g.state, d) for d in range(1, len(counts) + 1)] == counts
    assert g.to_position() == before
