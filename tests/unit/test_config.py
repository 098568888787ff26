"""Settings: read with a notice for every problem (file, key, the value used instead), never an
exception; written atomically without losing what this release does not understand."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spider_tui import config as config_mod
from spider_tui.config import Config, load_config, save_config
from spider_tui.store import files

FIELDS = [f.name for f in dataclasses.fields(Config)]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "config.toml"


def load(path: Path, text: str, **kw) -> tuple[Config, list[str]]:
    path.write_text(text)
    return load_config(path, **kw)


def test_no_file_means_the_defaults_and_no_notice(path):
    assert load_config(path) == (Config(), [])


def test_the_default_location_follows_spider_tui_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    assert save_config(Config(theme="mine")) == []
    assert (tmp_path / "config.toml").exists()
    assert load_config()[0].theme == "mine"


def test_every_setting_round_trips(path):
    c = Config(variant="spider-2suit", house_rules=["relaxed-deal"], scoring="built",
               theme="paper", one_tap=False, four_colour=False, hint_peek=True,
               hint_budget_ms=500, meter=False, confirm_new_game=False, animation="fast",
               keymap={"undo": "u,ctrl+z", "new_game": "n"})
    assert save_config(c, path) == []
    assert load_config(path) == (c, [])
    text = path.read_text()
    assert text.startswith("#") and 'format = "spider-config/1"' in text
    assert tomllib.loads(text)["keymap"] == {"undo": "u,ctrl+z", "new_game": "n"}


def test_a_bad_value_is_named_with_the_value_used_instead(path):
    c, notices = load(path, "one_tap = 'yes'\nfour_colour = false\n")
    assert notices == ["config.toml: one_tap: 'yes' is not true or false; using true"]
    assert c.one_tap is True and c.four_colour is False


@pytest.mark.parametrize("text, notice, field, used", [
    ("hint_budget_ms = 'fast'",
     "config.toml: hint_budget_ms: 'fast' is not a whole number of milliseconds; using 120",
     "hint_budget_ms", 120),
    ("hint_budget_ms = 99999",
     "config.toml: hint_budget_ms: 99999 is not between 10 and 10000; using 10000",
     "hint_budget_ms", 10000),
    ("hint_budget_ms = true",
     "config.toml: hint_budget_ms: true is not a whole number of milliseconds; using 120",
     "hint_budget_ms", 120),
    ("animation = 'slow'", "config.toml: animation: 'slow' is not one of \"normal\", "
     "\"fast\", \"off\"; using 'normal'", "animation", "normal"),
    ("animation = ' Off '", None, "animation", "off"),
    ("variant = 4", "config.toml: variant: 4 is not text; using 'spider-4suit'",
     "variant", "spider-4suit"),
    ("house_rules = 'open'", "config.toml: house_rules: 'open' is not a list of ids; using []",
     "house_rules", []),
    ("house_rules = ['open', 7]", "config.toml: house_rules: 7 is not an id; dropped",
     "house_rules", ["open"]),
    ("keymap = 'u'",
     "config.toml: keymap: 'u' is not a table of binding = keys; using {}", "keymap", {}),
    ("[keymap]\nundo = ''\nhint = 'h'",
     "config.toml: keymap.undo: '' is not a list of keys such as \"u,ctrl+z\"; ignored",
     "keymap", {"hint": "h"}),
    ("confirm_new_game = 1979-05-27",
     "config.toml: confirm_new_game: 1979-05-27 is not true or false; using true",
     "confirm_new_game", True),
    ("colour = 'red'", "config.toml: colour: unknown setting; ignored", "theme", "spider-dark"),
])
def test_each_kind_of_problem(path, text, notice, field, used):
    c, notices = load(path, text)
    assert notices == ([notice] if notice else [])
    assert getattr(c, field) == used


def test_a_keymap_may_list_its_keys(path):
    c, notices = load(path, "[keymap]\nundo = ['u', 'ctrl+z']\n")
    assert notices == [] and c.keymap == {"undo": "u,ctrl+z"}


def test_ids_are_checked_against_the_installed_plugins(path, catalog):
    text = ("variant = 'spider-9suit'\nhouse_rules = ['relaxed-deal', 'no-such-rule']\n"
            "scoring = 'bogus'\ntheme = 'neon'\n")
    c, notices = load(path, text, catalog=catalog, themes={"spider-dark", "paper"})
    assert notices == [
        "config.toml: variant: 'spider-9suit' is not an installed variant; using 'spider-4suit'",
        "config.toml: house_rules: 'no-such-rule' is not an installed house rule; dropped",
        "config.toml: scoring: 'bogus' is not an installed scoring scheme; using the "
        "variant's own",
        "config.toml: theme: 'neon' is not an installed theme; using 'spider-dark'",
    ]
    assert (c.variant, c.house_rules, c.scoring, c.theme) == (
        "spider-4suit", ["relaxed-deal"], "", "spider-dark")
    # Without a catalog the ids are not judged.
    assert load_config(path)[0].variant == "spider-9suit"


def test_a_house_rule_that_changes_nothing_in_the_variant_is_dropped(path, catalog):
    rule = next(h for h in catalog.house_rules.values()
                if not all(h.applies_to(v) for v in catalog.variants.values()))
    variant = next(v for v in catalog.variants.values() if not rule.applies_to(v))
    c, notices = load(path, f"variant = '{variant.id}'\nhouse_rules = ['{rule.id}']\n",
                      catalog=catalog)
    assert c.house_rules == [] and len(notices) == 1
    assert notices[0].startswith("config.toml: house_rules: ") and "dropped" in notices[0]


def test_a_plugin_manager_supplies_the_catalog_and_themes(path):
    from spider_tui.plugins.manager import get_manager

    mgr = get_manager()
    c, notices = load(path, "variant = 'spider-2suit'\n", manager=mgr)
    assert (c.variant, notices) == ("spider-2suit", [])


def test_a_file_that_is_not_toml_gives_one_notice_and_is_left_alone(path):
    for content in [b"one_tap = = true\n", b"\xff\xfe\x00\x01", b"[" * 50_000]:
        path.write_bytes(content)
        c, notices = load_config(path)
        assert c == Config()
        assert len(notices) == 1 and "not a TOML file" in notices[0]
        assert str(path) in notices[0] and "left as it is" in notices[0]
        assert path.read_bytes() == content


def test_saving_over_a_file_that_is_not_toml_moves_it_aside_first(path):
    path.write_bytes(b"this is = = not toml")
    notices = save_config(Config(one_tap=False), path)
    assert len(notices) == 1 and "moved to" in notices[0]
    kept = [p for p in path.parent.iterdir() if p.name.startswith("config.toml.")]
    assert [p.read_bytes() for p in kept] == [b"this is = = not toml"]
    assert load_config(path) == (Config(one_tap=False), [])


def test_saving_keeps_the_keys_this_release_does_not_know(path):
    path.write_text("one_tap = false\nfuture_setting = 3\n[future_table]\nx = 'y'\n")
    c, notices = load_config(path)
    assert len(notices) == 2
    c.theme = "paper"
    assert save_config(c, path) == []
    data = tomllib.loads(path.read_text())
    assert data["future_setting"] == 3 and data["future_table"] == {"x": "y"}
    assert data["theme"] == "paper" and data["one_tap"] is False


def test_a_failing_write_keeps_the_old_settings(path, monkeypatch):
    save_config(Config(theme="old"), path)
    good = path.read_bytes()

    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", refuse)
    notices = save_config(Config(theme="new"), path)
    assert len(notices) == 1 and "No space left on device" in notices[0]
    assert path.read_bytes() == good
    assert list(path.parent.glob(".config.toml.*")) == []


def test_a_newer_format_is_read_for_what_this_release_knows(path):
    c, notices = load(path, "format = 'spider-config/7'\none_tap = false\nnew_thing = 1\n")
    assert c.one_tap is False
    assert notices[0].startswith("config.toml: format: 'spider-config/7' was written by a "
                                 "newer spider-tui")
    assert notices[1] == "config.toml: new_thing: unknown setting; ignored"


def test_an_odd_format_is_named(path):
    c, notices = load(path, "format = 'banana'\none_tap = false\n")
    assert c.one_tap is False
    assert notices == ["config.toml: format: 'banana' is not a settings format; reading the "
                       "file as spider-config/1"]


def test_an_older_format_is_migrated(path, monkeypatch):
    def one_to_two(table: dict) -> dict:
        table = dict(table)
        table["four_colour"] = table.pop("four_color")
        return table

    monkeypatch.setattr(config_mod, "VERSION", 2)
    monkeypatch.setattr(config_mod, "MIGRATIONS", {1: one_to_two})
    c, notices = load(path, "format = 'spider-config/1'\nfour_color = false\n")
    assert notices == [] and c.four_colour is False
    assert save_config(c, path) == []
    assert 'format = "spider-config/2"' in path.read_text()


# ---------------------------------------------------------------------- fuzzing

toml_scalars = st.one_of(
    st.booleans(), st.integers(min_value=-2**63, max_value=2**63 - 1),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20),
    st.datetimes(), st.dates(), st.times(),
)
toml_values = st.recursive(
    toml_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
)
keys = st.sampled_from(FIELDS + ["format", "colour", ""]) | st.text(max_size=10)


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(table=st.dictionaries(keys, toml_values, max_size=len(FIELDS) + 3))
def test_any_toml_table_loads_with_notices_and_well_typed_settings(tmp_path, table, catalog):
    path = tmp_path / "config.toml"
    path.write_text(tomli_w.dumps(table))
    for kw in ({}, {"catalog": catalog, "themes": {"spider-dark"}}):
        c, notices = load_config(path, **kw)
        check_well_typed(c)
        assert all(isinstance(n, str) and n.startswith("config.toml: ") and "\n" not in n
                   for n in notices)
        # Whatever was read can be written and read back unchanged, without a notice.
        out = tmp_path / "again.toml"
        assert save_config(c, out) == []
        again, more = load_config(out, **kw)
        assert again == c
        assert all("unknown setting" in n for n in more)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_any_bytes_load_without_raising(tmp_path, content):
    path = tmp_path / "config.toml"
    path.write_bytes(content)
    c, notices = load_config(path)
    check_well_typed(c)
    assert all(isinstance(n, str) for n in notices)
    assert path.read_bytes() == content


def check_well_typed(c: Config) -> None:
    for name in ("one_tap", "four_colour", "hint_peek", "meter", "confirm_new_game"):
        assert isinstance(getattr(c, name), bool)
    for name in ("variant", "scoring", "theme"):
        assert isinstance(getattr(c, name), str)
    assert isinstance(c.hint_budget_ms, int) and not isinstance(c.hint_budget_ms, bool)
    assert config_mod.HINT_BUDGET_MS[0] <= c.hint_budget_ms <= config_mod.HINT_BUDGET_MS[1]
    assert isinstance(c.house_rules, list) and all(isinstance(h, str) and h
                                                   for h in c.house_rules)
    assert isinstance(c.keymap, dict) and all(
        isinstance(k, str) and isinstance(v, str) and v for k, v in c.keymap.items())
