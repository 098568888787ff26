"""Scorpion's rules, from concrete positions."""

from __future__ import annotations

import pytest
from spider_tui_scorpion import SCORPION

from spider_tui import testing
from spider_tui.engine import Catalog, Game, IllegalMove
from spider_tui.engine.cards import parse_card
from spider_tui.testing import catalog_with


@pytest.fixture
def catalog() -> Catalog:
    return catalog_with(SCORPION)


def table(up: list[str], stock: list[str] = ()) -> Game:
    """A Scorpion game whose columns end with the face-up cards given (space-separated per
    column); every other card of the deck lies face down under the columns that have
    face-up cards, so a column given as "" is empty (spider_tui.testing does the work)."""
    return testing.table(SCORPION, up, stock=" ".join(stock))


def test_builds_down_in_suit_only():
    g = table(["8S", "7H", "8H", "KC", "KD", "QD", "JD"])
    with pytest.raises(IllegalMove, match="build down in suit"):
        g.play("2>1")
    g.play("2>3")
    assert g.state.cols[2][-2:] == [parse_card("8H"), parse_card("7H")]


def test_any_face_up_card_moves_with_everything_on_it():
    # 9♣ carries 4♦ and 2♠ along although they are not in order.
    g = table(["TC", "9C 4D 2S", "KH", "KS", "KD", "QD", "JD"])
    g.play("2:3>1")
    assert [c for c in g.state.cols[0][-4:]] == [parse_card(c) for c in "TC 9C 4D 2S".split()]


def test_only_a_king_fills_an_empty_column():
    g = table(["QH", "", "9S KS", "KC", "KD", "QD", "JD"])
    with pytest.raises(IllegalMove, match="only a King"):
        g.play("1>2")
    g.play("3:1>2")
    assert g.state.cols[1] == [parse_card("KS")]


def test_deal_allowed_with_empty_columns_and_goes_to_columns_1_to_3():
    g = table(["QH", "", "KS", "KC", "KD", "QD", "JD"], stock=["2C", "3C", "4C"])
    assert g.deal_refusal() is None
    g.play("d")
    assert [g.state.cols[i][-1] for i in range(3)] == [parse_card(c) for c in ("2C", "3C", "4C")]
    assert g.deals_left == 0


def test_complete_run_leaves_the_table():
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    g = table([run, "AS", "KH", "KC", "KD", "QD", "JD"])
    g.play("2>1")
    assert g.runs_removed == 1


def test_registered_through_the_entry_point_when_installed():
    from importlib.metadata import entry_points

    names = {ep.name: ep.value for ep in entry_points(group="spider_tui")}
    if "scorpion" not in names:
        pytest.skip("the package is not installed")
    assert names["scorpion"] == "spider_tui_scorpion"
