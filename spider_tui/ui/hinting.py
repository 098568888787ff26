"""The hint and the winnable deals as the app sees them: the AI's when it is installed, a simple
ranking otherwise. Every hint given to the player is checked to be legal now."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Game, Move
from ..engine.cards import glyph
from ..engine.piles import COLUMN, FOUNDATION_KIND, code_kind, describe_pile
from .ranking import deal_words, pile_cards, useful_moves


@dataclass(frozen=True)
class HintView:
    move: Move
    reason: str


def _ai_hints(game: Game, budget_ms: int, peek: bool) -> list[HintView] | None:
    try:
        from ..ai.hint import hints
    except ImportError:
        return None
    try:
        return [HintView(h.move, h.reason)
                for h in hints(game, budget_ms=budget_ms, peek=peek)]
    except Exception:  # a hint bug must never cost the player the game; fall back
        return None


def get_hints(game: Game, *, budget_ms: int = 120, peek: bool = False) -> list[HintView]:
    """The hints for ``game`` now, best first; ``[]`` when nothing useful is left."""
    found = _ai_hints(game, budget_ms, peek)
    if found is None:
        found = [HintView(r.move, describe(game, r.move) + (f" ({r.reason})" if r.reason
                                                            and not r.move.is_deal else ""))
                 for r in useful_moves(game)]
    return [h for h in found if game.is_legal(h.move)]


class DemoPlayer:
    """Chooses the demo's moves, one at a time: as the bot plays (it follows a line to the first
    card it turns over and never comes back to a position it has been in) when the AI is
    installed, else the first hint. Each move must be played before the next is asked for."""

    def __init__(self, *, budget_ms: int = 120, peek: bool = False) -> None:
        self.budget_ms = budget_ms
        self.peek = peek
        try:
            from ..ai.bot import Autoplayer
        except ImportError:
            self._auto = None
        else:
            self._auto = Autoplayer(budget_ms=budget_ms, peek=peek)

    def next_move(self, game: Game) -> Move | None:
        """The move to play now, or None when nothing useful is left."""
        if self._auto is not None:
            try:
                move = self._auto.next_move(game)
                if move is None or game.is_legal(move):
                    return move
            except Exception:  # the demo must never cost the player the game
                pass
            self._auto = None  # from now on, the first hint
        hints = get_hints(game, budget_ms=self.budget_ms, peek=self.peek)
        return hints[0].move if hints else None


def winnable(variant_id: str) -> list[int]:
    """Deals known to be winnable for ``variant_id``; ``[]`` when the AI's list is missing."""
    try:
        from ..ai.winnable import winnable_deals
    except ImportError:
        return []
    try:
        return list(winnable_deals(variant_id))
    except Exception:  # a broken data file must not stop the menu
        return []


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
