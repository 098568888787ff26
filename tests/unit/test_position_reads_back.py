"""A position is read only if the game could have reached it, so that what one command prints,
every command reads back (issue 29, items 6 and 12)."""

from __future__ import annotations

import re

import pytest

from spider_tui.engine import Game, PositionError


def v2(variant: str, deal: int = 5) -> str:
    text = Game.new(variant, deal).to_position()
    return text.replace('format = "spider-position/1"', 'format = "spider-position/2"')


def test_removed_runs_must_be_complete_runs_of_the_game():
    text = v2("spider-1suit")
    stock = re.search(r"stock = \[(.*?)\]", text, re.S).group(1).replace("\n", " ")
    cards = [c.strip().strip('"') for c in stock.split(",") if c.strip()]
    one_card_runs = ", ".join(f'["{c}"]' for c in cards[:8])
    rest = ", ".join(f'"{c}"' for c in cards[8:])
    bad = re.sub(r"stock = \[.*?\]", f"stock = [{rest}]", text, flags=re.S)
    bad = bad.replace("completed = []", f"completed = [{one_card_runs}]")
    with pytest.raises(PositionError, match=r"completed\[0\] \(.*\) is not a complete run"):
        Game.from_position(bad)


def test_a_game_whose_runs_stay_on_the_table_has_no_removed_runs():
    text = v2("curds-and-whey")  # won when every column is one run: the runs stay
    assert "completed = []" in text
    with pytest.raises(PositionError, match="complete runs stay on the table"):
        Game.from_position(text.replace("completed = []", 'completed = ["S"]'))


def add_shown(text: str, column: int, marks: str) -> str:
    parts = text.split("[[columns]]")
    parts[column] = parts[column].rstrip("\n") + f"\nshown = {marks}\n\n"
    return "[[columns]]".join(parts)


def test_the_last_face_down_card_cannot_be_marked_face_up():
    text = v2("spider-1suit")  # column 5 has four face-down cards
    for marks in ("[1, 2, 3, 4]", "[4]"):
        with pytest.raises(PositionError, match="column 5: the last card of down"):
            Game.from_position(add_shown(text, 5, marks))
    game = Game.from_position(add_shown(text, 5, "[2, 3]"))
    for move in game.legal_moves():
        after = Game.from_position(add_shown(text, 5, "[2, 3]"))
        after.play(move)
        assert Game.from_position(after.to_position()).to_position() == after.to_position()


def with_redeals(variant: str, n: int) -> str:
    text = v2(variant)
    if "redeals = " in text:
        return re.sub(r"redeals = \d+", f"redeals = {n}", text)
    return text.replace("completed = []", f"redeals = {n}\ncompleted = []")


def test_a_game_without_a_waste_has_no_redeals():
    Game.from_position(with_redeals("spider-1suit", 0))
    with pytest.raises(PositionError, match="redeals must be a whole number from 0 to 0"):
        Game.from_position(with_redeals("spider-1suit", 1000))


def test_redeals_beyond_what_a_waste_game_allows_are_refused():
    from spider_tui.engine import default_catalog

    waste_games = [r for r in default_catalog().variants.values() if r.deal_to == "waste"]
    assert waste_games
    for rules in waste_games:
        Game.from_position(with_redeals(rules.id, rules.redeals))
        with pytest.raises(PositionError, match="redeals"):
            Game.from_position(with_redeals(rules.id, rules.redeals + 1))
