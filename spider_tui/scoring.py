"""The scoring schemes of docs/spec.md section 3, behind one small interface.

A scheme is any object with ``id``, ``name``, ``description`` and ``score(game) -> int``; it reads
what it needs from the game: ``actions`` (moves, deals, undos and redos, never refunded),
``undos``, ``flips`` (face-down cards turned over in the current line of play, so an undone gain
is taken back), ``runs_removed``, ``elapsed`` seconds, ``status``, ``rules`` and ``table`` (the
cards: a read-only :class:`~spider_tui.engine.piles.TableView`). The game it is given is a
read-only snapshot (:class:`~spider_tui.engine.game.GameView`), never the engine's own. Schemes are
registered through the ``register_scoring`` hook like any plugin's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .engine.cards import KING, RANK, SUIT


@dataclass(frozen=True)
class Scheme:
    id: str
    name: str
    description: str

    def score(self, game: Any) -> int:  # pragma: no cover - overridden
        raise NotImplementedError

    def final(self, game: Any) -> bool:
        """Whether the score is final (the game is over)."""
        return game.status != "playing"


class Classic(Scheme):
    """The Microsoft rule: 500 - actions + 100 per removed run, never below zero."""

    def score(self, game: Any) -> int:
        return max(0, 500 - game.actions + 100 * game.runs_removed)


def run_value(suit_count: int) -> int:
    """Solitaire City's points per removed run: 520, 780 or 1040 for 1, 2 or 4 suits."""
    if suit_count <= 1:
        return 520
    if suit_count == 2:
        return 780
    return 1040


class SolitaireCity(Scheme):
    """+520/780/1040 per run, +150 per card turned face up, -1 per second, -100 per undo;
    on a win a bonus of score/4 + (600 - seconds) x 25."""

    def score(self, game: Any) -> int:
        seconds = int(game.elapsed)
        base = (run_value(game.rules.suit_count) * game.runs_removed + 150 * game.flips
                - seconds - 100 * game.undos)
        if game.status == "won":
            base += base // 4 + max(0, 600 - seconds) * 25
        return base


class Built(Scheme):
    """One point per card in a same-suit run down from a King inside a column, 13 per removed
    run (104 for a won eight-set game)."""

    def score(self, game: Any) -> int:
        table = game.table
        total = 13 * len(table.runs_removed)
        for pile in table.columns:
            col = pile.cards
            j = pile.down
            n = len(col)
            while j < n:
                if RANK[col[j]] != KING:
                    j += 1
                    continue
                k = j + 1
                while (k < n and SUIT[col[k]] == SUIT[col[k - 1]]
                       and RANK[col[k]] == RANK[col[k - 1]] - 1):
                    k += 1
                total += k - j
                j = k
        return total


class NoScore(Scheme):
    """Win or loss only: the score is always 0."""

    def score(self, game: Any) -> int:
        return 0


BUILTIN_SCHEMES = [
    Classic("classic", "Classic",
            "Start at 500, lose 1 per move, deal or undo, gain 100 per finished run "
            "(the Microsoft rule)."),
    SolitaireCity("solitaire-city", "Solitaire City",
                  "Points for runs and cards turned over, minus time and undos, and a bonus "
                  "for a quick win."),
    Built("built", "Built",
          "One point per card in a suited run down from a King, 13 per finished run."),
    NoScore("none", "None", "No points: a game is won or lost."),
]
