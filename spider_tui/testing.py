"""Helpers for a variant plugin's own tests (pytest or plain asserts; nothing here needs pytest).

    from spider_tui.testing import catalog_with, table, play, assert_refused, check_random_play

    cat = catalog_with(MY_VARIANT)
    game = table(MY_VARIANT, ["KS QS", "JH", ""], cells=["5D"], catalog=cat)
    play(game, "2>1", "c1>3")
    assert_refused(game, "3>1", "cannot go onto")
    check_random_play(MY_VARIANT, deals=range(1, 6), catalog=cat)

Cards are written as in position files: rank + suit (``KS``, ``TH`` or ``10H``, ``AD``), several
in one string separated by spaces, bottom card first. A table built by :func:`table` holds
exactly the variant's deck: the cards it does not name are laid face down under the columns
(or put in the stock), so a test names only the cards that matter.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from .engine import Game, IllegalMove, RuleSet, State
from .engine.cards import glyph, parse_card
from .engine.catalog import Catalog
from .engine.piles import CELL_KIND, FOUNDATION_KIND, RESERVE_KIND, WASTE_KIND
from .scoring import BUILTIN_SCHEMES

__all__ = ["assert_refused", "cards", "catalog_with", "check_random_play", "play", "table"]


def cards(text: str | Sequence[str]) -> list[int]:
    """``"KS QS 10H"`` (or a list of codes) as card numbers, bottom first."""
    items = text.split() if isinstance(text, str) else list(text)
    return [parse_card(c) for c in items]


def catalog_with(*variants: RuleSet) -> Catalog:
    """A catalog holding ``variants`` and the built-in scoring schemes: enough to play them
    without loading every installed plugin."""
    cat = Catalog()
    for scheme in BUILTIN_SCHEMES:
        cat.add_scoring(scheme, "builtin")
    for rules in variants:
        cat.add_variant(rules, "test")
    return cat


def table(rules: RuleSet, columns: Sequence[str], *, down: Sequence[str] | None = None,
          cells: Sequence[str] = (), reserves: Sequence[str] = (),
          foundations: Sequence[str] = (), waste: str = "", stock: str = "",
          rest: str = "down", catalog: Catalog | None = None) -> Game:
    """A game of ``rules`` at the table described: for each column its face-up cards (``""``
    for an empty column) and, in ``down``, its face-down cards; the cards of each free cell,
    reserve and card-by-card foundation, the waste and the stock (its first card dealt first).

    The deck's other cards go face down under the columns that have cards (``rest="down"``,
    spread from the left), at the end of the stock (``rest="stock"``), or must be none
    (``rest="none"``: :class:`AssertionError` otherwise)."""
    ncols = rules.columns
    if len(columns) != ncols:
        raise AssertionError(f"{rules.id} has {ncols} columns; {len(columns)} given")
    up = [cards(c) for c in columns]
    downs = [cards(d) for d in (down or [""] * ncols)]
    kinds = rules.pile_kinds
    extra: list[list[int]] = []
    given = {CELL_KIND: list(cells), RESERVE_KIND: list(reserves),
             FOUNDATION_KIND: list(foundations)}
    for kind in kinds[ncols:]:
        if kind == WASTE_KIND:
            extra.append(cards(waste))
        else:
            items = given[kind]
            extra.append(cards(items.pop(0)) if items else [])
    for left in given.values():
        if left:
            raise AssertionError(f"{rules.id} has fewer of those piles than given: {left}")
    stock_cards = cards(stock)
    missing = Counter(rules.deck_cards())
    missing.subtract(c for pile in up + downs + extra for c in pile)
    missing.subtract(stock_cards)
    extra_copies = [glyph(c) for c, n in missing.items() if n < 0]
    if extra_copies:
        raise AssertionError(f"more copies than the {rules.id} deck has of: "
                             f"{', '.join(sorted(extra_copies))}")
    left = sorted(missing.elements())
    if left:
        if rest == "stock":
            stock_cards += left
        elif rest == "down":
            holders = [i for i in range(ncols) if up[i]]
            if not holders:
                raise AssertionError("no column has a face-up card to lay the other cards under")
            for n, c in enumerate(left):
                downs[holders[n % len(holders)]].append(c)
        else:
            raise AssertionError(f"the table leaves out {len(left)} cards of the deck")
    state = State(rules, [d + u for d, u in zip(downs, up)], [len(d) for d in downs],
                  stock_cards, extra=extra)
    cat = catalog or catalog_with(rules)
    return Game(rules, state, scoring=cat.scoring.get(rules.scoring))


def play(game: Game, *moves: str) -> Game:
    """Play each move in turn; :class:`AssertionError` names the first one refused, and why."""
    for i, text in enumerate(moves):
        try:
            game.play(text)
        except IllegalMove as e:
            raise AssertionError(f"move {i + 1} ({text}) was refused: {e}") from None
    return game


def assert_refused(game: Game, move: str, match: str = "") -> str:
    """Check that ``move`` is refused (with ``match`` in the reason) and changes nothing;
    returns the reason."""
    before = game.to_position()
    try:
        step = game.play(move)
    except IllegalMove as e:
        reason = str(e)
        if match not in reason:
            raise AssertionError(f"{move} was refused, but saying {reason!r}, not "
                                 f"{match!r}") from None
        if game.to_position() != before:
            raise AssertionError(f"{move} was refused but the table changed") from None
        return reason
    raise AssertionError(f"{move} was played ({step.move}); it should have been refused")


def check_random_play(rules: RuleSet, deals: Iterable[int] = range(1, 6), steps: int = 200,
                      catalog: Catalog | None = None, seed: int = 0) -> None:
    """Play each deal at random for up to ``steps`` moves, checking what must hold in every
    game: no card is lost or duplicated, every listed move is legal and reads back from its
    notation, the position file round-trips, and undoing every move restores each position
    exactly. :class:`AssertionError` says where it failed."""
    cat = catalog or catalog_with(rules)
    deck = Counter(rules.deck_cards())
    rng = random.Random(seed)
    for deal in deals:
        game = Game.new(rules, deal=deal, catalog=cat)
        positions = [game.to_position()]
        for step in range(steps):
            where = f"{rules.id} deal {deal}, move {step + 1}"
            if Counter(game.state.all_cards()) != deck:
                raise AssertionError(f"{where}: cards lost or duplicated")
            text = game.to_position()
            if Game.from_position(text, catalog=cat).to_position() != text:
                raise AssertionError(f"{where}: the position does not read back the same")
            moves = game.legal_moves()
            for m in moves:
                if game.resolve(str(m)) != m:
                    raise AssertionError(f"{where}: {m} does not read back as itself")
            if not moves:
                break
            game.play(rng.choice(moves))
            positions.append(game.to_position())
        for expected in reversed(positions[:-1]):
            game.undo()
            if game.to_position() != expected:
                raise AssertionError(f"{rules.id} deal {deal}: undo did not restore a "
                                     f"position exactly")
