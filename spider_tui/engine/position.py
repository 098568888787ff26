"""The position file (docs/spec.md section 4): a TOML text that fully describes a table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import SUITS, code, glyph, parse_card, parse_suit
from .catalog import Catalog
from .deal import MAX_DEAL
from .errors import PositionError, SpiderError
from .piles import CELL_KIND, FOUNDATION_KIND, RESERVE_KIND, WASTE_KIND
from .rules import RuleSet
from .state import _KING_DOWN, State
from .text import quoted
from .tomltext import TomlRefused, loads

POSITION_FORMAT = "spider-position/1"
#: The format of a table with piles beyond columns (free cells, reserves, foundations built
#: card by card, a waste), face-up cards under face-down ones, or runs removed that are not a
#: King-to-Ace run of one suit. A reader reads both.
POSITION_FORMAT_2 = "spider-position/2"
_KEYS = {"format", "variant", "house_rules", "deal", "completed", "stock", "columns"}
_KEYS_2 = _KEYS | {"cells", "reserves", "foundations", "waste", "redeals"}
#: The piles of each kind a /2 position lists, by key.
_EXTRA_KEYS = (("cells", CELL_KIND), ("reserves", RESERVE_KIND), ("foundations", FOUNDATION_KIND))


def _toml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _card_list(cards: Sequence[int], indent: str = "") -> str:
    if len(cards) <= 16:
        return "[" + ", ".join(f'"{code(c)}"' for c in cards) + "]"
    rows = [", ".join(f'"{code(c)}"' for c in cards[i:i + 13]) for i in range(0, len(cards), 13)]
    return "[\n" + "".join(f"{indent}    {r},\n" for r in rows) + f"{indent}]"


def _needs_2(rules: RuleSet, state: State) -> bool:
    return (state.piles is not state.cols or state.shown is not None or state.redeals > 0
            or any(tuple(r) != _KING_DOWN[s] for s, r in zip(state.done, state.runs)))


def write(rules: RuleSet, state: State, deal: int | None = None) -> str:
    """The position file text of ``state`` (a valid TOML document): ``spider-position/1``
    when that can say it, ``spider-position/2`` otherwise."""
    v2 = _needs_2(rules, state)
    lines = [
        f'format = "{POSITION_FORMAT_2 if v2 else POSITION_FORMAT}"',
        f"variant = {_toml_str(rules.id)}",
        "house_rules = [" + ", ".join(_toml_str(h) for h in rules.house_rules) + "]",
    ]
    if deal is not None:
        lines.append(f"deal = {deal}")
    lines.append("completed = [" + ", ".join(
        f'"{SUITS[s]}"' if tuple(r) == _KING_DOWN[s] else _card_list(r)
        for s, r in zip(state.done, state.runs)) + "]")
    lines.append("stock = " + _card_list(state.undealt()))
    if v2:
        kinds = rules.pile_kinds
        for key, kind in _EXTRA_KEYS:
            piles = [state.piles[i] for i, k in enumerate(kinds) if k == kind]
            if piles:
                lines.append(f"{key} = [" + ", ".join(_card_list(p) for p in piles) + "]")
        if WASTE_KIND in kinds:
            lines.append("waste = " + _card_list(state.piles[kinds.index(WASTE_KIND)]))
            lines.append(f"redeals = {state.redeals}")
    for i, col in enumerate(state.cols):
        d = state.down[i]
        lines.append("")
        lines.append(f"[[columns]]  # column {i + 1}")
        lines.append("down = " + _card_list(col[:d]))
        lines.append("up = " + _card_list(col[d:]))
        if state.shown is not None and state.shown[i]:
            lines.append("shown = [" + ", ".join(str(j + 1) for j in sorted(state.shown[i]))
                         + "]  # these cards of down lie face up")
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
    fmt = data.get("format")
    if fmt is None:
        raise PositionError(f"not a position file: format = {_toml_str(POSITION_FORMAT)} "
                            f"is missing")
    if fmt not in (POSITION_FORMAT, POSITION_FORMAT_2):
        raise PositionError(f"format must be {POSITION_FORMAT!r} or {POSITION_FORMAT_2!r}, "
                            f"not {quoted(fmt)}")
    known = _KEYS if fmt == POSITION_FORMAT else _KEYS_2
    for key in data:
        if key not in known:
            raise PositionError(f"unknown key {quoted(key)} (a {fmt} position has: "
                                f"{', '.join(sorted(known))})")
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
    runs: list[tuple[int, ...]] = []
    for i, s in enumerate(completed_raw):
        if isinstance(s, list):  # the cards of a run that is not King to Ace of one suit
            run = tuple(_cards(s, f"completed[{i}]"))
            if not run:
                raise PositionError(f"completed[{i}] is an empty run")
            completed.append(run[0] // 13)
            runs.append(run)
            continue
        try:
            completed.append(parse_suit(s))
        except ValueError as e:
            raise PositionError(f"completed[{i}]: {e}") from None
        runs.append(_KING_DOWN[completed[-1]])
    if sum(len(r) for r in runs) > 13 * rules.sets:
        raise PositionError(f"completed lists {len(completed)} runs but {rules.id} has only "
                            f"{rules.sets} sets")
    _check_runs(rules, runs)
    stock = _cards(data.get("stock", []), "stock")
    extra = _extra_piles(data, rules)
    redeals = data.get("redeals", 0)
    most = _most_redeals(rules)
    if (not isinstance(redeals, int) or isinstance(redeals, bool)
            or not 0 <= redeals <= (redeals if most is None else most)):
        if most is None:
            raise PositionError("redeals must be a whole number, 0 or more (the times the "
                                "waste has been turned back)")
        raise PositionError(f"redeals must be a whole number from 0 to {most}" + (
            f" ({rules.id} turns its waste back at most {most} times)"
            if most < MAX_POSITION_REDEALS else ""))

    columns = data.get("columns", [])
    if not isinstance(columns, list) or not all(isinstance(c, dict) for c in columns):
        raise PositionError("columns must be an array of tables ([[columns]])")
    if len(columns) != rules.columns:
        raise PositionError(f"{rules.id} has {rules.columns} columns but the position has "
                            f"{len(columns)}")
    cols: list[list[int]] = []
    down: list[int] = []
    shown: list[list[int]] = []
    col_keys = ("down", "up") if fmt == POSITION_FORMAT else ("down", "up", "shown")
    for i, col in enumerate(columns):
        for key in col:
            if key not in col_keys:
                raise PositionError(f"column {i + 1}: unknown key {quoted(key)} (use "
                                    f"{' and '.join(col_keys)})")
        d = _cards(col.get("down", []), f"column {i + 1} down")
        u = _cards(col.get("up", []), f"column {i + 1} up")
        if d and not u:
            raise PositionError(f"column {i + 1} has face-down cards but no face-up card on top")
        marks = col.get("shown", [])
        if (not isinstance(marks, list) or not all(isinstance(j, int) and not isinstance(j, bool)
                                                   and 1 <= j <= len(d) for j in marks)):
            raise PositionError(f"column {i + 1}: shown must list positions in down (1 is its "
                                f"first card)")
        if d and len(d) in marks:
            # It lies under face-up cards, not under a face-down one: it is one of them.
            raise PositionError(f"column {i + 1}: the last card of down ({len(d)}) lies face "
                                f"up under face-up cards: write it in up instead of shown")
        cols.append(d + u)
        down.append(len(d))
        shown.append(sorted({j - 1 for j in marks}))

    have: Counter[int] = Counter(stock)
    for col in cols:
        have.update(col)
    for p in extra:
        have.update(p)
    for r in runs:
        have.update(r)
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
    state = State(rules, cols, down, stock, completed, extra=extra, runs=runs, redeals=redeals,
                  shown=shown if any(shown) else None)
    return Parsed(rules, state, deal)


#: The most times a position may say the waste was turned back, where a plugin's own deal
#: rules decide how many times it may be (a variant file's own limit is
#: :data:`~spider_tui.engine.kinds.waste.MAX_REDEALS`).
MAX_POSITION_REDEALS = 1000


def _most_redeals(rules: RuleSet) -> int | None:
    """The most times a position of ``rules`` may say its waste was turned back (``None``:
    any number, where the rules allow unlimited redeals and count none of them)."""
    if WASTE_KIND not in rules.pile_kinds:
        return 0
    if not rules.overrides("deal_refusal", "deal_plan"):
        if rules.unlimited_redeals:
            return None
        return min(rules.redeals, MAX_POSITION_REDEALS)
    return MAX_POSITION_REDEALS


def _check_runs(rules: RuleSet, runs: list[tuple[int, ...]]) -> None:
    """Removed runs must be what the game removes: complete runs, as many as it takes."""
    if runs and not rules.runs_leave:
        raise PositionError(f"completed lists runs but in {rules.id} complete runs stay on "
                            f"the table")
    if rules.run_piles and len(runs) > rules.run_piles:
        raise PositionError(f"completed lists {len(runs)} runs but {rules.id}'s foundation "
                            f"takes only {rules.run_piles}")
    for i, run in enumerate(runs):
        if len(run) not in rules.run_lengths or not rules.is_complete(run):
            raise PositionError(f"completed[{i}] ({' '.join(glyph(c) for c in run)}) is not a "
                                f"complete run of {rules.id}")


def _extra_piles(data: dict, rules: RuleSet) -> list[list[int]]:
    """The piles that are not columns, in table order, from a /2 position's keys."""
    kinds = rules.pile_kinds
    out: list[list[int]] = []
    for key, kind in _EXTRA_KEYS:
        n = sum(1 for k in kinds if k == kind)
        value = data.get(key, [[] for _ in range(n)] if key not in data else None)
        if not isinstance(value, list) or len(value) != n:
            have = "none" if n == 0 else str(n)
            raise PositionError(f"{key} must be a list of {n} lists of cards ({rules.id} has "
                                f"{have})")
        out += [_cards(p, f"{key}[{j}]") for j, p in enumerate(value)]
    cap = rules.cell_capacity
    cells = [i for i, k in enumerate(kinds) if k == CELL_KIND]
    for j, i in enumerate(cells):
        if cap and len(out[i - rules.columns]) > cap:
            raise PositionError(f"cells[{j}] holds {len(out[i - rules.columns])} cards but a "
                                f"free cell of {rules.id} holds {cap}")
    founds = [i for i, k in enumerate(kinds) if k == FOUNDATION_KIND]
    for j, i in enumerate(founds):
        pile = out[i - rules.columns]
        group = rules.foundation_of[j]
        for n, c in enumerate(pile):
            if not group.takes(c, pile[n - 1] if n else None, n):
                raise PositionError(f"foundations[{j}]: {glyph(c)} cannot lie there: the "
                                    f"foundation takes {group.needs(pile[n - 1] if n else None)}")
    has_waste = WASTE_KIND in kinds
    if "waste" in data and not has_waste:
        raise PositionError(f"{rules.id} has no waste")
    if has_waste:
        out.append(_cards(data.get("waste", []), "waste"))
    return out
