"""Settings (``config.toml``). The fields below are the contract between the app and the
settings file; reading and writing the file with validation is added by the settings work."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Config:
    #: Variant and house rules a new game uses.
    variant: str = "spider-4suit"
    house_rules: list[str] = field(default_factory=list)
    #: Scoring scheme id; empty means the variant's default.
    scoring: str = ""
    theme: str = "spider-dark"
    one_tap: bool = True
    four_colour: bool = True
    #: The hint may read face-down cards and the stock order (as the seed's web version does).
    hint_peek: bool = False
    hint_budget_ms: int = 120
    confirm_new_game: bool = True
    #: Binding id -> keys, e.g. {"undo": "u,z,ctrl+z"}; applied with App.set_keymap.
    keymap: dict[str, str] = field(default_factory=dict)
