"""The Spider family, "The Scorpion branch" (FAMILY.md): what makes each game different, from its
deal and from concrete positions. Scorpion itself is the example plugin package's (its tests are
in examples/scorpion-plugin); its relatives are variant files, and Scorpion Towers a Python
variant (its empty-column rule looks at the whole table)."""

from __future__ import annotations

import pytest
from family import (
    ac_runs,
    cards,
    deal_targets,
    deck_suits,
    extras,
    faces,
    others,
    pad,
    pile,
    position,
    refused,
    run,
    shape,
)

from spider_tui.engine import Game
from spider_tui.engine.piles import CELL

SCORPION_DEAL = shape([3] * 4 + [0] * 3, [4] * 4 + [7] * 3, 7)
SCORPION_II_DEAL = shape([3] * 3 + [0] * 4, [4] * 3 + [7] * 4, 7)


@pytest.mark.parametrize("variant, cards_, columns, more, deals", [
    ("scorpion-ii", 52, SCORPION_II_DEAL, {"stock": [3]}, [3]),
    ("wasp", 52, SCORPION_DEAL, {"stock": [3]}, [3]),
    ("wasp-ii", 52, SCORPION_II_DEAL, {"stock": [3]}, [3]),
    ("scorpion-tail", 52, SCORPION_DEAL, {"stock": [3]}, [3]),
    ("double-scorpion", 104, shape([4] * 5 + [0] * 5, [6] * 5 + [10] * 5, 10), {"stock": [4]},
     [4]),
    ("triple-scorpion", 156, shape([5] * 5 + [0] * 8, [7] * 5 + [12] * 8, 13), {"stock": [0]},
     []),
    ("scorpion-head", 52, shape([0] * 3 + [4] * 4, [8] * 3 + [3] * 4, 7),
     {"cells": [0, 0, 0, 0], "stock": [0]}, []),
    ("scorpion-towers", 52, shape(0, 5, 10), {"cells": [0, 1, 1, 0], "stock": [0]}, []),
])
def test_the_deal(variant, cards_, columns, more, deals):
    g = Game.new(variant, deal=7)
    assert deck_suits(g) == "SHDC" and len(g.rules.deck_cards()) == cards_
    assert faces(g) == columns
    assert extras(g) == more
    assert [len(t) for t in deal_targets(g)] == deals


SCORPIONS = [("scorpion-ii", 7), ("wasp", 7), ("wasp-ii", 7), ("double-scorpion", 10),
             ("triple-scorpion", 13), ("scorpion-head", 7)]


@pytest.mark.parametrize("variant, n", SCORPIONS)
def test_any_face_up_card_moves_with_everything_on_it_onto_its_suit(variant, n):
    g = position(variant, pad(n, "TC", "9C 4D 2S", "8H", "7S", "KD"), filler=5)
    g.play("2:3>1")  # Spider lifts only runs
    assert cards(g, 1).endswith("TC 9C 4D 2S")
    assert refused(g, "4>3") == "7♠ cannot go onto 8♥: build down in suit"


@pytest.mark.parametrize("variant, n", SCORPIONS)
def test_only_a_king_fills_a_space_except_in_wasp(variant, n):
    g = position(variant, pad(n, "KS", "7H", "KD QD"), filler=1)
    if variant.startswith("wasp"):
        g.play("2>4")
        return
    assert refused(g, "2>4") == "only a King can go into an empty column, not 7♥"
    g.play("3:2>4")  # K♦ carries Q♦ into the space
    assert cards(g, 4) == "KD QD"


@pytest.mark.parametrize("variant, n", [("scorpion-ii", 7), ("wasp", 7), ("wasp-ii", 7),
                                        ("scorpion-tail", 7), ("double-scorpion", 10)])
