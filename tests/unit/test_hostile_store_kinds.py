"""Files that are not what they seem (issue 29, items 9-11): spider-tui never writes through a
symbolic link or into a file that is not its own (a player's notes linked in as the owner file
stay as they were), never reads a pipe or a device (a FIFO hangs nothing, ``/dev/zero`` fills no
memory), reads only what start-up can afford, and never calls a valid file damaged: a file too
large or too long to read, or one read when the memory ran out, is kept, with a notice saying
plainly what happened. Whatever the game writes, it reads back."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from plugin_helpers import a_win

from spider_tui.cli import main
from spider_tui.config import Config, load_config, save_config
from spider_tui.engine import Game
from spider_tui.store import SaveMeta, SaveStore, StatsStore
from spider_tui.store import files as files_mod
from spider_tui.store import save as save_mod
from spider_tui.store import stats as stats_mod
from spider_tui.store.files import dump
from spider_tui.ui.session import Session

ROOT = Path(__file__).resolve().parents[2]
NOTES = b"my notes: nothing spider-tui should ever touch\n"


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("SPIDER_TUI_HOME", str(folder))
    return folder


@pytest.fixture
def notes(tmp_path) -> Path:
    """A file of the player's, outside spider-tui's folder."""
    path = tmp_path / "notes.txt"
    path.write_bytes(NOTES)
    return path


def start(**config: Any) -> tuple[Session, Game, list[str]]:
    session = Session(Config(**config))
    game, notices = session.start()
    return session, game, notices


def play_one(session: Session, game: Game) -> list[str]:
    """Play one move (a move on the table if there is one: a random deal may have none but the
    deal itself)."""
    moves = game.legal_moves()
    game.play(next((m for m in moves if str(m) != "d"), moves[0]))
    return session.after_action(game)


def saved_game(path: Path, moves: int = 3) -> Game:
    game = Game.new("spider-1suit", 5)
    for _ in range(moves):
        game.play(next(m for m in game.legal_moves() if str(m) != "d"))
    assert SaveStore(path).save(game, SaveMeta()) == []
    return game


def walk(variant: str, n: int, scoring: str | None = None, deal: int = 1) -> Game:
    """A game whose line of play holds ``n`` legal moves (a random walk: deals only when
    nothing else is left)."""
    rnd = random.Random(deal)
    game = Game.new(variant, deal, scoring=scoring)
    while len(game.history) < n:
        moves = game.legal_moves()
        pick = [m for m in moves if str(m) != "d"] or moves
        if not pick:
            for _ in range(min(5, len(game.history))):
                game.undo()
            game.redo_stack.clear()
            continue
        game.play(rnd.choice(pick))
    return game


def finishes(fn: Callable[[], Any], fifos: list[Path], seconds: float = 20.0) -> Any:
    """``fn()``, which must not wait on the named pipes ``fifos``: if it is still running after
    ``seconds``, a writer is opened on each (so that the thread ends) and the test fails."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = fn()
        except BaseException as e:  # reported below
            out["error"] = e

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        for fifo in fifos:
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
                os.close(fd)
            except OSError:
                pass
        thread.join(5)
        pytest.fail(f"still waiting on a named pipe after {seconds} s")
    if "error" in out:
        raise out["error"]
    return out["value"]


def aside(path: Path) -> list[Path]:
    return sorted(p for p in path.parent.iterdir()
                  if p.name.startswith(path.name + ".") and p.name[len(path.name) + 1].isdigit())


# ------------------------------------------------------------------ 9. links are never followed


@pytest.mark.parametrize("how", ["symlink", "hard link"])
def test_an_owner_file_linked_to_a_players_file_is_never_written_into(home, notes, how):
    owner = home / "save.json.owner"
    (os.symlink if how == "symlink" else os.link)(notes, owner)
    session, game, notices = start()
    assert notes.read_bytes() == NOTES
    said = " ".join(notices)
    assert str(owner) in said and "will not be saved" in said
    assert ("symbolic link" if how == "symlink" else "other names") in said
    assert play_one(session, game) == []  # said once, at the start
    assert notes.read_bytes() == NOTES and not (home / "save.json").exists()
    assert os.path.islink(owner) == (how == "symlink")
    session.saves.release()


