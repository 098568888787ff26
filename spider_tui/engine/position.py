"""The position file (SPEC section 4): a TOML text that fully describes a table."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from .cards import SUITS, code, glyph, parse_card, parse_suit
from .catalog import Catalog
from .deal import MAX_DEAL
from .errors import PositionError, SpiderError
from .rules import RuleSet
from .state import State
from .text import quoted
from .tomltext import TomlRefused, loads

POSITION_FORMAT = "spider-position/1"
_KEYS = {"format", "variant", "house_rules", "deal", "completed", "stock", "columns"}


def _toml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _card_list(cards: Sequence[int], indent: str = "") -> str:
    if len(cards) <= 16:
        return "[" + ", ".join(f'"{code(c)}"' for c in cards) + "]"
    rows = [", ".join(f'"{code(c)}"' for c in cards[i:i + 13]) for i in range(0, len(cards), 13)]
    return "[\n" + "".join(f"{indent}    {r},\n" for r in rows) + f"{indent}]"


def write(rules: RuleSet, state: State, deal: int | None = None) -> str:
    """The position file text of ``state`` (a valid TOML document)."""
    lines = [
        f'format = "{POSITION_FORMAT}"',
        f"variant = {_toml_str(rules.id)}",
        "house_rules = [" + ", ".join(_toml_str(h) for h in rules.house_rules) + "]",
    ]
    if deal is not None:
        lines.append(f"deal = {deal}")
    lines.append("completed = [" + ", ".join(f'"{SUITS[s]}"' for s in state.done) + "]")
    lines.append("stock = " + _card_list(state.undealt()))
    for i, col in enumerate(state.cols):
        d = state.down[i]
        lines.append("")
        lines.append(f"[[columns]]  # column {i + 1}")
        lines.append("down = " + _card_list(col[:d]))
        lines.append("up = " + _card_list(col[d:]))
    return "\n".join(lines) + "\n"


@dataclass
class Parsed:
    rules: RuleSet
    state: State
    deal: int | None


def _cards(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise PositionError(f"{where} must be a list of card codes such as [\"KS\", \"QS\"]")
    out = []
    for i, v in enumerate(value):
        try:
            out.append(parse_card(v))
        except ValueError as e:
            raise PositionError(f"{where}[{i}]: {e}") from None
    return out


def read(text: str, catalog: Catalog) -> Parsed:
    """Parse and check a position file; :class:`PositionError` names what is wrong."""
    try:
        data = loads(text)
    except TomlRefused as e:
        raise PositionError(f"not read as a position file: {e}") from None
    for key in data:
        if key not in _KEYS:
            raise PositionError(f"unknown key {quoted(key)} (a position has: "
                                f"{', '.join(sorted(_KEYS))})")
    fmt = data.get("format")
    if fmt is None:
        raise PositionError(f"not a position file: format = {_toml_str(POSITION_FORMAT)} "
                            f"is missing")
    if fmt != POSITION_FORMAT:
        raise PositionError(f"format must be {POSITION_FORMAT!r}, not {quoted(fmt)}")
    vid = data.get("variant")
    if not isinstance(vid, str):
        raise PositionError("variant is missing (e.g. variant = \"spider-4suit\")")
    hrs = data.get("house_rules", [])
    if not isinstance(hrs, list) or not all(isinstance(h, str) for h in hrs):
        raise PositionError("house_rules must be a list of house rule ids")
    try:
        rules = catalog.rules(vid, hrs)
    except SpiderError as e:
        raise PositionError(str(e)) from None
    deal = data.get("deal")
    if deal is not None and (not isinstance(deal, int) or isinstance(deal, bool)
                             or not 0 <= deal <= MAX_DEAL):
        raise PositionError(f"deal must be a whole number from 0 to {MAX_DEAL}, not "
                            f"{quoted(deal)}")

    completed_raw = data.get("completed", [])
    if not isinstance(completed_raw, list):
        raise PositionError("completed must be a list of suit letters such as [\"S\", \"H\"]")
    completed = []
    for i, s in enumerate(completed_raw):
        try:
            completed.append(parse_suit(s))
        except ValueError as e:
            raise PositionError(f"completed[{i}]: {e}") from None
    if len(completed) > rules.sets:
        raise PositionError(f"completed lists {len(completed)} runs but {rules.id} has only "
                            f"{rules.sets} sets")
    stock = _cards(data.get("stock", []), "stock")

    columns = data.get("columns", [])
    if not isinstance(columns, list) or not all(isinstance(c, dict) for c in columns):
        raise PositionError("columns must be an array of tables ([[columns]])")
    if len(columns) != rules.columns:
        raise PositionError(f"{rules.id} has {rules.columns} columns but the position has "
                            f"{len(columns)}")
    cols: list[list[int]] = []
    down: list[int] = []
    for i, col in enumerate(columns):
        for key in col:
            if key not in ("down", "up"):
                raise PositionError(f"column {i + 1}: unknown key {quoted(key)} (use down and up)")
        d = _cards(col.get("down", []), f"column {i + 1} down")
        u = _cards(col.get("up", []), f"column {i + 1} up")
        if d and not u:
            raise PositionError(f"column {i + 1} has face-down cards but no face-up card on top")
        cols.append(d + u)
        down.append(len(d))

    have: Counter[int] = Counter(stock)
    for c in cols:
        have.update(c)
    for s in completed:
        have.update(s * 13 + r for r in range(13))
    want = rules.deck_counts()
    # Cards foreign to the deck first, then extra copies, then missing ones: the first names
    # the likeliest mistake (a wrong variant, a typo), the last follow from it.
    problems: list[tuple[int, str]] = []
    for c in sorted(set(have) | set(want), key=lambda c: (c // 13, c % 13)):
        h, w = have.get(c, 0), want.get(c, 0)
        if h == w:
            continue
        if w == 0:
            problems.append((0, f"{glyph(c)} ({code(c)}) is not in the {rules.id} deck"))
        elif h > w:
            problems.append((1, f"{glyph(c)} ({code(c)}) appears {h} times but the {rules.id} "
                                f"deck has {w}"))
        else:
            problems.append((2, f"{glyph(c)} ({code(c)}) is missing: the position has {h} but "
                                f"the {rules.id} deck has {w}"))
    if problems:
        problems.sort(key=lambda p: p[0])
        more = f" (and {len(problems) - 3} more problems)" if len(problems) > 3 else ""
        raise PositionError("the cards are not the deck: "
                            + "; ".join(text for _, text in problems[:3]) + more)
    return Parsed(rules, State(rules, cols, down, stock, completed), deal)
