"""``Game``: a table with its rules, history, undo/redo, status and score (docs/spec.md
section 5)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import cast

from . import deal as _deal
from . import position as _position
from .answers import error_text, shown_value
from .cards import RANK, RANK_NAMES, glyph
from .catalog import Catalog, ScoringScheme, default_catalog
from .deadline import PluginTimeout, plugin_deadline
from .errors import IllegalMove, NotationError, RuleFailure, SpiderError
from .kinds import KINDS, PileFacts
from .moves import DEAL_MOVE, Move
from .piles import COLUMN, FOUNDATION_KIND, KIND_NAMES, RUNS, TableView, code_kind, describe_pile
from .rules import RuleSet, article
from .state import DEAL, State, record_flips, record_removals
from .text import quoted

PLAYING, WON, STUCK = "playing", "won", "stuck"
#: The largest score (either way) a scheme may give: a whole number JSON and the screen take.
MAX_SCORE = 10**15


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


class GameView:
    """A game as a plugin sees it (a play hook, a scoring scheme): a snapshot taken when the
    plugin is called, made of immutable values and of copies, so that nothing a plugin does with
    it can change the game, its history or its undo. Its attributes cannot be set.

    ``variant``, ``house_rules``, ``deal``, ``rules``, ``status``, ``actions``, ``undos``,
    ``redos``, ``flips``, ``runs_removed``, ``elapsed``, ``moves`` (moves in the current line of
    play), ``stock_left``, ``table`` (a :class:`~spider_tui.engine.piles.TableView`), and the
    methods :meth:`moves_played` and :meth:`to_position`."""

    __slots__ = ("variant", "house_rules", "deal", "rules", "status", "actions", "undos",
                 "redos", "flips", "runs_removed", "elapsed", "moves", "stock_left", "table",
                 "_history", "_state")

    # Set once, in __init__ (object.__setattr__); the slots' types:
    variant: str
    house_rules: tuple[str, ...]
    deal: int | None
    rules: RuleSet
    status: str
    actions: int
    undos: int
    redos: int
    flips: int
    runs_removed: int
    elapsed: float
    moves: int
    stock_left: int
    table: TableView
    _history: tuple[Move, ...]
    _state: State

    def __init__(self, game: Game, status: str | None = None) -> None:
        put = object.__setattr__
        state = game.state
        put(self, "variant", game.rules.id)
        put(self, "house_rules", game.rules.house_rules)
        put(self, "deal", game.deal)
        put(self, "rules", game.rules)
        put(self, "status", game.status if status is None else status)
        for name in ("actions", "undos", "redos", "flips", "elapsed"):
            put(self, name, getattr(game, name))
        put(self, "runs_removed", game.runs_removed)
        put(self, "moves", len(game.history))
        put(self, "stock_left", state.stock_left)
        put(self, "table", TableView(state))
        put(self, "_history", tuple(step.move for step in game.history))
        own = state.copy()  # the plugin's own copy: to_position() reads it
        own.stock = list(own.stock)
        put(self, "_state", own)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"the game a plugin is shown is read-only ({name})")

    __delattr__ = __setattr__  # type: ignore[assignment]

    def moves_played(self) -> list[str]:
        """The current line of play in notation."""
        return [str(m) for m in self._history]

    def to_position(self) -> str:
        """The position's text (a position file)."""
        return _position.write(self.rules, self._state, self.deal)

    def __repr__(self) -> str:
        return f"<GameView {self.variant} deal={self.deal} actions={self.actions} {self.status}>"


def plugin_step(step: Step) -> Step:
    """``step`` as a plugin's hook is given it: without the engine's undo record."""
    return dataclasses.replace(step, record=())


