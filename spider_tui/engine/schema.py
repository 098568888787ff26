"""The variant file (``spider-variant/1``, TOML): its keys, what each may hold, its limits,
and the reader that turns a parsed file into :class:`~spider_tui.engine.rules.RuleSet` fields,
naming every problem with its key. Ids and the texts a player is shown are checked here for
files and plugins alike (:func:`id_problem`, :func:`text_problem`, :func:`label_problems`).

Every key is a :class:`FieldSpec` in :data:`FIELDS`: its type, default, limits or choices, a
line of help and an example. The reader takes its limits, defaults, choices and key names from
there; so do ``spider-tui check-variant`` (through the reader), the file ``spider-tui
new-variant`` writes (:func:`variant_template`), the check a plugin's rule set passes
(:mod:`.vetting`), the key reference in docs/plugins.md (:func:`docs_section`) and the limits
README.md states (:func:`limits_text`), which ``python scripts/variant_keys.py`` rewrites (a
test fails while they are stale).
"""

from __future__ import annotations

import dataclasses
import json
import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import build as _build
from . import tomltext as _tomltext
from .build import (
    EMPTY_RULES,
    LIFT_SPECIAL,
    RANK_RELATIONS,
    SUIT_ALIASES,
    SUIT_RELATIONS,
    FoundationGroup,
    whole,
)
from .cards import ACE, MAX_SETS, RANKS, deck_cards, parse_suit
from .kinds import foundations as _foundations
from .kinds.cells import MAX_CELLS
from .kinds.columns import MAX_COLUMNS
from .kinds.foundations import MAX_FOUNDATIONS
from .kinds.reserves import MAX_RESERVES
from .kinds.stock import MAX_ROWS
from .kinds.waste import MAX_REDEALS, UNLIMITED_REDEALS
from .text import control_character, did_you_mean, quoted, short

VARIANT_FORMAT = "spider-variant/1"

# --------------------------------------------------------------------- limits
# What a variant may declare: far beyond any real one (the Spider family goes up to four decks,
# 16 sets, on some twenty columns), and small enough that nothing a file says can make the game
# allocate or search without end, or make a table too big to play or to draw. Each limit is
# written here once; the key table below, the reader, the plugin check (vetting), the docs and
# the tests read it from here.

#: The cards of the largest deck.
MAX_CARDS = 13 * MAX_SETS
#: Cards dealt to one column: the whole of the largest deck.
MAX_COLUMN_CARDS = MAX_CARDS
#: Cards a free cell holds, is dealt, a reserve or the waste is dealt at the start, or one move
#: carries (``moves.max_lift``): two decks' worth.
MAX_PILE_CARDS = 104
# Each kind of pile's own limits live in its module (engine/kinds/): MAX_COLUMNS (columns),
# MAX_CELLS (cells), MAX_RESERVES (reserves), MAX_FOUNDATIONS (foundations), MAX_REDEALS (the
# waste), MAX_ROWS (the stock: rows a deal puts down, cards a refill or a waste turn carries).
#: The longest id and name.
MAX_ID = 64
MAX_NAME = 100

# --------------------------------------------------------------------- words

