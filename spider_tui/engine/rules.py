"""Rule sets (variants) and house rules.

A :class:`RuleSet` is data (deck, layout, stock, how cards are placed, lifted, put into empty
columns, what a complete run is) plus a handful of small methods that read that data. A TOML file
can say everything the data fields can say; a Python plugin subclasses :class:`RuleSet` and
overrides the methods for rules the data cannot express (see ``variants/scorpion.py``).

The methods must be pure functions of the cards they are given: the engine evaluates them once
per rule set for every pair of cards and plays from the resulting tables.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import reprlib
import string
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import PurePath
from typing import Any, Callable, Iterable, Mapping, Sequence

from .cards import (
    ACE,
    KING,
    NUM_CARDS,
    RANK,
    RANK_NAMES,
    SUITS,
    card,
    glyph,
    parse_suit,
)
from . import build as _build
from .build import EMPTY_RULES, FoundationGroup, Relation
from .deadline import PluginTimeout, arm, depth as deadline_depth, disarm
from .errors import HouseRuleFailure, RuleFailure, VariantError
from .piles import (COLUMN, FOUNDATION_KIND, STOCK, WASTE, TableView, Transfer,
                    kinds_and_codes)
from .text import control_character, did_you_mean, quoted, short

VARIANT_FORMAT = "spider-variant/1"
HOUSE_RULES_FORMAT = "spider-house-rules/1"

#: What a variant may declare: far beyond any real one (the Spider family goes up to four decks,
#: 16 sets, on some twenty columns), and small enough that nothing a file says can make the game
#: allocate or search without end. README.md's key table gives the same numbers.
MAX_SETS = 64
MAX_COLUMNS = 20
#: Cards dealt to one column: the whole of the largest deck.
MAX_COLUMN_CARDS = 13 * MAX_SETS
#: Card-by-card foundations in all (over every group): one per set of the largest deck, enough
#: to hold every card.
MAX_FOUNDATIONS = MAX_SETS
#: The longest id and name.
MAX_ID = 64
MAX_NAME = 100

PLACE_RULES = {
    "any-suit": "a card goes onto any card one rank higher",
    "same-suit": "a card goes onto the card one rank higher of its own suit",
    "same-colour": "a card goes onto a card one rank higher of its own colour",
    "other-colour": "a card goes onto a card one rank higher of the other colour",
}
LIFT_RULES = {
    "same-suit": "a run can be lifted when it is one suit and descends by one",
    "same-colour": "a run can be lifted when it is one colour and descends by one",
    "any-suit": "any run that descends by one can be lifted, suits mixed",
}
COMPLETE_RULES = {
    "same-suit": "a King-to-Ace run of one suit is complete",
    "any-suit": "any King-to-Ace run that can be lifted is complete",
    "same-colour": "a King-to-Ace run of one colour is complete",
    "other-colour": "a King-to-Ace run of alternating colours is complete",
}
#: How a game is won.
WIN_RULES = {
    "runs": "remove the complete runs the game asks for",
    "foundations": "put every card on the foundations",
    "columns": "make every column that is not empty one complete run",
}
DEAL_SKIPS = {
    "none": "a deal puts a card on every column",
    "empty": "a deal skips empty columns",
    "king-runs": "a deal skips a column ending in a run headed by a King",
}


def _article(rank: int) -> str:
    return "an" if rank in (1, 8) else "a"


@dataclass(frozen=True)
class RuleSet:
    """One variant's complete rules. Column indexes are 0-based here; notation adds one.

    The fields are data a variant file can say; the methods read them, and a Python variant
    overrides the methods for what data cannot say. The card methods (:meth:`links`,
    :meth:`accepts`, :meth:`accepts_in_empty`, :meth:`is_complete`) must be pure functions of
    the cards they are given: the engine evaluates them once per pair of cards. The table
    methods (:meth:`move_refusal`, :meth:`deal_refusal`, :meth:`deal_targets`,
    :meth:`deal_plan`, :meth:`after_move`, :meth:`won`) are given a read-only
    :class:`~spider_tui.engine.piles.TableView` and are asked during play.
    """

    id: str
    name: str
    #: The suit of each Ace-to-King set in the deck: ``(0,) * 8`` is eight sets of spades.
    deck: tuple[int, ...]
    #: ``(face_down, face_up)`` cards dealt to each column, column 1 first.
    layout: tuple[tuple[int, int], ...]
    description: str = ""
    #: The rules in a few paragraphs, for the help screen.
    rules_text: str = ""
    #: Cards given out by one deal (one per column from the left); 0 means one per column.
    deal_size: int = 0
    deal_needs_full: bool = True
    #: How a card (or the head of a lifted run) goes onto another: a phrase of :mod:`.build`
    #: (``"same-suit"`` is ``"down same-suit"``), or a tuple of them.
    place: str | tuple[str, ...] = "any-suit"
    #: Which runs can be lifted: a phrase each pair of cards in it must follow (or a tuple of
    #: them, one of which the whole run follows), ``"any"`` (any face-up card with every card
    #: on it) or ``"single"`` (one card at a time).
    lift: str | tuple[str, ...] = "same-suit"
    empty: str = "any"
    complete: str = "same-suit"
    #: Complete runs leave the table by themselves (off under the ``manual-removal`` house rule).
    auto_remove: bool = True
    #: Every card is dealt face up (the ``open`` house rule).
    all_face_up: bool = False
    #: Runs to remove to win; 0 means one per set in the deck.
    runs_to_win: int = 0
    #: The scoring scheme used unless the player picks another.
    scoring: str = "classic"
    #: Ids of the house rules applied to produce this rule set, sorted.
    house_rules: tuple[str, ...] = ()
    #: Where the rule set was declared (a file name, or a plugin), for messages.
    source: str = field(default="", compare=False)
    # ----------------------------------------------------------------- the wider family
    #: Per column, the face of each card dealt, bottom first (``"d"`` down, ``"u"`` up), for
    #: games that deal face-up cards under face-down ones (Trillium: ``"dudu"``); ``()``: the
    #: layout's face-down cards under its face-up ones.
    faces: tuple[str, ...] = ()
    #: Ranks wrap from King to Ace in building and lifting (a King goes onto an Ace).
    wrap: bool = False
    #: The most cards lifted at once: 0 any number; -1 the free-cell rule, (free cells + 1)
    #: times 2 to the power of the empty columns (not counting an empty target).
    max_lift: int = 0
    #: Free cells: how many, how many cards each holds (0: any number, one at a time, only
    #: the last one playable: a "tail"), and how many cards each is dealt at the start.
    cells: int = 0
    cell_capacity: int = 1
    cells_dealt: tuple[int, ...] = ()
    #: Reserves: piles dealt at the start whose last card may be played; nothing goes on them.
    reserves: int = 0
    reserves_dealt: tuple[int, ...] = ()
    #: Foundations built one card at a time (complete runs leave for :data:`RUNS` as well,
    #: unless ``runs_leave`` is off).
    foundation_groups: tuple[FoundationGroup, ...] = ()
    #: ``"columns"``: a deal puts cards on the columns; ``"waste"``: the stock is turned onto
    #: a waste pile ``waste_turn`` cards at a time, and the waste turned back ``redeals``
    #: times; ``waste_dealt`` cards are turned onto it at the start.
    deal_to: str = "columns"
    waste_turn: int = 1
    redeals: int = 0
    waste_dealt: int = 0
    #: Which columns a deal passes over (:data:`DEAL_SKIPS`), and how many rows one deal puts.
    deal_skip: str = "none"
    deal_rows: int = 1
    #: ``False``: the player never deals; the stock only refills emptied columns.
    player_deals: bool = True
    #: An emptied column at once gets this many cards from the stock, face up.
    refill: int = 0
    #: ``"separate"``: each deck is shuffled on its own and they are stacked, not mixed.
    shuffle: str = "together"
    #: Complete runs leave the table (by themselves or by the player's hand).
    runs_leave: bool = True
    #: A complete run goes ``"down"`` from King to Ace or ``"up"`` from Ace to King; with
    #: ``run_wrap`` any 13 cards in a row of one rank each (wrapping past the King) will do.
    run_order: str = "down"
    run_wrap: bool = False
    #: How many complete runs the runs' foundation takes (0: every one); after that a run
    #: stays on the table (Rouge et Noir's four).
    run_piles: int = 0
    #: How the game is won: :data:`WIN_RULES`.
    win: str = "runs"

    def __post_init__(self) -> None:
        # Data a Python plugin or a house rule gives, checked as a file's is (cheap: it runs
        # when a rule set is made, never during play).
        problems = _data_problems(self.deck, self.layout, self.deal_size)
        if problems:
            raise VariantError(self.source or f"variant {quoted(self.id)}", problems)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A plugin's rule methods run inside the engine's moves: whatever one raises becomes
        # a RuleFailure (an IllegalMove), which the game refuses cleanly instead of crashing.
        super().__init_subclass__(**kwargs)
        for name in ("deal_refusal", "deal_targets"):
            method = cls.__dict__.get(name)
            if method is not None and _old_style(method):
                setattr(cls, name, _adapt_old_deal(method, name))
        for name in RULE_METHODS:
            method = cls.__dict__.get(name)
            if method is not None and not getattr(method, "_guarded", False):
                setattr(cls, name, _guarded(method, name))

    # ----------------------------------------------------------------- derived facts

    @property
    def columns(self) -> int:
        return len(self.layout)

    @property
    def sets(self) -> int:
        return len(self.deck)

    @property
    def win_runs(self) -> int:
        return self.runs_to_win or len(self.deck)

    @property
    def suit_count(self) -> int:
        """How many different suits the deck has (1, 2 or 4 for Spider)."""
        return len(set(self.deck))

    @property
    def tableau_size(self) -> int:
        return sum(d + u for d, u in self.layout)

    @property
    def dealt_size(self) -> int:
        """Cards dealt at the start: the columns, the free cells, the reserves, the waste."""
        return (self.tableau_size + sum(self.cells_dealt) + sum(self.reserves_dealt)
                + self.waste_dealt)

    @property
    def stock_size(self) -> int:
        return 13 * len(self.deck) - self.dealt_size

    @property
    def cards_per_deal(self) -> int:
        if self.deal_to == "waste":
            return self.waste_turn
        return (self.deal_size or len(self.layout)) * self.deal_rows

    @property
    def foundations(self) -> int:
        """How many foundations are built card by card."""
        return sum(g.count for g in self.foundation_groups)

    @cached_property
    def _piles(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return kinds_and_codes(len(self.layout), self.cells, self.reserves, self.foundations,
                               self.deal_to == "waste")

    @property
    def pile_kinds(self) -> tuple[int, ...]:
        """The kind of every pile, in table order: the columns, then the free cells, the
        reserves, the card-by-card foundations and the waste (:mod:`.piles`)."""
        return self._piles[0]

    @property
    def pile_codes(self) -> tuple[int, ...]:
        """The code of every pile, in table order (:mod:`.piles`)."""
        return self._piles[1]

    @cached_property
    def _index_of(self) -> dict[int, int]:
        return {c: i for i, c in enumerate(self._piles[1])}

    def pile_index(self, code: int) -> int:
        """Where pile ``code`` is in the table's row of piles; :class:`KeyError` if none."""
        return self._index_of[code]

    @cached_property
    def foundation_of(self) -> tuple[FoundationGroup, ...]:
        """The rules of each card-by-card foundation, in order (its group's, with the pile's
        own base suit where the group gives one per pile)."""
        return tuple(g.pile(j) for g in self.foundation_groups for j in range(g.count))

    @property
    def simple(self) -> bool:
        """Is this a table of columns and nothing else, played as Spider is (a deal puts a
        row on the columns, complete runs leave it, removing them wins), with no table
        method of a plugin to ask? The engine and the AI have fast paths for those."""
        return _simple(self)

    def deck_cards(self) -> list[int]:
        """Every card of the deck in a fixed order: each set Ace to King, sets in order."""
        return [card(r, s) for s in self.deck for r in range(1, 14)]

    def deck_counts(self) -> Counter[int]:
        return Counter(self.deck_cards())

    def deals_in(self, stock_cards: int) -> int:
        """How many deals ``stock_cards`` undealt cards make."""
        per = self.cards_per_deal
        return -(-stock_cards // per) if per else 0

    @cached_property
    def _place(self) -> tuple[Relation, ...]:
        return _build.phrases(self.place)

    @cached_property
    def _lift(self) -> tuple[Relation, ...] | str:
        if isinstance(self.lift, str) and self.lift in _build.LIFT_SPECIAL:
            return self.lift
        return _build.phrases(self.lift)

    @cached_property
    def _legacy_place(self) -> bool:
        """Placing is Spider's own (down by one, a suit rule): the messages say it as ever."""
        return (not self.wrap and len(self._place) == 1 and self._place[0].rank == "down")

    # ----------------------------------------------------------------- card rules

    def links(self, upper: int, lower: int) -> bool:
        """May ``lower``, lying directly on ``upper``, be lifted together with it?"""
        lift = self._lift
        if lift == "any":
            return True
        if lift == "single":
            return False
        return _build.follows(lift, lower, upper, self.wrap)

    def why_not_linked(self, upper: int, lower: int) -> str:
        pair = f"{glyph(upper)} {glyph(lower)}"
        lift = self._lift
        if lift == "single":
            return "cards are lifted one at a time in this game"
        if lift == "any":
            return "that card is face down"
        if len(lift) == 1 and lift[0].rank == "down" and not self.wrap:
            if RANK[upper] != RANK[lower] + 1:
                return f"{pair} does not descend by one"
            if lift[0].suit == "same-colour":
                return f"{pair} is not one colour"
            if lift[0].suit == "other-colour":
                return f"{pair} does not alternate colours"
            return f"{pair} is not one suit"
        if _build.follows(lift, lower, upper, self.wrap):
            return f"those cards mix two kinds of run: {self.lift_text()}"
        return f"{pair} is not a run that can be lifted: {self.lift_text()}"

    def accepts(self, moving: int, onto: int) -> bool:
        """May ``moving`` (a card, or the head of a lifted run) be placed onto ``onto``?"""
        return _build.follows(self._place, moving, onto, self.wrap)

    def why_not_accepted(self, moving: int, onto: int) -> str:
        if not any(row[onto] for row in compiled(self).accept):
            return f"nothing goes onto {_article(RANK[onto])} {RANK_NAMES[RANK[onto]]}" \
                if RANK[onto] == 1 else f"nothing goes onto {glyph(onto)}"
        head = f"{glyph(moving)} cannot go onto {glyph(onto)}"
        if not self._legacy_place:
            return f"{head}: it takes {_build.wanted(self._place, onto, self.wrap)}"
        need = RANK[onto] - 1
        suit = self._place[0].suit
        if RANK[moving] == KING:
            return f"{head}: a King can only go into an empty column"
        if RANK[moving] != need:
            return f"{head}: it takes {_article(need)} {RANK_NAMES[need]}"
        if suit == "same-suit":
            return f"{head}: build down in suit"
        if suit == "same-colour":
            return f"{head}: build down in colour"
        return f"{head}: build down in alternate colours"

    def accepts_in_empty(self, moving: int) -> bool:
        """May ``moving`` (or a run headed by it) go into an empty column?"""
        empty = self.empty
        if empty == "any":
            return True
        if empty == "king":
            return RANK[moving] == KING
        if empty == "ace":
            return RANK[moving] == ACE
        return False

    def why_not_in_empty(self, moving: int) -> str:
        if self.empty == "none":
            return "nothing may go into an empty column in this game"
        need = "an Ace" if self.empty == "ace" else "a King"
        return f"only {need} can go into an empty column, not {glyph(moving)}"

    @property
    def run_lengths(self) -> tuple[int, ...]:
        """How many cards a complete run may have, longest first (13 for every game data can
        say; a plugin may give others, and :meth:`is_complete` decides)."""
        return (13,)

    def is_complete(self, run: Sequence[int]) -> bool:
        """Is ``run`` (face-up cards at the end of a column, top of the column last) a
        complete run: 13 cards, King down to Ace (or as ``run_order``/``run_wrap`` say),
        following the ``complete`` rule?"""
        if len(run) != 13:
            return False
        step = -1 if self.run_order == "down" else 1
        first = RANK[run[0]]
        if not self.run_wrap and first != (KING if step < 0 else ACE):
            return False
        kind = self.complete
        for i in range(12):
            upper, lower = run[i], run[i + 1]
            want = RANK[upper] + step
            if self.run_wrap:
                want = (want - 1) % 13 + 1
            if RANK[lower] != want:
                return False
            if kind == "any-suit":  # any run that can be lifted
                if not self.links(upper, lower):
                    return False
            elif not _build.suit_ok(kind, lower, upper):
                return False
        return True

    # ----------------------------------------------------------------- table rules

    def move_refusal(self, table: TableView, source: Any, cards: tuple[int, ...],
                     target: Any) -> str | None:
        """Why ``cards`` (lifted from the end of pile ``source``) may not go onto pile
        ``target``, or ``None`` when they may. ``source`` and ``target`` are
        :class:`~spider_tui.engine.piles.PileView`; ``target`` is None for the foundation
        complete runs leave for. The engine has already checked that the cards can be lifted
        (:meth:`links`); a plugin overrides this for rules that depend on the table (and may
        call ``super()`` for the rest)."""
        return _data_move_refusal(self, table, source, cards, target)

    def deal_refusal(self, table: TableView) -> str | None:
        """Why a deal is not allowed now, or ``None`` when it is."""
        if not self.player_deals:
            return "In this game the stock fills emptied columns by itself"
        if table.stock_left <= 0:
            waste = table.waste
            if (self.deal_to == "waste" and waste is not None and waste.cards
                    and table.redeals_used < self.redeals):
                return None
            return "The stock is empty"
        if self.deal_needs_full and table.empty_columns:
            return "Fill every empty column before you deal"
        return None

    def deal_targets(self, table: TableView) -> list[int]:
        """The piles the next deal puts a stock card on, in order, as pile codes: the columns'
        0-based numbers, or :data:`~spider_tui.engine.piles.WASTE`."""
        left = table.stock_left
        if self.deal_to == "waste":
            return [WASTE] * min(left, self.waste_turn)
        cols = range(len(self.layout))
        if self.deal_skip == "empty":
            cols = [i for i in cols if table.columns[i].cards] or [0]
        elif self.deal_skip == "king-runs":
            cols = [i for i, c in enumerate(table.columns) if not _king_run(self, c)]
        cols = list(cols)[:self.deal_size or None]
        return (cols * self.deal_rows)[:left]

    def deal_plan(self, table: TableView) -> list[Transfer]:
        """Every card the next deal carries, in order (:class:`~spider_tui.engine.piles.
        Transfer`). By default a stock card onto each of :meth:`deal_targets`; with the stock
        empty and a redeal left, the waste is turned back into the stock instead. Override it
        for a deal that also moves cards on the table (Trapdoor Spider)."""
        if table.stock_left <= 0 and self.deal_to == "waste":
            waste = table.waste
            n = len(waste.cards) if waste is not None else 0
            return [Transfer(WASTE, STOCK, False)] * n
        return [Transfer(STOCK, t, True) for t in self.deal_targets(table)]

    def after_move(self, table: TableView, move: tuple[int, int, int]) -> list[Transfer]:
        """Cards carried at once after each move (``(source, count, target)`` pile codes), by
        the rules rather than the player: a column emptied by it is refilled from the stock
        with ``refill`` cards. ``[]`` for nothing."""
        if not self.refill or table.stock_left <= 0:
            return []
        src = move[0]
        if not 0 <= src < len(self.layout) or table.columns[src].cards:
            return []
        return [Transfer(STOCK, src, True)] * min(self.refill, table.stock_left)

    def won(self, table: TableView) -> bool:
        """Is the game won? By default as :attr:`win` says (:data:`WIN_RULES`)."""
        if self.win == "runs":
            return len(table.runs_removed) >= self.win_runs
        if self.win == "foundations":
            return (sum(len(r) for r in table.runs_removed)
                    + sum(len(f.cards) for f in table.foundations) == 13 * len(self.deck))
        if table.stock_left:
            return False
        for pile in table:
            if pile.kind == COLUMN:
                if pile.cards and (pile.down or not self.is_complete(pile.cards)):
                    return False
            elif pile.kind != FOUNDATION_KIND and pile.cards:
                return False
        return True

    def initial_layout(self) -> tuple[tuple[int, int], ...]:
        if self.all_face_up:
            return tuple((0, d + u) for d, u in self.layout)
        return self.layout

    def initial_faces(self) -> tuple[str, ...]:
        """The face of every card each column is dealt, bottom first (``"d"``/``"u"``)."""
        if self.faces:
            return tuple("u" * len(f) for f in self.faces) if self.all_face_up else self.faces
        return tuple("d" * d + "u" * u for d, u in self.initial_layout())

    # ----------------------------------------------------------------- construction

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str = "<variant>") -> "RuleSet":
        """Build a rule set from a variant file's parsed TOML; raises :class:`VariantError`
        listing every problem with its key."""
        problems: list[tuple[str, str]] = []
        fields = parse_variant_dict(data, problems)
        if problems:
            raise VariantError(source, problems)
        return cls(source=source, **fields)

    def with_changes(self, **changes: Any) -> "RuleSet":
        return dataclasses.replace(self, **changes)

    def place_text(self) -> str:
        return _build.describe(self._place, "a card")

    def lift_text(self) -> str:
        lift = self._lift
        if isinstance(lift, str):
            return _build.LIFT_SPECIAL[lift]
        if len(lift) == 1 and lift[0].rank == "down" and lift[0].phrase in _LEGACY_LIFT:
            return _LEGACY_LIFT[lift[0].phrase]
        return "a run can be lifted when " + " or when ".join(
            _build.describe((r,), "each card").replace("goes onto", "lies on") for r in lift)

    def summary(self) -> str:
        """A few lines describing the rules, generated from the data (for help screens)."""
        suits = ''.join(sorted({SUITS[s] for s in self.deck}, key=SUITS.index))
        table = f"{self.sets} sets ({suits}), {self.columns} columns"
        if self.cells:
            cap = "one card each" if self.cell_capacity == 1 else (
                "any number of cards, one at a time" if not self.cell_capacity
                else f"{self.cell_capacity} cards each")
            table += f", {self.cells} free cell{'s' if self.cells > 1 else ''} ({cap})"
        if self.reserves:
            table += f", {self.reserves} reserve{'s' if self.reserves > 1 else ''}"
        if self.stock_size:
            table += f", {self.stock_size} cards in the stock"
            if self.deal_to == "waste":
                table += (f" (turned onto a waste {self.waste_turn} at a time, "
                          f"{self.redeals} redeal{'s' if self.redeals != 1 else ''})")
            elif self.player_deals:
                table += f" ({self.deals_in(self.stock_size)} deals)"
        lines = [table + ".",
                 (self.place_text() + (", ranks wrapping (a King onto an Ace)" if self.wrap
                                       else "")).capitalize() + ".",
                 self.lift_text().capitalize() + ".",
                 EMPTY_RULES.get(self.empty, self.empty).capitalize() + "."]
        if self.stock_size and self.deal_to == "columns":
            if not self.player_deals:
                lines.append(f"The stock refills an emptied column with {self.refill} cards.")
            else:
                lines.append("You cannot deal while a column is empty." if self.deal_needs_full
                             else "You may deal while columns are empty.")
                if self.deal_skip != "none":
                    lines.append(DEAL_SKIPS[self.deal_skip].capitalize() + ".")
        for g in self.foundation_groups:
            lines.append(g.summary().capitalize() + ".")
        if self.win == "runs":
            lines.append(f"Remove {self.win_runs} complete runs to win"
                         + ("." if self.auto_remove else
                            " (move each to the foundation yourself)."))
        else:
            lines.append(WIN_RULES[self.win].capitalize() + " to win.")
        return "\n".join(lines)


