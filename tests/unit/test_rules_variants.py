"""Every variant and house rule of docs/spec.md section 2: what makes each one different, shown on a
fresh deal (layout, stock, deals) and on hand-made positions (the rules)."""

from __future__ import annotations

import pytest

from spider_tui.engine import Game, IllegalMove, SpiderError
from spider_tui.engine.cards import code


def up(game, n: int) -> list[str]:
    return [code(c) for c in game.state.face_up(n - 1)]


def legal(game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def shape(game) -> list[tuple[int, int]]:
    st = game.state
    return [(st.down[i], len(c) - st.down[i]) for i, c in enumerate(st.cols)]


def deal_sizes(game) -> list[int]:
    """Play every deal of a fresh game (filling nothing: no column is empty) and record how many
    cards each put down, and on which columns."""
    sizes = []
    while game.deal_refusal() is None:
        before = [len(c) for c in game.state.cols]
        game.play("d")
        grew = [i for i, c in enumerate(game.state.cols) if len(c) > before[i]]
        assert grew == list(range(len(grew))), "a deal goes to the first columns, in order"
        sizes.append(len(grew))
    return sizes


SPIDER_LAYOUT = [(5, 1)] * 4 + [(4, 1)] * 6


@pytest.mark.parametrize("variant, suits", [
    ("spider-1suit", "S"), ("spider-2suit", "SH"), ("spider-4suit", "SHDC"),
    ("black-widow", "SHDC"), ("tarantula", "SHDC"),
])
def test_two_deck_variants_deal_like_spider(variant, suits):
    g = Game.new(variant, deal=5)
    assert shape(g) == SPIDER_LAYOUT
    assert g.state.stock_left == 50 and g.deals_left == 5
    assert deal_sizes(g) == [10] * 5
    assert g.rules.win_runs == 8
    assert {code(c)[1] for c in g.rules.deck_cards()} == set(suits)
    assert len(g.rules.deck_cards()) == 104


def test_spiderette_layout_and_deals():
    g = Game.new("spiderette", deal=9)
    assert shape(g) == [(i, 1) for i in range(7)]
    assert g.state.stock_left == 24 and g.deals_left == 4
    assert deal_sizes(g) == [7, 7, 7, 3]
    assert g.rules.win_runs == 4 and len(g.rules.deck_cards()) == 52


def test_will_o_the_wisp_layout_and_deals():
    g = Game.new("will-o-the-wisp", deal=9)
    assert shape(g) == [(2, 1)] * 7
    assert g.state.stock_left == 31 and g.deals_left == 5
    assert deal_sizes(g) == [7, 7, 7, 7, 3]
    assert g.rules.win_runs == 4


def test_big_spider_layout_and_deals():
    g = Game.new("big-spider", deal=9)
    assert shape(g) == [(5, 1)] * 13
    assert g.state.stock_left == 78 and g.deals_left == 6
    assert deal_sizes(g) == [13] * 6
    assert g.rules.win_runs == 12 and len(g.rules.deck_cards()) == 156


def test_scorpion_layout_and_deal():
    g = Game.new("scorpion", deal=9)
    assert shape(g) == [(3, 4)] * 4 + [(0, 7)] * 3
    assert g.state.stock_left == 3 and g.deals_left == 1
    assert deal_sizes(g) == [3]
    assert g.rules.win_runs == 4


# ----------------------------------------------------------------- few-run wins

ONE_DECK_WIN = """
format = "spider-position/1"
variant = "{variant}"
completed = ["S", "H", "D"]
stock = []
columns = [
  {{ up = ["KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C"] }},
  {{ up = ["AC"] }}, {{}}, {{}}, {{}}, {{}}, {{}},
]
"""


@pytest.mark.parametrize("variant", ["spiderette", "will-o-the-wisp", "scorpion"])
def test_four_runs_win_a_one_deck_game(table, variant):
    g = table(ONE_DECK_WIN.format(variant=variant))
    assert g.status == "playing"
    g.play("2>1")
    assert g.status == "won" and g.runs_removed == 4


BIG_WIN = """
format = "spider-position/1"
variant = "big-spider"
completed = ["S", "S", "S", "H", "H", "H", "D", "D", "D", "C", "C"]
stock = []
columns = [
  { up = ["KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C"] },
  { up = ["AC"] }, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {},
]
"""


def test_big_spider_is_won_by_twelve_runs(table):
    g = table(BIG_WIN)
    assert g.runs_removed == 11 and g.status == "playing"
    g.play("2>1")
    assert g.status == "won" and g.runs_removed == 12


# ----------------------------------------------------------------- lifting rules

# Two sets of spades, one of hearts and one of clubs are in play (the rest are removed).
LIFTING = """
format = "spider-position/1"
variant = "{variant}"
completed = ["H", "D", "D", "C"]
stock = []
columns = [
  {{ up = ["9H", "8S", "7H"] }},
  {{ up = ["TC"] }},
  {{ up = ["9S", "8C", "7S"] }},
  {{ up = ["TH"] }},
  {{ up = ["9S", "8H"] }},
  {{ up = ["KS"] }}, {{ up = ["KS"] }}, {{ up = ["KH"] }}, {{ up = ["KC"] }},
  {{ up = ["QC"] }},
]
"""


def test_black_widow_lifts_any_descending_run(table):
    g = table(LIFTING.format(variant="black-widow"), filler=10)
    g.play("1>2")  # 9♥ 8♠ 7♥ onto 10♣, suits mixed
    assert up(g, 2) == ["TC", "9H", "8S", "7H"] and up(g, 1) == []
    assert "3>4" in legal(g) and "5>4" in legal(g)


def test_spider_refuses_the_same_mixed_run(table):
    g = table(LIFTING.format(variant="spider-4suit"), filler=10)
    with pytest.raises(IllegalMove, match="^8♠ 7♥ is not one suit$"):
        g.play("1>2")  # the break nearest the top is named


def test_tarantula_lifts_a_run_of_one_colour(table):
    g = table(LIFTING.format(variant="tarantula"), filler=10)
    g.play("3>4")  # 9♠ 8♣ 7♠: all black
    assert up(g, 4) == ["TH", "9S", "8C", "7S"]
    with pytest.raises(IllegalMove) as e:
        g.play("5>2")  # 9♠ 8♥ cannot go together
    assert str(e.value) == "9♠ 8♥ is not one colour"
    with pytest.raises(IllegalMove, match="^8♠ 7♥ is not one colour$"):
        g.play("1:3>2")


MIXED_KING_TO_ACE = """
format = "spider-position/1"
variant = "{variant}"
completed = ["H", "H", "D", "D", "S", "C"]
stock = []
columns = [
  {{ up = ["KS", "QC", "JS", "TC", "9S", "8C", "7S", "6C", "5S", "4C", "3S", "2C"] }},
  {{ up = ["AS"] }},
  {{ up = ["KC", "QS", "JC", "TS", "9C", "8S", "7C", "6S", "5C", "4S", "3C", "2S"] }},
  {{ up = ["AC"] }}, {{}}, {{}}, {{}}, {{}}, {{}}, {{}},
]
"""


@pytest.mark.parametrize("variant", ["black-widow", "tarantula"])
def test_a_mixed_suit_king_to_ace_run_is_not_complete(table, variant):
    g = table(MIXED_KING_TO_ACE.format(variant=variant))
    step = g.play("2>1")
    assert step.removed == () and len(g.state.cols[0]) == 13
    g.play("1>5")  # the whole thirteen lift together, and can go into an empty column
    assert len(g.state.cols[4]) == 13


# ----------------------------------------------------------------- scorpion

SCORPION = """
format = "spider-position/1"
variant = "scorpion"
completed = ["D"]
stock = ["2C", "3C", "4C"]
columns = [
  {{ down = ["5H"], up = ["8S"] }},
  {{ up = ["7H"] }},
  {{ up = ["8H"] }},
  {{ up = ["TC"] }},
  {{ up = ["KS", "9C", "4H", "2S"] }},
  {{ up = [] }},
  {{ up = ["QH", "7S", "KC", "3H"] }},
]
"""


def scorpion(table, **replace):
    text = SCORPION.format()
    for old, new in replace.items():
        text = text.replace(old, new)
    return table(text, filler=4)


def test_scorpion_builds_down_in_suit_only(table):
    g = scorpion(table)
    with pytest.raises(IllegalMove) as e:
        g.play("2>1")
    assert str(e.value) == "7♥ cannot go onto 8♠: build down in suit"
    g.play("2>3")
    assert up(g, 3) == ["8H", "7H"]


def test_scorpion_lifts_any_face_up_card_with_everything_on_it(table):
    g = scorpion(table)
    step = g.play("5>4")  # 9♣ carries 4♥ and 2♠, out of order
    assert step.move.count == 3
    assert up(g, 4) == ["TC", "9C", "4H", "2S"] and up(g, 5) == ["KS"]


def test_scorpion_fills_an_empty_column_only_with_a_king(table):
    g = scorpion(table)
    with pytest.raises(IllegalMove) as e:
        g.play("3>6")
    assert str(e.value) == "only a King can go into an empty column, not 8♥"
    with pytest.raises(IllegalMove, match="only a King"):
        g.play("5:2>6")
    step = g.play("7>6")  # the longest group headed by a King: K♣ 3♥
    assert step.move.count == 2 and up(g, 6) == ["KC", "3H"] and up(g, 7) == ["QH", "7S"]
    moves = legal(g)
    assert "5:4>6" not in moves  # column 6 is no longer empty


def test_scorpion_lists_king_groups_into_empty_columns(table):
    g = scorpion(table)
    into_empty = [m for m in legal(g) if m.endswith(">6")]
    assert into_empty == ["5:4>6", "7:2>6"]


def test_scorpion_deals_three_cards_onto_columns_1_to_3_with_empty_columns(table):
    g = scorpion(table)
    assert g.state.cols[5] == [] and g.deal_refusal() is None
    g.play("d")
    assert up(g, 1) == ["8S", "2C"] and up(g, 2) == ["7H", "3C"] and up(g, 3) == ["8H", "4C"]
    assert up(g, 4) == ["TC"] and g.state.cols[5] == []
    assert g.deal_refusal() == "The stock is empty"


def test_scorpion_face_down_cards_do_not_lift(table):
    g = scorpion(table)
    with pytest.raises(IllegalMove, match="only 1 face-up card"):
        g.play("1:2>3")


# ----------------------------------------------------------------- house rules

RELAXED = """
format = "spider-position/1"
variant = "spider-1suit"
house_rules = {house_rules}
completed = ["S", "S", "S", "S", "S", "S"]
stock = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"]
columns = [
  {{ up = ["KS"] }}, {{ up = ["QS"] }}, {{ up = ["JS"] }}, {{}}, {{ up = ["9S"] }},
  {{ up = ["8S"] }}, {{ up = ["7S"] }}, {{ up = ["6S"] }}, {{ up = ["5S"] }}, {{ up = ["4S"] }},
]
"""


def test_relaxed_deal_allows_dealing_onto_empty_columns(table):
    strict = table(RELAXED.format(house_rules="[]"), filler=10)
    assert strict.deal_refusal() == "Fill every empty column before you deal"
    g = table(RELAXED.format(house_rules='["relaxed-deal"]'), filler=10)
    assert g.deal_refusal() is None and legal(g)[-1] == "d"
    g.play("d")
    assert up(g, 4) == ["4S"]  # the empty column gets its card like the others
    assert up(g, 1) == ["KS", "AS"]


@pytest.mark.parametrize("variant", ["spider-4suit", "spiderette", "big-spider", "scorpion"])
def test_open_deals_the_same_cards_all_face_up(variant):
    closed = Game.new(variant, deal=77)
    g = Game.new(variant, deal=77, house_rules=["open"])
    assert g.state.cols == closed.state.cols
    assert g.state.undealt() == closed.state.undealt()
    assert set(g.state.down) == {0}
    assert g.house_rules == ("open",)


MANUAL = """
format = "spider-position/1"
variant = "spider-2suit"
house_rules = {house_rules}
completed = ["S", "S", "S", "H", "H", "H"]
stock = []
columns = [
  {{ down = ["5H"], up = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"] }},
  {{ up = ["AS"] }},
  {{ up = ["QH"] }}, {{ up = ["JH"] }}, {{ up = ["TH"] }}, {{ up = ["9H"] }}, {{ up = ["8H"] }},
  {{ up = ["7H"] }}, {{ up = ["6H"] }}, {{ up = ["KH"] }},
]
"""


def test_manual_removal_leaves_the_run_until_moved_to_the_foundation(table):
    g = table(MANUAL.format(house_rules='["manual-removal"]'), filler=10)
    with pytest.raises(IllegalMove, match="^column 1 does not end with a complete King-to-Ace"):
        g.play("1>f")
    step = g.play("2>1")
    assert step.removed == () and len(up(g, 1)) == 13
    assert "1>f" in legal(g)
    assert "1:13>2" in legal(g)  # the finished run can also be moved, into the empty column
    before = g.to_position()
    step = g.play("1>f")
    assert str(step.move) == "1>f" and step.removed == ((0, 0),) and step.flips == 1
    assert up(g, 1) == ["5H"] and g.runs_removed == 7
    g.undo()
    assert g.to_position() == before


def test_without_manual_removal_the_foundation_move_is_refused(table):
    g = table(MANUAL.format(house_rules="[]"), filler=10)
    with pytest.raises(IllegalMove) as e:
        g.play("1>f")
    assert str(e.value) == "complete runs leave the table by themselves in this game"
    assert not any(m.endswith(">f") for m in legal(g))


def test_manual_removal_win_needs_the_foundation_moves(table):
    text = """
format = "spider-position/1"
variant = "spider-1suit"
house_rules = ["manual-removal"]
completed = ["S", "S", "S", "S", "S", "S", "S"]
stock = []
columns = [
  { up = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"] },
  { up = ["AS"] }, {}, {}, {}, {}, {}, {}, {}, {},
]
"""
    g = table(text)
    g.play("2>1")
    assert g.status == "playing" and g.runs_removed == 7
    g.play("1>f")
    assert g.status == "won"


def test_a_house_rule_that_changes_nothing_is_refused():
    with pytest.raises(SpiderError, match="changes nothing in scorpion"):
        Game.new("scorpion", deal=1, house_rules=["relaxed-deal"])


def test_house_rules_combine_and_are_recorded_in_the_position():
    g = Game.new("spider-2suit", deal=3, house_rules=["open", "manual-removal", "relaxed-deal"])
    assert g.house_rules == ("manual-removal", "open", "relaxed-deal")
    assert 'house_rules = ["manual-removal", "open", "relaxed-deal"]' in g.to_position()
    again = Game.from_position(g.to_position())
    assert again.rules == g.rules


def test_the_summary_says_how_a_stock_the_player_never_deals_comes_in():
    from spider_tui.engine import RuleSet, default_catalog
    cat = default_catalog()
    # Chelicera: the stock refills an emptied column with three cards.
    assert "The stock refills an emptied column with 3 cards." in cat.variant("chelicera").summary()
    # A stock the player never deals and nothing refills from: said so, not "with 0 cards".
    text = RuleSet.summary(cat.variant("spider-2suit").with_changes(player_deals=False))
    assert "You never deal, and nothing here takes cards from the stock." in text
    assert "with 0 cards" not in text
