"""``spider-tui serve [--host H] [--port N]``: the game in a web browser.

textual-serve (the Textual way to share a TUI) runs a small web server; every browser tab that
opens the page starts its own ``spider-tui play`` in a process of its own, whose screen the page
draws with xterm.js and to which it sends keys and the mouse. That process is this very program:
the same Python (``sys.executable``), the same ``spider_tui`` package, the same environment (so
``SPIDER_TUI_HOME``), hence the same saved game, settings and plugins as ``spider-tui`` run in a
terminal.

Anyone who can reach the port plays the game, so the server listens on this machine only
(``127.0.0.1``) unless told otherwise. A page of another site the player happens to have open
must not drive the game through the player's browser: the game's websocket refuses a request
sent from a page of another origin, and, on a loopback address, one that names a host other
than this machine (DNS rebinding).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.machinery
import ipaddress
import logging
import os
import shlex
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..engine.text import quoted
from . import CommandError
from .common import add_game_choice, whole_number

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000

INSTALL_HINT = ("python -m pip install textual-serve (or install spider-tui with its serve "
                "extra: python -m pip install 'spider-tui[serve]')")


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "serve", help="play in a web browser: serve the game on this machine's port",
        description="Serve the game to a web browser (textual-serve): every page opened plays "
                    "the same saved game, settings and plugins as spider-tui in a terminal. "
                    "Anyone who can reach the port plays your game.")
    p.add_argument("--host", default=DEFAULT_HOST,
                   help=f"the address to listen on (default {DEFAULT_HOST}: this machine only; "
                        "0.0.0.0 lets every machine that can reach this one play)")
    # Checked in run(), so that a bad one is one line like every other error of the command.
    p.add_argument("--port", default=str(DEFAULT_PORT),
                   help=f"the port to listen on, 1 to 65535 (default {DEFAULT_PORT})")
    add_game_choice(p, "every page starts")
    return p


def play_argv(args: argparse.Namespace) -> list[str]:
    """The command line of the game each page runs: ``spider-tui play`` with the game asked
    for, run by this Python."""
    argv = [sys.executable, "-m", "spider_tui", "play"]
    if getattr(args, "variant", None) is not None:
        argv += ["--variant", args.variant]
    if getattr(args, "deal", None) is not None:
        argv += ["--deal", str(args.deal)]
    for rule in getattr(args, "house_rules", None) or []:
        argv += ["--house-rule", rule]
    return argv


def shell_command(argv: list[str]) -> str:
    """``argv`` as one command for the shell textual-serve starts it with, every word quoted
    (a path with spaces or quotes in it stays one word); on POSIX the shell makes way for it
    (``exec``), so that signals reach the game itself."""
    if os.name == "nt":
        return subprocess.list2cmdline(argv)
    return "exec " + shlex.join(argv)


def package_root() -> Path:
    """The folder holding the ``spider_tui`` package this program runs from."""
    return Path(__file__).resolve().parents[2]


def child_pythonpath(cwd: str | None = None, environ: dict[str, str] | None = None) -> str | None:
    """The ``PYTHONPATH`` the game's processes need to import the ``spider_tui`` this server
    runs, or ``None`` when ``python -m spider_tui`` started in ``cwd`` finds it anyway.

    ``-m`` looks in the current folder first: a checkout's ``spider_tui`` there would
    otherwise be served in place of the installed one the ``spider-tui`` command runs."""
    cwd = os.getcwd() if cwd is None else cwd
    environ = os.environ if environ is None else environ
    ours = package_root()
    extra = [p for p in environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    path = [cwd, *extra, *(p for p in sys.path[1:] if p)]
    spec = importlib.machinery.PathFinder.find_spec("spider_tui", path)
    found = spec.origin if spec is not None else None
    if found is not None and Path(found).resolve().parent.parent == ours:
        return None
    return os.pathsep.join([str(ours), *extra])


def _is_loopback(host: str) -> bool:
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def port_number(text: str) -> int:
    try:
        return whole_number(1, 65535)(text)
    except argparse.ArgumentTypeError as e:
        raise CommandError(f"--port: {e}") from None


def _check_address(host: str, port: int) -> None:
    """A host that is no address of this machine, or a port already taken: one line."""
    if not host.strip():
        raise CommandError("--host: no address given (127.0.0.1 is this machine only)")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as e:
        reason = e.strerror if isinstance(e, socket.gaierror) and e.strerror else "not a host"
        raise CommandError(f"cannot serve on host {quoted(host, 60)}: {reason}") from None
    for family, kind, proto, _name, address in infos:
        try:
            with socket.socket(family, kind, proto) as s:
                if os.name != "nt":
                    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                s.bind(address)
        except OSError as e:
            raise CommandError(f"cannot listen on {_url_host(host)}:{port}: "
                               f"{e.strerror or e}") from None


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def make_server(command: str, host: str, port: int) -> Any:
    """A textual-serve server for ``command``, with spider-tui's start-up line and guards."""
    import textual_serve.server as served
    from aiohttp import web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server

    loopback = _is_loopback(host)
    #: Every game process a page started: textual-serve never waits for one, and a process
    #: left to the garbage collector after the loop has closed prints a traceback.
    games: set[asyncio.subprocess.Process] = set()

    class GameService(AppService):
        async def _open_app_process(self, width: int = 80, height: int = 24
                                    ) -> asyncio.subprocess.Process:
            process = await super()._open_app_process(width, height)
            games.difference_update([p for p in games if p.returncode is not None])
            games.add(process)
            return process

    served.AppService = GameService  # type: ignore[misc]  # the one textual-serve starts
    url = f"http://{_url_host(host)}:{port}"

    def announce() -> None:
        print(f"spider-tui: serving the game on {url} - open it in a web browser; anyone "
              f"who can reach this address plays your game. Ctrl+C stops.", flush=True)

    class GameServer(Server):
        def initialize_logging(self) -> None:
            # textual-serve logs every request and a banner; the player needs only problems.
            logging.basicConfig(level=logging.WARNING, format="spider-tui serve: %(message)s")

        #: The requests of the pages playing now (each runs its own game).
        pages: set[asyncio.Task] = set()

        async def on_startup(self, app: web.Application) -> None:
            pass  # textual-serve's banner; the line below says it once the port is open

        async def on_shutdown(self, app: web.Application) -> None:
            # Stopping, aiohttp would wait up to a minute for every open page to go away by
            # itself. End them now: each page's game is told to quit (so it is saved) and
            # waited for, and the page is told the game is over.
            pages = [task for task in self.pages if not task.done()]
            for task in pages:
                task.cancel()
            if pages:
                await asyncio.wait(pages, timeout=20)
            await reap(games)

        def serve(self, debug: bool = False) -> None:
            # textual-serve's own, but for the line: printed once the server listens (its
            # start-up hook comes before), so that whoever reads it can open the page at once.
            self.debug = debug
            self.initialize_logging()
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
                loop.add_signal_handler(signal.SIGINT, self.request_exit)
                loop.add_signal_handler(signal.SIGTERM, self.request_exit)
            web.run_app(self._make_app(), host=self.host, port=self.port, handle_signals=False,
                        loop=loop, print=lambda *_: announce())

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            # The page reaches the game back at the address the browser used (textual-serve
            # would write the listening address, which a browser cannot use for 0.0.0.0).
            self.public_url = f"{request.scheme}://{request.host}"
            return await super().handle_index(request)

        async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
            refused = refusal(request.headers.get("Origin"), request.host, loopback)
            if refused:
                logging.getLogger("textual-serve").warning("refused a game: %s", refused)
                raise web.HTTPForbidden(text=refused)
            page = asyncio.current_task()
            if page is not None:
                self.pages.add(page)
            try:
                return await super().handle_websocket(request)
            finally:
                self.pages.discard(page)

    return GameServer(command, host=host, port=port, title="spider-tui")


