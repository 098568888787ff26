"""Shared test set-up.

Every test session gets its own ``SPIDER_TUI_HOME`` so that nothing a developer keeps in their
own config folder (their variants, themes, saves) leaks into a test, and no test writes there.

The ``table`` fixture turns a hand-made position file into a :class:`Game`. Hand-made positions
show only the cards that matter; ``table(text, filler=N)`` puts every card of the deck the text
leaves out face down at the bottom of column ``N`` (1-based), so the position is a legal deck
without the test having to list 104 cards.

The ``variant_whose`` fixture makes a plugin variant (a RuleSet subclass) one of whose rule
methods raises, to show that a broken plugin refuses an action instead of crashing the game.
"""

from __future__ import annotations

import os
import tempfile
import tomllib
from collections import Counter
from typing import Callable

import pytest

os.environ["SPIDER_TUI_HOME"] = tempfile.mkdtemp(prefix="spider-tui-test-home-")

import tomli_w  # noqa: E402

from spider_tui.engine import Game, RuleSet  # noqa: E402
from spider_tui.engine.cards import code, parse_card, parse_suit  # noqa: E402
from spider_tui.engine.catalog import Catalog  # noqa: E402


def _catalog() -> Catalog:
    from spider_tui.plugins.manager import get_manager

    return get_manager().catalog


def fill_position(text: str, filler: int | None = None, catalog: Catalog | None = None) -> str:
    """``text`` with the cards it leaves out added face down under column ``filler`` (1-based)."""
    cat = catalog or _catalog()
    data = tomllib.loads(text)
    rules = cat.rules(data["variant"], data.get("house_rules", []))
    have: Counter[int] = Counter(parse_card(c) for c in data.get("stock", []))
    for col in data["columns"]:
        have.update(parse_card(c) for c in col.get("down", []) + col.get("up", []))
    for key in ("cells", "reserves", "foundations"):  # the piles of a spider-position/2
        for pile in data.get(key, []):
            have.update(parse_card(c) for c in pile)
    have.update(parse_card(c) for c in data.get("waste", []))
    for s in data.get("completed", []):
        if isinstance(s, list):  # the cards of a run that is not King to Ace of one suit
            have.update(parse_card(c) for c in s)
        else:
            have.update(parse_suit(s) * 13 + r for r in range(13))
    missing = rules.deck_counts() - have
    if missing:
        if filler is None:
            raise AssertionError(f"the position lacks {sum(missing.values())} cards; "
                                 f"pass filler=N to put them under column N")
        col = data["columns"][filler - 1]
        extra = [code(c) for c in sorted(missing.elements())]
        col["down"] = extra + list(col.get("down", []))
        if not col.get("up"):
            raise AssertionError(f"filler column {filler} needs a face-up card")
    return tomli_w.dumps(data)


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return _catalog()


@pytest.fixture
def table() -> Callable[..., Game]:
    """``table(position_text, filler=None, scoring=None) -> Game``."""

    def make(text: str, filler: int | None = None, scoring: str | None = None) -> Game:
        return Game.from_position(fill_position(text, filler), scoring=scoring)

    return make


@pytest.fixture
def fill() -> Callable[..., str]:
    return fill_position


def variant_whose_rule_raises(method: str, fails_when, base: str = "spider-1suit") -> RuleSet:
    """``base``'s rules in a plugin subclass whose ``method`` raises when ``fails_when(*args)``."""
    import dataclasses

    from spider_tui.engine import default_catalog

    def broken(self, *args):
        if fails_when(*args):
            raise ZeroDivisionError("kaput")
        return getattr(RuleSet, method)(self, *args)

    cls = type("Broken", (RuleSet,), {method: broken})
    rules = default_catalog().variant(base)
    return cls(**{f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)})


@pytest.fixture
def variant_whose() -> Callable[..., RuleSet]:
    """``variant_whose(method, fails_when, base="spider-1suit") -> RuleSet``: a plugin variant
    whose ``method`` raises ZeroDivisionError("kaput") when ``fails_when(*args)``."""
    return variant_whose_rule_raises
