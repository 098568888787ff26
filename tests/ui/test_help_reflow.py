"""The help screen shows a rules text as paragraphs filled to the screen's width, whatever
line breaks its file has, and the "In short" of a Python game says its own rules (issue 33)."""

from __future__ import annotations

import dataclasses

import pytest
from uihelpers import help_rows, make_app

from spider_tui.engine import Game, RuleSet, default_catalog
from spider_tui.plugins.manager import get_manager
from spider_tui.ui.screens.help import HelpScreen, in_short, reflow

#: A rules text written at an editor's 50 columns: ragged on any screen if shown as it is.
RULES = """\
Two decks on ten columns. This rules text was written
in a narrow editor, so that its lines break long
before the screen does: the help must join them up
again into one paragraph and let the screen wrap it.

A second paragraph, also broken at fifty columns
or so, which goes on for a while to fill more than
one row of any screen that the help is shown on.

The list:
- first item, whose words go on
  onto a second line of the file
- second item
1. a numbered one"""

#: The scroll bar's characters, at the right of a row.
SCROLLBAR = {ord(c): None for c in "▄▀█▁▂▃▅▆▇"}

PARAGRAPHS = [
    " ".join(p.split()) for p in RULES.split("\n\n")[:2]]


def a_game(rules_text: str = RULES, cls: type[RuleSet] = RuleSet) -> Game:
    spider = default_catalog().variant("spider-1suit")
    fields = {f.name: getattr(spider, f.name) for f in dataclasses.fields(spider)}
    fields.update(id="ragged", name="Ragged", rules_text=rules_text, source="ragged.py")
    return Game.new(cls(**fields), deal=1)


def test_reflow_joins_the_lines_of_a_paragraph_and_keeps_list_items_apart():
    assert reflow(RULES).split("\n\n") == PARAGRAPHS + [
        "The list:\n- first item, whose words go on onto a second line of the file\n"
        "- second item\n1. a numbered one"]
    assert reflow("one\r\ntwo\n \t\nthree") == "one two\n\nthree"


@pytest.mark.parametrize("size", [(80, 24), (120, 30)])
async def test_help_fills_each_paragraph_to_the_screens_width(size):
    app = make_app(a_game())
    async with app.run_test(size=size) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        rows = [r.translate(SCROLLBAR) for r in await help_rows(app, pilot)]
        width = app.screen.query_one("#help-text").content_region.width
    for paragraph in PARAGRAPHS:
        start = next(i for i, r in enumerate(rows) if r.strip() and paragraph.startswith(
            r.strip()))
        mine: list[str] = []
        for row in rows[start:]:
            if not row.strip():
                break
            mine.append(row.strip())
        assert " ".join(mine) == paragraph
        assert len(mine) >= 2
        # Filled: no row but the last could have taken the next row's first word.
        for row, after in zip(mine, mine[1:]):
            assert len(row) + 1 + len(after.split()[0]) > width, (row, width)
    # Each item of the list starts a row of its own.
    starts = [r.strip() for r in rows]
    assert "- second item" in starts and "1. a numbered one" in starts
    assert any(r.startswith("- first item, whose words go on onto") for r in starts)


@pytest.mark.parametrize("vid, own, data", [
    ("bebop", "You never deal", "nothing here takes cards from the stock"),
    ("scorpion-towers", "Only a King, or a run headed by one", "Any card or liftable run"),
    ("trapdoor-spider", "falls onto its own column", None),
    ("jolly-roger", "two ranks higher", "one rank higher"),
])
async def test_in_short_of_a_python_game_says_its_own_rules(vid, own, data):
    app = make_app(Game.new(vid, deal=2, catalog=get_manager().catalog))  # not stuck at once
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        rows = [r.translate(SCROLLBAR) for r in await help_rows(app, pilot)]
        text = " ".join(" ".join(rows).split())
    short = text[text.index("In short"):text.index("The mouse")]
    assert own in short
    if data:
        assert data not in short
    assert "what its data says" not in short


class Overriding(RuleSet):
    def after_move(self, table, move):
        return []


class BrokenSummary(Overriding):
    def summary(self):
        raise ZeroDivisionError("kaput")


def test_a_python_game_with_no_summary_of_its_own_is_said_to_differ():
    short = in_short(a_game(cls=Overriding).rules)
    assert short.startswith(RuleSet.summary(a_game().rules))
    assert "what its data says; its Python rules (after_move) change some of it" in short
    broken = in_short(a_game(cls=BrokenSummary).rules)
    assert "its own summary() failed or said nothing" in broken
    assert in_short(a_game().rules) == RuleSet.summary(a_game().rules)
