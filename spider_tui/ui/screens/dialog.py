"""A small modal question with a few answers, each a button and a key."""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from .modal import Modal


class Dialog(Modal[str]):
    """Dismisses with the id of the answer chosen (``cancel`` is the Escape answer)."""

    BINDINGS = [Binding("escape", "answer('cancel')", "Close", show=False)]

    def __init__(self, title: str, body: str, answers: Sequence[tuple[str, str, str]],
                 *, cancel: str = "cancel", dialog_id: str = "dialog") -> None:
        """``answers``: ``(id, button label, key)``, the first is the default."""
        super().__init__(id=dialog_id, classes="dialog-screen")
        self.title_text = title
        self.body = body
        self.answers = list(answers)
        self.cancel = cancel

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.body, classes="dialog-body", markup=False)
            with Horizontal(classes="dialog-buttons"):
                for i, (aid, label, key) in enumerate(self.answers):
                    yield Button(f"{label} ({key})" if key else label, id=f"answer-{aid}",
                                 variant="primary" if i == 0 else "default", compact=True)

    def on_mount(self) -> None:
        # The first answer has the focus. None may be there: the app closing while the
        # dialog is being built (quit at once after it was asked for).
        for button in self.query(Button):
            button.focus()
            break

    def on_key(self, event: events.Key) -> None:
        for aid, _, key in self.answers:
            if key and event.key in (key.lower(), key.upper()):
                event.stop()
                self.dismiss(aid)
                return

    def action_answer(self, aid: str) -> None:
        self.dismiss(self.cancel if aid == "cancel" else aid)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss((event.button.id or "").removeprefix("answer-"))
