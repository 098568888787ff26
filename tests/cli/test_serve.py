"""``spider-tui serve``: the game in a web browser (issue 33 item 11).

The arguments and the guards are tested in this process; then a real server runs in a process
of its own and the game is played over its websocket exactly as textual-serve's page does
(``["resize", ...]``, ``["stdin", keys]``, ``["ping", ...]`` as JSON text; the game's screen
back as terminal bytes). tests/browser plays it in a real browser."""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shlex
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from serving import ROOT, screen_text, served, wait_until

from spider_tui.cli import build_parser, main, serve
from spider_tui.store import SaveStore

aiohttp = pytest.importorskip("aiohttp", reason="spider-tui serve needs textual-serve "
                                                "(python -m pip install -e '.[test]')")
pytest.importorskip("textual_serve", reason="spider-tui serve needs textual-serve "
                                             "(python -m pip install -e '.[test]')")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert lines[0].startswith("spider-tui: ")
    return lines[0]


# ----------------------------------------------------------------- arguments

@pytest.mark.parametrize("argv, reason", [
    (["--port", "0"], "--port: '0' is not a whole number from 1 to 65535"),
    (["--port", "65536"], "--port: '65536' is not a whole number from 1 to 65535"),
    (["--port", "http"], "--port: 'http' is not a whole number from 1 to 65535"),
    (["--host", ""], "--host: no address given"),
    (["--host", " "], "--host: no address given"),
    (["--host", "no-such-host.invalid"], "cannot serve on host 'no-such-host.invalid'"),
    # An address of another machine (TEST-NET-1, never this one's): nothing can listen there.
    (["--host", "192.0.2.1", "--port", "8000"], "cannot listen on 192.0.2.1:8000"),
    (["--variant", "no-such-game"], "unknown variant 'no-such-game'"),
    (["--house-rule", "no-such-rule"], "unknown house rule 'no-such-rule'"),
])
def test_a_bad_argument_is_one_line_and_exit_2(capsys, argv, reason):
    code, out, err = run(capsys, "serve", *argv)
    assert code == 2 and out == ""
    assert reason in one_line_error(err)


