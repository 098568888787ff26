"""The table model beyond columns: free cells, reserves, card-by-card foundations, a waste, deal
and win rules, building phrases, face-up cards under face-down ones, and the table methods a
Python variant overrides. Each from a small hand-made variant and a concrete position."""

from __future__ import annotations

from collections import Counter

import pytest

from spider_tui.engine import Game, IllegalMove, RuleFailure, RuleSet
from spider_tui.engine.catalog import Catalog
from spider_tui.engine.moves import Move
from spider_tui.engine.piles import CELL, FOUND, RESERVE, STOCK, WASTE, Transfer
from spider_tui.scoring import BUILTIN_SCHEMES


def make(data: dict, cls: type[RuleSet] = RuleSet) -> tuple[RuleSet, Catalog]:
    base = {"format": "spider-variant/1", "id": "t", "name": "Test"}
    rules = cls.from_dict({**base, **data}, source="test")
    cat = Catalog()
    for s in BUILTIN_SCHEMES:
        cat.add_scoring(s)
    cat.add_variant(rules)
    return rules, cat


def position(cat: Catalog, body: str) -> Game:
    return Game.from_position('variant = "t"\nhouse_rules = []\n' + body, catalog=cat)


def legal(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def every_card(game: Game) -> Counter:
    return Counter(game.state.all_cards())


# A one-suit deck of one set (13 spades) keeps hand-made positions short.
ONE_SET = {"deck": {"sets": 1, "suits": ["S"]}}


def test_free_cells_take_one_card_and_give_it_back():
    rules, cat = make({**ONE_SET, "layout": {"columns": 2, "up": [12, 1]},
                       "cells": {"count": 2}, "runs": {"leave": False}, "win": "columns"})
    g = position(cat, '''format = "spider-position/2"
stock = []
cells = [[], []]
[[columns]]
up = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "AS"]
[[columns]]
up = ["2S"]
''')
    assert "1>c1" in legal(g) and "1>c2" not in legal(g)  # empty cells are alike: one listed
    g.play("1>c")
    assert str(g.history[-1].move) == "1>c1" and g.state.piles[2] == [1 - 1]
    g.play("2>1")   # 2♠ onto 3♠
    with pytest.raises(IllegalMove, match="a free cell takes one card at a time"):
        g.play("1:2>c2")
    g.play("c1>1")  # the Ace back out of the cell
    assert g.status == "won" and g.state.cols[0][-1] == 0
    g.undo()
    assert g.state.piles[2] == [0]


def test_a_full_free_cell_says_so_and_a_cell_card_does_not_go_to_another_cell():
    rules, cat = make({**ONE_SET, "layout": {"columns": 1, "up": 11}, "cells": {"count": 2},
                       "runs": {"leave": False}, "win": "columns"})
    g = position(cat, '''format = "spider-position/2"
stock = []
cells = [["AS"], ["2S"]]
[[columns]]
up = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S"]
''')
    with pytest.raises(IllegalMove, match="free cell 1 is full"):
        g.play("1>c1")
    with pytest.raises(IllegalMove, match="not another cell"):
        g.play("c1>c2")
    assert legal(g) == ["c2>1"]


def test_a_tail_holds_any_number_one_card_at_a_time_and_only_its_last_card_plays():
    rules, cat = make({"deck": {"sets": 4}, "layout": {"columns": 5},
                       "cells": {"count": 1, "capacity": "any", "dealt": 2},
                       "stock": {"needs_full_columns": False}})
    g = Game.new("t", deal=9, catalog=cat)
    tail = g.state.piles[5]
    assert len(tail) == 2 and g.state.stock_left == 52 - 7
    g.play("1>c1")
    assert len(g.state.piles[5]) == 3 and g.state.liftable(5) == 1


def test_reserves_are_dealt_played_from_and_never_built_on():
    rules, cat = make({**ONE_SET, "layout": {"columns": 2, "up": [10, 1]},
                       "reserves": {"count": 2, "dealt": 1}, "runs": {"leave": False},
                       "win": "columns"})
    g = position(cat, '''format = "spider-position/2"
stock = []
reserves = [["3S"], ["AS"]]
[[columns]]
up = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S"]
[[columns]]
up = ["2S"]
''')
    assert set(legal(g)) == {"r2>2", "r1>1"}
    with pytest.raises(IllegalMove, match="nothing can be put on a reserve"):
        g.play("2>r2")
    g.play("r1>1")
    g.play("2>1")
    g.play("r2>1")
    assert g.status == "won"


def test_card_by_card_foundations_build_up_in_suit_and_win_when_full():
    rules, cat = make({"deck": {"sets": 1, "suits": ["H"]}, "layout": {"columns": 2,
                                                                       "up": [12, 1]},
                       "foundations": {"count": 1}, "runs": {"leave": False},
                       "win": "foundations"})
    g = position(cat, '''format = "spider-position/2"
stock = []
foundations = [["AH", "2H", "3H"]]
[[columns]]
up = ["KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H"]
[[columns]]
up = ["4H"]
''')
    with pytest.raises(IllegalMove, match=r"5♥ cannot go onto foundation 1: it takes a 4 of "
                                          r"hearts"):
        g.play("1>f1")
    g.play("2>f")
    assert str(g.history[-1].move) == "2>f1"
    for _ in range(9):
        g.play("1>f")
    assert g.status == "won" and g.runs_removed == 1 and g.state.done == []


def test_a_foundation_card_comes_back_only_where_the_game_says():
    text = '''format = "spider-position/2"
stock = []
foundations = [["AH", "2H"]]
[[columns]]
up = ["KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H"]
'''
    for back in (False, True):
        rules, cat = make({"deck": {"sets": 1, "suits": ["H"]},
                           "layout": {"columns": 1, "up": 11},
                           "foundations": {"count": 1, "take_back": back},
                           "runs": {"leave": False}, "win": "foundations"})
        g = position(cat, text)
        assert ("f1>1" in legal(g)) is back  # 2♥ back onto 3♥
        assert g.is_legal("f1>1") is back


def test_the_waste_turns_one_card_at_a_time_and_is_turned_back_for_a_redeal():
    rules, cat = make({"deck": {"sets": 1, "suits": ["S"]}, "layout": {"columns": 1, "up": 10},
                       "waste": {"turn": 1, "redeals": 1},
                       "stock": {"needs_full_columns": False}})
    g = Game.new("t", deal=4, catalog=cat)
    stock = g.state.undealt()
    for n in range(1, 4):
        g.play("d")
        assert g.state.piles[1] == stock[:n]
    assert g.deal_refusal() is None  # stock empty, a redeal left
    g.play("d")
    assert g.state.piles[1] == [] and g.state.undealt() == stock and g.state.redeals == 1
    for _ in range(3):
        g.play("d")
    assert g.deal_refusal() == "The stock is empty"
    again = Game.from_position(g.to_position(), catalog=cat)
    assert again.state.redeals == 1 and again.to_position() == g.to_position()
    while g.can_undo():
        g.undo()
    assert g.state.undealt() == stock and g.state.redeals == 0


def test_a_waste_card_plays_onto_a_column():
    rules, cat = make({**ONE_SET, "layout": {"columns": 1, "up": 12}, "waste": {},
                       "runs": {"leave": False}, "win": "columns"})
    g = position(cat, '''format = "spider-position/2"
stock = []
waste = ["AS"]
redeals = 0
[[columns]]
up = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
''')
    assert legal(g) == ["w>1"]
    g.play("w>1")
    assert g.status == "won"


def test_deals_can_skip_empty_columns_put_several_rows_and_refill_emptied_columns():
    rules, cat = make({"deck": {"sets": 4}, "layout": {"columns": 4, "up": 3},
                       "stock": {"skip": "empty", "needs_full_columns": False}})
    g = Game.new("t", deal=2, catalog=cat)
    g.state.stock = g.state.stock + g.state.cols[1]  # column 2's cards to the stock's end
    g.state.cols[1].clear()
    g.state.rs[1] = 0
    g.play("d")
    assert [len(c) for c in g.state.cols] == [4, 0, 4, 4]

    rules, cat = make({"deck": {"sets": 4}, "layout": {"columns": 4, "up": 3},
                       "stock": {"rows": 4, "needs_full_columns": False}})
    g = Game.new("t", deal=2, catalog=cat)
    g.play("d")
    assert [len(c) for c in g.state.cols] == [7, 7, 7, 7]

    rules, cat = make({**ONE_SET, "layout": {"columns": 2, "up": [1, 8]},
                       "stock": {"player_deals": False, "refill": 3}})
    g = position(cat, '''format = "spider-position/1"
stock = ["4S", "3S", "2S", "AS"]
[[columns]]
up = ["5S"]
[[columns]]
up = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S"]
''')
    assert "d" not in legal(g)
    assert g.deal_refusal() == "In this game the stock fills emptied columns by itself"
    g.play("1>2")  # column 1 is emptied: three stock cards fill it at once
    assert g.state.cols[0] == [3, 2, 1] and g.state.stock_left == 1
    g.undo()
    assert g.state.cols[0] == [4] and g.state.stock_left == 4


def test_ranks_wrap_a_king_onto_an_ace():
    rules, cat = make({"deck": {"sets": 1, "suits": ["S"]}, "layout": {"columns": 2,
                                                                       "up": [12, 1]},
                       "moves": {"wrap": True}, "runs": {"wrap": True}})
    g = position(cat, '''format = "spider-position/1"
stock = []
[[columns]]
up = ["QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "AS"]
[[columns]]
up = ["KS"]
''')
    g.play("2>1")
    assert g.status == "won" and g.state.runs[0][0] == 11  # the run began with the Queen


@pytest.mark.parametrize("place, ok, refused", [
    ("same-rank", "2>1", "7♥ cannot go onto 7♠: it takes a 7"),
    ("up same-suit", None, None),
    ("lower same-suit", None, None),
])
def test_building_phrases(place, ok, refused):
    rules, cat = make({"deck": {"sets": 4}, "layout": {"columns": 2},
                       "moves": {"place": place}, "stock": {"needs_full_columns": False}})
    assert rules.accepts(5 + 13, 6 + 13) is (place == "lower same-suit")  # 6♥ onto 7♥
    if place == "same-rank":
        assert rules.accepts(6 + 13, 6) and not rules.accepts(5, 6)
        assert rules.why_not_accepted(5, 6) == "6♠ cannot go onto 7♠: it takes a 7"
    if place == "up same-suit":
        assert rules.accepts(7, 6) and not rules.accepts(5, 6)


def test_a_listed_lift_moves_a_run_that_one_phrase_covers_never_a_mix():
    rules, cat = make({"deck": {"sets": 4}, "layout": {"columns": 2, "up": 1},
                       "moves": {"place": ["same-rank", "down same-suit"],
                                 "lift": ["down same-suit", "same-rank"]},
                       "stock": {"needs_full_columns": False}})
    g = Game.new("t", deal=1, catalog=cat)
    st = g.state
    for col, lifts in ((["9S", "8S", "7S", "7H", "7D"], 3),   # 7♠ 7♥ 7♦: one rank
                       (["9H", "7H", "8S", "7S", "6S"], 3),   # 8♠ 7♠ 6♠: one suit down
                       (["KC", "8S", "7S", "7H"], 2)):        # 7♠ 7♥ (8♠ 7♠ 7♥ mixes)
        from spider_tui.engine.cards import parse_card

        st.cols[0][:] = [parse_card(c) for c in col]
        st.down[0] = 0
        st.rs[0] = st._run_start(0)
        assert st.liftable(0) == lifts, col


def test_face_up_cards_under_face_down_ones_join_the_run_when_uncovered():
    rules, cat = make({"deck": {"sets": 8}, "layout": {"columns": 13, "faces": "dudu"},
                       "stock": {"needs_full_columns": False},
                       "moves": {"place": "other-colour", "lift": "other-colour"},
                       "runs": {"complete": "alternate-colour"}, "win": "columns"})
    g = Game.new("t", deal=5, catalog=cat)
    st = g.state
    assert st.down[0] == 3 and st.shown[0] == frozenset({1})
    assert st.is_face_up(0, 1) and not st.is_face_up(0, 2)
    text = g.to_position()
    assert 'shown = [2]' in text and Game.from_position(text, catalog=cat).to_position() == text
    # uncover: the face-down card turns up and the face-up one under it joins it
    st.piles[0][3:] = []
    st.down[0] = 3
    flips = st._flip(0)
    assert flips == 1 and st.down[0] == 1 and st.shown[0] == frozenset()


def test_a_table_method_that_sees_the_table_decides_moves_and_the_engine_plays_by_it():
    class KingsUntilFour(RuleSet):
        """Scorpion Towers' rule: only Kings into a space until four columns have a King at
        the bottom."""

        def move_refusal(self, table, source, cards, target):
            if target is not None and target.kind == 0 and not target.cards:
                kings = sum(1 for c in table.columns if c.cards and c.cards[0] % 13 == 12)
                if kings < 4 and cards[0] % 13 != 12:
                    return "only a King goes into a space until four columns hold a King"
                return None
            return super().move_refusal(table, source, cards, target)

    rules, cat = make({**ONE_SET, "layout": {"columns": 3, "up": [6, 6, 1]},
                       "runs": {"leave": False}, "win": "columns"}, KingsUntilFour)
    g = position(cat, '''format = "spider-position/1"
stock = []
[[columns]]
up = ["KS", "QS", "JS", "TS", "9S", "8S"]
[[columns]]
up = ["7S", "6S", "5S", "4S", "3S", "2S"]
[[columns]]
up = ["AS"]
''')
    assert "3>2" in legal(g) and not any(m.startswith("2") and m.endswith(">3") for m in legal(g))
    g.play("3>2")
    with pytest.raises(IllegalMove, match="only a King goes into a space"):
        g.play("2>3")
    g.play("2>1")
    assert g.status == "won"


def test_a_deal_plan_can_move_table_cards_and_fill_reserves():
    class Trapdoor(RuleSet):
        def deal_plan(self, table):
            plan = [Transfer(r.code, r.index, True) for r in table.reserves if r.cards]
            n = min(table.stock_left, len(table.reserves))
            return plan + [Transfer(STOCK, RESERVE + j, True) for j in range(n)]

    rules, cat = make({"deck": {"sets": 4}, "layout": {"columns": 2, "up": 2},
                       "reserves": {"count": 2, "dealt": 1},
                       "stock": {"needs_full_columns": False}}, Trapdoor)
    g = Game.new("t", deal=3, catalog=cat)
    before = [g.state.piles[2][-1], g.state.piles[3][-1]]
    nxt = g.state.undealt()[:2]
    g.play("d")
    assert [g.state.cols[0][-1], g.state.cols[1][-1]] == before
    assert [g.state.piles[2], g.state.piles[3]] == [[nxt[0]], [nxt[1]]]
    assert every_card(g) == Counter(rules.deck_cards())
    g.undo()
    assert [g.state.piles[2], g.state.piles[3]] == [[before[0]], [before[1]]]


def test_a_plugin_answer_that_makes_no_sense_is_a_rule_failure_naming_the_method():
    class Nonsense(RuleSet):
        def deal_targets(self, table):
            return [0, 99]

    rules, cat = make({"deck": {"sets": 4}, "layout": {"columns": 2, "up": 2},
                       "stock": {"needs_full_columns": False}}, Nonsense)
    g = Game.new("t", deal=3, catalog=cat)
    before = g.to_position()
    with pytest.raises(RuleFailure, match=r"deal_targets\(\) returned \[0, 99\]: there is no column 99"):
        g.play("d")
    assert g.to_position() == before


def test_deal_methods_of_the_older_signature_still_work():
    class Old(RuleSet):
        def deal_refusal(self, stock_left, empty_columns):
            return "never" if stock_left <= 40 else None

        def deal_targets(self, stock_left):
            return [1, 0]

    rules, cat = make({"deck": {"sets": 4}, "layout": {"columns": 2, "up": 3},
                       "stock": {"needs_full_columns": False}}, Old)
    g = Game.new("t", deal=3, catalog=cat)
    first, second = g.state.undealt()[:2]
    g.play("d")
    assert g.state.cols[1][-1] == first and g.state.cols[0][-1] == second
    for _ in range(2):
        g.play("d")
    assert g.deal_refusal() == "never"


def test_separate_decks_are_each_shuffled_whole():
    rules, cat = make({"deck": {"sets": 8, "shuffle": "separate"},
                       "layout": {"columns": 4, "up": 13}})
    g = Game.new("t", deal=7, catalog=cat)
    first_deck = [c for col in g.state.cols for c in col]
    assert sorted(first_deck) == list(range(52))  # the columns hold one whole deck


@pytest.mark.parametrize("text, src, dst, anywhere", [
    ("c1>4", CELL, 3, False), ("w>f2", WASTE, FOUND + 1, False), ("3>c", 2, CELL, True),
    ("r2>f", RESERVE + 1, -1, True), ("3>f", 2, -1, True),
])
def test_pile_notation(text, src, dst, anywhere):
    m = Move.parse(text)
    assert (m.src, m.dst, m.anywhere) == (src, dst, anywhere)
    assert str(m) == text


def test_a_position_names_the_piles_a_game_does_not_have():
    rules, cat = make({"deck": {"sets": 4}, "layout": {"columns": 2}})
    g = Game.new("t", deal=1, catalog=cat)
    with pytest.raises(IllegalMove, match="this game has no free cells"):
        g.play("1>c1")
    with pytest.raises(IllegalMove, match="this game has no waste"):
        g.play("w>1")


# ------------------------------------------------------------------ properties over every kind

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

KINDS = {
    "cells": {"deck": {"sets": 4}, "layout": {"columns": 6, "up": [5, 5, 5, 5, 4, 4]},
              "cells": {"count": 3, "dealt": [1, 0, 0]},
              "moves": {"place": "other-colour", "lift": "other-colour",
                        "max_lift": "free-cells"},
              "runs": {"complete": "alternate-colour"}},
    "foundations": {"deck": {"sets": 4}, "layout": {"columns": 7, "up": [1, 2, 3, 4, 5, 6, 7]},
                    "stock": {"needs_full_columns": False}, "moves": {"empty": "king"},
                    "foundations": [{"count": 2, "take_back": True},
                                    {"count": 2, "base": "K", "direction": "down"}],
                    "runs": {"leave": False}, "win": "foundations"},
    "waste": {"deck": {"sets": 4}, "layout": {"columns": 6}, "waste": {"dealt": 1, "turn": 2,
                                                                      "redeals": 1},
              "stock": {"needs_full_columns": False}, "moves": {"lift": "any-suit"},
              "reserves": {"count": 2, "dealt": 2}},
    "curds": {"deck": {"sets": 4}, "layout": {"columns": 13, "up": 4},
              "moves": {"place": ["same-rank", "down same-suit"],
                        "lift": ["down same-suit", "same-rank"], "empty": "king"},
              "win": "columns"},
    "trillium": {"deck": {"sets": 8}, "layout": {"columns": 13, "faces": "dudu"},
                 "stock": {"needs_full_columns": False, "skip": "king-runs"},
                 "moves": {"place": "other-colour", "lift": "other-colour", "wrap": True},
                 "runs": {"complete": "alternate-colour"}, "win": "columns"},
    "chelicera": {"deck": {"sets": 4}, "layout": {"columns": 7, "up": [4, 4, 4, 4, 7, 7, 7]},
                  "stock": {"player_deals": False, "refill": 3},
                  "moves": {"place": "same-suit", "lift": "any", "empty": "king"},
                  "win": "columns"},
    "divorce": {"deck": {"sets": 8}, "layout": {"columns": 10, "up": 5},
                "stock": {"skip": "empty", "needs_full_columns": False, "rows": 1},
                "moves": {"wrap": True}, "runs": {"wrap": True, "auto_remove": False}},
    "separate": {"deck": {"sets": 8, "shuffle": "separate"}, "layout": {"columns": 11,
                                                                       "faces": "dudu"},
                 "stock": {"needs_full_columns": False},
                 "moves": {"place": "other-colour", "lift": "other-colour"},
                 "runs": {"complete": "alternate-colour"}},
}
PROPS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(st.sampled_from(sorted(KINDS)), st.integers(0, 10**6), st.data())
def test_every_kind_of_table_keeps_its_cards_undoes_exactly_and_lists_what_it_allows(
        kind, deal, data):
    rules, cat = make(KINDS[kind])
    g = Game.new("t", deal=deal, catalog=cat)
    deck = Counter(rules.deck_cards())
    positions = [g.to_position()]
    for _ in range(data.draw(st.integers(5, 60))):
        assert every_card(g) == deck
        st_ = g.state
        listed = set(st_.moves())
        asked = set(st_._moves_asked())
        assert listed <= asked  # every move listed is allowed by the rules' own refusal...
        kinds = st_.comp.kinds
        for s, k, d in asked - listed:  # ...and what is left out is a copy of a listed one
            assert d >= 0 and kinds[d] in (1, 3) and not st_.piles[d] or kinds[d] == 1, (s, k, d)
            assert any(s2 == s and k2 == k and kinds[d2] == kinds[d] for s2, k2, d2 in listed)
        text = g.to_position()
        again = Game.from_position(text, catalog=cat)
        assert again.to_position() == text and legal(again) == legal(g)
        assert again.status == g.status
        moves = g.legal_moves()
        for m in moves:
            assert g.resolve(str(m)) == m
        if not moves:
            break
        g.play(data.draw(st.sampled_from(moves)))
        positions.append(g.to_position())
    for expected in reversed(positions[:-1]):
        g.undo()
        assert g.to_position() == expected
