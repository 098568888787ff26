"""A node budget (issue 31 item 5): with positions searched as the limit and no time limit, the
solver's answer and the bot's play are a function of the position and the budget alone: the
same line and the same count on every run, whatever the clock says."""

from __future__ import annotations

import itertools
import time

import pytest
from ai_positions import replays_to_a_win

from spider_tui.ai import solver
from spider_tui.ai.bot import Autoplayer, GameResult, play_deal, run_games, summary
from spider_tui.ai.hint import plan
from spider_tui.ai.search import NodeBudget
from spider_tui.ai.solver import solve, solve_state
from spider_tui.engine import Game

#: (variant, deal, node budget): the fast board at one and two suits, and the general path
#: (Spidike, Microbe: tables the fast board does not serve), each solved within the budget.
WON_WITHIN = [("spider-1suit", 1, 3000), ("spider-2suit", 2, 5000), ("spidike", 1, 2000),
              ("microbe", 1, 2000)]


def leap_the_clock(monkeypatch) -> None:
    """From now on the clock leaps a day at every reading: anything it decided would change."""
    ticks = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: 86_400.0 * next(ticks))


@pytest.mark.parametrize("variant, deal, budget", WON_WITHIN)
def test_the_same_budget_solves_the_same_way_twice(variant, deal, budget):
    first = solve(Game.new(variant, deal=deal), node_budget=budget)
    again = solve(Game.new(variant, deal=deal), node_budget=budget)
    assert first.status == "won" and replays_to_a_win(variant, deal, first.moves)
    assert (again.status, again.moves, again.nodes) == (first.status, first.moves, first.nodes)
    assert 0 < first.nodes <= budget


@pytest.mark.parametrize("variant, deal, budget", WON_WITHIN)
def test_no_clock_decides_a_solve_with_a_node_budget(variant, deal, budget, monkeypatch):
    calm = solve(Game.new(variant, deal=deal), node_budget=budget)
    leap_the_clock(monkeypatch)
    wild = solve(Game.new(variant, deal=deal), node_budget=budget)
    # The clock is read, and a time limit would have ended at once.
    assert solve(Game.new(variant, deal=deal), 600).status == "unknown"
    assert (wild.status, wild.moves, wild.nodes) == (calm.status, calm.moves, calm.nodes)


@pytest.mark.parametrize("variant, deal", [("spider-1suit", 2), ("spider-2suit", 3),
                                           ("spidike", 3)])
def test_a_smaller_budget_never_reports_a_win_it_cannot_replay(variant, deal):
    wins = 0
    for budget in (1, 10, 60, 250, 1000, 3000):
        result = solve(Game.new(variant, deal=deal), node_budget=budget)
        assert result.status in ("won", "unknown") and not result.problem
        assert result.nodes <= budget
        if result.status == "won":
            assert replays_to_a_win(variant, deal, result.moves), budget
            wins += 1
        else:
            assert result.moves == []
    assert wins  # the largest budget wins: the small ones are not all refusals


def test_a_node_budget_and_a_time_limit_together_stop_at_the_first():
    # A generous budget: the time limit ends it.
    result = solve(Game.new("spider-4suit", deal=1), 0.05, node_budget=10**9)
    assert result.status == "unknown" and result.seconds < 2
    # A generous time limit: the budget ends it, exactly where the budget alone does.
    both = solve(Game.new("spider-4suit", deal=1), 600, node_budget=400)
    alone = solve(Game.new("spider-4suit", deal=1), node_budget=400)
    assert (both.status, both.nodes) == (alone.status, alone.nodes) == ("unknown", alone.nodes)
    assert alone.nodes <= 400


@pytest.mark.parametrize("variant, deal", [("spider-1suit", 3), ("spider-2suit", 4),
                                           ("spider-2suit", 5)])
def test_an_easy_deal_costs_the_first_try_of_the_ladder_alone(variant, deal):
    """One and two suits climb a ladder of tries, the first on 1/32 of the limit (on a
    narrow beam), and the exhaustive search waits until that try has failed: a deal the first
    try wins costs no more than its share, however large the budget."""
    budget = 320_000
    result = solve(Game.new(variant, deal=deal), node_budget=budget)
    assert result.status == "won" and result.nodes <= budget // 32
    assert replays_to_a_win(variant, deal, result.moves)


@pytest.mark.parametrize("deal", [4, 7])
def test_an_easy_four_suit_deal_costs_the_first_try_alone(deal):
    """Four suits try the full width on a fifth of a large limit, then again on the rest: a
    deal the first try wins is answered within that fifth."""
    budget = 200_000
    result = solve(Game.new("spider-4suit", deal=deal), node_budget=budget)
    assert result.status == "won" and result.nodes <= budget // 5
    assert replays_to_a_win("spider-4suit", deal, result.moves)


def _one_try(monkeypatch, width: int) -> None:
    monkeypatch.setitem(solver.TRIES, 4, ((width, 1.0),))


def test_a_middling_four_suit_limit_searches_the_wide_beam_alone(monkeypatch):
    """Above :data:`solver.TRY_MIN` (here, just above) up to five times it the first try is
    skipped (a fifth would be less than that): the search is the one wide beam's, move for
    move."""
    budget = solver.TRY_MIN[4][1] + 1000
    ours = solve(Game.new("spider-4suit", deal=4), node_budget=budget)
    _one_try(monkeypatch, solver.BEAM[4])
    wide = solve(Game.new("spider-4suit", deal=4), node_budget=budget)
    assert (ours.status, ours.moves, ours.nodes) == (wide.status, wide.moves, wide.nodes)