_LEGACY_LIFT = {
    "down same-suit": "a run can be lifted when it is one suit and descends by one",
    "down same-colour": "a run can be lifted when it is one colour and descends by one",
    "down any-suit": "any run that descends by one can be lifted, suits mixed",
    "down other-colour": "a run can be lifted when it alternates colours and descends by one",
}


def _simple(rules: RuleSet) -> bool:
    cls = type(rules)
    return (len(rules.pile_kinds) == len(rules.layout) and rules.deal_to == "columns"
            and rules.deal_skip == "none" and rules.deal_rows == 1 and rules.player_deals
            and not rules.refill and not rules.max_lift and rules.runs_leave
            and not rules.run_piles
            and rules.win == "runs" and rules.run_lengths == (13,)
            and not (isinstance(rules._lift, tuple) and len(rules._lift) > 1)
            and not any("u" in f[:f.rfind("d") + 1] for f in rules.initial_faces())
            and all(getattr(cls, m) is getattr(RuleSet, m) for m in _TABLE_METHODS))


#: The table methods whose override takes a table off the fast paths.
_TABLE_METHODS = ("move_refusal", "deal_plan", "after_move", "won")


def _king_run(rules: RuleSet, col: Any) -> bool:
    """Does this column end in a liftable run that starts with a King?"""
    cards = col.cards
    j = len(cards) - 1
    if j < col.down:
        return False
    while j > col.down and rules.links(cards[j - 1], cards[j]):
        j -= 1
    return RANK[cards[j]] == KING


