"""The pure rules engine: cards, rule sets, seeded deals, moves, positions, the game.

Nothing here imports Textual, the UI, the plugin manager or touches the disk (a test checks).
"""

from .cards import glyph, parse_card
from .catalog import Catalog, DuplicateId, ScoringScheme, default_catalog
from .errors import (
    HouseRuleFailure,
    IllegalMove,
    NotationError,
    PositionError,
    RuleFailure,
    SpiderError,
    SwitchedOff,
    UnknownId,
    VariantError,
)
from .game import PLAYING, STUCK, WON, Game, GameView, Step, random_deal
from .house import HouseRule, house_rules_from_dict
from .kinds.waste import UNLIMITED_REDEALS
from .moves import DEAL_MOVE, Move
from .piles import RUNS
from .rules import RuleSet
from .state import DEAL, State

__all__ = [
    "Catalog", "DEAL", "DEAL_MOVE", "DuplicateId", "RUNS", "Game", "GameView", "HouseRule",
    "HouseRuleFailure",
    "IllegalMove", "Move", "NotationError", "PLAYING", "PositionError", "RuleFailure", "RuleSet",
    "ScoringScheme", "SpiderError", "STUCK", "State", "Step", "SwitchedOff", "UNLIMITED_REDEALS",
    "UnknownId", "VariantError",
    "WON", "default_catalog", "glyph", "house_rules_from_dict", "parse_card", "random_deal",
]
