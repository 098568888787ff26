"""A dialog asked for just as the app closes: the app closes cleanly (no traceback)."""

from __future__ import annotations

from textual.app import App

from spider_tui.ui.screens.dialog import Dialog


class _AsksThenQuits(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Dialog("Keep it?", "A question.", [("yes", "Yes", "y"),
                                                            ("no", "No", "n")]))
        self.exit()


async def test_a_dialog_asked_for_as_the_app_quits_raises_nothing():
    app = _AsksThenQuits()
    async with app.run_test() as pilot:
        await pilot.pause()
    assert app.return_code == 0


class _Asks(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Dialog("Keep it?", "A question.", [("yes", "Yes", "y"),
                                                            ("no", "No", "n")]),
                         callback=self.answered)
        self.answer = ""

    def answered(self, answer: str | None) -> None:
        self.answer = answer or ""


async def test_a_dialog_focuses_its_first_answer():
    app = _Asks()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "answer-yes"
        await pilot.press("enter")
        await pilot.pause()
    assert app.answer == "yes"
