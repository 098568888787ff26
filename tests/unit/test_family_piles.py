"""The Spider family, "New kinds of pile" (FAMILY.md): free cells, reserves, tails, card-by-card
foundations, a waste, and the deal rules that go with them. What makes each game different, from
its deal and from concrete positions. Trapdoor Spider, The Jolly Roger and Bebop are Python
variants (variants/*.py); the rest are variant files."""

from __future__ import annotations

from collections import Counter

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
from spider_tui.engine.cards import code
from spider_tui.engine.piles import CELL, FOUND, RESERVE, WASTE

TBM = shape([0] * 7 + [3] * 3, [5] * 7 + [2] * 3, 10)
DUDU = "dudu"


@pytest.mark.parametrize("variant, cards_, columns, more, deals", [
    ("spidercells", 52, shape(0, [7] * 4 + [6] * 4, 8), {"cells": [0] * 4, "stock": [0]}, []),
    ("spider-web", 52, shape(0, [4] * 3 + [3] * 4, 7), {"cells": [0], "stock": [28]}, [7] * 4),
    ("astrocyte", 104, shape(7, 1, 8), {"cells": [0] * 4, "stock": [40]}, [8] * 5),
    ("how-they-run", 52, TBM, {"cells": [1, 1], "stock": [0]}, []),
    ("three-blind-mice", 52, TBM, {"reserves": [1, 1], "stock": [0]}, []),
    ("farmers-wife", 52, TBM, {"reserves": [1, 1], "stock": [0]}, []),
    ("applegate", 52, shape([0] + [2] * 6, [7] + [5] * 6, 7), {"reserves": [1] * 3, "stock": [0]},
     []),
    ("trapdoor-spider", 104, shape([4, 3, 3] * 3 + [4], 1, 10),
     {"reserves": [1] * 10, "stock": [50]}, [10] * 5),
    ("long-tail", 52, shape(0, 1, 5), {"cells": [2], "stock": [45]}, [5] * 9),
    ("short-tail", 104, shape(0, 1, 8), {"cells": [2], "stock": [94]}, [8] * 11 + [6]),
    ("cicely", 104, shape(0, 4, 8), {"cells": [1] * 8, "foundations": [0] * 8, "stock": [64]},
     [8, 8]),
    ("spidike", 52, shape(0, list(range(1, 8)), 7), {"foundations": [0] * 4, "stock": [24]},
     [7, 7, 7, 3]),
    ("freds-spider", 104, shape(0, 5, 10), {"foundations": [0] * 8, "stock": [54]},
     [10] * 5 + [4]),
    ("freds-spider-3decks", 156, shape(0, 5, 13), {"foundations": [0] * 12, "stock": [91]},
     [13] * 7),
    ("incompatibility", 104, shape(0, 5, 10), {"foundations": [0] * 8, "stock": [54]},
     [10] * 5 + [4]),
    ("rachel", 52, shape(0, 1, 6), {"waste": [1], "stock": [45]}, [0] * 45),
    ("brush", 104, shape(0, 4, 10), {"waste": [1], "stock": [63]}, [0] * 63),
    ("chelicera", 52, shape(0, [4] * 4 + [7] * 3, 7), {"stock": [15]}, []),
    ("fechters-game", 104, [DUDU] * 12, {"stock": [56]}, None),
    ("microbe", 104, [DUDU] * 11, {"stock": [60]}, [11] * 5 + [5]),
    ("jolly-roger", 104, shape(0, 3, 13), {"stock": [65]}, [13] * 5),
    ("rouge-et-noir", 104, shape(list(range(7, 0, -1)) + [0] * 3, [1] * 9 + [0], 10),
     {"foundations": [0] * 4, "stock": [67]}, [10] * 6 + [7]),
    ("bebop", 104, shape(7, 1, 8), {"foundations": [0] * 8, "stock": [40]}, []),
])
def test_the_deal(variant, cards_, columns, more, deals):
    g = Game.new(variant, deal=7)
    assert deck_suits(g) == "SHDC" and len(g.rules.deck_cards()) == cards_
    assert faces(g) == columns
    assert extras(g) == more
    if deals is not None:
        assert [len(t) for t in deal_targets(g)] == deals


# ----------------------------------------------------------------- free cells


