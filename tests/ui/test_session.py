"""The app's session: start-up resumes the saved game or starts the one asked for, every action
is saved, wins and abandoned games are counted once, and no disk problem ever raises."""

from __future__ import annotations

from pathlib import Path

import pytest

from spider_tui.config import Config, load_config
from spider_tui.engine import Game
from spider_tui.store import SaveStore, StatsStore
from spider_tui.ui.session import Session

# One move ("2>1") from a win.
NEAR_WIN = """
format = "spider-position/1"
variant = "spider-1suit"
completed = ["S", "S", "S", "S", "S", "S", "S"]
stock = []
columns = [
  { up = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"] },
  { up = ["AS"] },
  { up = [] }, { up = [] }, { up = [] }, { up = [] }, { up = [] }, { up = [] },
  { up = [] }, { up = [] },
]
"""

# No move and no deal: Aces and Threes with nothing to go onto.
STUCK = """
format = "spider-position/1"
variant = "spider-1suit"
stock = []
columns = [
  { up = ["3S"] }, { up = ["AS"] }, { up = ["AS"] }, { up = ["AS"] }, { up = ["AS"] },
  { up = ["AS"] }, { up = ["AS"] }, { up = ["AS"] }, { up = ["AS"] }, { up = ["3S"] },
]
"""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path))
    return tmp_path


def session(config: Config | None = None) -> Session:
    return Session(config or Config(variant="spider-1suit"))


def play(s: Session, game: Game, n: int = 1) -> None:
    for _ in range(n):
        game.play(game.legal_moves()[0])
        assert s.after_action(game) == []


def figures(variant: str = "spider-1suit", house_rules=()):
    table = StatsStore().load()
    assert table.notices == []
    return table.get(variant, house_rules)


def test_no_save_starts_the_default_game_and_saves_it_at_once(home):
    cfg = Config(variant="spider-2suit", house_rules=["relaxed-deal"], scoring="built")
    game, notices = session(cfg).start()
    assert notices == []
    assert (game.variant, game.house_rules, game.scoring.id) == (
        "spider-2suit", ("relaxed-deal",), "built")
    again = SaveStore().load()
    assert again.game is not None and again.game.to_position() == game.to_position()


def test_the_saved_game_resumes_exactly_with_its_undo(home):
    s = session()
    game, _ = s.start()
    play(s, game, 5)
    s.hint_shown()
    game.elapsed = 42.5
    assert s.on_quit(game) == []

    s2 = session()
    resumed, notices = s2.start()
    assert notices == []
    assert resumed.to_position() == game.to_position()
    assert (resumed.actions, resumed.elapsed, resumed.score) == (5, 42.5, game.score)
    assert s2.meta.hints_used == 1 and s2.meta.game_id == s.meta.game_id
    resumed.undo()
    game.undo()
    assert resumed.to_position() == game.to_position()


def test_a_game_asked_for_over_a_started_save_waits_for_the_player(home):
    s = session()
    game, _ = s.start()
    play(s, game, 2)
    again = session()
    kept, notices = again.start("spider-2suit", deal=9)
    assert notices == [] and kept.to_position() == game.to_position()
    assert (again.pending.variant, again.pending.deal) == ("spider-2suit", 9)
    assert StatsStore().load().rows() == []
    assert SaveStore().load().game.to_position() == game.to_position()


def test_without_confirmations_a_game_asked_for_replaces_a_started_save_as_a_loss(home):
    s = session()
    game, _ = s.start()
    play(s, game, 2)
    asked, notices = session(Config(variant="spider-1suit", confirm_new_game=False)).start(
        "spider-2suit", deal=9)
    assert (asked.variant, asked.deal) == ("spider-2suit", 9)
    assert len(notices) == 1 and "counts as a loss" in notices[0]
    assert (figures().played, figures().won) == (1, 0)
    assert SaveStore().load().game.to_position() == asked.to_position()


def test_an_unstarted_save_replaced_from_the_command_line_is_not_counted(home):
    session().start()
    asked, notices = session().start(deal=3)
    assert notices == [] and asked.deal == 3
    assert StatsStore().load().rows() == []


def test_a_deal_alone_keeps_the_default_house_rules_a_variant_does_not(home):
    cfg = Config(variant="spider-1suit", house_rules=["relaxed-deal"])
    by_deal, _ = session(cfg).start(deal=5)
    assert (by_deal.variant, by_deal.deal, by_deal.house_rules) == (
        "spider-1suit", 5, ("relaxed-deal",))
    by_variant, _ = session(cfg).start("spider-2suit")
    assert by_variant.house_rules == ()


def test_a_game_built_by_the_command_line_is_played(home):
    built = Game.new("spiderette", deal=4)
    game, notices = session().start(game=built)
    assert game is built and notices == []


def test_an_unreadable_save_is_moved_aside_and_a_new_game_starts(home):
    (home / "save.json").write_text("{ not a save")
    game, notices = session().start()
    assert game.variant == "spider-1suit" and not game.started
    assert len(notices) == 1 and "moved to" in notices[0]
    assert any(p.name.startswith("save.json.") for p in home.iterdir())


