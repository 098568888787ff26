"""The solver's line stops where the game is won and replays through the engine (issue 23,
item 12): Scorpion with the ``open`` house rule, and Wasp (Scorpion with any card into an empty
column), whose lifts may leave a complete run behind in the column they come from; and a line
that does not replay is never an "internal error"."""

from __future__ import annotations

import dataclasses
import random

import pytest
from spider_tui_scorpion import SCORPION, Scorpion

from spider_tui.ai import solver
from spider_tui.ai.board import HIDDEN, Board
from spider_tui.cli import main
from spider_tui.engine import Catalog, Game, State
from spider_tui.engine.cards import parse_card


class Wasp(Scorpion):
    """Scorpion, but any card (with the cards on it) may fill an empty column."""

    def accepts_in_empty(self, moving: int) -> bool:
        return True


WASP = Wasp(**{**{f.name: getattr(SCORPION, f.name) for f in dataclasses.fields(SCORPION)},
               "id": "wasp", "name": "Wasp", "empty": "any"})


@pytest.fixture(scope="module")
def cat() -> Catalog:
    from spider_tui.plugins.manager import get_manager

    base = get_manager().catalog
    out = Catalog()
    for rules in base.variants.values():
        if rules.id != WASP.id:  # the shipped Wasp is a variant file; this one a plugin class
            out.add_variant(rules, "test")
    out.add_variant(WASP, "test")
    for rule in base.house_rules.values():
        out.add_house_rule(rule, "test")
    for scheme in base.scoring.values():
        out.add_scoring(scheme, "test")
    return out


def test_lifting_cards_off_a_complete_run_removes_it_on_the_ais_board_as_in_the_engine():
    # Column 1 holds K♠ down to A♠ with 5♥ on the Ace (Scorpion lifts any face-up card with
    # everything on it, so such a column can be built); 5♥ goes onto 6♥ and the run leaves.
    spades = [parse_card(r + "S") for r in "KQJT98765432A"]
    rest = [c for c in SCORPION.deck_cards() if c not in spades and c not in
            (parse_card("5H"), parse_card("6H"))]
    cols = [spades + [parse_card("5H")], [parse_card("6H")], rest[:10], rest[10:20],
            rest[20:30], rest[30:], []]
    state = State(SCORPION, cols, [0] * 7, [])
    game = Game(SCORPION, state.copy())
    board = Board.from_state(state, peek=True, style="solve")
    game.play("1>2")
    board.apply((0, 1, 1))
    assert game.runs_removed == board.done == 1
    assert [list(c) for c in board.cols] == game.state.cols


@pytest.mark.parametrize("variant,house_rules", [("scorpion", ["open"]), ("scorpion", []),
                                                 ("wasp", ["open"]), ("wasp", [])])
def test_the_ais_board_plays_every_move_as_the_engine_does(cat, variant, house_rules):
    rng = random.Random(f"{variant}{house_rules}")
    for deal in range(1, 9):
        game = Game.new(variant, deal, house_rules, catalog=cat)
        board = Board.from_state(game.state, peek=True, style="solve")
        for _ in range(150):
            moves = game.legal_moves()
            if not moves or game.status == "won":
                break
            step = game.play(rng.choice(moves))
            board.apply(step.move.pack(game.rules))
            assert board.done == game.runs_removed
            assert board.won() == (game.status == "won")
            assert [[c % HIDDEN for c in col] for col in board.cols] == game.state.cols
            assert board.down == game.state.down


@pytest.mark.parametrize("variant,deal", [("scorpion", 1), ("scorpion", 3), ("scorpion", 7),
                                          ("wasp", 3), ("wasp", 4), ("wasp", 8)])
def test_open_scorpion_and_wasp_lines_end_at_the_win_and_replay(cat, variant, deal):
    game = Game.new(variant, deal, ["open"], catalog=cat)
    # Wasp deal 4 takes about 1.1 s alone (the stage before the one deal has half the time):
    # room for a machine busy with the rest of the suite.
    result = solver.solve(game, time_limit=5)
    assert result.status == "won"
    g = game.copy()
    for i, move in enumerate(result.moves):
        assert g.status != "won", f"the line goes on after the win at move {i + 1}"
        g.play(move)
    assert g.status == "won"


def test_the_beam_search_stops_at_a_deal_that_wins(monkeypatch):
    # Three runs are gone; the hearts wait for their Ace, the one card in the stock: the deal
    # wins, and the search must stop there (not search on from the won table, finding nothing).
    hearts = [parse_card(r + "H") for r in "KQJT98765432"]
    state = State(SCORPION, [hearts, [], [], [], [], [], []], [0] * 7, [parse_card("AH")],
                  done=[0, 2, 3])
    monkeypatch.setattr(solver, "_exhaustive", lambda b, d, n: (solver.UNKNOWN_, None, 0))
    result = solver.solve(Game(SCORPION, state), time_limit=1)
    assert result.status == "won" and result.moves == ["d"]


def test_a_line_that_does_not_replay_is_unknown_with_a_plain_message_not_an_internal_error(
        capsys, monkeypatch):
    real = solver._stage_beam

    def broken(space, root, limit, width, **how):
        _, nodes, hopeless = real(space, root, limit, width, **how)
        return ((0, 1, 0),), nodes, hopeless  # a column onto itself

    monkeypatch.setattr(solver, "_exhaustive", lambda b, d, n: (solver.UNKNOWN_, None, 0))
    monkeypatch.setattr(solver, "_stage_beam", broken)
    result = solver.solve(Game.new("spider-1suit", 1), time_limit=0.3)
    assert result.status == "unknown" and result.moves == []
    assert "does not replay" in result.problem
    code = main(["solve", "--variant", "spider-1suit", "--deal", "1", "--time-limit", "0.3"])
    out, err = capsys.readouterr()
    assert code == 1 and out.strip() == "unknown"
    assert "internal error" not in err and "Traceback" not in err
    assert "does not replay" in err and "bug in the solver" in err
