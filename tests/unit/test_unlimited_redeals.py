"""Unlimited redeals (``waste.redeals = "unlimited"``; ``UNLIMITED_REDEALS`` in Python, issue 33
item 8): the waste turns back as often as the player likes, past the 100 a file may give as a
number; positions of any count read back; undo is exact; a position turned back to where it was
is the same position to a search, so the solver answers such a game ("won" or "unwinnable")
within a node budget, and ends at its budget even where a plugin's rules keep the count."""

from __future__ import annotations

import pytest
from example_variants import example_rules

from spider_tui.ai.hint import hints
from spider_tui.ai.solver import solve
from spider_tui.engine import UNLIMITED_REDEALS, Game, RuleSet, VariantError
from spider_tui.engine.compiled import compiled
from spider_tui.engine.kinds.waste import MAX_REDEALS
from spider_tui.engine.position import MAX_POSITION_REDEALS
from spider_tui.engine.schema import SPECS, docs_section
from spider_tui.engine.vetting import check_rules
from spider_tui.testing import catalog_with, table


def tiny(redeals: object = "unlimited", **moves: object) -> RuleSet:
    """One suit (13 cards), two columns of one card, the stock turned onto a waste a card at a
    time, one foundation up from the Ace: won when every card is on it."""
    return RuleSet.from_dict({
        "id": "tiny", "win": "foundations", "deck": {"sets": 1, "suits": ["S"]},
        "layout": {"columns": 2, "up": 1}, "stock": {"needs_full_columns": False},
        "moves": {"lift": "single", **moves}, "runs": {"leave": False},
        "waste": {"turn": 1, "redeals": redeals}, "foundations": {"count": 1},
    }, "tiny")


def turn_all_and_back(game: Game) -> None:
    """Turn the whole stock onto the waste, then the waste back into the stock."""
    while game.state.stock_left:
        game.play("d")
    game.play("d")


# ------------------------------------------------------------------ the file and the docs


def test_a_file_says_unlimited_and_a_number_is_still_bounded():
    assert tiny().redeals == UNLIMITED_REDEALS and tiny().unlimited_redeals
    assert tiny(3).redeals_left(1) == 2 and tiny().redeals_left(10**6) is None
    for wrong in (-1, MAX_REDEALS + 1, "always"):
        with pytest.raises(VariantError) as e:
            tiny(wrong)
        assert (f'waste.redeals: must be a whole number of redeals from 0 to {MAX_REDEALS}, or '
                f'"unlimited" (as often as the player likes)') in str(e.value)


def test_the_docs_say_the_numeric_limit_and_the_word():
    spec = SPECS["waste.redeals"]
    assert spec.hi == MAX_REDEALS == 100
    row = next(line for line in docs_section().splitlines() if line.startswith("| `redeals`"))
    assert f'a whole number from 0 to {MAX_REDEALS}, or "unlimited"' in row
    assert "as often as the player likes" in row
    # The position file's own bound is another number, with a name of its own.
    assert MAX_POSITION_REDEALS == 1000


def test_a_python_variant_says_it_with_the_constant_and_passes_the_plugin_check():
    rules = RuleSet(id="py-unlimited", name="Py", deck=(0,), layout=((0, 1),) * 2,
                    deal_to="waste", redeals=UNLIMITED_REDEALS, deal_needs_full=False,
                    win="foundations", runs_leave=False, lift="single",
                    foundation_groups=tiny().foundation_groups)
    check_rules(rules)
    with pytest.raises(VariantError, match=r"redeals: must be a whole number from 0 to 100, or "
                                           r"-1 \(unlimited\)"):
        check_rules(rules.with_changes(redeals=-2))
    assert "unlimited redeals" in rules.summary()


# ------------------------------------------------------------------ playing


def test_the_waste_turns_back_again_and_again_past_any_number():
    rules = tiny()
    cat = catalog_with(rules)
    game = Game.new(rules, deal=2, catalog=cat)
    start = game.to_position()
    for _ in range(MAX_REDEALS + 20):
        turn_all_and_back(game)
    assert game.state.redeals == MAX_REDEALS + 20 and game.deal_refusal() is None
    text = game.to_position()
    assert f"redeals = {MAX_REDEALS + 20}" in text
    again = Game.from_position(text, catalog=cat)
    assert again.to_position() == text and again.deal_refusal() is None
    game.undo_all()
    assert game.to_position() == start


