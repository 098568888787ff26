"""One search over two tables (issue 31 item 1): the best-first search
(:func:`spider_tui.ai.search.best_first`, over a :class:`~spider_tui.ai.search.Space`) and the
solver's beam by stages (:class:`spider_tui.ai.solver._Space`) are written once, and the fast
board and the engine's own table are their two implementations. Spider's own tables can be
searched both ways, so the same deals are searched and played both ways here: the general path
must win what the fast one wins, and the one search finds the same lines on both."""

from __future__ import annotations

import math
import random

import pytest
from ai_positions import replays_to_a_win
from plugin_helpers import liar, variant_class

from spider_tui.ai import general
from spider_tui.ai.board import Board
from spider_tui.ai.bot import Autoplayer, play_deal
from spider_tui.ai.search import BoardSpace, best_first, explore, line_of, search_moves
from spider_tui.ai.solver import solve
from spider_tui.engine import Game, RuleSet
from spider_tui.engine.game import WON

#: (variant, deal, node budget): deals the fast board wins within the budget.
#: Four suits, deal 7: the general path lost it at 12,000 positions before it moved several
#: runs as one through an empty column as the fast board does (:func:`general.supermoves`).
BOTH_WAYS = [("spider-1suit", 1, 4000), ("spider-1suit", 2, 4000), ("spider-2suit", 1, 8000),
             ("spider-4suit", 7, 12_000)]


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


# --------------------------------------------------------------------------- one best-first search

#: (variant, deal, nodes): searches from the deal that meet no supermove (a move of several runs
#: through an empty column, which only the fast board makes), so both tables search alike.
ALIKE = [("spider-1suit", d, 300) for d in (1, 2, 3, 4)] + [
    ("scorpion", d, 120) for d in (1, 2, 3, 4)] + [("spider-2suit", 2, 120),
                                                   ("spider-4suit", 4, 120)]


@pytest.mark.parametrize("variant, deal, nodes", ALIKE)
def test_the_one_search_finds_the_same_lines_on_both_tables(variant, deal, nodes):
    """:func:`best_first` is written once: on the fast board and on the engine's own table,
    every card read, it expands as many positions and credits every first move with the same
    best score and the same line (the two tables list the same moves and score alike)."""
    g = Game.new(variant, deal=deal)
    fast = explore(BoardSpace(Board.from_game(g, peek=True), deals=True), deadline=math.inf,
                   max_nodes=nodes)
    slow = explore(general.TableSpace(g.state, general.judge_for(g.rules)), deadline=math.inf,
                   max_nodes=nodes)
    assert fast.nodes == slow.nodes == nodes
    assert fast.root == pytest.approx(slow.root)
    assert fast.best.keys() == slow.best.keys() and len(fast.best) > 2
    for first, (value, line) in fast.best.items():
        assert slow.best[first][1] == line
        assert slow.best[first][0] == pytest.approx(value)


def _random_games(variant: str, deals, moves: int = 60):
    """The game of each deal along ``moves`` random moves (seeded by the deal), at each."""
    for deal in deals:
        g = Game.new(variant, deal=deal)
        rnd = random.Random(deal)
        for _ in range(moves):
            yield g
            options = g.state.moves()
            if not options:
                break
            g.play(g.move_of(rnd.choice(options)))


@pytest.mark.parametrize("variant", ["spider-1suit", "spider-2suit", "spider-4suit", "scorpion",
                                     "spiderette"])
def test_both_tables_search_the_same_moves_but_supermoves(variant):
    """The moves worth searching are one rule (:func:`~spider_tui.ai.board.pointless`): along
    random games, the fast board searches every move the engine's table does and, beyond
    them, only supermoves (more cards than the column's liftable run, moved through empty
    columns)."""
    supermoves = 0
    for g in _random_games(variant, range(1, 6)):
        board = Board.from_game(g, peek=True)
        for splits in (False, True):  # the solver's last try keeps some parts of runs
            fast = set(search_moves(board, splits))
            slow = set(general.search_moves(g.state, deals=False, splits=splits))
            assert slow <= fast
            for s, k, _ in fast - slow:
                col = board.cols[s]
                assert k > len(col) - board.t.info(col)[1]
                supermoves += 1
    # Random play meets a supermove here (the test would not see one wrongly left out).
    assert supermoves or variant not in ("spider-2suit", "spiderette")


@pytest.mark.parametrize("variant", ["spider-2suit", "spider-4suit", "spiderette"])
def test_a_lines_depth_is_the_single_moves_it_takes(variant):
    """The search's depth, on which its cost per move is charged, counts the single moves a
    player plays: a supermove counts as many as it is played out in. Checked on every
    position visited from tables along random games, supermoves included."""
    supermoves = 0
    for g in _random_games(variant, range(1, 4)):
        board = Board.from_game(g, peek=True)
        visits: list[tuple[int, int]] = []
        _, _, trail = best_first(BoardSpace(board), math.inf,
                                 lambda v, val, idx, f, end, depth:
                                 visits.append((idx, depth)) and False,
                                 max_nodes=30)
        for idx, depth in visits:
            line = line_of(trail, idx)
            single = board.expand_line(line)
            assert depth == len(single)
            supermoves += len(single) > len(line)
    assert supermoves  # the test meets supermoves (it would not see them miscounted)


def test_the_bot_wins_on_the_general_path_what_it_wins_on_the_fast_one():
    """A plugin's Spider whose deal method answers as Spider's own is no longer a table the
    fast board serves (:attr:`RuleSet.simple`): its hint and bot take the general path. They
    win the deal the fast path wins, under the same node budget a move."""
    same = liar(variant_class(deal_targets=lambda self, view: RuleSet.deal_targets(self, view)),
                base="spider-1suit")
    assert not same.simple
    fast = play_deal("spider-1suit", 1, node_budget=300)
    assert fast.won
    game = Game.new(same, deal=1)
    auto = Autoplayer(node_budget=300)
    while game.status != WON and len(game.history) < 400:
        move = auto.next_move(game)
        assert move is not None, f"the general path gave up after {len(game.history)} moves"
        game.play(move)
    assert game.status == WON
