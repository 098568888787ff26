"""The standard game (docs/spec.md section 1), each rule shown on a hand-made position.

Positions leave out the cards that do not matter; the ``table`` fixture puts them face down under
the column named by ``filler``. ``up(g, n)`` is column ``n``'s face-up cards (1-based).
"""

from __future__ import annotations

import pytest

from spider_tui.engine import IllegalMove, Move, NotationError
from spider_tui.engine.cards import code


def up(game, n: int) -> list[str]:
    return [code(c) for c in game.state.face_up(n - 1)]


def legal(game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


# Two spade and two heart sets in play (four are already removed), so suit rules show.
MIXED = """
format = "spider-position/1"
variant = "spider-2suit"
completed = ["S", "S", "H", "H"]
stock = []
columns = [
  { up = ["9H", "8S", "7S"] },
  { up = ["9S"] },
  { up = ["AH"] },
  { up = ["8H"] },
  { up = ["8H", "7S"] },
  { up = ["9H"] },
  { down = ["4S"], up = ["3H"] },
  { up = ["5H"] },
  { up = ["QH"] },
  { up = ["KS"] },
]
"""


def test_placing_is_loose_a_run_goes_onto_any_suit(table):
    g = table(MIXED, filler=10)
    step = g.play("1>6")  # 8♠ 7♠ onto 9♥
    assert step.move.count == 2
    assert up(g, 6) == ["9H", "8S", "7S"]
    assert up(g, 1) == ["9H"]


def test_nothing_goes_onto_an_ace(table):
    g = table(MIXED, filler=10)
    with pytest.raises(IllegalMove) as e:
        g.play("8>3")
    assert str(e.value) == "nothing goes onto an Ace"


def test_a_card_goes_only_onto_the_rank_above(table):
    g = table(MIXED, filler=10)
    with pytest.raises(IllegalMove) as e:
        g.play("4>1")
    assert str(e.value) == "8♥ cannot go onto 7♠: it takes a 6"


def test_a_king_goes_only_into_an_empty_column(table):
    g = table(MIXED, filler=10)
    with pytest.raises(IllegalMove) as e:
        g.play("10>9")
    assert str(e.value) == "K♠ cannot go onto Q♥: a King can only go into an empty column"


def test_lifting_is_strict_one_suit_only(table):
    g = table(MIXED, filler=10)
    with pytest.raises(IllegalMove) as e:
        g.play("5>2")  # 8♥ would fit on 9♠, but 8♥ 7♠ cannot be lifted together
    assert str(e.value) == "8♥ 7♠ is not one suit"
    with pytest.raises(IllegalMove) as e:
        g.play("1:3>10")
    assert str(e.value) == "9♥ 8♠ is not one suit"


def test_runs_may_be_split(table):
    g = table(MIXED, filler=10)
    assert {"1>2", "1>4"} <= set(legal(g))  # 8♠ 7♠ onto 9♠; 7♠ alone onto 8♥
    step = g.play("1>4")
    assert step.move.count == 1
    assert up(g, 1) == ["9H", "8S"] and up(g, 4) == ["8H", "7S"]


def test_exact_legal_moves_of_a_position(table):
    g = table(MIXED, filler=10)
    # 1: 8♠ 7♠ onto 9♠ (2) or 9♥ (6), 7♠ alone onto 8♥ (4); 4: 8♥ onto 9♠ or 9♥;
    # 5: 7♠ onto 8♥ (4); 9: Q♥ onto K♠; nothing else fits and the stock is empty.
    assert legal(g) == ["1>2", "1>4", "1>6", "4>2", "4>6", "5>4", "9>10"]


FLIP = """
format = "spider-position/1"
variant = "spider-1suit"
completed = ["S", "S", "S", "S", "S", "S", "S"]
stock = []
columns = [
  { down = ["2S", "TS"], up = ["6S"] },
  { up = ["7S"] },
  { up = ["KS"] }, { up = ["QS"] }, { up = ["JS"] }, { up = ["9S"] },
  { up = ["8S"] }, { up = ["5S"] }, { up = ["4S"] }, { up = ["3S", "AS"] },
]
"""


def test_uncovered_card_turns_face_up_and_undo_turns_it_back(table):
    g = table(FLIP)
    before = g.to_position()
    step = g.play("1>2")
    assert step.flips == 1
    assert g.state.down[0] == 1 and up(g, 1) == ["TS"]
    g.undo()
    assert g.state.down[0] == 2
    assert g.to_position() == before


EMPTY = """
format = "spider-position/1"
variant = "spider-1suit"
completed = ["S", "S", "S", "S", "S", "S", "S"]
stock = []
columns = [
  { up = ["KS"] },
  { up = ["QS"] },
  { down = ["JS"], up = ["8S", "7S", "6S"] },
  { up = ["TS"] }, { up = ["9S"] }, { up = ["5S"] },
  { up = [] },
  { up = ["4S"] }, { up = ["3S", "2S"] }, { up = ["AS"] },
]
"""


def test_into_an_empty_column_the_longest_liftable_run_goes(table):
    g = table(EMPTY)
    step = g.play("3>7")
    assert step.move.count == 3 and str(step.move) == "3:3>7"
    assert up(g, 7) == ["8S", "7S", "6S"]
    assert step.flips == 1 and up(g, 3) == ["JS"]


def test_into_an_empty_column_with_a_count(table):
    g = table(EMPTY)
    g.play("3:2>7")
    assert up(g, 7) == ["7S", "6S"] and up(g, 3) == ["8S"]


def test_distinct_moves_leave_out_moves_that_only_swap_columns(table):
    # Columns 5 and 7 empty: 9♠ (all of column 5 before) and 3♠ 2♠ (all of column 9) would
    # only swap columns; moves into column 7 repeat those into column 5.
    g = table(EMPTY.replace('{ up = ["9S"] }', '{ up = [] }').replace(
        '{ up = [] },\n  { up = ["4S"] }', '{ up = [] },\n  { up = ["4S", "9S"] }'))
    distinct = [str(m) for m in g.distinct_moves()]
    assert {"3:1>5", "3:2>5", "3:3>5", "9:1>5", "8:1>5"} <= set(distinct)
    assert not [m for m in distinct if m.endswith(">7")]
    assert "9:2>5" not in distinct and "1:1>5" not in distinct
    assert set(distinct) <= set(legal(g))


def test_canonical_listing_writes_a_count_only_into_empty_columns(table):
    g = table(EMPTY)
    moves = legal(g)
    assert {"3:1>7", "3:2>7", "3:3>7", "1:1>7", "9:2>7", "9:1>7"} <= set(moves)
    assert "3>7" not in moves and "1>7" not in moves
    assert {"3>5", "6>3", "9>8", "10>9"} <= set(moves)
    assert not any(":" in m for m in moves if not m.endswith(">7"))
    # every listed move plays, and its text reads back as the same move
    for m in g.legal_moves():
        assert g.resolve(str(m)) == m


def test_messages_for_moves_that_name_nothing_movable(table):
    g = table(EMPTY)
    cases = {
        "7>1": "column 7 is empty",
        "3>3": "a run cannot move onto its own column",
        "3:4>7": "column 3 has only 3 face-up cards",
        "3:5>7": "column 3 has only 4 cards",
    }
    for move, reason in cases.items():
        with pytest.raises(IllegalMove) as e:
            g.play(move)
        assert str(e.value) == reason, move
    with pytest.raises(NotationError, match="there is no column 11"):
        g.play("11>1")
    with pytest.raises(NotationError, match="cannot read move"):
        g.play("3>>7")
    for odd in (Move(-1, 2, 1), Move(2, 6, 0), Move(2, 10, 1)):
        with pytest.raises(IllegalMove):
            g.play(odd)
    assert g.actions == 0  # refused moves cost nothing


BLOCKED = """
format = "spider-position/1"
variant = "spider-1suit"
completed = ["S", "S", "S", "S", "S", "S", "S"]
stock = ["4S", "3S", "2S", "AS"]
columns = [
  { up = ["KS"] }, { up = ["QS"] }, { up = ["JS"] }, { up = ["TS"] }, { up = ["9S"] },
  { up = ["8S"] }, { up = ["7S"] }, { up = ["6S"] }, { up = ["5S"] }, { up = [] },
]
"""


def test_deal_refused_while_a_column_is_empty(table):
    g = table(BLOCKED)
    assert g.deal_refusal() == "Fill every empty column before you deal"
    assert "d" not in legal(g)
    with pytest.raises(IllegalMove) as e:
        g.play("d")
    assert str(e.value) == "Fill every empty column before you deal"
    g.play("9>10")  # fill the gap... with 5♠, which leaves column 9 empty
    assert g.deal_refusal() == "Fill every empty column before you deal"
    assert g.status == "playing"


SHORT = """
format = "spider-position/1"
variant = "spider-1suit"
completed = ["S", "S", "S", "S", "S", "S", "S"]
stock = ["3S", "2S", "AS"]
columns = [
  { up = ["KS"] }, { up = ["QS"] }, { up = ["JS"] }, { up = ["TS"] }, { up = ["9S"] },
  { up = ["8S"] }, { up = ["7S"] }, { up = ["6S"] }, { up = ["5S"] }, { up = ["4S"] },
]
"""


def test_a_short_deal_goes_to_the_first_columns_then_the_stock_is_empty(table):
    g = table(SHORT)
    assert g.deals_left == 1 and legal(g)[-1] == "d"
    g.play("d")
    assert up(g, 1) == ["KS", "3S"] and up(g, 2) == ["QS", "2S"] and up(g, 3) == ["JS", "AS"]
    assert up(g, 4) == ["TS"]
    assert g.deals_left == 0
    assert g.deal_refusal() == "The stock is empty"
    with pytest.raises(IllegalMove, match="The stock is empty"):
        g.play("d")


def test_a_deal_puts_one_card_face_up_on_every_column_left_to_right(table):
    dealt = ["AS", "2S", "3S", "4S", "5S", "6S", "TS", "JS", "QS", "2H"]
    g = table(MIXED.replace("stock = []", f"stock = {dealt!r}".replace("'", '"')), filler=10)
    before = {n: up(g, n) for n in range(1, 11)}
    step = g.play("d")
    assert step.move.is_deal and step.flips == 0
    for n, card in zip(range(1, 11), dealt):
        assert up(g, n) == before[n] + [card]
    assert g.deals_left == 0


REMOVE = """
format = "spider-position/1"
variant = "spider-2suit"
completed = ["S", "S", "S", "H", "H", "H"]
stock = []
columns = [
  { down = ["5H"], up = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"] },
  { up = ["AS"] },
  { up = ["QH"] }, { up = ["JH"] }, { up = ["TH"] }, { up = ["9H"] }, { up = ["8H"] },
  { up = ["7H"] }, { up = ["6H"] }, { up = ["KH"] },
]
"""


def test_a_complete_run_leaves_by_itself_and_the_card_under_it_turns_up(table):
    g = table(REMOVE, filler=10)
    before = g.to_position()
    step = g.play("2>1")
    assert step.removed == ((0, 0),)  # column 1, spades
    assert step.flips == 1
    assert up(g, 1) == ["5H"] and up(g, 2) == []
    assert g.runs_removed == 7
    g.undo()
    assert g.to_position() == before


DEAL_REMOVES = """
format = "spider-position/1"
variant = "spider-2suit"
completed = ["S", "S", "H", "H"]
stock = ["AH", "3S", "AS", "4S", "5S", "6S", "7S", "8S", "2H", "3H"]
columns = [
  { down = ["9S"], up = ["KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"] },
  { up = ["5H"] },
  { down = ["8H"], up = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"] },
  { up = ["KS"] }, { up = ["QS"] }, { up = ["JS"] }, { up = ["KH"] }, { up = ["QH"] },
  { up = ["JH"] }, { up = ["TH"] },
]
"""


def test_a_deal_can_complete_several_runs_removed_left_to_right(table):
    g = table(DEAL_REMOVES, filler=10)
    before = g.to_position()
    step = g.play("d")
    assert step.removed == ((0, 1), (2, 0))  # hearts from column 1, then spades from column 3
    assert step.flips == 2
    assert up(g, 1) == ["9S"] and up(g, 3) == ["8H"]
    assert g.to_position().count('completed = ["S", "S", "H", "H", "H", "S"]') == 1
    g.undo()
    assert g.to_position() == before


WIN = """
format = "spider-position/1"
variant = "spider-1suit"
completed = ["S", "S", "S", "S", "S", "S", "S"]
stock = []
columns = [
  { up = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"] },
  { up = ["AS"] }, {}, {}, {}, {}, {}, {}, {}, {},
]
"""


def test_the_eighth_run_wins(table):
    g = table(WIN)
    assert g.status == "playing"
    g.play("2>1")
    assert g.runs_removed == 8 and g.status == "won"
    assert g.legal_moves() == []
    g.undo()
    assert g.status == "playing"


# Ten exposed cards of ranks A 3 5 7 9 (twice each): nothing fits anywhere.
STUCK = """
format = "spider-position/1"
variant = "spider-1suit"
completed = ["S", "S", "S", "S", "S", "S"]
stock = []
columns = [
  { up = ["AS"] }, { up = ["AS"] }, { up = ["3S"] }, { up = ["3S"] }, { up = ["5S"] },
  { up = ["5S"] }, { up = ["7S"] }, { up = ["7S"] }, { up = ["9S"] }, { up = ["9S"] },
]
"""


def test_stuck_when_no_move_and_no_deal(table):
    g = table(STUCK, filler=10)
    assert g.legal_moves() == [] and g.status == "stuck"


def test_never_stuck_while_a_deal_is_possible(table):
    text = fill_and_move_to_stock(STUCK)
    g = table(text, filler=10)
    assert g.legal_moves() == [g.legal_moves()[0]] and str(g.legal_moves()[0]) == "d"
    assert g.status == "playing"


def test_never_stuck_while_a_move_is_possible(table):
    g = table(STUCK.replace('{ up = ["9S"] }, { up = ["9S"] }', '{ up = ["JS"] }, '
                                                                 '{ up = ["8S"] }'), filler=10)
    assert legal(g) == ["7>10", "8>10"] and g.status == "playing"


def fill_and_move_to_stock(text: str) -> str:
    return text.replace("stock = []", 'stock = ["KS"]')


def test_undo_and_redo_are_exact_and_a_new_move_drops_the_redo(table):
    g = table(EMPTY)
    positions = [g.to_position()]
    for move in ("3>5", "6>5", "8>5", "9>5", "10>5"):
        g.play(move)
        positions.append(g.to_position())
    for expected in reversed(positions[:-1]):
        g.undo()
        assert g.to_position() == expected
    with pytest.raises(IllegalMove, match="nothing to undo"):
        g.undo()
    for expected in positions[1:]:
        g.redo()
        assert g.to_position() == expected
    with pytest.raises(IllegalMove, match="nothing to redo"):
        g.redo()
    g.undo()
    g.undo()
    g.play("1:1>7")
    assert not g.can_redo()
    assert g.actions == 5 + 5 + 5 + 2 + 1 and g.undos == 7


def test_undo_all_goes_back_to_the_start_and_redo_all_comes_back(table):
    g = table(EMPTY)
    start = g.to_position()
    for move in ("3>5", "6>5", "8>5"):
        g.play(move)
    end = g.to_position()
    steps = g.undo_all()
    assert [str(s.move) for s in steps] == ["8>5", "6>5", "3>5"]
    assert g.to_position() == start and not g.can_undo()
    assert g.actions == 6 and g.undos == 3  # each undo counted, as if pressed three times
    assert [str(s.move) for s in g.redo_all()] == ["3>5", "6>5", "8>5"]
    assert g.to_position() == end and g.actions == 9 and g.redos == 3
    with pytest.raises(IllegalMove, match="nothing to redo"):
        g.redo_all()


def test_redo_all_can_redo_only_the_last_moves_undone(table):
    # Taking a restart back redoes what the restart undid, not the moves undone before it.
    g = table(EMPTY)
    for move in ("3>5", "6>5", "8>5"):
        g.play(move)
    g.undo()
    g.undo_all(as_one=True)
    assert [str(s.move) for s in g.redo_all(as_one=True, count=2)] == ["3>5", "6>5"]
    assert g.moves_played() == ["3>5", "6>5"] and [str(m) for m in g.redo_stack] == ["8>5"]
    assert g.redos == 1


def test_a_restart_counts_as_one_action_and_is_taken_back_as_one(table):
    g = table(EMPTY)
    start = g.to_position()
    for move in ("3>5", "6>5", "8>5"):
        g.play(move)
    end = g.to_position()
    g.undo_all(as_one=True)
    assert g.to_position() == start and g.actions == 4 and g.undos == 1
    g.redo_all(as_one=True)
    assert g.to_position() == end and g.actions == 5 and g.redos == 1
    g2 = table(EMPTY)
    with pytest.raises(IllegalMove, match="nothing to undo"):
        g2.undo_all(as_one=True)
