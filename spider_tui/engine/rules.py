"""Rule sets: one variant's rules.

A :class:`RuleSet` is data (deck, layout, stock, how cards are placed, lifted, put into empty
columns, what a complete run is) plus a handful of small methods that read that data. A variant
file can say everything the data fields can say (:mod:`.schema` reads it); a Python plugin
subclasses :class:`RuleSet` and overrides the methods for rules the data cannot express (see
``variants/jolly_roger.py``), each override guarded (:mod:`.answers`). House rules are in
:mod:`.house`, the tables compiled from a rule set in :mod:`.compiled`, and the checks a
plugin's rule set passes before it is played in :mod:`.vetting`.

The card methods must be pure functions of the cards they are given: the engine evaluates them
once per rule set for every pair of cards and plays from the resulting tables.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from . import build as _build
from . import kinds
from .answers import RULE_METHODS, adapt_old_deal, guard, old_style
from .build import EMPTY_RULES, FoundationGroup, Relation
from .cards import ACE, KING, RANK, RANK_NAMES, SUITS, deck_cards, glyph
from .compiled import compiled
from .errors import VariantError
from .kinds import foundations as _foundations
from .kinds import stock as _stock
from .kinds.foundations import MAX_FOUNDATIONS
from .kinds.waste import UNLIMITED_REDEALS
from .piles import COLUMN, FOUNDATION_KIND, TableView, Transfer, kinds_and_codes
from .schema import DEAL_SKIPS, WIN_RULES, data_problems, parse_variant_dict
from .text import quoted

_LEGACY_LIFT = {
    "down same-suit": "a run can be lifted when it is one suit and descends by one",
    "down same-colour": "a run can be lifted when it is one colour and descends by one",
    "down any-suit": "any run that descends by one can be lifted, suits mixed",
    "down other-colour": "a run can be lifted when it alternates colours and descends by one",
    "down other-suit": "a run can be lifted when it descends by one and no card is of the suit "
                       "of the card under it",
}




def article(rank: int) -> str:
    return "an" if rank in (1, 8) else "a"


#: ``RuleSet.overrides``'s answers by class and methods (a class's methods do not change once
#: it is registered; asked on every deal check of a search).
_OVERRIDES: dict[tuple[type, tuple[str, ...]], bool] = {}


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
        problems = data_problems(self.deck, self.layout, self.deal_size)
        groups = self.foundation_groups
        if (not problems and isinstance(groups, tuple)
                and all(isinstance(g, FoundationGroup) and _build.whole(g.dealt)
                        and 0 <= g.dealt <= 13 and _build.whole(g.count)
                        and 0 <= g.count <= MAX_FOUNDATIONS for g in groups)
                and any(g.dealt for g in groups)):
            # The cards the foundations are dealt: the deck must hold them (a file's reader
            # says so with its key; a plugin's rule set is told here).
            try:
                _ = self.home_cards
            except ValueError as e:
                problems.append(("foundation_groups", str(e.args[-1])))
            except (TypeError, IndexError, KeyError):
                pass  # a group's other fields are wrong: the plugin check says which
        if problems:
            raise VariantError(self.source or f"variant {quoted(self.id)}", problems)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A plugin's rule methods run inside the engine's moves: whatever one raises becomes
        # a RuleFailure (an IllegalMove), which the game refuses cleanly instead of crashing.
        super().__init_subclass__(**kwargs)
        for name in ("deal_refusal", "deal_targets"):
            method = cls.__dict__.get(name)
            if method is not None and old_style(method):
                setattr(cls, name, adapt_old_deal(method, name))
        for name in RULE_METHODS:
            method = cls.__dict__.get(name)
            if method is not None and not getattr(method, "guard", False):
                setattr(cls, name, guard(method, name))

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
        """Cards dealt at the start: the columns, the free cells, the reserves, the
        foundations, the waste."""
        return (self.tableau_size + sum(self.cells_dealt) + sum(self.reserves_dealt)
                + sum(g.dealt * g.count for g in self.foundation_groups) + self.waste_dealt)

    @cached_property
    def home_cards(self) -> tuple[tuple[int, ...], ...]:
        """The cards each card-by-card foundation is dealt at the start, in table order (none
        unless a group says ``dealt``): :func:`~spider_tui.engine.kinds.foundations.
        dealt_home`. :class:`ValueError` when the deck has too few of them (a file says so
        with its key when it is read)."""
        if not any(g.dealt for g in self.foundation_groups):
            return ((),) * self.foundations
        return tuple(_foundations.dealt_home(self.deck_cards(), self.foundation_of))

    @property
    def unlimited_redeals(self) -> bool:
        """May the waste be turned back into the stock as often as the player likes
        (``redeals`` is :data:`~spider_tui.engine.kinds.waste.UNLIMITED_REDEALS`)?"""
        return self.redeals == UNLIMITED_REDEALS

    def redeals_left(self, used: int) -> int | None:
        """How many more times the waste may be turned back once it has been ``used`` times
        (``None``: as often as the player likes)."""
        if self.unlimited_redeals:
            return None
        return max(0, self.redeals - used)

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
    def places_of_kind(self) -> dict[int, tuple[int, ...]]:
        """The places in the table's row (:attr:`pile_kinds`) of the piles of each kind."""
        out: dict[int, tuple[int, ...]] = {}
        for i, kind in enumerate(self.pile_kinds):
            out[kind] = out.get(kind, ()) + (i,)
        return out

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
        row on the columns, complete runs of King down to Ace leave it, removing them wins,
        cards are placed one rank lower), with no table method of a plugin to ask? The
        engine's table and the AI's board have fast paths for those: this is the one
        decision both read (:attr:`Compiled.simple <spider_tui.engine.compiled.Compiled>`)."""
        return compiled(self).simple

    def deck_cards(self) -> list[int]:
        """Every card of the deck in a fixed order: each set Ace to King, sets in order."""
        return deck_cards(self.deck)

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
        assert not isinstance(lift, str)  # the only words are LIFT_SPECIAL's, "any" and "single"
        return _build.follows(lift, lower, upper, self.wrap)

    def why_not_linked(self, upper: int, lower: int) -> str:
        pair = f"{glyph(upper)} {glyph(lower)}"
        lift = self._lift
        if lift == "single":
            return "cards are lifted one at a time in this game"
        if lift == "any":
            return "that card is face down"
        assert not isinstance(lift, str)  # the only words are LIFT_SPECIAL's, "any" and "single"
        if len(lift) == 1 and lift[0].rank == "down" and not self.wrap:
            if RANK[upper] != RANK[lower] + 1:
                return f"{pair} does not descend by one"
            if lift[0].suit == "same-colour":
                return f"{pair} is not one colour"
            if lift[0].suit == "other-colour":
                return f"{pair} does not alternate colours"
            if lift[0].suit == "other-suit":
                return f"{pair} are of one suit"
            return f"{pair} is not one suit"
        if _build.follows(lift, lower, upper, self.wrap):
            return f"those cards mix two kinds of run: {self.lift_text()}"
        return f"{pair} is not a run that can be lifted: {self.lift_text()}"

    def accepts(self, moving: int, onto: int) -> bool:
        """May ``moving`` (a card, or the head of a lifted run) be placed onto ``onto``?"""
        return _build.follows(self._place, moving, onto, self.wrap)

    def why_not_accepted(self, moving: int, onto: int) -> str:
        if not compiled(self).anything_onto[onto]:
            return f"nothing goes onto {article(RANK[onto])} {RANK_NAMES[RANK[onto]]}" \
                if RANK[onto] == 1 else f"nothing goes onto {glyph(onto)}"
        head = f"{glyph(moving)} cannot go onto {glyph(onto)}"
        if not self._legacy_place:
            return f"{head}: it takes {_build.wanted(self._place, onto, self.wrap)}"
        need = RANK[onto] - 1
        suit = self._place[0].suit
        if RANK[moving] == KING:
            return f"{head}: a King can only go into an empty column"
        if RANK[moving] != need:
            return f"{head}: it takes {article(need)} {RANK_NAMES[need]}"
        if suit == "same-suit":
            return f"{head}: build down in suit"
        if suit == "same-colour":
            return f"{head}: build down in colour"
        if suit == "other-suit":
            return f"{head}: build down in any suit but its own"
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
        return kinds.refusal(self, table, source, cards, target)

    def deal_refusal(self, table: TableView) -> str | None:
        """Why a deal is not allowed now, or ``None`` when it is (the stock's rules:
        :mod:`.kinds.stock`)."""
        return _stock.deal_refusal(self, table)

    def deal_targets(self, table: TableView) -> list[int]:
        """The piles the next deal puts a stock card on, in order, as pile codes: the columns'
        0-based numbers, or :data:`~spider_tui.engine.piles.WASTE`."""
        return _stock.deal_targets(self, table)

    def deal_plan(self, table: TableView) -> list[Transfer]:
        """Every card the next deal carries, in order (:class:`~spider_tui.engine.piles.
        Transfer`). By default a stock card onto each of :meth:`deal_targets`; with the stock
        empty and a redeal left, the waste is turned back into the stock instead. Override it
        for a deal that also moves cards on the table (Trapdoor Spider)."""
        return _stock.deal_plan(self, table)

    def after_move(self, table: TableView, move: tuple[int, int, int]) -> list[Transfer]:
        """Cards carried at once after each move (``(source, count, target)`` pile codes), by
        the rules rather than the player: a column emptied by it is refilled from the stock
        with ``refill`` cards. ``[]`` for nothing."""
        return _stock.refill_plan(self, table, move)

    def won(self, table: TableView) -> bool:
        """Is the game won? By default as :attr:`win` says (:data:`WIN_RULES`)."""
        if self.win == "runs":
            return len(table.runs_removed) >= self.win_runs
        if self.win == "foundations":
            return (sum(len(r) for r in table.runs_removed)
                    + table.cards_of_kind(FOUNDATION_KIND) == 13 * len(self.deck))
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
    def from_dict(cls, data: Mapping[str, Any], source: str = "<variant>") -> RuleSet:
        """Build a rule set from a variant file's parsed TOML; raises :class:`VariantError`
        listing every problem with its key."""
        problems: list[tuple[str, str]] = []
        fields = parse_variant_dict(data, problems)
        if problems:
            raise VariantError(source, problems)
        return cls(source=source, **fields)

    def with_changes(self, **changes: Any) -> RuleSet:
        return dataclasses.replace(self, **changes)

    def overrides(self, *methods: str) -> bool:
        """Does this rule set's class (a Python variant's) replace any of the ``methods`` with
        its own? The engine and the AI then ask them rather than reading the data's tables."""
        cls = type(self)
        key = (cls, methods)
        hit = _OVERRIDES.get(key)
        if hit is None:
            hit = _OVERRIDES[key] = any(getattr(cls, m) is not getattr(RuleSet, m)
                                        for m in methods)
        return hit

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
                redeals = ("unlimited redeals" if self.unlimited_redeals else
                           f"{self.redeals} redeal{'s' if self.redeals != 1 else ''}")
                table += f" (turned onto a waste {self.waste_turn} at a time, {redeals})"
            elif self.player_deals:
                deals = self.deals_in(self.stock_size)
                table += f" ({deals} deal{'s' if deals != 1 else ''})"
        lines = [table + ".",
                 (self.place_text() + (", ranks wrapping (a King onto an Ace)" if self.wrap
                                       else "")).capitalize() + ".",
                 self.lift_text().capitalize() + ".",
                 EMPTY_RULES.get(self.empty, self.empty).capitalize() + "."]
        if self.stock_size and self.deal_to == "columns":
            if not self.player_deals:
                lines.append(f"The stock refills an emptied column with {self.refill} "
                             f"card{'s' if self.refill != 1 else ''}." if self.refill else
                             "You never deal, and nothing here takes cards from the stock.")
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

