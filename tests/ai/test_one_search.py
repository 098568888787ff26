"""One search over two tables (issue 31 item 1): the solver's beam by stages is written once
(:class:`spider_tui.ai.solver._Space`), and the fast board and the engine's own table are its
two implementations. Spider's own tables can be searched both ways, so the same deals are
played both ways here: the general path must win what the fast one wins."""

from __future__ import annotations

import pytest
from ai_positions import replays_to_a_win

from spider_tui.ai.solver import solve
from spider_tui.engine import Game

#: (variant, deal, node budget): deals the fast board wins within the budget.
BOTH_WAYS = [("spider-1suit", 1, 4000), ("spider-1suit", 2, 4000), ("spider-2suit", 1, 8000)]


@pytest.mark.parametrize("variant, deal, budget", BOTH_WAYS)
def test_the_general_path_wins_the_deals_the_fast_board_wins(variant, deal, budget):
    fast = solve(Game.new(variant, deal=deal), node_budget=budget)
    slow = solve(Game.new(variant, deal=deal), node_budget=budget, general_path=True)
    assert fast.status == slow.status == "won", (fast, slow)
    for found in (fast, slow):
        assert found.nodes <= budget
        assert replays_to_a_win(variant, deal, found.moves)


def test_the_general_path_is_reproducible_under_a_node_budget():
    one, two = (solve(Game.new("spider-2suit", deal=3), node_budget=6000, general_path=True)
                for _ in range(2))
    assert (one.status, one.moves, one.nodes) == (two.status, two.moves, two.nodes)