def test_a_lock_file_linked_elsewhere_is_reported_and_creates_nothing(home, tmp_path, notes):
    # A link to a file that does not exist yet: opening it to lock would create that file.
    nowhere = tmp_path / "created-through-a-link"
    os.symlink(nowhere, home / "save.json.lock")
    os.symlink(notes, home / "stats.json.lock")
    session, game, notices = start()
    assert any(str(home / "save.json.lock") in n and "symbolic link" in n for n in notices)
    play_one(session, game)
    said = StatsStore().record_win(a_win(), SaveMeta())
    assert len(said) == 1 and str(home / "stats.json.lock") in said[0]
    assert "symbolic link" in said[0]
    assert not nowhere.exists() and notes.read_bytes() == NOTES
    assert not (home / "save.json").exists() and not (home / "stats.json").exists()
    assert os.path.islink(home / "save.json.lock") and os.path.islink(home / "stats.json.lock")
    session.saves.release()


def test_a_linked_save_is_reported_and_left_alone(home, tmp_path):
    """A symlinked save.json is neither read nor written through nor replaced: the notice says
    so, a new game is played and not saved, and the link and its file stay as they were."""
    elsewhere = tmp_path / "elsewhere.json"
    saved_game(elsewhere)
    before = elsewhere.read_bytes()
    os.symlink(elsewhere, home / "save.json")
    # A link named like a temporary file left by a killed spider-tui is not one either.
    stray = home / ".save.json.abc123.tmp"
    os.symlink(elsewhere, stray)
    os.utime(elsewhere, (1, 1))
    session, game, notices = start()
    assert not game.started
    assert len(notices) == 1 and str(home / "save.json") in notices[0]
    assert "symbolic link" in notices[0] and "will not be saved" in notices[0]
    assert play_one(session, game) == []
    assert os.path.islink(home / "save.json") and os.path.islink(stray)
    assert elsewhere.read_bytes() == before
    session.saves.release()


def test_a_linked_stats_file_is_reported_and_left_alone(home, tmp_path, capsys):
    elsewhere = tmp_path / "elsewhere-stats.json"
    StatsStore(elsewhere).record_win(a_win(), SaveMeta())
    before = elsewhere.read_bytes()
    os.symlink(elsewhere, home / "stats.json")
    said = StatsStore().record_win(a_win(), SaveMeta())
    assert len(said) == 1 and str(home / "stats.json") in said[0]
    assert "symbolic link" in said[0] and "nothing is recorded" in said[0]
    assert main(["stats"]) == 0
    err = capsys.readouterr().err
    assert "symbolic link" in err and "Traceback" not in err
    assert os.path.islink(home / "stats.json") and elsewhere.read_bytes() == before


def test_a_linked_config_is_read_but_never_written_over(home, tmp_path):
    """Settings kept elsewhere and linked in (as dotfile managers do) are read; saving the
    settings does not replace the link nor write through it, and says so."""
    mine = tmp_path / "dotfiles" / "config.toml"
    mine.parent.mkdir()
    mine.write_text('variant = "spider-1suit"\n', encoding="utf-8")
    os.symlink(mine, home / "config.toml")
    config, notices = load_config(home / "config.toml")
    assert notices == [] and config.variant == "spider-1suit"
    said = save_config(Config(variant="spider-2suit"), home / "config.toml")
    assert len(said) == 1 and str(home / "config.toml") in said[0]
    assert "symbolic link" in said[0] and "not" in said[0]
    assert os.path.islink(home / "config.toml")
    assert mine.read_text(encoding="utf-8") == 'variant = "spider-1suit"\n'


# ------------------------------------------------------------------ 10. pipes and devices


@pytest.mark.parametrize("name", ["save.json", "stats.json", "config.toml"])
def test_a_named_pipe_in_place_of_a_file_hangs_nothing(home, name):
    fifo = home / name
    os.mkfifo(fifo)

    def start_up() -> list[str]:
        config, notices = load_config()
        session = Session(config)
        game, more = session.start()
        notices += more + session.stats.load().notices + play_one(session, game)
        session.saves.release()
        return notices

    notices = finishes(start_up, [fifo])
    assert any(str(fifo) in n and "named pipe" in n for n in notices), notices
    assert fifo.exists() and not fifo.is_file()  # left as it is
    if name == "stats.json":
        said = finishes(lambda: StatsStore().record_win(a_win(), SaveMeta()), [fifo])
        assert said and "named pipe" in said[0]


