"""A command that plays on several processes (``bot --jobs``, ``rate --jobs``) plays a game of
the player's own variants folder in each of them: every worker loads the player's plugins as
the command did (``cli.common.load_plugins``), where before a worker knew only the shipped
games and failed on the first deal."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from spider_tui.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def home(tmp_path, monkeypatch):
    from spider_tui.plugins.manager import reset_manager

    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    (tmp_path / "variants").mkdir()
    shutil.copy(ROOT / "examples" / "variants" / "deuces.toml", tmp_path / "variants")
    reset_manager()
    yield tmp_path
    reset_manager()


def test_bot_on_two_processes_plays_a_game_of_the_players_folder(home, capsys):
    assert main(["bot", "--variant", "deuces", "--games", "2", "--nodes", "20",
                 "--jobs", "2"]) == 0
    out = capsys.readouterr().out
    assert "deuces: 2 games" in out and "won " in out


def test_rate_on_two_processes_rates_a_game_of_the_players_folder(home, capsys):
    assert main(["rate", "--variant", "deuces", "--deals", "1-2", "--nodes", "200",
                 "--bot-nodes", "10", "--jobs", "2"]) == 0
    out = capsys.readouterr().out
    assert "Deuces" in out and "deuces" in out
