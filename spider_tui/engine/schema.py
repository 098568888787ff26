"""The variant file (``spider-variant/1``, TOML): its keys, what each may hold, its limits,
and the reader that turns a parsed file into :class:`~spider_tui.engine.rules.RuleSet` fields,
naming every problem with its key. Ids and the texts a player is shown are checked here for
files and plugins alike (:func:`id_problem`, :func:`text_problem`, :func:`label_problems`).
"""

from __future__ import annotations

import string
from typing import Any, Mapping

from . import build as _build
from .build import EMPTY_RULES, whole
from .cards import parse_suit
from .text import control_character, did_you_mean, quoted, short

VARIANT_FORMAT = "spider-variant/1"

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
    if whole(value):
        value = [value] * size
    if not isinstance(value, list) or not all(whole(v) for v in value):
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
    if not whole(value) or not lo <= value <= hi:
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
    if whole(value):
        value = [value] * n
    if (not isinstance(value, list) or len(value) != n
            or not all(whole(v) and 0 <= v <= hi for v in value)):
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
        if not whole(cap) or not 0 <= cap <= 104:
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
        elif whole(ml) and 1 <= ml <= 104:
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
            if not whole(count) or count < 1:
                problems.append((where, "must be a positive whole number"))
            elif len(deck) + count > MAX_SETS:
                problems.append((where, f"{quoted(count)} sets make more than the {MAX_SETS} a "
                                        f"deck may have"))
            else:
                deck.extend([s] * count)
        deck.sort(key=lambda s: s)
    elif whole(sets):
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
    if not whole(ncols) or ncols < 1:
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
        if not whole(cards) or not 0 <= cards <= MAX_COLUMN_CARDS:
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
        if not whole(st["deal"]) or not 1 <= st["deal"] <= most:
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
        if not whole(tw) or not 1 <= tw <= top:
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
