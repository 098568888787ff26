"""Starting files for a new variant: a commented TOML file, or a Python plugin, made from any
registered variant (``spider-tui new-variant``)."""

from __future__ import annotations

import json
from typing import Any

from ..engine.cards import RANKS, SUITS
from ..engine.rules import RuleSet


def _one_or_list(values: tuple[int, ...] | list[int]) -> Any:
    values = list(values)
    return values[0] if values and all(v == values[0] for v in values) else values


def variant_data(rules: RuleSet) -> dict[str, Any]:
    """The variant-file data of ``rules`` (what ``RuleSet.from_dict`` reads back), sections
    and keys in the order a variant file writes them."""
    sets: dict[str, int] = {}
    for s in rules.deck:
        sets[SUITS[s]] = sets.get(SUITS[s], 0) + 1
    counts = set(sets.values())
    deck: dict[str, Any] = ({"sets": len(rules.deck), "suits": list(sets)} if len(counts) == 1
                            else {"sets": sets})
    if rules.shuffle != "together":
        deck["shuffle"] = rules.shuffle
    layout: dict[str, Any] = {"columns": rules.columns}
    if rules.faces:
        layout["faces"] = _one_or_list(rules.faces)
    else:
        layout["down"] = _one_or_list([d for d, _ in rules.layout])
        layout["up"] = _one_or_list([u for _, u in rules.layout])
    stock: dict[str, Any] = {"cards": rules.stock_size}
    if rules.deal_to == "columns":
        stock["deal"] = rules.deal_size or rules.columns
    stock["needs_full_columns"] = rules.deal_needs_full
    for key, field, default in (("skip", "deal_skip", "none"), ("rows", "deal_rows", 1),
                                ("player_deals", "player_deals", True),
                                ("refill", "refill", 0)):
        if getattr(rules, field) != default:
            stock[key] = getattr(rules, field)
    moves: dict[str, Any] = {
        "place": list(rules.place) if isinstance(rules.place, tuple) else rules.place,
        "lift": list(rules.lift) if isinstance(rules.lift, tuple) else rules.lift,
        "empty": rules.empty,
    }
    if rules.wrap:
        moves["wrap"] = True
    if rules.max_lift:
        moves["max_lift"] = "free-cells" if rules.max_lift < 0 else rules.max_lift
    runs: dict[str, Any] = {
        "complete": "alternate-colour" if rules.complete == "other-colour" else rules.complete}
    if rules.win == "runs":
        runs["to_win"] = rules.win_runs
        runs["auto_remove"] = rules.auto_remove
    elif rules.win != "columns" and not rules.runs_leave:
        runs["leave"] = False
    if rules.run_order != "down":
        runs["order"] = rules.run_order
    if rules.run_wrap:
        runs["wrap"] = True
    if rules.run_piles:
        runs["piles"] = rules.run_piles
    data: dict[str, Any] = {
        "format": "spider-variant/1", "id": rules.id, "name": rules.name,
        "description": rules.description, "scoring": rules.scoring,
    }
    if rules.win != "runs":
        data["win"] = rules.win
    if rules.rules_text:
        data["rules"] = rules.rules_text
    data.update(deck=deck, layout=layout, stock=stock, moves=moves, runs=runs)
    if rules.cells:
        cells: dict[str, Any] = {"count": rules.cells,
                                 "capacity": rules.cell_capacity or "any"}
        if any(rules.cells_dealt):
            cells["dealt"] = _one_or_list(rules.cells_dealt)
        data["cells"] = cells
    if rules.reserves:
        data["reserves"] = {"count": rules.reserves,
                            "dealt": _one_or_list(rules.reserves_dealt)}
    if rules.foundation_groups:
        data["foundations"] = [
            {"count": g.count, "base": RANKS[g.base - 1] if g.base != 10 else "10",
             "direction": "up" if g.up else "down",
             "suit": "alternate-colour" if g.suit == "other-colour" else g.suit,
             "wrap": g.wrap, "take_back": g.take_back,
             **({"suits": [SUITS[x] for x in g.suits]} if g.suits else {})}
            for g in rules.foundation_groups]
    if rules.deal_to == "waste":
        data["waste"] = {"turn": rules.waste_turn, "redeals": rules.redeals,
                         "dealt": rules.waste_dealt}
    return data



def variant_python(rules: RuleSet, module: str) -> str:
    """A Python plugin registering a variant made from ``rules``, with the table methods a
    plugin most often overrides written out to start from."""
    data = variant_data(rules)
    body = json.dumps(data, indent=4, ensure_ascii=False)
    body = body.replace(": true", ": True").replace(": false", ": False")
    cls = "".join(part.capitalize() for part in module.replace("-", "_").split("_")) or "Mine"
    return f'''"""{rules.name}: a spider-tui variant plugin.

Python files in your variants folder run with your rights when spider-tui starts: share and
install only plugins you trust. Check this one with: spider-tui check-variant {module}.py
(which runs it). Every method is described in docs/plugins.md.
"""

from __future__ import annotations

from typing import Any, Callable

from spider_tui.engine import RuleSet
from spider_tui.engine.cards import RANK, SUIT, glyph  # noqa: F401  (cards are small ints)
from spider_tui.plugins import hookimpl

__version__ = "0.1"

DATA = {body}


class {cls}(RuleSet):
    """The rules the data above cannot say: override only what you change (a table method
    that is overridden is asked at every move, which makes the game and its hint slower).

    Card rules, worked out once for every pair of cards:
        def accepts(self, moving, onto): may card `moving` go onto card `onto`?
        def links(self, upper, lower): may `lower`, lying on `upper`, be lifted with it?
        def accepts_in_empty(self, moving): may it go into an empty column?

    Table rules, asked during play with the table in view (read-only):
        def move_refusal(self, table, source, cards, target):
            # why `cards` from pile `source` may not go onto pile `target`, or None
            return super().move_refusal(table, source, cards, target)
        def deal_targets(self, table): the piles the next deal gives a card to
        def won(self, table): is the game won?
    """


VARIANT = {cls}.from_dict(DATA, source=__file__)


@hookimpl
def register_variants(register: Callable[[Any], None]) -> None:
    register(VARIANT)
'''