def _data_move_refusal(rules: RuleSet, table: TableView, source: Any, cards: tuple[int, ...],
                       target: Any) -> str | None:
    """The data's answer to :meth:`RuleSet.move_refusal` (what the compiled tables say)."""
    from .checks import refusal

    return refusal(rules, table, source, cards, target)


# --------------------------------------------------------------------- what plugin code returns

_REPR = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60


def _shown(value: Any, limit: int = 60) -> str:
    """A short ``repr`` of what a plugin returned, safe whatever the object (its ``repr`` may
    be huge or raise)."""
    try:
        text = _REPR.repr(value)
    except BaseException:  # noqa: BLE001 - a plugin's object; GeneratorExit cannot come from repr
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _clip(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _error_text(e: BaseException) -> str:
    """``Type: message`` of what a plugin raised (its ``str`` may raise too)."""
    try:
        text = str(e)
    except BaseException:  # noqa: BLE001
        text = ""
    return f"{type(e).__name__}: {_clip(text)}" if text else type(e).__name__


def _yes_no(rules: "RuleSet", args: tuple, value: Any) -> str | None:
    if type(value) is bool:
        return None
    return f"returned {_shown(value)}, not True or False"


def _message(rules: "RuleSet", args: tuple, value: Any) -> str | None:
    if isinstance(value, str) and value.strip():
        return None
    return f"returned {_shown(value)}, not a message for the player"


def _refusal(rules: "RuleSet", args: tuple, value: Any) -> str | None:
    if value is None or (isinstance(value, str) and value.strip()):
        return None
    return f"returned {_shown(value)}, not None (deal allowed) or a message saying why not"


def _targets(rules: "RuleSet", args: tuple, value: Any) -> str | None:
    table = args[0] if args else None
    stock_left = getattr(table, "stock_left", 0)
    valid = set(range(len(rules.layout))) | ({WASTE} if rules.deal_to == "waste" else set())
    if not isinstance(value, (list, tuple)) or not all(_is_int(i) for i in value):
        return f"returned {_shown(value)}, not a list of column indexes"
    bad = [i for i in value if i not in valid]
    if bad:
        ncols = len(rules.layout)
        return (f"returned {_shown(value)}: there is no column {bad[0]} (the {ncols} columns "
                f"are 0 to {ncols - 1})")
    if len(value) > stock_left:
        return f"returned {len(value)} columns but the stock holds {stock_left} cards"
    if stock_left > 0 and not value:
        return "returned no column: the deal would deal nothing"
    return None


def _plan(rules: "RuleSet", args: tuple, value: Any) -> str | None:
    if not isinstance(value, (list, tuple)):
        return f"returned {_shown(value)}, not a list of Transfer(src, dst, face_up)"
    for t in value:
        if not (isinstance(t, tuple) and len(t) in (2, 3)
                and all(_is_int(x) for x in t[:2])):
            return f"returned {_shown(t)} in its list, not a Transfer(src, dst, face_up)"
        codes = set(rules.pile_codes) | {STOCK}
        if t[0] not in codes or t[1] not in codes:
            return f"returned {_shown(t)}: that table has no pile {t[0] if t[0] not in codes else t[1]}"
    return None


def _faces(rules: "RuleSet", args: tuple, value: Any) -> str | None:
    if (not isinstance(value, (list, tuple)) or len(value) != len(rules.layout)
            or not all(isinstance(f, str) and f and set(f) <= {"d", "u"} and f[-1] == "u"
                       for f in value)):
        return (f"returned {_shown(value)}, not a string of d and u ending in u for each of "
                f"the {len(rules.layout)} columns")
    return None


def _layout(rules: "RuleSet", args: tuple, value: Any) -> str | None:
    problem = layout_problem(rules, value)
    return None if problem is None else f"returned {_shown(value)}: {problem}"


def layout_problem(rules: "RuleSet", shape: Any) -> str | None:
    """What is wrong with ``shape`` as the initial layout of ``rules`` (``(face_down, face_up)``
    per column, one pair per column of ``rules.layout``), or ``None``. Checked once per deal."""
    if not isinstance(shape, (list, tuple)) or not all(
            isinstance(p, (list, tuple)) and len(p) == 2 and all(_is_int(n) and n >= 0 for n in p)
            for p in shape):
        return "not a (face-down, face-up) pair of whole numbers per column"
    ncols = len(rules.layout) if isinstance(rules.layout, (list, tuple)) else 0
    if not shape:
        return "no columns"
    if len(shape) != ncols:
        return f"{len(shape)} columns, not the variant's {ncols}"
    if any(d > 0 and u == 0 for d, u in shape):
        return "a column with face-down cards needs a face-up card on top"
    need = sum(d + u for d, u in shape)
    deck = 13 * len(rules.deck) if isinstance(rules.deck, (list, tuple)) else 0
    if need > deck:
        return (f"the columns need {need if need < 10**6 else 'millions of'} cards but the "
                f"deck has only {deck}")
    return None


#: The methods a Python variant may override (see the README), each guarded by
#: :meth:`RuleSet.__init_subclass__`, with the check of what it returns: a function of the rule
#: set, the arguments and the value, giving what is wrong or ``None``. A method added to the
#: rules needs its check here.
RESULT_CHECKS: dict[str, Callable[["RuleSet", tuple, Any], str | None]] = {
    "links": _yes_no,
    "why_not_linked": _message,
    "accepts": _yes_no,
    "why_not_accepted": _message,
    "accepts_in_empty": _yes_no,
    "why_not_in_empty": _message,
    "is_complete": _yes_no,
    "move_refusal": _refusal,
    "deal_refusal": _refusal,
    "deal_targets": _targets,
    "deal_plan": _plan,
    "after_move": _plan,
    "won": _yes_no,
    "initial_layout": _layout,
    "initial_faces": _faces,
}
RULE_METHODS = tuple(RESULT_CHECKS)


def _who(rules: "RuleSet") -> str:
    """The variant, as a plugin's author would look for it: name, id and where it came from."""
    name = rules.name if isinstance(rules.name, str) else "?"
    source = PurePath(rules.source).name if isinstance(rules.source, str) else ""
    where = f", from {_clip(source, 80)}" if source else ""
    return f"the rules of {_clip(name, 80)} (variant {_shown(rules.id)}{where})"


#: ``(class, method name)`` of each plugin rule method that ran past its deadline: asked no
#: more (each call fails at once), so a game that goes on with it is not frozen again.
_hung: set[tuple[type, str]] = set()


def _guarded(method: Any, name: str) -> Any:
    check = RESULT_CHECKS[name]

    @functools.wraps(method)
    def guarded(self: RuleSet, *args: Any) -> Any:
        cls = type(self)
        if (cls, name) in _hung:
            problem = "did not answer in time before: it is not asked again"
            raise RuleFailure(f"{_who(self)} failed: {name}() {problem}", method=name,
                              problem=problem)
        armed = arm()
        owner = armed and deadline_depth() == 1  # the call whose deadline it is
        try:
            value = method(self, *args)
        except (RuleFailure, GeneratorExit):
            raise
        except PluginTimeout as e:
            if not owner:
                raise  # for the outermost plugin call to answer for
            _hung.add((cls, name))
            problem = str(e)
            raise RuleFailure(f"{_who(self)} failed: {name}() {problem}", method=name,
                              problem=problem) from None
        except BaseException as e:  # noqa: BLE001 - sys.exit() or Ctrl-C in a plugin's rule too
            problem = f"raised {_error_text(e)}"
            raise RuleFailure(f"{_who(self)} failed: {name}() {problem}", method=name,
                              problem=problem) from e
        finally:
            if armed:
                disarm()
        problem = check(self, args, value)
        if problem is not None:
            raise RuleFailure(f"{_who(self)} failed: {name}() {problem}", method=name,
                              problem=problem)
        return value

    guarded._guarded = True  # type: ignore[attr-defined]
    return guarded


# --------------------------------------------------------------------- TOML schema

_TOP_KEYS = {"format", "id", "name", "description", "rules", "scoring", "deck", "layout",
             "stock", "moves", "runs", "win", "cells", "reserves", "foundations", "waste"}
_SECTION_KEYS = {
    "deck": {"sets", "suits", "shuffle"},
    "layout": {"columns", "down", "up", "faces", "all_face_up"},
    "stock": {"cards", "deal", "needs_full_columns", "skip", "rows", "player_deals", "refill"},
    "moves": {"place", "lift", "empty", "wrap", "max_lift"},
    "runs": {"complete", "to_win", "auto_remove", "leave", "order", "wrap", "piles"},
    "cells": {"count", "capacity", "dealt"},
    "reserves": {"count", "dealt"},
    "waste": {"turn", "redeals", "dealt"},
}


def _old_style(method: Any) -> bool:
    """Is this a deal method written for the older signature (``stock_left`` first)?"""
    try:
        params = list(inspect.signature(method).parameters)
    except (TypeError, ValueError):  # pragma: no cover - a builtin or odd callable
        return False
    return len(params) >= 2 and params[1] == "stock_left"


def _adapt_old_deal(method: Any, name: str) -> Any:
    """A deal method of the older signature (``deal_refusal(stock_left, empty_columns)``,
    ``deal_targets(stock_left)``) called with the table view the engine now passes."""
    if name == "deal_refusal":
        def adapted(self: RuleSet, table: TableView) -> Any:
            return method(self, table.stock_left, table.empty_columns)
    else:
        def adapted(self: RuleSet, table: TableView) -> Any:
            return method(self, table.stock_left)
    functools.update_wrapper(adapted, method)
    return adapted


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def shown_key(key: Any) -> str:
    """A key of the file as a message names it (any key: never long, never a control code)."""
    text = key if isinstance(key, str) else quoted(key)
    return short(text, 40) if control_character(text) is None else quoted(text, 40)


_ID_CHARS = frozenset(string.ascii_letters + string.digits + "-_.")


def id_problem(value: Any, kind: str = "variant") -> str | None:
    """Why ``value`` is not a good id of a ``kind`` (variant, house rule, theme), or ``None``.

    Ids are typed on command lines and kept in files: letters, digits, ``-``, ``_`` and ``.``,
    starting with a letter or digit (so not ``..``, nor an option such as ``-x``), at most
    :data:`MAX_ID` characters."""
    if not isinstance(value, str) or not value:
        return f"missing: every {kind} needs an id such as 'my-spider'"
    if not all(ch in _ID_CHARS for ch in value):
        # ASCII only: 'ѕpider-4suit' (a Cyrillic s) must not pass for the real one.
        return (f"{quoted(value)} may only use letters and digits (a-z, A-Z, 0-9: no "
                f"accented or other alphabets' letters), '-', '_' and '.'")
    if value[0] in "-_.":
        return f"{quoted(value)} must start with a letter or a digit"
    if len(value) > MAX_ID:
        return f"{quoted(value)} is longer than {MAX_ID} characters"
    return None


def label_problems(thing: Any, kind: str, texts: Mapping[str, bool]) -> list[tuple[str, str]]:
    """``(key, problem)`` for the id and each text of ``texts`` (attribute: may it hold
    line breaks) that a plugin's variant, house rule or scoring scheme would show a player:
    the checks a variant file's ``id``, ``name`` and ``description`` pass."""
    problems = []
    why = id_problem(getattr(thing, "id", None), kind)
    if why is not None:
        problems.append(("id", why))
    for key, lines in texts.items():
        why = text_problem(getattr(thing, key, None), lines=lines,
                           longest=None if lines else MAX_NAME)
        if why is not None:
            problems.append((key, why))
    return problems


def text_problem(value: Any, *, lines: bool, longest: int | None = None) -> str | None:
    """Why ``value`` is not text a player may be shown (a name, a description), or ``None``."""
    if not isinstance(value, str):
        return "must be a string"
    bad = control_character(value, newlines=lines)
    if bad is not None:
        return f"holds the control character {bad}: write plain text"
    if longest is not None and len(value) > longest:
        return f"is longer than {longest} characters"
    return None


def _choice(section: Mapping[str, Any], key: str, path: str, options: Mapping[str, str],
            default: str, problems: list[tuple[str, str]]) -> str:
    value = section.get(key, default)
    if not isinstance(value, str) or value not in options:
        problems.append((path, f"{quoted(value)} is not one of {', '.join(options)}"
                               + did_you_mean(value, options)))
        return default
    return value


def _per_column(value: Any, path: str, n: int | None,
                problems: list[tuple[str, str]]) -> list[int]:
    """One count per column; ``n`` is ``None`` when the number of columns is itself wrong."""
    size = n if n is not None else 1
    if _is_int(value):
        value = [value] * size
    if not isinstance(value, list) or not all(_is_int(v) for v in value):
        problems.append((path, "must be a whole number or a list of them, one per column"))
        return [0] * size
    if n is not None and len(value) != n:
        problems.append((path, f"has {len(value)} entries but there are {n} columns"))
        return (list(value) + [0] * n)[:n]
    if any(v < 0 for v in value):
        problems.append((path, "cannot be negative"))
        return [max(0, v) for v in value]
    if any(v > MAX_COLUMN_CARDS for v in value):
        problems.append((path, f"at most {MAX_COLUMN_CARDS} cards (the largest deck) go to a "
                               f"column"))
        return [min(v, MAX_COLUMN_CARDS) for v in value]
    return list(value)


def _phrase_field(section: Mapping[str, Any], key: str, path: str, default: str,
                  problems: list[tuple[str, str]],
                  special: Mapping[str, str] | None = None) -> str | tuple[str, ...]:
    """A building or lifting rule: a phrase, a list of phrases, or one of ``special``."""
    value = section.get(key, default)
    if special and isinstance(value, str) and value in special:
        return value
    try:
        _build.phrases(value)
    except ValueError as e:
        problems.append((path, str(e)))
        return default
    return tuple(value) if isinstance(value, list) else value


def _faces(value: Any, n: int, problems: list[tuple[str, str]]) -> tuple[str, ...]:
    """``layout.faces``: one string of ``d``/``u`` for every column, or a list of them."""
    items = [value] * n if isinstance(value, str) else value
    if (not isinstance(items, list) or len(items) != n
            or not all(isinstance(f, str) and f and set(f) <= {"d", "u"} for f in items)):
        problems.append(("layout.faces", f"must be a string of d (down) and u (up) for each "
                                         f"card, bottom first, or a list of {n} such strings"))
        return ()
    if any(f[-1] != "u" for f in items):
        problems.append(("layout.faces", "the last card of every column must be face up (u)"))
        return ()
    return tuple(items)


def _dealt_to(out: Mapping[str, Any]) -> str:
    """What the cards dealt at the start go to, for a message."""
    extra = [what for what, key in (("free cells", "cells_dealt"), ("reserves", "reserves_dealt"),
                                    ("the waste", "waste_dealt")) if out.get(key)]
    return "columns" if not extra else "columns, " + ", ".join(extra)


def _count(section: Mapping[str, Any], key: str, path: str, lo: int, hi: int, default: int,
           problems: list[tuple[str, str]]) -> int:
    value = section.get(key, default)
    if not _is_int(value) or not lo <= value <= hi:
        problems.append((path, f"must be a whole number from {lo} to {hi}"))
        return default
    return value


def _flag(section: Mapping[str, Any], key: str, path: str, default: bool,
          problems: list[tuple[str, str]]) -> bool:
    value = section.get(key, default)
    if not isinstance(value, bool):
        problems.append((path, "must be true or false"))
        return default
    return value


def _each(value: Any, n: int, path: str, hi: int, problems: list[tuple[str, str]]
          ) -> tuple[int, ...]:
    """Cards dealt to each of ``n`` piles: one number for all, or a list of ``n``."""
    if _is_int(value):
        value = [value] * n
    if (not isinstance(value, list) or len(value) != n
            or not all(_is_int(v) and 0 <= v <= hi for v in value)):
        problems.append((path, f"must be a whole number from 0 to {hi}, or a list of {n}"))
        return (0,) * n
    return tuple(value)


#: Limits on what a variant file may ask for: far beyond any game of the family, and small
#: enough that a mistyped number cannot make the table too big to play or to draw.
MAX_PILES = 20


def _parse_family(data: Mapping[str, Any], sections: Mapping[str, Mapping[str, Any]],
                  out: dict[str, Any], problems: list[tuple[str, str]], ncols: int,
                  sets: int) -> int:
    """The parts of a variant beyond Spider's table (free cells, reserves, foundations built
    card by card, a waste, deal and win rules), into ``out``; returns how many cards they are
    dealt at the start."""
    dealt = 0
    deck = sections["deck"]
    if "shuffle" in deck:
        out["shuffle"] = _choice(deck, "shuffle", "deck.shuffle",
                                 {"together": "", "separate": ""}, "together", problems)
    cells = sections["cells"]
    if cells:
        n = out["cells"] = _count(cells, "count", "cells.count", 1, MAX_PILES, 1, problems)
        cap = cells.get("capacity", 1)
        if cap == "any":
            cap = 0
        if not _is_int(cap) or not 0 <= cap <= 104:
            problems.append(("cells.capacity", "must be a whole number of cards (1 for a free "
                                               "cell) or \"any\""))
            cap = 1
        out["cell_capacity"] = cap
        if "dealt" in cells:
            out["cells_dealt"] = _each(cells["dealt"], n, "cells.dealt", cap or 104, problems)
            dealt += sum(out["cells_dealt"])
    reserves = sections["reserves"]
    if reserves:
        n = out["reserves"] = _count(reserves, "count", "reserves.count", 1, MAX_PILES, 1,
                                     problems)
        out["reserves_dealt"] = _each(reserves.get("dealt", 1), n, "reserves.dealt", 104,
                                      problems)
        dealt += sum(out["reserves_dealt"])
    if "foundations" in data:
        groups = out["foundation_groups"] = _build.parse_foundations(data["foundations"], sets,
                                                                     problems)
        total = sum(g.count for g in groups)
        if total > MAX_FOUNDATIONS:
            problems.append(("foundations", f"{total} foundations in all: at most "
                                            f"{MAX_FOUNDATIONS} (one per set of the largest "
                                            f"deck holds every card)"))
    waste = sections["waste"]
    if "waste" in data:
        out["deal_to"] = "waste"
        out["waste_turn"] = _count(waste, "turn", "waste.turn", 1, 13, 1, problems)
        out["redeals"] = _count(waste, "redeals", "waste.redeals", 0, 100, 0, problems)
        out["waste_dealt"] = _count(waste, "dealt", "waste.dealt", 0, 104, 0, problems)
        dealt += out["waste_dealt"]
    st = sections["stock"]
    if "skip" in st:
        out["deal_skip"] = _choice(st, "skip", "stock.skip", DEAL_SKIPS, "none", problems)
    if "rows" in st:
        out["deal_rows"] = _count(st, "rows", "stock.rows", 1, 13, 1, problems)
    if "player_deals" in st:
        out["player_deals"] = _flag(st, "player_deals", "stock.player_deals", True, problems)
    if "refill" in st:
        out["refill"] = _count(st, "refill", "stock.refill", 0, 13, 0, problems)
    mv = sections["moves"]
    if "wrap" in mv:
        out["wrap"] = _flag(mv, "wrap", "moves.wrap", False, problems)
    if "max_lift" in mv:
        ml = mv["max_lift"]
        if ml == "free-cells":
            out["max_lift"] = -1
        elif _is_int(ml) and 1 <= ml <= 104:
            out["max_lift"] = ml
        else:
            problems.append(("moves.max_lift", "must be a number of cards, or \"free-cells\" "
                                               "(as many as free cells and empty columns allow)"))
    runs = sections["runs"]
    if "leave" in runs:
        out["runs_leave"] = _flag(runs, "leave", "runs.leave", True, problems)
    if "order" in runs:
        out["run_order"] = _choice(runs, "order", "runs.order", {"down": "", "up": ""}, "down",
                                   problems)
    if "wrap" in runs:
        out["run_wrap"] = _flag(runs, "wrap", "runs.wrap", False, problems)
    if "piles" in runs:
        out["run_piles"] = _count(runs, "piles", "runs.piles", 1, 64, 0, problems)
    if "win" in data:
        out["win"] = _choice(data, "win", "win", WIN_RULES, "runs", problems)
    if out.get("win") == "columns" and out.get("runs_leave", True) and "leave" in runs:
        problems.append(("runs.leave", "a game won by its columns keeps its complete runs "
                                       "there: leave out runs.leave, or set it to false"))
    if out.get("win") == "columns":
        out["runs_leave"] = False
    if out.get("win") == "foundations" and not out.get("foundation_groups") and \
            not out.get("runs_leave", True):
        problems.append(("win", "every card on the foundations, but there are none: add "
                                "[foundations], or let complete runs leave"))
    return dealt


def _data_problems(deck: Any, layout: Any, deal_size: Any) -> list[tuple[str, str]]:
    """What is wrong with a rule set's counts, however it was made (``RuleSet.__post_init__``)."""
    problems: list[tuple[str, str]] = []
    if not isinstance(deck, (tuple, list)) or not all(_is_int(s) and 0 <= s < 4 for s in deck):
        problems.append(("deck", "must be a tuple of suits 0-3, one per set"))
    elif len(deck) > MAX_SETS:
        problems.append(("deck", f"{len(deck)} sets is more than the {MAX_SETS} a deck may "
                                 f"have"))
    if not isinstance(layout, (tuple, list)) or not all(
            isinstance(c, (tuple, list)) and len(c) == 2
            and all(_is_int(v) and 0 <= v <= MAX_COLUMN_CARDS for v in c) for c in layout):
        problems.append(("layout", f"must be a tuple of (face_down, face_up) pairs, each from 0 "
                                   f"to {MAX_COLUMN_CARDS}"))
    elif not _is_int(deal_size) or not 0 <= deal_size <= len(layout):
        problems.append(("deal_size", f"{quoted(deal_size)} is not a number of cards from 0 "
                                      f"(one per column) to the {len(layout)} columns"))
    return problems


def parse_variant_dict(data: Mapping[str, Any], problems: list[tuple[str, str]]) -> dict[str, Any]:
    """Check a variant declaration, appending ``(key, message)`` for each problem; return the
    :class:`RuleSet` fields it describes (best effort when there are problems). Any value of
    any type in any key is a problem named with its key, never an exception."""
    if not isinstance(data, Mapping):
        problems.append(("", "a variant must be a TOML table"))
        return {}
    for key in data:
        if key not in _TOP_KEYS:
            problems.append((shown_key(key), "unknown key" + did_you_mean(key, _TOP_KEYS)))
    fmt = data.get("format", VARIANT_FORMAT)
    if fmt != VARIANT_FORMAT:
        problems.append(("format", f"{quoted(fmt)} is not {VARIANT_FORMAT!r}"))
    out: dict[str, Any] = {}

    vid = data.get("id")
    why = id_problem(vid)
    if why is not None:
        problems.append(("id", why))
    if not isinstance(vid, str) or not vid:
        vid = "?"
    out["id"] = vid
    name = data.get("name", vid)
    why = text_problem(name, lines=False, longest=MAX_NAME)
    if why is not None:
        problems.append(("name", why))
        name = vid
    out["name"] = name
    for key, fld in (("description", "description"), ("rules", "rules_text"),
                     ("scoring", "scoring")):
        if key in data:
            why = text_problem(data[key], lines=key != "scoring")
            if why is not None:
                problems.append((key, why))
            else:
                out[fld] = data[key]

    sections: dict[str, Mapping[str, Any]] = {}
    for sec, allowed in _SECTION_KEYS.items():
        value = data.get(sec, {})
        if not isinstance(value, Mapping):
            problems.append((sec, "must be a table ([%s])" % sec))
            value = {}
        for key in value:
            if key not in allowed:
                problems.append((f"{sec}.{shown_key(key)}",
                                 "unknown key" + did_you_mean(key, allowed)))
        sections[sec] = value

    # deck
    deck_sec = sections["deck"]
    deck: list[int] = []
    sets = deck_sec.get("sets")
    suits_value = deck_sec.get("suits", "SHDC")
    if isinstance(suits_value, str):
        suits_value = list(suits_value)
    suits: list[int] = []
    if not isinstance(suits_value, list) or not suits_value:
        problems.append(("deck.suits", "must be a list of suit letters such as ['S', 'H']"))
    else:
        for s in suits_value:
            try:
                suits.append(parse_suit(s))
            except ValueError:
                suits.append(-1)
                problems.append(("deck.suits", f"{quoted(s)} is not a suit (write S, H, D or C)"))
        if len(set(suits)) != len(suits):
            problems.append(("deck.suits", "names a suit twice"))
        suits = [s for s in suits if s >= 0]
    if isinstance(sets, Mapping):
        for letter, count in sets.items():
            where = f"deck.sets.{shown_key(letter)}"
            try:
                s = parse_suit(letter)
            except ValueError:
                problems.append((where, "is not a suit (write S, H, D or C)"))
                continue
            if not _is_int(count) or count < 1:
                problems.append((where, "must be a positive whole number"))
            elif len(deck) + count > MAX_SETS:
                problems.append((where, f"{quoted(count)} sets make more than the {MAX_SETS} a "
                                        f"deck may have"))
            else:
                deck.extend([s] * count)
        deck.sort(key=lambda s: s)
    elif _is_int(sets):
        if sets < 1:
            problems.append(("deck.sets", "must be at least 1"))
        elif sets > MAX_SETS:
            problems.append(("deck.sets", f"{quoted(sets)} sets is more than the {MAX_SETS} a "
                                          f"deck may have"))
        elif suits and sets % len(suits):
            problems.append(("deck.sets", f"{sets} sets do not divide evenly over "
                                          f"{len(suits)} suits"))
        elif suits:
            deck = [s for s in suits for _ in range(sets // len(suits))]
    elif sets is None:
        problems.append(("deck.sets", "missing: how many Ace-to-King sets the deck has "
                                      "(a number, or a table such as {S = 4, H = 4})"))
    else:
        problems.append(("deck.sets", f"{quoted(sets)} is not a number of sets, nor a table "
                                      f"such as {{S = 4, H = 4}}"))
    out["deck"] = tuple(deck)

    # layout
    lay = sections["layout"]
    ncols: int | None = lay.get("columns")
    if not _is_int(ncols) or ncols < 1:
        problems.append(("layout.columns", "missing or not a positive whole number"))
        ncols = None
    elif ncols > MAX_COLUMNS:
        problems.append(("layout.columns", f"{quoted(ncols)} columns is more than the "
                                           f"{MAX_COLUMNS} supported"))
        ncols = None
    down = _per_column(lay.get("down", 0), "layout.down", ncols, problems)
    up = _per_column(lay.get("up", 1), "layout.up", ncols, problems)
    if any(d > 0 and u == 0 for d, u in zip(down, up)):
        problems.append(("layout.up", "a column with face-down cards needs at least one face-up "
                                      "card on top"))
    if "all_face_up" in lay:
        out["all_face_up"] = _flag(lay, "all_face_up", "layout.all_face_up", False, problems)
    if "faces" in lay:
        faces = _faces(lay["faces"], ncols, problems)
        if faces:
            out["faces"] = faces
            down = [f.rfind("d") + 1 for f in faces]
            up = [len(f) - d for f, d in zip(faces, down)]
            if "down" in lay or "up" in lay:
                problems.append(("layout.faces", "give either faces or down and up, not both"))
    out["layout"] = tuple(zip(down, up))
    tableau = sum(down) + sum(up)
    deck_size = 13 * len(deck)
    tableau += _parse_family(data, sections, out, problems, ncols, len(deck))

    # stock
    st = sections["stock"]
    stock = deck_size - tableau
    if "cards" in st:
        cards = st["cards"]
        if not _is_int(cards) or not 0 <= cards <= MAX_COLUMN_CARDS:
            problems.append(("stock.cards", f"must be a whole number from 0 to "
                                            f"{MAX_COLUMN_CARDS}"))
        elif deck and cards != stock:
            problems.append(("layout", f"{_dealt_to(out)} need {tableau} cards but the deck "
                                       f"minus the stock leaves {deck_size - cards} (deck "
                                       f"{deck_size}, stock.cards {cards})"))
    elif deck and stock < 0:
        problems.append(("layout", f"{_dealt_to(out)} need {tableau} cards but the deck has only "
                                   f"{deck_size}"))
    most = ncols if ncols is not None else MAX_COLUMNS
    if "deal" in st:
        if not _is_int(st["deal"]) or not 1 <= st["deal"] <= most:
            problems.append(("stock.deal", f"must be a whole number from 1 to the {most} "
                                           f"columns"))
        else:
            out["deal_size"] = st["deal"] if st["deal"] != most else 0
    if "needs_full_columns" in st:
        if not isinstance(st["needs_full_columns"], bool):
            problems.append(("stock.needs_full_columns", "must be true or false"))
        else:
            out["deal_needs_full"] = st["needs_full_columns"]

    mv = sections["moves"]
    out["place"] = _phrase_field(mv, "place", "moves.place", "any-suit", problems)
    out["lift"] = _phrase_field(mv, "lift", "moves.lift", "same-suit", problems,
                                _build.LIFT_SPECIAL)
    out["empty"] = _choice(mv, "empty", "moves.empty", EMPTY_RULES, "any", problems)

    runs = sections["runs"]
    complete = runs.get("complete", "same-suit")
    if isinstance(complete, str):
        complete = _build.SUIT_ALIASES.get(complete, complete)
    out["complete"] = _choice({"complete": complete}, "complete", "runs.complete",
                              COMPLETE_RULES, "same-suit", problems)
    if "to_win" in runs:
        tw = runs["to_win"]
        top = len(deck) if deck else MAX_SETS
        if not _is_int(tw) or not 1 <= tw <= top:
            problems.append(("runs.to_win", f"must be a whole number from 1 to the {top} "
                                            f"sets in the deck"))
        else:
            out["runs_to_win"] = tw if tw != len(deck) else 0
    if "auto_remove" in runs:
        if not isinstance(runs["auto_remove"], bool):
            problems.append(("runs.auto_remove", "must be true or false"))
        else:
            out["auto_remove"] = runs["auto_remove"]
    return out


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
        """Does switching this on change anything in ``rules``?"""
        return any(getattr(rules, k) != v for k, v in self.changes.items())

    def apply(self, rules: RuleSet) -> RuleSet:
        try:
            return dataclasses.replace(rules, **dict(self.changes))
        except VariantError as e:  # a change this variant cannot take (a deal of 12 on 10)
            raise VariantError(self.source or f"house rule {quoted(self.id)}",
                               [(f"set.{k}" if k else "set", f"{m} (over {rules.id})")
                                for k, m in e.problems]) from None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str, key: str = "") -> "HouseRule":
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
        elif k == "deal_size" and not 0 <= v <= MAX_COLUMNS:
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


def house_rule_answer(hr: HouseRule, method: str, rules: RuleSet) -> Any:
    """``hr.applies_to(rules)`` or ``hr.apply(rules)``, checked: a plugin's subclass may raise
    or answer wrongly, which is a :class:`HouseRuleFailure` naming the house rule and method."""
    try:
        value = getattr(hr, method)(rules)
    except (GeneratorExit, HouseRuleFailure):
        raise
    except BaseException as e:  # noqa: BLE001 - a plugin's code: sys.exit() included
        raise HouseRuleFailure(hr, f"{method}() raised {_error_text(e)}") from e
    if method == "applies_to" and type(value) is not bool:
        raise HouseRuleFailure(hr, f"applies_to() returned {_shown(value)}, not True or False")
    if method == "apply" and not isinstance(value, RuleSet):
        raise HouseRuleFailure(hr, f"apply() returned {_shown(value)}, not a RuleSet")
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


# --------------------------------------------------------------------- compiled tables


class Compiled:
    """A rule set's methods evaluated over every card (pair), for the hot loops."""

    __slots__ = ("link", "accept", "empty_ok", "descending", "rank_place", "complete_suits",
                 "run_end", "simple", "kinds", "found", "npiles", "link_alts")

    def __init__(self, rules: RuleSet) -> None:
        cards = range(NUM_CARDS)
        tables = _card_tables(rules)
        self.link, self.accept, self.empty_ok = tables
        # Every liftable pair descends by one: a lifted run holds each rank once, so the run that
        # fits a target is found by arithmetic rather than by trying every length.
        self.descending = all(RANK[u] == RANK[lo] + 1 for u in cards for lo in cards
                              if self.link[u][lo])
        self.rank_place = all(RANK[o] == RANK[m] + 1 for m in cards for o in cards
                              if self.accept[m][o])
        #: Which cards can end a complete run (the last card, at the top of the column): only
        #: those are looked at for removal. A plugin's own is_complete may end a run anywhere.
        if type(rules).is_complete is not RuleSet.is_complete or rules.run_wrap:
            self.run_end = [True] * NUM_CARDS
        else:
            last = ACE if rules.run_order == "down" else KING
            self.run_end = [RANK[c] == last for c in cards]
        #: Where a run may follow any one of several lifting phrases but not mix them (Curds
        #: and Whey: one suit down, or one rank), a link table per phrase.
        lift = rules._lift
        self.link_alts = None
        if (isinstance(lift, tuple) and len(lift) > 1
                and type(rules).links is RuleSet.links):
            self.link_alts = [[[_build.follows((r,), lo, u, rules.wrap) for lo in cards]
                               for u in cards] for r in lift]
        self.simple = rules.simple
        self.kinds = rules.pile_kinds
        self.npiles = len(self.kinds)
        #: Per card-by-card foundation, its group (see FoundationGroup.takes).
        self.found = rules.foundation_of


def check_rules(rules: RuleSet) -> None:
    """Check a rule set a plugin registers before anyone plays it: the fields the engine reads
    have their types (a ``RuleSet`` built in Python skips the variant file's checks), and the
    rule methods give answers, for every card (the compiled tables), the layout and the first
    deal. Raises :class:`VariantError` for the fields, :class:`RuleFailure` for a method."""
    problems: list[tuple[str, str]] = []

    def need(ok: bool, key: str, what: str) -> None:
        if not ok:
            problems.append((key, f"{what}, not {_shown(getattr(rules, key, None))}"))

    problems += label_problems(rules, "variant", {"name": False, "description": True,
                                                  "rules_text": True, "scoring": False})
    need(isinstance(rules.deck, tuple) and bool(rules.deck)
         and all(_is_int(s) and 0 <= s < len(SUITS) for s in rules.deck),
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
    for key, lo, hi in (("cells", 0, MAX_PILES), ("reserves", 0, MAX_PILES), ("run_piles", 0, 64),
                        ("cell_capacity", 0, 104), ("waste_turn", 1, 13), ("redeals", 0, 100),
                        ("waste_dealt", 0, 104), ("deal_rows", 1, 13), ("refill", 0, 13),
                        ("max_lift", -1, 104)):
        need(_is_int(getattr(rules, key)) and lo <= getattr(rules, key) <= hi, key,
             f"must be a whole number from {lo} to {hi}")
    for key, count in (("cells_dealt", rules.cells), ("reserves_dealt", rules.reserves)):
        value = getattr(rules, key)
        need(isinstance(value, tuple) and len(value) <= (count if _is_int(count) else 0)
             and all(_is_int(v) and 0 <= v <= 104 for v in value), key,
             "must be a tuple of whole numbers, one per pile at most")
    need(isinstance(rules.foundation_groups, tuple)
         and all(isinstance(g, FoundationGroup) for g in rules.foundation_groups)
         and sum(g.count for g in rules.foundation_groups
                 if _is_int(g.count) and g.count > 0) <= MAX_FOUNDATIONS,
         "foundation_groups", f"must be a tuple of FoundationGroup, {MAX_FOUNDATIONS} "
                              f"foundations in all at most")
    if not problems:
        problem = layout_problem(rules, rules.layout)
        if problem is not None:
            problems.append(("layout", problem))
    if not problems:
        need(_is_int(rules.deal_size) and 0 <= rules.deal_size <= len(rules.layout),
             "deal_size", f"must be 0 to the {len(rules.layout)} columns")
        need(_is_int(rules.runs_to_win) and 0 <= rules.runs_to_win <= len(rules.deck),
             "runs_to_win", f"must be 0 to the {len(rules.deck)} sets")
    source = rules.source if isinstance(rules.source, str) and rules.source else str(rules.id)
    if problems:
        raise VariantError(source, problems)
    compiled(rules)
    shape = rules.initial_layout()
    problem = layout_problem(rules, shape)
    if problem is not None:  # a plugin's initial_layout is checked by its guard already
        raise VariantError(source, [("layout", problem)])
    from .deal import table
    from .state import State

    try:
        t = table(rules, 1)
    except ValueError as e:
        raise VariantError(source, [("layout", str(e))]) from None
    state = State(rules, t.cols, t.down, t.stock, extra=t.extra, shown=t.shown)
    state.won()
    state.moves()
    if state.deal_refusal() is None and state.stock_left > 0:
        state.deal()


#: The card tables of data rule sets, by the fields they read: most variants share Spider's.
_card_tables_cache: dict[tuple, tuple] = {}


def _card_tables(rules: RuleSet) -> tuple:
    """``(link, accept, empty_ok)`` of ``rules`` over every card (pair); shared between data
    rule sets that build and lift alike (a plugin's own methods are always asked)."""
    cls = type(rules)
    key = None
    if all(getattr(cls, m) is getattr(RuleSet, m) for m in ("links", "accepts",
                                                            "accepts_in_empty")):
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
