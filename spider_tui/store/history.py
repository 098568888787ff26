"""The games played to their end, kept to be replayed: the last :data:`KEPT_GAMES` of them,
and any one of them as a record file of its own.

**A record** (``spider-record/1``, JSON with the envelope of :mod:`spider_tui.store.files`)
is everything needed to play a game again, move by move::

    {"format": "spider-record/1", "variant": "spider-2suit", "house_rules": [],
     "deal": 42, "start": null, "scoring": "classic",
     "moves": ["1-5", "deal", "3-1x4", ...], "result": "won", "actions": 212,
     "seconds": 431.5, "date": "2026-12-06T09:12:44Z", "hints_used": 0, "undo_used": true,
     "game_id": "…", "checksum": "sha256:…"}

``start`` is ``null`` when the game began from deal ``deal`` as dealt; otherwise (a game
started from a position file, or a saved game whose oldest moves were folded into its start)
it holds the start position's text. ``moves`` is the line of play from that start (moves undone
are not in it), in move notation; ``actions`` counts every action as the moves counter does
(undos and redos too). ``result`` is ``won``, ``stuck`` (given up with no move left) or
``abandoned`` (given up in play): the statistics count the last two as losses.

**The history** (``history.json`` in the data folder, ``spider-history/1``) holds the records
of the games the statistics counted, oldest first, at most :data:`KEPT_GAMES` of them and at
most :data:`MAX_BYTES` in all (the oldest give way). It is written atomically under a lock,
as the statistics are. A history file that cannot be read is moved aside with a notice, and the
list starts again: the statistics and the saved game are separate files and lose nothing. A file
in a newer format, too large, or not a regular file is left as it is, and nothing is added to
it (the notice says so).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import paths
from ..engine.catalog import Catalog, default_catalog
from ..engine.errors import IllegalMove, SpiderError
from ..engine.game import STUCK, WON, Game
from ..engine.tally import is_count, is_seconds, shown
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
)
from .save import MAX_REPLAYED, SaveMeta, now_iso

RECORD_KIND = "spider-record"
RECORD_VERSION = 1
KIND = "spider-history"
VERSION = 1
FILE_NAME = "history.json"
#: How many finished games the history keeps (the oldest give way).
KEPT_GAMES = 500
#: The largest history file read or written; the oldest games give way to keep under it.
MAX_BYTES = 16 << 20
#: The largest record file read (a start position of at most 256 KiB, and its moves).
MAX_RECORD_BYTES = 1 << 20
#: What ``result`` may be.
RESULTS = ("won", "stuck", "abandoned")


def default_path() -> Path:
    return paths.data_dir() / FILE_NAME


@dataclass
class GameRecord:
    """One finished game, as kept in the history or written to a record file."""

    variant: str
    house_rules: tuple[str, ...] = ()
    deal: int | None = None
    #: The start position's text, or ``None``: deal :attr:`deal` as dealt.
    start: str | None = None
    scoring: str = ""
    moves: list[str] = field(default_factory=list)
    result: str = "won"
    actions: int = 0
    seconds: float = 0.0
    date: str = ""
    hints_used: int = 0
    undo_used: bool = False
    game_id: str = ""

    @classmethod
    def of(cls, game: Game, meta: SaveMeta, result: str) -> GameRecord:
        """The record of ``game`` (its line of play from its start), finished as ``result``."""
        start = game.to_record()["start"]
        if game.deal is not None:
            try:
                dealt = Game.new(game.rules, game.deal, catalog=game.catalog).to_position()
            except SpiderError:
                dealt = None
            if dealt == start:
                start = None  # the deal itself: its number says it all
        return cls(game.variant, tuple(game.house_rules), game.deal, start,
                   game.scoring.id if game.scoring is not None else "", game.moves_played(),
                   result, game.actions, float(game.elapsed), now_iso(), meta.hints_used,
                   meta.undo_used or bool(game.undos), meta.game_id)

    # ------------------------------------------------------------------ as data

    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "house_rules": list(self.house_rules),
                "deal": self.deal, "start": self.start, "scoring": self.scoring,
                "moves": list(self.moves), "result": self.result, "actions": self.actions,
                "seconds": self.seconds, "date": self.date, "hints_used": self.hints_used,
                "undo_used": self.undo_used, "game_id": self.game_id}

    @classmethod
    def from_dict(cls, d: Any) -> GameRecord:
        """:class:`Unreadable` says what is missing or of the wrong type (the moves are not
        played here: see :func:`replayable`)."""
        if not isinstance(d, dict):
            raise Unreadable("a game record is not a table")

        def get(key: str, ok: Any, default: Any, what: str) -> Any:
            value = d.get(key, default)
            if not ok(value):
                raise Unreadable(f"a game record is damaged ({key} = {shown(value)}: {what})")
            return value

        def text(limit: int) -> Any:
            return lambda v: isinstance(v, str) and len(v) <= limit

        variant = get("variant", lambda v: text(200)(v) and v, None, "a variant id")
        hrs = get("house_rules", lambda v: isinstance(v, list) and all(text(200)(h) for h in v),
                  [], "a list of house rule ids")
        deal = get("deal", lambda v: v is None or is_count(v), None, "a deal number or null")
        start = get("start", lambda v: v is None or text(MAX_RECORD_BYTES)(v), None,
                    "a position's text or null")
        if deal is None and start is None:
            raise Unreadable("a game record has neither a deal number nor a start position")
        moves = get("moves", lambda v: isinstance(v, list) and len(v) <= MAX_REPLAYED
                    and all(text(40)(m) for m in v), [],
                    f"a list of at most {MAX_REPLAYED} moves in notation")
        return cls(
            variant, tuple(hrs), deal, start,
            get("scoring", lambda v: text(200)(v), "", "a scoring scheme id"), list(moves),
            get("result", lambda v: v in RESULTS, "won", " or ".join(RESULTS)),
            get("actions", is_count, 0, "a count"),
            float(get("seconds", is_seconds, 0.0, "a number of seconds")),
            get("date", text(40), "", "a date"),
            get("hints_used", is_count, 0, "a count"),
            get("undo_used", lambda v: isinstance(v, bool), False, "true or false"),
            get("game_id", text(100), "", "an id"))

    def dumps(self) -> bytes:
        """The bytes of a record file (``spider-record/1``)."""
        return dump(RECORD_KIND, RECORD_VERSION, self.to_dict())

    @classmethod
    def loads(cls, data: bytes) -> GameRecord:
        """The record in a record file's bytes; :class:`Unreadable` says what is wrong."""
        return cls.from_dict(parse(data, RECORD_KIND, RECORD_VERSION))

    # ------------------------------------------------------------------ for the player

    def game_name(self, catalog: Catalog | None = None) -> str:
        cat = catalog if catalog is not None else default_catalog()
        rules = cat.variants.get(self.variant)
        name = getattr(rules, "name", None) or self.variant
        return name + (f" + {', '.join(self.house_rules)}" if self.house_rules else "")

    def summary(self, catalog: Catalog | None = None) -> list[str]:
        """Cells for a list of games: game, deal, date, result, moves, time."""
        from .stats import clock

        deal = str(self.deal) if self.deal is not None and self.start is None else "position"
        return [self.game_name(catalog), deal, self.date.replace("T", " ")[:16],
                self.result, str(len(self.moves)), clock(self.seconds)]


