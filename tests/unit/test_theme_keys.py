"""The keys of a theme file have one home, ``THEME_KEYS`` in spider_tui/plugins/themespec.py:
the check of a theme, the UI's card colours and the list in docs/plugins.md (written by
scripts/theme_keys.py) read them there; and the examples docs/plugins.md gives for themes and
scoring do what it says."""

from __future__ import annotations

import importlib.util
import random
import re
import tomllib
from pathlib import Path

import pytest

from spider_tui.engine import Game
from spider_tui.engine.errors import VariantError
from spider_tui.engine.game import GameView
from spider_tui.plugins.themespec import (
    CARD_DEFAULTS,
    COLOR_KEYS,
    THEME_KEYS,
    VARIABLE_KEYS,
    ThemeSpec,
)
from spider_tui.scoring import BUILTIN_SCHEMES

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "plugins.md"


def generator():
    spec = importlib.util.spec_from_file_location("theme_keys", ROOT / "scripts" / "theme_keys.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_docs_list_of_theme_keys_is_the_one_the_code_makes(capsys):
    gen = generator()
    assert gen.main(["--check"]) == 0, "run python scripts/theme_keys.py"
    listed = re.findall(r"^\| `([^`]+)` \|", gen.theme_keys(), re.M)
    assert listed == [k.key for k in THEME_KEYS]
    stale = DOCS.read_text(encoding="utf-8").replace("| `primary` |", "| `primry` |")
    assert gen.rewritten(stale) != stale  # a hand edit is put back


def test_every_documented_key_is_read_and_no_other():
    data: dict = {"format": "spider-theme/1", "id": "every-key", "name": "Every key",
                  "dark": False, "colors": {k: "#123456" for k in COLOR_KEYS},
                  "variables": {k: "#654321" for k in VARIABLE_KEYS}}
    spec = ThemeSpec.from_dict(data, "every-key.toml")
    assert set(spec.colors) == set(COLOR_KEYS) and set(spec.variables) == set(VARIABLE_KEYS)
    for section, extra in (("colors", "primry"), ("variables", "card-heart")):
        with pytest.raises(VariantError, match=f"{section}.{extra}: unknown key"):
            ThemeSpec.from_dict(data | {section: {**data[section], extra: "#000000"}}, "x")
    with pytest.raises(VariantError, match="shade: unknown key"):
        ThemeSpec.from_dict(data | {"shade": 1}, "x")


def test_the_shipped_themes_use_documented_keys_and_the_ui_defaults_every_card_colour():
    documented = {k.path for k in THEME_KEYS}
    for path in sorted((ROOT / "themes").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        keys = {k for k in data if k not in ("colors", "variables")} | {
            f"{sec}.{k}" for sec in ("colors", "variables") for k in data.get(sec, {})}
        assert keys <= documented, path.name
    assert set(CARD_DEFAULTS) == set(VARIABLE_KEYS)
    from spider_tui.ui.app import SpiderApp

    assert SpiderApp.get_theme_variable_defaults(None) == CARD_DEFAULTS  # type: ignore[arg-type]


def _docs_block(start: str) -> str:
    for block in re.findall(r"```(?:toml|python)\n(.*?)```", DOCS.read_text(encoding="utf-8"),
                            re.S):
        if block.startswith(start):
            return block
    raise AssertionError(f"no block starting with {start!r} in docs/plugins.md")


def test_the_documented_theme_file_loads():
    data = tomllib.loads(_docs_block('format = "spider-theme/1"\nid = "midnight"'))
    spec = ThemeSpec.from_dict(data, "midnight.toml")
    assert spec.variables["table"] == "#10203a" and spec.problems() == []


def test_the_documented_scoring_example_scores_as_the_built_scheme():
    namespace: dict = {}
    exec(_docs_block("from spider_tui.engine.cards import KING, RANK, SUIT"), namespace)
    built = next(s for s in BUILTIN_SCHEMES if s.id == "built")
    rng = random.Random(33)
    for deal in (1, 2):
        game = Game.new("spider-1suit", deal=deal)
        for _ in range(60):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
            view = GameView(game)
            assert namespace["score"](None, view) == built.score(view)
    assert built.score(GameView(game)) > 0  # the positions had runs from a King to count
