"""The statistics screen, on a minimal host app: a row per (variant, house rules) with every
figure, the current game's row marked, and a reset that asks first, then clears the figures."""

from __future__ import annotations

from pathlib import Path

import pytest
from screenhost import SIZE, Host, inside_screen, plain
from textual.widgets import Button, DataTable, Static
from uihelpers import screen_text

from spider_tui.engine import Game
from spider_tui.store import SaveMeta, StatsStore
from spider_tui.store.stats import COLUMNS
from spider_tui.ui.screens.confirm import ConfirmScreen
from spider_tui.ui.screens.stats import MARK, StatsScreen

# One move ("2>1") from a win.
NEAR_WIN = """
format = "spider-position/1"
variant = "spider-1suit"
completed = ["S", "S", "S", "S", "S", "S", "S"]
stock = []
columns = [
  { up = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"] },
  { up = ["AS"] },
  { up = [] }, { up = [] }, { up = [] }, { up = [] }, { up = [] }, { up = [] },
  { up = [] }, { up = [] },
]
"""


@pytest.fixture
def stats(tmp_path: Path) -> StatsStore:
    store = StatsStore(tmp_path / "stats.json")
    won = Game.from_position(NEAR_WIN)
    won.play("2>1")
    won.elapsed = 75
    assert store.record_win(won, SaveMeta()) == []
    for variant, house_rules in [("spider-1suit", ()), ("spider-2suit", ("relaxed-deal",))]:
        g = Game.new(variant, deal=3, house_rules=house_rules)
        g.play(g.legal_moves()[0])
        assert store.record_abandoned(g, SaveMeta()) == []
    return store


def host(stats: StatsStore, current=("spider-2suit", ("relaxed-deal",))) -> Host:
    return Host(lambda: StatsScreen(stats, current))


def rows(app: Host) -> list[list[str]]:
    dt = app.screen.query_one(DataTable)
    return [[plain(c) for c in dt.get_row_at(i)] for i in range(dt.row_count)]


def note(app: Host) -> str:
    return str(app.screen.query_one("#stats-note", Static).render())


