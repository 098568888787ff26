"""The finished games kept (store/history.py): a record round-trips, the list stays bounded, and
a damaged list is moved aside with a notice, losing neither the statistics nor the save."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spider_tui.config import Config
from spider_tui.engine import Game, default_catalog
from spider_tui.store import SaveStore, StatsStore
from spider_tui.store import history as history_module
from spider_tui.store.files import Unreadable
from spider_tui.store.history import GameRecord, HistoryStore, replayable
from spider_tui.store.save import SaveMeta
from spider_tui.ui.session import Session

VARIANTS = sorted(default_catalog().variants)


def played(variant: str, deal: int, moves: int, seed: int = 0) -> Game:
    """Deal ``deal`` with up to ``moves`` moves chosen at random (the same every run)."""
    game = Game.new(variant, deal)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal or game.status != "playing":
            break
        game.play(rng.choice(legal))
    return game


def round_trip(game: Game) -> Game:
    record = GameRecord.of(game, SaveMeta(), "abandoned")
    back = GameRecord.loads(record.dumps())
    assert back == record
    found = replayable(back)
    assert found.problem == "" and found.moves == game.moves_played()
    assert found.start.to_position() == game.to_record()["start"]
    assert found.end is not None
    return found.end


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(VARIANTS), deal=st.integers(1, 10**6), moves=st.integers(0, 40))
def test_a_record_round_trips_to_the_same_final_position(variant, deal, moves):
    game = played(variant, deal, moves, seed=deal)
    assert round_trip(game).to_position() == game.to_position()


def test_a_game_with_undos_is_recorded_by_its_line_of_play():
    game = played("spider-2suit", 11, 20)
    game.undo()
    game.undo()
    record = GameRecord.of(game, SaveMeta(), "abandoned")
    assert record.moves == game.moves_played() and record.actions == game.actions
    assert round_trip(game).to_position() == game.to_position()


def test_a_game_from_a_position_file_keeps_its_start_position():
    base = played("spider-1suit", 5, 10)
    game = Game.from_position(base.to_position())
    game.play(game.legal_moves()[0])
    record = GameRecord.of(game, SaveMeta(), "abandoned")
    assert record.start is not None and record.deal == 5
    assert round_trip(game).to_position() == game.to_position()
    dealt = GameRecord.of(base, SaveMeta(), "abandoned")
    assert dealt.start is None  # a deal as dealt: its number says it all


def test_a_move_that_no_longer_fits_stops_the_record_there():
    game = played("spider-1suit", 3, 12)
    record = GameRecord.of(game, SaveMeta(), "abandoned")
    record.moves[5] = "9>9"
    found = replayable(record)
    assert found.moves == game.moves_played()[:5]
    assert found.problem.startswith("move 6 of the record (9>9) does not fit")


@pytest.mark.parametrize("change, words", [
    ({"variant": 7}, "variant = 7"),
    ({"moves": "1>2"}, "moves"),
    ({"result": "drawn"}, "result"),
    ({"deal": None, "start": None}, "neither a deal number nor a start position"),
    ({"seconds": float("inf")}, "not a number spider-tui can use"),
])
def test_a_damaged_record_is_refused_with_what_is_wrong(change, words):
    record = GameRecord.of(played("spider-1suit", 3, 2), SaveMeta(), "abandoned").to_dict()
    record.update(change)
    data = json.dumps({"format": "spider-record/1", **record}).encode()
    with pytest.raises(Unreadable, match=words.replace("(", r"\(")):
        GameRecord.loads(data)


def test_the_history_keeps_the_last_games_and_each_game_once(tmp_path, monkeypatch):
    monkeypatch.setattr(history_module, "KEPT_GAMES", 5)
    store = HistoryStore(tmp_path / "history.json")
    metas = []
    for deal in range(1, 9):
        meta = SaveMeta()
        metas.append(meta)
        assert store.add(played("spider-1suit", deal, 3), meta) == []
    assert store.add(played("spider-1suit", 8, 3), metas[-1]) == []  # the same game again
    kept = store.load()
    assert [g.deal for g in kept.games] == [4, 5, 6, 7, 8]
    assert [g.game_id for g in kept.games] == [m.game_id for m in metas[3:]]


def test_a_game_never_started_is_not_kept(tmp_path):
    store = HistoryStore(tmp_path / "history.json")
    assert store.add(Game.new("spider-1suit", 1), SaveMeta()) == []
    assert store.load().games == []


def test_a_damaged_history_is_moved_aside_and_loses_neither_statistics_nor_save(tmp_path):
    history = tmp_path / "history.json"
    history.write_bytes(b'{"format": "spider-history/1", "games": [')
    session = Session(Config(variant="spider-1suit"), saves=SaveStore(tmp_path / "save.json"),
                      stats=StatsStore(tmp_path / "stats.json"))
    assert session.history.path == history  # beside the statistics
    game, _ = session.start("spider-1suit", 3)
    game.play(game.legal_moves()[0])
    session.after_action(game)
    notices = session.abandon(game)
    assert len(notices) == 1 and "could not be read" in notices[0]
    assert "moved to" in notices[0] and "statistics" in notices[0]
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("history.json.")
             and not p.name.endswith(".lock")]
    assert len(aside) == 1 and aside[0].read_bytes().endswith(b"[")  # kept as it was
    assert StatsStore(tmp_path / "stats.json").load().get("spider-1suit").played == 1
    assert SaveStore(tmp_path / "save.json").load().game is not None
    assert [g.deal for g in HistoryStore(history).load().games] == [3]


def test_a_history_in_a_newer_format_is_left_as_it_is(tmp_path):
    history = tmp_path / "history.json"
    history.write_text('{"format": "spider-history/9", "games": []}')
    notices = HistoryStore(history).add(played("spider-1suit", 2, 3), SaveMeta())
    assert len(notices) == 1 and "newer" in notices[0] and "left as it is" in notices[0]
    assert history.read_text() == '{"format": "spider-history/9", "games": []}'


def test_the_session_keeps_a_won_game_once(tmp_path):
    session = Session(Config(), saves=SaveStore(tmp_path / "save.json"),
                      stats=StatsStore(tmp_path / "stats.json"))
    text = ("format = \"spider-position/1\"\nvariant = \"spider-1suit\"\nhouse_rules = []\n"
            "completed = [" + ", ".join(['"S"'] * 7) + "]\nstock = []\n"
            "[[columns]]\ndown = []\nup = [" + ", ".join(
                f'"{r}S"' for r in "KQJT98765432") + "]\n"
            + "[[columns]]\ndown = []\nup = [\"AS\"]\n"
            + "[[columns]]\ndown = []\nup = []\n" * 8)
    game = Game.from_position(text)
    session.start(game=game)
    game.play("2>1")
    assert game.status == "won"
    session.after_action(game)
    session.after_action(game)
    kept = HistoryStore(tmp_path / "history.json").load().games
    assert [(g.result, g.start is not None, len(g.moves)) for g in kept] == [("won", True, 1)]
