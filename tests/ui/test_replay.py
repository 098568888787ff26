"""A replay on the table (``spider-tui replay``, ``watch``, the game menu's "Replay a finished
game"): the moves are played, the step keys work, a bad record stops with its message, and the
player's own game is neither saved over nor counted meanwhile."""

from __future__ import annotations

import random

from uihelpers import SIZE, screen_text, search_palette

from spider_tui.config import Config
from spider_tui.engine import Game
from spider_tui.plugins.manager import get_manager
from spider_tui.store import SaveStore, StatsStore
from spider_tui.store.history import GameRecord, HistoryStore
from spider_tui.store.save import SaveMeta
from spider_tui.ui import SpiderApp
from spider_tui.ui.replaying import of_record
from spider_tui.ui.session import Session


def played(variant: str = "spider-1suit", deal: int = 3, moves: int = 12) -> Game:
    game = Game.new(variant, deal)
    rng = random.Random(deal)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))
    return game


def record_of(game: Game) -> GameRecord:
    return GameRecord.of(game, SaveMeta(), "abandoned")


async def until(pilot, done, seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if done():
            return
        await pilot.pause(0.05)
    raise AssertionError("it did not happen in time")


async def test_a_replay_plays_every_move_to_the_game_s_end():
    game = played()
    request = of_record(record_of(game), speed=32)
    app = SpiderApp(Config(), request.start, replay=request)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: len(app.game.history) == len(game.history)
                    and not app.game_screen.replay.playing)
        assert app.game.to_position() == game.to_position()
        assert app.game_screen.last_message.startswith("Replay: the end, 12 moves")
        shown = {a.binding.id for a in app.game_screen.active_bindings.values()}
        assert {"replay_next", "replay_back", "replay_pause"} <= shown
        assert not shown & {"undo", "deal", "hint", "column_1"}  # the board's keys rest


async def test_the_step_keys_go_a_move_on_and_back_and_space_plays():
    game = played()
    request = of_record(record_of(game), paused=True)
    app = SpiderApp(Config(), request.start, replay=request)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay = app.game_screen.replay
        assert replay.active and not replay.playing and app.game.history == []
        await pilot.press("right", "right", "right")
        assert app.game.moves_played() == game.moves_played()[:3]
        await pilot.press("left")
        assert app.game.moves_played() == game.moves_played()[:2]
        assert "move 2/12, paused" in screen_text(app)
        await pilot.press("u", "d", "1")  # the board's keys rest during a replay
        assert app.game.moves_played() == game.moves_played()[:2]
        await pilot.press("up", "up", "down")
        assert replay.speed == 4
        await pilot.press("space")
        assert replay.playing
        await pilot.press("up", "up", "up")  # faster while it plays: 32 moves a second
        assert replay.speed == 32
        await until(pilot, lambda: len(app.game.history) == 12)
        assert app.game.to_position() == game.to_position()
        await pilot.press("escape")  # spider-tui replay: leaving it quits
        await pilot.pause()
    assert app.return_code == 0


async def test_a_record_whose_move_no_longer_fits_stops_there_with_the_message():
    game = played()
    record = record_of(game)
    record.moves[4] = "9>9"
    request = of_record(record, speed=32)
    app = SpiderApp(Config(), request.start, replay=request)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "stopped" in app.game_screen.last_message)
        assert app.game.moves_played() == game.moves_played()[:4]
        assert app.game_screen.last_message == (
            "Replay stopped: move 5 of the record (9>9) does not fit this release's Spider "
            "(one suit): " + app.game_screen.last_message.split(": ", 2)[2])
        await pilot.press("right")
        assert len(app.game.history) == 4 and "stopped" in app.game_screen.last_message


def session_at(tmp_path) -> Session:
    return Session(Config(), manager=get_manager(), saves=SaveStore(tmp_path / "save.json"),
                   stats=StatsStore(tmp_path / "stats.json"), config_path=tmp_path / "c.toml")