def test_files_linked_to_dev_zero_are_refused_at_once(home):
    """Run as the app starts (settings, saved game, statistics) in a process whose memory is
    bounded: before, save.json -> /dev/zero was read until the memory ran out."""
    for name in ("save.json", "stats.json", "config.toml"):
        os.symlink("/dev/zero", home / name)
    script = textwrap.dedent("""
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
        from spider_tui.config import load_config
        from spider_tui.ui.session import Session
        config, notices = load_config()
        session = Session(config)
        game, more = session.start()
        notices += more + session.stats.load().notices
        print("\\n".join(notices))
    """)
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr[-500:]
    lines = out.stdout.splitlines()
    for name in ("save.json", "stats.json", "config.toml"):
        assert any(str(home / name) in line and ("symbolic link" in line or "device" in line)
                   for line in lines), (name, lines)


# ------------------------------------------------------------------ 11. bounded, never "damaged"


@pytest.mark.parametrize("variant, scoring", [("spider-1suit", "solitaire-city"),
                                              ("freds-spider", None)])
def test_a_long_game_is_saved_so_that_it_resumes_quickly_and_exactly(tmp_path, variant, scoring):
    """A game longer than start-up replays is saved with its history bounded, and resumes at
    the same table, with the same counters and score, undo as far back as the save keeps and
    the moves to redo; saved again, it reads back the same."""
    game = walk(variant, save_mod.MAX_REPLAYED + 200, scoring)
    for _ in range(30):
        game.undo()
    game.elapsed = 4321.5
    path = tmp_path / "save.json"
    assert SaveStore(path).save(game, SaveMeta()) == []
    record = json.loads(path.read_bytes())["game"]
    assert len(record["moves"]) + len(record["redo"]) <= save_mod.MAX_REPLAYED
    result = SaveStore(path).load()
    back = result.game
    assert result.notices == [] and back is not None
    assert back.to_position() == game.to_position()
    assert (back.actions, back.undos, back.redos, back.elapsed, back.flips, back.score) == (
        game.actions, game.undos, game.redos, game.elapsed, game.flips, game.score)
    assert [str(m) for m in back.redo_stack] == [str(m) for m in game.redo_stack]
    assert len(back.history) == len(record["moves"]) >= 1000
    # Saved again, as the app does after every action, it reads back the same.
    assert SaveStore(path).save(back, SaveMeta()) == []
    again = SaveStore(path).load().game
    assert again.to_position() == game.to_position() and again.score == game.score
    # Undo reaches back as far as the save keeps, through the same tables.
    for _ in range(len(back.history)):
        back.undo()
        game.undo()
    assert back.to_position() == game.to_position() and back.flips == game.flips
    assert not back.can_undo()


def test_a_valid_save_too_long_to_replay_is_kept_not_called_damaged(home):
    """An earlier release's save (the whole history, spider-save/1) of more moves than
    start-up replays is not resumed: the notice says why, without calling it damaged, and the
    file is kept, byte for byte, beside the new game's."""
    game = walk("spider-1suit", save_mod.MAX_REPLAYED + 1)
    data = dump("spider-save", 1, {"saved_at": "2026-01-01T00:00:00Z", "app": "spider-tui 0.1.0",
                                   "meta": SaveMeta().to_dict(), "game": game.to_record()})
    (home / "save.json").write_bytes(data)
    session, new, notices = start()
    assert not new.started and len(notices) == 1
    assert "longer" in notices[0] and "damaged" not in notices[0]
    assert f"{save_mod.MAX_REPLAYED + 1:,}" in notices[0] and "nothing was deleted" in notices[0]
    [kept] = aside(home / "save.json")
    assert kept.read_bytes() == data
    assert play_one(session, new) == []
    assert SaveStore(home / "save.json").load().game.actions == 1
    session.saves.release()


def test_an_earlier_releases_save_resumes_with_its_score(tmp_path):
    game = walk("spider-1suit", 300, "solitaire-city")
    path = tmp_path / "save.json"
    path.write_bytes(dump("spider-save", 1, {"meta": SaveMeta(hints_used=2).to_dict(),
                                             "game": game.to_record()}))
    result = SaveStore(path).load()
    assert result.notices == [] and result.meta.hints_used == 2
    assert result.game.to_position() == game.to_position()
    assert result.game.score == game.score and len(result.game.history) == 300