def test_spidercells_builds_in_alternate_colours_and_moves_as_far_as_cells_allow():
    g = position("spidercells", pad(8, "9C", "8H 7S", "8S", "7C", "KD"),
                 cells=["", "", "", ""], filler=5)
    g.play("2>1")  # 8♥ 7♠ alternate colours
    assert refused(g, "4>3") == "7♣ cannot go onto 8♠: build down in alternate colours"
    run4 = "JS TH 9C 8D"
    full = position("spidercells", ["QD", run4, "KC", "KS", "KH", "QC", "QS", "QH"],
                    cells=["2S", "3S", "4S", "5S"], filler=3)
    assert refused(full, "2:4>1") == ("4 cards cannot move at once: free cells and empty "
                                      "columns allow 1 now")
    free = position("spidercells", ["QD", run4, "KC", "KS", "KH", "QC", "QS", "QH"],
                    cells=["", "", "", ""], filler=3)
    free.play("2:4>1")  # four empty cells carry five cards
    assert cards(free, 1).endswith("QD " + run4)


def test_spidercells_is_won_by_four_runs_of_alternating_colours():
    runs = ac_runs(1)
    last = runs.pop()
    g = position("spidercells", pad(8, " ".join(last[:12])), cells=[last[12], "", "", ""],
                 completed=runs)
    g.play("c1>1")
    assert g.status == "won"


@pytest.mark.parametrize("variant, n, cells", [("spider-web", 7, 1), ("astrocyte", 8, 4),
                                               ("scorpion-head", 7, 4)])
def test_a_free_cell_holds_one_card_that_goes_back_where_it_fits(variant, n, cells):
    g = position(variant, pad(n, "9S", "KH 8S", "KD"), cells=[""] * cells, filler=3)
    g.play("2>c1")
    assert pile(g, CELL) == "8S"
    g.play("c1>1")
    assert cards(g, 1).endswith("9S 8S")
    assert refused(g, f"2>c{cells + 1}") == (f"there is no free cell {cells + 1} (this game "
                                             f"has {cells})")


def test_spider_web_and_astrocyte_deal_with_empty_columns_and_lift_long_runs():
    web = position("spider-web", pad(7, "KS"), stock=run("H", "9", "3"), cells=[""], filler=1)
    web.play("d")
    assert [cards(web, i)[-2:] for i in range(1, 8)] == run("H", "9", "3").split()
    astro = position("astrocyte", ["KC", run("S", "Q", "7"), "KD", "KH", "QH", "QD", "QC", "JC"],
                     cells=["2H", "3H", "4H", "5H"], filler=3)
    astro.play("2>1")  # six cards at once, whatever the cells
    assert cards(astro, 1).endswith("KC " + run("S", "Q", "7"))


@pytest.mark.parametrize("variant", ["how-they-run", "three-blind-mice"])
def test_the_mice_play_their_two_extra_cards(variant):
    kind = "c" if variant == "how-they-run" else "r"
    piles = {"cells": ["7H", "9D"]} if kind == "c" else {"reserves": ["7H", "9D"]}
    g = position(variant, pad(10, "8H", "TC 4D", "KS"), filler=3, **piles)
    g.play(f"{kind}1>1")  # the extra card onto its suit
    assert cards(g, 1).endswith("8H 7H")
    if kind == "c":  # a free cell: once empty, it takes any one card
        g.play("2>c1")
        assert pile(g, CELL) == "4D"
    else:  # a reserve: played, never refilled
        assert refused(g, "2>r1") == "nothing can be put on a reserve"
    assert refused(g, f"{kind}2>1") == "9♦ cannot go onto 7♥: it takes a 6"
    assert refused(g, f"{kind}2>4") == "only a King can go into an empty column, not 9♦"


def test_farmers_wife_builds_in_alternate_colours_and_plays_its_reserves():
    g = position("farmers-wife", pad(10, "8S", "7S", "KD"), reserves=["7H", "QC"], filler=3)
    assert refused(g, "2>1") == "7♠ cannot go onto 8♠: build down in alternate colours"
    g.play("r1>1")
    assert cards(g, 1).endswith("8S 7H")
    g.play("r2>3")  # Q♣ onto K♦
    runs = ac_runs(1)
    last = runs.pop()
    won = position("farmers-wife", pad(10, " ".join(last[:12])), reserves=[last[12], ""],
                   completed=runs)
    won.play("r1>1")
    assert won.status == "won"


