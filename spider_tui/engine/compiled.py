"""A rule set's card methods evaluated over every card and pair of cards, once: the tables the
engine's move generator, its checks and the AI read in their hot loops."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import build as _build
from .cards import ACE, KING, NUM_CARDS, RANK

if TYPE_CHECKING:  # pragma: no cover
    from .rules import RuleSet

# --------------------------------------------------------------------- compiled tables


class Compiled:
    """A rule set's methods evaluated over every card (pair), for the hot loops."""

    __slots__ = ("link", "accept", "anything_onto", "empty_ok", "descending", "rank_place",
                 "complete_suits", "run_end", "simple", "kinds", "found", "npiles", "link_alts",
                 "forget_redeals")

    def __init__(self, rules: RuleSet) -> None:
        cards = range(NUM_CARDS)
        tables = _card_tables(rules)
        self.link, self.accept, self.empty_ok = tables
        #: Does anything go onto each card (some card ``accept`` takes there)?
        self.anything_onto = [any(row[o] for row in self.accept) for o in cards]
        # Every liftable pair descends by one: a lifted run holds each rank once, so the run that
        # fits a target is found by arithmetic rather than by trying every length.
        self.descending = all(RANK[u] == RANK[lo] + 1 for u in cards for lo in cards
                              if self.link[u][lo])
        self.rank_place = all(RANK[o] == RANK[m] + 1 for m in cards for o in cards
                              if self.accept[m][o])
        #: Which cards can end a complete run (the last card, at the top of the column): only
        #: those are looked at for removal. A plugin's own is_complete may end a run anywhere.
        if rules.overrides("is_complete") or rules.run_wrap:
            self.run_end = [True] * NUM_CARDS
        else:
            last = ACE if rules.run_order == "down" else KING
            self.run_end = [RANK[c] == last for c in cards]
        #: Where a run may follow any one of several lifting phrases but not mix them (Curds
        #: and Whey: one suit down, or one rank), a link table per phrase.
        lift = rules._lift
        self.link_alts = None
        if (isinstance(lift, tuple) and len(lift) > 1
                and not rules.overrides("links")):
            self.link_alts = [[[_build.follows((r,), lo, u, rules.wrap) for lo in cards]
                               for u in cards] for r in lift]
        #: The one decision of what is fast (:attr:`RuleSet.simple`): a table of columns alone
        #: played as Spider is, which the engine's fast paths and the AI's board play exactly.
        #: Beyond the table's shape, the board's evaluation needs cards placed one rank lower
        #: and runs of King down to Ace, and its deal tables ask the rule set's own deal methods
        #: once (a plugin's ``deal_targets`` or ``deal_refusal`` is asked on the general path).
        self.simple = (_spider_table(rules) and self.rank_place and rules.run_order == "down"
                       and not rules.run_wrap
                       and not rules.overrides("deal_targets", "deal_refusal"))
        self.kinds = rules.pile_kinds
        self.npiles = len(self.kinds)
        #: Per card-by-card foundation, its group (see FoundationGroup.takes).
        self.found = rules.foundation_of
        #: The waste may be turned back as often as the player likes, by the data's own rules:
        #: how many times it has been changes nothing a rule asks, so a position's key leaves
        #: it out (and the stock's cards by what is left of it, the same whatever was turned
        #: before), and a search over such a game meets each position once, and ends.
        self.forget_redeals = (rules.unlimited_redeals
                               and not rules.overrides(*_TABLE_METHODS, "deal_refusal",
                                                       "deal_targets", "redeals_left"))


def _spider_table(rules: RuleSet) -> bool:
    """Columns alone, dealt a row at a time by the player, complete runs of 13 leaving by
    the rules' own methods, won by removing them."""
    return (len(rules.pile_kinds) == len(rules.layout) and rules.deal_to == "columns"
            and rules.deal_skip == "none" and rules.deal_rows == 1 and rules.player_deals
            and not rules.refill and not rules.max_lift and rules.runs_leave
            and not rules.run_piles
            and rules.win == "runs" and rules.run_lengths == (13,)
            and not (isinstance(rules._lift, tuple) and len(rules._lift) > 1)
            and not any("u" in f[:f.rfind("d") + 1] for f in rules.initial_faces())
            and not rules.overrides(*_TABLE_METHODS))


#: The table methods whose override takes a table off the fast paths.
_TABLE_METHODS = ("move_refusal", "deal_plan", "after_move", "won")


#: The card tables of data rule sets, by the fields they read: most variants share Spider's.
_card_tables_cache: dict[tuple, tuple] = {}


def _card_tables(rules: RuleSet) -> tuple:
    """``(link, accept, empty_ok)`` of ``rules`` over every card (pair); shared between data
    rule sets that build and lift alike (a plugin's own methods are always asked)."""
    key = None
    if not rules.overrides("links", "accepts", "accepts_in_empty"):
        key = (rules.place, rules.lift, rules.empty, rules.wrap)
        hit = _card_tables_cache.get(key)
        if hit is not None:
            return hit
    cards = range(NUM_CARDS)
    tables = ([[rules.links(u, lo) for lo in cards] for u in cards],
              [[rules.accepts(m, o) for o in cards] for m in cards],
              [rules.accepts_in_empty(c) for c in cards])
    if key is not None:
        _card_tables_cache[key] = tables
    return tables


_compiled_cache: dict[int, tuple[RuleSet, Compiled]] = {}


def compiled(rules: RuleSet) -> Compiled:
    hit = _compiled_cache.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    comp = Compiled(rules)
    if len(_compiled_cache) > 256:
        _compiled_cache.clear()
    _compiled_cache[id(rules)] = (rules, comp)
    return comp
