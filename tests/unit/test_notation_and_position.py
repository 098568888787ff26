"""docs/spec.md section 4: move notation, card codes and the position file."""

from __future__ import annotations

import pytest

from spider_tui.engine import (
    DEAL_MOVE,
    RUNS,
    Game,
    IllegalMove,
    Move,
    NotationError,
    PositionError,
    parse_card,
)
from spider_tui.engine.cards import code, glyph
from spider_tui.engine.piles import CELL, FOUND, RESERVE, WASTE


@pytest.mark.parametrize("text, src, count, dst", [
    ("3>7", 2, None, 6),
    (" 3 > 7 ", 2, None, 6),
    ("3:2>7", 2, 2, 6),
    ("10>1", 9, None, 0),
    ("13:12>11", 12, 12, 10),
    ("3>f", 2, None, RUNS),
    ("3>F", 2, None, RUNS),
])
def test_move_notation_reads(text, src, count, dst):
    m = Move.parse(text)
    assert (m.src, m.count, m.dst) == (src, count, dst)


@pytest.mark.parametrize("text", ["d", "D", " d ", "deal"])
def test_deal_notation(text):
    assert Move.parse(text) == DEAL_MOVE and Move.parse(text).is_deal and str(DEAL_MOVE) == "d"


@pytest.mark.parametrize("text, reason", [
    ("3>>7", "cannot read move"),
    ("", "cannot read move"),
    ("3-7", "cannot read move"),
    ("a>b", "cannot read move"),
    ("0>3", "columns are numbered from 1"),
    ("3>0", "columns are numbered from 1"),
    ("3>00", "columns are numbered from 1"),
    ("3:0>7", "move at least one card"),
])
def test_bad_notation_is_refused_with_a_reason(text, reason):
    with pytest.raises(NotationError, match=reason):
        Move.parse(text)
    assert issubclass(NotationError, IllegalMove)


def test_str_is_the_canonical_notation():
    assert str(Move(2, 6, 3)) == "3>7"
    assert str(Move(2, 6, 3, explicit=True)) == "3:3>7"
    assert str(Move(2, RUNS, 13)) == "3>f"
    assert Move.parse("3:3>7") == Move(2, 6, 3)  # explicit only changes the text


def test_the_engine_tuple_form_reads_back_into_the_move(catalog):
    spider = catalog.rules("spider-4suit")
    for m in (Move(2, 6, 3), Move(9, RUNS, 13), Move(0, 1, 1)):
        assert m.pack(spider) == (m.src, m.count, m.dst)  # a column's code is its place
        assert Move.unpack(spider, m.pack(spider)) == m
    assert Move.unpack(spider, DEAL_MOVE.pack(spider)) == DEAL_MOVE
    # On a table with other piles, they are packed by their place in the table's row.
    for vid, m in (("freds-spider", Move(2, FOUND + 3, 1)), ("brush", Move(WASTE, 4, 1)),
                   ("cicely", Move(CELL + 7, 2, 1)), ("applegate", Move(RESERVE + 1, 0, 1))):
        rules = catalog.rules(vid)
        packed = m.pack(rules)
        assert packed == (rules.pile_index(m.src), 1, rules.pile_index(m.dst)), vid
        assert Move.unpack(rules, packed) == m


@pytest.mark.parametrize("text, expected", [
    ("KS", "K♠"), ("10h", "10♥"), ("TH", "10♥"), ("ad", "A♦"), ("7C", "7♣"), ("K♠", "K♠"),
])
def test_card_codes(text, expected):
    c = parse_card(text)
    assert glyph(c) == expected
    assert parse_card(code(c)) == c


@pytest.mark.parametrize("text", ["1S", "KX", "K", "", "11H", "QSS"])
def test_bad_card_codes_name_the_text(text):
    with pytest.raises(ValueError, match="is not a card"):
        parse_card(text)


# ----------------------------------------------------------------- the position file

def test_position_file_has_the_spec_keys():
    import tomllib

    g = Game.new("spider-4suit", deal=123)
    data = tomllib.loads(g.to_position())
    assert data["format"] == "spider-position/1"
    assert data["variant"] == "spider-4suit" and data["house_rules"] == [] and data["deal"] == 123
    assert data["completed"] == [] and len(data["stock"]) == 50
    assert [len(c["down"]) for c in data["columns"]] == [5] * 4 + [4] * 6
    assert [len(c["up"]) for c in data["columns"]] == [1] * 10
    # stock[0] is dealt first, onto column 1
    first = data["stock"][0]
    g.play("d")
    assert code(g.state.cols[0][-1]) == first


SMALL = """
format = "spider-position/1"
variant = "spider-1suit"
house_rules = []
completed = ["S", "S", "S", "S", "S", "S", "S"]
stock = []
columns = [
  { down = ["KS"], up = ["QS"] }, { up = ["JS"] }, { up = ["TS"] }, { up = ["9S"] },
  { up = ["8S"] }, { up = ["7S"] }, { up = ["6S"] }, { up = ["5S"] }, { up = ["4S"] },
  { up = ["3S", "2S", "AS"] },
]
"""


def test_any_toml_encoding_is_read_and_written_back_canonically():
    g = Game.from_position(SMALL)
    assert g.runs_removed == 7 and g.deal is None
    text = g.to_position()
    assert Game.from_position(text).to_position() == text
    assert "deal =" not in text


@pytest.mark.parametrize("change, message", [
    (("JS", "JH"), "J♥ (JH) is not in the spider-1suit deck"),
    (('"JS"', '"QS"'), "Q♠ (QS) appears 9 times but the spider-1suit deck has 8"),
    (('{ up = ["JS"] }', "{}"), "J♠ (JS) is missing: the position has 7 but the spider-1suit deck has 8"),
    (('"JS"', '"XS"'), "column 2 up[0]: 'XS' is not a card"),
    (("spider-1suit", "nope"), "unknown variant 'nope'"),
    (("house_rules = []", 'house_rules = ["nope"]'), "unknown house rule 'nope'"),
    (("spider-position/1", "spider-position/9"), "format must be 'spider-position/1'"),
    (('completed = ["S", ', 'completed = ["X", '), "completed[0]: 'X' is not a suit"),
    (("stock = []", "stock = 3"), "stock must be a list of card codes"),
    (('{ down = ["KS"], up = ["QS"] }', '{ down = ["KS", "QS"] }'),
     "column 1 has face-down cards but no face-up card on top"),
    (('{ up = ["JS"] }, ', ""), "spider-1suit has 10 columns but the position has 9"),
    (('{ up = ["JS"] }', '{ up = ["JS"], side = [] }'), "column 2: unknown key 'side'"),
    (("house_rules = []", "house_rules = []\nscore = 5"), "unknown key 'score'"),
    (("house_rules = []", "house_rules = []\ndeal = -4"), "deal must be a whole number"),
    (("stock = []", "stock = [\n"), "not read as a position file: not valid TOML"),
])
def test_a_wrong_position_is_refused_naming_the_problem(change, message):
    old, new = change
    assert old in SMALL
    with pytest.raises(PositionError) as e:
        Game.from_position(SMALL.replace(old, new, 1))
    assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_a_position_without_format_is_not_a_position_file():
    with pytest.raises(PositionError, match="not a position file"):
        Game.from_position('variant = "spider-1suit"')


def test_a_position_keeps_its_deal_number_and_house_rules():
    g = Game.new("spiderette", deal=4242, house_rules=["relaxed-deal"])
    again = Game.from_position(g.to_position())
    assert again.deal == 4242 and again.house_rules == ("relaxed-deal",)
    assert again.state.cols == g.state.cols and again.state.down == g.state.down
