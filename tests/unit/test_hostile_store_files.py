"""Hand-edited and damaged save.json and stats.json files (issue 23, item 4): a number that is
not finite, out of range, negative, not whole, true/false, or of the wrong type anywhere in
either file is refused when read (the file is moved aside with a notice, as any unreadable
file), never crashes start-up, ``spider-tui stats`` or the statistics screen, and never stops
later games from being recorded; and nothing of the kind is ever written.

The hand-edited files are kept in ``tests/hostile/store`` (``make_files.py`` writes them)."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from plugin_helpers import a_win

from spider_tui.cli import main
from spider_tui.engine import Game, SpiderError
from spider_tui.engine.tally import is_count, is_seconds
from spider_tui.store import SaveMeta, SaveStore, StatsStore
from spider_tui.store.stats import StatsTable

HOSTILE = Path(__file__).resolve().parents[1] / "hostile" / "store"
SAVES = sorted(p.name for p in HOSTILE.glob("save-*.json") if p.name != "save-valid.json")
STATS = sorted(p.name for p in HOSTILE.glob("stats-*.json") if p.name != "stats-valid.json")

def aside(path: Path) -> list[Path]:
    return sorted(p for p in path.parent.iterdir()
                  if p.name.startswith(path.name + ".") and p.name[len(path.name) + 1].isdigit())


def assert_sane_game(game: Game, meta: SaveMeta) -> None:
    assert all(is_count(v) for v in (game.actions, game.undos, game.redos, meta.hints_used))
    assert is_seconds(game.elapsed)


def assert_wins_are_recorded(path: Path) -> None:
    """A win is counted into the statistics file at ``path`` (whatever it held before), and
    the figures read back and print."""
    store = StatsStore(path)
    meta = SaveMeta()
    store.record_win(a_win(), meta)
    table = store.load()
    assert table.notices == [] and meta.game_id in table.recorded
    assert table.get("spider-1suit").won >= 1
    for row in table.rows():
        row.cells()


# ------------------------------------------------------------------ the files kept as data


def test_the_untouched_files_load():
    assert SAVES and STATS
    result = SaveStore(HOSTILE / "save-valid.json").load()
    assert result.notices == [] and result.game is not None
    assert result.game.moves_played() == ["3>2"] and result.game.elapsed == 61.5
    table = StatsStore(HOSTILE / "stats-valid.json").load()
    assert table.notices == [] and table.get("spider-1suit").played == 3


@pytest.mark.parametrize("name", SAVES)
def test_a_hand_edited_save_with_a_bad_number_is_moved_aside(tmp_path, name):
    path = tmp_path / "save.json"
    shutil.copy(HOSTILE / name, path)
    result = SaveStore(path).load()
    assert result.game is None and not path.exists()
    assert len(result.notices) == 1 and "moved to" in result.notices[0]
    assert aside(path) == [result.moved_to]
    assert len(result.notices[0]) < 400  # says what is wrong without echoing the file


@pytest.mark.parametrize("name", SAVES)
def test_start_up_after_a_bad_save_plays_a_new_game(tmp_path, monkeypatch, name):
    from spider_tui.config import Config
    from spider_tui.ui.session import Session

    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    shutil.copy(HOSTILE / name, tmp_path / "save.json")
    session = Session(Config(variant="spider-2suit"))
    game, notices = session.start()
    assert game.variant == "spider-2suit" and not game.started
    assert len(notices) == 1 and "could not be resumed" in notices[0]
    assert_sane_game(game, session.meta)
    game.play(game.legal_moves()[0])
    assert session.after_action(game) == []
    assert SaveStore(tmp_path / "save.json").load().game.actions == 1


@pytest.mark.parametrize("name", STATS)
def test_a_hand_edited_stats_file_with_a_bad_number_is_moved_aside(tmp_path, name):
    path = tmp_path / "stats.json"
    shutil.copy(HOSTILE / name, path)
    table = StatsStore(path).load()
    assert table.rows() == [] and not table.read_only
    assert len(table.notices) == 1 and "moved to" in table.notices[0]
    assert len(aside(path)) == 1 and not path.exists()
    assert_wins_are_recorded(path)


@pytest.mark.parametrize("name", STATS)
def test_spider_tui_stats_reads_a_hand_edited_file_without_a_traceback(
        tmp_path, monkeypatch, capsys, name):
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    shutil.copy(HOSTILE / name, tmp_path / "stats.json")
    assert main(["stats"]) == 0
    out, err = capsys.readouterr()
    assert "No games recorded yet." in out
    assert "moved to" in err and "internal error" not in err and "Traceback" not in err
    assert main(["stats"]) == 0 and capsys.readouterr().err == ""  # said once
    assert_wins_are_recorded(tmp_path / "stats.json")


def test_a_win_counts_once_a_bad_stats_file_is_there(tmp_path):
    # The report: with best_time 1e400 in the file no game was recorded any more.
    path = tmp_path / "stats.json"
    shutil.copy(HOSTILE / "stats-best-time-1e400.json", path)
    store = StatsStore(path)
    notices = store.record_win(a_win(), SaveMeta())
    assert len(notices) == 1 and "moved to" in notices[0]
    assert store.load().get("spider-1suit").won == 1


# ------------------------------------------------------------------ never written


def test_a_clock_or_counter_out_of_range_is_never_written(tmp_path):
    path = tmp_path / "save.json"
    game = Game.new("spider-1suit", 1)
    game.play("3>2")
    assert SaveStore(path).save(game, SaveMeta()) == []
    good = path.read_bytes()
    cases = [(attr, value, SaveMeta()) for attr, value in [
        ("elapsed", math.nan), ("elapsed", math.inf), ("elapsed", -1.0), ("elapsed", 1e12),
        ("actions", -1), ("undos", True)]]
    cases += [("elapsed", 1.0, SaveMeta(hints_used=-1)),
              ("elapsed", 1.0, SaveMeta(extra={"x": math.nan}))]
    for attr, value, meta in cases:
        bad = game.copy()
        setattr(bad, attr, value)
        notices = SaveStore(path).save(bad, meta)
        assert len(notices) == 1 and "could not be saved" in notices[0], (attr, value, meta)
        assert "last save is kept" in notices[0]
        assert path.read_bytes() == good


def test_a_win_with_a_broken_clock_still_counts_without_a_best_time(tmp_path):
    store = StatsStore(tmp_path / "stats.json")
    win = a_win()
    win.elapsed = math.nan
    assert store.record_win(win, SaveMeta()) == []
    f = store.load().get("spider-1suit")
    assert (f.played, f.won, f.best_time, f.fewest_moves) == (1, 1, None, 1)


def test_game_from_record_refuses_counters_and_clocks_out_of_range():
    record = Game.new("spider-1suit", 1).to_record()
    assert Game.from_record(record).actions == 0
    for key, value in [("elapsed", math.nan), ("elapsed", math.inf), ("elapsed", -0.5),
                       ("elapsed", 400e6), ("elapsed", True), ("elapsed", "5"),
                       ("actions", -1), ("actions", 1.0), ("actions", False),
                       ("actions", 10**9 + 1), ("undos", None), ("redos", "2"),
                       ("moves", "3>2"), ("redo", [1]), ("scoring", 3), ("start", None)]:
        with pytest.raises(SpiderError, match="damaged"):
            Game.from_record({**record, key: value})


# ------------------------------------------------------------------ mutated files


BAD_VALUES = st.sampled_from([
    "NaN", "Infinity", "-Infinity", "1e400", "-1e400", "-1", "-1.5", "0.5", "1e30",
    "10000000000", "1" + "0" * 40, "true", "false", "null", '""', '"7"', "[]", "{}", "[1]",
    '{"a": NaN}', "4.0"])


def paths_of(doc, here=()) -> list[tuple]:
    """Every key path in ``doc`` (each place a value can be changed or a key dropped)."""
    out = []
    if isinstance(doc, dict):
        for k, v in doc.items():
            out.append(here + (k,))
            out += paths_of(v, here + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out.append(here + (i,))
            out += paths_of(v, here + (i,))
    return out


@st.composite
def mutated(draw, text: str) -> str:
    """``text`` (a JSON document) with a few values changed to hostile ones or keys dropped,
    and its checksum line deleted or kept."""
    doc = json.loads(text)
    raws: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        paths = paths_of(doc)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        if isinstance(parent, dict) and draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = f"@@RAW{len(raws)}@@"
            raws.append(draw(BAD_VALUES))
    if draw(st.booleans()):
        doc.pop("checksum", None)
    out = json.dumps(doc, indent=1)
    for i, raw in enumerate(raws):
        out = out.replace(f'"@@RAW{i}@@"', raw)
    return out


def _valid_save() -> str:
    """The kept valid save with its checksum put back (a mutation may keep it, to be
    refused)."""
    from spider_tui.store.files import dump

    body = json.loads((HOSTILE / "save-valid.json").read_text())
    del body["format"]
    return dump("spider-save", 1, body).decode()


def _valid_stats() -> str:
    from spider_tui.store.files import dump

    body = json.loads((HOSTILE / "stats-valid.json").read_text())
    del body["format"]
    return dump("spider-stats", 1, body).decode()


SETTINGS = settings(max_examples=100, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])


def written(tmp_path_factory, name: str, text: str) -> Path:
    """``text`` in a file ``name`` of a fresh folder."""
    path = tmp_path_factory.mktemp("home") / name
    path.write_text(text, encoding="utf-8")
    return path


@SETTINGS
@given(text=mutated(_valid_save()))
def test_a_mutated_save_loads_as_a_sane_game_or_is_moved_aside(tmp_path_factory, text):
    path = written(tmp_path_factory, "save.json", text)
    store = SaveStore(path)
    result = store.load()
    if result.game is None:
        assert len(result.notices) == 1 and "moved to" in result.notices[0]
        assert aside(path) == [result.moved_to] and not path.exists()
        game = Game.new("spider-1suit", 2)
        meta = SaveMeta()
    else:
        game, meta = result.game, result.meta
        assert aside(path) == []
        assert_sane_game(game, meta)
    # Either way the game goes on, is saved and resumes, and a win is recorded.
    assert store.save(game, meta) == []
    again = SaveStore(path).load()
    assert again.notices == [] and again.game.to_record()["moves"] == game.moves_played()
    assert_wins_are_recorded(path.with_name("stats.json"))


@SETTINGS
@given(text=mutated(_valid_stats()))
def test_a_mutated_stats_file_loads_sane_figures_or_is_moved_aside(tmp_path_factory, text):
    path = written(tmp_path_factory, "stats.json", text)
    table = StatsStore(path).load()
    assert not table.read_only
    if table.notices:
        assert len(table.notices) == 1 and "moved to" in table.notices[0]
        assert len(aside(path)) == 1 and not path.exists()
    else:
        assert aside(path) == []
        # What was read is what would be written: every figure passes the same checks.
        StatsTable.from_body(json.loads(json.dumps(table.body(), allow_nan=False)))
        for row in table.rows():
            row.cells()
    assert_wins_are_recorded(path)


def test_a_saved_game_whose_start_is_a_slow_toml_text_is_refused_at_once(tmp_path):
    import time

    body = json.loads((HOSTILE / "save-valid.json").read_text())
    body["game"]["start"] = "a" + ".a" * 50_000 + " = 1"  # quadratic for tomllib
    path = tmp_path / "save.json"
    path.write_text(json.dumps(body))  # no checksum: a hand edit
    t0 = time.perf_counter()
    result = SaveStore(path).load()
    assert time.perf_counter() - t0 < 5  # before: minutes and gigabytes
    assert result.game is None and "moved to" in result.notices[0]
