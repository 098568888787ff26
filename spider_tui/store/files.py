"""The pieces every file spider-tui writes shares: atomic writes, moving a bad file aside, and
the versioned, checksummed JSON envelope of the saved game and the statistics.

A JSON document written here looks like ``{"format": "spider-save/1", ..., "checksum":
"sha256:..."}``. The checksum covers everything else in the document (compact JSON, sorted keys),
so a truncated or corrupted file is refused rather than half-read. A document without a
``checksum`` key is accepted: that is the way to hand-edit one (delete the line).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import math
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

#: A migration turns the body of format version N into the body of version N + 1.
Migrations = Mapping[int, Callable[[dict], dict]]


class Unreadable(Exception):
    """The file cannot be used; ``str()`` says why, in a player's words."""


class TooNew(Unreadable):
    """The file was written by a later release, in a format version this one does not know."""

    def __init__(self, kind: str, version: int, current: int) -> None:
        super().__init__(f"it was written by a newer spider-tui ({kind}/{version}; this release "
                         f"reads {kind}/{current} and older)")
        self.version = version


def os_reason(e: OSError) -> str:
    """The part of an ``OSError`` a player can act on ("Permission denied")."""
    return e.strerror or str(e) or type(e).__name__


# ---------------------------------------------------------------------- only our own files
#
# spider-tui reads and writes, in its folders, only regular files. A symbolic link is never
# followed there (``ln -s ~/notes.txt save.json.owner`` must not get notes.txt truncated, nor
# ``save.json -> /dev/zero`` read until the memory runs out), a named pipe or a device is
# never opened for reading (a pipe would wait for a writer for ever), and nothing is written
# in place into a file that has other names (a hard link). Such a file is refused with
# :class:`NotOurs`, which says what it is; the callers report it and leave it as it is.

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BINARY = getattr(os, "O_BINARY", 0)  # Windows


class NotOurs(OSError):
    """A path that spider-tui does not read or write: not a regular file (a symbolic link, a
    named pipe, a device, a folder), or a file with other names written in place. ``strerror``
    says what it is, in a player's words ("it is a symbolic link (to /dev/zero), and ...")."""

    def __init__(self, path: Path | str, what: str) -> None:
        super().__init__(errno.EINVAL, what, str(path))


class TooLarge(Unreadable):
    """A file larger than spider-tui reads: valid or not, it is not *damaged*, and it is kept."""

    def __init__(self, size: int | None, limit: int) -> None:
        had = f"{size_text(size)}; " if size is not None else ""
        super().__init__(f"it is larger than spider-tui reads ({had}at most {size_text(limit)})")
        self.size = size
        self.limit = limit


def size_text(n: int) -> str:
    """``"183.2 MB"``, ``"2 MiB"``, ``"512 bytes"``."""
    for unit, step in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= step and n % step == 0:
            return f"{n // step} {unit}"
    for unit, step in (("GB", 10**9), ("MB", 10**6), ("kB", 10**3)):
        if n >= step:
            return f"{n / step:.1f} {unit}"
    return f"{n} bytes"


def _what(path: Path | str, st: os.stat_result, writing: bool) -> str | None:
    """Why ``path`` (of status ``st``, a link not followed) is not a file spider-tui uses, in a
    player's words, or None."""
    mode = st.st_mode
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        try:
            target = os.readlink(path)
        except OSError:
            target = "?"
        shown = target if len(target) <= 80 and target.isprintable() else repr(target)[:80]
        if writing:
            return (f"it is a symbolic link (to {shown}), and spider-tui never writes through "
                    f"a link nor replaces one")
        return (f"it is a symbolic link (to {shown}), and spider-tui reads this file only as "
                f"a regular file, never through a link")
    if stat.S_ISFIFO(mode):
        kind = "a named pipe (FIFO)"
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        kind = "a device"
    elif stat.S_ISDIR(mode):
        kind = "a folder"
    elif stat.S_ISSOCK(mode):
        kind = "a socket"
    else:
        kind = "something else"
    return f"it is {kind}, not a regular file"


