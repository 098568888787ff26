"""Where a tapped card should go: the one-tap ranking of the seed's help page.

Same suit before off-suit; a move that turns a card over or empties its column ranks higher;
a whole column is never moved into an empty one (the moves come from
:meth:`~spider_tui.engine.Game.distinct_moves`, as the hint's do); breaking a run that is already
joined in suit is penalised. Places that score alike are told apart as a strong player would:
the longer same-suit run formed, then fewer face-down cards buried, then the column nearer to
empty. A card to a foundation (a complete run, or one card onto a foundation built card by
card) ranks first; a card into a free cell ranks as one into an empty column; a card that leaves
a free cell for a column or a foundation frees the cell. Moves name piles by their codes. This
module reads the engine only (no Textual), so it is tested and reused freely: the
placeholder hint (used when the AI's hint is missing) ranks every move with the same rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import RUNS, Game, Move
from ..engine.cards import RANK, SUIT
from ..engine.piles import CELL_KIND, COLUMN, FOUNDATION_KIND, code_kind, describe_pile

#: Points of the ranking; only their order matters to a player.
TO_FOUNDATION = 100
SAME_SUIT = 30
OFF_SUIT = 10
INTO_EMPTY = 0
INTO_CELL = 0
FLIPS = 20
EMPTIES = 20
BREAKS_RUN = -25
FROM_FOUNDATION = -15


@dataclass(frozen=True)
class Ranked:
    """A legal move, its one-tap score, and what it does (for a hint's reason)."""

    move: Move
    score: int
    effects: tuple[str, ...] = ()
    #: How a strong player breaks a tie of ``score`` (higher first): the same-suit run the
    #: move forms, fewer face-down cards buried under the destination, a destination column
    #: nearer to empty.
    tiebreak: tuple[int, ...] = ()

    @property
    def reason(self) -> str:
        return ", ".join(self.effects)

    @property
    def key(self) -> tuple[int, ...]:
        """What the ranking sorts by, best highest; equal keys are places truly alike."""
        return (self.score, *self.tiebreak)

    @property
    def penalised(self) -> bool:
        """Does the seed's ranking penalise it (it breaks a run joined in suit)? One tap never
        plays such a move by itself."""
        return BROKEN in self.effects


BROKEN = "breaks a joined run"


def _joined(upper: int, lower: int) -> bool:
    return SUIT[upper] == SUIT[lower] and RANK[upper] == RANK[lower] + 1


def _suited_run(col: list[int], down: int) -> int:
    """How many cards at the end of ``col`` (face up) form one same-suit descending run."""
    n = len(col)
    if n <= down:
        return 0
    j = n - 1
    while j > down and _joined(col[j - 1], col[j]):
        j -= 1
    return n - j


def pile_cards(game: Game, code: int) -> tuple[list[int], int]:
    """The cards of pile ``code`` (bottom first) and how many of them cannot be played."""
    st = game.state
    i = code if st.piles is st.cols else game.rules.pile_index(code)
    return st.piles[i], st.down[i]


def rank_move(game: Game, move: Move) -> Ranked:
    """Score one legal card move (not a deal) by the one-tap rules; the move's piles are pile
    codes (a column, a free cell, a reserve, a foundation, the waste)."""
    s, k, d = move.src, move.count or 0, move.dst
    a, down_s = pile_cards(game, s)
    src_kind = code_kind(s)
    n = len(a)
    head = a[n - k]
    effects: list[str] = []
    run = 0
    buried = 0
    size = 0
    dst_kind = -1 if d == RUNS else code_kind(d)
    b: list[int] = []
    if d == RUNS:
        score = TO_FOUNDATION
        effects.append("sends a complete run to the foundation")
    elif dst_kind == FOUNDATION_KIND:
        score = TO_FOUNDATION
        effects.append(f"goes to {describe_pile(d)}")
    elif dst_kind == CELL_KIND:
        score = INTO_CELL
        effects.append(f"moves into {describe_pile(d)}")
    else:
        b, down_d = pile_cards(game, d)
        if not b:
            score = INTO_EMPTY
            effects.append(f"moves into empty column {d + 1}")
        else:
            buried, size = down_d, len(b)
            if SUIT[b[-1]] == SUIT[head]:
                score = SAME_SUIT
                effects.append("builds in suit")
                run = _suited_run(b, down_d) + _suited_run(a[n - k:], 0)
            else:
                score = OFF_SUIT
    # Emptying a pile counts where the cards build on something (not into a cell or an empty
    # column, which only moves the gap).
    builds = dst_kind == FOUNDATION_KIND or (dst_kind == COLUMN and bool(b))
    if src_kind == COLUMN:
        if n - k == down_s and down_s > 0:
            score += FLIPS
            effects.append(f"turns over a card in column {s + 1}")
        elif n == k and builds:
            score += EMPTIES
            effects.append(f"empties column {s + 1}")
        if n - k - 1 >= down_s and _joined(a[n - k - 1], head):
            score += BREAKS_RUN
            effects.append(BROKEN)
    elif src_kind == CELL_KIND and n == k and builds:
        score += EMPTIES
        effects.append(f"frees {describe_pile(s)}")
    elif src_kind == FOUNDATION_KIND:
        score += FROM_FOUNDATION
        effects.append(f"takes a card back from {describe_pile(s)}")
    return Ranked(move, score, tuple(effects), (run, -buried, -size))


def sensible_moves(game: Game) -> list[Move]:
    """:meth:`Game.distinct_moves` with one empty free cell, and one empty foundation, for
    all: the same cards into another empty one of them leave the same table."""
    st = game.state
    if st.piles is st.cols:
        return game.distinct_moves()
    out = []
    seen: set[tuple] = set()
    for m in game.distinct_moves():
        d = m.dst
        if d is not None and d >= 0 and code_kind(d) in (CELL_KIND, FOUNDATION_KIND):
            cards, _ = pile_cards(game, d)
            if not cards:
                key = (m.src, m.count, code_kind(d))
                if key in seen:
                    continue
                seen.add(key)
        out.append(m)
    return out


def _ranked(game: Game, moves: list[Move]) -> list[Ranked]:
    """``moves`` ranked best first (ties keep their order: by column, then fewer cards)."""
    ranked = [rank_move(game, m) for m in moves]
    ranked.sort(key=lambda r: tuple(-x for x in r.key))
    return ranked


def destinations(game: Game, src: int, count: int) -> list[Ranked]:
    """Every sensible legal destination for the last ``count`` cards of pile ``src`` (a pile
    code), best first (ties keep table order): the moves of :func:`sensible_moves`, so never a
    whole column into an empty one, and one empty column (cell, foundation) for all."""
    return _ranked(game, [m for m in sensible_moves(game)
                          if not m.is_deal and m.src == src and m.count == count])


def best_tier(ranked: list[Ranked]) -> list[Ranked]:
    """The moves as good as the first (several mean: let the player choose)."""
    if not ranked:
        return []
    top = ranked[0].key
    return [r for r in ranked if r.key == top]


def column_moves(game: Game, src: int) -> list[Ranked]:
    """Every sensible move out of pile ``src`` (any length), best first (ties: more cards
    first)."""
    moves = [m for m in sensible_moves(game) if not m.is_deal and m.src == src]
    moves.sort(key=lambda m: -(m.count or 0))
    return _ranked(game, moves)


def _links_anew(game: Game, m: Move, a: list[int], down: int, head: int) -> bool:
    """Does ``m`` lay its cards on a column card they can be lifted with, by the game's own
    rule, when they could not be with the card they leave (alternate colours, say)?"""
    if m.dst is None or m.dst < 0 or code_kind(m.dst) != COLUMN:
        return False
    b, _ = pile_cards(game, m.dst)
    link = game.state.comp.link
    if not b or not link[b[-1]][a[head]]:
        return False
    return not (head - 1 >= down and link[a[head - 1]][a[head]])


def deal_words(game: Game) -> str:
    """What a deal does in this game, in a player's words."""
    if game.rules.deal_to != "waste":
        return "deal a new row"
    if game.state.stock_left:
        return "turn the stock onto the waste"
    return "turn the waste back into the stock"


def _undoes_last(game: Game, move: Move) -> bool:
    if not game.history:
        return False
    last = game.history[-1].move
    return (not last.is_deal and last.dst == move.src and last.src == move.dst
            and last.count == move.count and not game.history[-1].flips)


def useful_moves(game: Game) -> list[Ranked]:
    """A simple hint: the moves that gain something (a card turned over, a column emptied, a
    suited join, a run to the foundation), best first, then a deal if one is allowed. Never
    the move that just takes back the last one."""
    out: list[Ranked] = []
    for m in sensible_moves(game):
        if m.is_deal or _undoes_last(game, m):
            continue
        r = rank_move(game, m)
        a, down = pile_cards(game, m.src)
        head_index = len(a) - (m.count or 0)
        was_joined = head_index - 1 >= down and _joined(a[head_index - 1], a[head_index])
        gains_join = r.score >= SAME_SUIT and "builds in suit" in r.effects and not was_joined
        if not gains_join and not game.rules.simple:
            gains_join = _links_anew(game, m, a, down, head_index)
        if r.score >= TO_FOUNDATION or gains_join or any(
                e.startswith(("turns over", "empties", "frees")) for e in r.effects):
            out.append(r)
    out = [r for r in out if r.score > 0]
    out.sort(key=lambda r: -r.score)
    seen: set[tuple[int, int]] = set()
    unique = []
    for r in out:
        key = (r.move.src, r.move.dst if r.move.dst is not None else -2)
        if key in seen:
            continue
        seen.add(key)
        unique.append(r)
    if game.deal_refusal() is None:
        unique.append(Ranked(Move.deal(), 0, (deal_words(game),)))
    return unique
