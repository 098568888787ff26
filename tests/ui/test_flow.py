"""Messages and flow: the won and stuck screens, new-game confirmation, the game menu with a
plugin's variant, help, themes, and the size of the terminal."""

from __future__ import annotations

from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from uihelpers import SIZE, card_offset, help_rows, kings, make_app, screen_text, until

from spider_tui.config import Config
from spider_tui.engine import Game
from spider_tui.plugins.manager import get_manager, load_plugins
from spider_tui.ui import SpiderApp
from spider_tui.ui.layout import min_size
from spider_tui.ui.screens.confirm import ConfirmScreen
from spider_tui.ui.screens.game import GameScreen
from spider_tui.ui.screens.help import HelpScreen
from spider_tui.ui.screens.stuck import StuckScreen
from spider_tui.ui.screens.variants import VariantScreen, daily_deal
from spider_tui.ui.screens.won import WonScreen

CLUBS = ["KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C"]
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "scorpion-plugin" / "src"


def last_move_wins(board):
    return board([([], CLUBS), ([], ["AC"])] + [([], [])] * 8,
                 completed=["S", "S", "H", "H", "D", "D", "C"])


async def test_a_won_game_shows_the_summary_and_offers_a_new_deal(board):
    app = make_app(last_move_wins(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert app.game.status == "won"
        assert isinstance(app.screen, WonScreen)
        assert f"Score {app.game.score}" in app.screen.body and "Moves 1" in app.screen.body
        assert "Time 0:0" in app.screen.body
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.game.status == "playing" and app.game.actions == 0
        assert app.game.rules.id == "spider-4suit"


async def test_a_stuck_game_says_so_and_undo_takes_it_back(board):
    # After 7♥ onto 8♠ the 2♦ turns up; then nothing can move and the stock is empty.
    g = board([(["2D"], ["7H"]), ([], ["8S"])] + kings(8), filler=3)
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert app.game.status == "stuck"
        assert isinstance(app.screen, StuckScreen)
        assert "stuck" in app.screen.body and "Undo" in app.screen.body
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.game.status == "playing" and app.game.moves_played() == []


async def test_new_game_mid_game_asks_first(board):
    app = make_app(Game.new("spider-1suit", 3))
    async with app.run_test(size=SIZE) as pilot:
        first = app.game
        await pilot.press("n")  # nothing played yet: no question
        assert app.game is not first and not isinstance(app.screen, ConfirmScreen)
        second = app.game
        await pilot.press("H", "H")  # a hint is not a move
        move = app.game.legal_moves()[0]
        app.game_screen.play_move(move)
        await pilot.press("n")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # no: keep playing
        assert app.game is second and isinstance(app.screen, GameScreen)
        await pilot.press("n")
        await pilot.press("y")
        assert app.game is not second and app.game.actions == 0


@pytest.fixture
def scorpion_manager(monkeypatch):
    monkeypatch.syspath_prepend(str(EXAMPLES))
    eps = [EntryPoint("builtin", "spider_tui.plugins.builtin", "spider_tui"),
           EntryPoint("scorpion", "spider_tui_scorpion", "spider_tui")]
    return load_plugins(entry_points=eps)


async def test_the_game_menu_starts_a_plugins_variant(scorpion_manager):
    mgr = scorpion_manager
    assert "scorpion-example" in mgr.catalog.variants
    app = SpiderApp(Config(), Game.new("spider-4suit", 1, catalog=mgr.catalog), manager=mgr)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        assert isinstance(app.screen, VariantScreen)
        listed = app.screen.query_one("#variant-list")
        ids = [listed.get_option_at_index(i).id for i in range(listed.option_count)]
        assert set(mgr.catalog.variants) == set(ids)
        listed.highlighted = ids.index("scorpion-example")
        await pilot.pause()
        assert "Build down in suit" in str(app.screen.query_one("#variant-desc").render())
        await pilot.click("#deal-input")
        await pilot.press("5")
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.game.rules.id == "scorpion-example" and app.game.deal == 5
        assert len(app.game_screen.columns) == 7


async def test_the_game_menu_offers_house_rules_and_the_daily_deal():
    app = make_app(Game.new("spider-2suit", 1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await pilot.click("#deal-daily")
        app.screen.query_one("#hr-relaxed-deal").scroll_visible(animate=False)
        await pilot.pause()
        await pilot.click("#hr-relaxed-deal")
        await pilot.click("#start")
        await pilot.pause()
        assert app.game.rules.id == "spider-2suit" and app.game.deal == daily_deal()
        assert app.game.rules.house_rules == ("relaxed-deal",)


async def test_help_shows_the_rules_of_this_variant_and_the_keys():
    app = make_app(Game.new("spider-2suit", 1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = "\n".join(await help_rows(app, pilot))
        assert "Spider (two suits)" in text and "Lifting is strict" in text
        assert "Undo" in text and "Hint" in text and "Deal" in text
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_the_help_key_list_does_not_wrap_mid_phrase_at_80_columns():
    from spider_tui.ui.screens.help import key_lines

    app = make_app(Game.new("big-spider", 1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        rows = await help_rows(app, pilot)
        lines = key_lines(app, [b for b in (*GameScreen.BINDINGS, *app.BINDINGS)
                                if not (b.id or "").startswith("column_")])
        assert len(lines) > 10
        for _keys, what in lines:
            assert any(what in row for row in rows), what
        # Columns 11 to 13 of Big Spider have their keys.
        assert any(row.strip().startswith("! @ #") and "11–13" in row for row in rows)


async def test_registered_themes_are_textual_themes_with_card_colours():
    app = make_app(Game.new("spider-2suit", 1))
    async with app.run_test(size=SIZE) as pilot:
        assert {"spider-dark", "spider-light", "high-contrast"} <= set(app.available_themes)
        assert app.theme == "spider-dark"
        dark_face = app.theme_variables["card-hearts"]
        await pilot.press("t")
        assert app.theme != "spider-dark" and app.theme in get_manager().themes
        app.theme = "high-contrast"
        await pilot.pause()
        assert app.theme_variables["card-hearts"] != dark_face or \
            app.theme_variables["table"] == "#000000"


async def test_below_the_minimum_size_it_says_so():
    app = make_app(Game.new("big-spider", 1))
    async with app.run_test(size=(50, 10)) as pilot:
        await pilot.pause()
        note = app.screen.query_one("#too-small")
        assert note.display and not app.screen.query_one("#table").display
        need = min_size(13)
        assert f"{need[0]}×{need[1]}" in str(note.render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not note.display


async def test_the_winnable_choice_appears_only_with_a_list(monkeypatch):
    from spider_tui.ui.screens import variants

    monkeypatch.setattr(variants, "winnable", lambda vid: [5, 9] if vid == "spider-1suit" else [])
    app = make_app(Game.new("spider-1suit", 1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        button = app.screen.query_one("#deal-winnable")
        assert button.display
        await pilot.click("#deal-winnable")
        await pilot.click("#start")
        await pilot.pause()
        assert app.game.rules.id == "spider-1suit" and app.game.deal in (5, 9)
        await pilot.press("g")
        await pilot.pause()
        listed = app.screen.query_one("#variant-list")
        ids = [listed.get_option_at_index(i).id for i in range(listed.option_count)]
        listed.highlighted = ids.index("spider-4suit")
        await pilot.pause()
        assert not app.screen.query_one("#deal-winnable").display


class RecordingManager:
    """The real plugin manager, recording the play-time hooks the app calls."""

    def __init__(self, real, problems=()):
        self.real = real
        self.catalog = real.catalog
        self.themes = real.themes
        self.problems = list(problems)
        self.calls: list[tuple] = []

    def take_news(self):
        return self.real.take_news()

    def notify(self, hook, **kw):
        self.calls.append((hook, kw.get("kind") or kw.get("status")))
        return ["demo-plugin: action_played raised ValueError"] if hook == "action_played" \
            and len(self.calls) == 2 else []


async def test_play_time_hooks_are_called_and_problems_are_shown(board):
    mgr = RecordingManager(get_manager(), problems=["broken-plugin: failed to import"])
    app = SpiderApp(Config(), last_move_wins(board), manager=mgr)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(50):  # the start-up notice comes once the screen is up (a loaded machine)
            await pilot.pause()
            if any("broken-plugin" in n.message for n in app._notifications):
                break
        assert any("broken-plugin" in n.message for n in app._notifications)
        await pilot.click("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert mgr.calls[:3] == [("game_started", None), ("action_played", "move"),
                                 ("game_ended", "won")]
        assert any("action_played raised" in n.message for n in app._notifications)


async def test_a_long_column_is_folded_and_scrolls(board):
    run = ["KS", "QH", "JS", "TH", "9S", "8H", "7S", "6H", "5S", "4H", "3S", "2H", "AS"]
    run2 = ["KD", "QC", "JD", "TC", "9D", "8C", "7D", "6C", "5D", "4C", "3D", "2C", "AD"]
    others = [([], [c]) for c in ("KH", "KC", "KH", "KC", "QS", "QD", "QS", "QD", "JH")]
    g = board([(["5C", "6D", "7C", "8D"], run + run2)] + others, filler=2)
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        col = app.game_screen.columns[0]
        kinds = [col.hit(1, y)[0] for y in range(1, col.size.height)]
        assert "backs" in kinds and "more-up" in kinds  # folded, and it says so
        assert col.hit(1, kinds.index("card", kinds.index("more-up")) + 1)[1] > 4
        exposed = len(g.state.cols[0]) - 1
        assert any(col.hit(1, y) == ("card", exposed) for y in range(col.size.height))
        await pilot.click("#col-1", offset=(2, kinds.index("more-up") + 1))
        await pilot.pause()
        assert col.scroll > 0
        kinds = [col.hit(1, y)[0] for y in range(1, col.size.height)]
        assert "more-down" in kinds


async def test_foundation_slots_grow_with_the_window():
    app = make_app(Game.new("spider-4suit", 3))
    async with app.run_test(size=SIZE) as pilot:
        slots = app.game_screen.foundations
        for size in [(120, 40), (80, 24), (120, 40), (200, 60), (120, 40), (80, 24), (120, 40)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            text = slots.render().plain
            if size[1] >= 30:
                # Card-sized boxes, three rows high.
                assert slots.size.height >= 3 and text.count("╭") == 8, size
            else:
                assert "╭" not in text and text.count("··") == 8, size


async def test_the_exposed_card_is_full_height_over_folded_face_down_cards(board):
    # Column 1 holds every card left out, face down: too many for one row each. (5♥ may go
    # onto 6♠: a table with no move would bring up the stuck dialog over the one measured.)
    app = make_app(board([([], ["5H"]), ([], ["6S"])] + kings(8), filler=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        col = app.game_screen.columns[0]
        kinds = [col.hit(3, y)[0] for y in range(1, col.size.height)]
        assert kinds[:4] == ["backs", "card", "face", "face"]


@pytest.mark.parametrize("variant", ["spider-4suit", "big-spider", "spiderette"])
async def test_every_column_is_as_wide_as_the_others(variant):
    app = make_app(Game.new(variant, 3))
    async with app.run_test(size=SIZE) as pilot:
        for width in (80, 63, 105, 127, 200):
            if width < min_size(app.game.rules.columns)[0]:
                continue
            await pilot.resize_terminal(width, 30)
            await pilot.pause()
            widths = {c.region.width for c in app.game_screen.columns}
            assert len(widths) == 1, (width, widths)
            # The board uses the width: what is left over is less than a column.
            left = width - len(app.game_screen.columns) * widths.pop()
            assert 0 <= left < len(app.game_screen.columns)


async def test_check_boxes_and_radio_buttons_differ_in_shape_on_and_off():
    from textual.widgets import Checkbox, RadioButton

    from spider_tui.ui.screens.variants import VariantScreen

    app = make_app(Game.new("spider-2suit", 1), one_tap=True, hint_peek=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.click("#show-play")
        await pilot.pause()
        on = app.screen.query_one("#one-tap", Checkbox)
        off = app.screen.query_one("#hint-peek", Checkbox)
        assert on.value and not off.value
        on_text, off_text = on.render().plain, off.render().plain
        assert on_text[:3] != off_text[:3] and on_text[3:].strip() and "x" in on_text[:3].lower()
        await pilot.press("escape")
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, VariantScreen)
        radios = list(app.screen.query(RadioButton))
        pressed = [r.render().plain[:3] for r in radios if r.value]
        unpressed = {r.render().plain[:3] for r in radios if not r.value}
        assert len(pressed) == 1 and pressed[0] not in unpressed


async def test_opening_the_settings_builds_little_and_leaves_the_key_bar_alone():
    # What made the settings slow to open: all three tabs built at once, and the key bar under
    # the board rebuilt when a screen opened over it and again when it closed.
    from textual.widgets import OptionList

    from spider_tui.ui.screens.settings import SettingsScreen

    app = make_app(Game.new("spider-2suit", 1))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.game_screen.footer.children)  # built after a refresh
        keys = list(app.game_screen.footer.children)
        assert keys
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert not app.screen.query("#key-list") and not app.screen.query("#one-tap")
        await pilot.click("#show-keys")
        await pilot.pause()
        assert app.screen.query_one("#key-list", OptionList).option_count > 10
        await pilot.press("escape")
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert list(app.game_screen.footer.children) == keys


@pytest.mark.parametrize("width", [80, 50])
async def test_the_status_line_shows_a_short_name_and_the_house_rules_at_any_width(width):
    g = Game.new("spider-1suit", 123456789, ("relaxed-deal", "manual-removal"))
    app = make_app(g)
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        line = screen_text(app).splitlines()[0]
        assert "spider-1suit" not in line
        assert line.startswith(("Spider 1 suit", "Spider (one suit)")), line
        assert "+" in line and "relaxed" in line and "manual" in line, line
        if width == 80:
            assert "123456789" in line, line


async def test_a_hint_after_a_win_says_the_game_is_won(board):
    app = make_app(last_move_wins(board))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert isinstance(app.screen, WonScreen)
        await pilot.click("#answer-cancel")  # Look at the table
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("H")
        message = app.game_screen.last_message
        assert "won" in message and "undo" not in message.lower()
        assert app.game_screen.autoplay.hint_shown is None
