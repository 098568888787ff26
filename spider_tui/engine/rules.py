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
import reprlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any, Callable, Iterable, Mapping, Sequence

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
from .errors import HouseRuleFailure, RuleFailure, VariantError

VARIANT_FORMAT = "spider-variant/1"
HOUSE_RULES_FORMAT = "spider-house-rules/1"

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
    ncols = len(rules.layout)
    stock_left = args[0] if args and _is_int(args[0]) else 0
    if not isinstance(value, (list, tuple)) or not all(_is_int(i) for i in value):
        return f"returned {_shown(value)}, not a list of column indexes"
    bad = [i for i in value if not 0 <= i < ncols]
    if bad:
        return (f"returned {_shown(value)}: there is no column {bad[0]} (the {ncols} columns "
                f"are 0 to {ncols - 1})")
    if len(set(value)) != len(value):
        return f"returned {_shown(value)}, which names a column twice"
    if len(value) > stock_left:
        return f"returned {len(value)} columns but the stock holds {stock_left} cards"
    if stock_left > 0 and not value:
        return "returned no column: the deal would deal nothing"
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
    "deal_refusal": _refusal,
    "deal_targets": _targets,
    "initial_layout": _layout,
}
RULE_METHODS = tuple(RESULT_CHECKS)


def _who(rules: "RuleSet") -> str:
    """The variant, as a plugin's author would look for it: name, id and where it came from."""
    name = rules.name if isinstance(rules.name, str) else "?"
    source = PurePath(rules.source).name if isinstance(rules.source, str) else ""
    where = f", from {_clip(source, 80)}" if source else ""
    return f"the rules of {_clip(name, 80)} (variant {_shown(rules.id)}{where})"


def _guarded(method: Any, name: str) -> Any:
    check = RESULT_CHECKS[name]

    @functools.wraps(method)
    def guarded(self: RuleSet, *args: Any) -> Any:
        try:
            value = method(self, *args)
        except (RuleFailure, GeneratorExit):
            raise
        except BaseException as e:  # noqa: BLE001 - sys.exit() or Ctrl-C in a plugin's rule too
            problem = f"raised {_error_text(e)}"
            raise RuleFailure(f"{_who(self)} failed: {name}() {problem}", method=name,
                              problem=problem) from e
        problem = check(self, args, value)
        if problem is not None:
            raise RuleFailure(f"{_who(self)} failed: {name}() {problem}", method=name,
                              problem=problem)
        return value

    guarded._guarded = True  # type: ignore[attr-defined]
    return guarded


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


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _choice(section: Mapping[str, Any], key: str, path: str, options: Mapping[str, str],
            default: str, problems: list[tuple[str, str]]) -> str:
    value = section.get(key, default)
    if value not in options:
        problems.append((path, f"{value!r} is not one of {', '.join(options)}"))
        return default
    return value


def _per_column(value: Any, path: str, n: int, problems: list[tuple[str, str]]) -> list[int]:
    if _is_int(value):
        value = [value] * n
    if not isinstance(value, list) or not all(_is_int(v) for v in value):
        problems.append((path, "must be a whole number or a list of them, one per column"))
        return [0] * n
    if len(value) != n:
        problems.append((path, f"has {len(value)} entries but there are {n} columns"))
        return (list(value) + [0] * n)[:n]
    if any(v < 0 for v in value):
        problems.append((path, "cannot be negative"))
        return [max(0, v) for v in value]
    return list(value)