def test_a_small_four_suit_limit_searches_the_narrow_beam_alone(monkeypatch):
    """Below :data:`solver.TRY_MIN` the wide beam is not worth a try: the search is the one
    narrow beam's, move for move, on all of the limit (and not the wide beam's)."""
    budget = 10_000
    ours = solve(Game.new("spider-4suit", deal=4), node_budget=budget)
    _one_try(monkeypatch, solver.NARROW[4])
    narrow = solve(Game.new("spider-4suit", deal=4), node_budget=budget)
    assert (ours.status, ours.moves, ours.nodes) == (narrow.status, narrow.moves, narrow.nodes)
    monkeypatch.setattr(solver, "NARROW", {})
    _one_try(monkeypatch, solver.BEAM[4])
    wide = solve(Game.new("spider-4suit", deal=4), node_budget=budget)
    assert (ours.moves, ours.nodes) != (wide.moves, wide.nodes)


def test_solve_state_takes_a_node_budget():
    g = Game.new("spider-1suit", deal=1)
    a = solve_state(g.state, node_budget=3000)
    b = solve(g, node_budget=3000)
    assert (a.status, a.moves, a.nodes) == (b.status, b.moves, b.nodes)


@pytest.mark.parametrize("budget", [0, -1])
def test_a_budget_of_no_positions_is_refused(budget):
    with pytest.raises(ValueError):
        solve(Game.new("spider-1suit", deal=1), node_budget=budget)


def test_a_solution_knows_its_rate():
    result = solve(Game.new("spider-1suit", deal=1), node_budget=3000)
    assert result.rate == pytest.approx(result.nodes / result.seconds)


# ----------------------------------------------------------------------------- the bot


@pytest.mark.parametrize("variant, deal, budget, moves", [
    ("spider-1suit", 3, 300, 60), ("spider-2suit", 4, 300, 40), ("spidike", 1, 150, 15)])
def test_the_bot_plays_the_same_game_twice_with_a_node_budget(variant, deal, budget, moves):
    first = play_deal(variant, deal, node_budget=budget, max_moves=moves)
    again = play_deal(variant, deal, node_budget=budget, max_moves=moves)
    assert first.moves > 5
    assert (again.line, again.nodes, again.won) == (first.line, first.nodes, first.won)
    assert first.nodes > 0


def test_no_clock_decides_the_bots_play_with_a_node_budget(monkeypatch):
    calm = play_deal("spider-1suit", 3, node_budget=200, max_moves=40)
    leap_the_clock(monkeypatch)
    wild = play_deal("spider-1suit", 3, node_budget=200, max_moves=40)
    assert (wild.line, wild.nodes) == (calm.line, calm.nodes)


def test_a_moves_searches_share_the_budget():
    g = Game.new("spider-2suit", deal=4)
    for variant_game in (g, Game.new("spidike", deal=1)):
        spent = NodeBudget(500)
        assert plan(variant_game, budget_ms=None, peek=False, nodes=spent)
        assert 0 < spent.spent <= 500
        # The same again, to the position.
        again = NodeBudget(500)
        first = [h.move for h in plan(variant_game, budget_ms=None, peek=False, nodes=again)]
        assert again.spent == spent.spent
        assert first == [h.move for h in plan(variant_game, budget_ms=None, peek=False,
                                                nodes=NodeBudget(500))]


def test_a_hint_needs_some_budget():
    with pytest.raises(ValueError):
        plan(Game.new("spider-1suit", deal=1), budget_ms=None, peek=False)


def test_the_autoplayer_counts_positions_and_keeps_the_time_budget_by_default():
    auto = Autoplayer()
    assert auto.budget_ms == 120 and auto.node_budget is None
    assert Autoplayer(node_budget=100).budget_ms is None  # no clock
    assert Autoplayer(node_budget=100, budget_ms=50).budget_ms == 50
    g = Game.new("spider-1suit", deal=3)
    auto = Autoplayer(node_budget=100)
    g.play(auto.next_move(g))
    assert 0 < auto.nodes <= 100


def test_run_games_passes_the_budget_on_and_the_summary_gives_positions_per_second():
    results = list(run_games("spider-1suit", [3, 4], node_budget=80))
    alone = [play_deal("spider-1suit", d, node_budget=80) for d in (3, 4)]
    assert [(r.line, r.nodes) for r in results] == [(r.line, r.nodes) for r in alone]
    text = summary(results)
    per_game = sum(r.nodes for r in results) / 2
    assert f"positions searched: {per_game:.0f} per game, " in text
    assert text.splitlines()[-1].endswith(" per second")


def test_the_summary_names_the_games_lost_with_cards_still_in_the_stock():
    """A game the bot gives up with a row to come is named: the hint should have dealt it, or
    filled the empty columns for it (how the one-suit losses to a silent hint were found)."""
    cut = play_deal("spider-1suit", 3, node_budget=50, max_moves=4)  # stopped before a row
    assert not cut.won and cut.stock_left == Game.new("spider-1suit", deal=3).state.stock_left
    done = GameResult(4, True, 120, 1.0, 8, nodes=10)
    text = summary([cut, done])
    assert "lost with cards still in the stock: 1 (deal 3)" in text.splitlines()
    assert "cards still in the stock" not in summary([done])
