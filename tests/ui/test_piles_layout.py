"""How the top row of piles shares out its width (layout.top_plan: no Textual)."""

from __future__ import annotations

from spider_tui.ui.layout import (
    MIN_SLOT_WIDTH,
    STOCK_NARROW,
    STOCK_WIDE,
    min_size,
    min_size_with_piles,
    top_plan,
)


def test_a_roomy_row_keeps_everything_whole():
    # Rachel: the waste fanned three cards wide, the stock with its word, the runs boxed.
    p = top_plan(80, piles=0, waste=True, run_slots=4, screen_height=24)
    assert (p.stock, p.fan, p.runs_compact, p.height) == (STOCK_WIDE, 3, False, 2)
    assert p.width(0) <= 80


def test_what_gives_way_first_when_room_is_short():
    # Cicely: sixteen slots narrow to the narrowest card before the stock loses its word.
    p = top_plan(80, piles=16, waste=False, run_slots=0, screen_height=24)
    assert (p.slot, p.stock) == (MIN_SLOT_WIDTH, STOCK_WIDE) and p.width(16) <= 80
    # Trapdoor Spider: ten reserves and eight runs; then the stock's word goes.
    p = top_plan(80, piles=10, waste=False, run_slots=8, screen_height=24)
    assert (p.slot, p.stock, p.runs_compact) == (MIN_SLOT_WIDTH, STOCK_NARROW, False)
    # Narrower still: the runs' foundation shows one sign per run.
    p = top_plan(60, piles=10, waste=False, run_slots=8, screen_height=24)
    assert p.runs_compact and p.width(10) <= 60


def test_a_tall_wide_terminal_gets_card_sized_piles():
    p = top_plan(200, piles=16, waste=False, run_slots=0, screen_height=60, ideal_slot=15)
    assert p.height == 6 and p.slot >= 10 and p.width(16) <= 200
    assert top_plan(200, piles=4, waste=False, run_slots=4, screen_height=32,
                    ideal_slot=15).height == 4


def test_a_game_with_piles_needs_room_for_them_and_a_row_more():
    assert min_size_with_piles(10, 0, False, 8) == min_size(10)
    w, h = min_size_with_piles(8, 16, False, 0)
    assert w >= 16 * MIN_SLOT_WIDTH and h == min_size(8)[1] + 1
    assert w == STOCK_NARROW + 16 * MIN_SLOT_WIDTH
    assert min_size_with_piles(8, 16, False, 0, stock=False)[0] == 16 * MIN_SLOT_WIDTH


def test_the_simple_hint_knows_a_build_in_alternate_colours():
    # The hint of last resort (no AI) in Spidercells: 2♠ onto 3♥ makes a run that can be
    # lifted, though off suit.
    from spider_tui.engine import Game
    from spider_tui.ui.ranking import useful_moves

    moves = [str(r.move) for r in useful_moves(Game.new("spidercells", 2))]
    assert moves[:1] == ["2>1"]
