"""How far a game is from its win, in the figures its win rule counts (no Textual here).

A game won by removing runs counts runs (``Runs 3/8``); one won on the foundations counts the
cards put there, card by card or in removed runs (``Home 52/104``); one won in its columns
counts the columns that are one complete run (``Built 2/4``).
"""

from __future__ import annotations

from ..engine import Game, RuleSet
from ..engine.piles import FOUNDATION_KIND


def run_slots(rules: RuleSet) -> int:
    """How many complete runs the runs' foundation holds (0: runs never leave the table)."""
    if not rules.runs_leave:
        return 0
    if rules.run_piles:
        return rules.run_piles
    if rules.win != "foundations":
        return rules.win_runs
    if rules.run_lengths != (13,):
        return rules.win_runs  # runs of other lengths: the widget grows with them
    return max(0, len(rules.deck) - rules.foundations)


def cards_home(game: Game) -> int:
    """Cards on the card-by-card foundations and in removed runs."""
    st = game.state
    kinds = game.rules.pile_kinds
    on_foundations = sum(len(st.piles[i]) for i, k in enumerate(kinds) if k == FOUNDATION_KIND)
    return on_foundations + sum(len(r) for r in st.runs)


def progress(game: Game) -> tuple[str, str]:
    """The status line's label and figure: ``("Runs", "3/8")``."""
    rules = game.rules
    if rules.win == "foundations":
        return "Home", f"{cards_home(game)}/{13 * len(rules.deck)}"
    label = "Built" if rules.win == "columns" else "Runs"
    return label, f"{game.runs_removed}/{rules.win_runs}"


def progress_words(game: Game) -> str:
    """The same in a sentence's words: "3 of 8 runs done"."""
    rules = game.rules
    if rules.win == "foundations":
        return f"{cards_home(game)} of {13 * len(rules.deck)} cards on the foundations"
    if rules.win == "columns":
        return f"{game.runs_removed} of {rules.win_runs} columns built into one run"
    return f"{game.runs_removed} of {rules.win_runs} runs done"


def won_words(game: Game) -> str:
    """What winning this game was: "all 8 runs done"."""
    rules = game.rules
    if rules.win == "foundations":
        return f"all {13 * len(rules.deck)} cards on the foundations"
    if rules.win == "columns":
        return "every column built into one run"
    return f"all {rules.win_runs} runs done"
