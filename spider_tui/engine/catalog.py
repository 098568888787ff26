"""What is registered: variants, house rules and scoring schemes, by id.

The engine only looks things up here. Filling a catalog is the plugin manager's job
(``spider_tui.plugins``); ``spider_tui/__init__.py`` installs it as the provider of the default
catalog, so ``Game.new("spider-2suit")`` works without the engine importing the plugin manager.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Protocol

from .errors import SpiderError, UnknownId
from .rules import HouseRule, RuleSet, apply_house_rules
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

    def variant(self, vid: str) -> RuleSet:
        try:
            return self.variants[vid]
        except KeyError:
            raise UnknownId("variant", vid, list(self.variants)) from None

    def house_rule(self, hid: str) -> HouseRule:
        try:
            return self.house_rules[hid]
        except KeyError:
            raise UnknownId("house rule", hid, list(self.house_rules)) from None

    def scheme(self, sid: str) -> ScoringScheme:
        try:
            return self.scoring[sid]
        except KeyError:
            raise UnknownId("scoring scheme", sid, list(self.scoring)) from None

    def house_rules_for(self, rules: RuleSet) -> list[HouseRule]:
        """The house rules that change something in ``rules``."""
        return [h for h in self.house_rules.values() if h.applies_to(rules)]

    def rules(self, variant: str | RuleSet, house_rules: Iterable[str] = ()) -> RuleSet:
        """The rule set of ``variant`` with ``house_rules`` (ids) applied."""
        base = variant if isinstance(variant, RuleSet) else self.variant(variant)
        chosen = []
        for hid in sorted(set(house_rules)):
            if hid in base.house_rules:
                continue
            hr = self.house_rule(hid)
            if not hr.applies_to(base):
                raise SpiderError(f"house rule {hid!r} changes nothing in {base.id}")
            chosen.append(hr)
        return apply_house_rules(base, chosen) if chosen else base


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
