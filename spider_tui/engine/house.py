"""House rules: named changes a player switches on over any variant they apply to (data, from a
``spider-house-rules/1`` file, or a Python plugin's :class:`HouseRule` subclass)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from . import build as _build
from .answers import error_text, shown_value
from .build import EMPTY_RULES
from .errors import HouseRuleFailure, VariantError
from .rules import RuleSet
from .schema import (
    COMPLETE_RULES,
    DEAL_SKIPS,
    MAX_COLUMNS,
    MAX_ID,
    MAX_NAME,
    id_problem,
    label_problems,
    shown_key,
    text_problem,
)
from .text import did_you_mean, quoted
from .vetting import check_rules

HOUSE_RULES_FORMAT = "spider-house-rules/1"


# --------------------------------------------------------------------- house rules

#: The rule-set fields a data-only house rule may change, with the type each takes.
TUNABLE_FIELDS: dict[str, type] = {
    "deal_needs_full": bool,
    "auto_remove": bool,
    "all_face_up": bool,
    "place": str,
    "lift": str,
    "empty": str,
    "complete": str,
    "deal_size": int,
    "deal_skip": str,
    "wrap": bool,
    "scoring": str,
}
_TUNABLE_CHOICES = {"empty": EMPTY_RULES, "complete": COMPLETE_RULES, "deal_skip": DEAL_SKIPS}
#: A house rule's ``set`` may name what it changes as a variant file does (``[set.stock]
#: needs_full_columns = false``, or ``"stock.needs_full_columns" = false``): the same names in
#: both kinds of file. Each is the rule-set field it changes (whose own name works too).
HOUSE_RULE_KEYS = {
    "stock.needs_full_columns": "deal_needs_full",
    "stock.deal": "deal_size",
    "stock.skip": "deal_skip",
    "runs.auto_remove": "auto_remove",
    "runs.complete": "complete",
    "layout.all_face_up": "all_face_up",
    "moves.place": "place",
    "moves.lift": "lift",
    "moves.empty": "empty",
    "moves.wrap": "wrap",
    "scoring": "scoring",
}


def house_rule_changes(changes: Mapping[str, Any]) -> dict[str, Any]:
    """A house rule's ``set`` with the variant-file names (nested tables or dotted keys) turned
    into the rule-set fields they are; other keys are left as they are (to be checked)."""
    flat: dict[str, Any] = {}
    for k, v in changes.items():
        if isinstance(k, str) and isinstance(v, Mapping) and k in ("stock", "runs", "layout",
                                                                   "moves"):
            for k2, v2 in v.items():
                flat[f"{k}.{k2}" if isinstance(k2, str) else k2] = v2
        else:
            flat[k] = v
    out: dict[str, Any] = {}
    for k, v in flat.items():
        field_name = HOUSE_RULE_KEYS.get(k, k) if isinstance(k, str) else k
        if field_name in ("place", "lift") and isinstance(v, list):
            v = tuple(v)
        if field_name == "complete" and isinstance(v, str):
            v = _build.SUIT_ALIASES.get(v, v)
        out[field_name] = v
    return out


@dataclass(frozen=True)
class HouseRule:
    """A named change that can be switched on over any variant it applies to.

    The data form changes :class:`RuleSet` fields (``changes``); a Python plugin may subclass and
    override :meth:`applies_to` and :meth:`apply` for anything else.
    """

    id: str
    name: str
    description: str = ""
    changes: Mapping[str, Any] = field(default_factory=dict)
    source: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        # A Python plugin may change any field; a deal size is checked as a file's is.
        if isinstance(self.changes, Mapping) and "deal_size" in self.changes:
            problems = _changes_problems({"deal_size": self.changes["deal_size"]}, "")
            if problems:
                raise VariantError(self.source or f"house rule {quoted(self.id)}", problems)

    def applies_to(self, rules: RuleSet) -> bool:
        """Does switching this on change anything in ``rules``? A change to how the stock
        deals changes nothing in a game with no stock, and dealing every card face up nothing
        where every card is dealt face up already."""
        return any(getattr(rules, k) != v and not _idle(k, rules)
                   for k, v in self.changes.items())

    def apply(self, rules: RuleSet) -> RuleSet:
        try:
            return dataclasses.replace(rules, **dict(self.changes))
        except VariantError as e:  # a change this variant cannot take (a deal of 12 on 10)
            raise VariantError(self.source or f"house rule {quoted(self.id)}",
                               [(f"set.{k}" if k else "set", f"{m} (over {rules.id})")
                                for k, m in e.problems]) from None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str, key: str = "") -> HouseRule:
        problems: list[tuple[str, str]] = []
        prefix = f"{key}." if key else ""
        if not isinstance(data, Mapping):
            raise VariantError(source, [(key or "house_rule", "must be a table with id, name, "
                                                              "description and set")])
        hid = data.get("id")
        why = id_problem(hid, "house rule")
        if why is not None:
            problems.append((f"{prefix}id", why))
        if not isinstance(hid, str) or not hid:
            hid = "?"
        name = data.get("name", hid)
        desc = data.get("description", "")
        for k, value, lines, longest in (("name", name, False, MAX_NAME),
                                         ("description", desc, True, None)):
            why = text_problem(value, lines=lines, longest=longest)
            if why is not None:
                problems.append((f"{prefix}{k}", why))
        changes = data.get("set", {})
        for k in data:
            if k not in {"id", "name", "description", "set"}:
                problems.append((f"{prefix}{shown_key(k)}", "unknown key" + did_you_mean(
                    k, ("id", "name", "description", "set"))))
        if not isinstance(changes, Mapping) or not changes:
            problems.append((f"{prefix}set", "must be a table of rules to change, e.g. "
                                             "{ stock.needs_full_columns = false }"))
            changes = {}
        changes = house_rule_changes(changes)
        problems.extend(_changes_problems(changes, prefix))
        if problems:
            raise VariantError(source, problems)
        return cls(id=hid, name=name, description=desc, changes=dict(changes), source=source)


def _changes_problems(changes: Any, prefix: str) -> list[tuple[str, str]]:
    """What is wrong with a house rule's changes (``set``, as rule-set fields), each with its
    key."""
    if not isinstance(changes, Mapping):
        return [(f"{prefix}set", "must be a table of rule fields to change")]
    problems: list[tuple[str, str]] = []
    for k, v in changes.items():
        typ = TUNABLE_FIELDS.get(k) if isinstance(k, str) else None
        where = f"{prefix}set.{shown_key(k)}"
        if typ is None:
            names = [*HOUSE_RULE_KEYS, *TUNABLE_FIELDS]
            problems.append((where, "not a rule a house rule can change (one of "
                                    f"{', '.join(HOUSE_RULE_KEYS)})" + did_you_mean(k, names)))
        elif k in ("place", "lift"):
            if not (k == "lift" and isinstance(v, str) and v in _build.LIFT_SPECIAL):
                try:
                    _build.phrases(list(v) if isinstance(v, tuple) else v)
                except ValueError as e:
                    problems.append((where, str(e)))
        elif type(v) is not typ:
            problems.append((where, f"must be a {typ.__name__}"))
        elif k in _TUNABLE_CHOICES and v not in _TUNABLE_CHOICES[k]:
            problems.append((where, f"{quoted(v)} is not one of {', '.join(_TUNABLE_CHOICES[k])}"
                                    + did_you_mean(v, _TUNABLE_CHOICES[k])))
        elif k == "deal_size" and not 0 <= cast(int, v) <= MAX_COLUMNS:  # type(v) is int
            problems.append((where, f"must be from 0 (one card per column) to {MAX_COLUMNS}"))
        elif k == "scoring" and text_problem(v, lines=False, longest=MAX_ID) is not None:
            problems.append((where, f"{quoted(v)} is not a scoring scheme id"))
    return problems


def house_rules_from_dict(data: Mapping[str, Any], source: str) -> list[HouseRule]:
    """The house rules declared by a ``spider-house-rules/1`` file."""
    problems: list[tuple[str, str]] = []
    if not isinstance(data, Mapping):
        raise VariantError(source, [("", "a house-rule file must be a TOML table")])
    if data.get("format") != HOUSE_RULES_FORMAT:
        problems.append(("format", f"must be {HOUSE_RULES_FORMAT!r}"))
    for k in data:
        if k not in ("format", "house_rule"):
            problems.append((shown_key(k), "unknown key" + did_you_mean(
                k, ("format", "house_rule"))))
    entries = data.get("house_rule", [])
    if not isinstance(entries, list):
        problems.append(("house_rule", "must be an array of tables ([[house_rule]])"))
        entries = []
    out = []
    for i, entry in enumerate(entries):
        try:
            out.append(HouseRule.from_dict(entry, source, f"house_rule[{i}]"))
        except VariantError as e:
            problems.extend(e.problems)
    if problems:
        raise VariantError(source, problems)
    return out


#: The fields only a deal from the stock reads.
_STOCK_FIELDS = frozenset({"deal_needs_full", "deal_size", "deal_skip"})


def _idle(field_name: str, rules: RuleSet) -> bool:
    """Whether a change to ``field_name`` can make no difference in ``rules``."""
    if field_name in _STOCK_FIELDS:
        return rules.stock_size == 0
    if field_name == "all_face_up":
        return "d" not in "".join(rules.initial_faces())
    return False


def house_rule_answer(hr: HouseRule, method: str, rules: RuleSet) -> Any:
    """``hr.applies_to(rules)`` or ``hr.apply(rules)``, checked: a plugin's subclass may raise
    or answer wrongly, which is a :class:`HouseRuleFailure` naming the house rule and method."""
    try:
        value = getattr(hr, method)(rules)
    except (GeneratorExit, HouseRuleFailure):
        raise
    except BaseException as e:  # noqa: BLE001 - a plugin's code: sys.exit() included
        raise HouseRuleFailure(hr, f"{method}() raised {error_text(e)}") from e
    if method == "applies_to" and type(value) is not bool:
        raise HouseRuleFailure(hr, f"applies_to() returned {shown_value(value)}, not True or False")
    if method == "apply" and not isinstance(value, RuleSet):
        raise HouseRuleFailure(hr, f"apply() returned {shown_value(value)}, not a RuleSet")
    return value


def check_house_rule(hr: HouseRule, variants: Iterable[RuleSet]) -> None:
    """Check a house rule a plugin registers, as :func:`check_rules` checks a variant: a data
    one (``changes``) as a house-rules file is checked; one whose ``applies_to`` or ``apply`` is
    a plugin's code is tried on every variant in ``variants`` and what it makes is checked.
    Raises :class:`VariantError` or :class:`HouseRuleFailure` (or :class:`RuleFailure`)."""
    source = hr.source if isinstance(hr.source, str) and hr.source else str(hr.id)
    problems = label_problems(hr, "house rule", {"name": False, "description": True})
    if problems:
        raise VariantError(source, problems)
    cls = type(hr)
    if cls.apply is HouseRule.apply and cls.applies_to is HouseRule.applies_to:
        changes = dict(hr.changes) if isinstance(hr.changes, Mapping) else hr.changes
        HouseRule.from_dict({"id": hr.id, "name": hr.name, "description": hr.description,
                             "set": changes}, source)
        return
    for rules in variants:
        if house_rule_answer(hr, "applies_to", rules):
            check_rules(apply_house_rules(rules, [hr]))


def apply_house_rules(rules: RuleSet, house_rules: Sequence[HouseRule]) -> RuleSet:
    """``rules`` with each of ``house_rules`` applied, in id order, recorded in ``house_rules``."""
    for hr in sorted(house_rules, key=lambda h: h.id):
        rules = house_rule_answer(hr, "apply", rules)
    ids = tuple(sorted(set(rules.house_rules) | {h.id for h in house_rules}))
    return dataclasses.replace(rules, house_rules=ids)
