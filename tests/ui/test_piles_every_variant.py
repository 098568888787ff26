"""Every shipped game opens at 80×24 with every pile on the screen, none over another, and takes a
tap on each pile and the top-row keys without a crash; a big terminal gets card-sized piles."""

from __future__ import annotations

import pytest
from uihelpers import PILE_SPOT, SIZE, make_app, press, settled

from spider_tui.engine import Game
from spider_tui.engine.piles import CELL
from spider_tui.plugins.manager import get_manager
from spider_tui.ui.layout import MIN_SLOT_WIDTH
from spider_tui.ui.progress import run_slots

VARIANTS = sorted(get_manager().catalog.variants)


def table_kind(variant: str) -> tuple:
    """What the layout of a game's table is made of: its columns, the piles of its top row (each
    pile's code names its kind and place), a stock to show and a row of finished runs."""
    rules = get_manager().catalog.variant(variant)
    return (rules.columns, tuple(c for c in rules.pile_codes if c >= CELL),
            rules.stock_size > 0 or rules.deal_to == "waste", run_slots(rules) > 0)


#: The games by kind of table, each kind's games in the order of their ids.
KINDS: dict[tuple, list[str]] = {}
for _variant in VARIANTS:
    KINDS.setdefault(table_kind(_variant), []).append(_variant)


def on_screen(app) -> list:
    """Every widget of the table a player plays with: columns, piles, stock, foundations."""
    screen = app.game_screen
    shown = [*screen.columns, *screen.piles]
    return shown + [w for w in (screen.stock, screen.foundations) if w.display]


def as_the_app_starts(screen) -> None:
    """What the last game's keys left that a new game keeps, as the app starts with it: the
    keyboard cursor hidden on column 1, and no message."""
    screen.cursor.go_to_column(0)
    screen.cursor.came_up_to = None
    screen.cursor.hide()
    screen.message_bar.clear()


async def check_the_table_and_play_it(app, pilot) -> None:
    """The game the app has just started is laid out whole on the 80×24 screen, and takes a tap
    on a pile of each kind, the keys of the top row and a deal without a crash."""
    screen = app.game_screen
    assert not screen.query_one("#too-small").display
    rules = app.game.rules
    piles = sorted(p.code for p in screen.piles)
    assert piles == [c for c in rules.pile_codes if c >= CELL]
    widgets = on_screen(app)
    for w in widgets:
        r = w.region
        assert r.width > 0 and r.height > 0, w
        assert r.x >= 0 and r.y >= 0 and r.right <= SIZE[0] and r.bottom <= SIZE[1], w
    for i, a in enumerate(widgets):
        for b in widgets[i + 1:]:
            assert not a.region.overlaps(b.region), (a, b)
    assert len(screen.columns) == rules.columns
    for i, col in enumerate(screen.columns):
        r = col.region
        assert r.width >= 5 and r.height >= 8
        # Every card of the column is drawn or counted (Rouge et Noir deals column 10 none).
        x0, _ = col.card_span()  # a wide column draws its cards in the middle
        dealt = bool(app.game.state.cols[i])
        assert col.hit(x0, 1)[0] in (("back", "backs", "card") if dealt else ("empty",))
    for p in screen.piles:
        assert p.region.width >= MIN_SLOT_WIDTH and p.region.height >= 2
        name = "".join(seg.text for seg in p.render_line(0))
        assert p.view.label in name
    # A tap on a pile of each kind, the keys of the top row and a deal: no crash.
    firsts = {p.view.kind: p for p in reversed(screen.piles)}
    for p in firsts.values():
        await pilot.click(f"#{p.id}", offset=PILE_SPOT)
        await press(pilot, "escape")
    await press(pilot, "right", "up", "right", "enter", "escape", "down", "c", "escape", "w",
                "escape", "f", "d")
    await pilot.pause()
    assert app.is_running and screen.is_mounted


@pytest.mark.parametrize("variants", list(KINDS.values()), ids=lambda v: "+".join(v))
async def test_every_pile_of_every_game_is_on_an_80x24_screen(variants):
    """One run of the app per kind of table: it starts on the kind's first game, and deals each
    other game of that kind in turn as the game menu does (a new game of the same shape lays
    out the same way; a start on each kind checks the table as the app opens it)."""
    app = make_app(Game.new(variants[0], 3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for n, variant in enumerate(variants):
            if n:
                while len(app.screen_stack) > 1:  # whatever the last keys left open
                    app.screen.dismiss()
                    await settled(pilot)
                app.new_game(variant, 3, confirm=False)
                as_the_app_starts(app.game_screen)
                await settled(pilot)
            assert app.game.rules.id == variant and app.game.deal == 3
            try:
                await check_the_table_and_play_it(app, pilot)
            except Exception as e:
                raise AssertionError(f"{variant}: {type(e).__name__}: {e}") from e


@pytest.mark.parametrize("variant", ["cicely", "rachel", "trapdoor-spider"])
async def test_a_big_terminal_draws_the_piles_card_sized(variant):
    app = make_app(Game.new(variant, 3))
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        screen = app.game_screen
        for p in screen.piles:
            assert p.region.height == 6 and p.region.width >= 8
        widgets = on_screen(app)
        for i, a in enumerate(widgets):
            assert a.region.right <= 200
            for b in widgets[i + 1:]:
                assert not a.region.overlaps(b.region), (a, b)


async def test_a_new_game_of_another_shape_lays_out_its_own_piles():
    app = make_app(Game.new("cicely", 3))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.game_screen
        for variant, piles in [("spider-4suit", 0), ("spidercells", 4), ("three-blind-mice", 2),
                               ("spidike", 4),
                               ("rachel", 1), ("cicely", 16)]:
            app.new_game(variant, 1, confirm=False)
            await settled(pilot)  # the new shape laid out: one pause may end before it is
            assert len(screen.piles) == piles and screen.has_class("-piles") == bool(piles)
            assert len(screen.columns) == app.game.rules.columns
            widgets = on_screen(app)
            for i, a in enumerate(widgets):
                assert a.region.right <= SIZE[0] and a.region.width > 0, (variant, a)
                for b in widgets[i + 1:]:
                    assert not a.region.overlaps(b.region), (variant, a, b)
            for p in screen.piles:
                assert p.region.width == (screen.drawing.top_plan.waste if p.view.kind == 4
                                          else screen.drawing.top_plan.slot)


@pytest.mark.parametrize("first, then", [
    ("spidercells", "cicely"),       # four cells, then eight cells and eight foundations
    ("cicely", "spidercells"),       # and back: fewer slots
    ("three-blind-mice", "rachel"),  # reserves, then the waste
    ("rachel", "spider-2suit"),      # piles, then none
])
async def test_a_game_of_other_piles_replaces_the_top_row(first, then):
    """Going from one game to another whose piles share names (c1…c4) does not crash on the
    slot of that name still being removed, and leaves each slot once, in order."""
    app = make_app(Game.new(first, 3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.start_game(Game.new(then, 4))
        await pilot.pause()
        await pilot.pause()
        screen = app.game_screen
        rules = app.game.rules
        codes = [p.code for p in screen.piles]
        assert sorted(codes) == [c for c in rules.pile_codes if c >= CELL]
        mounted = [w for w in screen.query("PileSlot")]
        assert [w.code for w in mounted] == codes  # each once, left to right as planned
        xs = [w.region.x for w in mounted]
        assert xs == sorted(xs)
        for slot in screen.piles:
            await pilot.click(f"#{slot.id}", offset=PILE_SPOT)
        await pilot.pause()