def test_applegate_wraps_in_suit_and_is_won_with_the_reserves_played():
    g = position("applegate", pad(7, "AS", "KS", "KH"), reserves=["QS", "", ""], filler=3)
    assert refused(g, "3:1>1") == "K♥ cannot go onto A♠: it takes a King of spades"
    g.play("2>1")  # K♠ onto A♠: ranks turn the corner, in suit
    g.play("r1>1")
    assert cards(g, 1).endswith("AS KS QS")
    won = position("applegate", pad(7, run("S"), run("H"), run("D"), run("C", "K", "2")),
                   reserves=["", "AC", ""])
    assert won.status == "playing"
    won.play("r2>4")
    assert won.status == "won" and won.state.runs == []  # the runs stay on the table


# ----------------------------------------------------------------- Trapdoor Spider


def test_trapdoor_spider_deals_the_reserve_cards_onto_their_columns_then_refills_them():
    tops = ["KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC", "JS", "JH"]
    reserves = ["2S", "", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "3D"]
    g = position("trapdoor-spider", ["", *tops[1:]], reserves=reserves,
                 stock=run("C", "T", "A"), filler=2)
    g.play("r10>1")  # a reserve card to any column where it fits (an empty one here)
    assert refused(g, "1>r10") == "nothing can be put on a reserve"
    g.play("d")  # any time, with empty columns: each reserve card falls onto its own column
    assert cards(g, 1) == "3D 2S" and cards(g, 3).endswith("KD 4S")
    assert cards(g, 2).endswith("KH") and cards(g, 10).endswith("JH")
    assert [pile(g, RESERVE + j) for j in range(10)] == run("C", "T", "A").split()
    assert g.state.stock_left == 0


def test_trapdoor_spider_wins_by_removing_the_runs():
    g = position("trapdoor-spider", pad(10, run("S", "K", "2")), reserves=["AS"] + [""] * 9,
                 completed=others("trapdoor-spider"))
    g.play("r1>1")
    assert g.status == "won"


# ----------------------------------------------------------------- tails


@pytest.mark.parametrize("variant, n", [("long-tail", 5), ("short-tail", 8)])
def test_the_tail_takes_any_number_of_cards_one_at_a_time(variant, n):
    g = position(variant, pad(n, "9S", "KH 7D 8S", "KD"), cells=["QC"], filler=3)
    g.play("2>c")
    g.play("2>c")
    assert pile(g, CELL) == "QC 8S 7D"
    assert refused(g, "c1:2>1") == "only the last card of free cell 1 can be played"
    assert refused(g, "c1>1") == "7♦ cannot go onto 9♠: it takes an 8"
    g.play("c1>4")  # 7♦ into an empty column
    g.play("c1>1")
    assert cards(g, 1).endswith("9S 8S") and pile(g, CELL) == "QC"


@pytest.mark.parametrize("variant, n", [("long-tail", 5), ("short-tail", 8)])
def test_the_tail_gets_no_cards_from_a_deal(variant, n):
    g = position(variant, pad(n, "KS"), cells=["QC"], stock="2H", filler=1)
    g.play("d")  # any time, onto the columns only
    assert cards(g, 1).endswith("KS 2H") and pile(g, CELL) == "QC"


# ----------------------------------------------------------------- foundations card by card


def test_cicely_moves_single_cards_up_or_down_in_suit():
    g = position("cicely", ["8H", "7H", "9H", "8S 7S", "KD", "KC", "KS", "QD"],
                 cells=[""] * 8, foundations=[""] * 8, filler=5)
    g.play("2>1")  # 7♥ onto 8♥: down in suit
    g.undo()
    g.play("3>1")  # 9♥ onto 8♥: up in suit
    assert refused(g, "4:2>1") == "cards are lifted one at a time in this game"
    assert refused(g, "4>1") == "7♠ cannot go onto 9♥: it takes an 8 or a 10 of hearts"


