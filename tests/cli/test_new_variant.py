"""``spider-tui new-variant``: a starting TOML or Python variant that checks clean and plays."""

from __future__ import annotations

import dataclasses
import tomllib

import pytest

from spider_tui.cli import main
from spider_tui.engine import RuleSet
from spider_tui.plugins.authoring import variant_data, variant_toml
from spider_tui.plugins.manager import get_manager


def data_fields(rules: RuleSet) -> dict:
    skip = {"source", "house_rules", "rules_text"}
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)
            if f.name not in skip}


@pytest.mark.parametrize("vid", sorted(get_manager().catalog.variants))
def test_every_variant_written_as_a_file_reads_back_the_same(vid):
    rules = get_manager().catalog.variant(vid)
    again = RuleSet.from_dict(tomllib.loads(variant_toml(rules)), "again")
    assert data_fields(again) == data_fields(rules)
    assert again.rules_text.strip() == rules.rules_text.strip()


def test_table_model_fields_survive_the_round_trip():
    rules = RuleSet.from_dict({
        "id": "x", "name": "X", "win": "foundations", "deck": {"sets": 8, "shuffle": "separate"},
        "layout": {"columns": 8, "faces": "dudu"},
        "cells": {"count": 2, "capacity": "any", "dealt": [1, 0]},
        "reserves": {"count": 2, "dealt": 1},
        "foundations": [{"count": 4}, {"count": 4, "base": "K", "direction": "down",
                                       "take_back": True}],
        "waste": {"turn": 3, "redeals": 2, "dealt": 1},
        "stock": {"needs_full_columns": False, "skip": "empty"},
        "moves": {"place": ["same-rank", "down same-suit"], "lift": "single", "wrap": True,
                  "max_lift": "free-cells", "empty": "ace"},
        "runs": {"leave": False, "order": "up", "wrap": True}}, "x")
    again = RuleSet.from_dict(tomllib.loads(variant_toml(rules)), "again")
    assert data_fields(again) == data_fields(rules)
    assert variant_data(again) == variant_data(rules)


def test_new_variant_writes_a_toml_file_that_checks_clean_and_is_played(tmp_path, capsys,
                                                                          monkeypatch):
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    assert main(["new-variant", "my-spider", "--from", "spiderette"]) == 0
    path = tmp_path / "variants" / "my-spider.toml"
    assert path.is_file() and "spider-tui check-variant" in capsys.readouterr().out
    assert main(["check-variant", str(path)]) == 0
    assert "my-spider: ok" in capsys.readouterr().out.replace(str(path), "my-spider")
    assert main(["new-variant", "my-spider"]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["new-variant", "spider-1suit"]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["new-variant", ".."]) == 2
    assert "not a variant id" in capsys.readouterr().err


def test_new_variant_python_writes_a_plugin_that_registers_and_plays(tmp_path, capsys,
                                                                     monkeypatch):
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    assert main(["new-variant", "my-py", "--python", "--dir", str(tmp_path / "out")]) == 0
    path = tmp_path / "out" / "my_py.py"
    text = path.read_text()
    assert "only plugins you trust" in text
    capsys.readouterr()
    assert main(["check-variant", str(path)]) == 0
    assert "variant my-py" in capsys.readouterr().out
