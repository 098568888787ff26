"""Helpers for tests of ``spider-tui serve``: a real server in a process of its own, on a free
port of this machine, with its own ``SPIDER_TUI_HOME``; and the game processes it starts
(importable from every test folder: pytest puts ``tests/`` on the path for its ``conftest.py``)."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: What a terminal draws between the letters: colours, cursor moves, modes, titles.
ANSI = re.compile(r"\x1b(\[[0-9;?<>=$]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-B]|[=>78])")


def screen_text(data: bytes) -> str:
    """The letters of a terminal byte stream, escape sequences left out."""
    return ANSI.sub("", data.decode("utf-8", "replace"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Served:
    """A running ``spider-tui serve``."""

    process: subprocess.Popen
    port: int
    home: Path
    first_line: str
    output: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def games(self) -> list[int]:
        """The process ids of the games the server runs now (its child processes; Linux)."""
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError, IndexError, ValueError):
                # pid (comm) state ppid ...: comm may hold spaces, so split after its ')'.
                if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == self.process.pid:
                    found.append(int(stat.parent.name))
        return found

    def stop(self, timeout: float = 20) -> tuple[int, str, str]:
        """Ctrl+C, as a player stops it: the exit status, what it printed, its errors."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            out, err = self.process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, err = self.process.communicate()
            raise AssertionError(f"spider-tui serve did not stop on Ctrl+C: {out!r} {err!r}") from None
        return self.process.returncode, self.first_line + out, err


def _read_line(stream, timeout: float) -> str:
    line: list[str] = []
    reader = threading.Thread(target=lambda: line.append(stream.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    return line[0] if line else ""


@contextlib.contextmanager
def served(home: Path, *args: str, cwd: Path | None = None) -> Iterator[Served]:
    """``spider-tui serve --port P *args`` with ``SPIDER_TUI_HOME=home``, run from ``cwd`` with
    this checkout's ``spider_tui`` first on the path, until the block ends (then Ctrl+C, if the
    test has not stopped it itself)."""
    env = dict(os.environ, SPIDER_TUI_HOME=str(home), PYTHONPATH=str(ROOT))
    env.pop("SPIDER_TUI_DEBUG", None)
    for attempt in range(3):
        port = free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "spider_tui", "serve", "--port", str(port), *args],
            cwd=cwd or home, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, encoding="utf-8")
        first = _read_line(process.stdout, 30)
        if "serving the game" in first:
            break
        process.kill()
        _out, err = process.communicate()
        if "cannot listen" not in err or attempt == 2:  # another test took the port: again
            raise AssertionError(f"spider-tui serve did not start: {first!r} {err!r}")
    server = Served(process, port, home, first)
    try:
        yield server
    finally:
        if process.poll() is None:
            with contextlib.suppress(AssertionError):
                server.stop()


def wait_until(condition, timeout: float = 15, step: float = 0.05) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(step)
    return condition()
