"""``Game``: a table with its rules, history, undo/redo, status and score (SPEC section 5)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterable

from . import deal as _deal
from . import position as _position
from .cards import RANK, RANK_NAMES, glyph
from .catalog import Catalog, ScoringScheme, default_catalog
from .errors import IllegalMove, NotationError, RuleFailure, SpiderError
from .moves import DEAL_MOVE, Move
from .rules import RuleSet, _article
from .state import FOUNDATION, State, record_flips, record_removals
from .text import quoted

PLAYING, WON, STUCK = "playing", "won", "stuck"


@dataclass(frozen=True)
class Step:
    """What one action did: the move, the cards it turned face up, the runs it removed."""

    move: Move
    record: tuple = field(repr=False, compare=False)
    flips: int = 0
    #: ``(column, suit)`` of each removed run, in order of removal.
    removed: tuple[tuple[int, int], ...] = ()


def random_deal() -> int:
    return random.SystemRandom().randrange(1, 1_000_000_000)


class Game:
    """One game of any registered variant.

    Every action (move, deal, undo, redo) counts in ``actions``; ``history`` is the current line
    of play, ``redo_stack`` the moves undone since the last new move. ``elapsed`` (seconds) is
    kept by whoever runs the clock; the engine never reads one.
    """

    def __init__(self, rules: RuleSet, state: State, *, deal: int | None = None,
                 scoring: ScoringScheme | None = None) -> None:
        self.rules = rules
        self.state = state
        self.deal = deal
        self.scoring = scoring
        self.history: list[Step] = []
        self.redo_stack: list[Move] = []
        self.actions = 0
        self.undos = 0
        self.redos = 0
        #: Face-down cards turned over in the current line of play.
        self.flips = 0
        self.elapsed = 0.0
        #: The table as it was when this game began (for saves and replays).
        self.start = state.copy()
        #: A plugin's own rule code runs in this game's moves (a RuleSet subclass): an action
        #: then keeps a copy of the table to put back if that code raises.
        self._plugin_rules = type(rules) is not RuleSet
        self._version = 0
        self._status: tuple[int, str] | None = None
        self._legal: tuple[int, list[Move]] | None = None
        #: The legal moves before each step of ``history`` (when known): undo restores the
        #: position, so it restores them too and a search's play/undo need not generate again.
        self._legal_before: list[list[Move] | None] = []

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, variant: str | RuleSet, deal: int | None = None,
            house_rules: Iterable[str] = (), *, scoring: str | ScoringScheme | None = None,
            catalog: Catalog | None = None) -> "Game":
        """A fresh deal of ``variant`` (an id or a rule set); a random deal when ``deal`` is None."""
        cat = catalog if catalog is not None else default_catalog()
        rules = cat.rules(variant, house_rules)
        if deal is None:
            deal = random_deal()
        try:
            cols, down, stock = _deal.layout(rules, deal)
        except ValueError as e:
            raise SpiderError(str(e)) from None
        return cls(rules, State(rules, cols, down, stock), deal=deal,
                   scoring=_scheme(cat, rules, scoring))

    @classmethod
    def from_position(cls, text: str, *, scoring: str | ScoringScheme | None = None,
                      catalog: Catalog | None = None) -> "Game":
        cat = catalog if catalog is not None else default_catalog()
        parsed = _position.read(text, cat)
        return cls(parsed.rules, parsed.state, deal=parsed.deal,
                   scoring=_scheme(cat, parsed.rules, scoring))

    def to_position(self) -> str:
        return _position.write(self.rules, self.state, self.deal)

    def __repr__(self) -> str:
        return f"<Game {self.rules.id} deal={self.deal} actions={self.actions} {self.status}>"

    # ------------------------------------------------------------------ queries

    @property
    def variant(self) -> str:
        return self.rules.id

    @property
    def house_rules(self) -> tuple[str, ...]:
        return self.rules.house_rules

    @property
    def runs_removed(self) -> int:
        return len(self.state.done)

    @property
    def deals_left(self) -> int:
        return self.rules.deals_in(self.state.stock_left)

    @property
    def started(self) -> bool:
        """Has the player moved or dealt yet (the clock starts then)?"""
        return self.actions > 0

    def can_undo(self) -> bool:
        return bool(self.history)

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def deal_refusal(self) -> str | None:
        """Why dealing is not allowed now, or ``None``."""
        try:
            return self.state.deal_refusal()
        except RuleFailure as e:  # the plugin's deal rule is broken: no deal, and why
            return str(e)

    def legal_moves(self) -> list[Move]:
        """Every legal action in canonical order (by source, then target; a deal last)."""
        legal = self._legal
        if legal is not None and legal[0] == self._version:
            return list(legal[1])
        st = self.state
        try:
            raw = st.moves()
        except RuleFailure:  # manual removal asks the plugin what a complete run is;
            raw = []  # playing such a move says what went wrong
        raw.sort(key=_canonical_order)
        cols = st.cols
        if st.comp.descending:
            # A descending run holds each rank once, so one count at most fits a given card:
            # the count is written only into empty columns.
            out = []
            append = out.append
            pairs = _MOVE_PAIRS
            for t in raw:
                pair = pairs.get(t)
                if pair is None:
                    s, k, d = t
                    pair = pairs[t] = (_move(s, d, k, False), _move(s, d, k, d >= 0))
                d = t[2]
                append(pair[1] if d >= 0 and not cols[d] else pair[0])
        else:
            per_target: dict[tuple[int, int], int] = {}
            for s, _, d in raw:
                per_target[(s, d)] = per_target.get((s, d), 0) + 1
            out = [_move(s, d, k, d >= 0 and (not cols[d] or per_target[(s, d)] > 1))
                   for s, k, d in raw]
        if self.deal_refusal() is None:
            out.append(DEAL_MOVE)
        self._legal = (self._version, out)
        return list(out)

    @property
    def status(self) -> str:
        if self._status is not None and self._status[0] == self._version:
            return self._status[1]
        if self.state.won():
            st = WON
        elif self.deal_refusal() is None:
            st = PLAYING
        else:
            try:
                st = PLAYING if self.state.moves() else STUCK
            except RuleFailure:  # not known to be over: the next move will say why it fails
                st = PLAYING
        self._status = (self._version, st)
        return st

    @property
    def score(self) -> int:
        return self.scoring.score(self) if self.scoring is not None else 0

    # ------------------------------------------------------------------ checking moves

    def resolve(self, move: str | Move) -> Move:
        """The legal move ``move`` stands for, its count filled in; :class:`IllegalMove` if none."""
        m = Move.parse(move) if isinstance(move, str) else move
        if not isinstance(m, Move):
            raise NotationError(f"{quoted(move)} is not a move")
        st = self.state
        if m.is_deal:
            reason = st.deal_refusal()
            if reason:
                raise IllegalMove(reason, m)
            return DEAL_MOVE
        ncols = len(st.cols)
        for col in (m.src, m.dst if m.dst != FOUNDATION else 0):
            if col is None or not 0 <= col < ncols:
                shown = "?" if col is None else col + 1
                raise NotationError(f"there is no column {shown} (this game has {ncols})", m)
        if m.count is not None and m.count < 1:
            raise NotationError("move at least one card", m)
        s = m.src
        a = st.cols[s]
        if not a:
            raise IllegalMove(f"column {s + 1} is empty", m)
        la = len(a)
        face_up = la - st.down[s]
        lift = st.liftable(s)
        comp = st.comp
        rules = self.rules
        if m.dst == FOUNDATION:
            if rules.auto_remove:
                raise IllegalMove("complete runs leave the table by themselves in this game", m)
            if m.count not in (None, 13):
                raise IllegalMove("a run sent to the foundation is 13 cards, King to Ace", m)
            if face_up < 13 or lift < 13 or not rules.is_complete(a[-13:]):
                raise IllegalMove(f"column {s + 1} does not end with a complete King-to-Ace run", m)
            return Move(s, FOUNDATION, 13)
        d = m.dst
        if d == s:
            raise IllegalMove("a run cannot move onto its own column", m)
        b = st.cols[d]
        if m.count is not None:
            k = m.count
            if k > la:
                raise IllegalMove(f"column {s + 1} has only {la} cards", m)
            if k > face_up:
                raise IllegalMove(f"column {s + 1} has only {face_up} face-up "
                                  f"card{'s' if face_up != 1 else ''}", m)
            if k > lift:
                j = la - lift
                raise IllegalMove(rules.why_not_linked(a[j - 1], a[j]), m)
            head = a[la - k]
            if not b:
                if not comp.empty_ok[head]:
                    raise IllegalMove(rules.why_not_in_empty(head), m)
            elif not comp.accept[head][b[-1]]:
                raise IllegalMove(rules.why_not_accepted(head, b[-1]), m)
            return Move(s, d, k, explicit=not b)
        if not b:
            for k in range(lift, 0, -1):
                if comp.empty_ok[a[la - k]]:
                    return Move(s, d, k, explicit=True)
            raise IllegalMove(rules.why_not_in_empty(a[la - lift]), m)
        t = b[-1]
        fits = [k for k in range(1, lift + 1) if comp.accept[a[la - k]][t]]
        if len(fits) == 1:
            return Move(s, d, fits[0])
        if fits:
            options = " or ".join(f"{s + 1}:{k}>{d + 1}" for k in fits)
            raise IllegalMove(f"more than one run of column {s + 1} fits onto {glyph(t)}: "
                              f"say how many cards ({options})", m)
        raise IllegalMove(self._why_nothing_fits(s, t), m)

    def _why_nothing_fits(self, s: int, target: int) -> str:
        rules = self.rules
        st = self.state
        a = st.cols[s]
        la = len(a)
        lift = st.liftable(s)
        if RANK[target] == 1:
            return "nothing goes onto an Ace"
        comp = st.comp
        # A card further up would fit, but the run down to it cannot be lifted.
        for j in range(la - lift - 1, st.down[s] - 1, -1):
            if comp.accept[a[j]][target]:
                br = la - lift
                return rules.why_not_linked(a[br - 1], a[br])
        need = RANK[target] - 1
        for j in range(la - lift, la):
            if RANK[a[j]] == need:
                return rules.why_not_accepted(a[j], target)
        if lift == 1:
            return rules.why_not_accepted(a[-1], target)
        return (f"nothing that can be lifted from column {s + 1} goes onto {glyph(target)} "
                f"(it takes {_article(need)} {RANK_NAMES[need]})")

    def is_legal(self, move: str | Move) -> bool:
        try:
            self.resolve(move)
        except IllegalMove:
            return False
        return True

    # ------------------------------------------------------------------ actions

    def _do(self, m: Move) -> Step:
        if self._plugin_rules:
            before = self.state.copy()
            try:
                rec = self.state.apply(m.as_tuple())
            except RuleFailure:
                for slot in State.__slots__:  # in place: the UI holds on to the state
                    setattr(self.state, slot, getattr(before, slot))
                raise
        else:
            rec = self.state.apply(m.as_tuple())
        legal = self._legal
        self._legal_before.append(legal[1] if legal is not None and legal[0] == self._version
                                  else None)
        step = Step(m, rec, record_flips(rec), tuple(record_removals(rec)))
        self.history.append(step)
        self.flips += step.flips
        self.actions += 1
        self._version += 1
        return step

    def play(self, move: str | Move) -> Step:
        """Play a move (notation or :class:`Move`) or deal; :class:`IllegalMove` says why not."""
        legal = self._legal
        m = None
        if legal is not None and legal[0] == self._version:
            # A move taken from legal_moves() needs no checking again (searches play many).
            for listed in legal[1]:
                if listed is move:
                    m = listed
                    break
        if m is None:
            m = self.resolve(move)
        step = self._do(m)
        self.redo_stack.clear()
        return step

    def undo(self) -> Step:
        if not self.history:
            raise IllegalMove("there is nothing to undo")
        step = self.history.pop()
        self.state.undo(step.record)
        self.flips -= step.flips
        self.redo_stack.append(step.move)
        self.actions += 1
        self.undos += 1
        self._version += 1
        before = self._legal_before.pop()
        if before is not None:
            self._legal = (self._version, before)
        return step

    def redo(self) -> Step:
        if not self.redo_stack:
            raise IllegalMove("there is nothing to redo")
        m = self.resolve(self.redo_stack[-1])
        self.redo_stack.pop()
        step = self._do(m)
        self.redos += 1
        return step

    def moves_played(self) -> list[str]:
        """The current line of play in notation (what replays this game from its deal)."""
        return [str(s.move) for s in self.history]

    # ------------------------------------------------------------------ whole-game record

    RECORD_FORMAT = "spider-game/1"

    def to_record(self) -> dict:
        """Everything needed to restore this game exactly, undo and redo included, as plain
        data (strings, numbers, lists) ready for TOML or JSON."""
        return {
            "format": self.RECORD_FORMAT,
            "start": _position.write(self.rules, self.start, self.deal),
            "moves": self.moves_played(),
            "redo": [str(m) for m in reversed(self.redo_stack)],
            "actions": self.actions,
            "undos": self.undos,
            "redos": self.redos,
            "elapsed": float(self.elapsed),
            "scoring": self.scoring.id if self.scoring is not None else "",
        }

    @classmethod
    def from_record(cls, record: dict, *, catalog: Catalog | None = None) -> "Game":
        """Rebuild a game from :meth:`to_record`; :class:`SpiderError` says what is wrong."""
        if not isinstance(record, dict) or record.get("format") != cls.RECORD_FORMAT:
            raise SpiderError(f"not a {cls.RECORD_FORMAT} record")
        try:
            start = record["start"]
            moves = list(record.get("moves", []))
            redo = list(record.get("redo", []))
            counters = [int(record.get(k, 0)) for k in ("actions", "undos", "redos")]
            elapsed = float(record.get("elapsed", 0.0))
            scoring = record.get("scoring") or None
        except (KeyError, TypeError, ValueError) as e:
            raise SpiderError(f"the game record is damaged ({e})") from None
        game = cls.from_position(start, catalog=catalog, scoring=scoring)
        for i, text in enumerate(moves):
            try:
                game.play(text)
            except IllegalMove as e:
                raise SpiderError(f"the game record's move {i + 1} ({text}) is illegal: {e}"
                                  ) from None
        probe = game.copy()
        resolved = []
        for text in redo:
            try:
                resolved.append(probe.play(text).move)
            except IllegalMove as e:
                raise SpiderError(f"the game record's redo move {text} is illegal: {e}") from None
        game.redo_stack = resolved[::-1]
        game.actions, game.undos, game.redos = counters
        game.elapsed = elapsed
        return game

    def copy(self) -> "Game":
        """An independent game at the same position, same counters, no history."""
        g = Game(self.rules, self.state.copy(), deal=self.deal, scoring=self.scoring)
        g.actions, g.undos, g.redos, g.flips, g.elapsed = (
            self.actions, self.undos, self.redos, self.flips, self.elapsed)
        return g


def _canonical_order(m: tuple[int, int, int]) -> tuple[int, int, int]:
    s, k, d = m
    return (s, d if d >= 0 else 99, k)


_MOVES: dict[tuple[int, int, int, bool], Move] = {}
#: ``(src, count, dst)`` -> its move written without and with the count (legal_moves' hot path).
_MOVE_PAIRS: dict[tuple[int, int, int], tuple[Move, Move]] = {}


def _move(src: int, dst: int, count: int, explicit: bool) -> Move:
    """The one shared :class:`Move` of these fields (moves are values; sharing them saves the
    cost of building a frozen dataclass for every move of every search node)."""
    key = (src, dst, count, explicit)
    m = _MOVES.get(key)
    if m is None:
        m = _MOVES[key] = Move(src, dst, count, explicit=explicit)
    return m


def _scheme(cat: Catalog, rules: RuleSet, scoring: str | ScoringScheme | None
            ) -> ScoringScheme | None:
    if scoring is None:
        return cat.scoring.get(rules.scoring)
    if isinstance(scoring, str):
        return cat.scheme(scoring)
    return scoring
