"""The AI's general path (issue 25): the hint, the bot and the solver on tables the fast board
does not serve (free cells, reserves, foundations built card by card, a waste, other win rules,
a plugin's own table and deal methods), played through the engine's own rules.

The variants are small hand-made ones (RuleSet.from_dict), each showing one kind of pile or rule;
positions are built card by card, every card of the deck the test leaves out lying face down
under one column.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter

import pytest

from spider_tui.ai import general
from spider_tui.ai.board import W_BREAK, W_LINK, W_RANK, W_SUIT, Board, pair_scores, tables_for
from spider_tui.ai.bot import Autoplayer, play
from spider_tui.ai.hint import describe, hints, plan
from spider_tui.ai.search import line_of, search_moves
from spider_tui.ai.solver import solve
from spider_tui.engine import Game, RuleSet, State, default_catalog
from spider_tui.engine.cards import parse_card
from spider_tui.engine.piles import (
    CELL_KIND,
    COLUMN,
    FOUND,
    FOUNDATION_KIND,
    RESERVE_KIND,
    WASTE,
    WASTE_KIND,
    kinds_and_codes,
)
from spider_tui.engine.state import DEAL

#: A large time budget and a small node allowance: the answer depends on the position alone.
EXACT = dict(budget_ms=60_000, max_nodes=40)

ONE_DECK = {"sets": 4}
CELLS = RuleSet.from_dict({
    "id": "t-cells", "name": "Cells", "deck": ONE_DECK,
    "layout": {"columns": 6, "down": 2, "up": 1}, "cells": {"count": 2},
    "stock": {"deal": 6}})
FOUNDATIONS = RuleSet.from_dict({
    "id": "t-found", "name": "Foundations", "deck": ONE_DECK,
    "layout": {"columns": 7, "down": 2, "up": 1}, "foundations": {"count": 4},
    "runs": {"leave": False}, "win": "foundations", "stock": {"deal": 7}})
WASTE_GAME = RuleSet.from_dict({
    "id": "t-waste", "name": "Waste", "deck": ONE_DECK,
    "layout": {"columns": 6, "down": 1, "up": 2}, "waste": {"turn": 1, "redeals": 1}})
RESERVES = RuleSet.from_dict({
    "id": "t-reserve", "name": "Reserves", "deck": ONE_DECK,
    "layout": {"columns": 6, "down": 2, "up": 2}, "reserves": {"count": 2, "dealt": 3}})
COLUMNS_WIN = RuleSet.from_dict({
    "id": "t-columns", "name": "Columns", "deck": ONE_DECK, "win": "columns",
    "layout": {"columns": 6, "down": 0, "up": 4}, "moves": {"place": "down other-colour",
                                                          "lift": "down other-colour"},
    "runs": {"complete": "other-colour"}})
GENERAL = [CELLS, FOUNDATIONS, WASTE_GAME, RESERVES, COLUMNS_WIN]
#: Columns none of whose last cards goes onto another's (no two ranks in a row among them).
QUIET = ["QH 2D", "10C 5C", "4D JC", "AS KC", "6S 5S"]


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def table(rules: RuleSet, columns: list[str], *, cells: list[str] = (),
          reserves: list[str] = (), foundations: list[str] = (), waste: str = "",
          stock: str = "", filler: int = 0, done: tuple[int, ...] = ()) -> Game:
    """A game of ``rules`` whose columns end with the face-up cards given; every card of the
    deck not named lies face down under column ``filler`` (0-based), or in the stock when
    ``filler`` is None."""
    cols = [cards(c) for c in columns]
    kinds, _ = kinds_and_codes(rules.columns, rules.cells, rules.reserves, rules.foundations,
                               rules.deal_to == "waste")
    extra: list[list[int]] = []
    given = {CELL_KIND: list(cells), RESERVE_KIND: list(reserves),
             FOUNDATION_KIND: list(foundations)}
    for k in kinds[rules.columns:]:
        if k == WASTE_KIND:
            extra.append(cards(waste))
        else:
            texts = given[k]
            extra.append(cards(texts.pop(0)) if texts else [])
    named = Counter(c for pile in cols + extra for c in pile)
    named.update(cards(stock))
    for s in done:
        named.update(s * 13 + r for r in range(13))
    rest = sorted((Counter(rules.deck_cards()) - named).elements())
    down = [0] * len(cols)
    stock_cards = cards(stock)
    if filler is None:
        stock_cards += rest
    else:
        cols[filler] = rest + cols[filler]
        down[filler] = len(rest)
    return Game(rules, State(rules, cols, down, stock_cards, list(done), extra=extra))


def shuffled_hidden(game: Game, seed: int) -> Game:
    """The same table with its face-down and stock cards shuffled among themselves."""
    st = game.state
    places, stock_hidden = general.hidden_places(st)
    new = st.copy()
    pool = [st.piles[i][j] for i, j in places]
    if stock_hidden:
        pool += st.undealt()
    random.Random(seed).shuffle(pool)
    for n, (i, j) in enumerate(places):
        new.piles[i][j] = pool[n]
    if stock_hidden:
        new.stock = new.stock[:new.sp] + pool[len(places):]
    return Game(st.rules, new)


def hint_texts(game: Game, **kw) -> list[tuple[str, str]]:
    return [(str(h.move), h.reason) for h in hints(game, **{**EXACT, **kw})]


# ----------------------------------------------------------------- which path


def test_the_fast_path_serves_only_spider_shaped_tables_with_their_own_deals(catalog):
    for vid in ("spider-1suit", "spider-2suit", "spider-4suit", "spiderette", "black-widow",
                "will-o-the-wisp", "tarantula", "big-spider", "scorpion"):
        assert catalog.rules(vid).simple, vid
    for rules in GENERAL:
        assert not rules.simple, rules.id
    base = catalog.rules("spiderette")
    assert not _subclass(base, deal_targets=lambda self, table: [0]).simple
    assert not _subclass(base, deal_refusal=lambda self, table: None).simple


def _subclass(base: RuleSet, **methods) -> RuleSet:
    cls = type("Plugin", (type(base),), methods)
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}
    return cls(**{**fields, "id": "t-plugin"})


# ----------------------------------------------------------------- the obvious move


def test_the_hint_puts_an_ace_on_a_foundation():
    g = table(FOUNDATIONS, ["9H", "QD", "AS", "5C", "8D", "JC", "3H"], filler=0)
    top = hints(g, **EXACT)[0]
    assert str(top.move) == "3>f1"
    assert top.reason.startswith("put A♠ on foundation 1")


def test_the_hint_takes_a_card_out_of_a_free_cell_onto_a_column():
    g = table(CELLS, ["8H"] + QUIET, cells=["7S", ""], filler=None)
    top = hints(g, **EXACT)[0]
    assert str(top.move) == "c1>1"
    assert top.reason.startswith("move 7♠ from free cell 1 onto 8♥ in column 1")


def test_the_hint_moves_a_card_to_the_free_cell_that_is_free_to_turn_one_over():
    g = table(CELLS, QUIET[:2] + ["9S"] + QUIET[2:], cells=["7S", ""], filler=2)
    top = hints(g, **EXACT)[0]
    assert str(top.move) == "3>c2"
    assert top.reason == "move 9♠ to free cell 2: it turns over a card in column 3"


def test_the_hint_plays_the_waste_card():
    g = table(WASTE_GAME, ["8H"] + QUIET, waste="3H 7C", filler=None)
    top = hints(g, **EXACT)[0]
    assert str(top.move) == "w>1"
    assert top.reason.startswith("play 7♣ from the waste onto 8♥ in column 1")


def test_the_hint_turns_the_stock_when_nothing_else_helps():
    g = table(WASTE_GAME, ["KH", "KD", "KS", "KC", "2H 9D", "3C 6S"], stock="AS 2S 3S",
              filler=None)
    hs = hints(g, **EXACT)
    assert hs and str(hs[0].move) == "d"
    assert hs[0].reason.startswith("turn the stock onto the waste")


def test_the_hint_plays_a_reserve_card():
    g = table(RESERVES, ["8H"] + QUIET, reserves=["AH 2H 7C", "3S"], filler=0)
    top = hints(g, **EXACT)[0]
    assert str(top.move) == "r1>1"
    assert top.reason.startswith("play 7♣ from reserve 1 onto 8♥ in column 1")


def alternating(first: str, second: str) -> str:
    """King to Ace of alternate colours, the King of suit ``first``."""
    return " ".join(r + (first if i % 2 == 0 else second)
                    for i, r in enumerate("K Q J 10 9 8 7 6 5 4 3 2 A".split()))


#: A table of COLUMNS_WIN one move from the win: column 2's Ace completes column 1.
COLUMNS_NEARLY = [alternating("S", "H")[:-3], "AS", alternating("H", "S"),
                  alternating("C", "D"), alternating("D", "C"), ""]


def test_the_hint_makes_a_column_one_complete_run_where_that_wins():
    g = table(COLUMNS_WIN, COLUMNS_NEARLY, filler=None)
    top = hints(g, **EXACT)[0]
    assert str(top.move) == "2>1"
    assert top.reason == "move A♠ onto 2♥ in column 1: it wins the game"


# ----------------------------------------------------------------- fairness and manners


@pytest.mark.parametrize("rules", [CELLS, FOUNDATIONS, WASTE_GAME, RESERVES],
                         ids=lambda r: r.id)
@pytest.mark.parametrize("deal", [1, 2])
def test_the_fair_hint_ignores_the_hidden_cards(rules, deal):
    g = Game.new(rules, deal=deal)
    want = hint_texts(g)
    for seed in (1, 2):
        assert hint_texts(shuffled_hidden(g, seed)) == want


@pytest.mark.parametrize("rules,deal", [(RESERVES, 1), (COLUMNS_WIN, 2)],
                         ids=["reserves", "columns"])
def test_the_peeking_hint_reads_the_hidden_cards(rules, deal):
    g = Game.new(rules, deal=deal)
    tables = [shuffled_hidden(g, s) for s in range(4)]
    assert len({tuple(hint_texts(t)) for t in tables}) == 1
    assert len({tuple(hint_texts(t, peek=True)[:1]) for t in tables}) > 1


def test_never_suggests_undoing_the_move_just_made():
    g = table(CELLS, ["KH", "QD", "9S", "5C", "2D", "JC"], cells=["", ""], filler=2)
    g.play("6>c1")
    assert all(str(h.move) != "c1>6" for h in hints(g, **EXACT))


def test_one_move_into_interchangeable_empty_piles_and_none_that_changes_nothing():
    g = table(CELLS, ["KH", "", "", "5C", "2D 9S", "JC"], cells=["7D", ""], filler=0)
    moves = [str(h.move) for h in hints(g, **EXACT)]
    assert not any(m.startswith("c1") and m.endswith(">3") for m in moves)
    assert len([m for m in moves if m.startswith("5:1>")]) <= 1
    # A lone King moved from its column into an empty one changes nothing.
    lone = table(CELLS, ["KH", "", "5C", "QD", "2D", "JC"], filler=3)
    assert all(str(h.move) not in ("1:1>2", "1>2") for h in hints(lone, **EXACT))


def test_part_of_a_stretch_goes_into_an_empty_column_only_where_the_whole_may_not():
    """Into an empty column the searches (the fast board's and the engine's table's, which
    list the same moves) move a stretch of a run whole, never part of it: the card left
    behind could only take a card no better than the one it held. A part that does not lie
    on the card under it as in a run is a stretch of its own."""
    rules = default_catalog().variant("spider-2suit")
    # Column 1: 9♠ 8♠ 7♠ on 10♥ (a stretch of three on a card it does not link with); column
    # 3 is empty; the other cards lie face down under column 2.
    g = table(rules, ["10H 9S 8S 7S", "KH", "", "5H", "QS", "3H", "JH", "2H", "6H", "4H"],
              filler=1)
    into_empty = {(s, k) for s, k, d in general.search_moves(g.state, deals=False) if d == 2}
    fast = {(s, k) for s, k, d in search_moves(Board.from_game(g, peek=True)) if d == 2}
    assert into_empty == fast
    assert (0, 3) in into_empty and (0, 1) not in into_empty and (0, 2) not in into_empty
    # With ``splits`` (the solver's last try) a part goes there too where a copy of its first
    # card or of the card under it lies within reach in another column: 8♠, on 9♥ in column 6.
    twin = table(rules, ["10H 9S 8S 7S", "KH", "", "5H", "QS", "9H 8S", "JH", "2H", "6H", "4H"],
                 filler=1)
    kept = {(s, k) for s, k, d in general.search_moves(twin.state, deals=False, splits=True)
            if d == 2}
    assert kept == {(s, k) for s, k, d in search_moves(Board.from_game(twin, peek=True), True)
                    if d == 2}
    assert {(0, 1), (0, 2), (0, 3)} <= kept
    assert (0, 1) not in {(s, k) for s, k, d in general.search_moves(twin.state, deals=False)
                          if d == 2}
    # Scorpion lifts any face-up cards together, and only a King fills an empty column: of
    # 5♦ K♠ Q♥ (one stretch, which may not go there whole), K♠ Q♥ goes.
    scorpion = default_catalog().variant("scorpion")
    sc = table(scorpion, ["5D KS QH", "", "9C", "8H", "4S", "JD", "7C"], filler=0)
    moves = {(s, k) for s, k, d in general.search_moves(sc.state, deals=False) if d == 1}
    assert moves == {(0, 2)}
    assert moves == {(s, k) for s, k, d in search_moves(Board.from_game(sc, peek=True))
                     if d == 1}


def test_the_engine_table_moves_several_runs_as_one_as_the_fast_board_does():
    """9♠ 8♥ 7♥ (two runs) goes onto 10♠ through the empty column: the engine's table lists
    the fast board's supermove as its single moves, and its search plays them as one child,
    charged three moves, its line given as the three."""
    rules = default_catalog().variant("spider-4suit")
    g = table(rules, ["KD 9S 8H 7H", "10S", "", "5D", "2C", "QS", "3H", "JD", "6C", "4S"],
              filler=3)
    steps = ((0, 2, 2), (0, 1, 1), (2, 2, 1))
    assert general.supermoves(g.state) == [steps]
    board = Board.from_game(g, peek=True)
    assert [tuple(board.expand(m)) for m in board.supermoves()] == [steps]
    space = general.TableSpace(g.state, general.judge_for(rules, "solve"), deals=False)
    node = g.state.copy()
    children = {m: (view.key(), length)
                for m, view, _, _, _, length in space.children(node, space.moves(node), set())}
    after = g.copy()
    for s_, k, d in steps:
        after.play(f"{s_ + 1}:{k}>{d + 1}")
    assert children[steps] == (after.state.key(), 3)
    assert node.key() == g.state.key()  # the search's table is as it was
    assert space.enter((node, steps)).key() == after.state.key()
    assert line_of([(-1, None), (0, (0, 1, 1)), (1, steps)], 2) == ((0, 1, 1),) + steps


def test_a_supermove_step_the_rules_refuse_is_not_played():
    """A plugin's rule refuses every move onto column 1, the empty column the supermove
    would park a run in: the search does not play it (nor the one that ends there)."""
    rules = _plugin(NothingOntoColumnOne, deck=(0, 1, 2, 3), layout=((0, 1),) * 6,
                    place="any-suit")
    g = table(rules, ["", "KD 9S 8H 7H", "10S", "", "5D", "2C"], filler=4)
    listed = general.supermoves(g.state)
    # Each way (a supermove into an empty column has one into each) passes column 1.
    ways = [w for m in listed for w in (m if m[0][0].__class__ is tuple else (m,))]
    assert ways and all(any(d == 0 for _, _, d in w) for w in ways)
    space = general.TableSpace(g.state, general.judge_for(rules, "solve"), deals=False)
    node = g.state.copy()
    played = [m for m, *_ in space.children(node, space.moves(node), set())]
    assert not [m for m in played if m[0].__class__ is tuple]
    assert node.key() == g.state.key()
    # The single moves into an empty column go into the first one the rules allow: 8♥ 7♥
    # into column 4.
    assert (1, 2, 3) in played and not any(d == 0 for _, _, d in played)


def test_a_supermove_into_an_empty_column_goes_into_the_first_the_rules_allow():
    """A plugin's rule lets column 1 take a card only while it is empty: 9♠ 8♥ 7♥ (two runs)
    cannot be built in it, but can in column 4, 8♥ 7♥ waiting in column 1 meanwhile. The
    search plays the supermove into column 4 (it played none before: only into the first
    empty column)."""
    rules = _plugin(OneCardIntoColumnOne, deck=(0, 1, 2, 3), layout=((0, 1),) * 6,
                    place="any-suit")
    g = table(rules, ["", "KD 9S 8H 7H", "5C", "", "5D", "2C"], filler=4)
    space = general.TableSpace(g.state, general.judge_for(rules, "solve"), deals=False)
    node = g.state.copy()
    played = {m: view.key() for m, view, *_ in space.children(node, space.moves(node), set())
              if m[0].__class__ is tuple}
    into_four = ((1, 2, 0), (1, 1, 3), (0, 2, 3))
    assert into_four in played and not any(m[-1][2] == 0 for m in played)
    after = g.copy()
    for s_, k, d in into_four:
        after.play(f"{s_ + 1}:{k}>{d + 1}")
    assert played[into_four] == after.state.key()
    assert node.key() == g.state.key()


def test_describe_names_cells_foundations_and_the_waste():
    g = table(WASTE_GAME, ["8H"] + QUIET, waste="3H 7C", filler=None)
    st = g.state
    w = st.rules.pile_index(WASTE)
    assert describe(st, ((w, 1, 0),)) == "play 7♣ from the waste onto 8♥ in column 1"
    assert describe(st, (DEAL,)) == "turn the stock onto the waste"
    assert describe(st, ((w, 1, 0), DEAL)) == ("play 7♣ from the waste onto 8♥ in column 1; 1 "
                                               "move later the line turns the stock onto the "
                                               "waste")
    f = table(FOUNDATIONS, ["9H", "QD", "AS", "5C", "8D", "JC", "3H"], filler=0)
    fi = f.rules.pile_index(FOUND)
    assert describe(f.state, ((2, 1, fi),)) == "put A♠ on foundation 1: it empties column 3"
    c = table(CELLS, ["KH", "QD", "9S", "5C", "2D", "JC"], cells=["7S", ""], filler=2)
    ci = c.rules.pile_index(1001)
    assert describe(c.state, ((2, 1, ci),)) == ("move 9♠ to free cell 2: it turns over a card "
                                                "in column 3")


def test_describe_names_the_redeal_and_a_run_sent_to_the_foundation():
    g = table(WASTE_GAME, ["KH", "KD", "KS", "KC", "2H 9D", "3C 6S"], waste="AS 2S",
              filler=0)
    assert g.state.stock_left == 0
    assert describe(g.state, (DEAL,)) == "turn the waste back into the stock"
    hs = hints(g, **EXACT)
    assert any(h.move.is_deal and h.reason.startswith("turn the waste back into the stock")
               and h.reason.endswith("(1 redeal left)") for h in hs)
    manual = RuleSet.from_dict({
        "id": "t-manual", "name": "Manual", "deck": ONE_DECK, "cells": {"count": 1},
        "layout": {"columns": 4, "up": 1}, "runs": {"auto_remove": False}})
    run = " ".join(r + "S" for r in "K Q J 10 9 8 7 6 5 4 3 2 A".split())
    m = table(manual, [run, "", "", ""], filler=None, done=(1, 2, 3))
    assert not manual.simple
    assert describe(m.state, ((0, 13, -1),)) == ("send the run in column 1 to the foundation: it "
                                                 "wins the game")
    assert str(hints(m, **EXACT)[0].move) == "1>f"


def test_a_reason_never_tells_what_a_deal_brings():
    # The deal puts the stock's first card on column 1, under which K♠-2♠ wait: whether it is
    # the A♠ (a run completed) must not show in the words of a fair hint's line.
    spades = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
    g = table(CELLS, [spades, "KH QC", "5D", "9H", "JD", "8C"], stock="AS", filler=None)
    st = g.state
    other = st.copy()
    other.stock = other.stock[::-1]
    cell = st.rules.pile_index(1000)
    line = ((1, 1, cell), DEAL)
    assert describe(st, line) == describe(other, line) == (
        "move Q♣ to free cell 1; 1 move later the line deals a new row")


# ----------------------------------------------------------------- the solver and the bot


def _replays(game: Game, moves: list[str]) -> bool:
    g = game.copy()
    for m in moves:
        g.play(m)
    return g.status == "won"


def _suit(s: str, ranks: str = "A 2 3 4 5 6 7 8 9 10 J Q K") -> str:
    return " ".join(r + s for r in ranks.split())


@pytest.mark.parametrize("case", [
    (CELLS, dict(columns=["KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S", "", "", "", "", ""],
                 cells=["2S", "AS"], filler=None, done=(1, 2, 3))),
    (FOUNDATIONS, dict(columns=["2S", "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S AS", "", "", "", "",
                                ""],
                       foundations=["", _suit("H"), _suit("D"), _suit("C")], filler=None)),
    (WASTE_GAME, dict(columns=["KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D", "", "", "", "", ""],
                      waste="AD", filler=None, done=(0, 1, 3))),
    (COLUMNS_WIN, dict(columns=COLUMNS_NEARLY, filler=None)),
], ids=["cells", "foundations", "waste", "columns"])
def test_the_solver_wins_an_easy_position_and_its_line_replays(case):
    rules, spec = case
    game = table(rules, **spec)
    result = solve(game, time_limit=5)
    assert result.status == "won", result.problem
    assert _replays(game, result.moves)


@pytest.mark.parametrize("rules", GENERAL, ids=lambda r: r.id)
def test_a_short_solve_of_a_deal_answers_and_any_line_replays(rules):
    game = Game.new(rules, deal=1)
    result = solve(game, time_limit=0.5)
    assert result.problem == ""
    assert result.status in ("won", "unknown", "unwinnable")
    if result.status == "won":
        assert _replays(game, result.moves)


@pytest.mark.parametrize("rules", GENERAL, ids=lambda r: r.id)
def test_the_bot_plays_a_short_game_without_error(rules):
    game = Game.new(rules, deal=3)
    steps = list(play(game, budget_ms=60_000, max_nodes=15, max_moves=12))
    assert steps and [s.move for s in steps] == [s.move for s in game.history]
    replay = Game.new(rules, deal=3)
    for s in steps:
        replay.play(str(s.move))
    assert replay.state.key() == game.state.key()


def test_the_demo_never_comes_back_to_a_position():
    game = Game.new(CELLS, deal=2)
    auto = Autoplayer(budget_ms=60_000, max_nodes=15)
    keys = {game.state.key()}
    for _ in range(15):
        m = auto.next_move(game)
        if m is None:
            break
        game.play(m)
        assert game.state.key() not in keys
        keys.add(game.state.key())


# ----------------------------------------------------------------- a plugin's own rules


SPADES_FIELDS = dict(deck=(0, 1, 2, 3), layout=((0, 1),) * 3, deal_needs_full=False,
                     place="same-suit")


class OnlyThirdColumnDeals(RuleSet):
    """Every deal puts its card on column 3, wherever the data would put it."""

    def deal_targets(self, table):
        return [2] * min(1, table.stock_left)


class NothingOntoColumnOne(RuleSet):
    """Nothing may be moved onto column 1."""

    def move_refusal(self, table, source, cards, target):
        if target is not None and target.kind == COLUMN and target.index == 0:
            return "column 1 takes nothing in this game"
        return super().move_refusal(table, source, cards, target)


class OneCardIntoColumnOne(RuleSet):
    """Column 1 takes a card only while it is empty."""

    def move_refusal(self, table, source, cards, target):
        if (target is not None and target.kind == COLUMN and target.index == 0
                and not target.is_empty):
            return "column 1 takes a card only while it is empty"
        return super().move_refusal(table, source, cards, target)


class NoDeals(RuleSet):
    """The stock is never dealt."""

    def deal_refusal(self, table):
        return "no deals in this game"


def _plugin(cls, **fields) -> RuleSet:
    return cls(id="t-" + cls.__name__.lower(), name=cls.__name__, **{**SPADES_FIELDS, **fields})


def _spades_game(rules: RuleSet, columns: list[list[str]], stock: str = "") -> Game:
    """A one-deck game whose other three suits are already removed as runs."""
    cols = [cards(" ".join(c)) for c in columns]
    return Game(rules, State(rules, cols, [0] * len(cols), cards(stock), [1, 2, 3]))


def test_a_plugin_deal_target_is_played_by_the_hint_and_the_solver():
    rules = _plugin(OnlyThirdColumnDeals)
    king_to_two = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S".split()
    game = _spades_game(rules, [[], [], king_to_two], stock="AS")
    assert not rules.simple
    result = solve(game, time_limit=2)
    assert result.status == "won" and "d" in result.moves and _replays(game, result.moves)
    for peek in (False, True):
        assert hints(game, peek=peek, **EXACT)[0].move.is_deal
    # The same table dealt by the data's rule (column 1 first) does not win by the deal.
    plain = _spades_game(_plugin(RuleSet), [[], [], king_to_two], stock="AS")
    plain.play("d")
    assert plain.status != "won"


def test_a_plugin_move_refusal_is_played_by_the_hint_and_the_solver():
    rules = _plugin(NothingOntoColumnOne, layout=((0, 1),) * 2)
    king_to_two = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S".split()
    blocked = _spades_game(rules, [king_to_two, ["AS"]])
    assert all(h.move.dst != 0 for h in hints(blocked, **EXACT))
    assert all(h.move.dst != 0 for h in hints(blocked, peek=True, **EXACT))
    assert solve(blocked, time_limit=1).status == "unwinnable"
    # With the run on column 2 instead, the Ace may go there: the line replays.
    open_ = _spades_game(rules, [["AS"], king_to_two])
    result = solve(open_, time_limit=2)
    assert result.status == "won" and result.moves == ["1>2"]


def test_a_plugin_deal_refusal_is_played_by_the_hint_and_the_solver():
    rules = _plugin(NoDeals)
    game = _spades_game(rules, [["KS", "QS"], ["JS"], ["2S"]],
                        stock="AS 3S 4S 5S 6S 7S 8S 9S 10S")
    assert all(not h.move.is_deal for h in hints(game, **EXACT))
    assert all(not h.move.is_deal for h in hints(game, peek=True, **EXACT))
    result = solve(game, time_limit=1)
    assert result.status == "unwinnable" and "d" not in result.moves


# ----------------------------------------------------------------- every shipped game


def _shipped() -> list[str]:
    from spider_tui.plugins.manager import get_manager

    return sorted(get_manager().catalog.variants)


@pytest.mark.parametrize("variant", _shipped())
def test_every_shipped_variant_gets_a_short_solve_and_a_short_bot_game(variant):
    game = Game.new(variant, deal=1)
    result = solve(game, time_limit=0.05, exhaustive_nodes=200)
    assert result.problem == ""
    assert result.status in ("won", "unknown", "unwinnable")
    if result.status == "won":
        assert _replays(game, result.moves)
    bot = Game.new(variant, deal=2)
    steps = list(play(bot, budget_ms=60_000, max_nodes=5, max_moves=3))
    assert len(steps) == len(bot.history) and bot.status in ("playing", "won", "stuck")


def _fast_shipped() -> list[str]:
    from spider_tui.plugins.manager import get_manager

    cat = get_manager().catalog
    return [v for v in sorted(cat.variants) if cat.variants[v].simple]


@pytest.mark.parametrize("variant", _fast_shipped())
def test_the_fast_board_plays_every_fast_path_variant_as_the_engine_does(catalog, variant):
    """The fast path serves a table only if its board plays it exactly as the engine: the
    same moves, deals where the engine deals, the same table after each, the same win (with
    every card face up too, where the ``open`` house rule applies)."""
    from spider_tui.ai.board import HIDDEN, Board

    rng = random.Random(variant)
    opened = [h.id for h in catalog.house_rules_for(catalog.variants[variant]) if h.id == "open"]
    for deal, house_rules in ((1, []), (2, opened)):
        game = Game.new(variant, deal, house_rules)
        board = Board.from_state(game.state, peek=True, style="solve")
        for _ in range(80):
            moves = game.legal_moves()
            engine = sorted(m.pack(game.rules) for m in moves if not m.is_deal)
            assert sorted(board.moves()) == engine
            assert board.can_deal() == (game.deal_refusal() is None)
            if not moves or game.status != "playing":
                break
            step = game.play(rng.choice(moves))
            board.apply(step.move.pack(game.rules))
            assert [[c % HIDDEN for c in col] for col in board.cols] == game.state.cols
            assert board.down == game.state.down and board.done == game.runs_removed
            assert board.won() == (game.status == "won")


@pytest.mark.parametrize("variant", ["black-widow", "spider-4suit"])
def test_same_suit_is_said_only_of_the_same_suit(variant):
    # Black Widow builds runs of any suit (the fast path's link joins 2♦ to 3♥): the reason
    # says "(same suit)" of a move exactly when the card and the one it goes onto share a
    # suit, on every table, the fast path's as the general path's (one wording).
    g = Game.new(variant, deal=1)
    said = 0
    for _ in range(12):
        found = plan(g, budget_ms=None, max_nodes=300, peek=True)
        if not found:
            break
        for h in found:
            m = re.match(r"move (\S+?)(?:–\S+)? onto (\S+) in column \d+( \(same suit\))?",
                         h.reason)
            if m:
                said += 1
                assert bool(m.group(3)) == (m.group(1)[-1] == m.group(2)[-1]), h.reason
        g.play(found[0].move)
    assert said


@pytest.mark.parametrize("variant", _fast_shipped())
def test_the_fast_board_and_the_general_path_score_every_table_alike(variant):
    # One evaluation: the fast board (the tables it serves) and the general path's judge give
    # every table the same score, in both styles, along a game of random moves.
    g = Game.new(variant, deal=1)
    rng = random.Random(1)
    for _ in range(25):
        for style in ("play", "solve"):
            board = Board.from_state(g.state, peek=True, style=style)
            assert board.score() == pytest.approx(general.judge_for(g.rules, style).score(g.state))
        moves = g.legal_moves()
        if not moves or g.status != "playing":
            break
        g.play(rng.choice(moves))


@pytest.mark.parametrize("variant, under, over, worth", [
    # Scorpion lifts any cards but builds and completes runs in suit: 5♥ on 6♠ breaks a run.
    ("scorpion", "6S", "5H", "break"),
    ("scorpion", "6S", "5S", "run"),
    # Black Widow lifts and builds any suit, but removes runs of one suit: 5♥ on 6♠ may move
    # with it, and is no part of a complete run.
    ("black-widow", "6S", "5H", "link"),
    ("black-widow", "6S", "5S", "run"),
    # Spider (four suits): any suit may be built, only one suit lifted.
    ("spider-4suit", "6S", "5H", "rank"),
    ("spider-4suit", "6S", "5S", "run"),
    ("spider-4suit", "6S", "4S", "break"),
])
def test_a_card_on_another_is_worth_what_the_rules_make_it(variant, under, over, worth):
    rules = default_catalog().variant(variant)
    want = {"run": W_SUIT, "link": W_LINK, "rank": W_RANK, "break": W_BREAK}[worth]
    a, b = parse_card(under), parse_card(over)
    assert pair_scores(rules)[a][b] == want
    assert tables_for(rules).pair[a][b] == want  # the fast board's own table
