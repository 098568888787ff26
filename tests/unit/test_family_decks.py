"""The Spider family, "Spider itself and its decks" (FAMILY.md): what makes each game different,
from its deal and from concrete positions. Spider, its one- and two-suit decks, Black Widow,
Tarantula, Big Spider, Spiderette and Will o' the Wisp are tested in test_rules_variants.py;
Relaxed Spider and Open Spider are Spider with the relaxed-deal and open house rules."""

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
    position,
    refused,
    run,
    shape,
)

from spider_tui.engine import Game, PositionError


@pytest.mark.parametrize("variant, suits, cards, columns, stock, deals", [
    ("big-spider-1suit", "S", 156, shape(5, 1, 13), 78, [13] * 6),
    ("big-spider-2suit", "SH", 156, shape(5, 1, 13), 78, [13] * 6),
    ("spider-4decks", "SHDC", 208, shape(5, 1, 13), 130, [13] * 10),
    ("spider-3x3", "SHC", 117, shape(4, 1, 13), 52, [13] * 4),
    ("chinese-spider", "SHC", 156, shape(5, 1, 12), 84, [12] * 7),
    ("baby-spiderette", "SHDC", 52, shape(list(range(7)), 1, 7), 24, [7, 7, 7, 3]),
    ("fair-maids", "SHDC", 52, shape(3, 1, 7), 24, [7, 7, 7, 3]),
    ("grandmothers-game", "SHDC", 104, shape(0, 6, 10), 44, [10, 10, 10, 10, 4]),
])
def test_the_deal(variant, suits, cards, columns, stock, deals):
    g = Game.new(variant, deal=7)
    assert deck_suits(g) == suits and len(g.rules.deck_cards()) == cards
    assert faces(g) == columns
    assert extras(g) == {"stock": [stock]}
    assert [len(t) for t in deal_targets(g)] == deals


TEN = ["KS", "", "KH", "KD", "KC", "QS", "QH", "QD", "QC", "JS"]
ROW = run("C", "T", "A")  # ten cards for one deal


def test_relaxed_and_open_spider_are_spider_with_a_house_rule():
    relaxed = position("spider-4suit", TEN, stock=ROW, house_rules=("relaxed-deal",), filler=1)
    relaxed.play("d")
    assert cards(relaxed, 2) == "9C"
    spider = position("spider-4suit", TEN, stock=ROW, filler=1)
    assert refused(spider, "d") == "Fill every empty column before you deal"
    opened = Game.new("spider-4suit", deal=3, house_rules=["open"])
    assert all(set(f) == {"u"} for f in faces(opened))