#: Headings of :meth:`GameRecord.summary`.
COLUMNS = ("Game", "Deal", "Finished (UTC)", "Result", "Moves", "Time")


@dataclass
class Replayable:
    """A record as this release plays it: the game at its start, the moves that fit, and why
    the first one that does not fit does not (``problem``; ``""`` when they all fit)."""

    start: Game
    moves: list[str]
    problem: str = ""
    #: The game after the moves that fit.
    end: Game | None = None


def replayable(record: GameRecord, catalog: Catalog | None = None) -> Replayable:
    """Play ``record`` through on a copy: :class:`SpiderError` when its game cannot be set up
    (a variant or house rule not installed, a damaged start position); a move that does not
    fit stops it there, and ``problem`` says which and why."""
    cat = catalog if catalog is not None else default_catalog()
    scoring = record.scoring if record.scoring in cat.scoring else None
    if record.start is not None:
        start = Game.from_position(record.start, scoring=scoring, catalog=cat)
    else:
        assert record.deal is not None
        start = Game.new(record.variant, record.deal, record.house_rules, scoring=scoring,
                         catalog=cat)
    if start.variant != record.variant:
        raise SpiderError(f"the record's start position is a game of {start.variant}, not of "
                          f"{record.variant}")
    end = Game.from_position(start.to_position(), scoring=scoring, catalog=cat)
    for i, text in enumerate(record.moves):
        try:
            end.play(text)
        except IllegalMove as e:
            return Replayable(start, record.moves[:i],
                              f"move {i + 1} of the record ({text}) does not fit this release's "
                              f"{start.rules.name}: {e}", end)
    return Replayable(start, list(record.moves), "", end)


