"""The check a rule set passes before anyone plays it: a plugin's ``RuleSet`` (built in Python,
so past the variant file's checks) has fields of the right types and bounds, and its methods
answer for every card, for the layout and for a first deal. Then what ``check-variant`` asks
of any rule set that passed: can it ever be won (:func:`unwinnable`), and does it start with a
move (:func:`stuck_at_start`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from . import build as _build
from .answers import layout_problem, shown_value
from .build import EMPTY_RULES, FoundationGroup, whole
from .cards import SUITS, glyph
from .compiled import compiled
from .deal import table
from .errors import VariantError
from .rules import RuleSet
from .schema import COMPLETE_RULES, DEAL_SKIPS, FIELDS, MAX_FOUNDATIONS, WIN_RULES, label_problems
from .state import State

#: The variant file's keys by the rule-set field they fill.
_BY_FIELD = {spec.field: spec for spec in FIELDS if spec.field}
_UNSET: dict[str, Any] = {f.name: f.default for f in dataclasses.fields(RuleSet)}
_FOUNDATIONS_DEALT = next(spec for spec in FIELDS if spec.path == "foundations.dealt")
#: ``(field, lo, hi)`` of each number field a plugin's rule set holds: the file's limits (see
#: :data:`~spider_tui.engine.schema.FIELDS`), widened to the value the field has when the
#: file leaves the key out (``cells``: 0, no free cells) and to the numbers its words stand
#: for (``max_lift``: -1, "free-cells").
_FIELD_RANGES: tuple[tuple[str, int, int], ...] = tuple(
    (key, min(spec.bounds[0], _UNSET[key], *spec.words.values()), spec.bounds[1])
    for key, spec in _BY_FIELD.items()
    # (the columns, the deal, the runs to win and the foundations are checked on their own)
    if spec.type == "int" and not spec.hi_text and key not in ("layout", "foundation_groups"))

def check_rules(rules: RuleSet) -> None:
    """Check a rule set a plugin registers before anyone plays it: the fields the engine reads
    have their types (a ``RuleSet`` built in Python skips the variant file's checks), and the
    rule methods give answers, for every card (the compiled tables), the layout and the first
    deal. Raises :class:`VariantError` for the fields, :class:`RuleFailure` for a method."""
    problems: list[tuple[str, str]] = []

    def need(ok: bool, key: str, what: str) -> None:
        if not ok:
            problems.append((key, f"{what}, not {shown_value(getattr(rules, key, None))}"))

    problems += label_problems(rules, "variant", {"name": False, "description": True,
                                                  "rules_text": True, "scoring": False})
    need(isinstance(rules.deck, tuple) and bool(rules.deck)
         and all(whole(s) and 0 <= s < len(SUITS) for s in rules.deck),
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
    for key, lo, hi in _FIELD_RANGES:
        words = _BY_FIELD[key].words
        need(whole(getattr(rules, key)) and lo <= getattr(rules, key) <= hi, key,
             f"must be a whole number from {_BY_FIELD[key].lo if words else lo} to {hi}"
             + "".join(f", or {n} ({w})" for w, n in words.items()))
    for key, count in (("cells_dealt", rules.cells), ("reserves_dealt", rules.reserves)):
        value, spec = getattr(rules, key), _BY_FIELD[key]
        need(isinstance(value, tuple) and len(value) <= (count if whole(count) else 0)
             and all(whole(v) and spec.bounds[0] <= v <= spec.bounds[1] for v in value), key,
             "must be a tuple of whole numbers, one per pile at most")
    need(isinstance(rules.foundation_groups, tuple)
         and all(isinstance(g, FoundationGroup) for g in rules.foundation_groups)
         and sum(g.count for g in rules.foundation_groups
                 if whole(g.count) and g.count > 0) <= MAX_FOUNDATIONS,
         "foundation_groups", f"must be a tuple of FoundationGroup, {MAX_FOUNDATIONS} "
                              f"foundations in all at most")
    dealt_lo, dealt_hi = _FOUNDATIONS_DEALT.bounds
    need(not isinstance(rules.foundation_groups, tuple) or all(
         not isinstance(g, FoundationGroup) or (whole(g.dealt) and dealt_lo <= g.dealt <= dealt_hi)
         for g in rules.foundation_groups), "foundation_groups",
         f"must give each FoundationGroup's dealt as a whole number from {dealt_lo} to "
         f"{dealt_hi}")
    if not problems:
        problem = layout_problem(rules, rules.layout)
        if problem is not None:
            problems.append(("layout", problem))
    if not problems:
        need(whole(rules.deal_size) and 0 <= rules.deal_size <= len(rules.layout),
             "deal_size", f"must be 0 to the {len(rules.layout)} columns")
        need(whole(rules.runs_to_win) and 0 <= rules.runs_to_win <= len(rules.deck),
             "runs_to_win", f"must be 0 to the {len(rules.deck)} sets")
    source = rules.source if isinstance(rules.source, str) and rules.source else str(rules.id)
    if problems:
        raise VariantError(source, problems)
    compiled(rules)
    shape = rules.initial_layout()
    problem = layout_problem(rules, shape)
    if problem is not None:  # a plugin's initial_layout is checked by its guard already
        raise VariantError(source, [("layout", problem)])

    try:
        t = table(rules, 1)
    except ValueError as e:
        raise VariantError(source, [("layout", str(e))]) from None
    state = State(rules, t.cols, t.down, t.stock, extra=t.extra, shown=t.shown)
    state.won()
    state.moves()
    if state.deal_refusal() is None and state.stock_left > 0:
        state.deal()


# --------------------------------------------------------------------- can it be won?


def foundation_reach(group: FoundationGroup, cards: Iterable[int]) -> tuple[int, frozenset[int]]:
    """``(most cards, cards it ever takes)`` of one foundation of ``group`` built from the deck's
    ``cards``, as its own :meth:`FoundationGroup.takes` says, card after card (a foundation
    holds each rank once at most, so one copy of each card is enough to build it)."""
    distinct = sorted(set(cards))
    tops = {c for c in distinct if group.takes(c, None, 0)}
    taken = set(tops)
    size = 0
    while tops:
        size += 1
        tops = {c for top in tops for c in distinct if group.takes(c, top, size)}
        taken |= tops
    return size, frozenset(taken)


def _group_key(rules: RuleSet, gi: int) -> str:
    return "foundations" if len(rules.foundation_groups) == 1 else f"foundations[{gi}]"


def unwinnable(rules: RuleSet) -> list[tuple[str, str]]:
    """``(key, why)`` for each reason the rule set can never be won, from its own data: a
    foundation that cannot be built as its group says (no card of the deck starts it, or its
    order stops short of 13 cards: built down from an Ace); a game won on the foundations
    whose foundations (and the complete runs that leave) cannot hold every card, or that no
    foundation ever takes some card of; a game won by removing runs where runs never leave,
    or fewer may leave than the win asks for.
    ``[]`` when none (a plugin's own ``won`` is not second-guessed)."""
    problems: list[tuple[str, str]] = []
    deck = rules.deck_cards()
    total = len(deck)
    capacity = 0
    taken: set[int] = set()
    pile = 0
    for gi, group in enumerate(rules.foundation_groups):
        key = _group_key(rules, gi)
        said = False
        for j in range(group.count):
            one = rules.foundation_of[pile + j]
            size, cards = foundation_reach(one, deck)
            capacity += size
            taken |= cards
            if said or size >= 13:
                continue
            said = True
            if size == 0:
                problems.append((f"{key}.{'suits' if one.suits else 'base'}",
                                 f"no card of the deck starts foundation {pile + j + 1}: it "
                                 f"takes {one.needs(None)}, and the deck has none"))
            else:
                way = "up" if one.up else "down"
                after = "its first card" if size == 1 else f"its {size} cards"
                problems.append((f"{key}.direction",
                                 f"a foundation built {way} from {one.needs(None)} holds at most "
                                 f"{size} card{'s' if size != 1 else ''}, not 13: nothing can "
                                 f"go on after {after}"))
        pile += group.count
    if rules.overrides("won"):
        return problems
    if rules.win == "foundations":
        # Complete runs that leave without a limit may carry any card home.
        runs = rules.run_piles if rules.runs_leave else 0
        room = capacity + max(rules.run_lengths) * runs
        if room < total and not (rules.runs_leave and not rules.run_piles):
            key = "runs.piles" if rules.runs_leave and rules.run_piles else "foundations.count"
            by_runs = (f" and {runs} complete run{'s' if runs != 1 else ''} leaving" if runs
                       else " (complete runs stay on the table)")
            problems.append((key, f"{rules.foundations} foundation"
                                  f"{'s' if rules.foundations != 1 else ''}{by_runs} hold at "
                                  f"most {room} of the {total} cards: win = \"foundations\" "
                                  f"can never be won"))
        elif not rules.runs_leave:
            never = sorted(set(deck) - taken)
            if never:
                key = ("foundations.suits" if any(g.suits for g in rules.foundation_groups)
                       else "foundations")
                shown = ", ".join(glyph(c) for c in never[:4]) + (" ..." if len(never) > 4
                                                                  else "")
                problems.append((key, f"no foundation ever takes {shown} and complete runs "
                                      f"stay on the table: win = \"foundations\" can never be "
                                      f"won"))
    elif rules.win == "runs":
        if not rules.runs_leave:
            problems.append(("runs.leave", f"complete runs stay on the table, but win = "
                                           f"\"runs\" asks for {rules.win_runs} to leave: it can "
                                           f"never be won (win = \"columns\" keeps them)"))
        elif rules.run_piles and rules.run_piles < rules.win_runs:
            problems.append(("runs.piles", f"only {rules.run_piles} complete runs may leave, "
                                           f"but win = \"runs\" asks for {rules.win_runs}: it "
                                           f"can never be won"))
    return problems


def stuck_at_start(rules: RuleSet, deals: Sequence[int] = (1, 2, 3)) -> str | None:
    """Why the game is stuck at move 0 on every one of ``deals`` (no legal move, no deal, not
    won), or ``None`` when any of them can be played."""
    why = ""
    for n in deals:
        t = table(rules, n)
        state = State(rules, t.cols, t.down, t.stock, extra=t.extra, shown=t.shown)
        if state.won() or state.moves():
            return None
        refusal = state.deal_refusal()
        if refusal is None:
            return None
        why = refusal[:1].lower() + refusal[1:].rstrip(".")
    if not deals:
        return None
    shown = [str(n) for n in deals]
    which = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    return (f"stuck at move 0 on deal{'s' if len(shown) > 1 else ''} {which}: no card can "
            f"move and no deal is possible ({why})")