def with_a_finished_game(tmp_path) -> tuple[SpiderApp, Game, Game]:
    """The app on the player's game (Spider 1 suit, deal 7), one finished game kept: (the app,
    the player's game, the finished one)."""
    finished = played("spider-2suit", 9, 6)
    HistoryStore(tmp_path / "history.json").add(finished, SaveMeta())
    session = session_at(tmp_path)
    mine, _ = session.start(game=Game.new("spider-1suit", 7))
    return SpiderApp(Config(), mine, session=session), mine, finished


async def test_the_game_menu_replays_a_finished_game_and_the_player_s_game_comes_back(tmp_path):
    app, mine, finished = with_a_finished_game(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("9", "7")
        await pilot.press("g")
        await pilot.pause()
        await pilot.click("#replay-finished")
        await pilot.pause()
        assert "Spider (two suits)" in screen_text(app) and "abandoned" in screen_text(app)
        await pilot.press("enter")
        await pilot.press(*["up"] * 4)  # from 2 to 32 moves a second, not to wait 3 s
        await until(pilot, lambda: len(app.game.history) == 6)
        assert app.game.to_position() == finished.to_position()
        assert app.game_screen.replay.active
        saved = (tmp_path / "save.json").read_bytes()
        await pilot.press("left", "left")  # undos of the replay: never saved, never counted
        assert (tmp_path / "save.json").read_bytes() == saved
        await pilot.press("s")  # the player's statistics are still there to look at
        await pilot.pause()
        assert type(app.screen).__name__ == "StatsScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.game_screen and app.game_screen.replay.active
        await pilot.press("escape")
        await pilot.pause()
        assert app.game is mine and mine.moves_played() == ["9>7"]
        assert not app.game_screen.replay.active
        await pilot.press("u")  # the board's keys are back, and the game is saved again
        assert (tmp_path / "save.json").read_bytes() != saved
    assert StatsStore(tmp_path / "stats.json").load().rows() == []
    assert len(HistoryStore(tmp_path / "history.json").load().games) == 1


async def test_a_game_taken_over_is_practice_and_a_new_game_brings_the_player_s_back(tmp_path):
    session = session_at(tmp_path)
    mine, _ = session.start(game=Game.new("spider-1suit", 7))
    app = SpiderApp(Config(confirm_new_game=False), mine, session=session)
    async with app.run_test(size=SIZE) as pilot:
        app.replay(of_record(record_of(played()), paused=True))
        await pilot.pause()
        await pilot.press("right", "right", "enter")
        assert not app.game_screen.replay.active and app.game is not mine
        assert app.game_screen.last_message.startswith("Practice from here")
        move = app.game.legal_moves()[0]
        app.game_screen.play_move(move)  # the player plays on: nothing saved or counted
        assert len(app.game.history) == 3
        assert SaveStore(tmp_path / "save.json").load().game.deal == 7
        await pilot.press("n")
        await pilot.pause()
        assert app.game is not mine and app.game.deal != 3
    # The new game replaced the player's own (not yet started, so not counted); the practice
    # game was never counted nor kept.
    assert StatsStore(tmp_path / "stats.json").load().rows() == []
    assert HistoryStore(tmp_path / "history.json").load().games == []


async def test_the_palette_replays_a_finished_game_too(tmp_path):
    from textual.command import CommandPalette

    app, _, finished = with_a_finished_game(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        await search_palette(pilot, "Replay a finished game")
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "FinishedScreen"
        assert "Spider (two suits)" in screen_text(app)
        await pilot.press("enter")
        await pilot.press(*["up"] * 4)  # from 2 to 32 moves a second, not to wait 3 s
        await until(pilot, lambda: len(app.game.history) == 6)
        assert app.game.to_position() == finished.to_position()
        assert app.game_screen.replay.active


async def test_the_palette_offers_no_replay_where_no_game_is_kept():
    app = SpiderApp(Config(), Game.new("spider-1suit", 7))  # no session: nothing is kept
    async with app.run_test(size=SIZE):
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Statistics" not in titles and "Replay a finished game" not in titles
