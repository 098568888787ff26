"""The hint, the demo's moves and the winnable deals as the screen asks for them: the AI's, and
nobody else's. An exception from the AI is a bug, and goes on to the screen to be reported (the
player is told the hint failed; never given a made-up one). A hint that is not legal now is one
too (:class:`AIError`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..ai.bot import Autoplayer
from ..ai.hint import NOTHING, Adviser
from ..ai.rating import GameRating, shipped
from ..ai.winnable import winnable_deals
from ..engine import Game, Move
from ..engine.cards import glyph
from ..engine.piles import COLUMN, FOUNDATION_KIND, code_kind, describe_pile
from .ranking import deal_words, pile_cards

__all__ = ["NOTHING", "AIError", "Adviser", "DemoPlayer", "HintView", "describe", "get_hints",
           "rated", "winnable"]


class AIError(Exception):
    """The AI answered something it must not (a move that is not legal now)."""


@dataclass(frozen=True)
class HintView:
    move: Move
    reason: str


def get_hints(game: Game, adviser: Adviser) -> list[HintView]:
    """The hints for ``game`` now, best first; ``[]`` when nothing useful is left. The
    ``adviser`` kept for the game remembers the hints it gave, so that a line a hint promised
    is played out when the player follows it (:class:`~spider_tui.ai.hint.Adviser`)."""
    found = [HintView(h.move, h.reason) for h in adviser.hints(game)]
    for h in found:
        _check_legal(game, h.move, "hint")
    return found


def _check_legal(game: Game, move: Move, who: str) -> None:
    if not game.is_legal(move):
        raise AIError(f"the {who} offered {move}, which is not legal here")


class DemoPlayer:
    """Chooses the demo's moves, one at a time, as the bot plays (it follows a line to the first
    card it turns over and never comes back to a position it has been in). Each move must be
    played before the next is asked for."""

    def __init__(self, *, budget_ms: int = 120, peek: bool = False) -> None:
        self._auto = Autoplayer(budget_ms=budget_ms, peek=peek)

    def next_move(self, game: Game) -> Move | None:
        """The move to play now, or None when nothing useful is left."""
        move = self._auto.next_move(game)
        if move is not None:
            _check_legal(game, move, "demo")
        return move


def winnable(variant_id: str) -> list[int]:
    """Deals known to be winnable for ``variant_id`` (``[]``: none known)."""
    return list(winnable_deals(variant_id))


def rated(variant_id: str, house_rules: tuple[str, ...] = ()) -> GameRating | None:
    """How hard the game is, from the table shipped with the game (None: not rated)."""
    table = shipped()
    return table.game(variant_id, tuple(sorted(house_rules))) if table is not None else None


def describe(game: Game, move: Move) -> str:
    """A move in a player's words: "8♠ 7♠ from column 4 onto 9♥ in column 8", "A♠ from free
    cell 1 to foundation 2", "turn the stock onto the waste"."""
    if move.is_deal:
        return deal_words(game)
    a, _ = pile_cards(game, move.src)
    k = move.count or 1
    cards = " ".join(glyph(c) for c in a[len(a) - k:]) if k <= 3 else (
        f"{glyph(a[len(a) - k])}…{glyph(a[-1])}")
    source = f"from {describe_pile(move.src)}"
    if move.dst is None or move.dst < 0:
        return f"{cards} {source} to the foundation"
    kind = code_kind(move.dst)
    b, _ = pile_cards(game, move.dst)
    if kind == COLUMN:
        where = f"onto {glyph(b[-1])} in column {move.dst + 1}" if b else (
            f"into empty column {move.dst + 1}")
    elif kind == FOUNDATION_KIND:
        where = f"to {describe_pile(move.dst)}" + (f" (onto {glyph(b[-1])})" if b else "")
    else:
        where = f"into {describe_pile(move.dst)}"
    return f"{cards} {source} {where}"
