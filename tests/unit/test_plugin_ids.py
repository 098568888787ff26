"""Ids and names a plugin gives pass the checks a variant file's pass (issue 29, items 8 and
12): ids are ASCII, names are plain text on one line; a plugin's that are not are refused,
naming the plugin, and never reach the terminal or a save."""

from __future__ import annotations

import pytest
from plugin_helpers import Plugin, liar, manager_with, variant_class, variant_plugin

from spider_tui.cli import main
from spider_tui.engine import HouseRule, VariantError
from spider_tui.engine.schema import id_problem

EVIL_ID = "evil\nid\x1b[31m"
OSC_NAME = "Evil\x1b]2;pwned\x07 Spider"


@pytest.mark.parametrize("vid", ["ѕpider-4suit", "spider-４suit", "spïder", "ｓpider",
                                 "spider\u200b", "١٢٣"])
def test_ids_are_ascii(vid):
    assert "a-z, A-Z, 0-9" in (id_problem(vid) or "")


def test_a_variant_file_with_a_homoglyph_id_is_refused(tmp_path):
    from spider_tui.engine.rules import RuleSet

    data = {"format": "spider-variant/1", "id": "ѕpider-4suit", "name": "Spider",
            "deck": {"sets": 8}, "layout": {"columns": 10, "down": 4, "up": 1}}
    with pytest.raises(VariantError, match="id: 'ѕpider-4suit' may only use"):
        RuleSet.from_dict(data, source="homoglyph.toml")


@pytest.mark.parametrize("changes, key", [
    ({"id": EVIL_ID}, "id"), ({"id": "ѕpider-4suit"}, "id"), ({"name": OSC_NAME}, "name"),
    ({"description": "a\x1b[2Jb"}, "description"), ({"rules_text": "\x9b31m"}, "rules_text"),
])
def test_a_plugin_variant_with_a_bad_id_or_text_is_refused(changes, key):
    mgr = manager_with(variant_plugin(liar(variant_class(), **changes)))
    assert set(mgr.catalog.variants) == set(manager_with().catalog.variants)
    [problem] = mgr.problems
    assert problem.startswith("liars: variant ") and f"is broken: {key}: " in problem
    assert "\x1b" not in problem and "\n" not in problem and "\x07" not in problem


def test_a_plugin_house_rule_and_scheme_with_bad_ids_or_names_are_refused():
    class Scheme:
        id, name, description = "ok-id", OSC_NAME, "fine"

        def score(self, game):
            return 0

    class BadId(Scheme):
        id = "ѕcore"

    rule = HouseRule(id=EVIL_ID, name="Evil", description="", changes={"all_face_up": True})
    mgr = manager_with(Plugin("evil", register_house_rules=lambda register: register(rule),
                              register_scoring=lambda register: (register(Scheme()),
                                                                 register(BadId()))))
    assert EVIL_ID not in mgr.catalog.house_rules
    assert not {"ok-id", "ѕcore"} & set(mgr.catalog.scoring)
    problems = "\n".join(mgr.problems)
    assert "house rule" in problems and "id: " in problems
    assert "scoring scheme 'ok-id' is broken: name: holds the control character" in problems
    assert "is broken: id: " in problems
    assert "\x1b" not in problems and "\x07" not in problems


def test_new_variant_refuses_a_name_the_loader_would_refuse(tmp_path, capsys):
    assert main(["new-variant", "mine", "--name", "a\x1b[31mb", "--dir", str(tmp_path)]) == 2
    assert "--name holds the control character" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
    assert main(["new-variant", "ѕpider", "--dir", str(tmp_path)]) == 2
    assert list(tmp_path.iterdir()) == []
    assert main(["new-variant", "mine", "--name", "Mine", "--dir", str(tmp_path)]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["mine.toml"]