def test_a_won_save_gives_way_to_a_new_game(home):
    s = session()
    s.start()
    won = Game.from_position(NEAR_WIN)
    s.new_game_started(won)
    won.play("2>1")
    assert s.after_action(won) == []
    game, notices = session().start()
    assert notices == [] and game.status == "playing" and not game.started
    assert figures().won == 1  # and the restart did not count it again


def test_a_stuck_save_is_resumed_so_that_undo_is_still_possible(home, fill):
    s = session()
    s.start()
    stuck = Game.from_position(fill(STUCK, filler=1))
    assert stuck.status == "stuck"
    s.new_game_started(stuck)
    game, _ = session().start()
    assert game.status == "stuck" and game.to_position() == stuck.to_position()


def test_a_win_is_counted_once_and_a_hint_spoils_the_clean_win(home):
    s = session()
    s.start()
    game = Game.from_position(NEAR_WIN)
    s.new_game_started(game)
    s.hint_shown()
    game.play("2>1")
    assert s.after_action(game) == []
    game.undo()
    s.after_action(game)
    game.redo()
    s.after_action(game)
    f = figures()
    assert (f.played, f.won, f.streak, f.clean_wins) == (1, 1, 1, 0)

    clean = Game.from_position(NEAR_WIN)
    s.new_game_started(clean)
    clean.play("2>1")
    s.after_action(clean)
    f = figures()
    assert (f.played, f.won, f.streak, f.clean_wins) == (2, 2, 2, 1)


def test_abandoning_a_started_game_is_a_loss_that_ends_the_streak(home):
    s = session()
    game = Game.from_position(NEAR_WIN)
    s.new_game_started(game)
    game.play("2>1")
    s.after_action(game)
    fresh, _ = s.make_game()
    assert s.abandon(fresh) == []  # not started: not counted
    s.new_game_started(fresh)
    play(s, fresh)
    assert s.abandon(fresh) == []
    f = figures()
    assert (f.played, f.won, f.streak, f.best_streak) == (2, 1, 0, 1)


def test_the_new_game_is_saved_at_once_so_an_abandoned_one_never_comes_back(home):
    s = session()
    old, _ = s.start()
    play(s, old, 3)
    s.abandon(old)
    new, _ = s.make_game("spider-2suit")
    s.new_game_started(new)
    assert SaveStore().load().game.variant == "spider-2suit"


def test_ids_that_are_not_installed_fall_back_with_a_notice(home):
    game, notices = session(Config(variant="no-such-variant")).start()
    assert game.variant == "spider-4suit"
    assert len(notices) == 1 and "no-such-variant" in notices[0]
    game, notices = session(Config(variant="spider-1suit", scoring="no-such-scheme")).make_game()
    assert game.variant == "spider-1suit" and game.scoring.id == "classic"
    assert len(notices) == 1 and "variant's own scoring" in notices[0]


def test_settings_are_saved_where_load_config_reads_them(home):
    cfg = Config(variant="spider-2suit", one_tap=False, keymap={"undo": "x,ctrl+z"})
    s = session()
    assert s.save_settings(cfg) == []
    assert s.config is cfg
    assert load_config() == (cfg, [])
    new, _ = s.make_game()
    assert new.variant == "spider-2suit"


def test_a_folder_that_cannot_be_written_gives_notices_not_errors(tmp_path, monkeypatch):
    # A home inside a plain file cannot be created, even by root.
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("SPIDER_TUI_HOME", str(tmp_path / "file" / "home"))
    s = session()
    game, notices = s.start()
    assert len(notices) == 1 and "could not be read" in notices[0]
    game.play(game.legal_moves()[0])
    assert s.after_action(game) == []  # said once, not after every action
    assert len(s.save_settings(Config())) == 1
    game.play(game.legal_moves()[0])
    assert s.abandon(game) and s.on_quit(game) == []


def test_nothing_a_store_does_ever_raises_into_the_app(home, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    for cls, name in [(SaveStore, "load"), (SaveStore, "save"), (StatsStore, "record_win"),
                      (StatsStore, "record_abandoned")]:
        monkeypatch.setattr(cls, name, broken)
    monkeypatch.setattr("spider_tui.ui.session.save_config", broken)
    s = session()
    game, notices = s.start()
    assert game.variant == "spider-1suit"
    assert any("disk on fire" in n for n in notices)
    won = Game.from_position(NEAR_WIN)
    assert s.new_game_started(won) == ["The game could not be saved: disk on fire"]
    won.play("2>1")
    assert s.after_action(won) == ["The win could not be counted: disk on fire",
                                   "The game could not be saved: disk on fire"]
    game.play(game.legal_moves()[0])
    assert s.abandon(game) == ["The abandoned game could not be counted: disk on fire"]
    assert s.hint_shown() and s.on_quit(game) and s.on_suspend(game)
    assert s.save_settings(Config()) == ["The settings could not be saved: disk on fire"]


def test_quitting_and_suspending_keep_the_clock(home):
    s = session()
    game, _ = s.start()
    play(s, game)
    game.elapsed = 10.0
    assert s.on_suspend(game) == []
    assert SaveStore().load().game.elapsed == 10.0
    game.elapsed = 25.0
    assert s.on_quit(game) == []
    assert SaveStore().load().game.elapsed == 25.0