async def test_every_combination_with_every_figure(stats):
    app = host(stats, current=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dt = app.screen.query_one(DataTable)
        headings = [plain(c.label) for c in dt.columns.values()]
        shown = rows(app)
    assert headings == list(COLUMNS)
    assert shown == [
        ["Spider (one suit)", "-", "2", "1", "50.0%", "1:15", "1299 (classic)", "1", "0", "1",
         "1"],
        ["Spider (two suits)", "relaxed-deal", "1", "0", "0.0%", "-", "-", "-", "0", "0", "0"],
    ]


async def test_the_current_combination_is_marked_and_picked(stats):
    app = host(stats)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dt = app.screen.query_one(DataTable)
        assert dt.cursor_row == 1
        marked = [r[0] for r in rows(app) if r[0].startswith(MARK)]
        assert marked == [MARK + "Spider (two suits)"]
        assert dt.get_row_at(1)[2].style == "bold"


async def test_a_combination_never_played_is_shown_with_zeros(stats):
    app = host(stats, current=("tarantula", ()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = rows(app)
        assert app.screen.query_one(DataTable).cursor_row == 2
    assert shown[2] == [MARK + "Tarantula", "-", "0", "0", "-", "-", "-", "-", "0", "0", "0"]


async def test_reset_asks_first_and_keeps_the_figures_when_told_no(stats):
    app = host(stats)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click("#reset")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.click("#answer-no")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
    assert stats.load().get("spider-2suit", ["relaxed-deal"]).played == 1


async def test_reset_clears_the_row_picked_after_the_confirmation(stats):
    app = host(stats)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("up")  # from the current row to the one-suit row
        await pilot.click("#reset")
        await pilot.pause()
        assert "Spider (one suit)" in str(app.screen.query_one(".dialog-body").render())
        await pilot.click("#answer-yes")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        shown = rows(app)
        assert "were reset" in note(app)
    assert [r[0] for r in shown] == [MARK + "Spider (two suits)"]
    table = stats.load()
    assert table.get("spider-1suit").played == 0
    assert table.get("spider-2suit", ["relaxed-deal"]).played == 1


async def test_reset_by_keyboard(stats):
    app = host(stats)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        shown = rows(app)
    # The current combination stays in the table, with nothing counted.
    assert shown[1][:4] == [MARK + "Spider (two suits)", "relaxed-deal", "0", "0"]
    assert stats.load().get("spider-2suit", ["relaxed-deal"]).played == 0


async def test_a_row_with_nothing_counted_has_nothing_to_reset(tmp_path):
    app = host(StatsStore(tmp_path / "stats.json"), current=("spider-4suit", ()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert "nothing to reset" in note(app)


async def test_no_figures_at_all_says_so(tmp_path):
    app = host(StatsStore(tmp_path / "stats.json"), current=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert rows(app) == []
        assert "No game has been counted yet" in note(app)
        assert app.screen.query_one("#reset", Button).disabled


async def test_a_damaged_stats_file_is_reported_on_the_screen(tmp_path):
    path = tmp_path / "stats.json"
    path.write_text("{ damaged")
    app = host(StatsStore(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "moved to" in note(app)


async def test_it_fits_80x24_and_scrolls_sideways(stats):
    app = host(stats)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dt = app.screen.query_one(DataTable)
        for selector in ("#reset", "#close", "#stats-help"):
            assert inside_screen(app, app.screen.query_one(selector)), selector
        assert inside_screen(app, app.screen.query_one("#stats-box"))
        assert dt.virtual_size.width > dt.size.width  # every column is there, off to the right
        await pilot.press(*["right"] * 20)
        await pilot.pause()
        assert dt.scroll_x > 0


@pytest.mark.parametrize("how", ["escape", "click"])
async def test_close(stats, how):
    app = host(stats)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if how == "escape":
            await pilot.press("escape")
        else:
            await pilot.click("#close")
        await pilot.pause()
    assert app.dismissed and app.result is None


async def test_the_reset_key_reads_the_same_in_the_help_line_and_on_the_button(stats):
    app = host(stats)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        help_line = str(app.screen.query_one("#stats-help", Static).render())
        button = str(app.screen.query_one("#reset", Button).label)
        assert "(r)" in button and "r resets" in help_line and "R resets" not in help_line


async def test_an_id_from_stats_json_reaches_the_terminal_without_its_control_characters(
        tmp_path):
    import json

    store = StatsStore(tmp_path / "stats.json")
    g = Game.new("spider-1suit", deal=3)
    g.play(g.legal_moves()[0])
    assert store.record_abandoned(g, SaveMeta()) == []
    data = json.loads((tmp_path / "stats.json").read_text())
    text = json.dumps(data).replace("spider-1suit", "evil\\u001b[31m\\u0007")
    data = json.loads(text)
    data.pop("checksum", None)  # a hand edit, as the README allows
    (tmp_path / "stats.json").write_text(json.dumps(data))
    app = host(StatsStore(tmp_path / "stats.json"), current=("spider-1suit", ()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = rows(app)
        assert shown and any("evil" in cell for row in shown for cell in row)
        assert not any(ch in cell for row in shown for cell in row for ch in "\x1b\x07")


async def test_scrolled_sideways_a_column_is_never_cut(stats):
    # Issue 33 item 6: scrolled right, the first column after the variant showed its last
    # letters only ("d  Won" for "Played  Won").
    app = host(stats)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        dt = app.screen.query_one(DataTable)
        seen = []
        while True:
            await pilot.press("right")
            await pilot.pause()
            if seen and dt.scroll_x == seen[-1]:
                break
            seen.append(dt.scroll_x)
            assert dt.scroll_x in dt.starts()  # a column begins right after the variant's
            firsts = {plain(c.label).split()[0] for c in dt.columns.values()}
            box = dt.content_region
            fixed = next(iter(dt.columns.values())).get_render_width(dt)
            line = screen_text(app).splitlines()[box.y]
            first = line[box.x + fixed:box.right].split()[0]
            assert first in firsts, line  # a whole heading, never its last letters
        assert seen[-1] == dt.max_scroll_x > 0  # the end too
        await pilot.press("left")
        await pilot.pause()
        assert dt.scroll_x in dt.starts() and dt.scroll_x < seen[-1]
