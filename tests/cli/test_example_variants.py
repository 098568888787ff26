"""The variant files of examples/variants/ (issue 33 item 8): each passes ``spider-tui
check-variant``, alone and as a folder, and is dealt as PySolFC deals the game
(pysollib/games/fortythieves.py): its columns and their faces, the cards dealt to the foundations
and onto the waste, the stock, the redeals, and how cards build and move."""

from __future__ import annotations

from collections import Counter

import pytest
from example_variants import EXAMPLES, example_rules

from spider_tui.cli import main
from spider_tui.engine import UNLIMITED_REDEALS, Game
from spider_tui.engine.cards import code
from spider_tui.engine.piles import FOUNDATION_KIND, WASTE_KIND
from spider_tui.testing import catalog_with

#: What PySolFC's class for each game deals (Forty Thieves' ``startGame``: ``DEAL[0]`` rows face
#: down, the rest face up, then one card onto the waste; San Juan Hill and Deuces first deal
#: the Aces, the Twos, to the foundations; Unlimited is Interchange's up-and-down rows):
#: ``(columns, each column's faces bottom first, cards home, stock, redeals, place, lift,
#: empty)``.
PYSOLFC = {
    "lucas": (13, "uuuu", [], 51, 0, "same-suit", "same-suit", "any"),
    "maria": (9, "uuuu", [], 67, 0, "other-colour", "single", "any"),
    "indian": (10, "duu", [], 73, 0, "other-suit", "single", "any"),
    "san-juan-hill": (10, "uuuu", ["AS", "AS", "AH", "AH", "AD", "AD", "AC", "AC"], 55, 0,
                      "same-suit", "single", "any"),
    "deuces": (10, "u", ["2S", "2S", "2H", "2H", "2D", "2D", "2C", "2C"], 85, 0, "same-suit",
               "single", "any"),
    "unlimited": (7, "udududu", [], 54, UNLIMITED_REDEALS, "same-suit", "same-suit", "king"),
}


def test_every_example_file_is_one_of_these():
    assert sorted(p.stem for p in EXAMPLES.glob("*.toml")) == sorted(PYSOLFC)
    assert sorted(example_rules()) == sorted(PYSOLFC)


@pytest.mark.parametrize("name", sorted(PYSOLFC))
def test_check_variant_says_ok(name, capsys):
    path = EXAMPLES / f"{name}.toml"
    code_ = main(["check-variant", str(path)])
    out, err = capsys.readouterr()
    assert code_ == 0, err
    assert out.startswith(f"{path}: ok (variant {name}: ") and err == ""


def test_check_variant_says_ok_to_the_whole_folder(capsys):
    assert main(["check-variant", str(EXAMPLES)]) == 0
    out, err = capsys.readouterr()
    assert out.count(": ok (variant ") == len(PYSOLFC) and err == ""


@pytest.mark.parametrize("name", sorted(PYSOLFC))
@pytest.mark.parametrize("deal", [1, 77])
def test_each_is_dealt_as_pysolfc_deals_it(name, deal):
    columns, faces, home, stock, redeals, place, lift, empty = PYSOLFC[name]
    rules = example_rules()[name]
    game = Game.new(rules, deal=deal, catalog=catalog_with(rules))
    st = game.state
    assert rules.win == "foundations" and not rules.runs_leave
    assert (rules.place, rules.lift, rules.empty) == (place, lift, empty)
    assert rules.redeals == redeals and rules.waste_turn == 1
    assert len(st.cols) == columns
    for i, col in enumerate(st.cols):
        assert "".join("u" if st.is_face_up(i, j) else "d" for j in range(len(col))) == faces
    kinds = rules.pile_kinds
    founds = [p for p, k in zip(st.piles, kinds) if k == FOUNDATION_KIND]
    assert len(founds) == 8 and sorted(code(c) for p in founds for c in p) == sorted(home)
    assert all(f.take_back and f.suit == "same-suit" for f in rules.foundation_groups)
    waste = st.piles[kinds.index(WASTE_KIND)]
    assert len(waste) == 1 and st.stock_left == stock
    assert Counter(st.all_cards()) == rules.deck_counts()
