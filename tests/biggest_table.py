"""The biggest table a variant file may ask for (every count at its limit), for tests of the
engine and the screen."""

from __future__ import annotations

from spider_tui.engine import Catalog, RuleSet
from spider_tui.engine.schema import MAX_CELLS, MAX_COLUMNS, MAX_FOUNDATIONS, MAX_RESERVES, MAX_SETS
from spider_tui.scoring import BUILTIN_SCHEMES

BIGGEST = {
    "format": "spider-variant/1", "id": "biggest", "name": "Biggest",
    "deck": {"sets": MAX_SETS},
    "layout": {"columns": MAX_COLUMNS, "down": 5, "up": 1},
    "cells": {"count": MAX_CELLS, "dealt": 1},
    "reserves": {"count": MAX_RESERVES, "dealt": 2},
    "foundations": [{"count": MAX_FOUNDATIONS // 2}, {"count": MAX_FOUNDATIONS // 2,
                                                      "base": "K", "direction": "down"}],
    "waste": {"turn": 3, "redeals": 2},
    "win": "foundations",
}


def biggest_catalog() -> Catalog:
    cat = Catalog()
    for s in BUILTIN_SCHEMES:
        cat.add_scoring(s)
    cat.add_variant(RuleSet.from_dict(BIGGEST, source="biggest.toml"))
    return cat
