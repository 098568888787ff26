"""Issue 23, the files part: nothing a TOML file holds can hang the game, crash it, or hide the
other variants. The hostile inputs are kept in ``tests/hostile/files/`` (the big ones are made
here: a 50,000-part dotted key, 4301-digit numbers, a file past the size limit)."""

from __future__ import annotations

import dataclasses
import os
import shutil
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spider_tui.config import KEYMAP_IDS, Config, load_config, save_config
from spider_tui.engine import (
    Game,
    HouseRule,
    NotationError,
    PositionError,
    RuleSet,
    SpiderError,
    VariantError,
)
from spider_tui.engine.house import house_rules_from_dict
from spider_tui.engine.moves import Move
from spider_tui.engine.schema import MAX_SETS, parse_variant_dict
from spider_tui.engine.text import printable, quoted
from spider_tui.engine.tomltext import MAX_BYTES, TomlRefused, loads
from spider_tui.plugins import ThemeSpec
from spider_tui.plugins.files import check_variant_file, load_theme_folder
from spider_tui.plugins.manager import load_plugins

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ROOT / "tests" / "hostile" / "files"
SPIDER = (ROOT / "variants" / "spider-4suit.toml").read_text(encoding="utf-8")

DOTTED = "a" + ".a" * 50_000 + " = 1\n"           # tomllib: minutes and gigabytes
NESTED = "a = " + "[" * 500 + "]" * 500 + "\n"     # tomllib: RecursionError
LONG_INT = "9" * 5000                              # int(): ValueError past 4300 digits


def quickly(fn: Callable[[], Any], seconds: float = 5.0) -> Any:
    start = time.perf_counter()
    result = fn()
    assert time.perf_counter() - start < seconds, "took too long"
    return result


# ---------------------------------------------------------------- 1. the one bounded reader


@pytest.mark.parametrize("text, why", [
    (DOTTED, "a key of more than 32 dotted parts (line 1)"),
    ("[" + ".".join(["t"] * 40_000) + "]\n", "a key of more than 32 dotted parts (line 1)"),
    ("x = 1\n" + NESTED, "nested more than 32 deep (line 2)"),
    ("a = " + "{b = " * 400 + "1" + "}" * 400, "nested more than 32 deep"),
    ("# " + "x" * MAX_BYTES + "\n", "too large"),
])
def test_the_reader_refuses_slow_or_deep_shapes_at_once(text, why):
    with pytest.raises(TomlRefused) as e:
        quickly(lambda: loads(text))
    assert why in str(e.value) and len(str(e.value)) < 120


def test_dots_and_brackets_inside_strings_and_comments_are_not_counted():
    text = ('a = "' + "." * 1000 + '"\n' + "b = '" + "[" * 1000 + "'\n"
            + 'c = """\n' + "{." * 1000 + '\n"" """"\n' + "# " + "." * 1000 + "\n"
            + "d.e.f = [1.5, 2.5, [3]]\n")
    assert loads(text) == tomllib.loads(text)


def test_a_huge_integer_is_read_as_text_naming_its_length():
    assert loads(f"n = {LONG_INT}\nm = 2\n") == {"n": "(a number of 5000 digits)", "m": 2}
    assert loads(f"n = [1, -{LONG_INT}]") == {"n": [1, "(a number of 5000 digits)"]}
    # Floats have no digit limit and keys are text: both are left alone.
    assert loads(f"f = 1.{LONG_INT}\nk.{LONG_INT} = 1\n")["k"] == {LONG_INT: 1}


def _toml_values():
    scalars = st.one_of(st.booleans(), st.integers(-2**63, 2**63 - 1),
                        st.floats(allow_nan=False), st.text(max_size=20))
    return st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
        max_leaves=20)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.text(max_size=8), _toml_values(), max_size=5))
def test_the_reader_reads_every_toml_document_as_tomllib_does(data):
    text = tomli_w.dumps(data)
    assert loads(text) == tomllib.loads(text)


def test_every_shipped_toml_file_reads_as_tomllib_reads_it():
    for path in [*ROOT.glob("variants/*.toml"), *ROOT.glob("themes/*.toml"),
                 ROOT / "pyproject.toml"]:
        text = path.read_text(encoding="utf-8")
        assert loads(text) == tomllib.loads(text), path


def _position_reader(path: Path) -> str:
    with pytest.raises(PositionError) as e:
        Game.from_position(path.read_text(encoding="utf-8"))
    return str(e.value)


def _variant_reader(path: Path) -> str:
    return "\n".join(check_variant_file(path))


def _theme_reader(path: Path) -> str:
    problems: list[str] = []
    load_theme_folder(path.parent, lambda theme: None, problems.append)
    return "\n".join(problems)


def _config_reader(path: Path) -> str:
    config, notices = load_config(path)
    assert config == Config()
    return "\n".join(notices)


