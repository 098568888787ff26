"""What is registered: variants, house rules and scoring schemes, by id.

The engine only looks things up here. Filling a catalog is the plugin manager's job
(``spider_tui.plugins``); ``spider_tui/__init__.py`` installs it as the provider of the default
catalog, so ``Game.new("spider-2suit")`` works without the engine importing the plugin manager.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol, cast

from .errors import HouseRuleFailure, SpiderError, SwitchedOff, UnknownId
from .house import HouseRule, apply_house_rules, house_rule_answer
from .rules import RuleSet
from .text import quoted


class ScoringScheme(Protocol):
    """What the engine needs of a scoring scheme (see ``spider_tui.scoring``)."""

    id: str
    name: str

    def score(self, game: Any) -> int: ...


class DuplicateId(SpiderError):
    def __init__(self, kind: str, wanted: str, first: str, second: str) -> None:
        super().__init__(f"{kind} {quoted(wanted)} is registered twice: by {first} and by "
                         f"{second}; "
                         f"the one from {second} is ignored")
        self.kind, self.id, self.first, self.second = kind, wanted, first, second


class Catalog:
    def __init__(self) -> None:
        self.variants: dict[str, RuleSet] = {}
        self.house_rules: dict[str, HouseRule] = {}
        self.scoring: dict[str, ScoringScheme] = {}
        #: ``(kind, id) -> name of the plugin that registered it``
        self.owners: dict[tuple[str, str], str] = {}
        #: ``(kind, id) -> why`` for each variant or scoring scheme whose plugin code misbehaved
        #: in play: taken out of the tables above, so no new game uses it.
        self.switched_off: dict[tuple[str, str], str] = {}
        #: Called as ``on_switch_off(kind, id, reason)`` when something is switched off (the
        #: plugin manager records it against the plugin and tells the player).
        self.on_switch_off: Callable[[str, str, str], None] | None = None

    def _add(self, kind: str, table: dict, key: str, value: Any, owner: str) -> None:
        if key in table:
            raise DuplicateId(kind, key, self.owners.get((kind, key), "?"), owner)
        table[key] = value
        self.owners[(kind, key)] = owner

    def add_variant(self, rules: RuleSet, owner: str = "?") -> None:
        self._add("variant", self.variants, rules.id, rules, owner)

    def add_house_rule(self, rule: HouseRule, owner: str = "?") -> None:
        self._add("house rule", self.house_rules, rule.id, rule, owner)

    def add_scoring(self, scheme: ScoringScheme, owner: str = "?") -> None:
        self._add("scoring scheme", self.scoring, scheme.id, scheme, owner)

    def _unknown(self, kind: str, wanted: str, table: dict) -> UnknownId:
        reason = self.switched_off.get((kind, wanted))
        if reason is not None:
            return SwitchedOff(kind, wanted, list(table), reason)
        return UnknownId(kind, wanted, list(table))

    def variant(self, vid: str) -> RuleSet:
        try:
            return self.variants[vid]
        except (KeyError, TypeError):
            raise self._unknown("variant", vid, self.variants) from None

    def house_rule(self, hid: str) -> HouseRule:
        try:
            return self.house_rules[hid]
        except (KeyError, TypeError):
            raise self._unknown("house rule", hid, self.house_rules) from None

    def scheme(self, sid: str) -> ScoringScheme:
        try:
            return self.scoring[sid]
        except (KeyError, TypeError):
            raise self._unknown("scoring scheme", sid, self.scoring) from None

    # ------------------------------------------------------------------ misbehaving plugins

    def misbehaved(self, kind: str, thing: Any, reason: str) -> bool:
        """``thing`` (a variant's rule set, perhaps with house rules applied, a house rule or a
        scoring scheme) failed in play because of its plugin's code: if it is the one registered
        here, switch it off for new games (the game in progress keeps it). Returns whether it
        was."""
        ident = getattr(thing, "id", None)
        tables: dict[str, dict[str, Any]] = {"variant": self.variants,
                                             "house rule": self.house_rules,
                                             "scoring scheme": self.scoring}
        table = tables[kind]
        registered = table.get(ident) if isinstance(ident, str) else None
        if kind == "variant":
            # Only a plugin's own code fails: a copy of a data variant made elsewhere (a test's
            # subclass of a built-in's rules) says nothing about the registered one.
            mine = (registered is not None and type(registered) is type(thing)
                    and type(thing) is not RuleSet)
        else:
            mine = registered is thing
        if not mine:
            return False
        ident = cast(str, ident)  # what it is registered under
        del table[ident]
        self.switched_off[(kind, ident)] = reason
        if self.on_switch_off is not None:
            self.on_switch_off(kind, ident, reason)
        return True

    def house_rules_for(self, rules: RuleSet) -> list[HouseRule]:
        """The house rules that change something in ``rules`` (one whose plugin code fails
        to say is switched off)."""
        out = []
        for h in list(self.house_rules.values()):
            try:
                if self._applies(h, rules):
                    out.append(h)
            except HouseRuleFailure:
                pass
        return out

    def _applies(self, hr: HouseRule, rules: RuleSet) -> bool:
        try:
            return house_rule_answer(hr, "applies_to", rules)
        except HouseRuleFailure as e:
            self.misbehaved("house rule", hr, e.problem)
            raise

    def rules(self, variant: str | RuleSet, house_rules: Iterable[str] = ()) -> RuleSet:
        """The rule set of ``variant`` with ``house_rules`` (ids) applied."""
        base = variant if isinstance(variant, RuleSet) else self.variant(variant)
        chosen = []
        for hid in sorted(set(house_rules)):
            if hid in base.house_rules:
                continue
            hr = self.house_rule(hid)
            if not self._applies(hr, base):
                raise SpiderError(f"house rule {hid!r} changes nothing in {base.id}")
            chosen.append(hr)
        try:
            return apply_house_rules(base, chosen) if chosen else base
        except HouseRuleFailure as e:
            self.misbehaved("house rule", e.house_rule, e.problem)
            raise


_provider: Callable[[], Catalog] | None = None
_default: Catalog | None = None


def set_default_provider(provider: Callable[[], Catalog] | None) -> None:
    """Install the function that builds the default catalog on first use."""
    global _provider, _default
    _provider = provider
    _default = None


def set_default(catalog: Catalog | None) -> None:
    global _default
    _default = catalog


def default_catalog() -> Catalog:
    global _default
    if _default is None:
        if _provider is None:
            raise LookupError("no catalog: pass catalog=... or install a provider")
        _default = _provider()
    return _default
