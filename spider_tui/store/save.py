"""The saved game: the game in progress with its undo history (bounded: see below), clock and
score, plus what the app knows about it (hints used, whether undo was used, when it started).

Format ``spider-save/2`` (JSON, see :mod:`spider_tui.store.files`)::

    {"format": "spider-save/2", "saved_at": "...", "app": "spider-tui 0.1.0",
     "meta": {"game_id": "...", "started_at": "...", "hints_used": 0, "undo_used": false,
              "extra": {}},
     "game": <Game.to_record(), its history bounded>, "folded": {"flips": 0},
     "checksum": "sha256:..."}

**Bounded.** Resuming a game replays its history, so the history written is bounded: the last
:data:`KEPT_MOVES` moves of the line of play (and the next :data:`KEPT_REDO` moves to redo) are
kept; the moves before them are *folded* into the record's start position, which is then the
table as it was before the first move kept (``"folded"`` keeps what the score needs of them:
the face-down cards they turned). After resuming such a game, undo reaches back that far. A file
is read only if it is a regular file (never through a symbolic link, never a pipe or a device)
of at most :data:`MAX_BYTES`, with at most :data:`MAX_REPLAYED` moves to replay: that is what
start-up can afford, and far more than this release writes. ``spider-save/1`` (the whole
history, nothing folded) is still read.

A save that cannot be resumed, for whatever reason (cut short, corrupted, not a save, a newer
format, a variant whose plugin is gone, an illegal move in its history, too large or too long a
history), is renamed aside with a timestamp and never deleted; the caller gets a notice saying
where it went (and why, never calling a valid file damaged) and starts a new game. A save in a
*newer* format is moved aside too: the new game must be saved in its place, and overwriting a
file a later release wrote would lose it for good.

A ``save.json`` that is not a regular file (a symbolic link, a pipe, a device), or one that
could not be read (no permission, no memory left), is left exactly as it is, and the session
saves nothing over it; so does one whose owner or lock file (below) is not a regular file.

The app's store first :meth:`~SaveStore.claim` s the saved game (see :mod:`.owner`): only one
running spider-tui writes ``save.json``; one taken over saves its game beside it instead.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import paths
from ..engine import position as _position
from ..engine.catalog import Catalog, default_catalog
from ..engine.game import Game
from ..engine.tally import is_count, record_problem, shown
from ..engine.tomltext import loads
from . import owner
from .files import (
    NotOurs,
    TooLarge,
    Unreadable,
    aside_path,
    atomic_write,
    check_own,
    dump,
    locked,
    move_aside,
    os_reason,
    parse,
    read_own,
    remove_leftovers,
    size_text,
)

KIND = "spider-save"
VERSION = 2


def _from_1(body: dict) -> dict:
    """spider-save/1 kept the whole history: nothing was folded."""
    return {**body, "folded": {"flips": 0}}


#: ``{N: function}`` turns a version-N body into a version-N+1 body.
MIGRATIONS: dict[int, Any] = {1: _from_1}
FILE_NAME = "save.json"
#: The moves of the line of play written into a save (older ones are folded into its start).
KEPT_MOVES = 3000
#: The moves waiting to be redone written into a save (the nearest ones).
KEPT_REDO = 1000
#: At most this many moves (played and to redo) are replayed to resume a save: about 0.1 s for
#: Spider, 0.4 s for the slowest variants shipped (Spidercells, Fred's Spider).
MAX_REPLAYED = 5000
#: The largest save read: its start position (at most 256 KiB as TOML, somewhat more once
#: quoted in JSON) and its moves fit several times over.
MAX_BYTES = 1 << 20


def default_path() -> Path:
    return paths.data_dir() / FILE_NAME


def now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def app_version() -> str:
    from .. import __version__

    return f"spider-tui {__version__}"


@dataclass
class SaveMeta:
    """What the app knows about a game beyond the engine's record."""

    #: Identifies the game, so that statistics never count it twice.
    game_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    #: When the first move or deal was made (ISO 8601, UTC), or ``None`` before that.
    started_at: str | None = None
    hints_used: int = 0
    #: Set once any undo happened (the engine's ``undos`` counter says so too; this survives
    #: even if a later release stops counting).
    undo_used: bool = False
    #: The app's own JSON-able values, kept as they are.
    extra: dict[str, Any] = field(default_factory=dict)

    def update_from(self, game: Game) -> None:
        """Note what the game shows: that it has started, that undo was used."""
        if game.started and self.started_at is None:
            self.started_at = now_iso()
        if game.undos:
            self.undo_used = True

    @property
    def clean(self) -> bool:
        """No undo and no hint so far."""
        return not self.undo_used and self.hints_used == 0

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"game_id": self.game_id, "hints_used": self.hints_used,
                             "undo_used": self.undo_used, "extra": self.extra}
        if self.started_at is not None:
            d["started_at"] = self.started_at
        return d

    @classmethod
    def from_dict(cls, d: Any) -> SaveMeta:
        """:class:`Unreadable` if a value has the wrong type; missing keys take defaults."""
        if not isinstance(d, dict):
            raise Unreadable("its app data is damaged")
        meta = cls()
        checks = {"game_id": _is_id, "started_at": _is_id, "hints_used": is_count,
                  "undo_used": lambda v: isinstance(v, bool),
                  "extra": lambda v: isinstance(v, dict)}
        for key, ok in checks.items():
            if key not in d:
                continue
            value = d[key]
            if not ok(value):
                raise Unreadable(f"its app data is damaged ({key} = {shown(value)})")
            setattr(meta, key, value)
        return meta


