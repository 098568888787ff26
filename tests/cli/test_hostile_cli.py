"""Issue 23 on the command line: hostile files and numbers give one clear line and exit status
2, quickly; never a hang, a traceback or "internal error". The files are in
``tests/hostile/files/``; the big inputs are made here."""

from __future__ import annotations

import io
import json
import shutil
import time
from pathlib import Path

import pytest

from spider_tui.cli import main
from spider_tui.engine import Game

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ROOT / "tests" / "hostile" / "files"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, *argv: str, within: float = 5.0, notices: int = 0) -> str:
    """Run ``argv``; it must exit 2 with one line on stderr (after ``notices`` lines naming
    plugins that failed), within ``within`` seconds."""
    start = time.perf_counter()
    code, out, err = run(capsys, *argv)
    assert time.perf_counter() - start < within
    assert code == 2 and out == "", (code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 + notices and all(x.startswith("spider-tui: ") for x in lines), err
    assert all("plugin failed" in x for x in lines[:notices]), err
    lines = lines[notices:]
    assert "internal error" not in err and "Traceback" not in err
    assert len(lines[0]) < 300
    return lines[0]


def argparse_refused(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit) as e:
        main(list(argv))
    err = capsys.readouterr().err
    assert e.value.code == 2 and "Traceback" not in err
    assert len(err) < 1000
    return err


@pytest.fixture
def home(tmp_path, monkeypatch):
    from spider_tui.plugins.manager import reset_manager

    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    reset_manager()
    yield tmp_path
    reset_manager()


# ---------------------------------------------------------------- 1. hangs in TOML


def test_a_50000_part_dotted_key_is_refused_in_well_under_a_second(capsys, tmp_path):
    path = tmp_path / "d.toml"
    path.write_text("a" + ".a" * 50_000 + " = 1\n", encoding="utf-8")
    line = refused(capsys, "moves", str(path))
    assert str(path) in line and "a key of more than 32 dotted parts (line 1)" in line


def test_standard_input_is_bounded_too(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("# " + "x" * 300_000 + "\n"))
    line = refused(capsys, "moves", "-")
    assert "standard input" in line and "too large" in line


def test_check_variant_refuses_a_dotted_key_naming_the_file(capsys, tmp_path):
    path = tmp_path / "d.toml"
    path.write_text("a" + ".a" * 50_000 + " = 1\n", encoding="utf-8")
    start = time.perf_counter()
    code, out, err = run(capsys, "check-variant", str(path))
    assert time.perf_counter() - start < 5.0
    assert code == 2 and err.startswith(f"{path}: a key of more than 32 dotted parts")


# ---------------------------------------------------------------- 2. counts


@pytest.mark.parametrize("name, key", [
    ("sets-4e9.toml", "deck.sets: 4000000000 sets is more than the 64"),
    ("sets-2e7.toml", "deck.sets: 20000000 sets is more than the 64"),
])
def test_check_variant_refuses_huge_counts_naming_the_key(capsys, name, key):
    path = HOSTILE / "variants" / name
    start = time.perf_counter()
    code, out, err = run(capsys, "check-variant", str(path))
    assert time.perf_counter() - start < 5.0
    assert code == 2 and f"{path}: {key}" in err


def test_a_huge_variant_in_the_folder_does_not_stop_the_game_starting(capsys, home):
    (home / "variants").mkdir()
    for name in ("sets-4e9.toml", "sets-2e7.toml"):
        shutil.copy(HOSTILE / "variants" / name, home / "variants")
    start = time.perf_counter()
    code, out, _ = run(capsys, "variants")
    assert time.perf_counter() - start < 5.0
    assert code == 0 and "spider-4suit" in out and "sets-4e9" not in out
    # The file that failed is named first, then why the command stops.
    line = refused(capsys, "position", "--variant", "sets-2e7", "--deal", "1", within=5.0,
                   notices=1)
    assert "unknown variant 'sets-2e7'" in line


# ---------------------------------------------------------------- 3. numbers on the command line


@pytest.mark.parametrize("argv, option", [
    (["solve", "--variant", "spider-1suit", "--deal", "1", "--time-limit", "nan"], "--time-limit"),
    (["solve", "--variant", "spider-1suit", "--deal", "1", "--time-limit", "inf"], "--time-limit"),
    (["solve", "--variant", "spider-1suit", "--deal", "1", "--time-limit", "1e400"],
     "--time-limit"),
    (["solve", "--variant", "spider-1suit", "--deal", "1", "--time-limit", "-1"], "--time-limit"),
    (["solve", "--variant", "spider-1suit", "--deal", "1", "--time-limit", "0"], "--time-limit"),
    (["bot", "--variant", "spider-1suit", "--budget", "nan"], "--budget"),
    (["bot", "--variant", "spider-1suit", "--budget", "inf"], "--budget"),
    (["bot", "--variant", "spider-1suit", "--budget", "-5"], "--budget"),
    (["bot", "--variant", "spider-1suit", "--games", "0"], "--games"),
    (["bot", "--variant", "spider-1suit", "--games", "1e9"], "--games"),
    (["bot", "--variant", "spider-1suit", "--jobs", "-1"], "--jobs"),
    (["bot", "--variant", "spider-1suit", "--first-deal", "9" * 4301], "--first-deal"),
    (["solve", "--variant", "spider-1suit", "--deal", "9" * 4301], "--deal"),
    (["position", "--variant", "spider-1suit", "--deal", "-1"], "--deal"),
    (["position", "--variant", "spider-1suit", "--deal", str(2 ** 63)], "--deal"),
    (["play", "--deal", "9" * 4301], "--deal"),
    (["--deal", "9" * 4301], "--deal"),
])
def test_numeric_options_are_refused_when_the_arguments_are_parsed(capsys, argv, option):
    err = argparse_refused(capsys, *argv)
    assert f"argument {option}: " in err and ("is not a number" in err
                                              or "is not a whole number" in err)


# ---------------------------------------------------------------- 5. digits past Python's limit


@pytest.fixture
def position(tmp_path) -> Path:
    path = tmp_path / "pos.toml"
    path.write_text(Game.new("spider-1suit", deal=1).to_position(), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["apply", "moves"])
def test_4301_digit_numbers_in_a_position_are_refused(capsys, position, command):
    position.write_text(position.read_text().replace("deal = 1", "deal = " + "9" * 4301))
    line = refused(capsys, command, str(position), *(["d"] if command == "apply" else []))
    assert "deal must be a whole number from 0 to" in line


def test_4301_digit_column_numbers_in_a_move_are_refused(capsys, position):
    line = refused(capsys, "apply", str(position), "9" * 4301 + ">2")
    assert "no game has that many columns" in line


def test_arrays_nested_500_deep_are_refused(capsys):
    path = HOSTILE / "positions" / "nested-500.toml"
    line = refused(capsys, "moves", str(path))
    assert "nested more than 32 deep" in line and str(path) in line


def test_a_5000_digit_setting_does_not_stop_the_game_starting(home):
    from spider_tui.cli.play import _config
    from spider_tui.plugins.manager import get_manager

    (home / "config.toml").write_text("hint_budget_ms = " + "9" * 5000 + "\n")
    config, notices = _config(get_manager())
    assert config.hint_budget_ms == 120
    assert len(notices) == 1 and "hint_budget_ms" in notices[0]


# ---------------------------------------------------------------- 6. markup and escapes


def test_markup_in_names_is_shown_as_text_by_every_command(capsys, home):
    (home / "variants").mkdir()
    shutil.copy(HOSTILE / "variants" / "markup-name.toml", home / "variants")
    code, out, err = run(capsys, "variants")
    assert code == 0 and "[/bold] evil [" in out
    code, out, err = run(capsys, "plugins")
    assert code == 0 and "user-files" in out
    code, out, err = run(capsys, "check-variant", str(home / "variants" / "markup-name.toml"))
    assert code == 0 and "ok (variant markup-name" in out


def test_stats_pass_no_escape_character_to_the_terminal(capsys, home):
    record = {"variant": "spider-1suit\x1b[2J\x1b[H", "house_rules": ["[/bold]\x07"],
              "played": 1, "won": 0, "best_time": None, "best_score": {}, "fewest_moves": None,
              "streak": 0, "best_streak": 0, "clean_wins": 0}
    (home / "stats.json").write_text(json.dumps({"format": "spider-stats/1",
                                                 "records": [record], "recorded": []}))
    code, out, err = run(capsys, "stats")
    assert code == 0 and "spider-1suit?[2J?[H" in out and "[/bold]?" in out
    assert "\x1b" not in out + err and "\x07" not in out + err


def test_the_rich_stats_table_reads_no_markup():
    from rich.console import Console

    from spider_tui.cli.stats import rich_table

    console = Console(file=io.StringIO(), width=200)
    console.print(rich_table([["[/bold] evil [", "-", "1", "0", "0.0%", "-", "-", "-", "0",
                               "0", "0"]]))
    assert "[/bold] evil [" in console.file.getvalue()


# ---------------------------------------------------------------- 7. each file on its own


def test_check_variant_checks_each_file_on_its_own(capsys):
    files = sorted((HOSTILE / "variants").glob("*.toml"))
    code, out, err = run(capsys, "check-variant", *map(str, files))
    assert code == 2 and "internal error" not in err and "Traceback" not in err
    assert "markup-name.toml: ok" in out
    for path in files:
        if path.name != "markup-name.toml":
            assert f"{path}: " in err, f"{path.name} is not reported"


# ---------------------------------------------------------------- 11. .py plugins run code


def test_check_variant_says_it_runs_a_py_file_before_it_does(capsys, tmp_path):
    path = tmp_path / "loud.py"
    path.write_text("import sys\nprint('the plugin ran', file=sys.stderr)\n")
    code, out, err = run(capsys, "check-variant", str(path))
    assert "runs its code" in err and "only check (and install) plugins you trust" in err
    assert err.index("runs its code") < err.index("the plugin ran")


def test_the_readme_and_the_plugin_guide_say_to_install_only_trusted_plugins():
    for doc in (ROOT / "README.md", ROOT / "docs" / "plugins.md"):
        text = " ".join(doc.read_text(encoding="utf-8").split())
        assert "Only install plugins you trust" in text and "with your rights" in text


# ---------------------------------------------------------------- smaller


@pytest.mark.parametrize("moves, why", [
    (["-1>2"], "move 1 (-1>2): cannot read move '-1>2': columns are numbered from 1"),
    (["d", "-d"], "move 2 (-d): cannot read move '-d'"),
    (["d", "--", "-1>2"], "move 2 (--): cannot read move '--'"),
])
def test_a_move_starting_with_a_dash_is_a_move(capsys, position, moves, why):
    assert why in refused(capsys, "apply", str(position), *moves)


def test_apply_without_moves_says_what_to_give(capsys, position):
    assert "say which moves to play" in refused(capsys, "apply", str(position))


@pytest.mark.parametrize("name, message", [
    ("dot-dot-id.toml", "id: '..' must start with a letter or a digit"),
    ("builtin-id.toml", "id: 'spider-1suit' is already the id of a variant from builtin"),
    ("house-rule-deal-negative.toml", "house_rule[0].set.deal_size: must be from 0"),
])
def test_check_variant_refuses_bad_ids_and_deal_sizes(capsys, name, message):
    path = HOSTILE / "variants" / name
    code, out, err = run(capsys, "check-variant", str(path))
    assert code == 2 and f"{path}: {message}" in err


def test_check_variant_refuses_a_house_rule_id_already_taken(capsys, tmp_path):
    path = tmp_path / "h.toml"
    path.write_text('format = "spider-house-rules/1"\n[[house_rule]]\nid = "open"\n'
                    'name = "Open"\nset = { all_face_up = true }\n')
    code, out, err = run(capsys, "check-variant", str(path))
    assert code == 2 and "house_rule[0].id: 'open' is already the id of a house rule" in err


def test_check_variant_of_a_file_in_the_players_folder_is_not_its_own_duplicate(capsys, home):
    (home / "variants").mkdir()
    shutil.copy(HOSTILE / "variants" / "markup-name.toml", home / "variants")
    code, out, err = run(capsys, "check-variant", str(home / "variants" / "markup-name.toml"))
    assert code == 0, err
