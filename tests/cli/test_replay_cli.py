"""``spider-tui replay`` (list, export, replay a record or a game kept) and ``spider-tui watch``
(the bot's or the solver's line, within a node budget): what they print, the record files they
write and read, and the one-line errors."""

from __future__ import annotations

import json

import pytest

from spider_tui.cli import main
from spider_tui.cli import play as play_cli
from spider_tui.engine import Game
from spider_tui.store.history import GameRecord, HistoryStore
from spider_tui.store.save import SaveMeta


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def shown(monkeypatch):
    """The app ``replay`` and ``watch`` would run (not run: its replay is looked at)."""
    apps = []

    def run_app(app):
        apps.append(app)
        return 0

    monkeypatch.setattr(play_cli, "run_app", run_app)
    return apps


def finish(home, variant: str, deal: int, moves: int) -> Game:
    game = Game.new(variant, deal)
    for _ in range(moves):
        game.play(game.legal_moves()[0])
    HistoryStore(home / "history.json").add(game, SaveMeta())
    return game


def test_list_export_and_replay_a_game_kept(home, capsys, shown):
    first = finish(home, "spider-1suit", 3, 5)
    finish(home, "spider-2suit", 8, 2)
    code, out, _ = run(capsys, "replay", "--list")
    lines = out.splitlines()
    assert code == 0 and "Finished games" in lines[0]
    assert lines[3].startswith("1 ") and "Spider (two suits)" in lines[3]
    assert "Spider (one suit)" in lines[4] and "abandoned" in lines[4]
    code, _, err = run(capsys, "replay", "--export", "2", str(home / "game.json"))
    assert code == 0 and "Written to" in err
    record = GameRecord.loads((home / "game.json").read_bytes())
    assert (record.variant, record.deal, record.moves) == ("spider-1suit", 3,
                                                           first.moves_played())
    code, out, _ = run(capsys, "replay", "--export", "2", "-")
    assert code == 0 and json.loads(out)["format"] == "spider-record/1"
    for argv in (["replay", str(home / "game.json"), "--speed", "5"], ["replay", "2"]):
        assert run(capsys, *argv)[0] == 0
        request = shown[-1]._replay_asked
        assert request.moves == first.moves_played() and request.problem == ""
        assert shown[-1].session is None  # nothing saved or counted
    assert shown[0]._replay_asked.speed == 5


def test_a_record_whose_move_no_longer_fits_is_said_before_the_table_opens(home, capsys,
                                                                            shown):
    game = finish(home, "spider-1suit", 3, 5)
    record = GameRecord.of(game, SaveMeta(), "abandoned")
    record.moves[2] = "9>9"
    (home / "bad.json").write_bytes(record.dumps())
    code, _, err = run(capsys, "replay", str(home / "bad.json"), "--step")
    assert code == 0 and "move 3 of the record (9>9) does not fit" in err
    assert shown[-1]._replay_asked.moves == game.moves_played()[:2]
    assert shown[-1]._replay_asked.paused


@pytest.mark.parametrize("argv, words", [
    (["replay"], "say which game to replay"),
    (["replay", "4"], "there is no finished game 4: no finished game is kept yet"),
    (["replay", "--export", "1", "x.json"], "there is no finished game 1"),
    (["replay", "nowhere.json"], "cannot read nowhere.json: no such file"),
    (["replay", "--list", "3"], "--list takes no record"),
    (["watch", "--variant", "nope", "--deal", "1"], "nope"),
])
def test_bad_arguments_are_one_line(home, capsys, shown, argv, words):
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.startswith("spider-tui: ") and words in err
    assert len(err.strip().splitlines()) == 1 and not shown


def test_a_damaged_record_file_is_one_line(home, capsys, shown):
    (home / "r.json").write_text('{"format": "spider-save/2"}')
    code, _, err = run(capsys, "replay", str(home / "r.json"))
    assert code == 2 and "is not a game record spider-tui can replay" in err
    assert "not a spider-record file" in err
    (home / "r.json").write_bytes(GameRecord("nope-variant", deal=3, moves=["1>2"]).dumps())
    code, _, err = run(capsys, "replay", str(home / "r.json"))
    assert code == 2 and err == ("spider-tui: unknown variant 'nope-variant'; spider-tui "
                                 "variants lists them all\n")
    assert not shown


def test_watch_the_solver_and_the_bot_within_a_node_budget(home, capsys, shown):
    code, _, err = run(capsys, "watch", "--variant", "spider-1suit", "--deal", "1", "--solver",
                       "--nodes", "20000")
    assert code == 0 and "The solver looks for a win" in err
    request = shown[-1]._replay_asked
    assert request.result == "won" and request.name == "Watch" and request.problem == ""
    probe = request.start.copy()
    for move in request.moves:
        probe.play(move)
    assert probe.status == "won" and shown[-1].session is None
    again = run(capsys, "watch", "--variant", "spider-1suit", "--deal", "1", "--solver",
                "--nodes", "20000")
    assert again[0] == 0 and shown[-1]._replay_asked.moves == request.moves  # reproducible
    code, _, err = run(capsys, "watch", "--variant", "spider-1suit", "--deal", "2", "--bot",
                       "--nodes", "50")
    assert code == 0 and "The bot plays deal 2" in err
    assert shown[-1]._replay_asked.moves and shown[-1]._replay_asked.by == "the bot"


def test_watch_with_no_win_found_opens_nothing(home, capsys, shown):
    code, _, err = run(capsys, "watch", "--variant", "spider-4suit", "--deal", "1", "--solver",
                       "--nodes", "1")
    assert code == 1 and "nothing to watch: no win found within 1 positions" in err
    assert not shown
