"""The Spider family, "Open games" (FAMILY.md): what makes each game different, from its deal and
from concrete positions. Several games FAMILY.md files here deal face-down cards in PySolFC (Big
and Very Big Divorce, Trillium, Lily, Wake-Robin, Autumn Leaves, Arachnida, Harvestman, the
Russian group): the deals below follow PySolFC's code."""

from __future__ import annotations

import pytest
from family import (
    ac_runs,
    cards,
    deal_targets,
    deck_suits,
    extras,
    faces,
    legal,
    others,
    pad,
    position,
    refused,
    run,
    shape,
)

from spider_tui.engine import Game

ALL = "SHDC"


@pytest.mark.parametrize("variant, cards_, columns, stock, deals", [
    ("simple-simon", 52, shape(0, [8, 8, 8, 7, 6, 5, 4, 3, 2, 1], 10), 0, []),
    ("simon-jester", 104, shape(0, [13, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 14), 0, []),
    ("mrs-mop", 104, shape(0, 8, 13), 0, []),
    ("york", 104, shape(0, [8, 8] + [9] * 8 + [8, 8], 12), 0, []),
    ("big-york", 156, shape(0, [12] + [11] * 12 + [12], 14), 0, []),
    ("grounds-for-a-divorce", 104, shape(0, 5, 10), 54, [10] * 5 + [4]),
    ("big-divorce", 156, shape(5, 1, 13), 78, [13] * 6),
    ("very-big-divorce", 208, shape(5, 1, 12), 136, [12] * 11 + [4]),
    ("trillium", 104, ["dudu"] * 13, 52, [13] * 4),
    ("lily", 104, ["dudu"] * 13, 52, [13] * 4),
    ("wake-robin", 104, ["dudu"] * 9, 68, [9] * 7 + [5]),
    ("wake-robin-3decks", 156, ["dudu"] * 13, 104, [13] * 8),
    ("autumn-leaves", 52, shape([3, 3, 2, 2, 3, 3], 1, 6), 30, [6] * 5),
    ("curds-and-whey", 52, shape(0, 4, 13), 0, []),
    ("miss-muffet", 52, shape(0, [6] + [5] * 8 + [6], 10), 0, []),
    ("nordic", 52, shape(0, [6] + [5] * 8 + [6], 10), 0, []),
    ("arachnida", 104, shape([5] * 4 + [4] * 6, 1, 10), 50, [10] * 5),
    ("harvestman", 104, shape([5] * 4 + [4] * 6, 1, 10), 50, [10] * 5),
    ("daddy-longlegs", 52, shape(0, 1, 4), 48, [4] * 12),
    ("russian-spider", 52, shape(list(range(7)), [1] + [5] * 6, 7), 0, []),
    ("double-russian-spider", 104, shape(list(range(9)) + [8], 6, 10), 0, []),
    ("kiev", 52, shape(3, 1, 7), 24, [7, 7, 7, 3]),
    ("dnieper", 52, shape(3, 1, 7), 24, [7, 7, 7, 3]),
    ("sevastopol", 52, shape([2, 3, 2, 3, 2, 3, 2], 1, 7), 28, [7] * 4),
])
def test_the_deal(variant, cards_, columns, stock, deals):
    g = Game.new(variant, deal=7)
    assert deck_suits(g) == ALL and len(g.rules.deck_cards()) == cards_
    assert faces(g) == columns
    assert extras(g) == {"stock": [stock]}
    got = [len(t) for t in deal_targets(g)]
    assert got == deals
    if not deals:
        assert refused(g, "d") == "The stock is empty"


# ----------------------------------------------------------------- open games with no stock


@pytest.mark.parametrize("variant", ["simple-simon", "simon-jester", "mrs-mop"])
def test_every_card_is_in_play_and_spider_building_wins(variant):
    g = Game.new(variant, deal=2)
    assert g.state.stock_left == 0 and all(d == 0 for d in g.state.down)
    won = position(variant, pad(g.rules.columns, run("S", "K", "2"), "AS"),
                   completed=others(variant))
    assert refused(won, "d") == "The stock is empty"
    won.play("2>1")
    assert won.status == "won"


# ----------------------------------------------------------------- wrapping ranks

WRAP = ["york", "big-york", "grounds-for-a-divorce", "big-divorce", "very-big-divorce"]


@pytest.mark.parametrize("variant", WRAP + ["spider-4suit"])
def test_a_king_goes_onto_an_ace_where_ranks_wrap(variant):
    n = Game.new(variant, deal=1).rules.columns
    g = position(variant, pad(n, "AS", "KH", "QD JD"), filler=2)
    if variant == "spider-4suit":
        assert refused(g, "2>1") == "nothing goes onto an Ace"
        return
    assert refused(g, "3:2>1") == "Q♦ cannot go onto A♠: it takes a King"
    g.play("2>1")  # any suit: building is by rank, past the corner
    assert cards(g, 1) == "AS KH"


@pytest.mark.parametrize("variant", WRAP)
def test_a_run_turning_the_corner_lifts_and_leaves_the_table(variant):
    n = Game.new(variant, deal=1).rules.columns
    corner = "5H 4H 3H 2H AH KH QH JH TH 9H 8H 7H"
    g = position(variant, pad(n, corner, "6H", "2S AS KS QS", "3D"), filler=2)
    assert "3>4" in legal(g)  # 2♠ A♠ K♠ Q♠ is one run, across the corner
    g.play("2>1")
    assert g.runs_removed == 1 and cards(g, 1) == ""
    assert sorted(g.state.runs[0]) == list(range(13, 26))  # the thirteen hearts


@pytest.mark.parametrize("variant", WRAP)
def test_the_wrapping_games_are_won_by_removing_every_run(variant):
    n = Game.new(variant, deal=1).rules.columns
    g = position(variant, pad(n, "4H 3H 2H AH KH QH JH TH 9H 8H 7H 6H", "5H"),
                 completed=others(variant, "H"))
    g.play("2>1")  # the last run turns the corner: 4♥ down to 5♥
    assert g.status == "won"


TOPS = ["KS", "KH", "KD", "KC"] * 2 + ["QS", "QH"] * 2


@pytest.mark.parametrize("variant", ["grounds-for-a-divorce", "big-divorce", "very-big-divorce"])
def test_a_divorce_deal_skips_empty_columns_and_may_come_any_time(variant):
    n = Game.new(variant, deal=1).rules.columns
    g = position(variant, [""] + TOPS[:n - 1], stock=run("C", "Q", "2") + " " + run("D", "Q", "2"),
                 filler=2)
    g.play("d")
    assert cards(g, 1) == "" and all(len(c) >= 2 for c in g.state.cols[1:])
    assert g.state.stock_left == 22 - (n - 1)


def test_a_divorce_deal_onto_an_empty_table_goes_to_column_1():
    g = position("grounds-for-a-divorce", pad(10), stock=run("S"), completed=list("SHDCHDC"))
    g.play("d")
    assert cards(g, 1) == "KS" and [len(c) for c in g.state.cols[1:]] == [0] * 9


# ----------------------------------------------------------------- Trillium, Lily, Wake-Robin


@pytest.mark.parametrize("variant", ["trillium", "lily"])
def test_trillium_builds_and_lifts_in_alternate_colours(variant):
    g = position(variant, pad(13, "9C", "8H 7S", "8S", "7C", "KD"), filler=5)
    g.play("2>1")  # 8♥ 7♠ alternate colours: lifted together, onto a black 9
    assert cards(g, 1).endswith("9C 8H 7S")
    assert refused(g, "4>3") == "7♣ cannot go onto 8♠: build down in alternate colours"
    spider = position("spider-4suit", pad(10, "9C", "8H 7S"), filler=1)
    assert refused(spider, "2:2>1") == "8♥ 7♠ is not one suit"


def test_trillium_takes_any_card_into_an_empty_column_lily_only_a_king():
    trillium = position("trillium", pad(13, "9C", "7H"), filler=1)
    trillium.play("2>3")
    lily = position("lily", pad(13, "9C", "7H"), filler=1)
    assert refused(lily, "2>3") == "only a King can go into an empty column, not 7♥"


@pytest.mark.parametrize("variant", ["trillium", "wake-robin"])
def test_a_face_up_card_under_a_face_down_one_joins_the_play(variant):
    n = Game.new(variant, 1).rules.columns
    g = position(variant, pad(n, "3C 8D^ 5S / 9H", "TS"), filler=2)
    assert faces(g)[0] == "dudu"
    g.play("1>2")
    assert faces(g)[0] == "duu"  # 5♠ turned over; 8♦ was face up all along
    g.play("1>3")
    assert cards(g, 1) == "3C 8D" and faces(g)[0] == "du"


@pytest.mark.parametrize("variant, runs", [("trillium", ac_runs(2)), ("lily", ac_runs(2)),
                                           ("wake-robin", ac_runs(2)),
                                           ("wake-robin-3decks", ac_runs(3))])
def test_won_when_every_column_is_one_complete_run(variant, runs):
    n = Game.new(variant, 1).rules.columns
    cols = [" ".join(r) for r in runs[:-1]] + [" ".join(runs[-1][:12]), runs[-1][12]]
    g = position(variant, pad(n, *cols))
    assert g.status == "playing" and g.state.runs == []
    g.play(f"{len(cols)}>{len(cols) - 1}")
    assert g.status == "won" and g.state.runs == []  # the runs stay on the table


@pytest.mark.parametrize("variant, n", [("wake-robin", 9), ("wake-robin-3decks", 13)])
def test_wake_robin_builds_and_lifts_by_rank_alone(variant, n):
    g = position(variant, pad(n, "9C", "8C 7H", "8S"), filler=1)
    g.play("2>1")  # 8♣ 7♥ lift together and go onto 9♣: suits never matter
    assert cards(g, 1).endswith("9C 8C 7H")
    assert refused(g, "3>1") == "8♠ cannot go onto 7♥: it takes a 6"


@pytest.mark.parametrize("variant", ["trillium", "lily", "wake-robin", "wake-robin-3decks",
                                     "autumn-leaves"])
def test_a_deal_may_come_while_columns_are_empty(variant):
    n = Game.new(variant, 1).rules.columns
    g = position(variant, pad(n, "KS"), stock="QS", filler=1)
    assert g.deal_refusal() is None
    g.play("d")
    assert cards(g, 1).endswith("KS QS")


# ----------------------------------------------------------------- Autumn Leaves


def test_autumn_leaves_places_any_lower_card_of_the_suit():
    g = position("autumn-leaves", ["9H", "5H", "8S", "KS", "KD", "KC"], filler=4)
    g.play("2>1")  # 5♥ onto 9♥: Spider wants an 8
    assert cards(g, 1).endswith("9H 5H")
    assert refused(g, "3>1") == "8♠ cannot go onto 5♥: it takes a lower card of hearts"
    assert refused(g, "1:2>2") == "9♥ 5♥ does not descend by one"
    spider = position("spiderette", pad(7, "9H", "5H", "KS"), filler=3)
    assert refused(spider, "2>1") == "5♥ cannot go onto 9♥: it takes an 8"


def test_autumn_leaves_is_won_by_four_runs_in_the_columns():
    g = position("autumn-leaves", [run("S"), run("H"), run("D"), run("C", "K", "2"), "AC", ""])
    g.play("5>4")
    assert g.status == "won" and g.state.runs == []  # the runs stay on the table


# ----------------------------------------------------------------- Curds and Whey's kin

CURDS = [("curds-and-whey", 13), ("miss-muffet", 10), ("nordic", 10)]


@pytest.mark.parametrize("variant, n", CURDS)
def test_curds_and_whey_builds_on_the_same_rank_or_down_in_suit(variant, n):
    g = position(variant, pad(n, "8S", "7H", "7S", "8D", "KC"), filler=5)
    assert refused(g, "2>1") == "7♥ cannot go onto 8♠: it takes an 8 or a 7 of spades"
    g.play("4>1")  # 8♦ onto 8♠: the same rank, any suit
    g.undo()
    g.play("3>1")  # 7♠ onto 8♠: down in suit


@pytest.mark.parametrize("variant, n", CURDS)
def test_curds_and_whey_lifts_a_suited_run_or_a_group_of_one_rank(variant, n):
    g = position(variant, pad(n, "8D", "9S 8S 8H", "KC"), filler=3)
    assert refused(g, "2:3>1").startswith("those cards mix two kinds of run")
    g.play("2:2>1")  # 8♠ 8♥: a group of one rank, onto another 8
    assert cards(g, 1) == "8D 8S 8H"
    if variant == "nordic":
        g.play("2>4")
    else:
        assert refused(g, "2>4") == "only a King can go into an empty column, not 9♠"


@pytest.mark.parametrize("variant, n", CURDS)
def test_curds_and_whey_is_won_by_four_runs_in_the_columns(variant, n):
    g = position(variant, pad(n, run("S"), run("H"), run("D"), run("C", "K", "2"), "AC"))
    g.play("5>4")
    assert g.status == "won" and g.state.runs == []  # the runs stay on the table


@pytest.mark.parametrize("variant", ["arachnida", "harvestman"])
def test_arachnida_places_on_the_same_rank_and_lifts_groups(variant):
    g = position(variant, pad(10, "8S", "7H", "8D", "9C 8C 8H"), filler=1)
    assert "4:2>1" in legal(g)  # 8♣ 8♥: a group of one rank, onto an 8
    if variant == "arachnida":
        g.play("2>1")  # down in any suit, as in Spider
        g.undo()
    else:
        assert refused(g, "2>1") == "7♥ cannot go onto 8♠: it takes an 8 or a 7 of spades"
    g.play("3>1")  # 8♦ onto 8♠: Spider would not
    spider = position("spider-4suit", pad(10, "8S", "7H", "8D"), filler=1)
    assert refused(spider, "3>1") == "8♦ cannot go onto 8♠: it takes a 7"


@pytest.mark.parametrize("variant", ["arachnida", "harvestman"])
def test_arachnida_removes_runs_and_deals_only_onto_full_columns(variant):
    g = position(variant, pad(10, run("S", "K", "2"), "AS"), stock=run("C"), filler=1)
    assert refused(g, "d") == "Fill every empty column before you deal"
    g = position(variant, pad(10, run("S", "K", "2"), "AS"), completed=others(variant))
    g.play("2>1")
    assert g.status == "won"


# ----------------------------------------------------------------- Daddy Longlegs


def test_daddy_longlegs_builds_up_in_suit_and_lifts_any_face_up_card():
    g = position("daddy-longlegs", ["5C", "6C", "8H", "9H 2S"], filler=4)
    g.play("2>1")  # 6♣ onto 5♣: up in suit
    g.play("4:2>3")  # 9♥ carries 2♠ along
    assert cards(g, 1).endswith("5C 6C") and cards(g, 3).endswith("8H 9H 2S")
    assert refused(g, "1:2>2") == "only an Ace can go into an empty column, not 5♣"
    down = position("daddy-longlegs", ["5C", "4C", "KS", "KH"], filler=3)
    assert refused(down, "2>1") == "4♣ cannot go onto 5♣: it takes a 6 of clubs"


def test_daddy_longlegs_deals_any_time_and_is_won_by_four_rising_runs():
    rising = [" ".join(reversed(run(s).split())) for s in "SHD"]
    g = position("daddy-longlegs", ["", rising[1], rising[2], rising[0]], stock="KC", filler=2)
    assert g.deal_refusal() is None
    g = position("daddy-longlegs", [" ".join(rising[0].split()[:12]), rising[1], rising[2],
                                    " ".join(reversed(run("C").split())) + " KS"])
    assert g.status == "playing"
    g.play("4>1")
    assert g.status == "won"


# ----------------------------------------------------------------- the Russian group

RUSSIAN = [("russian-spider", 7), ("double-russian-spider", 10), ("kiev", 7), ("dnieper", 7),
           ("sevastopol", 7)]


@pytest.mark.parametrize("variant, n", RUSSIAN)
def test_the_russian_group_builds_in_suit_and_lifts_any_face_up_card(variant, n):
    g = position(variant, pad(n, "8H", "7H", "7S", "TC", "9C 4D 2S", "KD"), filler=6)
    why = "it takes a 7 of hearts" if variant == "dnieper" else "build down in suit"
    assert refused(g, "3>1") == f"7♠ cannot go onto 8♥: {why}"
    g.play("2>1")
    g.play("5:3>4")  # 9♣ with 4♦ and 2♠ on it, in no order
    assert cards(g, 4).endswith("TC 9C 4D 2S")
    if variant in ("russian-spider", "double-russian-spider"):
        assert refused(g, "3>2") == "only a King can go into an empty column, not 7♠"
    else:
        g.play("3>2")
    spider = position("spider-4suit", pad(10, "TC", "9C 4D 2S"), filler=1)
    assert refused(spider, "2:3>1") == "4♦ 2♠ does not descend by one"


@pytest.mark.parametrize("variant, n", RUSSIAN)
def test_the_russian_group_is_won_by_removing_every_run(variant, n):
    g = position(variant, pad(n, run("S", "K", "2"), "AS"), completed=others(variant))
    g.play("2>1")
    assert g.status == "won"


@pytest.mark.parametrize("variant", ["kiev", "dnieper", "sevastopol"])
def test_kiev_deals_any_time(variant):
    g = position(variant, pad(7, "KS"), stock="QS JS", filler=1)
    g.play("d")
    assert cards(g, 1).endswith("KS QS") and cards(g, 2) == "JS"


def test_dnieper_puts_a_king_on_the_ace_of_its_suit():
    g = position("dnieper", pad(7, "AS", "KS", "KH"), filler=2)
    assert refused(g, "3>1") == "K♥ cannot go onto A♠: it takes a King of spades"
    g.play("2>1")
    assert cards(g, 1).endswith("AS KS")
    kiev = position("kiev", pad(7, "AS", "KS"), filler=2)
    assert refused(kiev, "2>1") == "nothing goes onto an Ace"
