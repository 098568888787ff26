"""The engine keeps its own invariants whatever a plugin's deal plan or after-move answer says
(issue 29, item 3): the same cards as before, every pile within what it may hold and in the
order it allows, and a position that reads back. A broken answer is refused naming the plugin
and the method, the variant is switched off and the game is kept as it was."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from plugin_helpers import liar, manager_with, variant_class, variant_plugin

from spider_tui.engine import Catalog, Game, IllegalMove, RuleFailure
from spider_tui.engine.piles import CELL, FOUND, STOCK, Transfer
from spider_tui.scoring import BUILTIN_SCHEMES

#: Games with every kind of pile: cells (Spidercells), a waste (Rachel, Brush), reserves
#: (Trapdoor Spider), cells and card-by-card foundations (Cicely).
BASES = ["spider-1suit", "spidercells", "rachel", "cicely", "trapdoor-spider", "brush"]


def catalog_with(rules) -> Catalog:
    cat = Catalog()
    for s in BUILTIN_SCHEMES:
        cat.add_scoring(s)
    cat.add_variant(rules)
    return cat


def cards_of(game: Game) -> Counter:
    return Counter(game.state.all_cards())


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(base=st.sampled_from(BASES), method=st.sampled_from(["deal_plan", "after_move"]),
       data=st.data())
def test_random_plans_never_lose_a_card_nor_write_an_unreadable_position(base, method, data):
    def plan(self, table, *_move):
        codes = list(self.pile_codes) + [STOCK]
        return [Transfer(data.draw(st.sampled_from(codes)), data.draw(st.sampled_from(codes)),
                         data.draw(st.booleans()))
                for _ in range(data.draw(st.integers(0, 4)))]

    rules = liar(variant_class(**{method: plan}), base=base)
    play_cat, read_cat = catalog_with(rules), catalog_with(rules)
    game = Game.new("liar", data.draw(st.integers(1, 50)), catalog=play_cat)
    deck = cards_of(game)
    for _ in range(6):
        options = [str(m) for m in game.legal_moves()] + ["d"]
        move = data.draw(st.sampled_from(options))
        before = game.to_position()
        try:
            game.play(move)
        except RuleFailure as e:
            assert "Liar" in str(e) and f"{method}()" in str(e)
            assert game.to_position() == before  # kept as it was
            assert "liar" not in play_cat.variants  # switched off for new games
        except IllegalMove:
            assert game.to_position() == before
        assert cards_of(game) == deck
        again = Game.from_position(game.to_position(), catalog=read_cat)
        assert again.to_position() == game.to_position()


def plan_of(*transfers):
    return lambda self, table, *move: list(transfers)


@pytest.mark.parametrize("base, method, plan, problem", [
    ("spider-1suit", "deal_plan", [Transfer(STOCK, STOCK)] * 23,
     "deal_plan() moves a card from the stock to the stock"),
    ("spidercells", "after_move", [Transfer(0, CELL), Transfer(1, CELL)],
     "after_move() puts "),
    ("cicely", "after_move", [Transfer(0, FOUND)], "after_move() puts "),
    ("spidercells", "after_move", [Transfer(0, CELL + 1, False)],
     "after_move() puts a card face down on free cell 2"),
])
def test_the_broken_answers_of_the_issue_are_refused(base, method, plan, problem):
    rules = liar(variant_class(**{method: plan_of(*plan)}), base=base)
    mgr = manager_with(variant_plugin(rules))
    cat = mgr.catalog if "liar" in mgr.catalog.variants else catalog_with(rules)
    game = Game.new("liar", 7, catalog=cat)
    deck = cards_of(game)
    before = game.to_position()
    move = "d" if method == "deal_plan" else str(game.legal_moves()[0])
    with pytest.raises(RuleFailure) as e:
        game.play(move)
    assert problem in str(e.value) and "Liar" in str(e.value)
    assert game.to_position() == before and cards_of(game) == deck


def test_a_move_refusal_that_allows_anything_cannot_overfill_a_cell_or_misbuild_a_foundation():
    rules = liar(variant_class(move_refusal=lambda self, table, src, cards, dst: None),
                 base="cicely")
    game = Game.new("liar", 5, catalog=catalog_with(rules))
    for m in game.legal_moves():
        assert m.dst is None or not FOUND <= m.dst < FOUND + 1000 or m.count == 1
    for text in [f"{i}>f1" for i in range(1, 8)]:
        try:
            game.play(text)
        except IllegalMove:
            continue
        found = game.state.piles[game.rules.pile_index(FOUND)]
        assert found and found[0] % 13 == 0  # only an Ace starts a foundation