def test_cicely_builds_each_suit_up_from_its_ace_and_down_from_its_king():
    g = position("cicely", ["AS", "AH", "KS", "2S", "QS", "KD", "KC", "QD"],
                 cells=[""] * 8, foundations=[""] * 8, filler=6)
    assert refused(g, "2>f1") == "A♥ cannot go onto foundation 1: it takes an Ace of spades"
    g.play("1>f1")
    g.play("4>f")  # 2♠ finds its foundation
    g.play("2>f2")
    assert refused(g, "3>f6") == "K♠ cannot go onto foundation 6: it takes a King of hearts"
    g.play("3>f5")
    g.play("5>f5")
    assert pile(g, FOUND) == "AS 2S" and pile(g, FOUND + 4) == "KS QS"
    g.play("f5>1")  # a foundation's top card may come back
    assert cards(g, 1) == "QS"


def test_cicely_deals_four_cards_onto_every_column():
    g = position("cicely", pad(8, "KS"), cells=[""] * 8, foundations=[""] * 8,
                 stock=" ".join(run(s) for s in "SHD")[:-3], filler=1)
    before = [len(c) for c in g.state.cols]
    g.play("d")
    assert [len(c) - b for c, b in zip(g.state.cols, before)] == [4] * 8


def test_cicely_is_won_with_every_card_on_the_foundations():
    up = [" ".join(reversed(run(s).split())) for s in "SHDC"]
    g = position("cicely", pad(8, "KC"), cells=[""] * 8,
                 foundations=up[:3] + [" ".join(up[3].split()[:12])] + [run(s) for s in "SHDC"])
    g.play("1>f4")
    assert g.status == "won"


@pytest.mark.parametrize("variant, n", [("spidike", 7), ("freds-spider", 10),
                                        ("freds-spider-3decks", 13), ("incompatibility", 10)])
def test_foundations_are_built_from_the_ace_card_by_card_and_runs_stay(variant, n):
    founds = Game.new(variant, 1).rules.foundations
    g = position(variant, pad(n, "AS", "2S", run("H"), "3D"), foundations=[""] * founds,
                 filler=4)
    assert g.state.runs == [] and cards(g, 3) == run("H")  # a complete run stays on the table
    assert refused(g, "2>f1") == "2♠ cannot go onto foundation 1: it takes an Ace"
    g.play("1>f")
    g.play("2>f")
    g.play("f1>4")  # the top card may come back
    assert cards(g, 4).endswith("3D 2S")
    if variant == "spidike":
        assert refused(g, "4>1") == "only a King can go into an empty column, not 2♠"
    else:
        g.play("4>1")


@pytest.mark.parametrize("variant, n", [("spidike", 7), ("freds-spider", 10),
                                        ("freds-spider-3decks", 13), ("incompatibility", 10)])
def test_foundation_games_are_won_with_every_card_on_a_foundation(variant, n):
    g0 = Game.new(variant, 1)
    suits = ["SHDC"[s] for s in g0.rules.deck]
    founds = [" ".join(reversed(run(s).split())) for s in suits]
    founds[0] = " ".join(founds[0].split()[:12])
    g = position(variant, pad(n, "K" + suits[0]), foundations=founds)
    g.play("1>f1")
    assert g.status == "won"


def test_incompatibility_deals_only_onto_columns_with_cards():
    g = position("incompatibility", ["", "KS", "", "KH", "", "", "", "", "", "KD"],
                 foundations=[""] * 8, stock="2C 3C 4C", filler=2)
    g.play("d")
    assert [cards(g, i)[-2:] for i in (2, 4, 10)] == ["2C", "3C", "4C"]
    assert cards(g, 1) == cards(g, 3) == ""


# ----------------------------------------------------------------- a waste


@pytest.mark.parametrize("deal", [1, 2, 3])
def test_brush_deals_as_pysolfc_does_forty_cards_face_up_and_one_onto_the_waste(deal):
    # PySolFC's Brush.startGame (pysollib/games/harp.py): four rows dealt face up, then one
    # card turned onto the waste: 40 up, none down, a waste of one, 63 left in the stock.
    g = Game.new("brush", deal=deal)
    st = g.state
    assert sum(f.count("u") for f in faces(g)) == 40 and "d" not in "".join(faces(g))
    assert extras(g) == {"waste": [1], "stock": [63]}
    assert 40 + len(pile(g, WASTE).split()) + st.stock_left == 104
    g.play("d")
    assert extras(g) == {"waste": [2], "stock": [62]}


