"""Where nothing is hidden, the bot and the hint play the solver's line (issue 31 item 6): a
winning line is followed to the win with no new search, its hint says how far the win is, the
positions searched keep to the documented bound, and a node budget decides everything."""

from __future__ import annotations

import itertools
import re
import time

import pytest
from ai_positions import play_within_the_advance

from spider_tui.ai.bot import Autoplayer, play_deal
from spider_tui.ai.perfect import SOLVE_CREDIT, nothing_hidden
from spider_tui.ai.rating import BOT_MAX_IDLE
from spider_tui.engine import DEAL_MOVE, Game
from spider_tui.engine.catalog import default_catalog
from spider_tui.engine.rules import RuleSet

#: Simple Simon (every card face up, no stock): deals the solver wins within 50 x 20
#: positions, and one it does not.
WON = (20001, 20002, 20006)
NOT_WON = 20003
BUDGET = 20


def test_nothing_is_hidden_on_an_open_table_only():
    assert nothing_hidden(Game.new("simple-simon", deal=1))
    assert nothing_hidden(Game.new("spidercells", deal=1))
    assert not nothing_hidden(Game.new("spider-1suit", deal=1))  # face-down cards
    assert nothing_hidden(Game.new("spider-1suit", deal=1), peek=True)
    # Dealt face up, but the stock is face down: hidden until it is dealt out.
    g = Game.new("grandmothers-game", deal=1)
    assert not nothing_hidden(g)
    while g.state.stock_left:
        g.play(DEAL_MOVE)
    assert not any(g.state.down) and nothing_hidden(g)


@pytest.mark.parametrize("deal", WON)
def test_the_bot_plays_the_solvers_line_to_the_win(deal):
    r = play_deal("simple-simon", deal, node_budget=BUDGET, max_idle=BOT_MAX_IDLE)
    assert r.won
    # One search, the first move's: the line is followed with no other.
    assert 0 < r.nodes <= SOLVE_CREDIT * BUDGET


def test_every_move_of_the_line_is_the_winning_lines_and_never_idle():
    g = Game.new("simple-simon", deal=WON[0])
    auto = Autoplayer(node_budget=BUDGET)
    first = auto.next_move(g)
    assert first is not None and auto.winning
    searched = auto.nodes
    g.play(first)
    while g.status == "playing":
        move = auto.next_move(g)
        assert move is not None and auto.winning
        g.play(move)
    assert g.status == "won" and auto.nodes == searched
    # Simple Simon's runs all come off at the end: without the winning line's exemption the
    # give-up rule would have ended the game long before.
    assert len(g.history) > BOT_MAX_IDLE


def test_the_hint_says_how_far_the_win_is_and_stays_true():
    g = Game.new("simple-simon", deal=WON[1])
    adviser = Autoplayer(node_budget=BUDGET)
    left = None
    while g.status == "playing":
        h = adviser.hints(g)[0]
        n = int(re.match(r"(\d+) moves? to the win: ", h.reason).group(1))
        assert h.wins and n == len(h.line)
        assert left is None or n == left - 1
        left = n
        g.play(h.move)
    assert g.status == "won" and left == 1


def test_the_positions_keep_to_the_advance_when_no_line_is_found():
    g = Game.new("simple-simon", deal=NOT_WON)
    auto = Autoplayer(node_budget=BUDGET)

    def never_winning() -> None:
        assert not auto.winning

    play_within_the_advance(g, auto, BUDGET, 40, never_winning)
    assert auto.nodes > SOLVE_CREDIT * BUDGET // 2  # the solver did search


def test_the_same_budget_plays_the_same_way_whatever_the_clock(monkeypatch):
    calm = play_deal("simple-simon", WON[0], node_budget=BUDGET)
    again = play_deal("simple-simon", WON[0], node_budget=BUDGET)
    ticks = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: 86_400.0 * next(ticks))
    wild = play_deal("simple-simon", WON[0], node_budget=BUDGET)
    assert (again.line, again.nodes) == (wild.line, wild.nodes) == (calm.line, calm.nodes)


def test_a_line_left_is_not_followed_and_one_come_back_to_is():
    g = Game.new("simple-simon", deal=WON[0])
    auto = Autoplayer(node_budget=BUDGET)
    g.play(auto.next_move(g))
    line_move = auto.next_move(g)
    other = next(m for m in g.legal_moves() if m != line_move and not m.is_deal)
    g.play(other)
    assert auto.next_move(g) is not None and not auto.winning  # off the line
    g.undo()
    assert auto.next_move(g) == line_move and auto.winning  # back on it: no search needed


# ------------------------------------------------------------------ a free cell added

def _with_a_cell() -> RuleSet:
    return default_catalog().variant("spider-2suit").with_changes(id="spider-2suit-cell",
                                                                  cells=1)


@pytest.mark.parametrize("deal", [4, 7])
def test_a_free_cell_never_changes_the_play_while_it_is_empty(deal):
    # Spider with a free cell is planned on the fast path as Spider (the cell empty), with the
    # positions and the floor of the game's own line of play: the bot plays the very moves it
    # plays without the cell, through every deal to the last hidden card (where the solver's
    # line takes over, and the cell may serve it), so the cell cannot lower its rate.
    plain, cell = Game.new("spider-2suit", deal=deal), Game.new(_with_a_cell(), deal=deal)
    assert not cell.rules.simple
    a, b = Autoplayer(node_budget=150), Autoplayer(node_budget=150)
    while not nothing_hidden(plain):
        m, n = a.next_move(plain), b.next_move(cell)
        assert m is not None and n is not None
        plain.play(m)
        cell.play(n)
        assert cell.state.cols[:10] == plain.state.cols and not cell.state.piles[10]
    assert b.nodes == a.nodes
    assert plain.state.stock_left == 0 and len(plain.history) > 150