async def reap(games: set[asyncio.subprocess.Process], timeout: float = 10) -> None:
    """Wait for every game process to end (killing one that has not after ``timeout``
    seconds), so that none is left for the garbage collector once the loop has closed."""
    for process in list(games):
        if process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), timeout)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()
        games.discard(process)
    await asyncio.sleep(0.05)  # the pipes' closing callbacks run while the loop still does


def refusal(origin: str | None, host: str, loopback: bool) -> str | None:
    """Why a request for a game is refused, or ``None``: sent by a page of another site
    (its ``Origin`` is not the address it asks), or, on a loopback address, asked under a
    name that is not this machine's (a page of another site whose name now leads here)."""
    if origin is not None and urlsplit(origin).netloc.lower() != host.lower():
        return f"a page of {origin} may not play here"
    hostname = urlsplit(f"//{host}").hostname or ""
    if loopback and not _is_loopback(hostname):
        return f"{host} is not this machine"
    return None


def run(args: argparse.Namespace) -> int:
    try:
        import textual_serve.server  # noqa: F401
    except ImportError:
        raise CommandError(f"serving the game needs the textual-serve package: "
                           f"{INSTALL_HINT}") from None
    from ..plugins.manager import get_manager
    from .play import _config, requested_game

    # A bad variant, deal or house rule is a one-line error now, not a broken page later.
    manager = get_manager()
    config, _notices = _config(manager)
    requested_game(args, config, manager)
    port = port_number(args.port)
    _check_address(args.host, port)

    pythonpath = child_pythonpath()
    if pythonpath is not None:
        os.environ["PYTHONPATH"] = pythonpath
    server = make_server(shell_command(play_argv(args)), args.host, port)
    try:
        server.serve()
    except OSError as e:
        raise CommandError(f"cannot listen on {_url_host(args.host)}:{port}: "
                           f"{e.strerror or e}") from None
    print("spider-tui: stopped serving the game", flush=True)
    return 0
