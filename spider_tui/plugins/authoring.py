"""Starting files for a new variant: a commented TOML file, or a Python plugin, made from any
registered variant (``spider-tui new-variant``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..engine.build import FoundationGroup
from ..engine.cards import RANKS, SUITS
from ..engine.rules import RuleSet
from ..engine.schema import FIELDS, OPTIONAL_SECTIONS, REQUIRED, VARIANT_FORMAT, FieldSpec


class _NotHere:
    """A key that says nothing in this variant (``stock.deal`` of a game dealt onto a waste):
    the file leaves it commented out."""


NOT_HERE: Any = _NotHere()


def _one_or_list(values: tuple[int, ...] | list[int]) -> Any:
    values = list(values)
    return values[0] if values and all(v == values[0] for v in values) else values


def _suit_counts(rules: RuleSet) -> dict[str, int]:
    sets: dict[str, int] = {}
    for s in rules.deck:
        sets[SUITS[s]] = sets.get(SUITS[s], 0) + 1
    return sets


def _even(rules: RuleSet) -> bool:
    return len(set(_suit_counts(rules).values())) == 1


def _runs_leave(rules: RuleSet) -> Any:
    derived = rules.win != "columns"  # what a file that leaves runs.leave out gets
    return rules.runs_leave if rules.runs_leave != derived else NOT_HERE


#: The keys whose file value is not simply the rule-set field it fills (by path); every other
#: key is written from its field (``FieldSpec.field``, or its own name) by :func:`file_value`,
#: so a key added to the table is written with no change here.
_SPECIAL: dict[str, Callable[[RuleSet], Any]] = {
    "format": lambda r: VARIANT_FORMAT,
    "deck.sets": lambda r: len(r.deck) if _even(r) else _suit_counts(r),
    "deck.suits": lambda r: list(_suit_counts(r)) if _even(r) else NOT_HERE,
    "layout.columns": lambda r: r.columns,
    "layout.down": lambda r: NOT_HERE if r.faces else _one_or_list([d for d, _ in r.layout]),
    "layout.up": lambda r: NOT_HERE if r.faces else _one_or_list([u for _, u in r.layout]),
    "layout.faces": lambda r: _one_or_list(r.faces) if r.faces else NOT_HERE,
    "stock.cards": lambda r: r.stock_size,
    "stock.deal": lambda r: (r.deal_size or r.columns) if r.deal_to == "columns" else NOT_HERE,
    "moves.max_lift": lambda r: r.max_lift or NOT_HERE,
    "runs.to_win": lambda r: (r.runs_to_win or len(r.deck)) if r.win == "runs" else NOT_HERE,
    "runs.leave": _runs_leave,
    "runs.piles": lambda r: r.run_piles or NOT_HERE,
}
#: The same for a key of a ``[[foundations]]`` group, read from its :class:`FoundationGroup`.
_GROUP_SPECIAL: dict[str, Callable[[FoundationGroup], Any]] = {
    "base": lambda g: RANKS[g.base - 1] if g.base != 10 else "10",
    "direction": lambda g: "up" if g.up else "down",
    "suits": lambda g: [SUITS[x] for x in g.suits] if g.suits else NOT_HERE,
}
#: What each optional table needs to be there at all (the rest of the file reads the same
#: with the table left out).
_HAS_SECTION: dict[str, Callable[[RuleSet], bool]] = {
    "cells": lambda r: bool(r.cells),
    "reserves": lambda r: bool(r.reserves),
    "waste": lambda r: r.deal_to == "waste",
    "foundations": lambda r: bool(r.foundation_groups),
}


def as_written(spec: FieldSpec, value: Any) -> Any:
    """A rule-set ``value`` of key ``spec`` as a variant file writes it: a number a word
    stands for as the word, a choice by its first alias, a tuple as a list."""
    if spec.words and not isinstance(value, bool):
        for word, number in spec.words.items():
            if value == number:
                return word
    if spec.aliases and isinstance(value, str):
        for alias, meaning in spec.aliases.items():
            if meaning == value:
                return alias
    if isinstance(value, tuple):
        if spec.type in ("per-column", "per-pile"):
            return _one_or_list(value) if value else spec.default  # (): none dealt
        return list(value)
    return value


def file_value(spec: FieldSpec, rules: RuleSet, group: FoundationGroup | None = None) -> Any:
    """What the file of ``rules`` says for key ``spec`` (of foundation ``group``), or
    :data:`NOT_HERE`."""
    if group is not None:
        special = _GROUP_SPECIAL.get(spec.key)
        value = special(group) if special else getattr(group, spec.key)
    elif spec.path in _SPECIAL:
        value = _SPECIAL[spec.path](rules)
    else:
        value = getattr(rules, spec.field or spec.key)
    return value if value is NOT_HERE else as_written(spec, value)


def _written(spec: FieldSpec, value: Any) -> bool:
    """Whether a key is written out live (not commented out at its default)."""
    if value is NOT_HERE:
        return False
    if spec.default is REQUIRED or spec.default is None or spec.path == "format":
        return True  # (the format says what the file is, to a reader and to a person)
    # An optional table is there by its first key (an empty [cells] would be no cells).
    if spec.section in OPTIONAL_SECTIONS and spec.key == "count":
        return True
    return value != as_written(spec, spec.default)


def variant_data(rules: RuleSet) -> dict[str, Any]:
    """The variant-file data of ``rules`` (what ``RuleSet.from_dict`` reads back), sections
    and keys in the order a variant file writes them, made from the key table
    (:data:`~spider_tui.engine.schema.FIELDS`): every key whose value is not its default (or
    whose default depends on other keys); a key left out is written commented out at its
    default by :func:`~spider_tui.engine.schema.variant_template`."""
    data: dict[str, Any] = {}
    groups: list[dict[str, Any]] = []
    for spec in FIELDS:
        sec = spec.section
        if sec in _HAS_SECTION and not _HAS_SECTION[sec](rules):
            continue
        if sec == "foundations":
            while len(groups) < len(rules.foundation_groups):
                groups.append({})
            for table, group in zip(groups, rules.foundation_groups):
                value = file_value(spec, rules, group)
                if _written(spec, value):
                    table[spec.key] = value
            continue
        table = data.setdefault(sec, {}) if sec else data
        value = file_value(spec, rules)
        if _written(spec, value):
            table[spec.key] = value
    if groups:
        data["foundations"] = groups
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