@pytest.mark.parametrize("variant, n", [("rachel", 6), ("brush", 10)])
def test_the_stock_turns_onto_a_waste_one_card_at_a_time_with_no_redeal(variant, n):
    g = position(variant, pad(n, "9C", "8H 7S", "KD", "8C"), waste="7H", stock="2C 3C",
                 filler=3)
    g.play("w>4")  # the waste's top card onto a column
    before = [cards(g, i) for i in range(1, n + 1)]
    g.play("d")
    g.play("d")
    assert pile(g, WASTE) == "2C 3C" and [cards(g, i) for i in range(1, n + 1)] == before
    assert refused(g, "d") == "The stock is empty"
    if variant == "rachel":
        g.play("2>1")  # 8♥ 7♠: any descending run lifts, suits mixed
    else:
        assert refused(g, "2:2>1") == "8♥ 7♠ is not one suit"


@pytest.mark.parametrize("variant, n", [("rachel", 6), ("brush", 10)])
def test_a_waste_game_is_won_by_removing_the_runs(variant, n):
    g = position(variant, pad(n, run("S", "K", "2")), waste="AS", completed=others(variant))
    g.play("w>1")
    assert g.status == "won"


# ----------------------------------------------------------------- Chelicera


def test_chelicera_refills_an_emptied_column_with_three_stock_cards():
    g = position("chelicera", pad(7, "9C", "8C", "KD", "TC", "9D 6S 2S"), stock="2H 3H 4H 5H",
                 filler=3)
    assert refused(g, "d") == "In this game the stock fills emptied columns by itself"
    g.play("2>1")
    assert cards(g, 2) == "2H 3H 4H" and faces(g)[1] == "uuu" and g.state.stock_left == 1
    assert refused(g, "5:3>4") == "9♦ cannot go onto 10♣: build down in suit"  # 6♠ 2♠ ride
    g.play("1:2>4")  # 9♣ carries 8♣ onto 10♣
    assert cards(g, 4).endswith("TC 9C 8C")


def test_chelicera_fills_spaces_only_with_kings_once_the_stock_is_gone():
    g = position("chelicera", pad(7, "9C", "7H", "KD"), filler=3)
    assert refused(g, "2>4") == "only a King can go into an empty column, not 7♥"
    g.play("3>4")


def test_chelicera_is_won_by_four_runs_in_the_columns():
    g = position("chelicera", pad(7, run("S"), run("H"), run("D"), run("C", "K", "2"), "AC"))
    g.play("5>4")
    assert g.status == "won"


# ----------------------------------------------------------------- Fechter's Game, Microbe


def test_fechters_game_deals_past_columns_ending_in_a_run_headed_by_a_king():
    g = position("fechters-game", pad(12, "KS QH", "9C", "", "KD"), stock=run("C", "T", "A"),
                 filler=2)
    assert refused(g, "2>3") == "only a King can go into an empty column, not 9♣"
    g.play("d")  # any time; empty columns get a card, King-headed runs none
    assert cards(g, 1) == "KS QH" and cards(g, 4) == "KD"
    assert cards(g, 2).endswith("9C TC") and cards(g, 3) == "9C"
    assert all(len(c) == 1 for c in g.state.cols[4:])


def test_microbe_deals_every_column_and_takes_any_card_into_a_space():
    g = position("microbe", pad(11, "KS QH", "9C", "", "KD"), stock=run("C", "J", "A"),
                 filler=2)
    g.play("2>3")  # any card into a space
    g.undo()
    g.play("d")  # every column gets a card
    assert cards(g, 1) == "KS QH JC" and cards(g, 4) == "KD 8C"


@pytest.mark.parametrize("variant", ["fechters-game", "microbe"])
def test_fechters_game_and_microbe_build_and_lift_in_alternate_colours(variant):
    n = Game.new(variant, 1).rules.columns
    g = position(variant, pad(n, "9C", "8H 7S", "8S", "7C", "KD"), filler=5)
    g.play("2>1")
    assert refused(g, "4>3") == "7♣ cannot go onto 8♠: build down in alternate colours"
    if variant == "fechters-game":
        assert refused(g, "4>2") == "only a King can go into an empty column, not 7♣"
    else:
        g.play("4>2")