def result_of(game: Game) -> str | None:
    """How a game given up or won counts (``won``, ``stuck``, ``abandoned``), as the statistics
    count it; ``None`` for a game never started (not counted)."""
    if game.status == WON:
        return "won"
    if not game.started:
        return None
    return "stuck" if game.status == STUCK else "abandoned"


@dataclass
class History:
    """Everything in the history file, as read."""

    games: list[GameRecord] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    #: The file must not be written (a newer format, or one left as it is).
    read_only: bool = False

    def body(self) -> dict[str, Any]:
        return {"games": [g.to_dict() for g in self.games]}

    @classmethod
    def from_body(cls, body: dict) -> History:
        games = body.get("games", [])
        if not isinstance(games, list):
            raise Unreadable("its list of games is damaged")
        return cls([GameRecord.from_dict(g) for g in games])


class HistoryStore:
    """The history file at ``path`` (default: ``history.json`` in the data folder). No method
    raises on a disk or file problem: each returns notices for the player instead."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()

    def load(self) -> History:
        """The games kept; a damaged file is moved aside (see the notices)."""
        try:
            data = read_own(self.path, MAX_BYTES)
        except FileNotFoundError:
            return History()
        except (TooLarge, NotOurs) as e:
            return self._left(os_reason(e) if isinstance(e, NotOurs) else str(e))
        except OSError as e:
            return self._left(f"it could not be read ({os_reason(e)})")
        except MemoryError:
            return self._left("spider-tui ran out of memory reading it")
        try:
            return History.from_body(parse(data, KIND, VERSION))
        except TooNew as e:
            return self._left(str(e))
        except MemoryError:
            return self._left("spider-tui ran out of memory reading it")
        except Exception as e:  # Unreadable, or any damage at all: a notice, never a crash
            why = f"The list of finished games could not be read: {str(e) or type(e).__name__}"
        try:
            moved = move_aside(self.path)
        except OSError as e:
            return History(read_only=True, notices=[
                f"{why}. It could not be moved aside ({os_reason(e)}), so it is left at "
                f"{self.path} and no game is added to it."])
        return History(notices=[f"{why}. It was moved to {moved} (nothing was deleted); the "
                                f"list starts again (the statistics are kept apart and lose "
                                f"nothing)."])

    def _left(self, why: str) -> History:
        return History(read_only=True, notices=[
            f"The list of finished games {self.path} was not read: {why}. It is left as it is "
            f"and no game is added to it."])

    def add(self, game: Game, meta: SaveMeta) -> list[str]:
        """Keep ``game``, won or given up (a game never started is not kept, nor one kept
        already: same ``meta.game_id``); notices."""
        result = result_of(game)
        if result is None or len(game.history) > MAX_REPLAYED:
            return []
        record = GameRecord.of(game, meta, result)
        try:
            with locked(self.path):
                kept = self.load()
                if kept.read_only:
                    return kept.notices
                if any(g.game_id == meta.game_id for g in kept.games):
                    return kept.notices
                kept.games.append(record)
                del kept.games[:-KEPT_GAMES]
                return kept.notices + self._write(kept)
        except NotOurs as e:
            return [f"The finished game was not kept: {e.filename} "
                    f"{os_reason(e).removeprefix('it ')}. It is left as it is."]

    def _write(self, kept: History) -> list[str]:
        try:
            data = dump(KIND, VERSION, kept.body())
            while len(data) > MAX_BYTES and len(kept.games) > 1:
                del kept.games[: max(1, len(kept.games) // 10)]
                data = dump(KIND, VERSION, kept.body())
        except (ValueError, TypeError) as e:
            return [f"The finished game was not kept in {self.path}: {e}."]
        try:
            atomic_write(self.path, data)
        except OSError as e:
            return [f"The finished game could not be kept in {self.path} ({os_reason(e)})."]
        return []
