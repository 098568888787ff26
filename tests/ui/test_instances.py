"""Two spider-tui on one home (issue 23, item 8): the one that has the saved game open owns it;
a second one is told so and chooses (a new game here, not saved; take the saved game over; quit);
one taken over saves its game aside, never over the other's, and says so; and a spider-tui
killed outright (``kill -9``) never locks anyone out.

The other instance runs in a child process, holding the saved game through the same store the
app uses, and saves or quits when told to on its standard input."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from uihelpers import SIZE

from spider_tui.config import Config
from spider_tui.engine import Game
from spider_tui.plugins.manager import get_manager
from spider_tui.store import SaveMeta, SaveStore, StatsStore
from spider_tui.store.owner import Owner
from spider_tui.ui import SpiderApp
from spider_tui.ui.session import Session

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the saved game is locked "
                                "with flock, which Windows does not have")

ROOT = Path(__file__).resolve().parents[2]

OTHER = textwrap.dedent("""\
    import json, sys
    from pathlib import Path
    from spider_tui.engine import Game
    from spider_tui.store import SaveMeta, SaveStore
    store = SaveStore(Path(sys.argv[1]))
    other = store.claim()
    print(json.dumps({"pid": other.pid if other else None}), flush=True)
    game, meta = Game.new("spider-1suit", 5), SaveMeta()
    for line in sys.stdin:
        if line.strip() == "save":
            game.play(game.legal_moves()[0])
            notices = store.save(game, meta)
            print(json.dumps({"notices": notices, "path": str(store.path)}), flush=True)
        else:
            break
    """)


class Other:
    """Another spider-tui process that has (or tries to have) the saved game at ``path``."""

    def __init__(self, path: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, "-c", OTHER, str(path)], cwd=ROOT,
                                     env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)
        self.started = self.read()

    def read(self) -> dict:
        line = self.proc.stdout.readline()
        assert line, "the other spider-tui ended"
        return json.loads(line)

    def save(self) -> dict:
        self.proc.stdin.write("save\n")
        self.proc.stdin.flush()
        return self.read()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(10)


@pytest.fixture
def other(tmp_path):
    made: list[Other] = []

    def start() -> Other:
        made.append(Other(tmp_path / "save.json"))
        return made[-1]

    yield start
    for o in made:
        o.close()


def session_at(tmp_path: Path) -> Session:
    return Session(Config(variant="spider-2suit"), manager=get_manager(),
                   saves=SaveStore(tmp_path / "save.json"),
                   stats=StatsStore(tmp_path / "stats.json"))


def saved_moves(tmp_path: Path) -> list[str]:
    return SaveStore(tmp_path / "save.json").load().game.moves_played()


def aside(tmp_path: Path) -> list[Path]:
    return sorted(p for p in tmp_path.iterdir()
                  if p.name.startswith("save.json.") and p.name[10].isdigit())


# ------------------------------------------------------------------ the store


def test_a_second_instance_is_told_who_has_the_saved_game_and_writes_nothing(tmp_path, other):
    first = other()
    assert first.started == {"pid": None}  # it has the saved game
    first.save()
    before = (tmp_path / "save.json").read_bytes()
    store = SaveStore(tmp_path / "save.json")
    who = store.claim()
    assert isinstance(who, Owner) and who.pid == first.proc.pid
    assert who.describe() == f"another spider-tui (pid {first.proc.pid})"
    game = Game.new("spider-1suit", 9)
    game.play(game.legal_moves()[0])
    assert store.save(game, SaveMeta()) == [] and store.clear() == []
    assert (tmp_path / "save.json").read_bytes() == before
    assert first.save()["notices"] == []  # the first one still saves, undisturbed


def test_a_killed_instance_never_locks_the_saved_game(tmp_path, other):
    first = other()
    first.save()
    first.kill()  # kill -9: no chance to let go of anything
    session = session_at(tmp_path)
    game, notices = session.start()
    assert session.elsewhere is None and notices == []
    assert game.variant == "spider-1suit" and game.actions == 1  # its game, resumed
    game.play(game.legal_moves()[0])
    assert session.after_action(game) == []
    assert saved_moves(tmp_path) == game.moves_played()
    # ... and the next one to start after a clean quit has it at once too.
    assert session.on_quit(game) == []
    third = other()
    assert third.started == {"pid": None}


def test_an_instance_taken_over_saves_its_game_aside_and_says_so(tmp_path, other):
    first = other()
    first.save()
    session = session_at(tmp_path)
    guest, _ = session.start()
    assert session.elsewhere is not None and guest.variant == "spider-2suit"
    resumed, notices = session.take_over()
    assert notices == [] and session.elsewhere is None
    assert (resumed.variant, resumed.actions) == ("spider-1suit", 1)
    resumed.play(resumed.legal_moves()[0])
    assert session.after_action(resumed) == []
    ours = (tmp_path / "save.json").read_bytes()

    said = first.save()  # its next save finds it was taken over
    assert (tmp_path / "save.json").read_bytes() == ours
    assert len(said["notices"]) == 1
    notice = said["notices"][0]
    assert f"pid {os.getpid()}" in notice and "took over" in notice and said["path"] in notice
    assert aside(tmp_path) == [Path(said["path"])]
    kept = SaveStore(Path(said["path"])).load().game
    assert kept.variant == "spider-1suit" and kept.actions == 2  # nothing of it lost
    said = first.save()  # and from then on it saves there, quietly
    assert said["notices"] == [] and (tmp_path / "save.json").read_bytes() == ours
    assert SaveStore(Path(said["path"])).load().game.actions == 3


def test_within_one_process_a_new_session_takes_the_saved_game_from_the_last(tmp_path):
    a = session_at(tmp_path)
    game_a, _ = a.start()
    b = session_at(tmp_path)
    game_b, notices = b.start()
    assert b.elsewhere is None and notices == [] and game_b.to_position() == game_a.to_position()
    game_b.play(game_b.legal_moves()[0])
    assert b.after_action(game_b) == []
    game_a.play(game_a.legal_moves()[-1])
    said = a.after_action(game_a)  # the first one no longer writes over it
    assert len(said) == 1 and "took over" in said[0]
    assert saved_moves(tmp_path) == game_b.moves_played()


# ------------------------------------------------------------------ the app


def app_beside(tmp_path: Path, other) -> tuple[Other, bytes, Game, SpiderApp]:
    """Another spider-tui that has saved its game, what it saved, and an app started beside
    it (with a session, as the command starts it)."""
    first = other()
    first.save()
    before = (tmp_path / "save.json").read_bytes()
    session = session_at(tmp_path)
    game, notices = session.start()
    return first, before, game, SpiderApp(Config(), game, session=session, notices=notices)


async def test_the_app_asks_and_a_new_game_here_is_not_saved(tmp_path, other):
    first, before, game, app = app_beside(tmp_path, other)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        from spider_tui.ui.screens.elsewhere import ElsewhereScreen

        assert isinstance(app.screen, ElsewhereScreen)
        assert f"pid {first.proc.pid}" in app.screen.body
        await pilot.press("n")
        assert not isinstance(app.screen, ElsewhereScreen) and app.game is game
        await pilot.press("1", "2", "q")
    assert game.variant == "spider-2suit"
    assert (tmp_path / "save.json").read_bytes() == before
    assert first.save()["notices"] == []


async def test_the_app_takes_the_saved_game_over(tmp_path, other):
    first, _, game, app = app_beside(tmp_path, other)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert app.game is not game
        assert (app.game.variant, app.game.actions) == ("spider-1suit", 1)
        await pilot.press("u")
        assert app.game.actions == 2
        await pilot.press("q")
    assert SaveStore(tmp_path / "save.json").load().game.actions == 2
    said = first.save()
    assert len(said["notices"]) == 1 and "took over" in said["notices"][0]
    assert SaveStore(tmp_path / "save.json").load().game.actions == 2


async def test_the_app_can_quit_at_once(tmp_path, other):
    _, before, _, app = app_beside(tmp_path, other)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    assert (tmp_path / "save.json").read_bytes() == before
    assert StatsStore(tmp_path / "stats.json").load().rows() == []
