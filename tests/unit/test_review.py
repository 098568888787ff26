"""The point of no return (spider_tui.ai.review) and the meter's estimate and the peek
(spider_tui.ai.odds): on a constructed game whose answer is known, and with a scripted solver
that says which positions the search asks and in what order."""

from __future__ import annotations

from ai_positions import FINISH_MOVES, LOST_AT, LOST_DEAL, LOST_MOVES

from spider_tui.ai import odds
from spider_tui.ai.review import (
    UNKNOWN,
    UNWINNABLE,
    WON,
    lost_since,
    point_of_no_return,
    positions,
)
from spider_tui.ai.solver import Solution
from spider_tui.engine import STUCK, Game
from spider_tui.engine import WON as GAME_WON


def lost_game() -> Game:
    g = Game.new("spider-1suit", LOST_DEAL)
    for m in LOST_MOVES.split():
        g.play(m)
    return g


def scripted(truth: list[str], asked: list[int]):
    """A solver that answers position ``k`` with ``truth[k]`` and notes what it was asked."""
    tables: list = list(range(len(truth)))

    def solve(table, nodes):
        asked.append(table)
        status = truth[table]
        return Solution(status, ["1>2"] if status == WON else [], nodes)

    return tables, solve


def test_the_point_of_no_return_of_a_lost_game_is_found_exactly():
    g = lost_game()
    assert g.status == STUCK
    moves = g.moves_played()
    review = point_of_no_return(positions(g), moves, nodes=2000)
    assert review.last_won == LOST_AT and review.first_lost == LOST_AT + 1 and review.exact
    assert review.summary() == (f"A win still existed after move {LOST_AT}; move "
                                f"{LOST_AT + 1} ({moves[LOST_AT]}) lost it")
    # The latest positions were asked first, and few of them.
    assert max(review.answers) == len(moves) and len(review.answers) <= 6
    # The line found wins from that position, played on the real game's table.
    back = Game.new("spider-1suit", LOST_DEAL)
    for m in moves[:LOST_AT]:
        back.play(m)
    for m in review.line:
        back.play(m)
    assert back.status == GAME_WON
    assert lost_since(positions(g), moves, nodes=2000) == (LOST_AT + 1, True)


def test_when_the_budget_runs_out_everywhere_it_says_not_found():
    g = lost_game()
    review = point_of_no_return(positions(g), g.moves_played(), nodes=100)
    assert review.last_won is None and not review.exact and review.line == ()
    assert review.summary().startswith("Not found: no position of the game was proved "
                                       "winnable within 100 positions searched each")
    kinds = {a.status for a in review.answers.values()}
    assert UNKNOWN in kinds
    proofs = review.proofs()
    assert any("not known (the budget ran out)" in p for p in proofs)
    assert any("lost (proved" in p for p in proofs)


def test_the_search_bisects_between_proofs():
    truth = [WON] * 61 + [UNWINNABLE] * 40  # positions 0..100, the last won is 60
    asked: list[int] = []
    tables, solve = scripted(truth, asked)
    review = point_of_no_return(tables, ["1>2"] * 100, solve=solve)
    assert review.last_won == 60 and review.first_lost == 61 and review.exact
    assert asked[:3] == [100, 99, 97]  # the latest first, further back each time
    assert len(asked) <= 16 and len(set(asked)) == len(asked)


def test_budget_outs_are_not_taken_for_proofs():
    # Won to 30, then positions the solver cannot decide, then proved lost from 40.
    truth = [WON] * 31 + [UNKNOWN] * 9 + [UNWINNABLE] * 11
    asked: list[int] = []
    tables, solve = scripted(truth, asked)
    review = point_of_no_return(tables, ["1>2"] * 50, solve=solve)
    assert review.last_won == 30 and not review.exact
    assert review.first_lost is not None and review.first_lost >= 40
    assert "could not tell" in review.summary()
    assert all(k in review.undecided() for k in range(31, 40))


def test_a_deal_never_winnable_and_a_game_still_winnable():
    asked: list[int] = []
    tables, solve = scripted([UNWINNABLE] * 5, asked)
    review = point_of_no_return(tables, ["1>2"] * 4, solve=solve)
    assert review.exact and review.summary().startswith("This deal could never be won")
    tables, solve = scripted([WON] * 5, asked)
    review = point_of_no_return(tables, ["1>2"] * 4, solve=solve)
    assert review.last_won == 4 and review.summary() == "The game can still be won from here"


def test_the_search_stops_when_asked():
    asked: list[int] = []
    tables, solve = scripted([UNKNOWN] * 50, asked)
    review = point_of_no_return(tables, ["1>2"] * 49, solve=solve,
                                cancelled=lambda: len(asked) >= 2)
    assert review.cut_short and len(asked) == 2


def test_the_meter_is_exact_where_nothing_is_hidden_and_the_same_for_the_same_table():
    g = Game.new("spider-1suit", 5)
    for m in FINISH_MOVES.split():
        g.play(m)
    found = odds.chances(g, nodes=2000)
    assert found is not None and found.exact and found.worlds == 1
    assert found.words() == "win yes (exact)"
    fresh = Game.new("spider-1suit", 5)
    one = odds.chances(fresh, worlds=3, nodes=300)
    assert one == odds.chances(fresh, worlds=3, nodes=300)
    assert one is not None and one.worlds == 3 and not one.exact
    assert odds.chances(lost_game()) is None  # the game is over


def test_the_meters_words():
    assert odds.Chances(8, 5, 0).words() == "win ~62% (8)"
    assert odds.Chances(8, 2, 3).words() == "win ≥25% (8)"
    assert odds.Chances(8, 0, 8).words() == "win ? (8)"
    assert odds.Chances(1, 0, 0, exact=True).words() == "win no (exact)"


def test_the_peek_says_since_which_move_the_game_is_lost():
    g = lost_game()
    g.undo()  # after move 46: not stuck, but lost since move 46
    found = odds.peek(positions(g), g.moves_played(), nodes=2000)
    assert found == odds.Peek(UNWINNABLE, LOST_AT + 1, True)
    assert found.words() == f"Peek: no longer winnable (since move {LOST_AT + 1})"
    g.undo()
    assert odds.peek(positions(g), g.moves_played(), nodes=2000).status == WON
    assert odds.Peek(UNKNOWN).words().startswith("Peek: not known yet")


def test_the_meter_searches_the_undecided_worlds_again_with_larger_budgets():
    asked: list[tuple[int, int]] = []
    # World i is decided once its budget reaches its own need (None: never).
    need = [100, 400, None, 100, 1600, 400, None, 100]

    order: dict[int, int] = {}  # each world by the order it was first asked in

    def solve(table, nodes):
        i = order.setdefault(id(table), len(order))
        asked.append((i, nodes))
        ok = need[i] is not None and nodes >= need[i]
        return Solution(WON if ok else UNKNOWN, [], nodes)

    g = Game.new("spider-2suit", 7)
    shown: list[odds.Chances] = []
    found = odds.chances(g, nodes=(100, 400, 1600), solve=solve, report=shown.append)
    # Each round asks only the worlds still undecided, with its own budget.
    assert [n for _, n in asked] == [100] * 8 + [400] * 5 + [1600] * 3
    assert [(c.won, c.unknown) for c in shown] == [(3, 5), (5, 3)]
    assert found == odds.Chances(8, 6, 2)
    assert found.words() == "win ≥75% (8)"
    asked.clear()
    order.clear()
    need[:] = [100] * 8  # all decided in the first round: no second one
    assert odds.chances(g, nodes=(100, 400), solve=solve) == odds.Chances(8, 8, 0)
    assert len(asked) == 8
