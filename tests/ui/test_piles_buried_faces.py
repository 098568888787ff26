"""Face-up cards lying under face-down ones (Trillium deals down, up, down, up) are drawn face up,
and a click on one says why it cannot be played yet."""

from __future__ import annotations

from uihelpers import SIZE, column, make_app

from spider_tui.engine import Game
from spider_tui.engine.cards import glyph


async def test_a_face_up_card_under_a_face_down_one_is_drawn_and_explained():
    app = make_app(Game.new("trillium", 5))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        st = app.game.state
        col = column(app, 1)
        assert st.is_face_up(0, 1) and not st.is_face_up(0, 0) and st.down[0] == 3
        buried = glyph(st.cols[0][1])
        rows = ["".join(seg.text for seg in col.render_line(y)) for y in range(1, 5)]
        assert buried in rows[1]
        assert "░" in rows[0] and "░" in rows[2] and buried not in rows[0] + rows[2]
        x0, _ = col.card_span()
        await pilot.click("#col-1", offset=(x0 + 1, 2))
        await pilot.pause()
        assert app.game.actions == 0
        assert app.game_screen.last_message.startswith(f"{buried} lies under a face-down card")
        await pilot.click("#col-1", offset=(x0 + 1, 1))
        await pilot.pause()
        assert app.game_screen.last_message == "That card is face down"
