"""Variant and house-rule TOML files: validated on load, every problem named with file and key."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from spider_tui.engine import Game, RuleSet, VariantError
from spider_tui.plugins.files import check_variant_file

ROOT = Path(__file__).resolve().parents[2]
SPIDER = (ROOT / "variants" / "spider-4suit.toml").read_text(encoding="utf-8")


def problems_of(text: str, tmp_path: Path, name: str = "mine.toml") -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return check_variant_file(path)


@pytest.mark.parametrize("path", sorted((ROOT / "variants").glob("*.toml")),
                         ids=lambda p: p.name)
def test_every_shipped_variant_file_is_valid(path):
    assert check_variant_file(path) == []


@pytest.mark.parametrize("old, new, expected", [
    ("cards = 50", "cards = 52",
     "layout: columns need 54 cards but the deck minus the stock leaves 52"),
    ("sets = 8", "sets = 3", "deck.sets: 3 sets do not divide evenly over 4 suits"),
    ('suits = ["S", "H", "D", "C"]', 'suits = ["S", "X"]', "deck.suits: 'X' is not a suit"),
    ('suits = ["S", "H", "D", "C"]', 'suits = ["S", "S"]', "deck.suits: names a suit twice"),
    ("down = [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]", "down = [5, 5]",
     "layout.down: has 2 entries but there are 10 columns"),
    ("up = 1", "up = 0", "layout.up: a column with face-down cards needs at least one face-up"),
    ("columns = 10", "columns = 0", "layout.columns: missing or not a positive whole number"),
    ("deal = 10", "deal = 11", "stock.deal: must be a whole number from 1 to the 10 columns"),
    ("needs_full_columns = true", 'needs_full_columns = "yes"',
     "stock.needs_full_columns: must be true or false"),
    ('place = "any-suit"', 'place = "uphill"',
     "moves.place: 'uphill' is not one of any-suit, same-suit, same-colour, other-colour"),
    ('lift = "same-suit"', 'lift = "anything"', "moves.lift: 'anything' is not one of"),
    ('empty = "any"', 'empty = "queens"', "moves.empty: 'queens' is not one of any, king"),
    ('empty = "any"', 'empty = "any"\nundo = false', "moves.undo: unknown key"),
    ('id = "spider-4suit"', 'id = "my spider!"', "id: 'my spider!' may only use letters"),
    ('id = "spider-4suit"\n', "", "id: missing"),
    ('format = "spider-variant/1"', 'format = "spider-variant/2"',
     "format: 'spider-variant/2' is not 'spider-variant/1'"),
    ('scoring = "classic"', "scoring = 3", "scoring: must be a string"),
    ("[moves]", "[runs]\nto_win = 9\ncomplete = 'odd'\n[moves]",
     "runs.to_win: must be a whole number from 1 to the 8 sets in the deck"),
    ("[moves]", "[runs]\ncomplete = 'odd'\n[moves]", "runs.complete: 'odd' is not one of"),
    ("[moves]", "colour = 'red'\n[moves]", "colour: unknown key"),
])
def test_a_bad_variant_file_is_reported_naming_file_and_key(tmp_path, old, new, expected):
    assert old in SPIDER
    problems = problems_of(SPIDER.replace(old, new, 1), tmp_path)
    assert problems, "the mistake was not noticed"
    path = str(tmp_path / "mine.toml")
    assert all(p.startswith(path + ": ") for p in problems)
    assert any(expected in p for p in problems), problems


def test_every_problem_is_reported_not_only_the_first(tmp_path):
    text = SPIDER.replace('place = "any-suit"', 'place = "x"').replace("deal = 10", "deal = 0")
    problems = problems_of(text, tmp_path)
    assert len(problems) == 2


def test_a_file_that_is_not_toml_is_reported_with_its_line(tmp_path):
    problems = problems_of("format = = 3\n", tmp_path)
    assert len(problems) == 1 and "not valid TOML" in problems[0] and "line 1" in problems[0]


def test_the_deck_can_be_a_table_of_sets_per_suit(tmp_path):
    text = SPIDER.replace('sets = 8\nsuits = ["S", "H", "D", "C"]', "sets = { S = 6, H = 2 }")
    data = tomllib.loads(text)
    rules = RuleSet.from_dict(data, "mine.toml")
    assert sorted(rules.deck) == [0] * 6 + [1] * 2
    assert Game.new(rules, deal=1, catalog=_catalog()).state.stock_left == 50


def _catalog():
    from spider_tui.plugins.manager import get_manager

    return get_manager().catalog


def test_from_dict_raises_variant_error_listing_problems():
    with pytest.raises(VariantError) as e:
        RuleSet.from_dict({"format": "spider-variant/1", "id": "x"}, "x.toml")
    assert "x.toml: deck.sets: missing" in str(e.value)
    assert "x.toml: layout.columns: missing" in str(e.value)


HOUSE = """
format = "spider-house-rules/1"

[[house_rule]]
id = "loose"
name = "Loose"
set = { deal_needs_full = false, lift = "sideways", colour = "red" }
"""


def test_a_bad_house_rule_file_names_the_entry_and_key(tmp_path):
    problems = problems_of(HOUSE, tmp_path, "house.toml")
    text = "\n".join(problems)
    assert "house_rule[0].set.lift: 'sideways' is not one of" in text
    assert "house_rule[0].set.colour: not a rule a house rule can change" in text


def test_a_variant_file_in_the_players_folder_plays(tmp_path, monkeypatch):
    from spider_tui.plugins.manager import load_plugins

    folder = tmp_path / "variants"
    folder.mkdir()
    (folder / "wide.toml").write_text(
        SPIDER.replace('id = "spider-4suit"', 'id = "wide"').replace(
            "columns = 10", "columns = 12").replace(
            "down = [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]", "down = 4").replace(
            "cards = 50", "cards = 44").replace("deal = 10", "deal = 11"),
        encoding="utf-8")
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    mgr = load_plugins()
    assert mgr.problems == []
    g = Game.new("wide", deal=3, catalog=mgr.catalog)
    assert len(g.state.cols) == 12 and g.deals_left == 4
    g.play("d")
    assert [len(c) for c in g.state.cols] == [6] * 11 + [5]