@pytest.mark.parametrize("variant", ["fechters-game", "microbe"])
def test_fechters_game_and_microbe_are_won_by_eight_runs_of_alternating_colours(variant):
    n = Game.new(variant, 1).rules.columns
    runs = ac_runs(2)
    last = runs.pop()
    g = position(variant, pad(n, " ".join(last[:12]), last[12]), completed=runs)
    g.play("2>1")
    assert g.status == "won"


def test_microbe_shuffles_its_two_decks_apart():
    for deal in (1, 2, 3):
        g = Game.new("microbe", deal=deal)
        st = g.state
        first = [c for col in st.cols for c in col] + st.undealt()[:8]
        assert Counter(first) == Counter(range(52))  # one whole deck: the table and 8 more
        assert Counter(st.undealt()[8:]) == Counter(range(52))  # then the other deck
    mixed = Game.new("fechters-game", deal=1).state
    assert max(Counter(c for col in mixed.cols for c in col).values()) == 2


# ----------------------------------------------------------------- The Jolly Roger


def test_the_jolly_roger_builds_down_by_twos_and_aces_on_aces():
    g = position("jolly-roger", pad(13, "7S", "5H", "6C", "AD", "AH", "3S AS", "KS",
                                    "9H 7H", "JC"), filler=7)
    assert refused(g, "3>1") == "6♣ cannot go onto 7♠: build down by twos (it takes a 5)"
    g.play("2>1")  # 5♥ onto 7♠: two ranks lower, any suit
    g.play("4>5")  # an Ace onto an Ace
    assert refused(g, "6:2>10") == "3♠ A♠: a run that ends in an Ace cannot be lifted"
    assert refused(g, "1>6") == "5♥ cannot go onto A♠: only an Ace goes onto an Ace"
    g.play("8:2>9")  # 9♥ 7♥, one suit stepping down by two, onto J♣
    assert cards(g, 9) == "JC 9H 7H"
    g.play("5:2>6")  # A♥ A♦, Aces of one colour, lift together onto an Ace
    spider = position("spider-4suit", pad(10, "7S", "5H", "6C"), filler=1)
    assert refused(spider, "2>1") == "5♥ cannot go onto 7♠: it takes a 6"


def test_the_jolly_roger_removes_sixes_by_twos_and_fours_of_aces():
    g = position("jolly-roger", pad(13, "KS JS 9S 7S 5S", "3S", "AS AC AS", "AC", "QH"),
                 filler=5)
    g.play("2>1")
    assert cards(g, 1) == "" and [code(c) for c in g.state.runs[-1]] == "KS JS 9S 7S 5S 3S".split()
    g.play("4>3")
    assert cards(g, 3) == "" and len(g.state.runs[-1]) == 4 and g.runs_removed == 2


def test_the_jolly_roger_is_won_with_all_104_cards_cleared():
    sextets = [(s, top) for s in "SHDC" for top in "KQ"] * 2
    completed = [[r + s for r in ("KJ9753" if top == "K" else "QT8642")] for s, top in sextets]
    completed.remove("KS JS 9S 7S 5S 3S".split())
    completed += [["AS", "AC", "AS", "AC"], ["AH", "AD", "AH", "AD"]]
    g = position("jolly-roger", pad(13, "KS JS 9S 7S 5S", "3S"), completed=completed)
    assert g.status == "playing" and g.deal_refusal() == "The stock is empty"
    g.play("2>1")
    assert g.status == "won"


# ----------------------------------------------------------------- Rouge et Noir

#: One deck on Rouge et Noir's four card-by-card foundations: each starts with the Ace of its
#: suit and goes up in alternating colours.
ROUGE = [[("A23456789TJQK"[i] + (b if i % 2 == 0 else r)) for i in range(13)]
         for b, r in (("S", "H"), ("H", "S"), ("D", "C"), ("C", "D"))]


def test_rouge_et_noir_starts_each_foundation_with_the_ace_of_its_suit():
    g = position("rouge-et-noir", pad(10, "AH", "AS", "2H", "8S", "7S"),
                 foundations=["", "", "", ""], filler=4)
    assert refused(g, "1>f1") == "A♥ cannot go onto foundation 1: it takes an Ace of spades"
    g.play("2>f1")
    g.play("3>f1")  # 2♥ onto A♠: up in alternating colours, any suit
    g.play("1>f")
    assert refused(g, "f1>2") == "cards on the foundations stay there in this game"
    assert refused(g, "5>4") == "7♠ cannot go onto 8♠: build down in alternate colours"
    assert refused(g, "5>1") == "only a King can go into an empty column, not 7♠"


