"""Where was the game lost: the point of no return (:mod:`spider_tui.ai.review`), searched for in a
worker thread while this panel is up, then shown with the line that would have won; the player
may go back there (as undos, so the statistics stay true) and try again."""

from __future__ import annotations

from typing import Any

from textual.widgets import Button, Static
from textual.worker import Worker, WorkerState, get_current_worker

from ...ai import review as _review
from ...engine import Game
from .dialog import Dialog

#: The search, ``search(tables, moves, cancelled=...) -> Review`` (a test may script it).
search = _review.point_of_no_return
#: At most this many moves of the winning line are listed here (the rest: "and N more").
SHOWN_MOVES = 40


def _search(tables: list, moves: list[str]) -> Any:
    worker = get_current_worker()
    return search(tables, moves, cancelled=lambda: worker.is_cancelled)


def line_words(line: tuple[str, ...] | list[str], most: int = SHOWN_MOVES) -> str:
    """The first ``most`` moves of ``line``, and how many more there are."""
    shown = " ".join(line[:most])
    more = len(line) - most
    return shown + (f" … and {more} more" if more > 0 else "")


class ReviewScreen(Dialog):
    """Dismisses with ``back`` (go back to the point of no return: :attr:`review` says where)
    or ``cancel``."""

    def __init__(self, game: Game) -> None:
        n = len(game.history)
        super().__init__(
            "Where was it lost?",
            f"Looking back through your {n} move{'s' if n != 1 else ''} for the last position "
            "a win still existed from (the solver reads every card)…",
            [("back", "Go back there", "b"), ("cancel", "Close", "")], dialog_id="review")
        self.tables = _review.positions(game)
        self.moves = game.moves_played()
        #: The search's finding, once it is done.
        self.review: _review.Review | None = None

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#answer-back", Button).disabled = True
        self.query_one("#answer-cancel", Button).focus()
        tables, moves = self.tables, self.moves
        self.run_worker(lambda: _search(tables, moves), thread=True, group="review",
                        exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "review":
            return
        body = self.query_one(".dialog-body", Static)
        if event.state == WorkerState.ERROR:
            body.update(f"The search failed (a bug in the AI): {event.worker.error}")
            return
        if event.state != WorkerState.SUCCESS:
            return
        found: _review.Review = event.worker.result
        self.review = found
        text = found.summary() + "."
        won = found.last_won
        if won is not None and won < len(self.moves):
            undo = len(self.moves) - won
            text += (f"\n\nThe line that wins from there ({len(found.line)} moves):\n"
                     f"{line_words(found.line)}\n\nGo back there: {undo} undo"
                     f"{'s' if undo != 1 else ''}, each counted as yours; seeing the line counts "
                     "as a hint.")
            back = self.query_one("#answer-back", Button)
            back.disabled = False
            back.focus()
        proofs = sum(a.proof for a in found.answers.values())
        outs = len(found.answers) - proofs
        text += (f"\n\n{len(found.answers)} positions asked ({found.nodes:,} positions searched "
                 f"each at most): {proofs} proved, {outs} ran out of budget.")
        body.update(text)

    def on_key(self, event: Any) -> None:
        if event.key in ("b", "B") and (self.review is None or self.query_one(
                "#answer-back", Button).disabled):
            event.stop()  # nothing to go back to (yet)
            return
        super().on_key(event)


def go_back(screen: Any, found: _review.Review) -> None:
    """Take the game on ``screen`` back to the point of no return ``found``, one undo at a time
    (each counted, as the player's own would be), and light the first move of the line that
    wins from there. Seeing the solver's line is help: it counts as a hint."""
    from ..hinting import HintView

    won = found.last_won
    game = screen.game
    if won is None or won >= len(game.history) or game.moves_played()[:won] != found.moves[
            :won]:
        screen.say("The game is no longer the one reviewed: nothing was undone", "warning")
        return
    undone = len(game.history) - won
    for _ in range(undone):
        screen.app.act("undo")
    screen.app.hint_used()
    where = "the start" if won == 0 else f"move {won}"
    try:
        first = game.resolve(found.line[0]) if found.line else None
    except Exception:  # noqa: BLE001 - the line was checked on this very table; said if not
        first = None
    if first is not None:
        screen.autoplay.hint_shown = HintView(first, "the line that wins from here")
    screen.refresh_board()
    screen.say(f"Back to {where} ({undone} undo{'s' if undone != 1 else ''}): the line that "
               f"wins from here: {line_words(found.line, 12)}")
