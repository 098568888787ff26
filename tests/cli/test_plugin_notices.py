"""``variants``, ``moves``, ``solve`` and ``bot`` name a plugin that failed to load, on one line
of standard error, as the app does at its start; ``solve`` and ``bot`` name a plugin's rule
method that failed during their search, on one line, and still answer."""

from __future__ import annotations

import textwrap

import pytest

from spider_tui.cli import main
from spider_tui.engine import Game

BROKEN = "import nonexistent_module_xyz  # a typo\n"

#: A plugin game whose move_refusal() raises from the second deal on: the registration check
#: (the first deal) passes, the search meets the failure (and the game is soon stuck).
RAISES_IN_PLAY = textwrap.dedent('''
    from spider_tui.engine import RuleSet
    from spider_tui.plugins import hookimpl


    class Brittle(RuleSet):
        def move_refusal(self, table, source, cards, target):
            if table.stock_left < 40:
                raise ZeroDivisionError("kaput")
            return super().move_refusal(table, source, cards, target)


    @hookimpl
    def register_variants(register):
        register(Brittle.from_dict({"id": "brittle", "deck": {"sets": 8, "suits": ["S"]},
                                    "layout": {"columns": 10, "down": [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]}},
                                   source=__file__))
''')


@pytest.fixture
def home(tmp_path, monkeypatch):
    from spider_tui.plugins.manager import reset_manager

    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    (tmp_path / "variants").mkdir()
    reset_manager()
    yield tmp_path
    reset_manager()


def one_line_naming(err: str, *words: str) -> str:
    lines = [line for line in err.splitlines() if all(w in line for w in words)]
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize("argv", [
    ["variants"],
    ["moves", "POSITION"],
    ["solve", "--variant", "spider-1suit", "--deal", "1", "--nodes", "200"],
    ["bot", "--variant", "spider-1suit", "--games", "1", "--nodes", "50"],
])
def test_a_plugin_that_failed_to_load_is_named_on_one_line(home, capsys, argv):
    (home / "variants" / "broken_one.py").write_text(BROKEN)
    position = home / "pos.toml"
    position.write_text(Game.new("spider-1suit", deal=1).to_position())
    argv = [str(position) if a == "POSITION" else a for a in argv]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    line = one_line_naming(err, "broken_one")
    assert "1 plugin failed" in line and "No module named 'nonexistent_module_xyz'" in line
    assert "broken_one.py, line 1" in line
    assert out  # the command still answers


def test_a_clean_start_says_nothing(home, capsys):
    assert main(["variants"]) == 0
    assert capsys.readouterr().err == ""


def test_a_plugin_left_out_on_purpose_is_no_failure(home, capsys, monkeypatch):
    (home / "variants" / "broken_one.py").write_text(BROKEN)
    monkeypatch.setenv("SPIDER_TUI_PLUGINS", "nothing-else")
    assert main(["variants"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("argv", [
    ["solve", "--variant", "brittle", "--deal", "1", "--nodes", "300"],
    ["bot", "--variant", "brittle", "--games", "1", "--nodes", "50"],
])
def test_a_rule_method_that_raises_during_a_search_is_named_on_one_line(home, capsys, argv):
    (home / "variants" / "brittle.py").write_text(RAISES_IN_PLAY)
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0 and out, err
    line = one_line_naming(err, "move_refusal()")
    assert "failed during the search" in line and "ZeroDivisionError: kaput" in line
    assert "brittle.py" in line and "variant 'brittle'" in line


@pytest.mark.parametrize("call, line, message", [
    # a key misspelled in the data, found by the reader deep inside spider-tui
    ('register(RuleSet.from_dict({"id": "t", "deck": {"sets": 8}, "layout": {"columns": 10},\n'
     '                            "stock": {"dael": 5}}, source=__file__))', 7,
     "stock.dael: unknown key (did you mean 'deal'?)"),
    # a misspelled argument of from_dict
    ('register(RuleSet.from_dict({"id": "t", "deck": {"sets": 8}, "layout": {"columns": 10}},\n'
     '                            sorce=__file__))', 7, "unexpected keyword argument 'sorce'"),
    # a bad value, on the third line of the call
    ('register(RuleSet.from_dict(\n'
     '    {"id": "t", "deck": {"sets": 8},\n'
     '     "layout": {"columns": "ten"}}))', 7, "layout.columns: missing or not a positive"),
])
def test_a_registration_error_names_the_plugins_file_and_line(home, capsys, call, line, message):
    (home / "variants" / "typo_plugin.py").write_text(
        "from spider_tui.engine import RuleSet\n"
        "from spider_tui.plugins import hookimpl\n"
        "\n\n"
        "@hookimpl\n"
        "def register_variants(register):\n"
        f"    {call}\n")
    assert main(["plugins"]) == 0
    problem = one_line_naming(capsys.readouterr().out, "typo_plugin:")
    assert message in problem
    assert problem.endswith(f"(typo_plugin.py, line {line})"), problem
    assert "rules.py" not in problem and "schema.py" not in problem


def test_an_import_time_error_names_the_plugins_line_too(home, capsys):
    (home / "variants" / "early.py").write_text(
        "from spider_tui.engine import RuleSet\n\n"
        "VARIANT = RuleSet.from_dict({'id': 'e', 'deck': {'sets': 8}, 'layout': {'columns': 0}})\n")
    assert main(["variants"]) == 0
    line = one_line_naming(capsys.readouterr().err, "early")
    assert "failed to import: VariantError" in line and "(early.py, line 3)" in line
