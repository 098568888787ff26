"""Animation: cards slide, a deal sweeps, a finished run flies, a win is celebrated; nothing
waits for it, and the setting turns it off. Time is moved by hand (``clock``)."""

from __future__ import annotations

import pytest
from uihelpers import SIZE, card_offset, column, kings, make_app

from spider_tui.ui import motion
from spider_tui.ui.hits import CardHit
from spider_tui.ui.screens.won import WonScreen

pytestmark = pytest.mark.animated


@pytest.fixture
def clock(monkeypatch):
    """The animations' clock, moved by hand: ``clock(seconds)`` moves it on and draws the
    frame of that moment."""
    now = [100.0]

    class Fake:
        @staticmethod
        def monotonic() -> float:
            return now[0]

    monkeypatch.setattr(motion, "time", Fake)
    state = {}

    def advance(seconds: float) -> None:
        now[0] += seconds
        state["app"].game_screen.motion.step()

    def attach(app):
        state["app"] = app
        return advance
    return attach


def tap_table(board):
    """7♥ in column 1 goes onto 8♥ in column 3 (one tap)."""
    return board([([], ["7H"]), ([], ["8S"]), ([], ["8H"])] + kings(7), filler=4)


def stock_table(board):
    return board([([], ["7H"]), ([], ["8S"]), ([], ["8H"])] + kings(7), filler=4,
                 stock=["2S", "3S", "4S", "5S", "6S", "7S", "9S", "TS", "JS", "QS"])


def shown(app, n: int) -> set[int]:
    """The indexes of column ``n``'s cards drawn in it now."""
    col = column(app, n)
    col._layout()
    text = [("".join(seg.text for seg in strip)).strip() for strip in col._build()]
    return {row.index for y, row in enumerate(col._rows) if text[y + 1]}


async def test_a_moved_card_slides_to_its_place(board, clock):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        advance = clock(app)
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        screen = app.game_screen
        assert app.game.moves_played() == ["1>3"]  # the game changed at once
        assert screen.motion.busy and 1 not in shown(app, 3)  # 7♥ is on its way
        sprite = screen.stage.sprite(0)
        assert sprite.display and sprite.cards == (app.game.state.cols[2][1],)
        start = sprite.styles.offset.x.value
        advance(motion.SLIDE / 2)
        await pilot.pause()
        middle = sprite.styles.offset.x.value
        assert start < middle < column(app, 3).region.x + 3
        advance(motion.SLIDE)
        await pilot.pause()
        assert not screen.motion.busy and not sprite.display
        assert shown(app, 3) == {0, 1}


async def test_a_key_during_an_animation_ends_it_at_once_and_then_does_its_job(board, clock):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        clock(app)
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        screen = app.game_screen
        assert screen.motion.busy
        await pilot.press("right")
        assert not screen.motion.busy and shown(app, 3) == {0, 1}
        assert column(app, 1).view.cursor is not None  # the key did its job too


async def test_a_click_during_an_animation_ends_it_and_is_then_a_click(board, clock):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        clock(app)
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert app.game_screen.motion.busy
        # A click on 7♥, which has landed at once: it would break its run to go onto 8♠,
        # so the place lights up for a second click.
        await pilot.click("#col-3", offset=card_offset(app, 3))
        await pilot.pause()
        assert not app.game_screen.motion.busy
        assert app.game_screen.selector.selection is not None and column(app, 2).view.target


async def test_undo_slides_the_cards_back(board, clock):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        advance = clock(app)
        await pilot.press("1", "3")
        advance(1)
        await pilot.press("u")
        assert app.game.moves_played() == [] and app.game_screen.motion.busy
        assert 0 not in shown(app, 1)
        advance(1)
        assert shown(app, 1) == {0}


