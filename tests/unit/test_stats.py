"""Statistics: the arithmetic of wins, losses, abandoned games and streaks, per (variant, house
rules); a damaged or newer statistics file is never silently dropped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spider_tui.engine import Game
from spider_tui.store import files
from spider_tui.store.files import dump
from spider_tui.store.save import SaveMeta
from spider_tui.store.stats import Figures, StatsStore, clock

# One move from a win: column 2's Ace completes the last run on column 1.
NEAR_WIN = """
format = "spider-position/1"
variant = "spider-1suit"
house_rules = {house_rules}
completed = ["S", "S", "S", "S", "S", "S", "S"]
stock = []
columns = [
  {{ up = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"] }},
  {{ up = ["AS"] }},
  {{ up = [] }}, {{ up = [] }}, {{ up = [] }}, {{ up = [] }}, {{ up = [] }}, {{ up = [] }},
  {{ up = [] }}, {{ up = [] }},
]
"""


def won(detour: int = 0, undo: bool = False, seconds: float = 100.0, house_rules=(),
        scoring: str | None = None) -> Game:
    """A won game: ``detour`` trips of the Ace to an empty column and back first, an undone
    move if ``undo``; ``seconds`` on the clock."""
    g = Game.from_position(NEAR_WIN.format(house_rules=json.dumps(list(house_rules))),
                           scoring=scoring)
    for _ in range(detour):
        g.play("2>3")
        g.play("3>2")
    if undo:
        g.play("2>3")
        g.undo()
    g.play("2>1")
    assert g.status == "won"
    g.elapsed = seconds
    return g


def started(variant: str = "spider-1suit", house_rules=()) -> Game:
    g = Game.new(variant, deal=11, house_rules=house_rules)
    g.play(g.legal_moves()[0])
    return g


@pytest.fixture
def store(tmp_path: Path) -> StatsStore:
    return StatsStore(tmp_path / "stats.json")


def figures(store: StatsStore, variant: str = "spider-1suit", house_rules=()) -> Figures:
    table = store.load()
    assert table.notices == []
    return table.get(variant, house_rules)


def win(store: StatsStore, game: Game | None = None, meta: SaveMeta | None = None) -> None:
    assert store.record_win(game or won(), meta or SaveMeta()) == []


def lose(store: StatsStore, game: Game | None = None) -> None:
    assert store.record_abandoned(game or started(), SaveMeta()) == []


def test_nothing_recorded_yet(store):
    f = figures(store)
    assert (f.played, f.won, f.win_percentage, f.best_time, f.streak) == (0, 0, None, None, 0)
    assert store.load().rows() == []


def test_streaks_count_wins_in_a_row_and_an_abandoned_game_ends_one(store):
    for outcome, streak, best in [("W", 1, 1), ("W", 2, 2), ("L", 0, 2), ("W", 1, 2),
                                  ("W", 2, 2), ("W", 3, 3), ("L", 0, 3), ("L", 0, 3),
                                  ("W", 1, 3)]:
        win(store) if outcome == "W" else lose(store)
        f = figures(store)
        assert (f.streak, f.best_streak) == (streak, best)
    f = figures(store)
    assert (f.played, f.won, f.lost) == (9, 6, 3)
    assert f.win_percentage == pytest.approx(100 * 6 / 9)


def test_reset_forgets_one_combination_only(store):
    win(store)
    win(store)
    win(store, won(house_rules=["relaxed-deal"]))
    old, notices = store.reset("spider-1suit")
    assert notices == [] and (old.played, old.best_streak) == (2, 2)
    assert figures(store).played == 0
    assert figures(store, "spider-1suit", ["relaxed-deal"]).played == 1
    # Streaks start again from nothing after a reset.
    win(store)
    assert (figures(store).streak, figures(store).best_streak) == (1, 1)
    assert store.reset("spider-4suit") == (None, [])


def test_house_rules_make_a_separate_combination(store):
    win(store, won(house_rules=["relaxed-deal"]))
    lose(store, started(house_rules=["relaxed-deal"]))
    win(store)
    assert figures(store).played == 1 and figures(store).streak == 1
    f = figures(store, "spider-1suit", ["relaxed-deal"])
    assert (f.played, f.won, f.streak, f.best_streak) == (2, 1, 0, 1)
    assert [r.key for r in store.load().rows()] == [("spider-1suit", ()),
                                                     ("spider-1suit", ("relaxed-deal",))]


def test_best_time_best_score_and_fewest_moves(store):
    win(store, won(detour=3, seconds=300.0))
    win(store, won(detour=0, seconds=200.0))
    win(store, won(detour=1, seconds=50.0))
    f = figures(store)
    assert f.best_time == 50.0
    assert f.fewest_moves == 1
    assert f.best_score == {"classic": won().score}
    win(store, won(scoring="solitaire-city", seconds=400.0))
    assert set(figures(store).best_score) == {"classic", "solitaire-city"}
    win(store, won(scoring="none"))
    assert "none" not in figures(store).best_score


def test_clean_wins_have_no_undo_and_no_hint(store):
    win(store)
    win(store, won(undo=True))
    win(store, meta=SaveMeta(hints_used=1))
    undo_noted = SaveMeta(undo_used=True)
    win(store, meta=undo_noted)
    assert figures(store).clean_wins == 1
    assert figures(store).won == 4


def test_a_game_is_counted_once(store):
    meta = SaveMeta()
    game = won()
    win(store, game, meta)
    win(store, game, meta)
    g = started()
    m = SaveMeta()
    store.record_abandoned(g, m)
    store.record_abandoned(g, m)
    assert figures(store).played == 2


def test_an_unstarted_or_won_game_is_not_counted_as_abandoned(store):
    lose(store, Game.new("spider-1suit", deal=3))
    lose(store, won())
    assert figures(store).played == 0
    with pytest.raises(ValueError):
        store.record_win(started(), SaveMeta())


def test_the_figures_survive_a_fresh_store(store):
    win(store, won(seconds=61.5))
    lose(store)
    f = StatsStore(store.path).load().get("spider-1suit")
    assert (f.played, f.won, f.best_time, f.best_streak) == (2, 1, 61.5, 1)


def test_cells_for_the_table():
    f = Figures("spider-1suit", ("relaxed-deal",), played=3, won=1, best_time=75.0,
                best_score={"classic": 1105}, fewest_moves=120, streak=1, best_streak=1,
                clean_wins=1)
    assert f.cells() == ["spider-1suit", "relaxed-deal", "3", "1", "33.3%", "1:15",
                         "1105 (classic)", "120", "1", "1", "1"]
    assert Figures("spider-4suit").cells()[4:8] == ["-", "-", "-", "-"]
    assert [clock(59.9), clock(61), clock(3725)] == ["0:59", "1:01", "1:02:05"]


@pytest.mark.parametrize("content", [
    b"", b"{not json", b"[]", b'{"format": "spider-save/1"}',
    b'{"format": "spider-stats/1", "records": [{"variant": "x", "played": -1}]}',
    b'{"format": "spider-stats/1", "records": [{"variant": "x", "played": 1, "won": 2}]}',
    b'{"format": "spider-stats/1", "records": {}}',
    b'{"format": "spider-stats/1", "records": [], "recorded": [1]}',
], ids=lambda c: repr(c[:30]))
def test_a_damaged_stats_file_is_moved_aside_with_a_notice(store, content):
    store.path.write_bytes(content)
    table = store.load()
    assert table.rows() == [] and not table.read_only
    assert len(table.notices) == 1
    moved = [p for p in store.path.parent.iterdir() if p.name.startswith("stats.json.2")]
    assert len(moved) == 1 and moved[0].read_bytes() == content
    assert str(moved[0]) in table.notices[0]
    assert not store.path.exists()
    # The next game is recorded into a fresh file.
    win(store)
    assert figures(store).played == 1


def test_a_stats_file_cut_short_anywhere_is_moved_aside(store):
    win(store)
    lose(store, started(house_rules=["relaxed-deal"]))
    good = store.path.read_bytes()
    for n in range(0, len(good), 7):
        store.path.write_bytes(good[:n])
        table = store.load()
        assert len(table.notices) == 1 and table.rows() == []
        for p in store.path.parent.glob("stats.json.2*"):
            p.unlink()


def test_a_stats_file_from_a_newer_release_is_left_alone(store):
    content = dump("spider-stats", 2, {"records": "a new shape"})
    store.path.write_bytes(content)
    table = store.load()
    assert table.read_only and "newer spider-tui" in table.notices[0]
    notices = store.record_win(won(), SaveMeta())
    assert notices and "records nothing" in notices[0]
    assert store.reset("spider-1suit")[0] is None
    assert store.path.read_bytes() == content
    assert list(store.path.parent.glob("stats.json.2*")) == []


def test_a_failing_write_keeps_the_old_figures(store, monkeypatch):
    win(store)
    good = store.path.read_bytes()

    def refuse(src, dst):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(files.os, "replace", refuse)
    notices = store.record_win(won(), SaveMeta())
    assert len(notices) == 1 and "Read-only file system" in notices[0]
    assert store.path.read_bytes() == good


def test_the_stats_file_is_versioned_json(store):
    win(store)
    doc = json.loads(store.path.read_bytes())
    assert doc["format"] == "spider-stats/1"
    assert doc["records"][0]["variant"] == "spider-1suit"