@pytest.mark.parametrize("reader", [_position_reader, _variant_reader, _theme_reader,
                                    _config_reader], ids=lambda f: f.__name__[1:-7])
@pytest.mark.parametrize("text", [DOTTED, NESTED, "# " + "x" * (MAX_BYTES + 10)],
                         ids=["dotted", "nested", "large"])
def test_every_toml_reader_refuses_a_hostile_file_at_once_naming_it(tmp_path, reader, text):
    path = tmp_path / "hostile.toml"
    path.write_text(text, encoding="utf-8")
    message = quickly(lambda: reader(path))
    assert message and ("dotted parts" in message or "nested" in message
                        or "too large" in message)
    if reader is not _position_reader:  # a position's reader is given text; the CLI names it
        assert "hostile.toml" in message
    assert len(message) < 300


def test_an_id_a_hundred_kilobytes_long_is_never_echoed_whole():
    big = "x" * 100_000
    for text in (f'format = "spider-position/1"\nvariant = "{big}"\n',
                 f'format = "spider-position/1"\n{big} = 1\n',
                 f'format = "{big}"\n'):
        with pytest.raises(PositionError) as e:
            Game.from_position(text)
        assert len(str(e.value)) < 600
    assert len(quoted(big)) <= 60 and len(quoted(10 ** 5000)) < 60


# ---------------------------------------------------------------- 2. counts a game can use


@pytest.mark.parametrize("name, key", [
    ("sets-4e9.toml", "deck.sets: 4000000000 sets is more than the 64"),
    ("sets-2e7.toml", "deck.sets: 20000000 sets is more than the 64"),
    ("sets-table-huge.toml", "deck.sets.S: 4000000000 sets make more than the 64"),
    ("columns-huge.toml", "layout.columns: 4000000000 columns is more than the 20"),
    ("columns-huge.toml", "layout.down: at most 832 cards"),
    ("columns-huge.toml", "stock.deal: must be a whole number from 1 to the 20 columns"),
    ("columns-huge.toml", "runs.to_win: must be a whole number from 1 to the 4 sets"),
])
def test_every_count_of_a_variant_file_is_bounded(name, key):
    path = HOSTILE / "variants" / name
    problems = quickly(lambda: check_variant_file(path))
    assert any(p.startswith(f"{path}: ") and key in p for p in problems), problems


def test_a_rule_set_made_in_python_is_bounded_too():
    with pytest.raises(VariantError, match="65 sets is more than the 64"):
        RuleSet(id="big", name="Big", deck=(0,) * (MAX_SETS + 1), layout=((0, 1),))
    with pytest.raises(VariantError, match="deal_size"):
        RuleSet(id="neg", name="Neg", deck=(0,), layout=((0, 1),) * 3, deal_size=-1)
    with pytest.raises(VariantError, match="deal_size"):
        RuleSet(id="wide", name="Wide", deck=(0,), layout=((0, 1),) * 3, deal_size=4)


# ---------------------------------------------------------------- 5. numbers of any length


