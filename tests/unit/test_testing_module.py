"""spider_tui.testing: the helpers a plugin's own tests use."""

from __future__ import annotations

import pytest

from spider_tui.engine import RuleSet
from spider_tui.testing import assert_refused, cards, catalog_with, check_random_play, play, table

CELLS = RuleSet.from_dict({"id": "cells-test", "name": "Cells test", "deck": {"sets": 4},
                           "layout": {"columns": 4, "up": 3}, "cells": {"count": 2},
                           "foundations": {"count": 4}, "runs": {"leave": False},
                           "win": "foundations"})


def test_a_table_from_card_codes_holds_the_whole_deck():
    g = table(CELLS, ["KS QH", "JS", "", "AD"], cells=["5D"], foundations=["AS 2S"])
    st = g.state
    assert st.cols[0][-2:] == cards("KS QH") and st.cols[2] == [] and st.piles[4] == cards("5D")
    assert st.piles[6] == cards("AS 2S")
    assert sorted(st.all_cards()) == sorted(CELLS.deck_cards())
    assert st.down[2] == 0 and st.down[0] > 0  # the other cards lie under the full columns


def test_play_and_assert_refused():
    g = table(CELLS, ["KS QH", "JS", "", "3S"], foundations=["AS 2S"])
    play(g, "4>f", "2>1")
    assert g.state.piles[6][-1] == cards("3S")[0]
    reason = assert_refused(g, "1>c3")
    assert "no free cell 3" in reason
    with pytest.raises(AssertionError, match="was refused"):
        play(g, "3>1")
    with pytest.raises(AssertionError, match="should have been refused"):
        assert_refused(g, "1>c1")


def test_a_table_that_names_a_card_twice_too_many_is_refused():
    with pytest.raises(AssertionError, match="more copies"):
        table(CELLS, ["KS KS", "", "", ""])
    with pytest.raises(AssertionError, match="leaves out"):
        table(CELLS, ["KS", "", "", ""], rest="none")


def test_random_play_checks_pass_for_a_sound_variant_and_catch_an_undo_that_is_not_exact(
        monkeypatch):
    check_random_play(CELLS, deals=range(1, 3), steps=60, catalog=catalog_with(CELLS))

    from spider_tui.engine import Game

    real = Game.undo

    def sloppy(self):  # undo that forgets to put the stock back
        step = real(self)
        self.state.sp = min(self.state.sp + 1, len(self.state.stock))
        return step

    monkeypatch.setattr(Game, "undo", sloppy)
    spider = RuleSet.from_dict({"id": "s", "name": "S", "deck": {"sets": 4},
                                "layout": {"columns": 4, "up": 3}})
    with pytest.raises(AssertionError):
        check_random_play(spider, deals=[1], steps=30)
