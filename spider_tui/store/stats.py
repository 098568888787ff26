"""Statistics per (variant, house rules): played, won, best time, best score, fewest moves,
streaks and clean wins (no undo, no hint).

Format ``spider-stats/1`` (JSON, see :mod:`spider_tui.store.files`)::

    {"format": "spider-stats/1",
     "records": [{"variant": "spider-4suit", "house_rules": [], "played": 3, "won": 1,
                  "best_time": 312.4, "best_score": {"classic": 1105}, "fewest_moves": 195,
                  "streak": 1, "best_streak": 1, "clean_wins": 0}],
     "recorded": ["<game_id>", ...], "checksum": "sha256:..."}

``recorded`` lists the last games counted, so that recording the same game twice (a crash
between recording a win and saving that it was recorded) counts it once. Best scores are kept
per scoring scheme, since a Classic score and a Solitaire City score cannot be compared.

A damaged statistics file is moved aside with a notice and the figures start again. A file in a
*newer* format is left exactly where it is and nothing is recorded into it (the figures are
still there when the newer release runs again); the notice says so.

**Bounded.** Reading the figures and recording a game read the whole file, so the file is read
only when it is a regular file (never through a symbolic link, never a pipe or a device) of at
most :data:`MAX_BYTES` (thousands of combinations: far more than anyone plays), and nothing
larger is ever written. A larger file, or one that could not be read for want of memory, is
not damaged: it is left exactly where it is, the notice says what happened, and nothing is
recorded into it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import paths
from ..engine.game import WON, Game
from ..engine.tally import is_count, is_score, is_seconds, shown
from .files import (
    NotOurs,
    TooLarge,
    TooNew,
    Unreadable,
    atomic_write,
    dump,
    locked,
    move_aside,
    os_reason,
    parse,
    read_own,
    size_text,
)
from .save import SaveMeta

KIND = "spider-stats"
VERSION = 1
MIGRATIONS: dict[int, Any] = {}
FILE_NAME = "stats.json"
#: How many recorded game ids are remembered against double counting.
RECENT = 200
#: The largest statistics file read or written (some 9,000 combinations of variant and house
#: rules): recording a game into it takes a few tenths of a second.
MAX_BYTES = 2 << 20

Key = tuple[str, tuple[str, ...]]


def default_path() -> Path:
    return paths.data_dir() / FILE_NAME


def key_of(variant: str, house_rules: Iterable[str] = ()) -> Key:
    return variant, tuple(sorted(set(house_rules)))


@dataclass
class Figures:
    """The figures of one (variant, house rules) combination."""

    variant: str
    house_rules: tuple[str, ...] = ()
    played: int = 0
    won: int = 0
    #: Seconds on the clock of the fastest win.
    best_time: float | None = None
    #: Scoring scheme id -> best final score of a win under it.
    best_score: dict[str, int] = field(default_factory=dict)
    #: Fewest actions (moves, deals, undos and redos: the moves counter) in a win.
    fewest_moves: int | None = None
    #: Wins in a row, now and at best.
    streak: int = 0
    best_streak: int = 0
    #: Wins with no undo and no hint.
    clean_wins: int = 0

    @property
    def key(self) -> Key:
        return self.variant, self.house_rules

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_percentage(self) -> float | None:
        return 100.0 * self.won / self.played if self.played else None

    def add_win(self, seconds: float | None, moves: int | None,
                score: tuple[str, int] | None, clean: bool) -> None:
        self.played += 1
        self.won += 1
        self.streak += 1
        self.best_streak = max(self.best_streak, self.streak)
        if clean:
            self.clean_wins += 1
        if seconds is not None and (self.best_time is None or seconds < self.best_time):
            self.best_time = seconds
        if moves is not None and (self.fewest_moves is None or moves < self.fewest_moves):
            self.fewest_moves = moves
        if score is not None:
            scheme, value = score
            if scheme not in self.best_score or value > self.best_score[scheme]:
                self.best_score[scheme] = value

    def add_loss(self) -> None:
        self.played += 1
        self.streak = 0

    def cells(self) -> list[str]:
        """The figures as text, one per :data:`COLUMNS` (for the stats screen and the CLI)."""
        pct = self.win_percentage
        return [self.variant, ", ".join(self.house_rules) or "-", str(self.played),
                str(self.won), "-" if pct is None else f"{pct:.1f}%",
                "-" if self.best_time is None else clock(self.best_time),
                ", ".join(f"{v} ({k})" for k, v in sorted(self.best_score.items())) or "-",
                "-" if self.fewest_moves is None else str(self.fewest_moves),
                str(self.streak), str(self.best_streak), str(self.clean_wins)]

    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "house_rules": list(self.house_rules),
                "played": self.played, "won": self.won, "best_time": self.best_time,
                "best_score": dict(self.best_score), "fewest_moves": self.fewest_moves,
                "streak": self.streak, "best_streak": self.best_streak,
                "clean_wins": self.clean_wins}

    @classmethod
    def from_dict(cls, d: Any) -> Figures:
        """:class:`Unreadable` when something is missing or of the wrong type."""
        def bad(what: str) -> Unreadable:
            return Unreadable(f"a record is damaged ({what})")

        if not isinstance(d, dict):
            raise bad("not a table")
        variant = d.get("variant")
        hrs = d.get("house_rules", [])
        if not isinstance(variant, str) or not variant or len(variant) > 200:
            raise bad(f"variant = {shown(variant)}")
        if not isinstance(hrs, list) or not all(isinstance(h, str) for h in hrs):
            raise bad(f"{variant}: house_rules = {shown(hrs)}")
        f = cls(*key_of(variant, hrs))

        def number(name: str, ok: Any, optional: bool = False) -> Any:
            value = d.get(name, None if optional else 0)
            if not (ok(value) or optional and value is None):
                raise bad(f"{variant}: {name} = {shown(value)}")
            return value

        for name in ("played", "won", "streak", "best_streak", "clean_wins"):
            setattr(f, name, number(name, is_count))
        f.fewest_moves = number("fewest_moves", is_count, optional=True)
        best_time = number("best_time", is_seconds, optional=True)
        f.best_time = float(best_time) if best_time is not None else None
        scores = d.get("best_score", {})
        if not isinstance(scores, dict):
            raise bad(f"{variant}: best_score = {shown(scores)}")
        for scheme, value in scores.items():
            if not is_score(value):
                raise bad(f"{variant}: best_score.{shown(scheme)} = {shown(value)}")
        f.best_score = dict(scores)
        if (f.won > f.played or f.clean_wins > f.won or f.streak > f.best_streak
                or f.best_streak > f.won):
            raise bad(f"{variant}: the counts do not add up")
        return f


#: Headings of :meth:`Figures.cells`.
COLUMNS = ("Variant", "House rules", "Played", "Won", "Win %", "Best time", "Best score",
           "Fewest moves", "Streak", "Best streak", "Clean wins")
#: Which of :data:`COLUMNS` hold numbers (right-aligned).
NUMERIC = frozenset(range(2, len(COLUMNS))) - {6}


def clock(seconds: float) -> str:
    """``m:ss``, or ``h:mm:ss`` from an hour up."""
    s = int(seconds)
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


@dataclass
class StatsTable:
    """Everything in the statistics file, as read."""

    records: dict[Key, Figures] = field(default_factory=dict)
    recorded: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    #: True when the file must not be written (a newer format, or a bad file that could not
    #: be moved aside).
    read_only: bool = False

    def get(self, variant: str, house_rules: Iterable[str] = ()) -> Figures:
        """The figures of one combination (all zero if it was never played)."""
        k = key_of(variant, house_rules)
        return self.records.get(k) or Figures(*k)

    def rows(self) -> list[Figures]:
        """Every combination played, by variant then house rules."""
        return [self.records[k] for k in sorted(self.records)]

    def body(self) -> dict[str, Any]:
        return {"records": [f.to_dict() for f in self.rows()],
                "recorded": self.recorded[-RECENT:]}

    @classmethod
    def from_body(cls, body: dict) -> StatsTable:
        records = body.get("records", [])
        recorded = body.get("recorded", [])
        if not isinstance(records, list):
            raise Unreadable("its records are damaged")
        if not isinstance(recorded, list) or not all(isinstance(r, str) for r in recorded):
            raise Unreadable("its list of recorded games is damaged")
        table = cls(recorded=list(recorded))
        for d in records:
            f = Figures.from_dict(d)
            if f.key in table.records:
                raise Unreadable(f"{f.variant} is recorded twice")
            table.records[f.key] = f
        return table


class StatsStore:
    """The statistics file at ``path`` (default: ``stats.json`` in the data folder).

    Every change reads the file afresh, changes it and writes it back atomically under a lock,
    so two spider-tui processes do not lose each other's games. No method raises on a disk or
    file problem: each returns notices for the player instead.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()

    def load(self) -> StatsTable:
        """Read the figures; a damaged file is moved aside (see the notices)."""
        try:
            data = read_own(self.path, MAX_BYTES)
        except FileNotFoundError:
            return StatsTable()
        except TooLarge as e:
            return self._left(f"{e}. It is not damaged, but spider-tui does not read it")
        except NotOurs as e:
            return self._left(os_reason(e))
        except OSError as e:
            return StatsTable(read_only=True, notices=[
                f"The statistics file {self.path} could not be read ({os_reason(e)}); it is left "
                f"as it is and nothing is recorded into it."])
        except MemoryError:
            return self._left("spider-tui ran out of memory reading it")
        try:
            return StatsTable.from_body(parse(data, KIND, VERSION, MIGRATIONS))
        except TooNew as e:
            return StatsTable(read_only=True, notices=[
                f"The statistics in {self.path} were not read: {e}. The file is left as it "
                f"is and this release records nothing into it."])
        except MemoryError:  # not damage: the file is kept as it is
            return self._left("spider-tui ran out of memory reading it")
        except Exception as e:  # Unreadable, or any damage at all: a notice, never a crash
            why = f"The statistics file could not be read: {str(e) or type(e).__name__}"
        try:
            moved = move_aside(self.path)
        except OSError as e:
            return StatsTable(read_only=True, notices=[
                f"{why}. It could not be moved aside ({os_reason(e)}), so it is left at "
                f"{self.path} and nothing is recorded into it."])
        return StatsTable(notices=[f"{why}. It was moved to {moved} (nothing was deleted); the "
                                   f"figures start again."])

    def _left(self, why: str) -> StatsTable:
        """A file not read, though perhaps not damaged at all: left as it is, and nothing is
        recorded into it (for the figures it holds are not known)."""
        return StatsTable(read_only=True, notices=[
            f"The statistics file {self.path} was not read: {why}. It is left as it is and "
            f"nothing is recorded into it (move it elsewhere to start new figures)."])

    # ------------------------------------------------------------------ recording

    def record_win(self, game: Game, meta: SaveMeta) -> list[str]:
        """Count a won game. Call it once the game's status becomes ``"won"`` (and save the
        game after it). Counting the same game again (same ``meta.game_id``) changes nothing."""
        if game.status != WON:
            raise ValueError("record_win: the game is not won")
        meta.update_from(game)
        value = game.score  # first: a scheme that fails gives way to another, whose id is kept
        scheme = game.scoring
        score = (scheme.id, value) if scheme is not None and scheme.id != "none" else None
        if score is not None and not is_score(score[1]):
            score = None  # a scheme's score out of range: the win counts, with no best score
        # A clock or counter out of range (never so in a game the app played) counts the win
        # without a best time or fewest moves, rather than not at all.
        seconds = float(game.elapsed) if is_seconds(game.elapsed) else None
        moves = game.actions if is_count(game.actions) else None
        return self._update(game, meta, lambda f: f.add_win(seconds, moves, score, meta.clean))

    def record_abandoned(self, game: Game, meta: SaveMeta) -> list[str]:
        """Count a started, unfinished game that the player gives up (a new game or a variant
        change, after the confirmation) as a loss: it ends the win streak. Call it before the new
        game replaces the old one. A game not yet started, or already won, is not counted."""
        if not game.started or game.status == WON:
            return []
        return self._update(game, meta, Figures.add_loss)

    def _update(self, game: Game, meta: SaveMeta, change: Any) -> list[str]:
        try:
            with locked(self.path):
                table = self.load()
                if table.read_only:
                    return table.notices
                if meta.game_id in table.recorded:
                    return table.notices
                k = key_of(game.variant, game.house_rules)
                figures = table.records.setdefault(k, Figures(*k))
                change(figures)
                table.recorded.append(meta.game_id)
                return table.notices + self._write(table)
        except NotOurs as e:
            return [self._lock_refused(e)]

    def _lock_refused(self, e: NotOurs) -> str:
        return (f"The statistics were not recorded: {e.filename} {os_reason(e).removeprefix('it ')}"
                f". It is left as it is (remove it to record games again).")

    def reset(self, variant: str, house_rules: Iterable[str] = ()
              ) -> tuple[Figures | None, list[str]]:
        """Forget the figures of one combination; returns what they were (``None`` if there
        were none) and notices."""
        try:
            with locked(self.path):
                table = self.load()
                old = table.records.get(key_of(variant, house_rules))
                if old is None or table.read_only:
                    return (None if table.read_only else old), table.notices
                del table.records[old.key]
                problems = self._write(table)
                return (None if problems else old), table.notices + problems
        except NotOurs as e:
            return None, [self._lock_refused(e)]

    def _write(self, table: StatsTable) -> list[str]:
        body = table.body()
        try:
            # Nothing is written that load() would refuse (a count out of range, NaN).
            StatsTable.from_body(body)
            data = dump(KIND, VERSION, body)
            if len(data) > MAX_BYTES:
                raise ValueError(f"they would be larger than spider-tui reads back "
                                 f"({size_text(len(data))}; at most {size_text(MAX_BYTES)})")
        except (Unreadable, ValueError, TypeError) as e:
            return [f"The statistics were not saved to {self.path}: {e}. The file keeps the "
                    f"figures it had."]
        try:
            atomic_write(self.path, data)
        except OSError as e:
            return [f"The statistics could not be saved to {self.path} ({os_reason(e)})."]
        return []
