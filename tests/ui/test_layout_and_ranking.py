"""The column layout (no card is ever cut off silently) and the one-tap ranking."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from uihelpers import kings

from spider_tui.engine import Move
from spider_tui.ui.layout import (
    BACK,
    BACKS,
    CARD,
    FACE,
    MORE_DOWN,
    MORE_UP,
    column_rows,
    min_size,
    spread_rows,
    tall_rows,
)
from spider_tui.ui.ranking import best_tier, destinations, useful_moves


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 30), st.integers(0, 40), st.integers(3, 80), st.integers(0, 50),
       st.sampled_from([None, 2, 4, 6]))
def test_every_card_is_shown_or_counted(n_down, n_up, height, scroll, tall):
    # ``tall`` None: the defaults; otherwise as the column widget asks on a screen that high.
    extra = {} if tall is None else {"tall": tall, "spread": spread_rows(height)}
    rows, max_scroll = column_rows(n_down, n_up, height, scroll, **extra)
    assert len(rows) <= height
    shown_down = len({r.index for r in rows if r.kind == BACK}) + sum(
        r.count for r in rows if r.kind == BACKS)
    assert shown_down == n_down
    up = {r.index for r in rows if r.kind == CARD}
    hidden = sum(r.count for r in rows if r.kind in (MORE_UP, MORE_DOWN))
    assert len(up) + hidden == n_up
    # A card's rows are together, in the order of the cards.
    firsts = [r.index for i, r in enumerate(rows) if r.kind in (BACK, CARD)
              and (i == 0 or rows[i - 1] != r)]
    assert firsts == sorted(set(firsts))
    if n_up:
        # Unscrolled, the exposed card is always in sight.
        bottom, _ = column_rows(n_down, n_up, height, 0, **extra)
        assert any(r.kind == CARD and r.index == n_down + n_up - 1 for r in bottom)


def test_on_a_tall_screen_covered_cards_take_more_rows_while_they_fit():
    # A 200×60 terminal: 53 rows under a column's number.
    assert spread_rows(53) == (2, 3) and tall_rows(53) == 6
    rows, _ = column_rows(4, 10, 53, tall=6, spread=(2, 3))
    assert [r.kind for r in rows] == [BACK] * 8 + [CARD] * 28 + [FACE] * 6
    assert [r.index for r in rows[:10]] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    # Longer columns get fewer rows a card (face-down cards give theirs up first), and at
    # last one row each, as on a small screen.
    rows, _ = column_rows(6, 14, 53, tall=6, spread=(2, 3))
    assert [r.kind for r in rows[:7]] == [BACK] * 6 + [CARD] and len(rows) <= 53
    assert sum(1 for r in rows if r.index == 10 and r.kind == CARD) == 3
    rows, _ = column_rows(10, 30, 53, tall=6, spread=(2, 3))
    assert sum(1 for r in rows if r.index == 20) == 1
    # A small screen keeps one row a card.
    assert spread_rows(20) == (1, 1)


def test_scrolling_reaches_every_face_up_card():
    n_down, n_up, height = 5, 30, 12
    seen = set()
    _, max_scroll = column_rows(n_down, n_up, height)
    assert max_scroll > 0
    for s in range(max_scroll + 1):
        rows, _ = column_rows(n_down, n_up, height, s)
        seen |= {r.index for r in rows if r.kind == CARD}
    assert seen == set(range(n_down, n_down + n_up))


def test_each_scroll_step_shows_a_card_more_at_the_top():
    # Issue 33 item 6: the first step showed one card fewer (the "more below" mark took the
    # last card's row) and nothing more at the top.
    for n_down, n_up, height in [(5, 30, 12), (0, 12, 8), (3, 9, 6), (2, 40, 20)]:
        _, max_scroll = column_rows(n_down, n_up, height)
        tops = []
        for s in range(max_scroll + 1):
            rows, _ = column_rows(n_down, n_up, height, s)
            tops.append(min(r.index for r in rows if r.kind == CARD))
        assert tops == [tops[0] - s for s in range(max_scroll + 1)]
        assert tops[-1] == n_down


def test_exposed_card_grows_when_there_is_room():
    rows, _ = column_rows(2, 1, 20)
    assert [r.kind for r in rows] == [BACK, BACK, CARD, FACE, FACE]
    rows, _ = column_rows(5, 5, 10)
    assert FACE not in [r.kind for r in rows]


def test_big_spider_fits_80_columns():
    assert min_size(13)[0] <= 80 and min_size(13)[1] <= 24


def test_same_suit_beats_off_suit(board):
    g = board([([], ["7H"]), ([], ["8S"]), ([], ["8H"])] + kings(7), filler=4)
    ranked = destinations(g, 0, 1)
    assert [r.move.dst for r in ranked] == [2, 1]
    assert len(best_tier(ranked)) == 1


def test_equal_places_tie_and_empty_columns_count_once(board):
    g = board([(["2D"], ["7H"]), ([], ["8S"]), ([], ["8C"]), ([], []), ([], [])]
              + kings(5), filler=6)
    ranked = destinations(g, 0, 1)
    assert [r.move.dst for r in best_tier(ranked)] == [1, 2]
    dsts = [r.move.dst for r in ranked]
    assert dsts.count(3) + dsts.count(4) == 1


def test_whole_column_never_goes_into_an_empty_one(board):
    g = board([([], ["9D", "8D"]), ([], [])] + kings(8), filler=3)
    assert destinations(g, 0, 2) == []
    assert all(m.move.src != 0 for m in useful_moves(g) if not m.move.is_deal)


def test_turning_a_card_over_ranks_higher_than_a_plain_move(board):
    g = board([(["2C"], ["7H"]), ([], ["7S"]), ([], ["8D"])] + kings(7), filler=4)
    moves = useful_moves(g)
    assert moves[0].move == Move(0, 2, 1)
    assert "turns over" in moves[0].reason


def test_breaking_a_joined_run_is_penalised(board):
    # 7♥ can leave 8♥ (its own suit: a joined run) for 8♠; no useful move does that.
    g = board([([], ["8H", "7H"]), ([], ["8S"])] + kings(8), filler=3)
    r = destinations(g, 0, 1)[0]
    assert "breaks a joined run" in r.effects and r.score < 10
    assert not [m for m in useful_moves(g) if not m.move.is_deal]


def test_exposed_card_grows_when_the_face_down_cards_fold_into_one_row():
    rows, _ = column_rows(25, 1, 20)
    assert [r.kind for r in rows] == [BACKS, CARD, FACE, FACE]
    rows, _ = column_rows(25, 3, 20, tall=4)
    assert [r.kind for r in rows] == [BACKS, CARD, CARD, CARD] + [FACE] * 4
