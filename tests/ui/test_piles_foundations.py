"""Foundations built card by card on the screen (Spidike: four, up in suit from the Ace, cards may
come back; Rouge et Noir: nothing comes back): taps, drags and keys to and from them, the
refusals, and the status line's count of the cards home."""

from __future__ import annotations

import pytest
from uihelpers import PILE_SPOT, SIZE, card_offset, column, make_app, pile, piles_position

from spider_tui.engine.piles import FOUND


@pytest.fixture
def spidike(table):
    """A♠ ends column 1, 2♠ column 2 (it could also go onto 3♦ in column 3)."""
    def make(foundations=((), (), (), ())):
        return table(piles_position(
            [([], ["AS"]), ([], ["2S"]), ([], ["3D"]), ([], ["KC"]), ([], ["KH"]),
             ([], ["QC"]), ([], ["9H"])],
            variant="spidike", foundations=[list(f) for f in foundations]), filler=7)
    return make


async def test_the_foundations_are_drawn_on_the_right_and_say_what_they_start_with(spidike):
    app = make_app(spidike())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        slots = [pile(app, f"f{j}") for j in range(1, 5)]
        assert [p.view.empty_mark for p in slots] == ["A"] * 4
        assert all(p.region.x > app.game_screen.stock.region.right for p in slots)
        # Runs never leave the table in Spidike: no runs' foundation.
        assert not app.game_screen.foundations.display


async def test_a_tap_sends_an_ace_and_then_its_two_to_the_foundation(spidike):
    app = make_app(spidike())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert app.game.moves_played() == ["1>f1"]
        # 2♠ could go onto 3♦ too; the foundation is the clearly best place.
        await pilot.click("#col-2", offset=card_offset(app, 2))
        await pilot.pause()
        assert app.game.moves_played() == ["1>f1", "2>f1"]
        assert app.game_screen.status_bar.fields["progress"] == "Home"
        assert app.game_screen.status_bar.fields["runs"] == "2/52"


async def test_a_drag_puts_an_ace_on_the_foundation_it_is_dropped_on(spidike):
    app = make_app(spidike())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.mouse_down("#col-1", offset=card_offset(app, 1))
        await pilot.hover("#pile-f3", offset=PILE_SPOT)
        await pilot.pause()
        assert all(pile(app, f"f{j}").view.target for j in range(1, 5))
        await pilot.mouse_up("#pile-f3", offset=PILE_SPOT)
        await pilot.pause()
        assert app.game.moves_played() == ["1>f3"]


async def test_a_refused_drop_on_a_foundation_names_the_rule(spidike):
    app = make_app(spidike([[], ["AH"], [], []]))
    async with app.run_test(size=SIZE) as pilot:
        before = app.game.to_position()
        await pilot.mouse_down("#col-3", offset=card_offset(app, 3))
        await pilot.hover("#pile-f2", offset=PILE_SPOT)
        await pilot.mouse_up("#pile-f2", offset=PILE_SPOT)
        await pilot.pause()
        assert app.game.to_position() == before
        assert app.game_screen.last_message.startswith("3♦ cannot go onto foundation 2")


