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
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from .cards import (
    KING,
    NUM_CARDS,
    RANK,
    RANK_NAMES,
    RED,
    SUIT,
    SUITS,
    card,
    glyph,
    parse_suit,
)
from .errors import RuleFailure, VariantError
from .text import control_character, quoted, short

VARIANT_FORMAT = "spider-variant/1"
HOUSE_RULES_FORMAT = "spider-house-rules/1"

#: What a variant may declare: far beyond any real one (the Spider family goes up to four decks,
#: 16 sets, on some twenty columns), and small enough that nothing a file says can make the game
#: allocate or search without end. README.md's key table gives the same numbers.
MAX_SETS = 64
MAX_COLUMNS = 20
#: Cards dealt to one column: the whole of the largest deck.
MAX_COLUMN_CARDS = 13 * MAX_SETS
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
EMPTY_RULES = {
    "any": "any card or liftable run may go into an empty column",
    "king": "only a King, or a run headed by one, may go into an empty column",
}
COMPLETE_RULES = {
    "same-suit": "a King-to-Ace run of one suit is complete",
    "any-suit": "any King-to-Ace run that can be lifted is complete",
}


def _article(rank: int) -> str:
    return "an" if rank in (1, 8) else "a"


@dataclass(frozen=True)
class RuleSet:
    """One variant's complete rules. Column indexes are 0-based here; notation adds one."""

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
    place: str = "any-suit"
    lift: str = "same-suit"
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
    def stock_size(self) -> int:
        return 13 * len(self.deck) - self.tableau_size

    @property
    def cards_per_deal(self) -> int:
        return self.deal_size or len(self.layout)

    def deck_cards(self) -> list[int]:
        """Every card of the deck in a fixed order: each set Ace to King, sets in order."""
        return [card(r, s) for s in self.deck for r in range(1, 14)]

    def deck_counts(self) -> Counter[int]:
        return Counter(self.deck_cards())

    def deals_in(self, stock_cards: int) -> int:
        """How many deals ``stock_cards`` undealt cards make."""
        per = self.cards_per_deal
        return -(-stock_cards // per) if per else 0

    # ----------------------------------------------------------------- rules as methods

    def links(self, upper: int, lower: int) -> bool:
        """May ``lower``, lying directly on ``upper``, be lifted together with it?"""
        if RANK[upper] != RANK[lower] + 1:
            return False
        if self.lift == "same-suit":
            return SUIT[upper] == SUIT[lower]
        if self.lift == "same-colour":
            return RED[upper] == RED[lower]
        return True

    def why_not_linked(self, upper: int, lower: int) -> str:
        pair = f"{glyph(upper)} {glyph(lower)}"
        if RANK[upper] != RANK[lower] + 1:
            return f"{pair} does not descend by one"
        if self.lift == "same-colour":
            return f"{pair} is not one colour"
        return f"{pair} is not one suit"

    def accepts(self, moving: int, onto: int) -> bool:
        """May ``moving`` (a card, or the head of a lifted run) be placed onto ``onto``?"""
        if RANK[onto] != RANK[moving] + 1:
            return False
        if self.place == "same-suit":
            return SUIT[onto] == SUIT[moving]
        if self.place == "same-colour":
            return RED[onto] == RED[moving]
        if self.place == "other-colour":
            return RED[onto] != RED[moving]
        return True

    def why_not_accepted(self, moving: int, onto: int) -> str:
        if RANK[onto] == 1:
            return "nothing goes onto an Ace"
        head = f"{glyph(moving)} cannot go onto {glyph(onto)}"
        need = RANK[onto] - 1
        if RANK[moving] == KING:
            return f"{head}: a King can only go into an empty column"
        if RANK[moving] != need:
            return f"{head}: it takes {_article(need)} {RANK_NAMES[need]}"
        if self.place == "same-suit":
            return f"{head}: build down in suit"
        if self.place == "same-colour":
            return f"{head}: build down in colour"
        return f"{head}: build down in alternate colours"

    def accepts_in_empty(self, moving: int) -> bool:
        """May ``moving`` (or a run headed by it) go into an empty column?"""
        return self.empty == "any" or RANK[moving] == KING

    def why_not_in_empty(self, moving: int) -> str:
        return f"only a King can go into an empty column, not {glyph(moving)}"

    def is_complete(self, run: Sequence[int]) -> bool:
        """Is ``run`` (13 face-up cards, top of the column last) a complete run to remove?"""
        if len(run) != 13 or RANK[run[0]] != KING:
            return False
        first_suit = SUIT[run[0]]
        for i in range(12):
            upper, lower = run[i], run[i + 1]
            if RANK[upper] != RANK[lower] + 1:
                return False
            if self.complete == "same-suit":
                if SUIT[lower] != first_suit:
                    return False
            elif not self.links(upper, lower):
                return False
        return True

    def deal_refusal(self, stock_left: int, empty_columns: Sequence[int]) -> str | None:
        """Why a deal is not allowed now, or ``None`` when it is."""
        if stock_left <= 0:
            return "The stock is empty"
        if self.deal_needs_full and empty_columns:
            return "Fill every empty column before you deal"
        return None

    def deal_targets(self, stock_left: int) -> list[int]:
        """The columns (0-based) that the next deal puts a card on, in order."""
        return list(range(min(stock_left, self.cards_per_deal, len(self.layout))))

    def initial_layout(self) -> tuple[tuple[int, int], ...]:
        if self.all_face_up:
            return tuple((0, d + u) for d, u in self.layout)
        return self.layout

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

    def summary(self) -> str:
        """A few lines describing the rules, generated from the data (for help screens)."""
        lines = [
            f"{self.sets} sets ({''.join(sorted({SUITS[s] for s in self.deck}, key=SUITS.index))}), "
            f"{self.columns} columns, {self.stock_size} cards in the stock "
            f"({self.deals_in(self.stock_size)} deals).",
            PLACE_RULES.get(self.place, self.place).capitalize() + ".",
            LIFT_RULES.get(self.lift, self.lift).capitalize() + ".",
            EMPTY_RULES.get(self.empty, self.empty).capitalize() + ".",
            ("You cannot deal while a column is empty." if self.deal_needs_full
             else "You may deal while columns are empty."),
            f"Remove {self.win_runs} complete King-to-Ace runs to win"
            + ("." if self.auto_remove else " (move each to the foundation yourself)."),
        ]
        return "\n".join(lines)


# --------------------------------------------------------------------- TOML schema

_TOP_KEYS = {"format", "id", "name", "description", "rules", "scoring", "deck", "layout",
             "stock", "moves", "runs"}
_SECTION_KEYS = {
    "deck": {"sets", "suits"},
    "layout": {"columns", "down", "up"},
    "stock": {"cards", "deal", "needs_full_columns"},
    "moves": {"place", "lift", "empty"},
    "runs": {"complete", "to_win", "auto_remove"},
}


#: The methods a Python variant may override (see the README), each guarded by
#: :meth:`RuleSet.__init_subclass__`.
RULE_METHODS = ("links", "why_not_linked", "accepts", "why_not_accepted", "accepts_in_empty",
                "why_not_in_empty", "is_complete", "deal_refusal", "deal_targets",
                "initial_layout")


def _guarded(method: Any, name: str) -> Any:
    @functools.wraps(method)
    def guarded(self: RuleSet, *args: Any) -> Any:
        try:
            return method(self, *args)
        except RuleFailure:
            raise
        except Exception as e:
            raise RuleFailure(f"the rules of {self.name} failed: {name}() raised "
                              f"{type(e).__name__}: {e}") from e

    guarded._guarded = True  # type: ignore[attr-defined]
    return guarded


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def shown_key(key: Any) -> str:
    """A key of the file as a message names it (any key: never long, never a control code)."""
    text = key if isinstance(key, str) else quoted(key)
    return short(text, 40) if control_character(text) is None else quoted(text, 40)


def id_problem(value: Any, kind: str = "variant") -> str | None:
    """Why ``value`` is not a good id of a ``kind`` (variant, house rule, theme), or ``None``.

    Ids are typed on command lines and kept in files: letters, digits, ``-``, ``_`` and ``.``,
    starting with a letter or digit (so not ``..``, nor an option such as ``-x``), at most
    :data:`MAX_ID` characters."""
    if not isinstance(value, str) or not value:
        return f"missing: every {kind} needs an id such as 'my-spider'"
    if not all(ch.isalnum() or ch in "-_." for ch in value):
        return f"{quoted(value)} may only use letters, digits, '-', '_' and '.'"
    if not value[0].isalnum():
        return f"{quoted(value)} must start with a letter or a digit"
    if len(value) > MAX_ID:
        return f"{quoted(value)} is longer than {MAX_ID} characters"
    return None


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
        problems.append((path, f"{quoted(value)} is not one of {', '.join(options)}"))
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
            problems.append((shown_key(key), "unknown key"))
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
                problems.append((f"{sec}.{shown_key(key)}", "unknown key"))
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
    out["layout"] = tuple(zip(down, up))
    tableau = sum(down) + sum(up)
    deck_size = 13 * len(deck)

    # stock
    st = sections["stock"]
    stock = deck_size - tableau
    if "cards" in st:
        cards = st["cards"]
        if not _is_int(cards) or not 0 <= cards <= MAX_COLUMN_CARDS:
            problems.append(("stock.cards", f"must be a whole number from 0 to "
                                            f"{MAX_COLUMN_CARDS}"))
        elif deck and cards != stock:
            problems.append(("layout", f"columns need {tableau} cards but the deck minus the stock "
                                       f"leaves {deck_size - cards} (deck {deck_size}, "
                                       f"stock.cards {cards})"))
    elif deck and stock < 0:
        problems.append(("layout", f"columns need {tableau} cards but the deck has only "
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
    out["place"] = _choice(mv, "place", "moves.place", PLACE_RULES, "any-suit", problems)
    out["lift"] = _choice(mv, "lift", "moves.lift", LIFT_RULES, "same-suit", problems)
    out["empty"] = _choice(mv, "empty", "moves.empty", EMPTY_RULES, "any", problems)

    runs = sections["runs"]
    out["complete"] = _choice(runs, "complete", "runs.complete", COMPLETE_RULES, "same-suit",
                              problems)
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
    "scoring": str,
}
_TUNABLE_CHOICES = {"place": PLACE_RULES, "lift": LIFT_RULES, "empty": EMPTY_RULES,
                    "complete": COMPLETE_RULES}


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
                problems.append((f"{prefix}{shown_key(k)}", "unknown key"))
        if not isinstance(changes, Mapping) or not changes:
            problems.append((f"{prefix}set", "must be a table of rule fields to change, e.g. "
                                             "{ deal_needs_full = false }"))
            changes = {}
        problems.extend(_changes_problems(changes, prefix))
        if problems:
            raise VariantError(source, problems)
        return cls(id=hid, name=name, description=desc, changes=dict(changes), source=source)


def _changes_problems(changes: Any, prefix: str) -> list[tuple[str, str]]:
    """What is wrong with a house rule's changes (``set``), each with its key."""
    if not isinstance(changes, Mapping):
        return [(f"{prefix}set", "must be a table of rule fields to change")]
    problems: list[tuple[str, str]] = []
    for k, v in changes.items():
        typ = TUNABLE_FIELDS.get(k) if isinstance(k, str) else None
        where = f"{prefix}set.{shown_key(k)}"
        if typ is None:
            problems.append((where, "not a field a house rule can change "
                                    f"(one of {', '.join(TUNABLE_FIELDS)})"))
        elif type(v) is not typ:
            problems.append((where, f"must be a {typ.__name__}"))
        elif k in _TUNABLE_CHOICES and v not in _TUNABLE_CHOICES[k]:
            problems.append((where, f"{quoted(v)} is not one of {', '.join(_TUNABLE_CHOICES[k])}"))
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
            problems.append((shown_key(k), "unknown key"))
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


def apply_house_rules(rules: RuleSet, house_rules: Sequence[HouseRule]) -> RuleSet:
    """``rules`` with each of ``house_rules`` applied, in id order, recorded in ``house_rules``."""
    for hr in sorted(house_rules, key=lambda h: h.id):
        rules = hr.apply(rules)
    ids = tuple(sorted(set(rules.house_rules) | {h.id for h in house_rules}))
    return dataclasses.replace(rules, house_rules=ids)


# --------------------------------------------------------------------- compiled tables


class Compiled:
    """A rule set's methods evaluated over every card (pair), for the hot loops."""

    __slots__ = ("link", "accept", "empty_ok", "descending", "rank_place", "complete_suits")

    def __init__(self, rules: RuleSet) -> None:
        cards = range(NUM_CARDS)
        self.link = [[rules.links(u, lo) for lo in cards] for u in cards]
        self.accept = [[rules.accepts(m, o) for o in cards] for m in cards]
        self.empty_ok = [rules.accepts_in_empty(c) for c in cards]
        # Every liftable pair descends by one: a lifted run holds each rank once, so the run that
        # fits a target is found by arithmetic rather than by trying every length.
        self.descending = all(RANK[u] == RANK[lo] + 1 for u in cards for lo in cards
                              if self.link[u][lo])
        self.rank_place = all(RANK[o] == RANK[m] + 1 for m in cards for o in cards
                              if self.accept[m][o])


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