def test_a_5000_digit_number_in_config_names_the_key_and_uses_the_default(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(f"hint_budget_ms = {LONG_INT}\none_tap = false\n", encoding="utf-8")
    config, notices = load_config(path)
    assert config.hint_budget_ms == Config().hint_budget_ms and config.one_tap is False
    assert len(notices) == 1 and notices[0].startswith("config.toml: hint_budget_ms: ")
    assert "5000 digits" in notices[0] and len(notices[0]) < 200


@pytest.mark.parametrize("move, why", [
    ("9" * 4301 + ">2", "no game has that many columns"),
    ("2>" + "9" * 4301, "no game has that many columns"),
    ("2:" + "9" * 4301 + ">3", "no game has that many cards"),
    ("-1>2", "columns are numbered from 1"),
    ("x" * 1_000_000, "cannot read move 'xxxx"),
])
def test_a_move_of_any_length_is_a_notation_error(move, why):
    with pytest.raises(NotationError) as e:
        Move.parse(move)
    assert why in str(e.value) and len(str(e.value)) < 200


def test_a_position_with_a_4301_digit_deal_or_nesting_500_deep_is_refused():
    text = Game.new("spider-1suit", deal=1).to_position().replace("deal = 1", "deal = "
                                                                  + "9" * 4301)
    with pytest.raises(PositionError, match="deal must be a whole number from 0 to"):
        Game.from_position(text)
    with pytest.raises(PositionError, match="deal must be a whole number"):
        Game.from_position(text.replace("9" * 4301, str(2 ** 64)))
    nested = (HOSTILE / "positions" / "nested-500.toml").read_text(encoding="utf-8")
    with pytest.raises(PositionError, match="nested more than 32 deep"):
        Game.from_position(nested)


def test_a_deal_number_of_any_size_is_a_spider_error():
    with pytest.raises(SpiderError, match="a deal number is a whole number"):
        Game.new("spider-1suit", deal=10 ** 5000)


# ---------------------------------------------------------------- 6. text, never markup


def test_names_with_markup_load_as_they_are_and_control_characters_do_not(tmp_path):
    good = HOSTILE / "variants" / "markup-name.toml"
    assert check_variant_file(good) == []
    rules = RuleSet.from_dict(tomllib.loads(good.read_text(encoding="utf-8")), str(good))
    assert rules.name == "[/bold] evil ["
    problems = check_variant_file(HOSTILE / "variants" / "escape-name.toml")
    assert any("name: holds the control character \\x1b" in p for p in problems), problems


def test_printable_leaves_no_control_character():
    text = "a\x1b[2J\x07b\x9bc\u202ed\te\nf"
    assert printable(text) == "a?[2J?b?c?d e f"
    assert printable(text, newlines=True) == "a?[2J?b?c?d\te\nf"


# ---------------------------------------------------------------- 7. one bad file, alone


def test_one_bad_file_never_hides_the_other_variants(tmp_path, monkeypatch):
    folder = tmp_path / "variants"
    shutil.copytree(HOSTILE / "variants", folder)
    (folder / "deep.toml").write_text(NESTED, encoding="utf-8")
    (folder / "dotted.toml").write_text(DOTTED, encoding="utf-8")
    (folder / "good.toml").write_text(SPIDER.replace('id = "spider-4suit"', 'id = "good"'),
                                      encoding="utf-8")
    (tmp_path / "themes").mkdir()
    shutil.copy(HOSTILE / "themes" / "bad-types.toml", tmp_path / "themes")
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    mgr = quickly(load_plugins, 10)
    assert {"good", "markup-name"} <= set(mgr.catalog.variants)
    problems = "\n".join(mgr.problems)
    for path in [*folder.glob("*.toml"), tmp_path / "themes" / "bad-types.toml"]:
        if path.stem not in ("good", "markup-name"):
            assert str(path) in problems, f"{path.name} is not reported"
    assert "Traceback" not in problems and "internal" not in problems


@pytest.mark.parametrize("name, expected", [
    ("place-list.toml", "moves.empty: ['any'] is not one of"),
    ("house-rule-number.toml", "house_rule[0]: must be a table"),
    ("sets-table-text.toml", "deck.sets.S: must be a positive whole number"),
    ("not-utf8.toml", "not UTF-8 text"),
    ("dot-dot-id.toml", "id: '..' must start with a letter or a digit"),
    ("house-rule-deal-negative.toml", "house_rule[0].set.deal_size: must be from 0"),
    ("every-type-wrong.toml", "deck: must be a table ([deck])"),
])
def test_each_bad_file_is_named_with_its_key(name, expected):
    path = HOSTILE / "variants" / name
    problems = check_variant_file(path)
    assert any(p.startswith(f"{path}: ") and expected in p for p in problems), problems


def test_every_key_of_a_wrong_typed_file_is_named():
    path = HOSTILE / "variants" / "every-type-wrong.toml"
    keys = {p.split(": ")[1] for p in check_variant_file(path)}
    assert {"format", "id", "name", "description", "rules", "scoring", "deck", "layout",
            "stock", "moves", "runs"} <= keys
    with pytest.raises(VariantError) as e:
        ThemeSpec.from_dict(tomllib.loads((HOSTILE / "themes" / "bad-types.toml").read_text()),
                            "bad-types.toml")
    keys = {key for key, _ in e.value.problems}
    assert {"id", "name", "dark", "colors.primary", "colors.background", "variables"} <= keys


# Any value TOML can hold, in any key: the checkers report problems, never raise anything else.
_ANY = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12),
              st.datetimes()),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=10), inner, max_size=4)),
    max_leaves=12)
_KEYS = st.sampled_from(["format", "id", "name", "description", "rules", "scoring", "deck",
                         "layout", "stock", "moves", "runs", "sets", "suits", "columns", "down",
                         "up", "cards", "deal", "needs_full_columns", "place", "lift", "empty",
                         "complete", "to_win", "auto_remove", "house_rule", "set", "deal_size",
                         "dark", "colors", "variables", "primary", "S", "H"])
_TOMLISH = st.recursive(_ANY, lambda inner: st.dictionaries(_KEYS, inner, max_size=6),
                        max_leaves=25)


def _mutated(base: dict, path: list[str], value: Any) -> dict:
    """``base`` with the key at ``path`` (made as needed) set to ``value``."""
    out = dict(base)
    if not path:
        return out
    head = path[0]
    if len(path) == 1:
        out[head] = value
    else:
        inner = out.get(head)
        out[head] = _mutated(inner if isinstance(inner, dict) else {}, path[1:], value)
    return out