COMPLETE_RULES = {
    "same-suit": "a King-to-Ace run of one suit is complete",
    "any-suit": "any King-to-Ace run that can be lifted is complete",
    "same-colour": "a King-to-Ace run of one colour is complete",
    "other-colour": "a King-to-Ace run of alternating colours is complete",
    "other-suit": "a King-to-Ace run in which no card is of the suit of the one before is "
                  "complete",
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
SHUFFLES = {
    "together": "the decks are shuffled together",
    "separate": "each deck is shuffled alone and the decks are stacked",
}
RUN_ORDERS = {"down": "a complete run goes from King down to Ace",
              "up": "a complete run goes from Ace up to King"}
DIRECTIONS = {"up": "built up by one rank", "down": "built down by one rank"}


# --------------------------------------------------------------------- the key table


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


#: The default of a key that must be given.
REQUIRED: Any = _Required()


@dataclass(frozen=True)
class FieldSpec:
    """One key of a variant file.

    ``type`` is one of: ``int`` (a whole number from ``lo`` to ``hi``, or one of ``words``,
    each standing for a number), ``bool``, ``choice`` (one of ``choices``, or of ``aliases``
    standing for one), ``text`` (one line, at most ``hi`` characters when ``hi`` is set),
    ``lines`` (text that may hold line breaks), ``id``, ``phrase`` (a building phrase, or a
    list), ``lift`` (a lifting phrase, a list, or one of ``choices``), ``per-column`` /
    ``per-pile`` (a number from ``lo`` to ``hi``, or a list of them, one per column or pile),
    ``faces``, ``suits``, ``sets`` (a number from ``lo`` to ``hi``, or a table of them by
    suit) and ``rank``.

    ``default`` is the value a file leaves out (:data:`REQUIRED`: it may not; ``None``: the
    default depends on other keys, and ``default_text`` says how). ``hi_text`` names what
    lowers ``hi`` in a given file (``stock.deal``: the number of columns). ``field`` is the
    :class:`~spider_tui.engine.rules.RuleSet` field the key fills.
    """

    path: str
    type: str
    default: Any
    help: str
    example: Any
    lo: int | None = None
    hi: int | None = None
    hi_text: str = ""
    choices: Mapping[str, str] = dataclasses.field(default_factory=dict)
    aliases: Mapping[str, str] = dataclasses.field(default_factory=dict)
    words: Mapping[str, int] = dataclasses.field(default_factory=dict)
    default_text: str = ""
    field: str = ""
    #: The message for a value out of range or of the wrong type, when the usual one
    #: (:meth:`refusal`) will not do; ``{lo}`` and ``{hi}`` are filled in.
    wrong: str = ""

    @property
    def section(self) -> str:
        """The table the key is in (``""`` for the top of the file)."""
        return self.path.rpartition(".")[0]

    @property
    def key(self) -> str:
        return self.path.rpartition(".")[2]

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    @property
    def bounds(self) -> tuple[int, int]:
        """``(lo, hi)`` of a key that has both (a number's, a count's)."""
        assert self.lo is not None and self.hi is not None, self.path
        return self.lo, self.hi

    def refusal(self, hi: int | None = None) -> str:
        """What a wrong value is told (a number's range: ``hi`` as a given file lowers it)."""
        hi = self.hi if hi is None else hi
        if self.wrong:
            return self.wrong.format(lo=self.lo, hi=hi)
        if self.type == "bool":
            return "must be true or false"
        words = " or ".join(f'"{w}"' for w in self.words)
        if self.type == "int":
            return f"must be a whole number from {self.lo} to {hi}" + (
                f", or {words}" if words else "")
        return "is not a valid value"  # pragma: no cover (every other type says its own)

    def number(self, value: Any, hi: int | None = None) -> int | None:
        """``value`` as the number it stands for, or ``None`` when it is not one in range."""
        hi = self.hi if hi is None else hi
        if isinstance(value, str) and value in self.words:
            return self.words[value]
        if whole(value) and self.lo is not None and hi is not None and self.lo <= value <= hi:
            return value
        return None


#: The tables of a variant file, in the order a file writes them, each with a line of help;
#: the ones after ``runs`` add piles to the table when they are there at all.
SECTIONS: dict[str, str] = {
    "": "the top of the file: what the variant is called, and how it is won",
    "deck": "the cards",
    "layout": "the columns and what they are dealt",
    "stock": "the cards left after the deal, and how they are dealt",
    "moves": "what goes onto what, and what can be picked up",
    "runs": "complete runs and where they go",
    "cells": "free cells (leave the table out for none)",
    "reserves": "piles dealt at the start whose last card may be played, nothing going on "
                "them (leave the table out for none)",
    "waste": "the stock is turned onto a waste pile whose top card plays (leave the table "
             "out for a stock dealt onto the columns)",
    "foundations": "foundations built one card at a time: one table, or `[[foundations]]` "
                   "once per group (leave it out for none)",
}
#: Sections that may be left out (or are an array of tables: ``foundations``).
OPTIONAL_SECTIONS = ("cells", "reserves", "waste", "foundations")

_RANK_TEXT = "A = 1, 2 to 10 as they are, J = 11, Q = 12, K = 13"
_PHRASE_HELP = ("a phrase: a rank relation (" + ", ".join(RANK_RELATIONS) + ") and/or a suit "
                "relation (" + ", ".join(SUIT_RELATIONS) + "), or a list of phrases")

FIELDS: tuple[FieldSpec, ...] = (
    # the top of the file
    FieldSpec("format", "choice", VARIANT_FORMAT, "the file's format", VARIANT_FORMAT,
              choices={VARIANT_FORMAT: "this format"}),
    FieldSpec("id", "id", REQUIRED, "the variant's id, typed on command lines: letters, digits, "
              "-, _ and ., starting with a letter or digit", "my-spider", hi=MAX_ID,
              field="id"),
    FieldSpec("name", "text", None, "the name shown in the menu", "My Spider", hi=MAX_NAME,
              default_text="the id", field="name"),
    FieldSpec("description", "lines", "", "a line or two shown beside the name",
              "Two-suit Spider on twelve columns.", field="description"),
    FieldSpec("scoring", "text", "classic", "the scoring scheme played unless the player picks "
              "another: classic, solitaire-city, built, none, or a plugin's", "classic",
              field="scoring"),
    FieldSpec("win", "choice", "runs", "how the game is won: runs (remove the runs "
              "runs.to_win asks for), foundations (every card on the foundations), columns "
              "(every column that is not empty one complete run; stock, cells, reserves and "
              "waste empty)", "foundations", choices=WIN_RULES, field="win"),
    FieldSpec("rules", "lines", "", "the rules in a few paragraphs, for the help screen "
              "(plain text, never markup)", "Build runs of one suit from King to Ace...",
              field="rules_text"),
    # [deck]
    FieldSpec("deck.sets", "sets", REQUIRED, "Ace-to-King sets in the deck, spread evenly over "
              "deck.suits; or a table of sets per suit", {"S": 5, "H": 3}, lo=1, hi=MAX_SETS,
              field="deck"),
    FieldSpec("deck.suits", "suits", ["S", "H", "D", "C"], "the suits of the deck, each once: S "
              "spades, H hearts, D diamonds, C clubs", ["S", "H"], field="deck"),
    FieldSpec("deck.shuffle", "choice", "together", "together, or separate: each deck shuffled "
              "alone and the decks stacked (Microbe)", "separate", choices=SHUFFLES,
              field="shuffle"),
    # [layout]
    FieldSpec("layout.columns", "int", REQUIRED, "the number of columns", 12, lo=1,
              hi=MAX_COLUMNS, field="layout"),
    FieldSpec("layout.down", "per-column", 0, "face-down cards dealt to each column", [5, 5, 4],
              lo=0, hi=MAX_COLUMN_CARDS, field="layout"),
    FieldSpec("layout.up", "per-column", 1, "face-up cards dealt to each column, on the "
              "face-down ones", 1, lo=0, hi=MAX_COLUMN_CARDS, field="layout"),
    FieldSpec("layout.faces", "faces", None, "instead of down and up: each column's cards bottom "
              "first, d down and u up (a face-up card under a face-down one: Trillium); one "
              "string for every column, or a list", "dudu", default_text="down and up",
              field="faces"),
    FieldSpec("layout.all_face_up", "bool", False, "every card is dealt face up", True,
              field="all_face_up"),
    # [stock]
    FieldSpec("stock.cards", "int", None, "the cards left in the stock, checked against the deck "
              "minus what is dealt", 50, lo=0, hi=MAX_CARDS,
              default_text="the deck minus what is dealt"),
    FieldSpec("stock.deal", "int", None, "cards one deal puts out, onto columns 1, 2, ...", 10,
              lo=1, hi=MAX_COLUMNS, hi_text="the number of columns",
              wrong="must be a whole number from {lo} to the {hi} columns",
              default_text="one per column", field="deal_size"),
    FieldSpec("stock.needs_full_columns", "bool", True, "no deal while a column is empty",
              False, field="deal_needs_full"),
    FieldSpec("stock.skip", "choice", "none", "the columns a deal passes over: none, empty, or "
              "king-runs (a column ending in a liftable run headed by a King: Fechter's Game)",
              "empty", choices=DEAL_SKIPS, field="deal_skip"),
    FieldSpec("stock.rows", "int", 1, "rows of cards one deal puts on the columns", 4, lo=1,
              hi=MAX_ROWS, field="deal_rows"),
    FieldSpec("stock.player_deals", "bool", True, "false: the player never deals (the stock "
              "only refills emptied columns)", False, field="player_deals"),
    FieldSpec("stock.refill", "int", 0, "an emptied column at once gets this many stock cards, "
              "face up (Chelicera)", 3, lo=0, hi=MAX_ROWS, field="refill"),
    # [moves]
    FieldSpec("moves.place", "phrase", "any-suit", "what goes onto what: " + _PHRASE_HELP
              + " (a card goes on another if one allows it)", ["same-rank", "down same-suit"],
              field="place"),
    FieldSpec("moves.lift", "lift", "same-suit", "what can be picked up: a phrase each card of "
              "a run follows, a list (a run lifts if one phrase covers all of it), any (any "
              "face-up card with every card on it: Scorpion) or single (one card at a time)",
              "any", choices=LIFT_SPECIAL, field="lift"),
    FieldSpec("moves.empty", "choice", "any", "what may fill an empty column: any card, or a "
              "card or run headed by a king or an ace, or none", "king", choices=EMPTY_RULES,
              field="empty"),
    FieldSpec("moves.wrap", "bool", False, "ranks wrap: a King goes onto an Ace (building "
              "down)", True, field="wrap"),
    FieldSpec("moves.max_lift", "int", None, "the most cards one move carries: a number, or "
              "free-cells: (empty free cells + 1) x 2^(empty columns, not counting an empty "
              "target)", "free-cells", lo=1, hi=MAX_PILE_CARDS, words={"free-cells": -1},
              wrong='must be a number of cards from {lo} to {hi}, or "free-cells" (as many as '
                    'free cells and empty columns allow)',
              default_text="any number", field="max_lift"),
    # [runs]
    FieldSpec("runs.complete", "choice", "same-suit", "what a complete run is: same-suit, "
              "any-suit (any liftable run), same-colour, alternate-colour, other-suit (no card "
              "of the suit of the one before)", "alternate-colour",
              choices=COMPLETE_RULES, aliases=SUIT_ALIASES, field="complete"),
    FieldSpec("runs.to_win", "int", None, "complete runs to remove to win (win = \"runs\")", 8,
              lo=1, hi=MAX_SETS, hi_text="the number of sets",
              wrong="must be a whole number from {lo} to the {hi} sets in the deck",
              default_text="every set", field="runs_to_win"),
    FieldSpec("runs.auto_remove", "bool", True, "complete runs leave by themselves (false: by "
              "the move N>f)", False, field="auto_remove"),
    FieldSpec("runs.leave", "bool", None, "false: complete runs stay on the table (a game of "
              "card-by-card foundations only)", False, field="runs_leave",
              default_text="true; false, and only false, when win = \"columns\""),
    FieldSpec("runs.order", "choice", "down", "down: a run goes King (13) to Ace (1); up: Ace to "
              "King (Daddy Longlegs)", "up", choices=RUN_ORDERS, field="run_order"),
    FieldSpec("runs.wrap", "bool", False, "any 13 cards in a row of one rank each, wrapping past "
              "the King (York)", True, field="run_wrap"),
    FieldSpec("runs.piles", "int", None, "how many complete runs the foundation takes; the rest "
              "stay on the table (Rouge et Noir: 4)", 4, lo=1, hi=MAX_SETS,
              default_text="every one", field="run_piles"),
    # [cells]
    FieldSpec("cells.count", "int", 1, "the number of free cells", 4, lo=1, hi=MAX_CELLS,
              field="cells"),
    FieldSpec("cells.capacity", "int", 1, "cards a cell holds (1: a free cell), or any: a tail "
              "holding any number, one card at a time, only the last played (Long Tail)",
              "any", lo=0, hi=MAX_PILE_CARDS, words={"any": 0},
              wrong='must be a whole number of cards (1 for a free cell) from {lo} to {hi}, or '
                    '"any"', field="cell_capacity"),
    FieldSpec("cells.dealt", "per-pile", 0, "cards dealt into each cell at the start", [1, 0],
              lo=0, hi=MAX_PILE_CARDS, hi_text="a cell's capacity", field="cells_dealt"),
    # [reserves]
    FieldSpec("reserves.count", "int", 1, "the number of reserves", 2, lo=1, hi=MAX_RESERVES,
              field="reserves"),
    FieldSpec("reserves.dealt", "per-pile", 1, "cards dealt to each reserve at the start", 13,
              lo=0, hi=MAX_PILE_CARDS, field="reserves_dealt"),
    # [waste]
    FieldSpec("waste.turn", "int", 1, "cards turned from the stock onto the waste at a time", 3,
              lo=1, hi=MAX_ROWS, field="waste_turn"),
    FieldSpec("waste.redeals", "int", 0, "times the waste may be turned back into the stock "
              f"(a number up to {MAX_REDEALS}), or unlimited: as often as the player likes",
              2, lo=0, hi=MAX_REDEALS, words={"unlimited": UNLIMITED_REDEALS},
              wrong='must be a whole number of redeals from {lo} to {hi}, or "unlimited" (as '
                    'often as the player likes)', field="redeals"),
    FieldSpec("waste.dealt", "int", 0, "cards turned onto the waste at the start", 1, lo=0,
              hi=MAX_PILE_CARDS, field="waste_dealt"),
    # [[foundations]]
    FieldSpec("foundations.count", "int", None, "foundations in the group", 4, lo=1,
              hi=MAX_FOUNDATIONS, default_text="one per set", field="foundation_groups"),
    FieldSpec("foundations.base", "rank", "A", f"the rank of each pile's first card ({_RANK_TEXT}:"
              " a letter or a number)", "K", lo=1, hi=13, field="foundation_groups"),
    FieldSpec("foundations.direction", "choice", "up", "up or down, one rank at a time", "down",
              choices=DIRECTIONS, field="foundation_groups"),
    FieldSpec("foundations.suit", "choice", "same-suit", "what a card must be to go on the one "
              "before: same-suit, alternate-colour, same-colour, any-suit, other-suit (any suit "
              "but its own)", "alternate-colour",
              choices=SUIT_RELATIONS, aliases=SUIT_ALIASES, field="foundation_groups"),
    FieldSpec("foundations.wrap", "bool", False, "build on past the King to the Ace (or down "
              "past the Ace to the King)", True, field="foundation_groups"),
    FieldSpec("foundations.take_back", "bool", False, "a foundation's top card may be played "
              "back", True, field="foundation_groups"),
    FieldSpec("foundations.suits", "suits", None, "the suit of each pile's first card, in turn",
              ["S", "H", "D", "C"], default_text="any suit", field="foundation_groups"),
    FieldSpec("foundations.dealt", "int", 0, "cards each pile of the group is dealt at the "
              "start, taken out of the shuffled deck before the rest is dealt: its base card (1: "
              "the Aces of San Juan Hill), then the cards it takes next; each the first the deck "
              "has left in its order (spades, hearts, diamonds, clubs; set by set)", 1, lo=0,
              hi=13, field="foundation_groups"),
)

#: The specs by path (``"layout.columns"``).
SPECS: dict[str, FieldSpec] = {s.path: s for s in FIELDS}


def keys_of(section: str) -> dict[str, FieldSpec]:
    """The keys of ``section`` (``""``: the top of the file) and their specs, in order."""
    return {s.key: s for s in FIELDS if s.section == section}


_TOP_KEYS = set(keys_of("")) | set(SECTIONS) - {""}
_SECTION_KEYS = {sec: set(keys_of(sec)) for sec in SECTIONS if sec and sec != "foundations"}
_FOUNDATION_KEYS = set(keys_of("foundations"))


# --------------------------------------------------------------------- ids and texts


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


# --------------------------------------------------------------------- the reader


def _choice(section: Mapping[str, Any], spec: FieldSpec, problems: list[tuple[str, str]],
            where: str | None = None) -> str:
    """A word of ``spec.choices`` (or an alias of one); the default, with a problem, if not."""
    value = section.get(spec.key, spec.default)
    if isinstance(value, str):
        value = spec.aliases.get(value, value)
    if not isinstance(value, str) or value not in spec.choices:
        problems.append((where or spec.path, f"{quoted(value)} is not one of "
                                             f"{', '.join(spec.choices)}"
                                             + did_you_mean(value, spec.choices)))
        return spec.default
    return value


def _count(section: Mapping[str, Any], spec: FieldSpec, problems: list[tuple[str, str]],
           hi: int | None = None, where: str | None = None) -> int:
    """A number (or a word standing for one) within ``spec``'s limits (``hi``: as the file
    lowers them); the default, with a problem, if not."""
    value = spec.number(section.get(spec.key, spec.default), hi)
    if value is None:
        problems.append((where or spec.path, spec.refusal(hi)))
        return spec.default
    return value


def _flag(section: Mapping[str, Any], spec: FieldSpec, problems: list[tuple[str, str]],
          where: str | None = None) -> bool:
    value = section.get(spec.key, spec.default)
    if not isinstance(value, bool):
        problems.append((where or spec.path, spec.refusal()))
        return spec.default
    return value


def _per_column(value: Any, spec: FieldSpec, n: int | None,
                problems: list[tuple[str, str]]) -> list[int]:
    """One count per column; ``n`` is ``None`` when the number of columns is itself wrong."""
    path, lo, hi = spec.path, spec.lo, spec.hi
    size = n if n is not None else 1
    if whole(value):
        value = [value] * size
    if not isinstance(value, list) or not all(whole(v) for v in value):
        problems.append((path, "must be a whole number or a list of them, one per column"))
        return [0] * size
    if n is not None and len(value) != n:
        problems.append((path, f"has {len(value)} entries but there are {n} columns"))
        return (list(value) + [0] * n)[:n]
    if any(v < lo for v in value):
        problems.append((path, "cannot be negative"))
        return [max(lo, v) for v in value]
    if any(v > hi for v in value):
        problems.append((path, f"at most {hi} cards (the largest deck) go to a column"))
        return [min(v, hi) for v in value]
    return list(value)


def _per_pile(value: Any, n: int, spec: FieldSpec, hi: int,
              problems: list[tuple[str, str]]) -> tuple[int, ...]:
    """Cards dealt to each of ``n`` piles: one number for all, or a list of ``n``."""
    if whole(value):
        value = [value] * n
    if (not isinstance(value, list) or len(value) != n
            or not all(whole(v) and spec.bounds[0] <= v <= hi for v in value)):
        problems.append((spec.path, f"must be a whole number from {spec.lo} to {hi}, or a "
                                    f"list of {n}"))
        return (0,) * n
    return tuple(value)


def _phrase_field(section: Mapping[str, Any], spec: FieldSpec,
                  problems: list[tuple[str, str]]) -> str | tuple[str, ...]:
    """A building or lifting rule: a phrase, a list of phrases, or one of ``spec.choices``."""
    value = section.get(spec.key, spec.default)
    if spec.choices and isinstance(value, str) and value in spec.choices:
        return value
    try:
        _build.phrases(value)
    except ValueError as e:
        problems.append((spec.path, str(e)))
        return spec.default
    return tuple(value) if isinstance(value, list) else value


def _faces(value: Any, n: int | None, problems: list[tuple[str, str]]) -> tuple[str, ...]:
    """``layout.faces``: one string of ``d``/``u`` for every column, or a list of them; ``n``
    is ``None`` when the number of columns is itself wrong (the strings are still checked)."""
    path = SPECS["layout.faces"].path
    items = [value] * (n if n is not None else 1) if isinstance(value, str) else value
    if (not isinstance(items, list) or (n is not None and len(items) != n)
            or not all(isinstance(f, str) and f and set(f) <= {"d", "u"} for f in items)):
        many = f"a list of {n} such strings" if n is not None else "a list of such strings"
        problems.append((path, f"must be a string of d (down) and u (up) for each card, "
                               f"bottom first, or {many}"))
        return ()
    if any(f[-1] != "u" for f in items):
        problems.append((path, "the last card of every column must be face up (u)"))
        return ()
    return tuple(items)


def _dealt_to(out: Mapping[str, Any]) -> str:
    """What the cards dealt at the start go to, for a message."""
    extra = [what for what, dealt in (
        ("free cells", out.get("cells_dealt")), ("reserves", out.get("reserves_dealt")),
        ("foundations", any(g.dealt for g in out.get("foundation_groups", ()))),
        ("the waste", out.get("waste_dealt"))) if dealt]
    return "columns" if not extra else "columns, " + ", ".join(extra)


def parse_rank(value: Any) -> int:
    """``"A"``, ``"K"``, ``"10"``, ``7``... to a rank (1-13); :class:`ValueError` otherwise."""
    lo, hi = SPECS["foundations.base"].bounds
    if whole(value) and lo <= value <= hi:
        return value
    if isinstance(value, str):
        t = value.strip().upper()
        if t == "10":
            t = "T"
        if len(t) == 1 and t in RANKS:
            return RANKS.index(t) + 1
    raise ValueError(f"{_build.shown_value(value)} is not a rank (A 2-9 10 J Q K)")


def parse_foundations(value: Any, default_count: int, problems: list[tuple[str, str]]
                      ) -> tuple[FoundationGroup, ...]:
    """``[foundations]`` (one table) or ``[[foundations]]`` (several groups)."""
    spec = keys_of("foundations")
    groups = value if isinstance(value, list) else [value]
    out = []
    for gi, g in enumerate(groups):
        where = "foundations" if not isinstance(value, list) else f"foundations[{gi}]"
        if not isinstance(g, Mapping):
            problems.append((where, "must be a table such as { count = 4, base = \"A\" }"))
            continue
        for key in g:
            if key not in _FOUNDATION_KEYS:
                problems.append((f"{where}.{shown_key(key)}",
                                 "unknown key" + did_you_mean(key, _FOUNDATION_KEYS)))
        count = spec["count"].number(g.get("count", default_count))
        if count is None:
            problems.append((f"{where}.count", spec["count"].refusal()))
            raw = g.get("count")
            lo, hi = spec["count"].bounds
            count = max(lo, min(hi, raw)) if whole(raw) else 1
        try:
            base = parse_rank(g.get("base", spec["base"].default))
        except ValueError as e:
            problems.append((f"{where}.base", str(e)))
            base = ACE
        direction = g.get("direction", spec["direction"].default)
        if not isinstance(direction, str) or direction not in DIRECTIONS:
            problems.append((f"{where}.direction", "must be \"up\" or \"down\""))
            direction = spec["direction"].default
        suit = _choice(g, spec["suit"], problems, f"{where}.suit")
        dealt = _count(g, spec["dealt"], problems, where=f"{where}.dealt")
        flags = {key: _flag(g, spec[key], problems, f"{where}.{key}")
                 for key in ("wrap", "take_back")}
        suits: list[int] = []
        if "suits" in g:
            letters = g["suits"]
            try:
                if not isinstance(letters, list) or not letters:
                    raise ValueError("empty")
                suits = [parse_suit(v) if isinstance(v, str) else -1 for v in letters]
                if -1 in suits:
                    raise ValueError("not a letter")
            except ValueError:
                problems.append((f"{where}.suits", "must be a list of suit letters, the first "
                                                   "card's suit of each pile in turn, e.g. "
                                                   "[\"S\", \"H\", \"D\", \"C\"]"))
                suits = []
        out.append(FoundationGroup(count, base, direction == "up", suit, suits=tuple(suits),
                                   dealt=dealt, **flags))
    return tuple(out)


def _home_problem(value: Any, groups: tuple[FoundationGroup, ...], deck: tuple[int, ...],
                  problems: list[tuple[str, str]]) -> None:
    """The cards ``foundations.dealt`` deals must be in the deck: a problem naming the group
    whose pile the deck has none left for."""
    if not deck or not any(g.dealt for g in groups):
        return
    piles = [g.pile(j) for g in groups for j in range(g.count)]
    try:
        _foundations.dealt_home(deck_cards(deck), piles)
    except ValueError as e:
        j, why = e.args
        gi = 0
        while j >= groups[gi].count:
            j -= groups[gi].count
            gi += 1
        where = "foundations" if not isinstance(value, list) else f"foundations[{gi}]"
        problems.append((f"{where}.dealt", why))


def _parse_family(data: Mapping[str, Any], sections: Mapping[str, Mapping[str, Any]],
                  out: dict[str, Any], problems: list[tuple[str, str]], ncols: int | None,
                  sets: int) -> int:
    """The parts of a variant beyond Spider's table (free cells, reserves, foundations built
    card by card, a waste, deal and win rules), into ``out``; returns how many cards they are
    dealt at the start."""
    S = SPECS
    dealt = 0
    deck = sections["deck"]
    if "shuffle" in deck:
        out["shuffle"] = _choice(deck, S["deck.shuffle"], problems)
    cells = sections["cells"]
    if cells:
        n = out["cells"] = _count(cells, S["cells.count"], problems)
        cap = out["cell_capacity"] = _count(cells, S["cells.capacity"], problems)
        if "dealt" in cells:
            out["cells_dealt"] = _per_pile(cells["dealt"], n, S["cells.dealt"],
                                           cap or S["cells.dealt"].bounds[1], problems)
            dealt += sum(out["cells_dealt"])
    reserves = sections["reserves"]
    if reserves:
        n = out["reserves"] = _count(reserves, S["reserves.count"], problems)
        spec = S["reserves.dealt"]
        out["reserves_dealt"] = _per_pile(reserves.get("dealt", spec.default), n, spec,
                                          spec.bounds[1], problems)
        dealt += sum(out["reserves_dealt"])
    if "foundations" in data:
        groups = out["foundation_groups"] = parse_foundations(data["foundations"], sets, problems)
        total = sum(g.count for g in groups)
        if total > MAX_FOUNDATIONS:
            problems.append(("foundations", f"{total} foundations in all: at most "
                                            f"{MAX_FOUNDATIONS} (one per set of the largest "
                                            f"deck holds every card)"))
        else:
            _home_problem(data["foundations"], groups, out.get("deck", ()), problems)
        dealt += sum(g.dealt * g.count for g in groups)
    waste = sections["waste"]
    if "waste" in data:
        out["deal_to"] = "waste"
        out["waste_turn"] = _count(waste, S["waste.turn"], problems)
        out["redeals"] = _count(waste, S["waste.redeals"], problems)
        out["waste_dealt"] = _count(waste, S["waste.dealt"], problems)
        dealt += out["waste_dealt"]
    st = sections["stock"]
    if "skip" in st:
        out["deal_skip"] = _choice(st, S["stock.skip"], problems)
    if "rows" in st:
        out["deal_rows"] = _count(st, S["stock.rows"], problems)
    if "player_deals" in st:
        out["player_deals"] = _flag(st, S["stock.player_deals"], problems)
    if "refill" in st:
        out["refill"] = _count(st, S["stock.refill"], problems)
    mv = sections["moves"]
    if "wrap" in mv:
        out["wrap"] = _flag(mv, S["moves.wrap"], problems)
    if "max_lift" in mv:
        max_lift = _count(mv, S["moves.max_lift"], problems)
        if max_lift is not None:
            out["max_lift"] = max_lift
    runs = sections["runs"]
    if "leave" in runs:
        out["runs_leave"] = _flag(runs, S["runs.leave"], problems) is not False
    if "order" in runs:
        out["run_order"] = _choice(runs, S["runs.order"], problems)
    if "wrap" in runs:
        out["run_wrap"] = _flag(runs, S["runs.wrap"], problems)
    if "piles" in runs:
        piles = _count(runs, S["runs.piles"], problems)
        out["run_piles"] = piles if piles is not None else 0
    if "win" in data:
        out["win"] = _choice(data, S["win"], problems)
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


def data_problems(deck: Any, layout: Any, deal_size: Any) -> list[tuple[str, str]]:
    """What is wrong with a rule set's counts, however it was made (``RuleSet.__post_init__``)."""
    problems: list[tuple[str, str]] = []
    if not isinstance(deck, (tuple, list)) or not all(whole(s) and 0 <= s < 4 for s in deck):
        problems.append(("deck", "must be a tuple of suits 0-3, one per set"))
    elif len(deck) > MAX_SETS:
        problems.append(("deck", f"{len(deck)} sets is more than the {MAX_SETS} a deck may "
                                 f"have"))
    if not isinstance(layout, (tuple, list)) or not all(
            isinstance(c, (tuple, list)) and len(c) == 2
            and all(whole(v) and 0 <= v <= MAX_COLUMN_CARDS for v in c) for c in layout):
        problems.append(("layout", f"must be a tuple of (face_down, face_up) pairs, each from 0 "
                                   f"to {MAX_COLUMN_CARDS}"))
    elif not whole(deal_size) or not 0 <= deal_size <= len(layout):
        problems.append(("deal_size", f"{quoted(deal_size)} is not a number of cards from 0 "
                                      f"(one per column) to the {len(layout)} columns"))
    return problems


def parse_variant_dict(data: Mapping[str, Any], problems: list[tuple[str, str]]) -> dict[str, Any]:
    """Check a variant declaration, appending ``(key, message)`` for each problem; return the
    :class:`RuleSet` fields it describes (best effort when there are problems). Any value of
    any type in any key is a problem named with its key, never an exception."""
    S = SPECS
    if not isinstance(data, Mapping):
        problems.append(("", "a variant must be a TOML table"))
        return {}
    for key in data:
        if key not in _TOP_KEYS:
            problems.append((shown_key(key), "unknown key" + did_you_mean(key, _TOP_KEYS)))
    fmt = data.get("format", S["format"].default)
    if not isinstance(fmt, str) or fmt not in S["format"].choices:
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
    why = text_problem(name, lines=False, longest=S["name"].hi)
    if why is not None:
        problems.append(("name", why))
        name = vid
    out["name"] = name
    for key in ("description", "rules", "scoring"):
        spec = S[key]
        if key in data:
            why = text_problem(data[key], lines=spec.type == "lines", longest=spec.hi)
            if why is not None:
                problems.append((key, why))
            else:
                out[spec.field] = data[key]

    sections: dict[str, Mapping[str, Any]] = {}
    for sec, allowed in _SECTION_KEYS.items():
        value = data.get(sec, {})
        if not isinstance(value, Mapping):
            problems.append((sec, f"must be a table ([{sec}])"))
            value = {}
        for key in value:
            if key not in allowed:
                problems.append((f"{sec}.{shown_key(key)}",
                                 "unknown key" + did_you_mean(key, allowed)))
        sections[sec] = value

    # deck
    deck_sec = sections["deck"]
    sets_spec = S["deck.sets"]
    sets_lo, sets_hi = sets_spec.bounds
    deck: list[int] = []
    sets = deck_sec.get("sets")
    suits_value = deck_sec.get("suits", "".join(S["deck.suits"].default))
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
            if not whole(count) or count < sets_lo:
                problems.append((where, "must be a positive whole number"))
            elif len(deck) + count > sets_hi:
                problems.append((where, f"{quoted(count)} sets make more than the "
                                        f"{sets_spec.hi} a deck may have"))
            else:
                deck.extend([s] * count)
        deck.sort(key=lambda s: s)
    elif whole(sets):
        if sets < sets_lo:
            problems.append(("deck.sets", f"must be at least {sets_spec.lo}"))
        elif sets > sets_hi:
            problems.append(("deck.sets", f"{quoted(sets)} sets is more than the "
                                          f"{sets_spec.hi} a deck may have"))
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
    columns = S["layout.columns"]
    columns_lo, columns_hi = columns.bounds
    ncols: int | None = lay.get("columns")
    if not whole(ncols) or ncols < columns_lo:
        problems.append(("layout.columns", "missing or not a positive whole number"))
        ncols = None
    elif ncols > columns_hi:
        problems.append(("layout.columns", f"{quoted(ncols)} columns is more than the "
                                           f"{columns.hi} supported"))
        ncols = None
    down = _per_column(lay.get("down", S["layout.down"].default), S["layout.down"], ncols,
                       problems)
    up = _per_column(lay.get("up", S["layout.up"].default), S["layout.up"], ncols, problems)
    if any(d > 0 and u == 0 for d, u in zip(down, up)):
        problems.append(("layout.up", "a column with face-down cards needs at least one face-up "
                                      "card on top"))
    if "all_face_up" in lay:
        out["all_face_up"] = _flag(lay, S["layout.all_face_up"], problems)
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
        cards = _count(st, S["stock.cards"], problems)
        if cards is not None and deck and cards != stock:
            problems.append(("layout", f"{_dealt_to(out)} need {tableau} cards but the deck "
                                       f"minus the stock leaves {deck_size - cards} (deck "
                                       f"{deck_size}, stock.cards {cards})"))
    elif deck and stock < 0:
        problems.append(("layout", f"{_dealt_to(out)} need {tableau} cards but the deck has only "
                                   f"{deck_size}"))
    most = ncols if ncols is not None else columns.hi
    if "deal" in st:
        deal = _count(st, S["stock.deal"], problems, hi=most)
        if deal is not None:
            out["deal_size"] = deal if deal != most else 0
    if "needs_full_columns" in st:
        out["deal_needs_full"] = _flag(st, S["stock.needs_full_columns"], problems)

    mv = sections["moves"]
    out["place"] = _phrase_field(mv, S["moves.place"], problems)
    out["lift"] = _phrase_field(mv, S["moves.lift"], problems)
    out["empty"] = _choice(mv, S["moves.empty"], problems)

    runs = sections["runs"]
    out["complete"] = _choice(runs, S["runs.complete"], problems)
    if "to_win" in runs:
        to_win = _count(runs, S["runs.to_win"], problems, hi=len(deck) if deck else None)
        if to_win is not None:
            out["runs_to_win"] = to_win if to_win != len(deck) else 0
    if "auto_remove" in runs:
        out["auto_remove"] = _flag(runs, S["runs.auto_remove"], problems)
    return out


# --------------------------------------------------------------------- the table, written out


def toml_value(value: Any) -> str:
    """``value`` as TOML writes it (inline)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


def values_text(spec: FieldSpec) -> str:
    """What ``spec``'s key may hold, in a few words (its limits and choices)."""
    hi = f"{spec.hi_text} (at most {spec.hi})" if spec.hi_text else str(spec.hi)
    words = " or ".join(toml_value(w) for w in spec.words)
    choices = ", ".join(toml_value(c) for c in spec.choices)
    aliases = ", ".join(f"{toml_value(a)} for {toml_value(c)}" for a, c in spec.aliases.items()
                        if "color" not in a and a != "alternate-colours")
    text = {
        "int": f"a whole number from {spec.lo} to {hi}" + (f", or {words}" if words else ""),
        "bool": "true or false",
        "choice": f"one of {choices}" + (f" ({aliases})" if aliases else ""),
        "text": "one line of plain text" + (f", at most {spec.hi} characters" if spec.hi
                                            else ""),
        "lines": "plain text (line breaks allowed)",
        "id": f"letters, digits, -, _ and ., at most {spec.hi} characters",
        "phrase": "a phrase, or a list of phrases",
        "lift": f"a phrase, a list of phrases, or {choices}",
        "per-column": f"a whole number from {spec.lo} to {hi}, or a list of them, one per "
                      f"column",
        "per-pile": f"a whole number from {spec.lo} to {hi}, or a list of them, one per "
                    f"{spec.section.rstrip('s')}",
        "faces": "a string of d and u, or a list of them, one per column",
        "suits": "a list of suit letters: S, H, D, C",
        "sets": f"a whole number from {spec.lo} to {hi}, or a table of them by suit letter "
                f"({spec.hi} sets in all at most)",
        "rank": f"a rank: A, 2 to 10, J, Q, K, or its number from {spec.lo} (Ace) to {spec.hi} "
                f"(King)",
    }[spec.type]
    return text


def default_text(spec: FieldSpec) -> str:
    """``spec``'s default as the docs and the template say it."""
    if spec.required:
        return "required"
    if spec.default is None:
        return spec.default_text
    return toml_value(spec.default)


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def _section_title(sec: str) -> str:
    if not sec:
        return SECTIONS[""][0].upper() + SECTIONS[""][1:]
    title = "`[[foundations]]`" if sec == "foundations" else f"`[{sec}]`"
    return f"{title}: {SECTIONS[sec]}"


#: The lines around the docs' key reference (docs/plugins.md).
DOCS_BEGIN = ("<!-- variant keys: begin. Generated from FIELDS in spider_tui/engine/schema.py "
              "by `python scripts/variant_keys.py`: edit the table there, not here. -->")
DOCS_END = "<!-- variant keys: end -->"


def docs_section() -> str:
    """The key reference of docs/plugins.md (markdown, between :data:`DOCS_BEGIN` and
    :data:`DOCS_END`), made from :data:`FIELDS`."""
    required = [s for s in FIELDS if s.required]
    lines = [
        "Only " + ", ".join(f"`{s.path}`" for s in required) + " are required; every other key "
        "has its default (Spider's rules) when it is left out. Ranks are numbered Ace = 1 to "
        "King = 13 (" + _RANK_TEXT + ").",
    ]
    for sec in SECTIONS:
        lines += ["", f"#### {_section_title(sec)}", "",
                  "| key | values | default | meaning | example |",
                  "| --- | --- | --- | --- | --- |"]
        for spec in keys_of(sec).values():
            default = default_text(spec)
            lines.append(
                f"| `{spec.key}` | {_md(values_text(spec))} | "
                f"{_md(default if spec.default is None or spec.required else f'`{default}`')} | "
                f"{_md(spec.help)} | `{_md(toml_value(spec.example))}` |")
    lines += [
        "",
        "A **phrase** names a rank relation and a suit relation, as the card placed (or lying "
        "on top) relates to the card under it: rank " + ", ".join(
            f"`{r}` ({what})" for r, what in RANK_RELATIONS.items()) + "; suit " + ", ".join(
            f"`{s}` ({what}" + "".join(f"; or `{a}`" for a, c in SUIT_ALIASES.items()
                                      if c == s and "color" not in a
                                      and a != "alternate-colours") + ")"
            for s, what in SUIT_RELATIONS.items()) + ". The rank relation is "
        "`down` and the suit relation `any-suit` unless said. So `\"same-suit\"` is Spider "
        "building down in suit, `\"up same-suit\"` builds up, `[\"same-rank\", \"down "
        "same-suit\"]` is Curds and Whey, `\"lower same-suit\"` Autumn Leaves, "
        "`\"other-suit\"` Indian (any suit but the card's own).",
        "",
        limits_text() + " Every TOML file spider-tui reads may hold at most "
        f"{_tomltext.MAX_BYTES // 1024} KiB, no key of more than {_tomltext.MAX_KEY_PARTS} "
        f"dotted parts and no arrays or inline tables nested more than {_tomltext.MAX_DEPTH} "
        f"deep.",
    ]
    return "\n".join(lines) + "\n"


def limits_text() -> str:
    """The limits of a variant file's counts, its id and its name, in a paragraph read from
    the constants above: the docs' key reference ends with it and README.md says it (both
    written by ``python scripts/variant_keys.py``)."""
    return (
        f"Counts are bounded to what a game can use: at most {MAX_SETS} sets (the Spider family "
        f"goes up to 16), so a deck of at most {MAX_CARDS} cards; {_range('layout.columns')} "
        f"columns, each dealt {_range('layout.down')} cards; {_range('cells.count')} free "
        f"cells and {_range('reserves.count')} reserves; {MAX_FOUNDATIONS} foundations in all "
        f"(over every `[[foundations]]` group); {MAX_PILE_CARDS} cards at most in a cell, "
        f"dealt to a reserve or the waste, or carried by one move; so that the biggest table a "
        f"file can make still fits the screen's piles and writes a position every command "
        f"reads back. An id has at most {MAX_ID} characters and a name at most {MAX_NAME}.")


def _range(path: str) -> str:
    lo, hi = SPECS[path].bounds
    return f"{lo} to {hi}"


def replace_docs_section(text: str) -> str:
    """``text`` (docs/plugins.md) with its key reference replaced by :func:`docs_section`."""
    start = text.find(DOCS_BEGIN[:DOCS_BEGIN.index(".")])
    end = text.find(DOCS_END, max(start, 0))
    if start < 0 or end < 0:
        raise ValueError(f"the text has no {DOCS_BEGIN!r} ... {DOCS_END!r} lines to write "
                         f"the variant keys between")
    return text[:start] + DOCS_BEGIN + "\n" + docs_section() + text[end:]


def _template_line(spec: FieldSpec, value: Any, live: bool) -> list[str]:
    note = spec.help
    if not spec.required and spec.default is None and not live:
        note += f" (left out: {spec.default_text})"
    if spec.path == "rules" and live:
        return [f"# {note}", 'rules = """\n' + str(value).strip().replace('"""', '\\"\\"\\"')
                + '\n"""']
    line = f"{spec.key} = {toml_value(value)}"
    return [(line if live else "# " + line) + f"  # {note}"]


def variant_template(data: Mapping[str, Any]) -> str:
    """A variant file for ``data`` (a variant's keys, by table: what
    :func:`~spider_tui.plugins.authoring.variant_data` gives) with every key of the table
    written out, each with its help: the keys ``data`` has as they are, the others commented
    out with their default (or, when the default depends on other keys, an example)."""

    def shown(spec: FieldSpec) -> Any:
        return spec.example if spec.default is None else spec.default

    lines = ["# A spider-tui variant. Check it with: spider-tui check-variant THIS-FILE",
             "# Every key is written out: a line starting with # is a key left at its default "
             "(remove the # to set it).",
             "# Every key is described in docs/plugins.md (section 1, \"Every key\")."]
    for spec in keys_of("").values():
        live = spec.key in data
        lines += _template_line(spec, data[spec.key] if live else shown(spec), live)
    for sec, about in SECTIONS.items():
        if not sec:
            continue
        specs = keys_of(sec).values()
        tables = data.get(sec)
        if sec == "foundations":
            groups = (tables if isinstance(tables, list) else [tables]) if tables else []
            header = "[[foundations]]"
        else:
            groups = [tables] if sec in data else []
            header = f"[{sec}]"
        if not groups:
            lines += ["", f"# {header}  # {about}"]
            lines += [line for spec in specs for line in _template_line(spec, shown(spec), False)]
            continue
        for group in groups:
            lines += ["", f"{header}  # {about}"]
            for spec in specs:
                live = spec.key in group
                lines += _template_line(spec, group[spec.key] if live else shown(spec), live)
    return "\n".join(lines) + "\n"
