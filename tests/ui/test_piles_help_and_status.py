"""The help screen of the new games (their rules text, the keys of the top row) and what the
status line, the won and stuck messages count in games won on foundations or in columns."""

from __future__ import annotations

import pytest
from uihelpers import SIZE, help_rows, make_app

from spider_tui.engine import Game
from spider_tui.ui.progress import progress, progress_words, run_slots, won_words
from spider_tui.ui.screens.help import HelpScreen


@pytest.mark.parametrize("variant", ["cicely", "rachel", "trapdoor-spider", "spidike"])
async def test_help_shows_the_rules_text_of_a_new_game_and_the_pile_keys(variant):
    app = make_app(Game.new(variant, 1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        rows = " ".join(await help_rows(app, pilot))
        text = " ".join(rows.translate({ord(c): " " for c in "▄▀█▁▂▃▅▆▇"}).split())
        rules_text = " ".join(app.game.rules.rules_text.split())
        assert rules_text[:60] in text and rules_text[-40:] in text
        assert "To a free cell" in text and "Pick up the waste's card" in text


@pytest.mark.parametrize("variant, label, figure, words", [
    ("spider-2suit", "Runs", "0/8", "0 of 8 runs done"),
    ("spidike", "Home", "0/52", "0 of 52 cards on the foundations"),
    ("rouge-et-noir", "Home", "0/104", "0 of 104 cards on the foundations"),
    ("trillium", "Built", "0/8", "0 of 8 columns built into one run"),
])
def test_progress_counts_what_wins_the_game(variant, label, figure, words):
    g = Game.new(variant, 1)
    assert progress(g) == (label, figure)
    assert progress_words(g) == words


def test_won_words_and_the_runs_foundation_size():
    assert won_words(Game.new("spider-1suit", 1)) == "all 8 runs done"
    assert won_words(Game.new("cicely", 1)) == "all 104 cards on the foundations"
    assert won_words(Game.new("nordic", 1)) == "every column built into one run"
    rules = {v: Game.new(v, 1).rules for v in ("spider-4suit", "rouge-et-noir", "cicely",
                                               "trillium", "jolly-roger")}
    # Rouge et Noir's four card foundations take half of its two decks: four runs are left.
    assert {v: run_slots(r) for v, r in rules.items()} == {
        "spider-4suit": 8, "rouge-et-noir": 4, "cicely": 0, "trillium": 0, "jolly-roger": 8}


async def test_the_status_line_counts_cards_home_in_a_foundation_game():
    app = make_app(Game.new("cicely", 1))
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        line = "".join(seg.text for seg in app.game_screen.status_bar.render_line(0))
        assert "Home 0/104" in line and "Runs" not in line