_SPIDER_DATA = tomllib.loads(SPIDER)
_HOUSE_DATA = tomllib.loads((ROOT / "variants" / "house-rules.toml").read_text())
_THEME_DATA = tomllib.loads((ROOT / "themes" / "spider-dark.toml").read_text())


def _only_variant_errors(fn: Callable[[], Any]) -> None:
    try:
        fn()
    except VariantError as e:
        assert e.problems and all(isinstance(k, str) and isinstance(m, str)
                                  for k, m in e.problems)
        assert all(len(line) < 400 for line in e.lines())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=_TOMLISH, path=st.lists(_KEYS, min_size=1, max_size=3), value=_ANY)
def test_the_checkers_take_any_toml_value_in_any_key(data, path, value):
    for base in (data if isinstance(data, dict) else {"x": data},
                 _mutated(_SPIDER_DATA, path, value)):
        problems: list[tuple[str, str]] = []
        parse_variant_dict(base, problems)
        _only_variant_errors(lambda: RuleSet.from_dict(base, "v.toml"))
    for base in (data if isinstance(data, dict) else {"x": data},
                 _mutated(_HOUSE_DATA, path, value),
                 {"format": "spider-house-rules/1", "house_rule": [_mutated(
                     _HOUSE_DATA["house_rule"][0], path, value)]}):
        _only_variant_errors(lambda: house_rules_from_dict(base, "h.toml"))
        _only_variant_errors(lambda: HouseRule.from_dict(base, "h.toml"))
    for base in (data if isinstance(data, dict) else {"x": data},
                 _mutated(_THEME_DATA, path, value)):
        _only_variant_errors(lambda: ThemeSpec.from_dict(base, "t.toml"))


# ---------------------------------------------------------------- smaller


def test_a_house_rule_cannot_deal_a_negative_number_of_cards():
    with pytest.raises(VariantError, match="deal_size"):
        HouseRule(id="neg", name="Neg", changes={"deal_size": -1})
    wide = HouseRule(id="wide", name="Wide", changes={"deal_size": 15})
    with pytest.raises(VariantError, match=r"set\.deal_size: .* \(over spider-1suit\)"):
        wide.apply(RuleSet(id="spider-1suit", name="S", deck=(0,) * 8, layout=((5, 1),) * 10))


@pytest.mark.parametrize("vid", ["..", ".", ".hidden", "-x", "a" * 65, "a/b", "a b"])
def test_ids_that_would_be_bad_names_are_refused(tmp_path, vid):
    text = SPIDER.replace('id = "spider-4suit"', "id = " + tomli_w.dumps({"i": vid})[4:])
    path = tmp_path / "v.toml"
    path.write_text(text, encoding="utf-8")
    assert any(": id: " in p for p in check_variant_file(path))


def test_an_unreadable_variants_folder_is_reported(tmp_path, monkeypatch):
    folder = tmp_path / "variants"
    folder.mkdir()
    real_listdir = os.listdir

    def listdir(path):
        if Path(path) == folder:
            raise PermissionError(13, "Permission denied", str(path))
        return real_listdir(path)

    monkeypatch.setattr(os, "listdir", listdir)
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    problems = load_plugins().problems
    assert any(str(folder) in p and "the folder cannot be read (Permission denied)" in p
               for p in problems), problems


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root reads a chmod 000 folder")
def test_a_chmod_000_variants_folder_is_reported(tmp_path, monkeypatch):
    folder = tmp_path / "variants"
    folder.mkdir()
    folder.chmod(0)
    try:
        monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
        assert any(str(folder) in p for p in load_plugins().problems)
    finally:
        folder.chmod(0o755)


def test_unknown_keymap_ids_are_reported_and_kept_on_save(tmp_path):
    path = tmp_path / "config.toml"
    shutil.copy(HOSTILE / "config" / "keymap-unknown.toml", path)
    config, notices = load_config(path)
    assert config.keymap == {"undo": "u"}
    assert notices == ["config.toml: keymap.fly: unknown binding id; ignored (the ids are "
                       "listed in README.md, section Files)"]
    assert save_config(dataclasses.replace(config, one_tap=False), path) == []
    assert tomllib.loads(path.read_text())["keymap"] == {"undo": "u", "fly": "f"}


def test_the_keymap_ids_are_the_ui_binding_ids():
    from textual.binding import Binding

    from spider_tui.ui.app import SpiderApp
    from spider_tui.ui.screens.game import GameScreen

    ids = {b.id for b in (*SpiderApp.BINDINGS, *GameScreen.BINDINGS)
           if isinstance(b, Binding) and b.id}
    assert ids == KEYMAP_IDS
    assert all(f"`{i}`" in (ROOT / "README.md").read_text(encoding="utf-8")
               for i in KEYMAP_IDS if not i.startswith("column_"))