def check_own(path: Path | str, *, writing: bool = True) -> os.stat_result | None:
    """The status of ``path`` itself (a link not followed), ``None`` when there is nothing
    there (or it cannot be looked at: then whatever is done there next fails and says why);
    :class:`NotOurs` when it is not a regular file."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    why = _what(path, st, writing)
    if why is not None:
        raise NotOurs(path, why)
    return st


def open_own(path: Path | str, flags: int, mode: int = 0o600, *, follow: bool = False,
             in_place: bool = False) -> int:
    """``os.open(path, flags)`` for a regular file only: a symbolic link is refused (followed
    to a regular file when ``follow``), a pipe or a device is never waited on, and with
    ``in_place`` (the caller writes into the file) a file with other names (a hard link) is
    refused too. :class:`NotOurs` says what was refused; other ``OSError`` as usual."""
    writing = bool(flags & (os.O_WRONLY | os.O_RDWR))
    if not follow:
        check_own(path, writing=writing)
    else:  # a link is followed; a device it leads to is not even opened (a tape would rewind)
        with contextlib.suppress(FileNotFoundError):
            why = _what(path, os.stat(path), writing)
            if why is not None:
                raise NotOurs(path, why)
    try:
        fd = os.open(path, flags | _NONBLOCK | _CLOEXEC | _BINARY | (0 if follow else _NOFOLLOW),
                     mode)
    except OSError as e:
        if e.errno == errno.ELOOP and not follow:  # made a link since check_own looked
            check_own(path, writing=writing)
        raise
    try:
        st = os.fstat(fd)
        why = _what(path, st, writing)
        if why is None and in_place and st.st_nlink > 1:
            why = ("it is a file with other names (hard links), and spider-tui writes only "
                   "into a file of its own")
        if why is not None:
            raise NotOurs(path, why)
        if _NONBLOCK and hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_own(path: Path | str, limit: int, *, follow: bool = False) -> bytes:
    """The bytes of the regular file ``path``, never more than ``limit`` of them:
    :class:`NotOurs` for anything but a regular file (see :func:`open_own`), :class:`TooLarge`
    past ``limit``, ``FileNotFoundError`` and other ``OSError`` as usual."""
    fd = open_own(path, os.O_RDONLY, follow=follow)
    with os.fdopen(fd, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size > limit:
            raise TooLarge(size, limit)
        data = f.read(limit + 1)
    if len(data) > limit:  # it grew while being read
        raise TooLarge(None, limit)
    return data


# ---------------------------------------------------------------------- writing


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that, whatever happens, the file holds either the old
    bytes or the new ones: write a temporary file in the same folder (``os.replace`` is atomic
    only within one file system), flush it to disk, then rename it over the old one.

    Only a regular file is replaced: a symbolic link (or a pipe, a device, a folder) at
    ``path`` is left as it is, neither written through nor replaced, and :class:`NotOurs` says
    what it is. (The temporary file is made new, ``O_EXCL``, so no link is followed there.)"""
    path.parent.mkdir(parents=True, exist_ok=True)
    check_own(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        check_own(path)  # once more, just before: as near the rename as can be
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    # Makes the rename itself durable on POSIX; without it a power cut could bring back the old
    # file (never a broken one). Not possible on Windows, where opening a folder fails.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def leftover_temp_files(path: Path, older_than: float = 600.0) -> list[Path]:
    """Temporary files of ``path`` that a killed process left behind (older than ``older_than``
    seconds, so that a write in progress in another process is not among them)."""
    now = time.time()
    out = []
    with contextlib.suppress(OSError):
        for p in path.parent.glob(f".{path.name}.*.tmp"):
            with contextlib.suppress(OSError):
                st = p.lstat()  # only regular files: a link of that name is not ours
                if stat.S_ISREG(st.st_mode) and now - st.st_mtime > older_than:
                    out.append(p)
    return out


def remove_leftovers(path: Path) -> None:
    for p in leftover_temp_files(path):
        with contextlib.suppress(OSError):
            p.unlink()


def aside_path(path: Path) -> Path:
    """A name beside ``path`` that no file has: ``<name>.<timestamp>`` (``-2``, ``-3``... added
    when that is taken)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{stamp}")
    n = 1
    while os.path.lexists(target):  # a dangling link is a name taken too
        n += 1
        target = path.with_name(f"{path.name}.{stamp}-{n}")
    return target


def move_aside(path: Path) -> Path:
    """Rename ``path`` to ``<name>.<timestamp>`` beside it (never over an existing file) and
    return the new path. Raises ``OSError`` if it cannot be renamed."""
    target = aside_path(path)
    os.rename(path, target)
    return target


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``<path>.lock`` so that two spider-tui processes updating the
    same file one after the other do not lose each other's change (POSIX only; elsewhere a
    no-op). :class:`NotOurs` when the lock file is a symbolic link or not a regular file."""
    try:
        import fcntl
    except ImportError:  # Windows
        yield
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = open_own(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT)
    except NotOurs:
        raise  # a link or a pipe in the lock's place: said, not worked around
    except OSError:
        yield  # a read-only folder: the write that follows will report the problem
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


# ---------------------------------------------------------------------- the envelope


def _canonical(doc: Mapping[str, Any]) -> bytes:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def checksum(doc: Mapping[str, Any]) -> str:
    return "sha256:" + hashlib.sha256(_canonical(doc)).hexdigest()


def dump(kind: str, version: int, body: Mapping[str, Any]) -> bytes:
    """The bytes of a ``kind/version`` document holding ``body`` (a JSON-able mapping)."""
    doc = {"format": f"{kind}/{version}", **body}
    doc["checksum"] = checksum(doc)
    # No newline at the end: then every proper prefix of the file is invalid JSON.
    return json.dumps(doc, indent=1, ensure_ascii=False, allow_nan=False).encode("utf-8")


def non_finite(doc: Any) -> str | None:
    """Where the first number in ``doc`` (parsed JSON) that is not finite lies, as
    ``"game.elapsed = inf"``, or ``None``. Python's JSON reader takes ``NaN``, ``Infinity`` and
    ``1e400`` (infinity); spider-tui never writes them."""
    stack: list[tuple[str, Any]] = [("", doc)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, float):
            if not math.isfinite(value):
                where = path if len(path) <= 60 else path[:57] + "..."
                return f"{where or 'the document'} = {value!r}"
        elif isinstance(value, dict):
            stack.extend((f"{path}.{k}" if path else str(k), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", v) for i, v in enumerate(value))
    return None


def format_version(value: Any, kind: str) -> int:
    """The N of ``"kind/N"``; :class:`Unreadable` if ``value`` is not that."""
    m = re.fullmatch(re.escape(kind) + r"/([0-9]{1,6})", value) if isinstance(value, str) else None
    if m is None:
        raise Unreadable(f"it is not a {kind} file (format {value!r})")
    return int(m.group(1))


def migrate(body: dict, version: int, current: int, migrations: Migrations, kind: str) -> dict:
    """Bring ``body`` from format ``version`` up to ``current``: :class:`TooNew` for a later
    version, :class:`Unreadable` for an earlier one that no migration reaches."""
    if version > current:
        raise TooNew(kind, version, current)
    while version < current:
        step = migrations.get(version)
        if step is None:
            raise Unreadable(f"{kind}/{version} is a format this release cannot read")
        body = step(body)
        version += 1
    return body


def parse(data: bytes, kind: str, current: int,
          migrations: Migrations | None = None) -> dict:
    """The body of a document written by :func:`dump` (any version this release reads), brought
    up to version ``current``. :class:`Unreadable` says what is wrong."""
    if not data.strip():
        raise Unreadable("the file is empty")
    try:
        doc = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise Unreadable("the file is not text (it may be damaged)") from None
    except (ValueError, RecursionError) as e:
        raise Unreadable(f"the file is damaged or cut short ({e})") from None
    if not isinstance(doc, dict):
        raise Unreadable(f"it is not a {kind} file")
    bad = non_finite(doc)
    if bad is not None:  # NaN, Infinity, or a number such as 1e400 that reads as infinity
        raise Unreadable(f"{bad} is not a number spider-tui can use")
    version = format_version(doc.get("format"), kind)
    if version > current:  # before the checksum: a later release may compute it differently
        raise TooNew(kind, version, current)
    stored = doc.pop("checksum", None)
    if stored is not None:
        try:
            expected = checksum(doc)
        except ValueError:  # NaN or infinity: never written by dump()
            raise Unreadable("the file is damaged (its checksum does not match)") from None
        if stored != expected:
            raise Unreadable("the file is damaged (its checksum does not match)")
    del doc["format"]
    return migrate(doc, version, current, migrations or {}, kind)