async def test_a_foundation_card_comes_back_by_a_tap_or_a_drag(spidike):
    # 2♥ on foundation 2 can come back onto 3♦ (Spidike builds regardless of suit).
    app = make_app(spidike([[], ["AH", "2H"], [], []]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#pile-f2", offset=PILE_SPOT)
        await pilot.pause()
        assert app.game.moves_played() == ["f2>3"]
        await pilot.press("u")
        await pilot.mouse_down("#pile-f2", offset=PILE_SPOT)
        await pilot.hover("#col-3", offset=card_offset(app, 3))
        await pilot.mouse_up("#col-3", offset=card_offset(app, 3))
        await pilot.pause()
        assert app.game.moves_played() == ["f2>3"] and app.game.actions == 3


async def test_the_f_key_plays_the_best_move_to_a_foundation_or_drops_there(spidike):
    app = make_app(spidike())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f")
        await pilot.pause()
        assert app.game.moves_played() == ["1>f1"]
        await pilot.press("2", "f")
        await pilot.pause()
        assert app.game.moves_played() == ["1>f1", "2>f1"]
        await pilot.press("f")
        await pilot.pause()
        assert app.game_screen.last_message == "No card can go to a foundation now"


async def test_the_cursor_reaches_a_foundation_and_enter_takes_its_card_back(spidike):
    app = make_app(spidike([[], ["AH", "2H"], [], []]))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.game_screen
        await pilot.press("right", "up")  # column 1, then the top row: the stock
        await pilot.press(*["right"] * 2)  # past foundation 1 to foundation 2
        assert screen.cursor.top == FOUND + 1 and pile(app, "f2").view.cursor
        await pilot.press("enter")
        assert screen.selector.selection is not None and screen.selector.selection.src == FOUND + 1
        assert column(app, 3).view.target
        await pilot.press("3")
        await pilot.pause()
        assert app.game.moves_played() == ["f2>3"]


async def test_a_foundation_that_keeps_its_cards_says_so_when_clicked(table):
    # Rouge et Noir: foundation 1 holds A♠ for good.
    g = table(piles_position(
        [([], ["2H"])] + [([], [c]) for c in ["KS", "KH", "KD", "KC", "QS", "QH", "QD",
                                               "QC", "JS"]],
        variant="rouge-et-noir", foundations=[["AS"], [], [], []]), filler=1)
    app = make_app(g)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#pile-f1", offset=PILE_SPOT)
        await pilot.pause()
        assert app.game.actions == 0
        message = app.game_screen.last_message
        assert message == ("Foundation 1: 1 card, A♠ on top; it takes a red 2 next; cards put "
                           "there stay")
        # Its runs' foundation takes the four whole runs; the cards go to the foundations.
        assert app.game_screen.foundations.display
        assert app.game_screen.foundations.state[0] == 4
        await pilot.click("#col-1", offset=card_offset(app, 1))
        await pilot.pause()
        assert app.game.moves_played() == ["1>f1"]


async def test_a_hint_lights_the_piles_it_names(spidike):
    app = make_app(spidike())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("H")
        await pilot.pause()
        move = app.game_screen.autoplay.hint_shown.move
        lit = [p.view.label for p in app.game_screen.piles if p.view.hint_target]
        if move.dst >= FOUND:
            assert lit == [f"f{move.dst - FOUND + 1}"]
        else:
            assert column(app, move.dst + 1).view.hint_target


async def test_an_empty_foundation_of_one_suit_shows_the_card_it_starts_with():
    from spider_tui.engine import Game

    app = make_app(Game.new("cicely", 1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        marks = [p.view.empty_mark for p in app.game_screen.piles if p.view.label[0] == "f"]
        assert marks == ["A♠", "A♥", "A♦", "A♣", "K♠", "K♥", "K♦", "K♣"]
        # A dot before it: an empty place, not a card.
        assert "·A♠" in "".join(seg.text for seg in pile(app, "f1").render_line(1))



# ------------------------------------------------------------------ foundations dealt cards


def _example(vid: str, deal: int):
    """A new game of an example variant file (examples/variants/)."""
    from example_variants import example_rules

    from spider_tui.engine import Game
    from spider_tui.testing import catalog_with

    rules = example_rules()[vid]
    return Game.new(rules, deal=deal, catalog=catalog_with(rules))


async def test_foundations_dealt_their_aces_show_them_from_the_start():
    """San Juan Hill deals the eight Aces home: the slots show them (each may come back to a
    column), the status line counts them home, and they are the deal's, not a move to undo."""
    from spider_tui.engine.cards import parse_card

    app = make_app(_example("san-juan-hill", 7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        slots = [pile(app, f"f{j}") for j in range(1, 9)]
        aces = [parse_card(c) for c in ["AS", "AS", "AH", "AH", "AD", "AD", "AC", "AC"]]
        assert [s.view.cards for s in slots] == [(a,) for a in aces]
        assert all(s.view.movable for s in slots)  # San Juan Hill lets a card come back
        assert "A♠" in "".join(seg.text for seg in slots[0].render_line(1))
        assert app.game_screen.status_bar.fields["progress"] == "Home"
        assert app.game_screen.status_bar.fields["runs"] == "8/104"
        assert not app.game.can_undo()  # the cards home are the deal's, not a move


async def test_an_empty_stock_offers_the_redeal_again_and_again_when_unlimited():
    """Unlimited: the waste turns back as often as the player likes, each time by a tap."""
    app = make_app(_example("unlimited", 7))
    async with app.run_test(size=SIZE) as pilot:
        stock = app.game_screen.stock
        for turn in range(1, 4):
            while app.game.state.stock_left:
                app.game.play("d")
            app.game_screen.refresh_board()
            await pilot.pause()
            assert stock.redeal and stock.deals == 0
            await pilot.click("#stock", offset=(2, 1))
            await pilot.pause()
            assert app.game.state.redeals == turn and app.game.state.stock_left > 0
            assert not pile(app, "w").view.cards
