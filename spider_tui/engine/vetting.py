"""The check a rule set passes before anyone plays it: a plugin's ``RuleSet`` (built in Python,
so past the variant file's checks) has fields of the right types and bounds, and its methods
answer for every card, for the layout and for a first deal."""

from __future__ import annotations

import dataclasses
from typing import Any

from . import build as _build
from .answers import layout_problem, shown_value
from .build import EMPTY_RULES, FoundationGroup, whole
from .cards import SUITS
from .compiled import compiled
from .deal import table
from .errors import VariantError
from .rules import RuleSet
from .schema import COMPLETE_RULES, DEAL_SKIPS, FIELDS, MAX_FOUNDATIONS, WIN_RULES, label_problems
from .state import State

#: The variant file's keys by the rule-set field they fill.
_BY_FIELD = {spec.field: spec for spec in FIELDS if spec.field}
_UNSET: dict[str, Any] = {f.name: f.default for f in dataclasses.fields(RuleSet)}
#: ``(field, lo, hi)`` of each number field a plugin's rule set holds: the file's limits (see
#: :data:`~spider_tui.engine.schema.FIELDS`), widened to the value the field has when the
#: file leaves the key out (``cells``: 0, no free cells) and to the numbers its words stand
#: for (``max_lift``: -1, "free-cells").
_FIELD_RANGES: tuple[tuple[str, int, int], ...] = tuple(
    (key, min(spec.bounds[0], _UNSET[key], *spec.words.values()), spec.bounds[1])
    for key, spec in _BY_FIELD.items()
    # (the columns, the deal, the runs to win and the foundations are checked on their own)
    if spec.type == "int" and not spec.hi_text and key not in ("layout", "foundation_groups"))

def check_rules(rules: RuleSet) -> None:
    """Check a rule set a plugin registers before anyone plays it: the fields the engine reads
    have their types (a ``RuleSet`` built in Python skips the variant file's checks), and the
    rule methods give answers, for every card (the compiled tables), the layout and the first
    deal. Raises :class:`VariantError` for the fields, :class:`RuleFailure` for a method."""
    problems: list[tuple[str, str]] = []

    def need(ok: bool, key: str, what: str) -> None:
        if not ok:
            problems.append((key, f"{what}, not {shown_value(getattr(rules, key, None))}"))

    problems += label_problems(rules, "variant", {"name": False, "description": True,
                                                  "rules_text": True, "scoring": False})
    need(isinstance(rules.deck, tuple) and bool(rules.deck)
         and all(whole(s) and 0 <= s < len(SUITS) for s in rules.deck),
         "deck", "must be a tuple of suits (0 to 3), one per Ace-to-King set")
    need(isinstance(rules.house_rules, tuple)
         and all(isinstance(h, str) for h in rules.house_rules),
         "house_rules", "must be a tuple of house-rule ids")
    for key in ("deal_needs_full", "auto_remove", "all_face_up", "wrap", "player_deals",
                "runs_leave", "run_wrap"):
        need(isinstance(getattr(rules, key), bool), key, "must be True or False")
    for key, options in (("empty", EMPTY_RULES), ("complete", COMPLETE_RULES),
                         ("win", WIN_RULES), ("deal_skip", DEAL_SKIPS),
                         ("deal_to", {"columns": "", "waste": ""}),
                         ("shuffle", {"together": "", "separate": ""}),
                         ("run_order", {"down": "", "up": ""})):
        need(getattr(rules, key) in options if isinstance(getattr(rules, key), str) else False,
             key, f"must be one of {', '.join(options)}")
    for key, special in (("place", None), ("lift", _build.LIFT_SPECIAL)):
        value = getattr(rules, key)
        if not (special and isinstance(value, str) and value in special):
            try:
                _build.phrases(list(value) if isinstance(value, tuple) else value)
            except ValueError as e:
                problems.append((key, str(e)))
    for key, lo, hi in _FIELD_RANGES:
        need(whole(getattr(rules, key)) and lo <= getattr(rules, key) <= hi, key,
             f"must be a whole number from {lo} to {hi}")
    for key, count in (("cells_dealt", rules.cells), ("reserves_dealt", rules.reserves)):
        value, spec = getattr(rules, key), _BY_FIELD[key]
        need(isinstance(value, tuple) and len(value) <= (count if whole(count) else 0)
             and all(whole(v) and spec.bounds[0] <= v <= spec.bounds[1] for v in value), key,
             "must be a tuple of whole numbers, one per pile at most")
    need(isinstance(rules.foundation_groups, tuple)
         and all(isinstance(g, FoundationGroup) for g in rules.foundation_groups)
         and sum(g.count for g in rules.foundation_groups
                 if whole(g.count) and g.count > 0) <= MAX_FOUNDATIONS,
         "foundation_groups", f"must be a tuple of FoundationGroup, {MAX_FOUNDATIONS} "
                              f"foundations in all at most")
    if not problems:
        problem = layout_problem(rules, rules.layout)
        if problem is not None:
            problems.append(("layout", problem))
    if not problems:
        need(whole(rules.deal_size) and 0 <= rules.deal_size <= len(rules.layout),
             "deal_size", f"must be 0 to the {len(rules.layout)} columns")
        need(whole(rules.runs_to_win) and 0 <= rules.runs_to_win <= len(rules.deck),
             "runs_to_win", f"must be 0 to the {len(rules.deck)} sets")
    source = rules.source if isinstance(rules.source, str) and rules.source else str(rules.id)
    if problems:
        raise VariantError(source, problems)
    compiled(rules)
    shape = rules.initial_layout()
    problem = layout_problem(rules, shape)
    if problem is not None:  # a plugin's initial_layout is checked by its guard already
        raise VariantError(source, [("layout", problem)])

    try:
        t = table(rules, 1)
    except ValueError as e:
        raise VariantError(source, [("layout", str(e))]) from None
    state = State(rules, t.cols, t.down, t.stock, extra=t.extra, shown=t.shown)
    state.won()
    state.moves()
    if state.deal_refusal() is None and state.stock_left > 0:
        state.deal()
