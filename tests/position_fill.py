"""Hand-made positions made whole: the cards a position text leaves out, laid face down under
one column. Shared by conftest's ``table`` fixture and the family tests' helpers
(tests/unit/family.py); a module of its own because ``conftest`` names more than one module."""

from __future__ import annotations

import tomllib
from collections import Counter

import tomli_w

from spider_tui.engine.cards import code, parse_card, parse_suit
from spider_tui.engine.catalog import Catalog


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