def test_a_port_already_taken_is_one_line(capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        code, out, err = run(capsys, "serve", "--port", str(port))
    assert code == 2 and out == ""
    assert f"cannot listen on 127.0.0.1:{port}: " in one_line_error(err)


def test_a_bad_deal_is_refused_like_every_command_s(capsys):
    with pytest.raises(SystemExit) as e:
        main(["serve", "--deal", "-1"])
    assert e.value.code == 2
    assert "--deal" in capsys.readouterr().err


def test_without_textual_serve_it_says_how_to_install_it(capsys, monkeypatch):
    # ``None`` in sys.modules makes the import fail as for a package that is not installed.
    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    code, out, err = run(capsys, "serve")
    assert code == 2 and out == ""
    line = one_line_error(err)
    assert "needs the textual-serve package" in line
    assert "python -m pip install textual-serve" in line
    assert "spider-tui[serve]" in line


def test_serve_is_in_the_help(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "serve" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "127.0.0.1" in out and "Anyone who can reach the port plays your game" in out


# ----------------------------------------------------------------- the game each page runs

def parsed(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["serve", *argv])


def test_each_page_plays_the_game_asked_for_with_this_python():
    assert serve.play_argv(parsed()) == [sys.executable, "-m", "spider_tui", "play"]
    assert serve.play_argv(parsed("--variant", "spider-2suit", "--deal", "42", "--house-rule",
                                  "open", "--house-rule", "relaxed-deal")) == [
        sys.executable, "-m", "spider_tui", "play", "--variant", "spider-2suit", "--deal", "42",
        "--house-rule", "open", "--house-rule", "relaxed-deal"]
    assert serve.play_argv(parsed("--deal", "0"))[-2:] == ["--deal", "0"]


@pytest.mark.skipif(os.name == "nt", reason="the POSIX shell's quoting")
def test_the_shell_command_keeps_every_word_whole(tmp_path):
    argv = [sys.executable, "-c", "import sys; print(repr(sys.argv[1:]))",
            "a b", "it's", '"q"', "$HOME", "`x`", "; rm -rf /", ""]
    command = serve.shell_command(argv)
    assert command.startswith("exec ")
    assert shlex.split(command) == ["exec", *argv]
    # As textual-serve runs it: through the shell, which makes way for the program (exec).
    done = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == repr(argv[3:])


def test_the_games_import_the_spider_tui_that_serves(tmp_path):
    # Run from the checkout, ``python -m spider_tui`` finds this very package: nothing to add.
    assert serve.child_pythonpath(cwd=str(ROOT), environ={}) is None
    # Run from a folder holding another spider_tui (-m looks there first): ours goes first,
    # and the player's own PYTHONPATH is kept after it.
    decoy = tmp_path / "spider_tui"
    decoy.mkdir()
    (decoy / "__init__.py").write_text("")
    path = serve.child_pythonpath(cwd=str(tmp_path),
                                  environ={"PYTHONPATH": os.pathsep.join(["/x", "", "/y"])})
    assert path == os.pathsep.join([str(ROOT), "/x", "/y"])
    assert serve.package_root() == ROOT


# ----------------------------------------------------------------- who may play

LOOPBACK_HOSTS = ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "127.0.0.1",
                  "LOCALHOST:8000", "game.localhost:8000"]


@pytest.mark.parametrize("host", LOOPBACK_HOSTS)
def test_the_page_of_this_address_plays(host):
    assert serve.refusal(f"http://{host}", host, loopback=True) is None
    assert serve.refusal(f"http://{host.lower()}", host, loopback=True) is None
    # Not sent by a browser's page at all (a script of the player's own): allowed.
    assert serve.refusal(None, host, loopback=True) is None


@pytest.mark.parametrize("origin", [
    "http://evil.example", "https://evil.example", "http://127.0.0.1:8001",
    "http://localhost:8000",  # another name is another origin, though it is this machine
    "null", "", "file://",
])
def test_a_page_of_another_origin_is_refused(origin):
    why = serve.refusal(origin, "127.0.0.1:8000", loopback=True)
    assert why is not None and "may not play here" in why
    # The same on an address every machine can reach.
    assert serve.refusal(origin, "127.0.0.1:8000", loopback=False) is not None


@pytest.mark.parametrize("host", ["evil.example:8000", "evil.example", "127.0.0.1.evil.example",
                                  "10.0.0.5:8000", "localhost.evil.example:8000"])
def test_another_name_that_leads_here_is_refused_on_loopback(host):
    # DNS rebinding: a page of evil.example whose name now leads to 127.0.0.1 is same-origin
    # with itself, so only the name it asks under gives it away.
    why = serve.refusal(f"http://{host}", host, loopback=True)
    assert why == f"{host} is not this machine"
    assert serve.refusal(None, host, loopback=True) == why


@pytest.mark.parametrize("host", ["192.168.1.5:8000", "myhost.lan:8000", "[fe80::1]:8000",
                                  "127.0.0.1:8000"])
def test_served_to_every_machine_any_name_of_it_plays(host):
    # --host 0.0.0.0: the player chose to let every machine that reaches it play.
    assert serve.refusal(f"http://{host}", host, loopback=False) is None
    assert serve.refusal("http://evil.example", host, loopback=False) is not None


@pytest.mark.parametrize("host, loopback", [
    ("127.0.0.1", True), ("127.1.2.3", True), ("::1", True), ("[::1]", True),
    ("localhost", True), ("0.0.0.0", False), ("::", False), ("192.168.1.5", False),
    ("example.com", False),
])
def test_which_addresses_are_this_machine_only(host, loopback):
    assert serve._is_loopback(host) is loopback


# ----------------------------------------------------------------- end to end

async def _play(session, url: str, keys_then_expect: list[tuple[str, str]]) -> tuple[list[str], object]:
    """Open the game's websocket as the page does, send each step's keys and wait for its
    screen text: the screens seen, and the websocket (left open)."""
    ws = await session.ws_connect(f"{url}/ws?width=100&height=30", headers={"Origin": url})
    await ws.send_json(["resize", {"width": 100, "height": 30}])
    data = b""
    seen = []
    loop = asyncio.get_running_loop()
    for keys, expected in keys_then_expect:
        if keys:
            await ws.send_json(["stdin", keys])
        end = loop.time() + 20
        while not re.search(expected, screen_text(data)):
            assert loop.time() < end, f"{expected!r} never came: {screen_text(data)[-3000:]!r}"
            message = await ws.receive(timeout=end - loop.time())
            if message.type == aiohttp.WSMsgType.BINARY:
                data += message.data
            elif message.type != aiohttp.WSMsgType.TEXT:
                raise AssertionError(f"the game went away: {message}")
        seen.append(screen_text(data))
        data = b""
        # The page tells the game when it has the keyboard (the game starts without it, and
        # its clock runs only with it).
        await ws.send_json(["focus"])
    await ws.send_json(["ping", "42"])
    while (message := await ws.receive(timeout=10)).type != aiohttp.WSMsgType.TEXT:
        pass
    assert message.json() == ["pong", "42"]
    return seen, ws


async def _refused(url: str, origin: str) -> int:
    async with aiohttp.ClientSession() as session:
        with pytest.raises(aiohttp.WSServerHandshakeError) as e:
            await session.ws_connect(f"{url}/ws", headers={"Origin": origin})
        return e.value.status


async def test_a_page_plays_the_game_and_ctrl_c_saves_it_and_stops_it(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    with served(home, "--variant", "spider-1suit", "--deal", "3", cwd=tmp_path) as server:
        assert server.first_line.startswith(
            f"spider-tui: serving the game on {server.url} - open it in a web browser; anyone "
            f"who can reach this address plays your game.")

        async with aiohttp.ClientSession() as session:
            async with session.get(server.url + "/") as page:
                assert page.status == 200
                html = await page.text()
        assert "spider-tui" in html  # the title textual-serve shows while the game starts
        assert f'data-session-websocket-url="ws://127.0.0.1:{server.port}/ws"' in html

        assert await _refused(server.url, "http://evil.example") == 403

        async with aiohttp.ClientSession() as session:
            # The table, then `d` deals a row: the status line says so.
            (first, _dealt), ws = await _play(session, server.url, [
                ("", r"Spider \(one suit\)\s+Deal 3\s+Score 500\s+Moves 0.*Stock 5"),
                ("d", r"Moves 1\s.*Stock 4"),
            ])
            assert "A♠" in first and "2♠" in first  # the cards of deal 3 face up
            games = server.games()
            assert len(games) == 1 or not Path("/proc").is_dir()  # the game, a child process

            # Ctrl+C with the page still open: the game is told to quit, the server stops,
            # and the page is told the game is over.
            stopping = asyncio.create_task(asyncio.to_thread(server.stop))
            while (message := await ws.receive(timeout=20)).type == aiohttp.WSMsgType.BINARY:
                pass
            assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED), message
            code, out, err = await stopping
    assert code == 0, err
    assert "Traceback" not in out + err, out + err
    assert out.rstrip().endswith("spider-tui: stopped serving the game")
    assert "refused a game: a page of http://evil.example may not play here" in err
    assert wait_until(lambda: not any(Path(f"/proc/{pid}").exists() for pid in games), 10)

    saved = SaveStore(home / "save.json").load().game
    assert saved is not None
    assert saved.rules.id == "spider-1suit" and saved.deal == 3
    assert saved.actions == 1 and saved.deals_left == 4
    assert saved.elapsed > 0  # the time played up to Ctrl+C, saved as it quit


def test_a_page_closed_ends_its_game(tmp_path):
    home = tmp_path / "home"
    home.mkdir()

    async def open_then_close(url: str) -> None:
        async with aiohttp.ClientSession() as session:
            _seen, ws = await _play(session, url, [("", r"Stock 5")])
            await ws.close()

    with served(home, "--variant", "spider-1suit", "--deal", "3") as server:
        asyncio.run(open_then_close(server.url))
        assert wait_until(lambda: server.games() == [], 15), server.games()  # [] without /proc
        code, out, err = server.stop()
    assert code == 0 and "Traceback" not in out + err