def _is_id(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= 100


@dataclass
class LoadResult:
    #: The saved game, or ``None``: there was none, or it could not be resumed (see notices).
    game: Game | None
    #: The saved game's metadata; a fresh one when ``game`` is ``None``.
    meta: SaveMeta
    #: One-line messages for the player (empty when all went well).
    notices: list[str] = field(default_factory=list)
    #: Where an unusable save was moved, if it was.
    moved_to: Path | None = None


class SaveStore:
    """The one saved game, at ``path`` (default: ``save.json`` in the data folder).

    :meth:`save` never raises on a disk problem: it returns a notice instead (only the first time
    in a row, so that saving after every action cannot flood the player with them).
    """

    def __init__(self, path: Path | None = None, *, catalog: Catalog | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.catalog = catalog
        self._failing = False
        #: Set when a save that could not be used could not be moved aside either: this
        #: session then never writes over it.
        self.blocked = False
        #: This instance's hold on the saved game (see :meth:`claim`); ``None`` when it never
        #: claimed it (command-line tools, tests): then it writes without asking.
        self._claim: owner.Claim | None = None
        #: The running spider-tui that has the saved game open, when :meth:`claim` found one:
        #: this store then writes nothing until it :meth:`take_over`.
        self.elsewhere: owner.Owner | None = None
        #: Why the saved game's owner or lock file keeps this store from saving (it is not a
        #: regular file), said once by the next :meth:`load`.
        self._refused: str | None = None
        self._refusal_said = False

    # ------------------------------------------------------------------ owning the save

    def claim(self) -> owner.Owner | None:
        """Take the saved game for this instance (see :mod:`~spider_tui.store.owner`):
        ``None`` when it is this instance's now, or the running spider-tui that has it open;
        this store then saves nothing (it neither reads nor writes over that game)."""
        if self._refused is not None:
            return None  # nothing is saved anyway: no other window to ask about
        if self._claim is not None and self._claim.owned():
            return None
        try:
            check_own(_lock_file(self.path))  # every save takes this lock: it must be ours
            got = owner.claim(self.path)
        except NotOurs as e:
            self._refuse(e)
            return None
        if isinstance(got, owner.Owner):
            self.elsewhere = got
            return got
        self._claim, self.elsewhere = got, None
        return None

    def take_over(self) -> None:
        """Take the saved game even from the running spider-tui that has it: from its next
        save on, that one saves its game aside, not over this one's."""
        try:
            with locked(self.path):  # not in the middle of the other one's save
                self._claim = owner.take_over(self.path)
        except NotOurs as e:
            self._refuse(e)
        self.elsewhere = None

    def _refuse(self, e: NotOurs) -> None:
        """The owner or lock file is not a regular file: leave it, and save nothing."""
        self.blocked = True
        self._refused = (f"The saved game {self.path} cannot be saved: {e.filename} "
                         f"{os_reason(e).removeprefix('it ')}. It is left as it is, and this "
                         f"game will not be saved (remove that file to save games again).")

    def release(self) -> list[str]:
        """Let go of the saved game (the app is quitting); no notices."""
        if self._claim is not None:
            self._claim.release()
            self._claim = None
        return []

    # ------------------------------------------------------------------ writing

    def save(self, game: Game, meta: SaveMeta) -> list[str]:
        """Save ``game`` (whole history, redo, clock, score) with ``meta``, atomically. Call it
        after every action and when the app quits or is suspended.

        If another spider-tui took the saved game over, the game is saved beside it instead
        (``save.json.<timestamp>``), with a notice, and from then on there."""
        if self.blocked or self.elsewhere is not None:
            return []
        meta.update_from(game)
        try:
            record, flips = bounded_record(game)
            body = {"saved_at": now_iso(), "app": app_version(), "meta": meta.to_dict(),
                    "game": record, "folded": {"flips": flips}}
            # Nothing is written that load() would refuse: numbers out of range, NaN, a file
            # too large to read back.
            problem = record_problem(body["game"], Game.RECORD_FORMAT)
            if problem is not None:
                raise ValueError(problem)
            SaveMeta.from_dict(body["meta"])
            _check_folded(body["folded"])
            data = dump(KIND, VERSION, body)
            if len(data) > MAX_BYTES:
                raise ValueError(f"it would be larger than spider-tui reads back "
                                 f"({size_text(len(data))}; at most {size_text(MAX_BYTES)})")
        except (Unreadable, ValueError, TypeError) as e:
            if self._failing:
                return []
            self._failing = True
            return [f"The game could not be saved to {self.path}: {_short(e)}. The last save "
                    f"is kept."]
        said: list[str] = []
        try:
            if self._claim is None:
                atomic_write(self.path, data)
            else:
                with locked(self.path):  # a take-over waits for this save, or this for it
                    if self._claim.owned():
                        atomic_write(self.path, data)
                    else:
                        said = self._taken_over()
                        atomic_write(self.path, data)
        except OSError as e:
            if self._failing:
                return said
            self._failing = True
            return said + [f"The game could not be saved to {self.path} ({os_reason(e)}); "
                           f"saving is tried again after every action."]
        if said:
            return said
        if self._failing:
            self._failing = False
            return [f"The game is being saved again ({self.path})."]
        return []

    def _taken_over(self) -> list[str]:
        """Another spider-tui took the saved game over: save this game beside it from now on."""
        other = owner.read_owner(self.path)
        first = self.path
        self.path = aside_path(first)
        self._claim.release()  # type: ignore[union-attr]
        self._claim = None
        return [f"{other.describe()[:1].upper()}{other.describe()[1:]} took over the saved game "
                f"{first}, so this game is no longer saved there: it is saved to {self.path} "
                f"instead (nothing was lost; rename it to {first.name} to resume it later)."]

    def clear(self) -> list[str]:
        """Forget the saved game (a game that is over needs no resuming)."""
        if self.blocked or self.elsewhere is not None:
            return []
        if self._claim is not None and not self._claim.owned():
            return []  # another spider-tui's saved game now
        try:
            check_own(self.path)  # a link put there since: not ours to remove
            self.path.unlink(missing_ok=True)
        except OSError as e:
            return [f"The saved game {self.path} could not be removed ({os_reason(e)})."]
        return []

    # ------------------------------------------------------------------ reading

    def load(self) -> LoadResult:
        """The saved game, or a fresh start with a notice if it cannot be resumed."""
        result = self._load()
        if self._refused is not None and not self._refusal_said:
            self._refusal_said = True
            result.notices.insert(0, self._refused)
        return result

    def _load(self) -> LoadResult:
        remove_leftovers(self.path)
        try:
            data = read_own(self.path, MAX_BYTES)
        except FileNotFoundError:
            return LoadResult(None, SaveMeta())
        except TooLarge as e:
            return self._set_aside(f"The saved game was not resumed: {e}")
        except NotOurs as e:
            self.blocked = True
            return LoadResult(None, SaveMeta(), [
                f"The saved game {self.path} was not read: {os_reason(e)}. It is left as it is, "
                f"and this game will not be saved (remove it to save games again)."])
        except (OSError, MemoryError) as e:
            return self._leave(e)
        notices: list[str] = []
        try:
            body = parse(data, KIND, VERSION, MIGRATIONS)
            del data
            meta = SaveMeta.from_dict(body.get("meta", {}))
            flips = _check_folded(body.get("folded"))
            record: Any = body.get("game")  # a file's: its types are checked as it is read
            missing = _not_installed(record, self._catalog())
            if missing:
                raise Unreadable(missing)
            _check_length(record)
            if _scoring_gone(record, self._catalog()):
                notices.append(f"The saved game's scoring scheme {record['scoring']!r} is not "
                               f"installed; it is scored with its variant's own scheme now.")
                record = {**record, "scoring": ""}
            game = Game.from_record(record, catalog=self.catalog)
            game.flips += flips  # the folded moves' cards, for the score
        except _TooLong as e:
            return self._set_aside(f"The saved game was not resumed: {e}")
        except Unreadable as e:  # TooNew included: see the module's docstring
            return self._set_aside(f"The saved game could not be resumed: {e}")
        except MemoryError as e:  # not damage: the file is kept as it is
            return self._leave(e)
        except Exception as e:
            # Anything at all in a damaged file (a wrong type deep in the record, an illegal
            # move) must end in a notice and a new game, never a crash.
            return self._set_aside(f"The saved game could not be resumed: {_short(e)}")
        return LoadResult(game, meta, notices)

    def _leave(self, e: BaseException) -> LoadResult:
        """Unreadable here and now (no permission, no memory left) but perhaps not damaged at
        all: leave it alone and never write over it."""
        self.blocked = True
        why = (os_reason(e) if isinstance(e, OSError)
               else "spider-tui ran out of memory reading it")
        return LoadResult(None, SaveMeta(), [
            f"The saved game {self.path} could not be read ({why}); it is left as it is, and "
            f"this game will not be saved."])

    def _catalog(self) -> Catalog:
        return self.catalog if self.catalog is not None else default_catalog()

    def _set_aside(self, why: str) -> LoadResult:
        try:
            moved = move_aside(self.path)
        except OSError as e:
            self.blocked = True
            return LoadResult(None, SaveMeta(), [
                f"{why}. It could not be moved aside ({os_reason(e)}), so it is left at "
                f"{self.path} and this game will not be saved over it."])
        return LoadResult(None, SaveMeta(), [
            f"{why}. It was moved to {moved} (nothing was deleted); a new game starts."], moved)


class _TooLong(Unreadable):
    """A valid save whose history is longer than start-up replays."""


def _lock_file(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


def bounded_record(game: Game) -> tuple[dict, int]:
    """``game.to_record()`` with at most :data:`KEPT_MOVES` moves of history and
    :data:`KEPT_REDO` to redo, and the face-down cards turned by the moves folded into its start
    (whose position is then the table before the first move kept)."""
    record = game.to_record()
    history = game.history
    cut = len(history) - KEPT_MOVES
    kept_flips = sum(step.flips for step in history[max(cut, 0):])
    if cut > 0:
        table = game.state.copy()
        for step in reversed(history[cut:]):
            table.undo(step.record)
        record["start"] = _position.write(game.rules, table, game.deal)
        record["moves"] = record["moves"][cut:]
    record["redo"] = record["redo"][:KEPT_REDO]
    return record, game.flips - kept_flips


def _check_folded(folded: Any) -> int:
    """The face-down cards turned by the folded moves; :class:`Unreadable` if damaged."""
    if folded is None:  # deleted by hand: nothing folded
        return 0
    flips = folded.get("flips", 0) if isinstance(folded, dict) else None
    if not is_count(flips):
        raise Unreadable(f"its folded history is damaged (folded = {shown(folded)})")
    return flips


def _check_length(record: Any) -> None:
    """:class:`_TooLong` when resuming ``record`` would replay more than
    :data:`MAX_REPLAYED` moves (its types are checked by ``Game.from_record``)."""
    if not isinstance(record, dict):
        return
    n = sum(len(v) for v in (record.get("moves"), record.get("redo")) if isinstance(v, list))
    if n > MAX_REPLAYED:
        raise _TooLong(f"its history is longer than spider-tui replays to resume a game "
                       f"({n:,} moves to replay; at most {MAX_REPLAYED:,})")


def _not_installed(record: Any, catalog: Catalog) -> str | None:
    """Why the record's variant or house rules cannot be played here (their plugin is gone),
    or ``None``: said plainly rather than as the position reader's error."""
    try:
        start = loads(record["start"])
    except Exception:
        return None  # damaged: Game.from_record says how
    variant, hrs = start.get("variant"), start.get("house_rules", [])
    if isinstance(variant, str) and variant not in catalog.variants:
        return f"its variant {variant!r} is not installed (was its plugin removed?)"
    for h in hrs if isinstance(hrs, list) else []:
        if isinstance(h, str) and h not in catalog.house_rules:
            return f"its house rule {h!r} is not installed (was its plugin removed?)"
    return None


def _scoring_gone(record: Any, catalog: Catalog) -> bool:
    sid = record.get("scoring") if isinstance(record, dict) else None
    return isinstance(sid, str) and bool(sid) and sid not in catalog.scoring


def _short(e: Exception) -> str:
    text = str(e).strip().splitlines()
    first = text[0] if text else type(e).__name__
    return first if len(first) <= 200 else first[:197] + "..."