def test_a_save_larger_than_read_is_kept_not_called_damaged(home):
    game = Game.new("spider-1suit", 5)
    meta = SaveMeta(extra={"pad": "x" * save_mod.MAX_BYTES})
    data = dump("spider-save", save_mod.VERSION, {"meta": meta.to_dict(),
                                                  "game": game.to_record()})
    (home / "save.json").write_bytes(data)
    result = SaveStore(home / "save.json").load()
    assert result.game is None and len(result.notices) == 1
    assert "larger than" in result.notices[0] and "damaged" not in result.notices[0]
    assert result.moved_to.read_bytes() == data


def test_nothing_is_written_that_would_be_refused_when_read(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    saved_game(path)
    kept = path.read_bytes()
    monkeypatch.setattr(save_mod, "MAX_BYTES", len(kept) + 10)
    said = SaveStore(path).save(Game.new("spider-1suit", 5), SaveMeta(extra={"x": "y" * 100}))
    assert len(said) == 1 and "larger than" in said[0] and "last save is kept" in said[0]
    assert path.read_bytes() == kept
    stats = tmp_path / "stats.json"
    StatsStore(stats).record_win(a_win(), SaveMeta())
    figures = stats.read_bytes()
    monkeypatch.setattr(stats_mod, "MAX_BYTES", len(figures) + 10)
    other = Game.new("spider-2suit", 1)
    other.play(other.legal_moves()[0])
    said = StatsStore(stats).record_abandoned(other, SaveMeta())
    assert len(said) == 1 and "larger than" in said[0] and stats.read_bytes() == figures
    assert StatsStore(stats).load().get("spider-1suit").won == 1


def large_stats(size: int) -> bytes:
    one = {"house_rules": [], "played": 7, "won": 3, "best_time": 312.5,
           "best_score": {"classic": 700}, "fewest_moves": 190, "streak": 1,
           "best_streak": 2, "clean_wins": 1}
    records = [{"variant": f"v{i:07d}", **one} for i in range(size // 220)]
    return dump("spider-stats", 1, {"records": records, "recorded": []})


def test_a_valid_stats_file_too_large_to_read_is_kept_not_called_damaged(home, capsys):
    data = large_stats(stats_mod.MAX_BYTES + 50_000)
    assert len(data) > stats_mod.MAX_BYTES
    path = home / "stats.json"
    path.write_bytes(data)
    table = StatsStore(path).load()
    assert table.read_only and table.rows() == [] and len(table.notices) == 1
    assert "larger than" in table.notices[0] and "damaged" in table.notices[0]
    assert "not damaged" in table.notices[0] and "left as it is" in table.notices[0]
    said = StatsStore(path).record_win(a_win(), SaveMeta())
    assert len(said) == 1 and "nothing is recorded" in said[0]
    assert main(["stats"]) == 0
    assert "larger than" in capsys.readouterr().err
    assert path.read_bytes() == data and aside(path) == []


def test_running_out_of_memory_is_not_damage(home, monkeypatch):
    """A MemoryError while reading a valid file: said plainly, and the file kept where it is
    (neither moved aside as damaged nor written over)."""
    saved_game(home / "save.json")
    StatsStore(home / "stats.json").record_win(a_win(), SaveMeta())
    save_bytes = (home / "save.json").read_bytes()
    stats_bytes = (home / "stats.json").read_bytes()

    def no_memory(*args: Any, **kwargs: Any) -> Any:
        raise MemoryError

    monkeypatch.setattr(files_mod.json, "loads", no_memory)
    session, game, notices = start()
    assert not game.started and len(notices) == 1
    assert "memory" in notices[0] and "left as it is" in notices[0]
    table = session.stats.load()
    assert table.read_only and len(table.notices) == 1
    assert "memory" in table.notices[0] and "left as it is" in table.notices[0]
    play_one(session, game)
    assert (home / "save.json").read_bytes() == save_bytes
    assert (home / "stats.json").read_bytes() == stats_bytes
    assert aside(home / "save.json") == [] and aside(home / "stats.json") == []
    session.saves.release()