@pytest.mark.parametrize("variant, runs, suit", [
    ("big-spider-1suit", 12, "S"), ("big-spider-2suit", 12, "H"), ("spider-4decks", 16, "D"),
    ("spider-3x3", 9, "C"), ("chinese-spider", 12, "C"),
])
def test_every_run_of_the_bigger_decks_must_go(variant, runs, suit):
    # All runs but one removed; the last is split between two columns: one move wins.
    g = Game.new(variant, deal=1)
    done = [s for s in g.rules.deck_cards() if s % 13 == 0]  # an Ace per set: its suit
    completed = ["SHDC"[c // 13] for c in done]
    completed.remove(suit)
    n = g.rules.columns
    g = position(variant, [run(suit, "K", "7"), run(suit, "6")] + [""] * (n - 2),
                 completed=completed)
    assert g.rules.win_runs == runs and g.status == "playing"
    g.play("2>1")
    assert g.status == "won" and g.runs_removed == runs


@pytest.mark.parametrize("variant, foreign", [
    ("big-spider-1suit", "KH"), ("big-spider-2suit", "KD"), ("spider-3x3", "KD"),
    ("chinese-spider", "QD"),
])
def test_a_card_foreign_to_the_deck_is_refused(variant, foreign):
    n = Game.new(variant, deal=1).rules.columns
    with pytest.raises(PositionError, match=f"\\({foreign}\\) is not in the {variant} deck"):
        position(variant, [foreign] + ["KS"] * (n - 1), filler=2)


def test_baby_spiderette_lifts_a_run_of_mixed_suits():
    cols = ["9C", "8S 7H", "KD", "KC", "KH", "QD", "JD"]
    g = position("baby-spiderette", cols, filler=3)
    assert "2>1" in legal(g)
    g.play("2>1")
    assert cards(g, 1).endswith("9C 8S 7H")
    spiderette = position("spiderette", cols, filler=3)
    assert refused(spiderette, "2:2>1") == "8♠ 7♥ is not one suit"


def test_baby_spiderette_still_removes_only_runs_of_one_suit():
    g = position("baby-spiderette", [run("S", "K", "2"), "AS", "", "", "", "", ""],
                 completed=["H", "D", "C"])
    g.play("2>1")
    assert g.status == "won"
    mixed = position("baby-spiderette", [run("S", "K", "2"), "AH", "KH", "AS", "", "", ""],
                     completed=["D", "C"], filler=3)
    mixed.play("2>1")
    assert mixed.runs_removed == 2 and cards(mixed, 1) == run("S", "K", "2") + " AH"


def test_fair_maids_runs_alternate_colours():
    g = position("fair-maids", ["9C", "8H 7S", "8S 7C", "KD", "KC", "QD", "JD"], filler=4)
    g.play("2>1")  # 8♥ 7♠ alternate: Spider would not lift them
    assert refused(g, "3:2>1") == "8♠ 7♣ does not alternate colours"
    spider = position("spiderette", ["9C", "8H 7S", "8S 7C", "KD", "KC", "QD", "JD"],
                      filler=4)
    assert refused(spider, "2:2>1") == "8♥ 7♠ is not one suit"


def test_fair_maids_is_won_by_four_runs_of_alternating_colours():
    runs = ac_runs(1)
    last = runs.pop()
    g = position("fair-maids", [" ".join(last[:12]), last[12], "", "", "", "", ""],
                 completed=runs)
    assert g.status == "playing"
    g.play("2>1")
    assert g.status == "won" and g.state.runs[-1] == tuple(g.state.runs[-1])
    assert [c for c in g.state.cols if c] == []


def test_grandmothers_game_deals_onto_empty_columns():
    g = position("grandmothers-game", TEN, stock=ROW, filler=1)
    assert g.deal_refusal() is None
    g.play("d")
    assert cards(g, 2) == "9C" and all(g.state.cols)
    spider = position("spider-4suit", TEN, stock=ROW, filler=1)
    assert refused(spider, "d") == "Fill every empty column before you deal"


@pytest.mark.parametrize("variant", ["big-spider-1suit", "big-spider-2suit", "spider-4decks",
                                     "spider-3x3", "chinese-spider", "baby-spiderette",
                                     "fair-maids"])
def test_no_deal_while_a_column_is_empty(variant):
    n = Game.new(variant, deal=1).rules.columns
    g = position(variant, ["KS", ""] + run("S", "Q", "2").split()[:n - 2], stock="AS", filler=1)
    assert refused(g, "d") == "Fill every empty column before you deal"


def test_grandmothers_game_lifts_only_runs_of_one_suit():
    g = position("grandmothers-game", TEN[:2] + ["9C", "8H 7S"] + TEN[4:], filler=1)
    assert refused(g, "4:2>3") == "8♥ 7♠ is not one suit"
    assert refused(g, "4>3") == "8♥ 7♠ is not one suit"  # the 8 would fit, but not alone


def test_grandmothers_game_is_won_by_removing_the_runs():
    g = position("grandmothers-game", ["", run("S", "K", "2"), "AS"] + [""] * 7,
                 completed=list("SHHDDCC"))
    g.play("3>2")
    assert g.status == "won"
