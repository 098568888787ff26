"""Which spider-tui has the saved game open: one at a time saves into ``save.json``.

Two spider-tui windows on one home used to save over each other, the last one to quit silently
replacing the other's game. Now the one that has the saved game open *owns* it:

* The owner file ``save.json.owner`` names the owner (pid, host, since when), and the owner
  holds an exclusive lock (``flock``) on that file for as long as it runs. The kernel drops the
  lock when the process ends, however it ends (``kill -9`` included), so a file left behind
  never locks anyone out: the next spider-tui gets the lock at once and takes the file over.
* A second spider-tui that finds the lock held is told who holds it (:class:`Owner`) and saves
  nothing unless it *takes over*: it writes a new owner file, locks it, and renames it over the
  old one. The first still holds its lock, but on the old file, which no longer has a name.
* Before every write of ``save.json`` the owner checks that the owner file is still the one it
  locked (:meth:`Claim.owned`); if it was taken over, the save store writes its game aside
  instead (see :class:`~spider_tui.store.save.SaveStore`).

Within one process a new claim takes the file over from an earlier one (one process plays one
game at a time; a second :class:`~spider_tui.ui.session.Session` replaces the first).

Where ``flock`` does not exist (Windows) or the folder cannot be written, every claim succeeds
and nothing is checked: the saved game is then as unprotected as before.

An owner file that is not a regular file of spider-tui's (a symbolic link, a pipe, a file with
other names) is never opened for writing nor replaced: :func:`claim` and :func:`take_over`
raise :class:`~spider_tui.store.files.NotOurs`, and the save store reports it and saves nothing.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from .files import NotOurs, Unreadable, check_own, open_own, read_own

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

SUFFIX = ".owner"


def owner_file(path: Path) -> Path:
    """The owner file of the saved game at ``path``."""
    return path.with_name(path.name + SUFFIX)


def _host() -> str:
    try:
        return socket.gethostname()
    except OSError:
        return ""


@dataclass(frozen=True)
class Owner:
    """The spider-tui that has the saved game open (as its owner file says)."""

    pid: int | None = None
    host: str = ""
    since: str = ""

    def describe(self) -> str:
        """"another spider-tui (pid 4242)", with the host when it is another machine."""
        where = []
        if self.pid is not None:
            where.append(f"pid {self.pid}")
        if self.host and self.host != _host():
            where.append(f"on {self.host}")
        return "another spider-tui" + (f" ({' '.join(where)})" if where else "")


def read_owner(path: Path) -> Owner:
    """Who the owner file of ``path`` names (what can be read of it)."""
    try:
        data = json.loads(read_own(owner_file(path), 4096).decode("utf-8", "replace"))
    except (OSError, ValueError, Unreadable):
        return Owner()
    if not isinstance(data, dict):
        return Owner()
    pid = data.get("pid")
    host = data.get("host")
    since = data.get("since")
    return Owner(pid if type(pid) is int and 0 < pid < 2**31 else None,
                 host[:100] if isinstance(host, str) else "",
                 since[:40] if isinstance(since, str) else "")


def _content() -> bytes:
    return json.dumps({"pid": os.getpid(), "host": _host(),
                       "since": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
                      ).encode("utf-8")


class Claim:
    """This process's hold on a saved game: the open, locked owner file (``fd``; ``None`` where
    nothing can be locked, and then the claim always holds)."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self.fd = fd

    def owned(self) -> bool:
        """Is the owner file still the one this claim locked (not taken over)?"""
        if self.fd is None:
            return True
        try:
            now = os.lstat(owner_file(self.path))
            mine = os.fstat(self.fd)
        except OSError:  # the file was deleted by hand: nobody took it over
            return True
        return (now.st_ino, now.st_dev) == (mine.st_ino, mine.st_dev)

    def release(self) -> None:
        """Let go of the saved game (the file stays: the next claim takes it over)."""
        if _HELD.get(_key(self.path)) is self:
            del _HELD[_key(self.path)]
        if self.fd is not None:
            with contextlib.suppress(OSError):
                os.close(self.fd)
            self.fd = None

    def __del__(self) -> None:
        if self.fd is not None:
            with contextlib.suppress(OSError):
                os.close(self.fd)


#: The claim this process holds, per saved game.
_HELD: dict[str, Claim] = {}


def _key(path: Path) -> str:
    return os.path.abspath(path)


def claim(path: Path) -> Claim | Owner:
    """Take the saved game at ``path`` for this process: a :class:`Claim`, or the
    :class:`Owner` of the running spider-tui that has it (then nothing is taken).
    :class:`NotOurs` when the owner file is not a regular file of spider-tui's."""
    if fcntl is None:
        return Claim(path, None)
    held = _HELD.get(_key(path))
    if held is not None:
        if held.fd is not None and held.owned():
            return take_over(path)  # this process has it: the new claim replaces the old one
        del _HELD[_key(path)]  # taken over by another process meanwhile
    target = owner_file(path)
    for _ in range(5):
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            fd = open_own(target, os.O_RDWR | os.O_CREAT, in_place=True)
        except NotOurs:
            raise
        except OSError:
            return Claim(path, None)  # a folder that cannot be written: the save will say so
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return read_owner(path)  # held by a running process
        try:
            same = os.fstat(fd).st_ino == os.lstat(target).st_ino
        except OSError:
            same = False
        if not same:  # replaced or removed between open and lock: try the new one
            os.close(fd)
            continue
        try:  # nobody else holds this file's lock, so nobody reads it half written
            os.ftruncate(fd, 0)
            os.pwrite(fd, _content(), 0)
        except OSError:
            pass  # only the pid shown to another instance is lost
        got = Claim(path, fd)
        _HELD[_key(path)] = got
        return got
    return take_over(path)


def take_over(path: Path) -> Claim:
    """Take the saved game at ``path`` even from a running spider-tui: a new owner file, locked
    before it is renamed into place, so that the other one sees it is no longer the owner.
    :class:`NotOurs` when the owner file is not a regular file (it is not replaced)."""
    if fcntl is None:
        return Claim(path, None)
    target = owner_file(path)
    check_own(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError:
        return Claim(path, None)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a new file: nobody else has it
        os.write(fd, _content())
        os.fsync(fd)
        check_own(target)
        os.replace(tmp, target)
    except OSError as e:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(e, NotOurs):
            raise
        return Claim(path, None)
    old = _HELD.get(_key(path))
    got = Claim(path, fd)
    _HELD[_key(path)] = got
    del old  # its file has no name now; its lock goes when it is released
    return got
