"""The variant files of examples/variants/ (Forty Thieves games as PySolFC deals them, written
with the keys of issue 33 item 8: foundations dealt cards at the start, unlimited redeals, building
in any suit but a card's own), and a catalog that plays them beside everything shipped. Shared by
the property tests, the unit tests of those keys and the screen's tests (importable from every
test folder: pytest puts ``tests/`` on the path for its ``conftest.py``)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from spider_tui.engine import RuleSet
from spider_tui.engine.catalog import Catalog

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "variants"

#: A Spider of columns alone built and lifted in any suit but a card's own, its runs complete in
#: the same way: a table the fast path (the AI's board) plays, to show it reads the new suit rule
#: from the same compiled tables as the engine.
OTHER_SUIT_SPIDER = RuleSet.from_dict({
    "id": "other-suit-spider", "name": "Other-suit Spider",
    "deck": {"sets": 8, "suits": ["S", "H", "D", "C"]},
    "layout": {"columns": 10, "down": [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]},
    "moves": {"place": "other-suit", "lift": "other-suit"},
    "runs": {"complete": "other-suit"},
}, "tests/example_variants.py")


@cache
def example_rules() -> dict[str, RuleSet]:
    """Every variant file of examples/variants/ by id, read as the game reads a file."""
    out = {}
    for path in sorted(EXAMPLES.glob("*.toml")):
        rules = RuleSet.from_dict(tomllib.loads(path.read_text(encoding="utf-8")), str(path))
        out[rules.id] = rules
    return out


@cache
def examples_catalog() -> Catalog:
    """The shipped catalog (variants, house rules, scoring schemes) with the example files'
    variants and :data:`OTHER_SUIT_SPIDER` added."""
    from spider_tui.plugins.manager import get_manager

    shipped = get_manager().catalog
    cat = Catalog()
    for rules in shipped.variants.values():
        cat.add_variant(rules, shipped.owners.get(("variant", rules.id), "?"))
    for hr in shipped.house_rules.values():
        cat.add_house_rule(hr, "builtin")
    for scheme in shipped.scoring.values():
        cat.add_scoring(scheme, "builtin")
    for rules in [*example_rules().values(), OTHER_SUIT_SPIDER]:
        cat.add_variant(rules, "examples")
    return cat


#: The ids :func:`examples_catalog` adds to the shipped ones.
def example_ids() -> list[str]:
    return sorted([*example_rules(), OTHER_SUIT_SPIDER.id])