def parse_variant_dict(data: Mapping[str, Any], problems: list[tuple[str, str]]) -> dict[str, Any]:
    """Check a variant declaration, appending ``(key, message)`` for each problem; return the
    :class:`RuleSet` fields it describes (best effort when there are problems)."""
    if not isinstance(data, Mapping):
        problems.append(("", "a variant must be a TOML table"))
        return {}
    for key in data:
        if key not in _TOP_KEYS:
            problems.append((key, "unknown key"))
    fmt = data.get("format", VARIANT_FORMAT)
    if fmt != VARIANT_FORMAT:
        problems.append(("format", f"{fmt!r} is not {VARIANT_FORMAT!r}"))
    out: dict[str, Any] = {}

    vid = data.get("id")
    if not isinstance(vid, str) or not vid:
        problems.append(("id", "missing: every variant needs an id such as 'my-spider'"))
        vid = "?"
    elif not all(ch.isalnum() or ch in "-_." for ch in vid):
        problems.append(("id", f"{vid!r} may only use letters, digits, '-', '_' and '.'"))
    out["id"] = vid
    name = data.get("name", vid)
    if not isinstance(name, str):
        problems.append(("name", "must be a string"))
        name = vid
    out["name"] = name
    for key, fld in (("description", "description"), ("rules", "rules_text"),
                     ("scoring", "scoring")):
        if key in data:
            if not isinstance(data[key], str):
                problems.append((key, "must be a string"))
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
                problems.append((f"{sec}.{key}", "unknown key"))
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
                suits.append(parse_suit(s) if isinstance(s, str) else -1)
            except ValueError:
                suits.append(-1)
            if suits[-1] < 0:
                problems.append(("deck.suits", f"{s!r} is not a suit (write S, H, D or C)"))
        if len(set(suits)) != len(suits):
            problems.append(("deck.suits", "names a suit twice"))
        suits = [s for s in suits if s >= 0]
    if isinstance(sets, Mapping):
        for letter, count in sets.items():
            try:
                s = parse_suit(letter)
            except ValueError:
                problems.append((f"deck.sets.{letter}", "is not a suit (write S, H, D or C)"))
                continue
            if not _is_int(count) or count < 1:
                problems.append((f"deck.sets.{letter}", "must be a positive whole number"))
                continue
            deck.extend([s] * count)
        deck.sort(key=lambda s: s)
    elif _is_int(sets):
        if sets < 1:
            problems.append(("deck.sets", "must be at least 1"))
        elif suits and sets % len(suits):
            problems.append(("deck.sets", f"{sets} sets do not divide evenly over "
                                          f"{len(suits)} suits"))
        elif suits:
            deck = [s for s in suits for _ in range(sets // len(suits))]
    else:
        problems.append(("deck.sets", "missing: how many Ace-to-King sets the deck has "
                                      "(a number, or a table such as {S = 4, H = 4})"))
    out["deck"] = tuple(deck)

    # layout
    lay = sections["layout"]
    ncols = lay.get("columns")
    if not _is_int(ncols) or ncols < 1:
        problems.append(("layout.columns", "missing or not a positive whole number"))
        ncols = 1
    elif ncols > 20:
        problems.append(("layout.columns", f"{ncols} columns is more than the 20 supported"))
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
        if not _is_int(st["cards"]) or st["cards"] < 0:
            problems.append(("stock.cards", "must be a whole number, 0 or more"))
        elif deck and st["cards"] != stock:
            problems.append(("layout", f"columns need {tableau} cards but the deck minus the stock "
                                       f"leaves {deck_size - st['cards']} (deck {deck_size}, "
                                       f"stock.cards {st['cards']})"))
    elif deck and stock < 0:
        problems.append(("layout", f"columns need {tableau} cards but the deck has only "
                                   f"{deck_size}"))
    if "deal" in st:
        if not _is_int(st["deal"]) or not 1 <= st["deal"] <= ncols:
            problems.append(("stock.deal", f"must be a whole number from 1 to the {ncols} "
                                           f"columns"))
        else:
            out["deal_size"] = st["deal"] if st["deal"] != ncols else 0
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
        if not _is_int(tw) or tw < 1 or (deck and tw > len(deck)):
            problems.append(("runs.to_win", f"must be a whole number from 1 to the {len(deck)} "
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

    def applies_to(self, rules: RuleSet) -> bool:
        """Does switching this on change anything in ``rules``?"""
        return any(getattr(rules, k) != v for k, v in self.changes.items())

    def apply(self, rules: RuleSet) -> RuleSet:
        return dataclasses.replace(rules, **dict(self.changes))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str, key: str = "") -> "HouseRule":
        problems: list[tuple[str, str]] = []
        prefix = f"{key}." if key else ""
        hid = data.get("id")
        if not isinstance(hid, str) or not hid:
            problems.append((f"{prefix}id", "missing"))
            hid = "?"
        name = data.get("name", hid)
        desc = data.get("description", "")
        changes = data.get("set", {})
        for k in data:
            if k not in {"id", "name", "description", "set"}:
                problems.append((f"{prefix}{k}", "unknown key"))
        if not isinstance(changes, Mapping) or not changes:
            problems.append((f"{prefix}set", "must be a table of rule fields to change, e.g. "
                                             "{ deal_needs_full = false }"))
            changes = {}
        for k, v in changes.items():
            typ = TUNABLE_FIELDS.get(k)
            if typ is None:
                problems.append((f"{prefix}set.{k}", "not a field a house rule can change "
                                                     f"(one of {', '.join(TUNABLE_FIELDS)})"))
            elif type(v) is not typ:
                problems.append((f"{prefix}set.{k}", f"must be a {typ.__name__}"))
            elif k in _TUNABLE_CHOICES and v not in _TUNABLE_CHOICES[k]:
                problems.append((f"{prefix}set.{k}",
                                 f"{v!r} is not one of {', '.join(_TUNABLE_CHOICES[k])}"))
        if problems:
            raise VariantError(source, problems)
        return cls(id=hid, name=str(name), description=str(desc), changes=dict(changes),
                   source=source)


def house_rules_from_dict(data: Mapping[str, Any], source: str) -> list[HouseRule]:
    """The house rules declared by a ``spider-house-rules/1`` file."""
    problems: list[tuple[str, str]] = []
    if data.get("format") != HOUSE_RULES_FORMAT:
        problems.append(("format", f"must be {HOUSE_RULES_FORMAT!r}"))
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
    problems = [(key, "must be a string") for key in ("id", "name", "description")
                if not isinstance(getattr(hr, key), str)]
    if not problems and not hr.id:
        problems.append(("id", "missing"))
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


def check_rules(rules: RuleSet) -> None:
    """Check a rule set a plugin registers before anyone plays it: the fields the engine reads
    have their types (a ``RuleSet`` built in Python skips the variant file's checks), and the
    rule methods give answers, for every card (the compiled tables), the layout and the first
    deal. Raises :class:`VariantError` for the fields, :class:`RuleFailure` for a method."""
    problems: list[tuple[str, str]] = []

    def need(ok: bool, key: str, what: str) -> None:
        if not ok:
            problems.append((key, f"{what}, not {_shown(getattr(rules, key, None))}"))

    need(isinstance(rules.id, str) and bool(rules.id), "id", "must be a non-empty string")
    for key in ("name", "description", "rules_text", "scoring"):
        need(isinstance(getattr(rules, key), str), key, "must be a string")
    need(isinstance(rules.deck, tuple) and bool(rules.deck)
         and all(_is_int(s) and 0 <= s < len(SUITS) for s in rules.deck),
         "deck", "must be a tuple of suits (0 to 3), one per Ace-to-King set")
    need(isinstance(rules.house_rules, tuple)
         and all(isinstance(h, str) for h in rules.house_rules),
         "house_rules", "must be a tuple of house-rule ids")
    for key in ("deal_needs_full", "auto_remove", "all_face_up"):
        need(isinstance(getattr(rules, key), bool), key, "must be True or False")
    for key, options in (("place", PLACE_RULES), ("lift", LIFT_RULES), ("empty", EMPTY_RULES),
                         ("complete", COMPLETE_RULES)):
        need(getattr(rules, key) in options if isinstance(getattr(rules, key), str) else False,
             key, f"must be one of {', '.join(options)}")
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
    stock = 13 * len(rules.deck) - sum(d + u for d, u in shape)
    if rules.deal_refusal(stock, []) is None and stock > 0:
        rules.deal_targets(stock)


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