class Game:
    """One game of any registered variant.

    Every action (move, deal, undo, redo) counts in ``actions``; ``history`` is the current line
    of play, ``redo_stack`` the moves undone since the last new move. ``elapsed`` (seconds) is
    kept by whoever runs the clock; the engine never reads one.
    """

    def __init__(self, rules: RuleSet, state: State, *, deal: int | None = None,
                 scoring: ScoringScheme | None = None, catalog: Catalog | None = None) -> None:
        self.rules = rules
        self.state = state
        self.deal = deal
        self.scoring = scoring
        #: Where the rules and the scheme came from: a plugin's variant or scheme that
        #: misbehaves is switched off there, and a broken scheme gives way to one from there.
        self.catalog = catalog
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
        self._simple = state.comp.simple
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
            catalog: Catalog | None = None) -> Game:
        """A fresh deal of ``variant`` (an id or a rule set); a random deal when ``deal`` is
        None. Without ``catalog``, the ids are those spider-tui ships, or, once the program has
        loaded the player's plugins (``plugins.manager.get_manager()``), theirs too."""
        cat = catalog if catalog is not None else default_catalog()
        rules = cat.rules(variant, house_rules)
        if deal is None:
            deal = random_deal()
        try:
            t = _deal.table(rules, deal)
        except RuleFailure as e:
            cat.misbehaved("variant", rules, str(e))
            raise
        except ValueError as e:
            raise SpiderError(str(e)) from None
        try:
            state = State(rules, t.cols, t.down, t.stock, extra=t.extra, shown=t.shown)
        except RuleFailure as e:
            cat.misbehaved("variant", rules, str(e))
            raise
        return cls(rules, state, deal=deal, scoring=_scheme(cat, rules, scoring), catalog=cat)

    @classmethod
    def from_position(cls, text: str, *, scoring: str | ScoringScheme | None = None,
                      catalog: Catalog | None = None) -> Game:
        cat = catalog if catalog is not None else default_catalog()
        parsed = _position.read(text, cat)
        return cls(parsed.rules, parsed.state, deal=parsed.deal,
                   scoring=_scheme(cat, parsed.rules, scoring), catalog=cat)

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
        """Runs finished, for scores and statistics: those removed from the table, plus (on
        a table that has them) each card-by-card foundation built full, and in a game won by
        its columns each column that is one complete run."""
        st = self.state
        if self._simple:
            return len(st.done)
        n = len(st.done)
        rules = self.rules
        for i, kind in enumerate(st.comp.kinds):
            pile = st.piles[i]
            if kind == FOUNDATION_KIND and len(pile) >= 13:
                n += 1
            elif (kind == COLUMN and rules.win == "columns" and pile and not st.down[i]
                  and len(pile) in rules.run_lengths and rules.is_complete(pile)):
                n += 1
        return n

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
            self.rule_failed(e)
            return str(e)

    def rule_failed(self, error: RuleFailure) -> None:
        """This game's variant (a plugin's code) failed with ``error``, here or in a search of
        its moves: it is switched off for new games in the catalog it came from (this game
        goes on with it, each failing action refused)."""
        cat = self._catalog()
        if cat is not None:
            cat.misbehaved("variant", self.rules, str(error))

    def _catalog(self) -> Catalog | None:
        if self.catalog is not None:
            return self.catalog
        try:
            return default_catalog()
        except LookupError:
            return None

    def legal_moves(self) -> list[Move]:
        """Every legal action in canonical order (by source, then target; a deal last)."""
        legal = self._legal
        if legal is not None and legal[0] == self._version:
            return list(legal[1])
        st = self.state
        if self.status == WON:  # a won game is over: nothing more to play
            self._legal = (self._version, [])
            return []
        try:
            raw = st.moves()
        except RuleFailure as e:  # manual removal asks the plugin what a complete run is;
            self.rule_failed(e)
            raw = []  # playing such a move says what went wrong
        raw.sort(key=_canonical_order)
        cols = st.cols
        if not st.comp.simple:
            out = self._general_moves(raw)
        elif st.comp.descending:
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

    def _general_moves(self, raw: list[tuple[int, int, int]]) -> list[Move]:
        """Moves of a general table (dense pile indexes) as :class:`Move` objects named by
        pile codes; the count is written where the target does not imply it: into an empty
        column, or where more than one count fits."""
        st = self.state
        kinds = st.comp.kinds
        per_target: dict[tuple[int, int], int] = {}
        for s, _, d in raw:
            per_target[(s, d)] = per_target.get((s, d), 0) + 1
        return [Move.unpack(self.rules, t, t[2] != RUNS and kinds[t[2]] == COLUMN and (
            not st.piles[t[2]] or per_target[(t[0], t[2])] > 1)) for t in raw]

    def move_of(self, t: tuple[int, int, int]) -> Move:
        """The legal :class:`Move` that the engine's move tuple ``t`` (pile indexes) stands for,
        written as :meth:`legal_moves` writes it."""
        if t == DEAL:
            return DEAL_MOVE
        for m in self.legal_moves():
            if m.src is not None and m.pack(self.rules) == t:
                return m
        return self.resolve(Move.unpack(self.rules, t, explicit=True))

    def distinct_moves(self) -> list[Move]:
        """The legal actions that each change the table in its own way: :meth:`legal_moves`
        without moving a whole column (nothing face down under it) into an empty one, which
        only swaps two columns, and with a move into an empty column kept for the first empty
        column alone (the others would leave the same table with columns swapped). What the
        hint suggests and the one-tap ranking offers come from here."""
        st = self.state
        cols = st.cols
        first_empty = next((i for i, c in enumerate(cols) if not c), -1)
        out = []
        ncols = len(cols)
        for m in self.legal_moves():
            d = m.dst
            if d is not None and 0 <= d < ncols and not cols[d]:
                s = m.src
                assert s is not None  # only the deal has no piles, and it has no dst either
                if d != first_empty or (0 <= s < ncols and m.count == len(cols[s])
                                        and not st.down[s]):
                    continue
            out.append(m)
        return out

    @property
    def status(self) -> str:
        if self._status is not None and self._status[0] == self._version:
            return self._status[1]
        try:
            won = self.state.won()
        except RuleFailure as e:  # not known to be won: play goes on, the plugin is reported
            self.rule_failed(e)
            won = False
        if won:
            st = WON
        elif self.deal_refusal() is None:
            st = PLAYING
        else:
            try:
                st = PLAYING if self.state.moves() else STUCK
            except RuleFailure as e:  # not known to be over: the next move says why it fails
                self.rule_failed(e)
                st = PLAYING
        self._status = (self._version, st)
        return st

    @property
    def score(self) -> int:
        """The scheme's score. A scheme (a plugin's) that raises or gives something other than
        a whole number is switched off: the game is scored with its variant's own scheme, or
        ``classic``, from then on."""
        failed: list[ScoringScheme] = []
        while self.scoring is not None:
            scheme = self.scoring
            view = GameView(self)
            try:
                with plugin_deadline():
                    value = scheme.score(view)
            except GeneratorExit:
                raise
            except PluginTimeout as e:
                problem = str(e)
            except BaseException as e:  # noqa: BLE001 - sys.exit() in a plugin's score() too
                problem = f"raised {error_text(e)}"
            else:
                if type(value) is int and -MAX_SCORE <= value <= MAX_SCORE:
                    return value
                problem = (f"returned {shown_value(value)}, not a whole number"
                           + (f" from -{MAX_SCORE} to {MAX_SCORE}" if type(value) is int else ""))
            failed.append(scheme)
            self._scoring_failed(scheme, f"score() {problem}", failed)
        return 0

    def _scoring_failed(self, scheme: ScoringScheme, reason: str,
                        failed: list[ScoringScheme]) -> None:
        """Score with the variant's own scheme, or classic, from now on (none that ``failed``)."""
        cat = self._catalog()
        instead = None
        if cat is not None:
            for sid in (self.rules.scoring, "classic"):
                candidate = cat.scoring.get(sid)
                if candidate is not None and all(candidate is not f for f in failed):
                    instead = candidate
                    break
        self.scoring = instead
        if cat is not None:
            name = getattr(instead, "name", None)
            cat.misbehaved("scoring scheme", scheme, reason + (
                f"; scored with {name if isinstance(name, str) else instead.id} instead"
                if instead is not None else "; this game has no score now"))

    # ------------------------------------------------------------------ checking moves

    def resolve(self, move: str | Move) -> Move:
        """The legal move ``move`` stands for, its count filled in; :class:`IllegalMove` if none."""
        m = Move.parse(move) if isinstance(move, str) else move
        if not isinstance(m, Move):
            raise NotationError(f"{quoted(move)} is not a move")
        st = self.state
        if self.status == WON:
            raise IllegalMove("the game is won", m)
        if m.is_deal:
            reason = st.deal_refusal()
            if reason:
                raise IllegalMove(reason, m)
            return DEAL_MOVE
        # Only the deal has no piles (a move without a dst fails on comparing it, below).
        assert m.src is not None
        if not st.comp.simple or not (0 <= m.src < 1000 and (m.dst == RUNS
                                                            or 0 <= cast(int, m.dst) < 1000)):
            return self._resolve_general(m)
        assert m.dst is not None  # compared with numbers just above
        ncols = len(st.cols)
        for col in (m.src, m.dst if m.dst != RUNS else 0):
            if col is None or not 0 <= col < ncols:
                shown = "?" if col is None else col + 1
                raise NotationError(f"there is no column {shown} (this game has {ncols})", m)
        if m.count is not None and m.count < 1:
            raise NotationError("move at least one card", m)
        s = m.src
        a = st.cols[s]
        if not a:
            raise IllegalMove(self._lift_refusal(s, None) or "", m)
        la = len(a)
        face_up = la - st.down[s]
        lift = st.liftable(s)
        comp = st.comp
        rules = self.rules
        if m.dst == RUNS:
            if rules.auto_remove:
                raise IllegalMove("complete runs leave the table by themselves in this game", m)
            if m.count not in (None, 13):
                raise IllegalMove("a run sent to the foundation is 13 cards, King to Ace", m)
            if face_up < 13 or lift < 13 or not rules.is_complete(a[-13:]):
                raise IllegalMove(f"column {s + 1} does not end with a complete King-to-Ace run", m)
            return Move(s, RUNS, 13)
        d = m.dst
        if d == s:
            raise IllegalMove("a run cannot move onto its own column", m)
        b = st.cols[d]
        if m.count is not None:
            k = m.count
            if k > lift:
                raise IllegalMove(self._lift_refusal(s, k) or "", m)
            head = a[la - k]
            if not b:
                if not comp.empty_ok[head]:
                    raise IllegalMove(rules.why_not_in_empty(head), m)
            elif not comp.accept[head][b[-1]]:
                raise IllegalMove(rules.why_not_accepted(head, b[-1]), m)
            # The count is written where the target does not imply it, as legal_moves writes
            # it: into an empty column, or where more than one count fits the card there.
            explicit = not b or sum(1 for j in range(1, lift + 1)
                                    if comp.accept[a[la - j]][b[-1]]) > 1
            return _move(s, d, k, explicit)
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

    def _resolve_general(self, m: Move) -> Move:
        """:meth:`resolve` for a move from or to any kind of pile (or on a general table)."""
        st = self.state
        rules = self.rules
        index = rules._index_of
        # resolve() gave the deal its answer; any other move names both piles (a move without
        # a dst could only end with a TypeError from code_kind/_no_such_pile).
        assert m.src is not None and m.dst is not None
        if m.anywhere and code_kind(m.dst) == COLUMN and m.dst != RUNS:
            raise NotationError("say which column", m)  # pragma: no cover - notation has none
        s = index.get(m.src)
        if s is None:
            raise NotationError(self._no_such_pile(m.src), m)
        if m.dst == RUNS:
            # "f": a complete run to the foundation runs leave for, else the first
            # card-by-card foundation that takes the card.
            dsts = [RUNS] if rules.runs_leave and not rules.auto_remove else []
            if m.anywhere and rules.foundations:
                dsts += [i for i, k in enumerate(st.comp.kinds) if k == FOUNDATION_KIND]
            if not dsts:
                dsts = [RUNS]
        elif m.anywhere:
            kind = code_kind(m.dst)
            dsts = [i for i, k in enumerate(st.comp.kinds) if k == kind]
            if not dsts:
                raise NotationError(self._no_such_pile(m.dst), m)
        else:
            d = index.get(m.dst)
            if d is None:
                raise NotationError(self._no_such_pile(m.dst), m)
            dsts = [d]
        where = describe_pile(m.src)
        lift = st.liftable(s)
        why = self._lift_refusal(s, m.count) if m.count is not None or not lift else None
        if why is not None:
            raise IllegalMove(why, m)
        if m.count is not None:
            counts = [m.count]
        else:
            counts = list(range(lift, 0, -1))
        first_reason = None
        for d in dsts:
            if d == s:
                if len(dsts) == 1:
                    raise IllegalMove("cards cannot move onto their own pile", m)
                continue
            fits = []
            for k in counts:
                reason = st.refusal(s, k, d)
                if reason is None:
                    fits.append(k)
                elif first_reason is None or k == counts[-1]:
                    first_reason = reason if first_reason is None or d == dsts[0] else first_reason
            if not fits:
                continue
            code = rules.pile_codes[d] if d != RUNS else RUNS
            target_kind = st.comp.kinds[d] if d != RUNS else -1
            empty_column = target_kind == COLUMN and not st.piles[d]
            if len(fits) > 1 and not empty_column:
                options = " or ".join(f"{Move(m.src, code, k, explicit=True)}" for k in fits)
                raise IllegalMove(f"more than one run of {where} fits there: say how many "
                                  f"cards ({options})", m)
            k = fits[0]
            explicit = target_kind == COLUMN and (empty_column or m.count is not None)
            return _move(m.src, code, k, explicit)
        raise IllegalMove(first_reason or f"nothing from {where} can go there", m)

    def _lift_refusal(self, i: int, count: int | None) -> str | None:
        """Why ``count`` cards (``None``: any) cannot be lifted from pile ``i`` (its place in
        the row): the pile kind's answer (:meth:`PileKind.count_problem
        <spider_tui.engine.kinds.base.PileKind.count_problem>`)."""
        st = self.state
        return KINDS[st.comp.kinds[i]].count_problem(self.rules, PileFacts.of(st, i), count)

    def _no_such_pile(self, code: int) -> str:
        rules = self.rules
        kind = code_kind(code)
        if kind == COLUMN:
            return f"there is no column {code + 1} (this game has {rules.columns})"
        have = sum(1 for k in rules.pile_kinds if k == kind)
        name = KIND_NAMES[kind]
        if not have:
            return f"this game has no {name}{'s' if name != 'waste' else ''}"
        return f"there is no {describe_pile(code)} (this game has {have})"

    def _why_nothing_fits(self, s: int, target: int) -> str:
        rules = self.rules
        st = self.state
        a = st.cols[s]
        la = len(a)
        lift = st.liftable(s)
        comp = st.comp
        if not any(row[target] for row in comp.accept):
            return rules.why_not_accepted(a[-1], target)  # "nothing goes onto an Ace"
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
                f"(it takes {article(need)} {RANK_NAMES[need]})")

    def is_legal(self, move: str | Move) -> bool:
        try:
            self.resolve(move)
        except IllegalMove:
            return False
        return True

    # ------------------------------------------------------------------ actions

    def _do(self, m: Move) -> Step:
        move = m.pack(self.rules)
        if self._plugin_rules:
            before = self.state.copy()
            try:
                rec = self.state.apply(move)
            except RuleFailure:
                for slot in State.__slots__:  # in place: the UI holds on to the state
                    setattr(self.state, slot, getattr(before, slot))
                raise
        else:
            rec = self.state.apply(move)
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
        try:
            if m is None:
                m = self.resolve(move)
            step = self._do(m)
        except RuleFailure as e:
            self.rule_failed(e)
            raise
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
        try:
            m = self.resolve(self.redo_stack[-1])
            self.redo_stack.pop()
            step = self._do(m)
        except RuleFailure as e:
            self.rule_failed(e)
            raise
        self.redos += 1
        return step

    def undo_all(self, *, as_one: bool = False) -> list[Step]:
        """Undo every step back to the start; the moves wait to be redone. Returns the steps
        undone, the last played first. Each counts as an action and an undo, or all of them
        together as one (``as_one``: the player restarted the deal)."""
        if not self.history:
            raise IllegalMove("there is nothing to undo")
        steps = [self.undo() for _ in range(len(self.history))]
        if as_one:
            self._count_as_one(len(steps), "undos")
        return steps

    def redo_all(self, *, as_one: bool = False, count: int | None = None) -> list[Step]:
        """Redo every move undone (see :meth:`undo_all`), or only the last ``count`` undone
        (taking a restart back redoes the moves the restart undid, and leaves the moves undone
        before it to be redone); the steps, in play order. A redo the rules refuse (a plugin's)
        ends it there, keeping those done before."""
        if not self.redo_stack:
            raise IllegalMove("there is nothing to redo")
        left = len(self.redo_stack) if count is None else min(count, len(self.redo_stack))
        steps: list[Step] = []
        try:
            while len(steps) < left:
                steps.append(self.redo())
        finally:
            if as_one:
                self._count_as_one(len(steps), "redos")
        return steps

    def _count_as_one(self, n: int, counter: str) -> None:
        if n > 1:
            self.actions -= n - 1
            setattr(self, counter, getattr(self, counter) - (n - 1))

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
    def from_record(cls, record: dict, *, catalog: Catalog | None = None) -> Game:
        """Rebuild a game from :meth:`to_record`; :class:`SpiderError` says what is wrong
        (counters and the clock must be whole numbers and seconds in range: see
        :mod:`~spider_tui.engine.tally`)."""
        from . import tally as _tally

        problem = _tally.record_problem(record, cls.RECORD_FORMAT)
        if problem is not None:
            raise SpiderError(f"the game record is damaged: {problem}")
        start = record["start"]
        moves = record.get("moves", [])
        redo = record.get("redo", [])
        counters = [record.get(k, 0) for k in _tally.RECORD_COUNTS]
        elapsed = float(record.get("elapsed", 0.0))
        scoring = record.get("scoring") or None
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

    def copy(self) -> Game:
        """An independent game at the same position, same counters, no history."""
        g = Game(self.rules, self.state.copy(), deal=self.deal, scoring=self.scoring,
                 catalog=self.catalog)
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
    if scoring is None:  # the variant's own, or classic when that one is gone
        return cat.scoring.get(rules.scoring) or cat.scoring.get("classic")
    if isinstance(scoring, str):
        return cat.scheme(scoring)
    return scoring