def test_the_stock_goes_onto_the_first_columns_with_spaces_on_the_table(variant, n):
    k = 4 if n == 10 else 3  # the stock: three cards, or four in Double Scorpion
    dealt = ["2C", "3C", "4C", "5C"][:k]
    g = position(variant, pad(n, "KS", "", "KH"), stock=" ".join(dealt), filler=1)
    g.play("d")  # Spider refuses to deal while a column is empty
    assert [cards(g, i)[-2:] for i in range(1, k + 1)] == dealt
    assert g.state.stock_left == 0


@pytest.mark.parametrize("variant, n", SCORPIONS)
def test_removing_every_run_wins(variant, n):
    g = position(variant, pad(n, run("S", "K", "2"), "AS"), completed=others(variant))
    g.play("2>1")
    assert g.status == "won"


def test_scorpion_tail_builds_in_alternate_colours_and_removes_such_runs():
    g = position("scorpion-tail", pad(7, "8S", "7H 3C", "7C", "KD"), filler=4)
    g.play("2:2>1")  # 7♥ (with 3♣ on it) onto 8♠
    assert refused(g, "3>1") == "7♣ cannot go onto 3♣: it takes a 2"
    spider = position("scorpion-tail", pad(7, "8S", "7C", "KD"), filler=3)
    assert refused(spider, "2>1") == "7♣ cannot go onto 8♠: build down in alternate colours"
    assert refused(spider, "2>4") == "only a King can go into an empty column, not 7♣"
    runs = ac_runs(1)
    last = runs.pop()
    won = position("scorpion-tail", pad(7, " ".join(last[:12]), last[12]), completed=runs)
    won.play("2>1")
    assert won.status == "won"


def test_scorpion_head_has_four_free_cells():
    g = position("scorpion-head", pad(7, "8H", "TC 7H", "KD", "9S 8S"), cells=["", "", "", ""],
                 filler=3)
    g.play("2>c")  # 7♥ parked in the first free cell
    assert pile(g, CELL) == "7H"
    assert refused(g, "4:2>c") == "a free cell takes one card at a time"
    g.play("c1>1")
    assert cards(g, 1).endswith("8H 7H") and pile(g, CELL) == ""
    full = position("scorpion-head", pad(7, "5S", "9D", "KD"), cells=["2S", "3S", "4S", ""],
                    filler=3)
    full.play("1>c")
    assert pile(full, CELL + 3) == "5S"
    assert refused(full, "2>c") == "free cell 1 is full"
    assert refused(position("scorpion", pad(7, "8H", "7H"), filler=1), "2>c") \
        == "this game has no free cells"


def test_scorpion_towers_lifts_only_runs_of_one_suit():
    g = position("scorpion-towers", pad(10, "9C", "TD 4D", "8C 7C", "KD"),
                 cells=["", "", "", ""], filler=4)
    assert refused(g, "2:2>1") == "10♦ 4♦ does not descend by one"  # Scorpion would lift them
    g.play("3>1")  # 8♣ 7♣, a run of one suit, onto 9♣
    assert cards(g, 1) == "9C 8C 7C"
    g.play("1>c")
    assert refused(g, "2>1") == "4♦ cannot go onto 8♣: it takes a 7"


def test_scorpion_towers_fills_spaces_with_kings_until_four_columns_rest_on_one():
    g = position("scorpion-towers", pad(10, "KS QS", "KH", "KD", "7C", "", "8C KC"),
                 cells=["", "", "", ""], filler=6)
    assert refused(g, "4>5") == ("only a King can go into an empty column, not 7♣, until 4 "
                                 "columns rest on a King (3 do now)")
    g.play("6>5")  # K♣ into a space: a fourth column rests on a King
    g.play("4>7")
    assert cards(g, 7) == "7C"


def test_scorpion_towers_is_won_when_the_columns_hold_the_runs_and_the_cells_are_empty():
    g = position("scorpion-towers", pad(10, run("S"), run("H"), run("D"), run("C", "K", "2")),
                 cells=["", "AC", "", ""])
    assert g.status == "playing"
    g.play("c2>4")
    assert g.status == "won" and g.state.runs == []  # the runs stay on the table