def test_rouge_et_noir_removes_four_runs_of_alternating_colours_and_no_more():
    runs = ac_runs(2)
    fourth, fifth = runs[4], runs[5]
    g = position("rouge-et-noir", pad(10, " ".join(fourth[:12]), fourth[12],
                                      " ".join(fifth[:12]), fifth[12]),
                 foundations=["", "", "", ""], completed=runs[:3], filler=1)
    g.play("2>1")  # the fourth run leaves the table
    assert g.runs_removed == 4 and tuple(code(c) for c in g.state.runs[-1]) == tuple(fourth)
    g.play("4>3")  # the fifth is complete, but four foundations take whole runs: it stays
    assert len(g.state.cols[2]) == 13 and g.runs_removed == 4


def test_rouge_et_noir_is_won_with_both_foundation_systems_full():
    founds = [" ".join(f) for f in ROUGE]
    founds[3] = " ".join(ROUGE[3][:12])
    g = position("rouge-et-noir", pad(10, ROUGE[3][12]), foundations=founds,
                 completed=ac_runs(1))
    g.play("1>f4")
    assert g.status == "won"


def test_rouge_et_noir_deals_onto_empty_columns():
    g = Game.new("rouge-et-noir", deal=4)
    assert cards(g, 10) == "" and g.deal_refusal() is None
    g.play("d")
    assert all(g.state.cols)


# ----------------------------------------------------------------- Bebop


def test_bebop_hands_out_a_column_left_with_its_face_down_cards_and_deals_it_anew():
    stock = "9D 9C TD TC JD JC QC KC"
    g = position("bebop", ["2C 3C 4C 5C 6C 7C 8C / 5H", "6S", "KH", "KD", "QS", "QH", "QD",
                           "JS"], foundations=[""] * 8, stock=stock, filler=8)
    assert refused(g, "d") == "In this game the stock fills emptied columns by itself"
    g.play("1>2")  # the last face-up card leaves column 1
    assert [cards(g, i).split()[-1] for i in range(2, 9)] == "8C 7C 6C 5C 4C 3C 2C".split()
    assert cards(g, 2) == "6S 5H 8C"
    assert cards(g, 1) == stock and faces(g)[0] == "dddddddu" and g.state.stock_left == 0
    g.undo()
    assert cards(g, 1) == "2C 3C 4C 5C 6C 7C 8C 5H" and g.state.stock_left == 8


def test_bebop_leaves_the_column_empty_once_the_stock_is_gone():
    g = position("bebop", ["2C 3C 4C 5C 6C 7C 8C / 5H", "6S", "KH", "KD", "QS", "QH", "QD",
                           "JS"], foundations=[""] * 8, filler=8)
    g.play("1>2")
    assert cards(g, 1) == ""
    g.play("2>1")  # any card into the space: 8♣, all that lifts from 6♠ 5♥ 8♣
    assert cards(g, 1) == "8C"


def test_bebop_builds_by_rank_and_puts_every_card_on_the_foundations():
    g = position("bebop", pad(8, "TD", "9S 8H 7C", "AS", "2S"), foundations=[""] * 8,
                 filler=1)
    g.play("2>1")  # a run of mixed suits lifts whole
    assert cards(g, 1).endswith("TD 9S 8H 7C")
    g.play("3>f")
    g.play("4>f")
    g.play("f1>2")  # the top card may come back
    assert cards(g, 2) == "2S"
    founds = [" ".join(reversed(run(s).split())) for s in "SSHHDDCC"]
    founds[0] = " ".join(founds[0].split()[:12])
    won = position("bebop", pad(8, "KS"), foundations=founds)
    won.play("1>f1")
    assert won.status == "won"


@pytest.mark.parametrize("variant, n", [("spider-web", 7), ("astrocyte", 8), ("long-tail", 5),
                                        ("short-tail", 8), ("how-they-run", 10),
                                        ("three-blind-mice", 10)])
def test_removing_every_run_wins_with_the_extra_piles_empty(variant, n):
    g = position(variant, pad(n, run("S", "K", "2"), "AS"), completed=others(variant))
    g.play("2>1")
    assert g.status == "won"
