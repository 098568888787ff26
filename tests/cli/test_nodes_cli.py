"""``spider-tui solve --nodes N`` and ``spider-tui bot --nodes N`` (issue 31 item 5): a node
budget instead of a time limit gives the same answer on every run, in separate processes
whatever their hash seed, and the output adds positions per second."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from spider_tui.cli import main
from spider_tui.engine import Game

ROOT = Path(__file__).resolve().parents[2]


def program(args: list[str], seed: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items()
           if k not in ("FORCE_COLOR", "CLICOLOR_FORCE", "TTY_COMPATIBLE")}
    env["PYTHONHASHSEED"] = seed
    return subprocess.run([sys.executable, "-m", "spider_tui", *args], capture_output=True,
                          text=True, env=env, timeout=120, cwd=ROOT)


def searched(err: str) -> int:
    found = re.search(r"(\d+) positions searched, (\d+) positions/s\)", err)
    assert found, err
    return int(found.group(1))


def test_solve_with_nodes_gives_the_same_line_and_count_in_every_process():
    argv = ["solve", "--variant", "spider-1suit", "--deal", "1", "--nodes", "3000"]
    first, again = program(argv, "1"), program(argv, "2")
    assert first.returncode == again.returncode == 0, first.stderr + again.stderr
    assert first.stdout == again.stdout
    assert searched(first.stderr) == searched(again.stderr) <= 3000
    assert first.stderr.startswith("won in ")
    g = Game.new("spider-1suit", deal=1)
    for m in first.stdout.split():
        g.play(m)
    assert g.status == "won"


def test_solve_says_unknown_within_the_nodes(capsys):
    assert main(["solve", "--variant", "spider-4suit", "--deal", "1", "--nodes", "200"]) == 0
    out, err = capsys.readouterr()
    assert out.strip() == "unknown"
    assert err.startswith("no win found within 200 positions (") and searched(err) <= 200


def test_solve_with_nodes_and_a_time_limit_names_both(capsys):
    assert main(["solve", "--variant", "spider-4suit", "--deal", "1", "--nodes", "200",
                 "--time-limit", "30"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("no win found within 30 s and 200 positions (")


def test_solve_without_nodes_keeps_its_time_limit_and_adds_the_rate(capsys):
    assert main(["solve", "--variant", "spider-4suit", "--deal", "1",
                 "--time-limit", "0.05"]) == 0
    out, err = capsys.readouterr()
    assert out.strip() == "unknown"
    assert err.startswith("no win found within 0.05 s (") and searched(err) >= 0


def test_bot_with_nodes_plays_the_same_games_in_every_process():
    argv = ["bot", "--variant", "spider-1suit", "--games", "2", "--first-deal", "3",
            "--nodes", "150"]
    first, again = program(argv, "1"), program(argv, "2")
    assert first.returncode == again.returncode == 0, first.stderr + again.stderr
    lines, lines2 = first.stdout.splitlines(), again.stdout.splitlines()
    assert lines[0] == "spider-1suit: 2 games (deals 3-4), fair, budget 150 positions per move"
    # Everything but the times: the wins, the moves, the positions searched per game.
    assert lines[:3] == lines2[:3]
    assert lines[3].startswith("time per game: ")
    per_game = re.fullmatch(r"positions searched: (\d+) per game, (\d+) per second", lines[4])
    per_game2 = re.fullmatch(r"positions searched: (\d+) per game, (\d+) per second", lines2[4])
    assert per_game and per_game2 and per_game.group(1) == per_game2.group(1)


def test_bot_with_nodes_and_budget_names_both(capsys):
    assert main(["bot", "--variant", "spider-1suit", "--games", "1", "--first-deal", "3",
                 "--nodes", "50", "--budget", "500"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("budget 500 ms and 50 positions per move")


def test_bot_help_says_the_nodes_are_per_move(capsys):
    with pytest.raises(SystemExit):
        main(["bot", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--nodes N positions to search per move" in text


@pytest.mark.parametrize("command", [
    ["solve", "--variant", "spider-1suit", "--deal", "1"],
    ["bot", "--variant", "spider-1suit"],
])
@pytest.mark.parametrize("value", ["0", "-5", "1.5", "many", "9" * 4301])
def test_a_bad_node_count_is_refused_in_one_line(capsys, command, value):
    with pytest.raises(SystemExit) as e:
        main([*command, "--nodes", value])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "Traceback" not in err and len(err) < 1000
    assert "argument --nodes: " in err and "is not a whole number" in err
