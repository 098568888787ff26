"""``spider-tui stats``: the table (plain when piped, rich on a terminal) and ``--reset``."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from test_stats import started, won

from spider_tui.cli import main
from spider_tui.cli.stats import plain_table, rich_table, show
from spider_tui.store.save import SaveMeta
from spider_tui.store.stats import StatsStore


@pytest.fixture
def home(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def played(home: Path) -> StatsStore:
    store = StatsStore(home / "stats.json")
    store.record_win(won(seconds=95.0), SaveMeta())
    store.record_win(won(detour=2, seconds=200.0), SaveMeta())
    store.record_abandoned(started(), SaveMeta())
    store.record_win(won(house_rules=["relaxed-deal"]), SaveMeta())
    return store


def test_no_games_yet(home, capsys):
    assert main(["stats"]) == 0
    assert capsys.readouterr().out == "No games recorded yet.\n"


def test_the_plain_table_when_piped(played, capsys):
    assert main(["stats"]) == 0
    out = capsys.readouterr()
    assert out.err == ""
    lines = out.out.splitlines()
    assert lines[0].split() == ["Variant", "House", "rules", "Played", "Won", "Win", "%",
                                "Best", "time", "Best", "score", "Fewest", "moves", "Streak",
                                "Best", "streak", "Clean", "wins"]
    best = str(won().score)
    assert lines[1].split() == ["spider-1suit", "-", "3", "2", "66.7%", "1:35", best,
                                "(classic)", "1", "0", "2", "2"]
    assert lines[2].split() == ["spider-1suit", "relaxed-deal", "1", "1", "100.0%", "1:40",
                                best, "(classic)", "1", "1", "1", "1"]
    assert "│" not in out.out and "\x1b" not in out.out
    # Columns line up: every row is as wide as the heading's columns make it.
    assert lines[1].index("66.7%") + len("66.7%") == lines[0].index("Win %") + len("Win %")


def test_the_rich_table_on_a_terminal(played, monkeypatch):
    monkeypatch.setenv("COLUMNS", "160")

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Terminal()
    show(played.load().rows(), out)
    text = out.getvalue()
    assert "Statistics" in text and "spider-1suit" in text and "66.7%" in text
    assert rich_table([r.cells() for r in played.load().rows()]).row_count == 2


def test_reset_one_combination_prints_what_was_reset(played, capsys):
    assert main(["stats", "--reset", "spider-1suit"]) == 0
    out = capsys.readouterr().out
    assert out == ("Reset the statistics of spider-1suit (no house rules): 3 played, 2 won "
                   "(66.7%), best streak 2.\n")
    rows = played.load().rows()
    assert [r.key for r in rows] == [("spider-1suit", ("relaxed-deal",))]
    assert main(["stats", "--reset", "spider-1suit", "--house-rule", "relaxed-deal"]) == 0
    assert "(house rules: relaxed-deal): 1 played" in capsys.readouterr().out
    assert played.load().rows() == []


def test_reset_of_a_combination_never_played_exits_2_and_changes_nothing(played, capsys):
    before = played.path.read_bytes()
    assert main(["stats", "--reset", "spider-4suit"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no statistics for spider-4suit (no house rules)" in err
    assert "spider-1suit (house rules: relaxed-deal)" in err
    assert played.path.read_bytes() == before


def test_house_rule_without_reset_is_an_error(home, capsys):
    assert main(["stats", "--house-rule", "open"]) == 2
    assert "--reset" in capsys.readouterr().err


def test_a_damaged_file_is_reported_on_stderr_and_moved_aside(home, capsys):
    (home / "stats.json").write_text("{broken")
    assert main(["stats"]) == 0
    out = capsys.readouterr()
    assert out.out == "No games recorded yet.\n"
    assert "moved to" in out.err and "stats.json.2" in out.err
    assert not (home / "stats.json").exists()


def test_the_installed_command_runs(played):
    proc = subprocess.run([sys.executable, "-m", "spider_tui", "stats"], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[1].startswith("spider-1suit")


def test_plain_table_aligns_numbers_right():
    cells = [["v", "-", "10", "1", "10.0%", "1:00", "5 (classic)", "9", "0", "1", "0"],
             ["w", "-", "2", "2", "100.0%", "0:30", "-", "12", "2", "2", "2"]]
    lines = plain_table(cells).splitlines()
    assert lines[1].index("10.0%") + 5 == lines[2].index("100.0%") + 6