async def test_a_deal_sweeps_across_the_columns_from_left_to_right(board, clock):
    app = make_app(stock_table(board))
    async with app.run_test(size=SIZE) as pilot:
        advance = clock(app)
        await pilot.press("d")
        await pilot.pause()
        assert app.game.deals_left == 0
        new = [len(c) - 1 for c in app.game.state.cols]
        assert all(new[i] not in shown(app, i + 1) for i in range(10))  # all on their way
        advance(motion.DEAL_CARD + 2 * motion.DEAL_GAP)
        landed = [new[i] in shown(app, i + 1) for i in range(10)]
        assert landed[0] and not landed[-1]
        assert landed == sorted(landed, reverse=True)  # the first columns first
        advance(1)
        assert all(new[i] in shown(app, i + 1) for i in range(10))
        assert not app.game_screen.motion.busy


def win_table(board):
    """Column 1 holds K♠ … 2♠, column 2 A♠: 2>1 finishes the last run and wins."""
    run = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
    return board([([], run), ([], ["AS"])] + [([], [])] * 8, variant="spider-1suit",
                 completed=["S"] * 7)


async def test_a_finished_run_flies_to_its_foundation_and_a_win_is_celebrated(board, clock):
    app = make_app(win_table(board))
    async with app.run_test(size=SIZE) as pilot:
        advance = clock(app)
        await pilot.press("2", "1")
        await pilot.pause()
        screen = app.game_screen
        assert app.game.status == "won"
        assert screen.foundations.state[4] == frozenset({7})  # the 8th slot waits for its run
        advance(motion.SLIDE + 0.01)  # the Ace has landed; the run flies
        assert screen.motion.current.flights[0].cards[0] % 13 == 12  # from its King
        advance(motion.FLY + 0.01)  # in the foundation; the celebration
        assert screen.foundations.state[4] == frozenset()
        await pilot.pause()
        assert screen.celebration_view.display and "You won!" in "".join(
            seg.text for seg in screen.celebration_view.render_line(
                screen.celebration_view.size.height // 2))
        assert not isinstance(app.screen, WonScreen)  # the summary waits for it
        advance(motion.CELEBRATE + 0.01)
        await pilot.pause()
        await pilot.pause()
        assert not screen.celebration_view.display and isinstance(app.screen, WonScreen)


async def test_a_key_cuts_the_celebration_short(board, clock):
    app = make_app(win_table(board))
    async with app.run_test(size=SIZE) as pilot:
        clock(app)
        await pilot.press("2", "1")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, WonScreen)


@pytest.mark.parametrize("setting", ["off", "fast"])
async def test_the_setting_turns_animation_off_or_makes_it_faster(board, clock, setting):
    app = make_app(tap_table(board), animation=setting)
    async with app.run_test(size=SIZE) as pilot:
        advance = clock(app)
        await pilot.press("1", "3")
        screen = app.game_screen
        if setting == "off":
            assert not screen.motion.busy and shown(app, 3) == {0, 1}
            return
        assert screen.motion.busy
        advance(motion.SLIDE * 0.5)  # fast: done in under half the normal time
        assert not screen.motion.busy and shown(app, 3) == {0, 1}


async def test_dragged_cards_do_not_slide_again(board, clock):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        clock(app)
        await pilot.mouse_down("#col-1", offset=card_offset(app, 1))
        await pilot.hover("#col-2", offset=card_offset(app, 2))
        await pilot.mouse_up("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert app.game.moves_played() == ["1>2"]
        assert not app.game_screen.motion.busy and shown(app, 2) == {0, 1}


async def test_a_click_on_cards_on_their_way_is_a_click_on_what_lies_under_them(board, clock):
    app = make_app(tap_table(board))
    async with app.run_test(size=SIZE) as pilot:
        clock(app)
        await pilot.press("1", "3")
        sprite = app.game_screen.stage.sprite(0)
        await pilot.pause()
        assert sprite.display
        # Where 7♥ is drawn on its way (over column 1's felt now): the press is on the felt.
        at = sprite.region.offset
        assert isinstance(app.game_screen.pointer.hit(at.x, at.y), CardHit)