def test_a_limited_game_stops_and_a_position_past_its_redeals_is_refused():
    rules = tiny(1)
    cat = catalog_with(rules)
    game = Game.new(rules, deal=2, catalog=cat)
    turn_all_and_back(game)
    while game.state.stock_left:
        game.play("d")
    assert game.deal_refusal() == "The stock is empty"
    text = game.to_position().replace("redeals = 1", "redeals = 2")
    with pytest.raises(Exception, match="redeals must be a whole number from 0 to 1"):
        Game.from_position(text, catalog=cat)
    unlimited = tiny()
    text = text.replace("redeals = 2", "redeals = 5000")
    assert Game.from_position(text, catalog=catalog_with(unlimited)).state.redeals == 5000
    with pytest.raises(Exception, match="redeals must be a whole number, 0 or more"):
        Game.from_position(text.replace("redeals = 5000", "redeals = -1"),
                           catalog=catalog_with(unlimited))


def test_a_position_turned_back_to_where_it_was_is_the_same_to_a_search():
    rules = tiny()
    game = Game.new(rules, deal=2, catalog=catalog_with(rules))
    game.play("d")  # a card on the waste, so the round starts where a round ends
    key = game.state.key()
    turn_all_and_back(game)
    game.play("d")
    assert game.state.redeals == 1 and game.state.key() == key
    # Where the count is limited it still tells the positions apart (it decides the deals).
    limited = tiny(5)
    game = Game.new(limited, deal=2, catalog=catalog_with(limited))
    game.play("d")
    key = game.state.key()
    turn_all_and_back(game)
    game.play("d")
    assert game.state.key() != key


def test_the_hint_says_the_waste_turns_back_as_often_as_you_like():
    rules = tiny(place="up")  # nothing builds on the columns: turning is all there is
    game = table(rules, ["KS", "QS"], waste="JS", rest="stock", catalog=catalog_with(rules))
    while game.state.stock_left:
        game.play("d")
    hs = hints(game, budget_ms=10**6, max_nodes=200)
    deal = next(h for h in hs if h.move.is_deal)
    assert "(the waste may be turned back as often as you like)" in deal.reason


# ------------------------------------------------------------------ the solver


@pytest.mark.parametrize("deal", [1, 2, 3])
def test_the_solver_wins_an_unlimited_game_within_a_node_budget(deal):
    rules = tiny()
    game = Game.new(rules, deal=deal, catalog=catalog_with(rules))
    result = solve(game, node_budget=20_000)
    assert result.status == "won" and result.nodes <= 20_000
    for move in result.moves:
        game.play(move)
    assert game.status == "won"


def test_the_solver_proves_an_unlimited_game_unwinnable_within_a_node_budget():
    # The Ace lies under the King, which nothing takes and no empty column may hold: however
    # often the waste turns, nothing reaches the foundation.
    rules = tiny(empty="none")
    game = table(rules, ["AS KS", "QS"], rest="stock", catalog=catalog_with(rules))
    result = solve(game, node_budget=20_000)
    assert result.status == "unwinnable" and result.nodes < 5000


def test_a_python_variant_with_unlimited_redeals_is_answered_too():
    fields = {f: getattr(tiny(), f) for f in ("deck", "layout", "deal_needs_full", "lift",
                                              "runs_leave", "win", "foundation_groups",
                                              "deal_to")}
    rules = RuleSet(id="py-tiny", name="Py tiny", redeals=UNLIMITED_REDEALS, **fields)
    game = Game.new(rules, deal=3, catalog=catalog_with(rules))
    assert solve(game, node_budget=20_000).status == "won"


class CountsItsRedeals(RuleSet):
    """The data's win, asked as a plugin's own method: the engine cannot know it ignores the
    redeal count, so the count stays in the key and the positions never repeat."""

    def won(self, table):
        return super().won(table)


def test_a_search_whose_positions_never_repeat_still_ends_at_its_budget():
    rules = tiny(empty="none")
    plugin = CountsItsRedeals(**{f: getattr(rules, f) for f in rules.__dataclass_fields__})
    assert not compiled(plugin).forget_redeals and compiled(rules).forget_redeals
    game = table(plugin, ["AS KS", "QS"], rest="stock", catalog=catalog_with(plugin))
    result = solve(game, node_budget=3000)
    assert result.status == "unknown" and result.nodes <= 3000


def test_the_solver_ends_within_its_budget_on_the_unlimited_example_file():
    rules = example_rules()["unlimited"]
    assert rules.unlimited_redeals
    game = Game.new(rules, deal=1, catalog=catalog_with(rules))
    result = solve(game, node_budget=4000)
    assert result.status in ("won", "unwinnable", "unknown") and result.nodes <= 4000
